//! The vocabulary of a turn: the pending decision, the actions that answer it, and what an action
//! did.
//!
//! A turn is a sequence of decisions: the draw (a chance input: the record, the live game's hidden
//! bag or a sampler names the tile), the tile's placement, then the figure action on it (a figure,
//! an abbot's recall, or nothing). Scoring and the next seat are automatic.

use super::features::MAX_PLAYERS;
use super::geom::{Axis, Pos, Rotation, Side};
use super::tiles::{Goods, TileId};
use super::types::{Figure, FlockChoice, Reason, SheepToken, Spot};
use serde::Serialize;

/// What the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Decision {
    // The chance of the sets first: their discriminants make one range, which the live game
    // checks after every action.
    /// Chance: the token drawn from a set's bag (Hills & Sheep's, for the flock of the seat in
    /// [`Pending::seat`]) must be named ([`Action::Token`]).
    Token,
    /// Chance, Bridges, Castles & Bazaars: the next tile of the bazaar's offer is turned up
    /// from the stack ([`Action::Offer`]).
    Offer,
    /// The seat's turn begins with a tile it holds (Bridges, Castles & Bazaars: the one it took
    /// at the bazaar): [`Action::Draw`] naming it, the one answer listed; a live game draws it
    /// like a tile from the stack.
    HeldTile,
    /// Chance: the next tile must be named ([`Action::Draw`]).
    Draw,
    /// The drawn tile must be placed ([`Action::Place`]).
    PlaceTile {
        /// The drawn tile.
        tile: TileId,
        /// Whether it is the copy with a garden.
        garden: bool,
    },
    /// The figure action on the tile just placed ([`Action::Deploy`], [`Action::Recall`],
    /// [`Action::Tower`], [`Action::DeployOn`] or [`Action::Pass`]).
    Act {
        /// Where the tile went.
        at: Pos,
    },
    /// The Princess & the Dragon: one step of the dragon's journey ([`Action::MoveDragon`]),
    /// by the seat in [`Pending::seat`].
    DragonMove {
        /// Steps already taken in this journey (0..6).
        step: u8,
    },
    /// Abbey & Mayor: the seat whose turn it is may put its abbey into a hole instead of
    /// drawing ([`Action::Abbey`], or [`Action::Pass`] to draw; after the last tile, to let
    /// the chance go).
    Abbey,
    /// Abbey & Mayor: the wagon of the seat in [`Pending::seat`] has scored and may move
    /// ([`Action::Wagon`], or [`Action::Pass`] to keep it in hand).
    WagonMove,
    /// Hills & Sheep: the tile just placed extends the field of the shepherd of the seat in
    /// [`Pending::seat`], which grows its flock or drives it home ([`Action::Flock`]).
    Flock,
    /// Bridges, Castles & Bazaars: the tile just placed completed a small city of two castle
    /// bases holding one follower of the seat in [`Pending::seat`], who builds a castle on it
    /// or scores it as a city ([`Action::Castle`]).
    Castle,
    /// Bridges, Castles & Bazaars: the seat in [`Pending::seat`] chooses a tile of the bazaar's
    /// offer and bids for it ([`Action::Bazaar`]).
    Bazaar,
    /// Bridges, Castles & Bazaars: the seat in [`Pending::seat`] may raise the bid for the
    /// bazaar's tile under auction ([`Action::Raise`], or [`Action::Pass`]).
    Raise,
    /// Bridges, Castles & Bazaars: the chooser buys the bazaar's tile at the highest bid or
    /// sells it to the highest bidder ([`Action::Deal`]).
    Deal,
    /// No tile is left: the game is over.
    GameOver,
}

impl Decision {
    /// The step's number when the game waits for a set's own decision between turns (a step
    /// of the dragon's journey); `None` for the turn's own decisions and the game's end.
    pub fn set_step(self) -> Option<u8> {
        match self {
            Decision::DragonMove { step } => Some(step),
            Decision::Abbey
            | Decision::WagonMove
            | Decision::Flock
            | Decision::Castle
            | Decision::Bazaar
            | Decision::Raise
            | Decision::Deal => Some(0),
            _ => None,
        }
    }

    /// Whether chance answers it (a tile or a token drawn, or the tile a seat holds), not a
    /// seat's choice.
    pub fn is_chance(self) -> bool {
        matches!(
            self,
            Decision::Draw | Decision::Token | Decision::Offer | Decision::HeldTile
        )
    }

    /// The answer to this decision that takes the tile `draw` names (an [`Action::Draw`]) from
    /// the stack: the draw itself, or the tile turned up for a bazaar; `None` when this
    /// decision takes nothing from the stack.
    pub fn from_stack(self, draw: Action) -> Option<Action> {
        match (self, draw) {
            (Decision::Draw, Action::Draw { .. }) => Some(draw),
            (Decision::Offer, Action::Draw { tile, garden }) => {
                Some(Action::Offer { tile, garden })
            }
            _ => None,
        }
    }

