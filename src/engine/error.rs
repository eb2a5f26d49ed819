//! Errors of the engine's operations: one enum per operation, each message one a player can act on.

use super::geom::{Axis, Corner, Pos, Side};
use super::tiles::{EdgeKind, TileId};
use super::types::{Figure, SheepToken, Spot};
use thiserror::Error;

/// Why a setup cannot start a game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SetupError {
    /// Fewer than 2 or more than 6 players.
    #[error("a game needs 2 to 6 players, not {0}")]
    PlayerCount(usize),
    /// Two players share a name.
    #[error("two players are both called {0:?}")]
    DuplicateName(String),
    /// An empty player name.
    #[error("player names cannot be empty")]
    EmptyName,
    /// A set this engine does not play yet.
    #[error("the {0} set is not playable yet")]
    UnsupportedSet(String),
    /// A rule option this engine does not play yet.
    #[error("the rule option {0} is not playable yet")]
    UnsupportedRule(String),
    /// A live deck holds tiles that are not in the chosen sets.
    #[error("the deck holds more {0} tiles than the chosen sets have")]
    DeckMismatch(TileId),
    /// A live deck draws a tile out of the sets' order (the River first).
    #[error("the deck draws {0} out of order (the river tiles come first)")]
    DeckOrder(TileId),
    /// More tiles are named as under hills than the game put there (Hills & Sheep).
    #[error("{given} tiles are named as under hills, but the game put {game} there")]
    BuriedMismatch {
        /// Tiles the game put under hills.
        game: u32,
        /// Tiles named.
        given: usize,
    },
}

/// Why a tile cannot be placed (or discarded) as asked.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlaceError {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// The tile is not the one drawn.
    #[error("the drawn tile is {drawn}, not {asked}")]
    NotDrawn {
        /// The tile that was drawn.
        drawn: TileId,
        /// The tile the turn names.
        asked: TileId,
    },
    /// No copy of that tile is left.
    #[error("no {0} tile is left to draw")]
    NoneLeft(TileId),
    /// The position already holds a tile.
    #[error("{0} already has a tile")]
    Occupied(Pos),
    /// The position touches no placed tile.
    #[error("{0} does not touch any placed tile edge to edge")]
    NotAdjacent(Pos),
    /// An edge does not match its neighbour.
    #[error("the {} edge ({}) meets a {} at {}", .side.name(), .ours.name(), .theirs.name(), .neighbour)]
    EdgeMismatch {
        /// The side of the new tile (board orientation).
        side: Side,
        /// What the new tile shows there.
        ours: EdgeKind,
        /// What the neighbour shows.
        theirs: EdgeKind,
        /// Where the neighbour lies.
        neighbour: Pos,
    },
    /// Rotation not 0, 90, 180 or 270.
    #[error("rotation must be 0, 90, 180 or 270, not {0}")]
    BadRotation(i64),
    /// River tiles are drawn before every other tile (the lake last of them).
    #[error("the river comes first: {0} cannot be placed while river tiles remain")]
    RiverFirst(TileId),
    /// The lake ends the river, after the other river tiles.
    #[error("the lake ends the river; the other river tiles come before it")]
    LakeTooEarly,
    /// A river tile must continue the river's open end.
    #[error("a river tile must continue the river at {0}")]
    RiverDisconnected(Pos),
    /// Two consecutive river curves turning the same way.
    #[error("the river cannot turn the same way twice in a row (it would make a U-turn)")]
    RiverUTurn,
    /// A river tile where some order of the river tiles still to come would leave one of them
    /// nowhere to go (rule revision 1).
    #[error("the river would run into itself: some river tile still to come could find no place")]
    RiverTrapped,
    /// A discard of a tile that fits somewhere.
    #[error("{tile} fits at {at}, so it cannot be discarded")]
    CannotDiscard {
        /// The tile.
        tile: TileId,
        /// A place where it fits.
        at: Pos,
    },
    /// The tile fits nowhere on the board (it is discarded when drawn).
    #[error("{0} fits nowhere on the board, so it is discarded")]
    FitsNowhere(TileId),
    /// A garden copy in a game without the Abbot.
    #[error("garden copies of tiles are only used with the Abbot")]
    GardenNotInGame,
    /// No garden copy of that tile is left.
    #[error("no garden copy of {0} is left to draw")]
    NoGardenLeft(TileId),
    /// Only garden copies of that tile are left.
    #[error("the {0} tiles left are all garden copies")]
    OnlyGardensLeft(TileId),
}

