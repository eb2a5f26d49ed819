//! The validated game: the state of the rules and the one way it changes, [`Game::apply`].
//!
//! A [`Game`] is its setup, the board, the features, the figures, supplies, scores, the counts of
//! the tiles not yet drawn, the pending decision and each expansion's state, plus the log of actions
//! (the record). It never holds the hidden draw order: a live game keeps that in a
//! [`LiveGame`](super::live::LiveGame). `apply` validates everything before touching any state, so a
//! rejected action leaves the game exactly as it was; after a valid action the automatic steps
//! (discarding unplaceable draws, scoring, returning figures, choosing the next seat) run until the
//! next decision.

use super::action::{Action, Capture, Decision, Pending, ScoreEvent, TurnOutcome};
use super::board::{Board, PlacedTile, Placement};
use super::error::{ActionError, FollowerError, PlaceError, SetupError};
pub use super::expansions::tile_counts;
use super::expansions::{gardens_among, Expansions};
use super::features::{majority, majority_seats, Seats, MAX_PLAYERS};
use super::geom::{Pos, Rotation, Side};
pub use super::log::{Logged, TurnView};
pub(crate) use super::table::Table;
pub use super::table::{figure_of, FigureId, Meeple, Supply, FOLLOWERS_PER_PLAYER};
use super::tiles::{EdgeKind, FeatureKind, TileId, TileSet};
use super::types::{FarmRule, Figure, Reason, Rules, Setup, Spot};
use serde::Serialize;

mod figures;
pub(crate) mod hooks;
mod scoring;
mod turn;

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

/// An unfinished feature with figures ([`Game::unfinished_features`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unfinished {
    /// City, road or cloister.
    pub kind: FeatureKind,
    /// The seats with the majority.
    pub players: Seats,
    /// Points if the game ended now.
    pub now: u32,
    /// Points if it were completed now.
    pub complete: u32,
    /// Open edges (a cloister: empty cells around it).
    pub open: u32,
    /// It needs a cell nothing still to come can fill ([`Game::unfillable_cells`]): it will
    /// not be completed. Always false from [`Game::scores_now`] when not asked for.
    pub blocked: bool,
}

/// A feature of a game, named so that a later state of the same game can tell whether it was
/// completed ([`Game::completed`]), whatever it merged with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FeatureRef {
    /// A node of the feature in the game's union-find (its root when named; a cloister's is on
    /// the cloister's tile).
    node: u32,
    /// A cloister (completed by its eight neighbours) or a city or road (by its edges).
    cloister: bool,
}

/// State of the turn in progress.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct TurnState {
    /// This is the builder's second turn.
    pub(crate) second: bool,
    /// The tile of this turn extended a feature with the player's builder.
    pub(crate) builder_used: bool,
    /// A set's action before placing (a ransom: one a turn) was taken this turn.
    pub(crate) before_placing: bool,
}

/// A game in progress (or replayed from a record). Equality compares the whole state.
#[derive(Debug, PartialEq, Eq)]
pub struct Game {
    pub(crate) setup: Setup,
    /// The board, its features, the figures, supplies, scores and goods.
    pub(crate) table: Table,
    remaining: Vec<u8>,
    /// Garden copies not yet drawn, per tile type (Abbot games).
    remaining_gardens: Vec<u8>,
    remaining_total: u32,
    pending: Pending,
    pub(crate) turn: TurnState,
    pub(crate) exp: Expansions,
    log: Vec<Logged>,
    /// Tiles drawn so far (the draws in the log).
    drawn: u32,
    /// Turns that placed a tile from the player's hand instead of a drawn one (an abbey).
    pub(crate) undrawn: u32,
    /// Placement indices of the tiles with a cloister or a garden whose eight neighbours are not
    /// all placed yet (the only ones a new tile can complete).
    unsurrounded: Vec<u16>,
}