    /// Whether waiting for this decision after an action that answered `before` means a turn
    /// ended: the next begins with a draw, the choice of an abbey (not the draw chosen instead
    /// of it, which begins no new turn), a bazaar's tiles turned up, or the tile taken there
    /// (not when its auction just ended, within the turn before), or the game is over.
    pub fn ends_turn_after(self, before: Decision) -> bool {
        let auction = matches!(
            before,
            Decision::Offer | Decision::Bazaar | Decision::Raise | Decision::Deal
        );
        match self {
            Decision::Draw | Decision::GameOver | Decision::Abbey => before != Decision::Abbey,
            Decision::Offer | Decision::HeldTile => !auction,
            _ => false,
        }
    }

    /// A short name ("a tile placement").
    pub fn name(self) -> &'static str {
        match self {
            Decision::Draw => "a draw",
            Decision::PlaceTile { .. } => "a tile placement",
            Decision::Act { .. } => "a figure (or none)",
            Decision::DragonMove { .. } => "a step of the dragon",
            Decision::Abbey => "an abbey (or a draw)",
            Decision::WagonMove => "a wagon's move (or none)",
            Decision::Token => "a token from the bag",
            Decision::Flock => "the shepherd's choice (grow the flock or drive it home)",
            Decision::Castle => "a castle's choice (build a castle or score the city)",
            Decision::Offer => "a tile turned up for the bazaar",
            Decision::Bazaar => "a tile of the bazaar and a bid",
            Decision::Raise => "a higher bid (or a pass)",
            Decision::Deal => "buying or selling the bazaar's tile",
            Decision::HeldTile => "the tile taken at the bazaar",
            Decision::GameOver => "nothing (the game is over)",
        }
    }
}

/// Who must decide now, and what.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pending {
    /// The seat that decides.
    pub seat: usize,
    /// The seat whose turn it is.
    pub turn_of: usize,
    /// What is to be decided.
    pub decision: Decision,
}

/// One move: the answer to a pending decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// The tile drawn (chance). A tile that fits nowhere is discarded at once and the same seat
    /// draws again.
    Draw {
        /// The tile.
        tile: TileId,
        /// The copy with a garden (Abbot games).
        garden: bool,
    },
    /// Places the drawn tile.
    Place {
        /// Where.
        at: Pos,
        /// Turned how far.
        rotation: Rotation,
    },
    /// Bridges, Castles & Bazaars: places the drawn tile and lays one of the player's bridges
    /// with it, on that tile or on a tile beside it (a bridge may make the placement legal: a
    /// road edge against a field edge the bridge turns into a road).
    PlaceBridge {
        /// Where the tile goes.
        at: Pos,
        /// Turned how far.
        rotation: Rotation,
        /// The tile the bridge is laid on: `at`, or a tile beside it.
        on: Pos,
        /// The bridge's line in board orientation.
        axis: Axis,
    },
    /// Puts a figure from the supply on the tile just placed.
    Deploy {
        /// Which figure.
        figure: Figure,
        /// Where on the tile.
        spot: Spot,
    },
    /// Takes the abbot back from its cloister or garden, scoring it now.
    Recall,
    /// The Tower: one of the player's tower pieces on the tower foundation or unguarded tower of
    /// the tile at `at` (any placed tile), optionally taking a follower prisoner within the new
    /// height's reach.
    Tower {
        /// The tile with the tower.
        at: Pos,
        /// The follower taken prisoner, if any.
        capture: Option<Capture>,
    },
    /// A figure from the supply onto a tile other than the one just placed: today only a
    /// follower (normal or large) on top of a tower, which closes it.
    DeployOn {
        /// The tile.
        on: Pos,
        /// Which figure.
        figure: Figure,
        /// Where on it (`Spot::Tower`).
        spot: Spot,
    },
    /// The Tower, before placing the drawn tile: pay 3 points to seat `from` to get back one of
    /// the player's followers that seat holds prisoner.
    Ransom {
        /// The seat holding the prisoner.
        from: u8,
        /// `Follower` or `Large`.
        figure: Figure,
    },
    /// The Princess & the Dragon: instead of a figure, the fairy moves onto the tile at `at`,
    /// where the player has a follower.
    Fairy {
        /// The tile.
        at: Pos,
    },
    /// The Princess & the Dragon: the knight the princess sends home (then nothing else is
    /// placed this turn).
    Princess {
        /// The knight: its tile and place.
        knight: Capture,
    },
    /// The Princess & the Dragon: one step of the dragon, onto the tile on that side.
    MoveDragon {
        /// The direction.
        side: Side,
    },
    /// Abbey & Mayor: the player's abbey into the hole at `at`, instead of drawing.
    Abbey {
        /// The hole.
        at: Pos,
    },
    /// Abbey & Mayor: the wagon that waits moves onto this feature.
    Wagon {
        /// The tile and the place there.
        to: Capture,
    },
    /// The token drawn from a set's bag (chance, like a tile's draw): Hills & Sheep's, for a
    /// flock.
    Token {
        /// The token.
        token: SheepToken,
    },
    /// Hills & Sheep: the shepherd's owner grows the flock or drives it home.
    Flock {
        /// Which.
        choice: FlockChoice,
    },
    /// Bridges, Castles & Bazaars: the lord-to-be builds a castle on the small city it holds
    /// (`build`), or lets the city score.
    Castle {
        /// Whether a castle is built.
        build: bool,
    },
    /// Chance, Bridges, Castles & Bazaars: the tile turned up from the stack for the bazaar's
    /// offer.
    Offer {
        /// The tile.
        tile: TileId,
        /// The copy with a garden (Abbot games).
        garden: bool,
    },
    /// Bridges, Castles & Bazaars: the chooser takes the tile `tile` of the offer (its index
    /// there, in the order turned up) to auction and bids `bid` points (0 without auction).
    Bazaar {
        /// The tile's index in the offer.
        tile: u8,
        /// The points bid.
        bid: u32,
    },
    /// Bridges, Castles & Bazaars: a higher bid for the tile under auction.
    Raise {
        /// The points bid.
        bid: u32,
    },
    /// Bridges, Castles & Bazaars: the chooser buys the tile at the highest bid (paying it to
    /// the bidder) or sells it to the bidder (who pays it to the chooser).
    Deal {
        /// Whether the chooser buys.
        buy: bool,
    },
    /// No figure action this turn (or, for a set's own decision, not taking it: drawing
    /// instead of placing the abbey, keeping the wagon in hand).
    Pass,
}