/// Why an action cannot be applied now.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ActionError {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// The action answers another decision than the pending one.
    #[error("the game waits for {expected}, not {got}")]
    WrongDecision {
        /// The pending decision.
        expected: &'static str,
        /// What the action would answer.
        got: &'static str,
    },
    /// A recall without an abbot on the board.
    #[error("you have no abbot on the board to call back")]
    NoAbbot,
    /// A recall of an abbot whose cloister or garden the tile just placed completed: it scores
    /// as completed at the end of the turn (rule revision 1).
    #[error("your abbot's cloister or garden at {0} is complete: it scores 9 at the end of this turn and cannot be called back")]
    AbbotCompleted(Pos),
    /// The tile cannot be drawn or placed so.
    #[error(transparent)]
    Place(#[from] PlaceError),
    /// The figure cannot go there.
    #[error(transparent)]
    Follower(#[from] FollowerError),
    /// The tower piece, tower guard or ransom is not possible (The Tower).
    #[error(transparent)]
    Tower(#[from] TowerError),
    /// The dragon, fairy, portal or princess move is not possible (The Princess & the Dragon).
    #[error(transparent)]
    Princess(#[from] PrincessError),
    /// The abbey or the wagon's move is not possible (Abbey & Mayor).
    #[error(transparent)]
    Mayor(#[from] MayorError),
    /// The shepherd's move or the token named is not possible (Hills & Sheep).
    #[error(transparent)]
    Hills(#[from] HillsError),
    /// The bridge cannot go there (Bridges, Castles & Bazaars).
    #[error(transparent)]
    Bridges(#[from] BridgesError),
}

/// Why a bridge is refused (Bridges, Castles & Bazaars).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BridgesError {
    /// The set is not in play.
    #[error("Bridges, Castles & Bazaars is not part of this game")]
    NotInGame,
    /// The player's bridges are all on the board.
    #[error("you have no bridge left")]
    NoneLeft,
    /// A bridge neither on the tile placed nor on a tile beside it.
    #[error("a bridge goes on the tile you place or on a tile beside it, not at {0}")]
    TooFar(Pos),
    /// A bridge on an empty square.
    #[error("there is no tile at {0} to lay a bridge on")]
    NoTile(Pos),
    /// A second bridge on one tile.
    #[error("the tile at {0} has a bridge already")]
    HasOne(Pos),
    /// A bridge whose two edges are not both fields.
    #[error("a bridge spans two field edges, and the {axis} edges of the tile at {at} are not both fields")]
    NotFields {
        /// The tile.
        at: Pos,
        /// The bridge's line.
        axis: Axis,
    },
    /// A bridge's end against a tile's edge that is no road.
    #[error("the bridge's {} end at {} meets the {} edge of the tile beside it, not a road", .side.name(), .at, .theirs.name())]
    EndMeets {
        /// The tile with the bridge.
        at: Pos,
        /// Which end.
        side: Side,
        /// What the neighbour shows there.
        theirs: EdgeKind,
    },
    /// A bazaar's tile that is not on offer.
    #[error("the bazaar offers tiles 0 to {}, not {}", .offered.saturating_sub(1), .tile)]
    NotOnOffer {
        /// The index asked.
        tile: u8,
        /// How many tiles the bazaar offers.
        offered: usize,
    },
    /// A bazaar's tile someone took already.
    #[error("tile {0} of the bazaar is taken already")]
    Taken(u8),
    /// A bid in a game whose bazaar has no auction.
    #[error("this game's bazaar has no auction: each player chooses a tile for free, with no bid")]
    NoAuction,
    /// A bid above the bidder's score (scores never go below 0).
    #[error("you cannot bid {bid}: you have {score} points")]
    TooPoor {
        /// The bid.
        bid: u32,
        /// The bidder's score.
        score: u32,
    },
    /// A raise no higher than the bid.
    #[error("a raise must be higher than {current}, not {bid}")]
    NotHigher {
        /// The raise.
        bid: u32,
        /// The bid to beat.
        current: u32,
    },
    /// Buying at a bid the chooser cannot pay.
    #[error("you cannot pay {bid} with your {score} points: sell the tile instead")]
    CannotPay {
        /// The highest bid.
        bid: u32,
        /// The chooser's score.
        score: u32,
    },
    /// A turn of the bazaar's round begun with another tile than the one taken there.
    #[error("this turn begins with the tile taken at the bazaar, {held}, not {asked}")]
    NotTaken {
        /// The tile taken at the bazaar.
        held: TileId,
        /// The tile named.
        asked: TileId,
    },
}

/// Why a move of Hills & Sheep is refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum HillsError {
    /// The shepherd off a field.
    #[error("the shepherd goes only on a field, not on {0}")]
    ShepherdPlace(Spot),
    /// A shepherd into a field that has one.
    #[error("the field of {0} already has a shepherd")]
    ShepherdThere(Spot),
    /// A token the bag does not hold now.
    #[error("the bag holds no {0} token now")]
    NotInBag(SheepToken),
    /// A number of sheep no token shows.
    #[error("a token shows 1 to 4 sheep or a wolf, not {0} sheep")]
    NoSuchToken(u8),
}

/// Why a move of Abbey & Mayor is refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MayorError {
    /// The set is not in play.
    #[error("Abbey & Mayor is not part of this game")]
    NotInGame,
    /// The abbey was placed already.
    #[error("you have placed your abbey already")]
    NoAbbey,
    /// An abbey onto a tile.
    #[error("{0} already has a tile: the abbey goes into a hole")]
    AbbeyOnTile(Pos),
    /// An abbey where not all four sides have tiles.
    #[error("the abbey goes only into a hole, an empty space with tiles on all four sides, and {0} is not one")]
    NotAHole(Pos),
    /// The mayor off a city.
    #[error("the mayor goes only on a city, not on {0}")]
    MayorPlace(Spot),
    /// The wagon on a field, a garden or a tower.
    #[error("the wagon goes only on a road, a city or a cloister, not on {0}")]
    WagonPlace(Spot),
    /// The barn not on a corner.
    #[error("the barn goes on a corner of the tile (corner:NW, corner:NE, corner:SE or corner:SW), not on {0}")]
    BarnPlace(Spot),
    /// A corner where four fields do not meet.
    #[error("the barn needs four tiles meeting at the {} corner, each with field there", .0.name())]
    NoBarnCorner(Corner),
    /// A barn into a field with a barn.
    #[error("the field at the {} corner already has a barn", .0.name())]
    BarnThere(Corner),
    /// A farmer into a field with a barn.
    #[error("no farmer may go into a field with a barn")]
    BarnField,
    /// A wagon move when no wagon waits.
    #[error("no wagon waits to move")]
    NoWagon,
    /// No tile at the wagon's target.
    #[error("there is no tile at {0}")]
    NoTile(Pos),
    /// No such place on the target tile.
    #[error("the tile at {on} has no {spot}")]
    NoSuchPlace {
        /// The tile.
        on: Pos,
        /// The place.
        spot: Spot,
    },
    /// A target too far from the wagon.
    #[error(
        "the wagon at {from} moves only to its own tile or one of the eight around it, not to {to}"
    )]
    WagonFar {
        /// The wagon's tile.
        from: Pos,
        /// The tile asked.
        to: Pos,
    },
    /// A target not linked to the feature that scored (the 1st-edition rule).
    #[error("the {} at {spot} of the tile at {on} is not linked to the feature the wagon leaves (1st-edition rule: a road's end at a city, cloister or crossing, a city's gate road, an abbey that closed it)", .spot.kind().name())]
    WagonUnlinked {
        /// The tile.
        on: Pos,
        /// The place.
        spot: Spot,
    },
    /// A finished target.
    #[error("the {} at {spot} of the tile at {on} is complete: the wagon moves only to an unfinished one", .spot.kind().name())]
    WagonComplete {
        /// The tile.
        on: Pos,
        /// The place.
        spot: Spot,
    },
    /// An occupied target.
    #[error("the {} at {spot} of the tile at {on} already has a figure", .spot.kind().name())]
    WagonOccupied {
        /// The tile.
        on: Pos,
        /// The place.
        spot: Spot,
    },
    /// A tile no figure may enter now (the dragon's).
    #[error("no figure may go to {0} now (the dragon is there)")]
    WagonBlocked(Pos),
}

/// Why a move of The Princess & the Dragon is refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PrincessError {
    /// The set is not in play.
    #[error("the Princess & the Dragon is not part of this game")]
    NotInGame,
    /// A figure on the volcano just placed.
    #[error("no figure goes on a volcano tile: the dragon lands there")]
    Volcano,
    /// A figure on the dragon's tile.
    #[error("the dragon is at {0}: no figure may go there")]
    DragonHere(Pos),
    /// A princess action on a tile without a princess.
    #[error("the tile just placed has no princess")]
    NoPrincess,
    /// The princess must send a knight home first.
    #[error("the princess joins a city with knights: send one of them home (nothing else is placed this turn)")]
    PrincessFirst,
    /// Not a knight of the city the princess joins.
    #[error("there is no knight of the city the princess joins at {spot} of the tile at {on}")]
    NotAKnight {
        /// The tile named.
        on: Pos,
        /// The place named.
        spot: Spot,
    },
    /// No tile there.
    #[error("there is no tile at {0}")]
    NoTile(Pos),
    /// The fairy is already on that tile.
    #[error("the fairy already stands at {0}")]
    FairyThere(Pos),
    /// The player has no follower on the tile for the fairy.
    #[error("the fairy goes only to a tile where you have a follower, and you have none at {0}")]
    FairyNeedsFollower(Pos),
    /// A dragon step without a journey.
    #[error("the dragon is not on a journey")]
    NoJourney,
    /// A dragon step onto an empty space.
    #[error("the dragon cannot go {} to {to}: there is no tile there", .side.name())]
    DragonEmpty {
        /// The direction.
        side: Side,
        /// The cell.
        to: Pos,
    },
    /// A dragon step onto a tile of this journey.
    #[error("the dragon cannot go {} to {to}: it was already there on this journey", .side.name())]
    DragonVisited {
        /// The direction.
        side: Side,
        /// The tile.
        to: Pos,
    },
    /// A dragon step onto the fairy.
    #[error("the dragon cannot go {} to {to}: the fairy protects that tile", .side.name())]
    DragonFairy {
        /// The direction.
        side: Side,
        /// The tile.
        to: Pos,
    },
    /// A figure onto another tile without a portal.
    #[error("a follower goes onto another tile only after placing a magic portal tile")]
    NoPortal,
    /// Only followers that stand in features go through a portal.
    #[error("only a follower (normal, large, a mayor or a wagon) goes through a magic portal, not the {}", .0.name())]
    PortalFigure(Figure),
    /// A figure through the portal to a place it may not stand on (Abbey & Mayor: the mayor
    /// off a city, the wagon on a field).
    #[error("the {} cannot stand on {spot}", .figure.name())]
    PortalPlace {
        /// The figure.
        figure: Figure,
        /// The place.
        spot: Spot,
    },
    /// None of the figure left.
    #[error("you have no {} left", figure_plural(*.0))]
    NoneLeft(Figure),
    /// No such place on that tile.
    #[error("the tile at {on} has no {spot}")]
    NoSuchPlace {
        /// The tile.
        on: Pos,
        /// The place.
        spot: Spot,
    },
    /// Farmers are off.
    #[error("farmers are not used in this game")]
    NoFarmers,
    /// A field no farmer may enter (a barn stands in it: Abbey & Mayor).
    #[error("no farmer may go into the field at {spot} of the tile at {on}: a barn stands in it")]
    ClosedField {
        /// The tile.
        on: Pos,
        /// The place.
        spot: Spot,
    },
    /// The feature has a follower.
    #[error("the {} at {spot} of the tile at {on} is already occupied", .spot.kind().name())]
    Occupied {
        /// The tile.
        on: Pos,
        /// The place.
        spot: Spot,
    },
    /// The feature is complete.
    #[error("the {} at {spot} of the tile at {on} is already complete", .spot.kind().name())]
    Complete {
        /// The tile.
        on: Pos,
        /// The place.
        spot: Spot,
    },
}