clone_fields!(Game {
    setup,
    table,
    remaining,
    remaining_gardens,
    remaining_total,
    pending,
    turn,
    exp,
    log,
    drawn,
    undrawn,
    unsurrounded
});

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
        let remaining = tile_counts(&setup.sets);
        let remaining_gardens = gardens_among(&setup.sets, &remaining);
        let remaining_total: u32 = remaining.iter().map(|&c| c as u32).sum();
        let mut g = Game {
            table: exp.new_table(setup.rules, n, remaining_total as usize + 1),
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
            log: Vec::with_capacity(3 * remaining_total as usize),
            drawn: 0,
            undrawn: 0,
            unsurrounded: Vec::new(),
            setup,
        };
        let start = g.exp.start_tile();
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

    /// Shows the players under other names, one per seat (a picture marks a player who is
    /// away); the rules never read names. Names of another count are ignored.
    pub fn rename_players(&mut self, names: Vec<String>) {
        if names.len() == self.setup.players.len() {
            self.setup.players = names;
        }
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
        self.table.has_figure(f)
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
        &self.table.board
    }

    /// Tiles of each type not seen yet, indexed by `TileId`: those still to be drawn and those
    /// under hills (Hills & Sheep), whose kinds nobody knows.
    pub fn remaining(&self) -> &[u8] {
        &self.remaining
    }

    /// Garden copies of each type not yet drawn (Abbot games).
    pub fn remaining_gardens(&self) -> &[u8] {
        &self.remaining_gardens
    }

    /// The `k`-th copy (`0..unseen()`) among the tiles not seen yet, as a draw: the
    /// types in catalog order, each type's garden copies first. A uniform `k` samples the draw
    /// as the bag would (`None`: `k` is past the last copy).
    pub fn nth_left(&self, mut k: u32) -> Option<Action> {
        for (i, &c) in self.remaining.iter().enumerate() {
            if k < c as u32 {
                return Some(Action::Draw {
                    tile: TileId(i as u8),
                    garden: k < self.remaining_gardens[i] as u32,
                });
            }
            k -= c as u32;
        }
        None
    }

    /// Number of tiles still to be drawn (the tiles under hills are out of the game).
    pub fn remaining_total(&self) -> u32 {
        self.remaining_total
    }

    /// Number of tiles put out of the game under hills (Hills & Sheep).
    pub fn buried(&self) -> u32 {
        hooks::buried(self)
    }

    /// Number of tiles not seen yet: those still to be drawn and those under hills. A uniform
    /// `k` below it, given to [`Game::nth_left`], samples the next draw as the players see it.
    pub fn unseen(&self) -> u32 {
        self.remaining_total + self.buried()
    }

    /// Whether the game has ended (no tile left to draw).
    pub fn is_over(&self) -> bool {
        self.pending.decision == Decision::GameOver
    }

    /// Scores during the game (before end-game scoring).
    pub fn scores(&self) -> &[u32] {
        &self.table.scores
    }

    /// Figures in hand per seat.
    pub fn supplies(&self) -> &[Supply] {
        &self.table.supply
    }

    /// Tiles on the board in placement order (the start tile first).
    pub fn tiles(&self) -> &[PlacedTile] {
        self.table.board.tiles()
    }

    /// Figures on the board.
    pub fn meeples(&self) -> &[Meeple] {
        &self.table.meeples
    }

    /// The log: every action taken so far, in order (a record of version 2 is this log).
    pub fn log(&self) -> &[Logged] {
        &self.log
    }

    /// The turns played so far, one per drawn tile, oldest first: a tile placed (a turn whose
    /// figure action or dragon's journey is still pending included), discarded or set aside. A
    /// tile drawn and not placed yet is not one.
    pub fn turns(&self) -> impl DoubleEndedIterator<Item = TurnView<'_>> {
        let end = match self.pending.decision {
            Decision::PlaceTile { .. } => self
                .log
                .iter()
                .rposition(|e| matches!(e.action, Action::Draw { .. }))
                .unwrap_or(0),
            _ => self.log.len(),
        };
        TurnView::split(&self.log[..end])
    }

    /// A copy of the rules state without the log, for searches and what-ifs that never read
    /// it (a computer weighing its moves): as cheap to copy late in a game as early. Its
    /// [`Game::log`] and [`Game::turns`] hold only what is played on the copy; everything else,
    /// [`Game::turn_count`] included, is the game's.
    pub fn scratch(&self) -> Game {
        Game {
            setup: self.setup.clone(),
            table: self.table.clone(),
            remaining: self.remaining.clone(),
            remaining_gardens: self.remaining_gardens.clone(),
            remaining_total: self.remaining_total,
            pending: self.pending,
            turn: self.turn,
            exp: self.exp.clone(),
            log: Vec::new(),
            drawn: self.drawn,
            undrawn: self.undrawn,
            unsurrounded: self.unsurrounded.clone(),
        }
    }

    /// A [`Game::scratch`] copy in which `seat` begins a turn of its own with `tile` drawn (the
    /// plain copy), everything else as it is: a what-if for a computer weighing a tile it may
    /// come to play later, such as one offered at a bazaar (Bridges, Castles & Bazaars). Only
    /// for such weighing: the copy's turn is not one the game would reach. `None` for a seat or
    /// tile the game does not have.
    pub fn supposing_drawn(&self, seat: usize, tile: TileId) -> Option<Game> {
        if seat >= self.player_count() || tile.0 as usize >= self.remaining.len() {
            return None;
        }
        let mut g = self.scratch();
        // Among the tiles not placed yet, as a drawn tile waiting to be placed is.
        g.put_back(&[(tile, false)]);
        g.turn = TurnState::default();
        g.pending = Pending {
            seat,
            turn_of: seat,
            decision: Decision::PlaceTile {
                tile,
                garden: false,
            },
        };
        Some(g)
    }

    /// The number of [`Game::turns`].
    pub fn turn_count(&self) -> usize {
        let waiting = matches!(self.pending.decision, Decision::PlaceTile { .. });
        (self.drawn + self.undrawn) as usize - usize::from(waiting)
    }

    /// The tile at a position.
    pub fn tile_at(&self, p: Pos) -> Option<&PlacedTile> {
        self.table.board.tile_at(p)
    }

    /// Positions of the empty cells next to the board (where tiles may go).
    pub fn frontier(&self) -> &[Pos] {
        self.table.board.frontier()
    }

    /// Bounding box of the placed tiles: (min, max).
    pub fn bounds(&self) -> (Pos, Pos) {
        self.table.board.bounds()
    }

    /// Edge kind shown by the placed tile at `p` on `side`.
    pub fn edge_at(&self, p: Pos, side: Side) -> Option<EdgeKind> {
        self.table.board.edge_at(p, side)
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
        let fits = if tile.get().edges_decide() {
            // Edges decide (as in `for_each_placement`).
            self.table.board.fits_anywhere(tile)
        } else {
            self.first_placement(tile).is_some()
        };
        // A bridge may make it fit (Bridges, Castles & Bazaars).
        fits || hooks::fits_with_bridge(self, tile)
    }

    fn first_placement(&self, tile: TileId) -> Option<Placement> {
        let mut found = None;
        self.for_each_placement(tile, |p| {
            found = Some(p);
            false
        });
        found
    }

    /// How many legal placements `tile` has, counted without listing them; `None` for a river
    /// tile, whose placements the River's rule judges one by one (list those with
    /// [`Game::for_each_placement`]).
    pub fn placement_count(&self, tile: TileId) -> Option<usize> {
        if !tile.get().edges_decide() {
            return None;
        }
        Some(self.table.board.fit_count(tile))
    }

    /// The placement [`Game::for_each_placement`] lists `k`-th (from 0), found without listing
    /// the others; `None` for a river tile (see [`Game::placement_count`]) or when there are
    /// not that many.
    pub fn nth_placement(&self, tile: TileId, k: usize) -> Option<Placement> {
        if !tile.get().edges_decide() {
            return None;
        }
        self.table.board.nth_fit(tile, k)
    }

    /// A placement of `tile` drawn uniformly from the placements that fit, by trying codes at
    /// random (a frontier cell and a rotation; see `Board::fit_of_code`) and keeping the first
    /// that fits: what random play uses instead of counting every placement, which costs a
    /// table lookup per frontier cell. `None` for a river tile (see [`Game::placement_count`]).
    ///
    /// `options` more choices (numbered from 0) may be offered beside the placements, equally
    /// likely: `Err(i)` is option `i`. The codes are drawn `tries` times at most; when none fits
    /// (a tile that fits in few places), the choice is made exactly, by counting and finding the
    /// placement. Either way every placement and every option is equally likely.
    pub(crate) fn sample_placement<R: rand::Rng>(
        &self,
        tile: TileId,
        options: usize,
        tries: usize,
        rng: &mut R,
    ) -> Option<Result<Placement, usize>> {
        if !tile.get().edges_decide() {
            return None;
        }
        let board = &self.table.board;
        let codes = board.placement_codes();
        let space = (codes + options) as u32;
        if space == 0 {
            return None;
        }
        for _ in 0..tries {
            let c = rng.gen_range(0..space) as usize;
            match c.checked_sub(codes) {
                Some(i) => return Some(Err(i)),
                None => {
                    if let Some(p) = board.fit_of_code(tile, c) {
                        return Some(Ok(p));
                    }
                }
            }
        }
        let placements = board.fit_count(tile);
        let n = placements + options;
        if n == 0 {
            return None;
        }
        let k = rng.gen_range(0..n as u32) as usize;
        Some(match k.checked_sub(placements) {
            Some(i) => Err(i),
            None => Ok(board.nth_fit(tile, k).expect("k < placement count")),
        })
    }

    /// Calls `f` for each legal placement of `tile` until it returns false.
    pub fn for_each_placement(&self, tile: TileId, mut f: impl FnMut(Placement) -> bool) {
        if tile.get().edges_decide() {
            // Only the River restricts where a tile goes, and only river tiles: edges decide.
            self.table.board.for_each_fit(tile, f);
            return;
        }
        let check = |p: Placement| hooks::check_place(self, tile, p.at, p.rotation).is_ok();
        match hooks::placement_cell(self) {
            // A river tile goes only to the river's open end.
            Some(at) => self
                .table
                .board
                .for_each_fit_at(tile, at, |p| !check(p) || f(p)),
            None => self.table.board.for_each_fit(tile, |p| !check(p) || f(p)),
        }
    }

    /// Checks a placement without changing anything.
    pub fn check_placement(
        &self,
        tile: TileId,
        at: Pos,
        rotation: Rotation,
    ) -> Result<(), PlaceError> {
        self.table.board.check_edges(tile, at, rotation)?;
        hooks::check_place(self, tile, at, rotation).map(|_| ())
    }
}