/// A follower to take prisoner: the tile it stands on and its place there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Capture {
    /// The tile.
    pub on: Pos,
    /// The place on that tile (`city:N`, `tower` ...).
    pub spot: Spot,
}

impl Action {
    /// Whether the action begins a turn: a draw, or a tile from the hand placed instead (Abbey
    /// & Mayor's abbey).
    pub fn begins_turn(self) -> bool {
        matches!(self, Action::Draw { .. } | Action::Abbey { .. })
    }

    /// The tile a turn began with and whether it is the copy with a garden: the drawn one, or
    /// the tile from the hand.
    pub fn turn_tile(self) -> Option<(TileId, bool)> {
        match self {
            Action::Draw { tile, garden } => Some((tile, garden)),
            Action::Abbey { .. } => Some((super::tiles::abbey(), false)),
            _ => None,
        }
    }

    /// Where the action put the turn's tile (an abbey lies unturned).
    pub fn placed(self) -> Option<(Pos, Rotation)> {
        match self {
            Action::Place { at, rotation } | Action::PlaceBridge { at, rotation, .. } => {
                Some((at, rotation))
            }
            Action::Abbey { at } => Some((at, Rotation::default())),
            _ => None,
        }
    }

    /// The board cell the action points at, where it has one: a placement's or an abbey's
    /// cell, a wagon's target tile.
    pub fn cell(self) -> Option<Pos> {
        match self {
            Action::Wagon { to } => Some(to.on),
            a => a.placed().map(|(at, _)| at),
        }
    }

    /// The decision this action answers, by name.
    pub fn name(self) -> &'static str {
        match self {
            Action::Draw { .. } => "a draw",
            Action::Place { .. } => "a tile placement",
            Action::PlaceBridge { .. } => "a tile placement with a bridge",
            Action::Deploy { .. } => "a figure",
            Action::Recall => "the abbot's recall",
            Action::Tower { .. } => "a tower piece",
            Action::DeployOn { .. } => "a figure on another tile",
            Action::Ransom { .. } => "a ransom",
            Action::Fairy { .. } => "a move of the fairy",
            Action::Princess { .. } => "a knight sent home by the princess",
            Action::MoveDragon { .. } => "a step of the dragon",
            Action::Abbey { .. } => "an abbey",
            Action::Wagon { .. } => "a wagon's move",
            Action::Token { .. } => "a token from the bag",
            Action::Flock { .. } => "the shepherd's choice",
            Action::Castle { .. } => "a castle's choice",
            Action::Offer { .. } => "a tile turned up for the bazaar",
            Action::Bazaar { .. } => "a tile of the bazaar and a bid",
            Action::Raise { .. } => "a raise",
            Action::Deal { .. } => "buying or selling",
            Action::Pass => "a pass",
        }
    }
}

