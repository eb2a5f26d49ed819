//! The validated game: the state of the rules and the one way it changes, [`Game::apply`].
//!
//! A [`Game`] is its setup, the board, the features, the figures, supplies, scores, the counts of
//! the tiles not yet drawn, the pending decision and each expansion's state, plus the log of turns
//! (for records). It never holds the hidden draw order: a live game keeps that in a
//! [`LiveGame`](super::live::LiveGame). `apply` validates everything before touching any state, so a
//! rejected action leaves the game exactly as it was; after a valid action the automatic steps
//! (discarding unplaceable draws, scoring, returning figures, choosing the next seat) run until the
//! next decision.

use super::action::{Action, Capture, Decision, Pending, ScoreEvent, TurnOutcome};
use super::board::{Board, PlacedTile, Placement};
use super::error::{ActionError, FollowerError, PlaceError, PrincessError, SetupError};
use super::expansions::{self, Expansions};
use super::features::{majority, Features, MAX_PLAYERS};
use super::geom::{Half, Pos, Rotation, Side};
use super::record::{CaptureRecord, FairyRecord, RansomRecord, Record, TurnRecord};
use super::tiles::{catalog, spring, start_tile, EdgeKind, FeatureKind, TileId, TileSet};
use super::types::{DragonRule, FarmRule, Figure, Reason, Rules, Setup, Spot};
use serde::Serialize;

/// Followers each player starts with.
pub const FOLLOWERS_PER_PLAYER: u8 = 7;

/// The segment number that stands for a tile's garden (gardens are not union-find features).
pub(crate) const GARDEN_SEGMENT: u8 = u8::MAX;

/// The segment number that stands for the top of a tile's tower (not a feature).
pub(crate) const TOWER_SEGMENT: u8 = u8::MAX - 1;

/// A figure on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Meeple {
    /// Owner's seat.
    pub player: u8,
    /// Which figure.
    pub figure: Figure,
    /// Index of the tile it stands on, in placement order.
    pub tile_index: u16,
    /// Segment of that tile (`u8::MAX` for a garden).
    pub segment: u8,
    /// The place name in board orientation.
    pub spot: Spot,
}

/// Per-seat figure supply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize)]
pub struct Supply {
    /// Normal followers in hand.
    pub followers: u8,
    /// Large followers in hand (Inns & Cathedrals).
    pub large: u8,
    /// Builders in hand (Traders & Builders).
    pub builder: u8,
    /// Pigs in hand (Traders & Builders).
    pub pig: u8,
    /// Abbots in hand (the Abbot).
    pub abbot: u8,
    /// Tower pieces in hand (The Tower; not a figure).
    pub towers: u8,
}

impl Supply {
    /// How many of a figure are in hand.
    pub fn count(&self, f: Figure) -> u8 {
        match f {
            Figure::Follower => self.followers,
            Figure::Large => self.large,
            Figure::Builder => self.builder,
            Figure::Pig => self.pig,
            Figure::Abbot => self.abbot,
        }
    }

    pub(crate) fn add(&mut self, f: Figure, n: u8) {
        *self.slot(f) += n;
    }

    fn slot(&mut self, f: Figure) -> &mut u8 {
        match f {
            Figure::Follower => &mut self.followers,
            Figure::Large => &mut self.large,
            Figure::Builder => &mut self.builder,
            Figure::Pig => &mut self.pig,
            Figure::Abbot => &mut self.abbot,
        }
    }
}

/// The end-of-game scoring.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FinalScoring {
    /// Each scored feature or majority.
    pub events: Vec<ScoreEvent>,
    /// Final score per seat (game score plus the end-game points).
    pub scores: Vec<u32>,
    /// End-game points per seat and [`Reason`] (indexed by [`Reason::index`]).
    pub breakdown: Vec<[u32; Reason::COUNT]>,
    /// The seats with the highest final score.
    pub winners: Vec<usize>,
}

/// A tower foundation on the board and what stands on it (The Tower).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TowerView {
    /// The tile.
    pub at: Pos,
    /// Tower pieces stacked there (0: an empty foundation).
    pub height: u8,
    /// The follower on top, which closes the tower.
    pub guard: Option<Meeple>,
}

/// What a turn's figure action was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Act {
    /// Nothing (or the tile was discarded).
    None,
    /// A figure on the tile just placed.
    Deploy(Figure, Spot),
    /// The abbot came back.
    Recall,
    /// A tower piece on the tile at the position, with its capture (The Tower).
    Tower(Pos, Option<Capture>),
    /// A figure onto another tile: a follower on top of the tower at the position, or through
    /// a magic portal.
    DeployOn(Pos, Figure, Spot),
    /// The fairy moved onto the tile at the position.
    Fairy(Pos),
    /// The princess sent this knight home.
    Princess(Capture),
}

/// One entry of the turn log: a drawn tile, where it went (`None`: discarded) and the figure action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Turn {
    /// The seat that drew it.
    pub seat: u8,
    /// The drawn tile.
    pub tile: TileId,
    /// The copy with a garden.
    pub garden: bool,
    /// Position and rotation; `None` for a discarded tile.
    pub placed: Option<(Pos, Rotation)>,
    /// The figure action.
    pub act: Act,
    /// The ransom paid before placing: (seat paid, follower freed).
    pub ransom: Option<(u8, Figure)>,
    /// The dragon's journey after this tile, step by step.
    pub dragon: [Option<Side>; 6],
    /// A dragon tile set aside because no volcano was out (`placed` is `None`).
    pub set_aside: bool,
}

impl Turn {
    /// The turn in game-record form.
    pub fn to_record(&self) -> TurnRecord {
        let mut r = match self.placed {
            Some((at, rotation)) => match self.act {
                Act::Deploy(figure, spot) | Act::DeployOn(_, figure, spot) => {
                    TurnRecord::placed(self.tile, at, rotation, Some(spot), figure)
                }
                Act::None | Act::Recall | Act::Tower(..) | Act::Fairy(_) | Act::Princess(_) => {
                    TurnRecord::placed(self.tile, at, rotation, None, Figure::Follower)
                }
            },
            None => TurnRecord::discarded(self.tile),
        };
        if self.set_aside {
            r.discard = false;
            r.set_aside = true;
        }
        let xy = |p: Pos| [p.x as i64, p.y as i64];
        let path: Vec<String> = self
            .dragon
            .iter()
            .flatten()
            .map(|s| s.letter().to_string())
            .collect();
        if !path.is_empty() {
            r.dragon = Some(path);
        }
        match self.act {
            Act::Fairy(at) => r.fairy = Some(FairyRecord::Tile(xy(at))),
            Act::Princess(k) => {
                r.princess = Some(CaptureRecord {
                    on: xy(k.on),
                    place: k.spot.to_string(),
                })
            }
            Act::Recall => r.recall = Some("abbot".into()),
            Act::DeployOn(on, ..) => r.on = Some(xy(on)),
            Act::Tower(at, capture) => {
                r.tower = Some(xy(at));
                r.capture = capture.map(|c| CaptureRecord {
                    on: xy(c.on),
                    place: c.spot.to_string(),
                });
            }
            Act::None | Act::Deploy(..) => {}
        }
        r.ransom = self.ransom.map(|(from, figure)| RansomRecord {
            from: from as i64,
            figure: (figure != Figure::Follower).then(|| figure.name().to_string()),
        });
        r.garden = self.garden;
        r
    }
}