/// Why a tower piece, a follower on a tower or a ransom is refused (The Tower).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TowerError {
    /// The Tower is not in play.
    #[error("the Tower is not part of this game")]
    NotInGame,
    /// No tower pieces left.
    #[error("you have no tower pieces left")]
    NoPieces,
    /// No tile at the position.
    #[error("there is no tile at {0}")]
    NoTile(Pos),
    /// The tile has no tower foundation.
    #[error("the tile at {0} has no tower foundation")]
    NoFoundation(Pos),
    /// A follower on top closes the tower.
    #[error("the tower at {0} is closed: a follower stands on top of it")]
    Guarded(Pos),
    /// The follower to capture is out of the new height's reach.
    #[error("{on} is out of reach of the tower at {at}: at height {height} it reaches {height} tile{} straight north, east, south and west", if *.height == 1 { "" } else { "s" })]
    OutOfReach {
        /// Where the follower stands.
        on: Pos,
        /// The tower.
        at: Pos,
        /// The tower's new height.
        height: u8,
    },
    /// No follower at that place.
    #[error("there is no follower at {spot} of the tile at {on}")]
    NoFollower {
        /// The tile.
        on: Pos,
        /// The place.
        spot: Spot,
    },
    /// Builders, pigs, abbots and barns cannot be taken prisoner.
    #[error("only followers (normal, large, a mayor or a wagon) can be taken prisoner, not the {}", .0.name())]
    NotCapturable(Figure),
    /// A castle's lord cannot be taken prisoner (Bridges, Castles & Bazaars).
    #[error("the lord of the castle at {0} cannot be taken prisoner")]
    CastleLord(Pos),
    /// A figure onto another tile than the one just placed, not on a tower.
    #[error("a figure goes onto another tile than the one just placed only on top of a tower, not on {0}")]
    OnlyTower(Spot),
    /// Only followers stand on towers or are ransomed.
    #[error("only a normal or large follower can do that, not the {}", .0.name())]
    GuardFigure(Figure),
    /// None of that figure left in the supply.
    #[error("you have no {} left", figure_plural(*.0))]
    NoneLeft(Figure),
    /// A follower on an empty foundation.
    #[error("there is no tower at {0} yet to stand on (it needs a tower piece first)")]
    NoTowerYet(Pos),
    /// A second ransom in one turn.
    #[error("you have already paid a ransom this turn")]
    AlreadyRansomed,
    /// A ransom from oneself or from a seat that does not exist.
    #[error("seat {0} cannot hold your followers prisoner")]
    RansomFrom(usize),
    /// The seat holds no such prisoner.
    #[error("seat {from} holds none of your {} prisoner", figure_plural(*.figure))]
    NoPrisoner {
        /// The seat asked.
        from: usize,
        /// The figure asked for.
        figure: Figure,
    },
    /// Fewer than 3 points.
    #[error("a ransom costs 3 points and you have {0}")]
    TooPoor(u32),
}