/// A feature (or majority) that was scored, during the game or at its end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ScoreEvent {
    /// What scored.
    pub reason: Reason,
    /// Whether the feature was complete.
    pub complete: bool,
    /// Points each of `players` got.
    pub points: u32,
    /// The seats that scored (the majority, ties included).
    pub players: Vec<usize>,
    /// Tiles in the feature (a farm: completed cities it supplies; goods: tokens held).
    pub tiles: u32,
    /// Pennants in the city.
    pub pennants: u32,
    /// A tile of the feature, to point at it.
    pub at: Pos,
}

/// Something that happened to a prisoner (The Tower).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum PrisonerEvent {
    /// `by` took `owner`'s follower at `at` (their own goes back to their supply).
    Captured {
        /// The seat that built the tower.
        by: usize,
        /// The follower's owner.
        owner: usize,
        /// `Follower` or `Large`.
        figure: Figure,
        /// Where it stood.
        at: Pos,
        /// Its place there.
        spot: Spot,
    },
    /// Two seats held a prisoner of each other: each got one back.
    Exchanged {
        /// One seat, and the figure it got back.
        a: (usize, Figure),
        /// The other seat, and the figure it got back.
        b: (usize, Figure),
    },
    /// `payer` paid 3 points to `from` for one of its followers.
    Ransomed {
        /// The seat that paid.
        payer: usize,
        /// The seat that held the prisoner.
        from: usize,
        /// `Follower` or `Large`.
        figure: Figure,
    },
}

/// What an action did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TurnOutcome {
    /// The seat that acted.
    pub player: usize,
    /// Features scored.
    pub events: Vec<ScoreEvent>,
    /// Figures returned to each seat (indexed by seat; seats beyond the game's count stay 0).
    pub returned: [u8; MAX_PLAYERS],
    /// Tiles drawn and discarded because they fit nowhere.
    pub discarded: Vec<TileId>,
    /// Goods tokens taken by the player who completed a city: (seat, kind, count).
    pub goods: Vec<(usize, Goods, u8)>,
    /// Prisoners taken, exchanged and ransomed (The Tower).
    pub prisoners: Vec<PrisonerEvent>,
    /// Dragon tiles set aside because no volcano is out yet (The Princess & the Dragon).
    pub set_aside: Vec<TileId>,
    /// Tiles the dragon entered, in order.
    pub dragon_path: Vec<Pos>,
    /// Figures the dragon ate, the princess sent home, or that left with them (a builder or
    /// pig without its follower): (owner, figure, where).
    pub sent_home: Vec<(usize, Figure, Pos)>,
    /// The turn's owner plays again (a builder's second turn).
    pub extra_turn: bool,
    /// The turn ended with this action.
    pub turn_ended: bool,
    /// A token drawn from the bag of sheep (Hills & Sheep), if one was.
    pub sheep: Option<SheepDraw>,
}

/// A token drawn for a flock (Hills & Sheep): for whom, what, and the flock after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SheepDraw {
    /// The seat whose flock it was drawn for.
    pub seat: usize,
    /// The token.
    pub token: SheepToken,
    /// The sheep of that seat's flock after it (0 after a wolf).
    pub flock: u32,
}

impl TurnOutcome {
    /// Empties the outcome for a new action of `player`, keeping its buffers.
    pub(crate) fn reset(&mut self, player: usize) {
        self.player = player;
        self.events.clear();
        self.returned = [0; MAX_PLAYERS];
        self.discarded.clear();
        self.goods.clear();
        self.prisoners.clear();
        self.set_aside.clear();
        self.dragon_path.clear();
        self.sent_home.clear();
        self.extra_turn = false;
        self.turn_ended = false;
        self.sheep = None;
    }

    pub(crate) fn new(player: usize) -> TurnOutcome {
        TurnOutcome {
            player,
            events: Vec::new(),
            returned: [0; MAX_PLAYERS],
            discarded: Vec::new(),
            goods: Vec::new(),
            prisoners: Vec::new(),
            set_aside: Vec::new(),
            dragon_path: Vec::new(),
            sent_home: Vec::new(),
            extra_turn: false,
            turn_ended: false,
            sheep: None,
        }
    }

    /// Adds what a later action of the same turn did.
    pub fn merge(&mut self, other: TurnOutcome) {
        self.events.extend(other.events);
        for (a, b) in self.returned.iter_mut().zip(other.returned) {
            *a += b;
        }
        self.discarded.extend(other.discarded);
        self.goods.extend(other.goods);
        self.prisoners.extend(other.prisoners);
        self.set_aside.extend(other.set_aside);
        self.dragon_path.extend(other.dragon_path);
        self.sent_home.extend(other.sent_home);
        self.extra_turn |= other.extra_turn;
        self.turn_ended |= other.turn_ended;
        self.sheep = other.sheep.or(self.sheep);
    }
}