/// State of the turn in progress.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct TurnState {
    /// This is the builder's second turn.
    pub(crate) second: bool,
    /// The tile of this turn extended a feature with the player's builder.
    pub(crate) builder_used: bool,
    /// A ransom was paid this turn.
    pub(crate) ransomed: bool,
    /// The ransom paid before the tile was placed (for the log).
    pub(crate) ransom: Option<(u8, Figure)>,
}

/// A game in progress (or replayed from a record). Equality compares the whole state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub(crate) setup: Setup,
    pub(crate) board: Board,
    pub(crate) features: Features,
    pub(crate) meeples: Vec<Meeple>,
    pub(crate) supply: Vec<Supply>,
    pub(crate) scores: Vec<u32>,
    /// Goods tokens per seat: wine, grain, cloth.
    pub(crate) goods: Vec<[u8; 3]>,
    remaining: Vec<u8>,
    /// Garden copies not yet drawn, per tile type (Abbot games).
    remaining_gardens: Vec<u8>,
    remaining_total: u32,
    pending: Pending,
    pub(crate) turn: TurnState,
    pub(crate) exp: Expansions,
    log: Vec<Turn>,
    /// Placement indices of the tiles with a cloister or a garden whose eight neighbours are not
    /// all placed yet (the only ones a new tile can complete).
    unsurrounded: Vec<u16>,
}

/// The tiles of the chosen sets, minus the start tile: what the players draw from.
pub fn tile_counts(sets: &[TileSet]) -> Vec<u8> {
    let cat = catalog();
    let mut counts: Vec<u8> = cat
        .tiles
        .iter()
        .map(|t| {
            if t.set == TileSet::Base || sets.contains(&t.set) {
                t.count
            } else {
                0
            }
        })
        .collect();
    counts[start_tile().0 as usize] -= 1;
    if sets.contains(&TileSet::River) {
        // The spring replaces the start tile (which goes back to the box).
        counts[spring().0 as usize] -= 1;
    }
    counts
}

/// The garden copies among [`tile_counts`] (none unless the Abbot is in play).
pub fn garden_counts(sets: &[TileSet]) -> Vec<u8> {
    gardens_among(sets, &tile_counts(sets))
}

/// The garden copies among `counts` (the [`tile_counts`] of `sets`).
pub(crate) fn gardens_among(sets: &[TileSet], counts: &[u8]) -> Vec<u8> {
    if !sets.contains(&TileSet::Abbot) {
        return vec![0; counts.len()];
    }
    catalog()
        .tiles
        .iter()
        .zip(counts)
        .map(|(t, &c)| t.gardens.min(c))
        .collect()
}

impl Game {
    /// Starts a game; tiles are named turn by turn with [`Action::Draw`].
    pub fn new(setup: Setup) -> Result<Game, SetupError> {
        let n = setup.players.len();
        if !(2..=MAX_PLAYERS).contains(&n) {
            return Err(SetupError::PlayerCount(n));
        }
        for (i, p) in setup.players.iter().enumerate() {
            if p.trim().is_empty() {
                return Err(SetupError::EmptyName);
            }
            if setup.players[..i].contains(p) {
                return Err(SetupError::DuplicateName(p.clone()));
            }
        }
        let exp = Expansions::new(&setup)?;
        let n_players = setup.players.len();
        let remaining = tile_counts(&setup.sets);
        let remaining_gardens = gardens_among(&setup.sets, &remaining);
        let remaining_total: u32 = remaining.iter().map(|&c| c as u32).sum();
        let mut supply = Supply {
            followers: FOLLOWERS_PER_PLAYER,
            ..Supply::default()
        };
        exp.stock_supply(&mut supply, n_players);
        let mut g = Game {
            board: Board::new(remaining_total as usize),
            features: Features::with_capacity(6 * (remaining_total as usize + 1)),
            meeples: Vec::new(),
            supply: vec![supply; n],
            scores: vec![0; n],
            goods: vec![[0; 3]; n],
            remaining,
            remaining_gardens,
            remaining_total,
            pending: Pending {
                seat: 0,
                turn_of: 0,
                decision: Decision::Draw,
            },
            turn: TurnState::default(),
            exp,
            log: Vec::with_capacity(remaining_total as usize),
            unsurrounded: Vec::new(),
            setup,
        };
        let start = if g.exp.river.is_some() {
            spring()
        } else {
            start_tile()
        };
        g.put_tile(start, Pos::new(0, 0), Rotation::default(), false);
        if remaining_total == 0 {
            g.pending.decision = Decision::GameOver;
        }
        Ok(g)
    }

    // ----- queries -----

    /// The setup.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// Rule options.
    pub fn rules(&self) -> Rules {
        self.setup.rules
    }

    /// Whether a set is in play.
    pub fn has_set(&self, set: TileSet) -> bool {
        self.setup.sets.contains(&set)
    }

    /// Whether this game has that figure (the large follower with Inns & Cathedrals, and so on).
    pub fn has_figure(&self, f: Figure) -> bool {
        self.exp.has_figure(f)
    }

    /// Number of players.
    pub fn player_count(&self) -> usize {
        self.setup.players.len()
    }

    /// Who must decide now, and what.
    pub fn pending(&self) -> Pending {
        self.pending
    }

    /// The seat whose turn it is.
    pub fn current_player(&self) -> usize {
        self.pending.turn_of
    }

    /// Whether the current turn is a builder's second turn.
    pub fn is_second_turn(&self) -> bool {
        self.turn.second
    }