/// Why a figure cannot go where asked.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FollowerError {
    /// The dragon's tile, a fresh volcano, or the princess first (The Princess & the Dragon).
    #[error(transparent)]
    Princess(#[from] PrincessError),
    /// The mayor's, the wagon's or the barn's place, or a farmer in a barn's field (Abbey &
    /// Mayor).
    #[error(transparent)]
    Mayor(#[from] MayorError),
    /// The shepherd's place (Hills & Sheep).
    #[error(transparent)]
    Hills(#[from] HillsError),
    /// The name does not parse.
    #[error(transparent)]
    Parse(#[from] super::types::SpotParseError),
    /// The tile has no such segment in this orientation.
    #[error("tile {tile} turned {rotation}° has no {spot}")]
    NoSuchPlace {
        /// The tile.
        tile: TileId,
        /// Its rotation in degrees.
        rotation: u16,
        /// The place asked for.
        spot: Spot,
    },
    /// The feature already has a follower somewhere.
    #[error("the {} at {} is already occupied elsewhere", .spot.kind().name(), .spot)]
    Occupied {
        /// The place asked for.
        spot: Spot,
    },
    /// None of that figure left in the supply.
    #[error("you have no {} left", figure_plural(*.0))]
    NoneLeft(Figure),
    /// Farmers are switched off in this game.
    #[error("farmers are not used in this game")]
    NoFarmers,
    /// A figure this game does not have.
    #[error("the {} figure is not part of this game", .0.name())]
    FigureNotInGame(Figure),
    /// Only the barn stands on a tile's corner.
    #[error("the {} goes on a feature, not on a tile's corner (only the barn does)", .0.name())]
    CornerPlace(Figure),
    /// Only the abbot goes on a garden.
    #[error("only the abbot may stand on a garden")]
    GardenIsForTheAbbot,
    /// The abbot goes only on a cloister or a garden.
    #[error("the abbot goes only on a cloister or a garden, not on {0}")]
    AbbotPlace(Spot),
    /// A builder on a field or cloister.
    #[error("the builder goes only on a road or a city, not on {0}")]
    BuilderPlace(Spot),
    /// A pig off a field.
    #[error("the pig goes only on a field, not on {0}")]
    PigPlace(Spot),
    /// A builder or pig on a feature without the player's follower.
    #[error("the {} needs one of your followers already on that {} ({})", .figure.name(), .spot.kind().name(), .spot)]
    NeedsOwnFollower {
        /// Builder or pig.
        figure: Figure,
        /// The place asked for.
        spot: Spot,
    },
}

fn figure_plural(f: Figure) -> &'static str {
    match f {
        Figure::Follower => "followers",
        Figure::Large => "large followers",
        Figure::Builder => "builder",
        Figure::Pig => "pig",
        Figure::Abbot => "abbot",
        Figure::Mayor => "mayor",
        Figure::Wagon => "wagon",
        Figure::Barn => "barn",
        Figure::Shepherd => "shepherd",
    }
}