    /// The drawn tile waiting to be placed, if the game waits for a placement.
    pub fn tile_to_place(&self) -> Option<TileId> {
        match self.pending.decision {
            Decision::PlaceTile { tile, .. } => Some(tile),
            _ => None,
        }
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Tiles of each type not yet drawn, indexed by `TileId`.
    pub fn remaining(&self) -> &[u8] {
        &self.remaining
    }

    /// Garden copies of each type not yet drawn (Abbot games).
    pub fn remaining_gardens(&self) -> &[u8] {
        &self.remaining_gardens
    }

    /// Number of tiles not yet drawn.
    pub fn remaining_total(&self) -> u32 {
        self.remaining_total
    }

    /// Whether the game has ended (no tile left to draw).
    pub fn is_over(&self) -> bool {
        self.pending.decision == Decision::GameOver
    }

    /// Scores during the game (before end-game scoring).
    pub fn scores(&self) -> &[u32] {
        &self.scores
    }

    /// Figures in hand per seat.
    pub fn supplies(&self) -> &[Supply] {
        &self.supply
    }

    /// Goods tokens per seat, indexed by [`Goods`](super::tiles::Goods) (wine, grain, cloth).
    pub fn goods(&self) -> &[[u8; 3]] {
        &self.goods
    }

    /// The towers (The Tower): every placed tile with a foundation, its tower's height and
    /// whether a follower on top closes it.
    pub fn towers(&self) -> Vec<TowerView> {
        let Some(t) = self.exp.tower.as_ref() else {
            return Vec::new();
        };
        t.sites
            .iter()
            .map(|&(i, height)| TowerView {
                at: self.board.tiles[i as usize].pos,
                height,
                guard: expansions::tower::guard(self, i as usize).map(|k| self.meeples[k]),
            })
            .collect()
    }

    /// The prisoners (The Tower): `prisoners()[holder][owner]` is how many normal and large
    /// followers of `owner` the seat `holder` holds. Empty without the Tower.
    pub fn prisoners(&self) -> Vec<Vec<[u8; 2]>> {
        let n = self.player_count();
        self.exp
            .tower
            .as_ref()
            .map(|t| t.held.iter().map(|row| row[..n].to_vec()).collect())
            .unwrap_or_default()
    }

    /// Where the dragon is (The Princess & the Dragon; `None` before the first volcano).
    pub fn dragon(&self) -> Option<Pos> {
        expansions::princess::positions(self).0
    }

    /// Where the fairy is (`None` while it stands beside the board).
    pub fn fairy(&self) -> Option<Pos> {
        expansions::princess::positions(self).1
    }

    /// The tiles the dragon entered on the journey in progress, its start first.
    pub fn dragon_journey(&self) -> Vec<Pos> {
        self.exp
            .princess
            .as_ref()
            .and_then(|s| s.journey.as_ref())
            .map(|j| {
                j.visited
                    .iter()
                    .map(|&i| self.board.tiles[i as usize].pos)
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Dragon tiles set aside until the first volcano.
    pub fn set_aside(&self) -> Vec<TileId> {
        self.exp
            .princess
            .as_ref()
            .map(|s| s.set_aside.iter().map(|t| t.0).collect())
            .unwrap_or_default()
    }

    /// Whether the seat to play has paid a ransom this turn.
    pub fn ransom_paid(&self) -> bool {
        self.turn.ransomed
    }

    /// Tiles on the board in placement order (the start tile first).
    pub fn tiles(&self) -> &[PlacedTile] {
        self.board.tiles()
    }

    /// Figures on the board.
    pub fn meeples(&self) -> &[Meeple] {
        &self.meeples
    }

    /// The turn log, in draw order (a turn whose figure action is still pending is included).
    pub fn turns(&self) -> &[Turn] {
        &self.log
    }

    /// The tile at a position.
    pub fn tile_at(&self, p: Pos) -> Option<&PlacedTile> {
        self.board.tile_at(p)
    }

    /// Positions of the empty cells next to the board (where tiles may go).
    pub fn frontier(&self) -> &[Pos] {
        self.board.frontier()
    }

    /// Bounding box of the placed tiles: (min, max).
    pub fn bounds(&self) -> (Pos, Pos) {
        self.board.bounds()
    }

    /// Edge kind shown by the placed tile at `p` on `side`.
    pub fn edge_at(&self, p: Pos, side: Side) -> Option<EdgeKind> {
        self.board.edge_at(p, side)
    }

    /// The turn in progress as a partial record entry, when it has moves that the record does
    /// not hold yet: a ransom paid before placing, or a placed tile whose dragon's journey is
    /// under way. [`LiveGame::resume_turn`](super::live::LiveGame::resume_turn) replays it.
    pub fn turn_in_progress(&self) -> Option<TurnRecord> {
        match self.pending.decision {
            Decision::PlaceTile { tile, garden } => {
                self.turn.ransom.map(|(from, figure)| TurnRecord {
                    tile: tile.name().to_string(),
                    garden,
                    ransom: Some(RansomRecord {
                        from: from as i64,
                        figure: (figure != Figure::Follower).then(|| figure.name().to_string()),
                    }),
                    ..TurnRecord::default()
                })
            }
            Decision::Act { .. } | Decision::DragonMove { .. } => {
                self.log.last().map(Turn::to_record)
            }
            Decision::Draw | Decision::GameOver => None,
        }
    }

    /// The game as a record (setup and the complete turns of the log).
    pub fn record(&self) -> Record {
        let complete = match self.pending.decision {
            Decision::Act { .. } | Decision::DragonMove { .. } => self.log.len().saturating_sub(1),
            _ => self.log.len(),
        };
        Record::new(
            &self.setup,
            self.log[..complete].iter().map(Turn::to_record).collect(),
        )
    }

    pub(crate) fn node_of(&self, tile_index: usize, seg: usize) -> u32 {
        self.board.tiles[tile_index].first_node + seg as u32
    }

    pub(crate) fn root_of(&self, m: &Meeple) -> Option<u32> {
        (m.segment < TOWER_SEGMENT).then(|| {
            self.features
                .find(self.node_of(m.tile_index as usize, m.segment as usize))
        })
    }

    // ----- placement -----

    /// Every legal placement of `tile` (position × rotation), in a stable order.
    pub fn legal_placements(&self, tile: TileId) -> Vec<Placement> {
        let mut out = Vec::new();
        self.for_each_placement(tile, |p| {
            out.push(p);
            true
        });
        out
    }

    /// Whether `tile` fits anywhere.
    pub fn fits_somewhere(&self, tile: TileId) -> bool {
        self.first_placement(tile).is_some()
    }

    fn first_placement(&self, tile: TileId) -> Option<Placement> {
        let mut found = None;
        self.for_each_placement(tile, |p| {
            found = Some(p);
            false
        });
        found
    }

    /// Calls `f` for each legal placement of `tile` until it returns false.
    pub fn for_each_placement(&self, tile: TileId, mut f: impl FnMut(Placement) -> bool) {
        if !tile.get().has_river() {
            // Only the River restricts where a tile goes, and only river tiles: edges decide.
            self.board.for_each_fit(tile, f);
            return;
        }
        let check = |p: Placement| expansions::check_place(self, tile, p.at, p.rotation).is_ok();
        match expansions::river_mouth(self) {
            // A river tile goes only to the river's open end.
            Some(at) => self.board.for_each_fit_at(tile, at, |p| !check(p) || f(p)),
            None => self.board.for_each_fit(tile, |p| !check(p) || f(p)),
        }
    }

    /// Checks a placement without changing anything.
    pub fn check_placement(
        &self,
        tile: TileId,
        at: Pos,
        rotation: Rotation,
    ) -> Result<(), PlaceError> {
        self.board.check_edges(tile, at, rotation)?;
        expansions::check_place(self, tile, at, rotation).map(|_| ())
    }

    // ----- figure places -----

    /// The segment a place names on `tile` turned by `rotation` (`u8::MAX` as `usize` for a
    /// garden, when `garden` says the copy has one).
    pub fn spot_segment(tile: TileId, rotation: Rotation, spot: Spot) -> Option<usize> {
        let t = tile.get();
        let v = t.view(rotation);
        let seg = match spot {
            Spot::City(s) => v.city_at[s as usize],
            Spot::Road(s) => v.road_at[s as usize],
            Spot::Field(h) => v.field_at[h as usize],
            Spot::FieldInner => t
                .fields
                .iter()
                .position(|f| f.halves == 0)
                .map(|i| (t.field_base() + i) as u8),
            Spot::Cloister => t.cloister_segment().map(|s| s as u8),
            Spot::Garden | Spot::Tower => None,
        };
        seg.map(usize::from)
    }

    /// The canonical place name of a segment in board orientation.
    pub fn segment_spot(tile: TileId, rotation: Rotation, seg: usize) -> Spot {
        let t = tile.get();
        let v = t.view(rotation);
        let s8 = seg as u8;
        if s8 == GARDEN_SEGMENT {
            return Spot::Garden;
        }
        if s8 == TOWER_SEGMENT {
            return Spot::Tower;
        }
        match t.segment_kind(seg) {
            FeatureKind::City => Side::ALL
                .into_iter()
                .find(|s| v.city_at[*s as usize] == Some(s8))
                .map(Spot::City)
                .unwrap_or(Spot::Cloister),
            FeatureKind::Road => Side::ALL
                .into_iter()
                .find(|s| v.road_at[*s as usize] == Some(s8))
                .map(Spot::Road)
                .unwrap_or(Spot::Cloister),
            FeatureKind::Field => Half::ALL
                .into_iter()
                .find(|h| v.field_at[*h as usize] == Some(s8))
                .map(Spot::Field)
                .unwrap_or(Spot::FieldInner),
            FeatureKind::Cloister => Spot::Cloister,
        }
    }

    /// The segment of the tile just placed that a figure would take, after every check.
    fn check_deploy(&self, index: usize, figure: Figure, spot: Spot) -> Result<u8, FollowerError> {
        if !self.exp.has_figure(figure) {
            return Err(FollowerError::FigureNotInGame(figure));
        }
        let placed = self.board.tiles[index];
        let seg = if spot == Spot::Garden {
            if !placed.garden {
                return Err(FollowerError::NoSuchPlace {
                    tile: placed.tile,
                    rotation: placed.rotation.degrees(),
                    spot,
                });
            }
            GARDEN_SEGMENT
        } else {
            Self::spot_segment(placed.tile, placed.rotation, spot).ok_or(
                FollowerError::NoSuchPlace {
                    tile: placed.tile,
                    rotation: placed.rotation.degrees(),
                    spot,
                },
            )? as u8
        };
        let canonical = Self::segment_spot(placed.tile, placed.rotation, seg as usize);
        self.check_deploy_seg(index, figure, seg, canonical)?;
        Ok(seg)
    }

    /// The checks of [`Game::check_deploy`] once the segment and its canonical place are known.
    fn check_deploy_seg(
        &self,
        index: usize,
        figure: Figure,
        seg: u8,
        canonical: Spot,
    ) -> Result<(), FollowerError> {
        let seat = self.pending.seat;
        let placed = self.board.tiles[index];
        let spot = canonical;
        let kind = spot.kind();
        expansions::check_tile(self, index)?;
        if kind == FeatureKind::Field
            && self.setup.rules.farms == FarmRule::None
            && matches!(figure, Figure::Follower | Figure::Large | Figure::Pig)
        {
            return Err(FollowerError::NoFarmers);
        }
        if self.supply[seat].count(figure) == 0 {
            return Err(FollowerError::NoneLeft(figure));
        }
        match figure {
            Figure::Follower | Figure::Large => {
                if spot == Spot::Garden {
                    return Err(FollowerError::GardenIsForTheAbbot);
                }
                if self
                    .features
                    .root_data(placed.first_node + seg as u32)
                    .occupied()
                {
                    return Err(FollowerError::Occupied { spot: canonical });
                }
            }
            Figure::Builder | Figure::Pig | Figure::Abbot => {
                expansions::check_special_deploy(self, index, figure, canonical, seg)?;
            }
        }
        Ok(())
    }

    // ----- actions -----

    /// Applies an action for the seat that must decide. On error nothing changes; on success the
    /// automatic steps run until the next decision.
    pub fn apply(&mut self, action: Action) -> Result<TurnOutcome, ActionError> {
        let mut out = TurnOutcome::new(self.pending.seat);
        self.apply_into(action, &mut out)?;
        Ok(out)
    }

    /// [`Game::apply`] adding what happened to `out` (a live game's draws join the outcome of
    /// the action before them without moving it around).
    pub(crate) fn apply_into(
        &mut self,
        action: Action,
        out: &mut TurnOutcome,
    ) -> Result<(), ActionError> {
        let decision = self.pending.decision;
        match (decision, action) {
            (Decision::GameOver, _) => Err(ActionError::GameOver),
            (Decision::Draw, Action::Draw { tile, garden }) => {
                self.check_draw(tile, garden)?;
                self.do_draw(tile, garden, out);
                Ok(())
            }
            (Decision::PlaceTile { tile, garden }, Action::Place { at, rotation }) => {
                self.board.check_edges(tile, at, rotation)?;
                let river = expansions::check_place(self, tile, at, rotation)?;
                // Valid: from here on nothing fails.
                let seat = self.pending.seat;
                self.take_tile(tile, garden);
                let index = self.put_tile(tile, at, rotation, garden);
                self.exp.river = river;
                expansions::after_place(self, index);
                self.log.push(Turn {
                    seat: seat as u8,
                    tile,
                    garden,
                    placed: Some((at, rotation)),
                    act: Act::None,
                    ransom: self.turn.ransom,
                    dragon: [None; 6],
                    set_aside: false,
                });
                self.pending.decision = Decision::Act { at };
                Ok(())
            }
            (Decision::Act { at }, a)
                if !matches!(a, Action::Princess { .. } | Action::Draw { .. })
                    && self
                        .board
                        .cell(at)
                        .is_some_and(|i| expansions::princess_due(self, i)) =>
            {
                Err(PrincessError::PrincessFirst.into())
            }
            (Decision::Act { at }, Action::Princess { knight }) => {
                let index = self.board.cell(at).expect("the tile just placed");
                let i = expansions::princess::check_princess(self, index, knight)?;
                let canonical = Capture {
                    on: self.board.tiles[self.meeples[i].tile_index as usize].pos,
                    spot: self.meeples[i].spot,
                };
                expansions::princess::send_home(self, i, out);
                if let Some(t) = self.log.last_mut() {
                    t.act = Act::Princess(canonical);
                }
                self.finish_turn(index, out);
                Ok(())
            }
            (Decision::Act { at }, Action::Fairy { at: to }) => {
                let index = self.board.cell(at).expect("the tile just placed");
                let f = expansions::princess::check_fairy(self, to)?;
                expansions::princess::move_fairy(self, f);
                if let Some(t) = self.log.last_mut() {
                    t.act = Act::Fairy(to);
                }
                self.finish_turn(index, out);
                Ok(())
            }
            (Decision::DragonMove { .. }, Action::MoveDragon { side }) => {
                self.dragon_step(side, out)
            }
            (Decision::Act { at }, Action::Deploy { figure, spot }) => {
                let index = self.board.cell(at).expect("the tile just placed");
                let seg = self.check_deploy(index, figure, spot)?;
                let seat = self.pending.seat;
                let spot = Self::segment_spot(
                    self.board.tiles[index].tile,
                    self.board.tiles[index].rotation,
                    seg as usize,
                );
                self.deploy(seat, index, seg, spot, figure);
                if let Some(t) = self.log.last_mut() {
                    t.act = Act::Deploy(figure, spot);
                }
                self.finish_turn(index, out);
                Ok(())
            }
            (Decision::Act { at }, Action::Recall) => {
                let index = self.board.cell(at).expect("the tile just placed");
                let seat = self.pending.seat;
                let m = expansions::abbot::recallable(self, seat).ok_or(ActionError::NoAbbot)?;
                expansions::abbot::recall(self, m, out);
                if let Some(t) = self.log.last_mut() {
                    t.act = Act::Recall;
                }
                self.finish_turn(index, out);
                Ok(())
            }
            (Decision::PlaceTile { .. }, Action::Ransom { from, figure }) => {
                expansions::tower::check_ransom(self, from, figure)?;
                expansions::tower::ransom(self, from, figure, out);
                self.turn.ransom = Some((from, figure));
                Ok(())
            }
            (Decision::Act { at }, Action::Tower { at: site, capture }) => {
                let index = self.board.cell(at).expect("the tile just placed");
                let plan = expansions::tower::check_build(self, site, capture)?;
                expansions::tower::build(self, plan, out);
                if let Some(t) = self.log.last_mut() {
                    t.act = Act::Tower(site, capture);
                }
                self.finish_turn(index, out);
                Ok(())
            }
            (Decision::Act { at }, Action::DeployOn { on, figure, spot }) => {
                let index = self.board.cell(at).expect("the tile just placed");
                let seat = self.pending.seat;
                let (target, seg, canonical) = if spot == Spot::Tower || self.exp.princess.is_none()
                {
                    let target = expansions::tower::check_guard(self, on, figure, spot)?;
                    expansions::check_tile(self, target)?;
                    (target, TOWER_SEGMENT, Spot::Tower)
                } else {
                    let (target, seg) =
                        expansions::princess::check_portal(self, index, on, figure, spot)?;
                    let p = self.board.tiles[target];
                    (
                        target,
                        seg,
                        Self::segment_spot(p.tile, p.rotation, seg as usize),
                    )
                };
                self.deploy(seat, target, seg, canonical, figure);
                if let Some(t) = self.log.last_mut() {
                    t.act = Act::DeployOn(on, figure, canonical);
                }
                self.finish_turn(index, out);
                Ok(())
            }
            (Decision::Act { at }, Action::Pass) => {
                let index = self.board.cell(at).expect("the tile just placed");
                self.finish_turn(index, out);
                Ok(())
            }
            (d, a) => Err(ActionError::WrongDecision {
                expected: d.name(),
                got: a.name(),
            }),
        }
    }

    /// Checks that `tile` can be drawn now.
    fn check_draw(&self, tile: TileId, garden: bool) -> Result<(), PlaceError> {
        if self.remaining.get(tile.0 as usize).copied().unwrap_or(0) == 0 {
            return Err(PlaceError::NoneLeft(tile));
        }
        if garden {
            if !self.has_set(TileSet::Abbot) {
                return Err(PlaceError::GardenNotInGame);
            }
            if self.remaining_gardens[tile.0 as usize] == 0 {
                return Err(PlaceError::NoGardenLeft(tile));
            }
        } else if self.remaining[tile.0 as usize] == self.remaining_gardens[tile.0 as usize] {
            return Err(PlaceError::OnlyGardensLeft(tile));
        }
        expansions::check_draw(self, tile)
    }

    pub(crate) fn check_draw_ok(&self, tile: TileId, garden: bool) -> bool {
        self.check_draw(tile, garden).is_ok()
    }

    /// Whether `figure` may go on segment `seg` (canonical place `spot`) of the tile just placed.
    pub(crate) fn deploy_ok(&self, index: usize, figure: Figure, seg: u8, spot: Spot) -> bool {
        self.check_deploy_seg(index, figure, seg, spot).is_ok()
    }

    fn do_draw(&mut self, tile: TileId, garden: bool, out: &mut TurnOutcome) {
        let seat = self.pending.seat;
        let set_aside = expansions::sets_aside(self, tile);
        if !set_aside && self.fits_somewhere(tile) {
            self.pending.decision = Decision::PlaceTile { tile, garden };
        } else {
            self.take_tile(tile, garden);
            self.log.push(Turn {
                seat: seat as u8,
                tile,
                garden,
                placed: None,
                act: Act::None,
                ransom: None,
                dragon: [None; 6],
                set_aside,
            });
            if set_aside {
                if let Some(p) = self.exp.princess.as_mut() {
                    p.set_aside.push((tile, garden));
                }
                out.set_aside.push(tile);
            } else {
                out.discarded.push(tile);
            }
            if self.remaining_total == 0 {
                self.pending.decision = Decision::GameOver;
            }
        }
    }

    /// Puts set-aside tiles back among the tiles to draw.
    pub(crate) fn put_back(&mut self, tiles: &[(TileId, bool)]) {
        for &(tile, garden) in tiles {
            self.remaining[tile.0 as usize] += 1;
            if garden {
                self.remaining_gardens[tile.0 as usize] += 1;
            }
            self.remaining_total += 1;
        }
    }

    /// Takes figure `i` off the board back to its owner's supply; a builder or pig whose owner
    /// keeps no follower on its feature goes home with it.
    pub(crate) fn remove_figure(&mut self, i: usize, out: &mut TurnOutcome) {
        let m = self.meeples[i];
        let root = self.root_of(&m);
        self.return_meeple(i, &mut out.returned);
        if let Some(root) = root {
            self.leave_with_last_follower(m.player as usize, root, out);
        }
    }

    /// A builder or pig of `owner` on the feature `root` goes home if `owner` has no follower
    /// left there.
    pub(crate) fn leave_with_last_follower(
        &mut self,
        owner: usize,
        root: u32,
        out: &mut TurnOutcome,
    ) {
        if self.features.data[root as usize].strength[owner] != 0 {
            return;
        }
        let mut k = 0;
        while k < self.meeples.len() {
            let o = self.meeples[k];
            if o.player as usize == owner
                && matches!(o.figure, Figure::Builder | Figure::Pig)
                && self.root_of(&o) == Some(root)
            {
                let pos = self.board.tiles[o.tile_index as usize].pos;
                self.return_meeple(k, &mut out.returned);
                out.sent_home.push((owner, o.figure, pos));
            } else {
                k += 1;
            }
        }
    }

    /// Places `tile` for the current player with an optional figure: [`Action::Draw`],
    /// [`Action::Place`], then [`Action::Deploy`] or [`Action::Pass`], all or nothing. A convenience
    /// for tests and tools; the game must be waiting for the draw or for the placement of `tile`.
    pub fn place(
        &mut self,
        tile: TileId,
        at: Pos,
        rotation: Rotation,
        spot: Option<Spot>,
        figure: Figure,
    ) -> Result<TurnOutcome, ActionError> {
        let mut g = self.clone();
        let mut out = TurnOutcome::new(self.pending.seat);
        match g.pending.decision {
            Decision::Draw => {
                let d = g.apply(Action::Draw {
                    tile,
                    garden: false,
                })?;
                if !d.discarded.is_empty() {
                    // It fits nowhere: report why at the asked place.
                    self.check_placement(tile, at, rotation)?;
                    return Err(PlaceError::FitsNowhere(tile).into());
                }
            }
            Decision::PlaceTile { tile: drawn, .. } if drawn != tile => {
                return Err(PlaceError::NotDrawn { drawn, asked: tile }.into())
            }
            _ => {}
        }
        out.merge(g.apply(Action::Place { at, rotation })?);
        let act = match spot {
            Some(spot) => Action::Deploy { figure, spot },
            None => Action::Pass,
        };
        out.merge(g.apply(act)?);
        *self = g;
        Ok(out)
    }

    /// The figure actions (`Pass` first, then recall and every figure on every place) open to
    /// the current player after placing the drawn `tile` as given. Empty if the placement itself
    /// is illegal. Works on a copy: the game does not change.
    pub fn acts_after(&self, tile: TileId, placement: Placement) -> Vec<Action> {
        let mut g = self.clone();
        if let Decision::Draw = g.pending.decision {
            if g.apply(Action::Draw {
                tile,
                garden: false,
            })
            .is_err()
            {
                return Vec::new();
            }
        }
        if g.tile_to_place() != Some(tile)
            || g.apply(Action::Place {
                at: placement.at,
                rotation: placement.rotation,
            })
            .is_err()
        {
            return Vec::new();
        }
        g.legal_actions()
    }

    /// The places where the current player may put a figure after placing the drawn `tile` as
    /// given (every figure kind), one canonical name per segment. Empty if the placement itself is
    /// illegal.
    pub fn legal_spots(&self, tile: TileId, placement: Placement) -> Vec<(Figure, Spot)> {
        self.acts_after(tile, placement)
            .into_iter()
            .filter_map(|a| match a {
                Action::Deploy { figure, spot } => Some((figure, spot)),
                _ => None,
            })
            .collect()
    }

    fn take_tile(&mut self, tile: TileId, garden: bool) {
        self.remaining[tile.0 as usize] -= 1;
        if garden {
            self.remaining_gardens[tile.0 as usize] -= 1;
        }
        self.remaining_total -= 1;
    }

    fn put_tile(&mut self, tile: TileId, at: Pos, rotation: Rotation, garden: bool) -> usize {
        let first_node = self.features.nodes.len() as u32;
        let index = self.board.put(tile, at, rotation, garden, first_node);
        if garden || tile.get().cloister {
            self.unsurrounded.push(index as u16);
        }
        self.features.add_tile(index, tile.get());
        self.features.join_neighbours(&self.board, index);
        index
    }

    fn deploy(&mut self, player: usize, index: usize, seg: u8, spot: Spot, figure: Figure) {
        *self.supply[player].slot(figure) -= 1;
        if seg < TOWER_SEGMENT {
            let root = self.features.find(self.node_of(index, seg as usize));
            self.features.data[root as usize].strength[player] += figure.strength();
        }
        self.meeples.push(Meeple {
            player: player as u8,
            figure,
            tile_index: index as u16,
            segment: seg,
            spot,
        });
    }

    /// Takes the figure `i` of `meeples` off the board, back to its owner.
    pub(crate) fn return_meeple(&mut self, i: usize, returned: &mut [u8]) {
        let m = self.take_meeple(i);
        *self.supply[m.player as usize].slot(m.figure) += 1;
        returned[m.player as usize] += 1;
    }

    /// Takes the figure `i` of `meeples` off the board (to nobody's supply yet).
    pub(crate) fn take_meeple(&mut self, i: usize) -> Meeple {
        let m = self.meeples.swap_remove(i);
        if let Some(root) = self.root_of(&m) {
            self.features.data[root as usize].strength[m.player as usize] -= m.figure.strength();
        }
        m
    }

    /// Returns every figure on the feature with root `root` to its owner.
    pub(crate) fn return_figures(&mut self, root: u32, returned: &mut [u8]) {
        let mut i = 0;
        while i < self.meeples.len() {
            if self.root_of(&self.meeples[i]) == Some(root) {
                self.return_meeple(i, returned);
            } else {
                i += 1;
            }
        }
    }

    /// Scores what the tile at `index` completed, then ends the turn.
    fn finish_turn(&mut self, index: usize, out: &mut TurnOutcome) {
        let dragon = expansions::dragon_tile(self, index);
        if dragon
            && self.setup.rules.dragon == DragonRule::BeforeScoring
            && expansions::princess::start_journey(self, Some(index))
        {
            self.pending.decision = Decision::DragonMove { step: 0 };
            return;
        }
        self.score_completed(index, out);
        if dragon
            && self.setup.rules.dragon == DragonRule::AfterScoring
            && expansions::princess::start_journey(self, None)
        {
            self.pending.decision = Decision::DragonMove { step: 0 };
            return;
        }
        self.end_turn(out);
    }

    /// Ends the turn: the next seat (or the builder's second turn), the fairy's point at the start
    /// of a new turn, and the next draw.
    fn end_turn(&mut self, out: &mut TurnOutcome) {
        let n = self.player_count();
        out.turn_ended = true;
        let fresh = if self.turn.builder_used && !self.turn.second {
            self.turn = TurnState {
                second: true,
                ..TurnState::default()
            };
            out.extra_turn = true;
            false
        } else {
            self.turn = TurnState::default();
            self.pending.turn_of = (self.pending.turn_of + 1) % n;
            true
        };
        self.pending.seat = self.pending.turn_of;
        self.pending.decision = if self.remaining_total == 0 {
            Decision::GameOver
        } else {
            Decision::Draw
        };
        if fresh && self.pending.decision == Decision::Draw {
            expansions::turn_start(self, self.pending.turn_of, out);
        }
    }

    /// One step of the dragon's journey by the seat to decide.
    fn dragon_step(&mut self, side: Side, out: &mut TurnOutcome) -> Result<(), ActionError> {
        expansions::princess::check_step(self, side)?;
        let Decision::DragonMove { step } = self.pending.decision else {
            return Err(PrincessError::NoJourney.into());
        };
        let mover = self.pending.seat;
        if let Some(t) = self.log.last_mut() {
            if let Some(slot) = t.dragon.get_mut(step as usize) {
                *slot = Some(side);
            }
        }
        let (more, score_after) = expansions::princess::step(self, side, out);
        if more {
            self.pending.seat = (mover + 1) % self.player_count();
            self.pending.decision = Decision::DragonMove { step: step + 1 };
            return Ok(());
        }
        self.pending.seat = self.pending.turn_of;
        if let Some(index) = score_after {
            self.score_completed(index, out);
        }
        self.end_turn(out);
        Ok(())
    }

    /// The fairy's 3 points for a feature scored during the game.
    fn fairy_points(&mut self, root: u32, out: &mut TurnOutcome) {
        if let Some(e) = expansions::fairy_bonus(self, root) {
            for &p in &e.players {
                self.scores[p] += e.points;
            }
            out.events.push(e);
        }
    }

    /// Points of a city or road feature; `complete` says whether it is finished.
    pub(crate) fn feature_points(
        &self,
        kind: FeatureKind,
        f: &super::features::FeatureData,
        tiles: u32,
        complete: bool,
    ) -> u32 {
        let pennants = f.pennants as u32;
        if let Some(p) = expansions::feature_points(self, kind, f, tiles, complete) {
            return p;
        }
        match (kind, complete) {
            (FeatureKind::City, true) if self.setup.rules.small_city && tiles == 2 => {
                tiles + pennants
            }
            (FeatureKind::City, true) => 2 * (tiles + pennants),
            (FeatureKind::City, false) => tiles + pennants,
            (FeatureKind::Road, _) => tiles,
            _ => 0,
        }
    }

    fn score_completed(&mut self, index: usize, out: &mut TurnOutcome) {
        let placed = self.board.tiles[index];
        let t = placed.tile.get();
        let n = self.player_count();
        // Cities and roads through the new tile (a tile has at most four of them).
        let mut roots = [(0u32, FeatureKind::City); 4];
        let mut count = 0;
        for seg in 0..t.field_base() {
            let r = self.features.find(placed.first_node + seg as u32);
            if !roots[..count].iter().any(|(x, _)| *x == r) {
                roots[count] = (r, t.segment_kind(seg));
                count += 1;
            }
        }
        for &(root, kind) in &roots[..count] {
            let f = &self.features.data[root as usize];
            if f.open != 0 {
                continue;
            }
            if kind == FeatureKind::City {
                expansions::city_completed(self, root, out);
            }
            let f = &self.features.data[root as usize];
            let winners = majority(&f.strength, n);
            if !winners.is_empty() {
                let tiles = self.features.tile_count(root);
                let points = self.feature_points(kind, f, tiles, true);
                let pennants = f.pennants as u32;
                for &w in &winners {
                    self.scores[w] += points;
                }
                out.events.push(ScoreEvent {
                    reason: Reason::of_kind(kind),
                    complete: true,
                    points,
                    players: winners,
                    tiles,
                    pennants,
                    at: placed.pos,
                });
                self.fairy_points(root, out);
            }
            self.return_figures(root, &mut out.returned);
        }
        // Cloisters (and gardens) on the new tile and around it.
        // Those the new tile surrounded, in the order of the new tile, then its ring.
        let order = |p: Pos| {
            let (dx, dy) = (p.x - placed.pos.x + 1, p.y - placed.pos.y + 1);
            ((0..3).contains(&dx) && (0..3).contains(&dy))
                .then(|| [[1, 2, 3], [8, 0, 4], [7, 6, 5]][dy as usize][dx as usize])
        };
        let mut done = [(0usize, 0usize); 9];
        let mut count = 0;
        let mut k = 0;
        while k < self.unsurrounded.len() {
            let ti = self.unsurrounded[k] as usize;
            let p = self.board.tiles[ti].pos;
            match order(p) {
                Some(rank) if self.board.neighbours_filled(p) == 8 => {
                    done[count] = (rank, ti);
                    count += 1;
                    self.unsurrounded.swap_remove(k);
                }
                _ => k += 1,
            }
        }
        done[..count].sort_unstable();
        for &(_, ti) in &done[..count] {
            let p = self.board.tiles[ti].pos;
            let pt = self.board.tiles[ti];
            if let Some(cseg) = pt.tile.get().cloister_segment() {
                let root = self.features.find(pt.first_node + cseg as u32);
                let winners = majority(&self.features.data[root as usize].strength, n);
                if !winners.is_empty() {
                    for &w in &winners {
                        self.scores[w] += 9;
                    }
                    out.events.push(ScoreEvent {
                        reason: Reason::Cloister,
                        complete: true,
                        points: 9,
                        players: winners,
                        tiles: 9,
                        pennants: 0,
                        at: p,
                    });
                    self.fairy_points(root, out);
                    self.return_figures(root, &mut out.returned);
                }
            }
            expansions::score_garden(self, ti, out);
        }
    }

    /// The end-of-game scoring as if the game ended now; the game itself is not changed.
    pub fn final_scoring(&self) -> FinalScoring {
        let n = self.player_count();
        let mut events = Vec::new();
        // Incomplete cities, roads and cloisters with figures.
        let mut done: Vec<u32> = Vec::new();
        for m in &self.meeples {
            let Some(root) = self.root_of(m) else {
                continue;
            };
            let pt = self.board.tiles[m.tile_index as usize];
            let kind = pt.tile.get().segment_kind(m.segment as usize);
            if kind == FeatureKind::Field || done.contains(&root) {
                continue;
            }
            done.push(root);
            let f = &self.features.data[root as usize];
            let winners = majority(&f.strength, n);
            if winners.is_empty() {
                continue;
            }
            let (points, tiles) = if kind == FeatureKind::Cloister {
                let c = 1 + self.board.neighbours_filled(pt.pos);
                (c, c)
            } else {
                let tiles = self.features.tile_count(root);
                (self.feature_points(kind, f, tiles, false), tiles)
            };
            events.push(ScoreEvent {
                reason: Reason::of_kind(kind),
                complete: false,
                points,
                players: winners,
                tiles,
                pennants: if kind == FeatureKind::City {
                    f.pennants as u32
                } else {
                    0
                },
                at: pt.pos,
            });
            events.extend(expansions::fairy_bonus(self, root));
        }
        expansions::final_scoring(self, &mut events);
        self.score_farms(&mut events);
        expansions::final_goods(self, &mut events);
        let mut scores = self.scores.clone();
        let mut breakdown = vec![[0u32; Reason::COUNT]; n];
        for e in &events {
            for &p in &e.players {
                scores[p] += e.points;
                breakdown[p][e.reason.index()] += e.points;
            }
        }
        let best = scores.iter().copied().max().unwrap_or(0);
        let winners = (0..n).filter(|&p| scores[p] == best).collect();
        FinalScoring {
            events,
            scores,
            breakdown,
            winners,
        }
    }

    /// Completed city roots bordering the farm with root `field_root`.
    fn farm_cities(&self, field_root: u32) -> Vec<u32> {
        let mut cities = Vec::new();
        for node in self.features.members(field_root) {
            let nd = &self.features.nodes[node as usize];
            let pt = self.board.tiles[nd.tile as usize];
            let t = pt.tile.get();
            let field = &t.fields[nd.seg as usize - t.field_base()];
            for &c in &field.cities {
                let r = self.features.find(pt.first_node + c as u32);
                if self.features.data[r as usize].open == 0 && !cities.contains(&r) {
                    cities.push(r);
                }
            }
        }
        cities
    }

    /// Pushes one event per distinct award: `base` to each winner, `base + bonus` to winners with
    /// a pig on one of `farms`.
    #[allow(clippy::too_many_arguments)]
    fn push_farm_awards(
        &self,
        events: &mut Vec<ScoreEvent>,
        winners: Vec<usize>,
        farms: &[u32],
        base: u32,
        per_pig: u32,
        tiles: u32,
        at: Pos,
    ) {
        let (pig, plain): (Vec<usize>, Vec<usize>) = winners
            .into_iter()
            .partition(|&w| expansions::has_pig(self, w, farms));
        for (players, points) in [(plain, base), (pig, base + per_pig)] {
            if !players.is_empty() {
                events.push(ScoreEvent {
                    reason: Reason::Farm,
                    complete: false,
                    points,
                    players,
                    tiles,
                    pennants: 0,
                    at,
                });
            }
        }
    }

    fn score_farms(&self, events: &mut Vec<ScoreEvent>) {
        let n = self.player_count();
        let rule = self.setup.rules.farms;
        if rule == FarmRule::None {
            return;
        }
        // Farms with farmers, with their completed cities.
        let mut farms: Vec<(u32, Vec<u32>)> = Vec::new();
        for m in &self.meeples {
            let Some(root) = self.root_of(m) else {
                continue;
            };
            let pt = self.board.tiles[m.tile_index as usize];
            if pt.tile.get().segment_kind(m.segment as usize) != FeatureKind::Field {
                continue;
            }
            if !farms.iter().any(|(r, _)| *r == root) {
                farms.push((root, self.farm_cities(root)));
            }
        }
        let farm_pos =
            |root: u32| self.board.tiles[self.features.nodes[root as usize].tile as usize].pos;
        match rule {
            FarmRule::PerFarm => {
                for (root, cities) in &farms {
                    let winners = majority(&self.features.data[*root as usize].strength, n);
                    if winners.is_empty() || cities.is_empty() {
                        continue;
                    }
                    let c = cities.len() as u32;
                    self.push_farm_awards(events, winners, &[*root], 3 * c, c, c, farm_pos(*root));
                    events.extend(expansions::fairy_bonus(self, *root));
                }
            }
            FarmRule::PerCity => {
                let mut all_cities: Vec<u32> =
                    farms.iter().flat_map(|(_, c)| c.iter().copied()).collect();
                all_cities.sort_unstable();
                all_cities.dedup();
                let mut scored_farms: Vec<u32> = Vec::new();
                for city in all_cities {
                    let mut strength = [0u8; MAX_PLAYERS];
                    let mut supplying = Vec::new();
                    for (root, cities) in &farms {
                        if cities.contains(&city) {
                            supplying.push(*root);
                            for (s, x) in strength
                                .iter_mut()
                                .zip(self.features.data[*root as usize].strength)
                            {
                                *s += x;
                            }
                        }
                    }
                    let winners = majority(&strength, n);
                    if winners.is_empty() {
                        continue;
                    }
                    self.push_farm_awards(events, winners, &supplying, 4, 1, 1, farm_pos(city));
                    scored_farms.extend(supplying);
                }
                scored_farms.sort_unstable();
                scored_farms.dedup();
                for root in scored_farms {
                    events.extend(expansions::fairy_bonus(self, root));
                }
            }
            FarmRule::None => {}
        }
    }

    /// Whether the feature of a tile's segment is complete (cities and roads; cloisters when
    /// surrounded; fields never).
    pub fn segment_complete(&self, tile_index: usize, seg: usize) -> bool {
        let pt = self.board.tiles[tile_index];
        if seg == GARDEN_SEGMENT as usize {
            return self.board.neighbours_filled(pt.pos) == 8;
        }
        if seg == TOWER_SEGMENT as usize {
            return false;
        }
        match pt.tile.get().segment_kind(seg) {
            FeatureKind::City | FeatureKind::Road => {
                self.features.root_data(pt.first_node + seg as u32).open == 0
            }
            FeatureKind::Cloister => self.board.neighbours_filled(pt.pos) == 8,
            FeatureKind::Field => false,
        }
    }
}
