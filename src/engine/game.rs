//! The validated game: board, features (union-find), followers, turns and scoring.
//!
//! A [`Game`] only changes through [`Game::place`] and [`Game::discard`], which validate everything
//! before touching any state, so a rejected turn leaves the game exactly as it was.

use super::error::{FollowerError, PlaceError, SetupError};
use super::geom::{Half, Pos, Rotation, Side};
use super::record::{Record, TurnRecord};
use super::tiles::{
    catalog, lake, spring, start_tile, EdgeKind, FeatureKind, TileId, TileSet, TileType,
};
use super::types::{FarmRule, Figure, Rules, Setup, Spot};
use serde::Serialize;
use std::collections::VecDeque;

/// Followers each player starts with.
pub const FOLLOWERS_PER_PLAYER: u8 = 7;
/// Most players in a game.
pub const MAX_PLAYERS: usize = 6;

/// A tile on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlacedTile {
    /// Where it lies.
    pub pos: Pos,
    /// Its type.
    pub tile: TileId,
    /// Its rotation.
    pub rotation: Rotation,
    first_node: u32,
}

/// A figure on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Meeple {
    /// Owner's seat.
    pub player: u8,
    /// Which figure.
    pub figure: Figure,
    /// Index of the tile it stands on, in placement order.
    pub tile_index: u16,
    /// Segment of that tile.
    pub segment: u8,
    /// The place name in board orientation.
    pub spot: Spot,
}

/// A placement of a tile: position and rotation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Placement {
    /// Where.
    pub at: Pos,
    /// Turned how far.
    pub rotation: Rotation,
}

/// A feature that was scored, during the game or at its end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ScoreEvent {
    /// City, road, cloister or field.
    pub kind: FeatureKind,
    /// Whether the feature was complete.
    pub complete: bool,
    /// Points each winner got.
    pub points: u32,
    /// The seats that scored (the majority, ties included).
    pub players: Vec<usize>,
    /// Tiles in the feature (for a farm: completed cities it supplies).
    pub tiles: u32,
    /// Pennants in the city.
    pub pennants: u32,
    /// A tile of the feature, to point at it.
    pub at: Pos,
}

/// What a turn did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TurnOutcome {
    /// Who played it.
    pub player: usize,
    /// Features scored this turn.
    pub events: Vec<ScoreEvent>,
    /// Followers returned to each seat.
    pub returned: Vec<u8>,
    /// Tiles that were drawn next and discarded because they fit nowhere (live games).
    pub discarded: Vec<TileId>,
}

/// The end-of-game scoring.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FinalScoring {
    /// Each scored feature.
    pub events: Vec<ScoreEvent>,
    /// Final score per seat (game score plus the end-game points).
    pub scores: Vec<u32>,
    /// End-game points per seat and feature kind: `[city, road, cloister, field]`.
    pub breakdown: Vec<[u32; 4]>,
    /// The seats with the highest final score.
    pub winners: Vec<usize>,
}

/// Index of a feature kind in [`FinalScoring::breakdown`].
pub fn breakdown_index(kind: FeatureKind) -> usize {
    match kind {
        FeatureKind::City => 0,
        FeatureKind::Road => 1,
        FeatureKind::Cloister => 2,
        FeatureKind::Field => 3,
    }
}

/// Union-find node: one segment of one placed tile.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Node {
    parent: u32,
    /// Circular list of the members of the node's set.
    next: u32,
    tile: u16,
    seg: u8,
}

/// Data kept at a union-find root.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Feature {
    size: u32,
    /// Edges of the feature not yet matched by a neighbour (cities, roads).
    open: i32,
    pennants: u16,
    inn: bool,
    cathedral: bool,
    /// Majority strength per seat.
    strength: [u8; MAX_PLAYERS],
}

/// Per-seat figure supply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize)]
pub struct Supply {
    /// Normal followers in hand.
    pub followers: u8,
    /// Large followers in hand (Inns & Cathedrals).
    pub large: u8,
}

impl Supply {
    fn count(&self, f: Figure) -> u8 {
        match f {
            Figure::Follower => self.followers,
            Figure::Large => self.large,
            _ => 0,
        }
    }
    fn slot(&mut self, f: Figure) -> Option<&mut u8> {
        match f {
            Figure::Follower => Some(&mut self.followers),
            Figure::Large => Some(&mut self.large),
            _ => None,
        }
    }
}

/// A game in progress (or replayed from a record). Equality compares the whole state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    setup: Setup,
    half: i32,
    width: i32,
    /// 0 = empty, else placed index + 1.
    cells: Vec<u16>,
    tiles: Vec<PlacedTile>,
    frontier: Vec<Pos>,
    /// Per frontier cell: (mask, required edge code) from its placed neighbours.
    frontier_req: Vec<(u8, u8)>,
    nodes: Vec<Node>,
    features: Vec<Feature>,
    meeples: Vec<Meeple>,
    cloisters: Vec<u16>,
    supply: Vec<Supply>,
    scores: Vec<u32>,
    remaining: Vec<u8>,
    remaining_total: u32,
    deck: Option<VecDeque<TileId>>,
    turns: Vec<Turn>,
    placements: usize,
    /// The River's open end: the cell the next river tile goes to and the side it enters by.
    river_open: Option<(Pos, Side)>,
    /// How the last river tile turned: 1 right, -1 left, 0 straight (or none yet).
    river_turn: i8,
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

/// One entry of the turn log: a drawn tile and where it went (`None`: discarded).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Turn {
    /// The drawn tile.
    pub tile: TileId,
    /// Position, rotation, follower place and figure; `None` for a discarded tile.
    pub placed: Option<(Pos, Rotation, Option<Spot>, Figure)>,
}

impl Turn {
    /// The turn in game-record form.
    pub fn to_record(&self) -> TurnRecord {
        match self.placed {
            Some((at, rotation, spot, figure)) => {
                TurnRecord::placed(self.tile, at, rotation, spot, figure)
            }
            None => TurnRecord::discarded(self.tile),
        }
    }
}

impl Game {
    /// Starts a game whose tiles are named turn by turn (as when replaying a record).
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
        if let Some(s) = setup
            .sets
            .iter()
            .find(|s| !matches!(**s, TileSet::Base | TileSet::Inns | TileSet::River))
        {
            return Err(SetupError::UnsupportedSet(s.name().to_string()));
        }
        let large = u8::from(setup.sets.contains(&TileSet::Inns));
        let remaining = tile_counts(&setup.sets);
        let remaining_total: u32 = remaining.iter().map(|&c| c as u32).sum();
        let half = remaining_total as i32 + 2;
        let width = 2 * half + 1;
        let mut g = Game {
            half,
            width,
            cells: vec![0; (width * width) as usize],
            tiles: Vec::with_capacity(remaining_total as usize + 1),
            frontier: Vec::new(),
            frontier_req: Vec::new(),
            nodes: Vec::with_capacity(6 * (remaining_total as usize + 1)),
            features: Vec::with_capacity(6 * (remaining_total as usize + 1)),
            meeples: Vec::new(),
            cloisters: Vec::new(),
            supply: vec![
                Supply {
                    followers: FOLLOWERS_PER_PLAYER,
                    large
                };
                n
            ],
            scores: vec![0; n],
            remaining,
            remaining_total,
            deck: None,
            turns: Vec::new(),
            placements: 0,
            river_open: None,
            river_turn: 0,
            setup,
        };
        if g.setup.sets.contains(&TileSet::River) {
            // The spring's river leaves east.
            g.put_tile(spring(), Pos::new(0, 0), Rotation::default());
            g.river_open = Some((Pos::new(1, 0), Side::W));
        } else {
            g.put_tile(start_tile(), Pos::new(0, 0), Rotation::default());
        }
        Ok(g)
    }

    /// Starts a live game with a known draw order; tiles that fit nowhere are discarded as drawn.
    pub fn with_deck(setup: Setup, order: Vec<TileId>) -> Result<Game, SetupError> {
        let mut g = Game::new(setup)?;
        g.attach_deck(order)?;
        Ok(g)
    }

    /// Gives a game (e.g. one rebuilt from its record) the order of the tiles still to be drawn,
    /// which must be drawn from the tiles that remain (usually all of them; a shorter deck ends
    /// the game early). Tiles at the front that fit nowhere are discarded (and logged as
    /// discards); they are returned.
    pub fn attach_deck(&mut self, order: Vec<TileId>) -> Result<Vec<TileId>, SetupError> {
        let mut left = self.remaining.clone();
        for &t in &order {
            let c = left
                .get_mut(t.0 as usize)
                .ok_or(SetupError::DeckMismatch(t))?;
            if *c == 0 {
                return Err(SetupError::DeckMismatch(t));
            }
            *c -= 1;
        }
        self.deck = Some(order.into());
        Ok(self.skip_unplaceable())
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

    /// Number of players.
    pub fn player_count(&self) -> usize {
        self.setup.players.len()
    }

    /// The seat whose turn it is.
    pub fn current_player(&self) -> usize {
        self.placements % self.player_count()
    }

    /// The tile the current player must place (live games only).
    pub fn drawn_tile(&self) -> Option<TileId> {
        self.deck.as_ref().and_then(|d| d.front().copied())
    }

    /// The tiles still to be drawn, in order (live games only).
    pub fn deck(&self) -> Option<&VecDeque<TileId>> {
        self.deck.as_ref()
    }

    /// Tiles of each type not yet drawn, indexed by `TileId`.
    pub fn remaining(&self) -> &[u8] {
        &self.remaining
    }

    /// Number of tiles not yet drawn.
    pub fn remaining_total(&self) -> u32 {
        self.remaining_total
    }

    /// Whether the game has ended (no tile left to draw).
    pub fn is_over(&self) -> bool {
        match &self.deck {
            Some(d) => d.is_empty(),
            None => self.remaining_total == 0,
        }
    }

    /// Scores during the game (before end-game scoring).
    pub fn scores(&self) -> &[u32] {
        &self.scores
    }

    /// Figures in hand per seat.
    pub fn supplies(&self) -> &[Supply] {
        &self.supply
    }

    /// Tiles on the board in placement order (the start tile first).
    pub fn tiles(&self) -> &[PlacedTile] {
        &self.tiles
    }

    /// Figures on the board.
    pub fn meeples(&self) -> &[Meeple] {
        &self.meeples
    }

    /// The turn log, in draw order.
    pub fn turns(&self) -> &[Turn] {
        &self.turns
    }

    /// The tile at a position.
    pub fn tile_at(&self, p: Pos) -> Option<&PlacedTile> {
        self.cell(p).map(|i| &self.tiles[i])
    }

    /// The game as a record (setup and turn log).
    pub fn record(&self) -> Record {
        Record::new(
            &self.setup,
            self.turns.iter().map(Turn::to_record).collect(),
        )
    }

    fn cell_index(&self, p: Pos) -> Option<usize> {
        let x = p.x + self.half;
        let y = p.y + self.half;
        if x < 0 || y < 0 || x >= self.width || y >= self.width {
            None
        } else {
            Some((y * self.width + x) as usize)
        }
    }

    fn cell(&self, p: Pos) -> Option<usize> {
        self.cell_index(p).and_then(|i| match self.cells[i] {
            0 => None,
            v => Some(v as usize - 1),
        })
    }

    fn find(&self, mut n: u32) -> u32 {
        while self.nodes[n as usize].parent != n {
            n = self.nodes[n as usize].parent;
        }
        n
    }

    fn node_of(&self, tile_index: usize, seg: usize) -> u32 {
        self.tiles[tile_index].first_node + seg as u32
    }

    fn members(&self, root: u32) -> impl Iterator<Item = u32> + '_ {
        let mut cur = root;
        let mut done = false;
        std::iter::from_fn(move || {
            if done {
                return None;
            }
            let out = cur;
            cur = self.nodes[cur as usize].next;
            done = cur == root;
            Some(out)
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

    /// Calls `f` for each legal placement until it returns false.
    fn for_each_placement(&self, tile: TileId, mut f: impl FnMut(Placement) -> bool) {
        let t = tile.get();
        let river = t.has_river();
        for (&p, &(mask, req)) in self.frontier.iter().zip(&self.frontier_req) {
            for rot in Rotation::ALL {
                if t.view(rot).edge_code & mask == req
                    && (!river || self.check_river(tile, p, rot).is_ok())
                    && !f(Placement {
                        at: p,
                        rotation: rot,
                    })
                {
                    return;
                }
            }
        }
    }

    /// Checks a placement without changing anything.
    pub fn check_placement(
        &self,
        tile: TileId,
        at: Pos,
        rotation: Rotation,
    ) -> Result<(), PlaceError> {
        if self.cell(at).is_some() {
            return Err(PlaceError::Occupied(at));
        }
        let view = tile.get().view(rotation);
        let mut touches = false;
        for s in Side::ALL {
            let np = at.step(s);
            if let Some(i) = self.cell(np) {
                touches = true;
                let t = &self.tiles[i];
                let theirs = t.tile.get().view(t.rotation).edges[s.opposite() as usize];
                let ours = view.edges[s as usize];
                if ours != theirs {
                    return Err(PlaceError::EdgeMismatch {
                        side: s,
                        ours,
                        theirs,
                        neighbour: np,
                    });
                }
            }
        }
        if !touches {
            return Err(PlaceError::NotAdjacent(at));
        }
        self.check_river(tile, at, rotation).map(|_| ())
    }

    /// The River's placement rules for a river tile: it continues the open end, and does not
    /// turn the same way as the river tile before it. Returns the new open end and turn.
    fn check_river(
        &self,
        tile: TileId,
        at: Pos,
        rotation: Rotation,
    ) -> Result<(Option<(Pos, Side)>, i8), PlaceError> {
        let t = tile.get();
        if !t.has_river() {
            return Ok((self.river_open, self.river_turn));
        }
        let Some((cell, entry)) = self.river_open else {
            return Err(PlaceError::RiverDisconnected(at));
        };
        let edges = t.view(rotation).edges;
        if at != cell || edges[entry as usize] != EdgeKind::River {
            return Err(PlaceError::RiverDisconnected(cell));
        }
        let exit = Side::ALL
            .into_iter()
            .find(|&s| s != entry && edges[s as usize] == EdgeKind::River);
        let Some(exit) = exit else {
            return Ok((None, 0)); // the lake
        };
        let travel = entry.opposite(); // the direction the water flows in on entering
        let turn = if exit == travel {
            0
        } else if exit == Side::from_index((travel as usize + 1) % 4) {
            1
        } else {
            -1
        };
        if turn != 0 && turn == self.river_turn {
            return Err(PlaceError::RiverUTurn);
        }
        Ok((Some((at.step(exit), exit.opposite())), turn))
    }

    fn check_tile_available(&self, tile: TileId) -> Result<(), PlaceError> {
        if self.is_over() {
            return Err(PlaceError::GameOver);
        }
        if let Some(drawn) = self.drawn_tile() {
            if drawn != tile {
                return Err(PlaceError::NotDrawn { drawn, asked: tile });
            }
        }
        if self.remaining[tile.0 as usize] == 0 {
            return Err(PlaceError::NoneLeft(tile));
        }
        if self.setup.sets.contains(&TileSet::River) {
            let cat = catalog();
            let rivers_left: u32 = cat
                .tiles
                .iter()
                .filter(|t| t.has_river() && t.index != lake())
                .map(|t| self.remaining[t.index.0 as usize] as u32)
                .sum();
            let lake_left = self.remaining[lake().0 as usize] > 0;
            if tile == lake() && rivers_left > 0 {
                return Err(PlaceError::LakeTooEarly);
            }
            if !tile.get().has_river() && (rivers_left > 0 || lake_left) {
                return Err(PlaceError::RiverFirst(tile));
            }
        }
        Ok(())
    }

    // ----- followers -----

    /// The segment a place names on `tile` turned by `rotation`.
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
        };
        seg.map(usize::from)
    }

    /// The canonical place name of a segment in board orientation.
    pub fn segment_spot(tile: TileId, rotation: Rotation, seg: usize) -> Spot {
        let t = tile.get();
        let v = t.view(rotation);
        let s8 = seg as u8;
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

    /// Whether the feature segment `seg` would join already has a figure, if the tile were placed.
    fn segment_taken(&self, tile: TileId, at: Pos, rotation: Rotation, seg: usize) -> bool {
        let t = tile.get();
        let v = t.view(rotation);
        let s8 = seg as u8;
        let occupied = |np: Pos, nseg: Option<u8>| -> bool {
            let (Some(i), Some(ns)) = (self.cell(np), nseg) else {
                return false;
            };
            let root = self.find(self.node_of(i, ns as usize));
            self.features[root as usize].strength.iter().any(|&s| s > 0)
        };
        match t.segment_kind(seg) {
            FeatureKind::City | FeatureKind::Road => Side::ALL.into_iter().any(|s| {
                let here = if t.segment_kind(seg) == FeatureKind::City {
                    v.city_at[s as usize]
                } else {
                    v.road_at[s as usize]
                };
                if here != Some(s8) {
                    return false;
                }
                let np = at.step(s);
                let nseg = self.cell(np).map(|i| {
                    let n = &self.tiles[i];
                    let nv = n.tile.get().view(n.rotation);
                    if t.segment_kind(seg) == FeatureKind::City {
                        nv.city_at[s.opposite() as usize]
                    } else {
                        nv.road_at[s.opposite() as usize]
                    }
                });
                occupied(np, nseg.flatten())
            }),
            FeatureKind::Field => Half::ALL.into_iter().any(|h| {
                if v.field_at[h as usize] != Some(s8) {
                    return false;
                }
                let np = at.step(h.side());
                let nseg = self.cell(np).and_then(|i| {
                    let n = &self.tiles[i];
                    n.tile.get().view(n.rotation).field_at[h.opposite() as usize]
                });
                occupied(np, nseg)
            }),
            FeatureKind::Cloister => false,
        }
    }

    /// Checks a figure placement for the current player on a tile about to be placed.
    fn check_spot(
        &self,
        tile: TileId,
        at: Pos,
        rotation: Rotation,
        spot: Spot,
        figure: Figure,
    ) -> Result<usize, FollowerError> {
        match figure {
            Figure::Follower => {}
            Figure::Large if self.setup.sets.contains(&TileSet::Inns) => {}
            f => return Err(FollowerError::FigureNotInGame(f)),
        }
        let seg = Self::spot_segment(tile, rotation, spot).ok_or(FollowerError::NoSuchPlace {
            tile,
            rotation: rotation.degrees(),
            spot,
        })?;
        if spot.kind() == FeatureKind::Field && self.setup.rules.farms == FarmRule::None {
            return Err(FollowerError::NoFarmers);
        }
        if self.supply[self.current_player()].count(figure) == 0 {
            return Err(FollowerError::NoneLeft(figure));
        }
        if self.segment_taken(tile, at, rotation, seg) {
            return Err(FollowerError::Occupied {
                spot: Self::segment_spot(tile, rotation, seg),
            });
        }
        Ok(seg)
    }

    /// The places where the current player may put a follower after placing `tile` as given, one
    /// canonical name per segment. Empty if the placement itself is illegal.
    pub fn legal_spots(&self, tile: TileId, placement: Placement) -> Vec<Spot> {
        if self
            .check_placement(tile, placement.at, placement.rotation)
            .is_err()
            || self.supply[self.current_player()].followers == 0
        {
            return Vec::new();
        }
        let t = tile.get();
        (0..t.segment_count())
            .filter(|&seg| {
                (t.segment_kind(seg) != FeatureKind::Field
                    || self.setup.rules.farms != FarmRule::None)
                    && !self.segment_taken(tile, placement.at, placement.rotation, seg)
            })
            .map(|seg| Self::segment_spot(tile, placement.rotation, seg))
            .collect()
    }

    // ----- turns -----

    /// Places `tile` for the current player, with an optional figure, then scores what it completed.
    /// On error nothing changes.
    pub fn place(
        &mut self,
        tile: TileId,
        at: Pos,
        rotation: Rotation,
        spot: Option<Spot>,
        figure: Figure,
    ) -> Result<TurnOutcome, PlaceError> {
        self.check_tile_available(tile)?;
        self.check_placement(tile, at, rotation)?;
        let (river_open, river_turn) = self.check_river(tile, at, rotation)?;
        let seg = match spot {
            Some(s) => Some(self.check_spot(tile, at, rotation, s, figure)?),
            None => None,
        };
        // Everything is valid: from here on nothing fails.
        let player = self.current_player();
        self.take_tile(tile);
        let index = self.put_tile(tile, at, rotation);
        if tile.get().has_river() {
            self.river_open = river_open;
            self.river_turn = river_turn;
        }
        if let (Some(seg), Some(spot)) = (seg, spot) {
            self.deploy(player, index, seg, spot, figure);
        }
        self.turns.push(Turn {
            tile,
            placed: Some((at, rotation, spot, figure)),
        });
        self.placements += 1;
        let mut outcome = TurnOutcome {
            player,
            events: Vec::new(),
            returned: vec![0; self.player_count()],
            discarded: Vec::new(),
        };
        self.score_completed(index, &mut outcome);
        outcome.discarded = self.skip_unplaceable();
        Ok(outcome)
    }

    /// Discards `tile` because it fits nowhere (as recorded in a game record).
    pub fn discard(&mut self, tile: TileId) -> Result<(), PlaceError> {
        self.check_tile_available(tile)?;
        if let Some(p) = self.first_placement(tile) {
            return Err(PlaceError::CannotDiscard { tile, at: p.at });
        }
        self.take_tile(tile);
        self.turns.push(Turn { tile, placed: None });
        Ok(())
    }

    fn take_tile(&mut self, tile: TileId) {
        self.remaining[tile.0 as usize] -= 1;
        self.remaining_total -= 1;
        if let Some(d) = &mut self.deck {
            d.pop_front();
        }
    }

    /// Discards drawn tiles that fit nowhere (live games).
    fn skip_unplaceable(&mut self) -> Vec<TileId> {
        let mut out = Vec::new();
        while let Some(t) = self.drawn_tile() {
            if self.fits_somewhere(t) {
                break;
            }
            self.take_tile(t);
            self.turns.push(Turn {
                tile: t,
                placed: None,
            });
            out.push(t);
        }
        out
    }

    fn put_tile(&mut self, tile: TileId, at: Pos, rotation: Rotation) -> usize {
        let t: &'static TileType = tile.get();
        let index = self.tiles.len();
        let first_node = self.nodes.len() as u32;
        self.tiles.push(PlacedTile {
            pos: at,
            tile,
            rotation,
            first_node,
        });
        let ci = self.cell_index(at).expect("placement inside the board");
        self.cells[ci] = index as u16 + 1;
        if let Some(fi) = self.frontier.iter().position(|&p| p == at) {
            self.frontier.swap_remove(fi);
            self.frontier_req.swap_remove(fi);
        }
        let edges = t.view(rotation).edges;
        for s in Side::ALL {
            let np = at.step(s);
            if self.cell(np).is_some() || self.cell_index(np).is_none() {
                continue;
            }
            // The neighbour's side facing this tile must show this tile's edge on side `s`.
            let shift = 2 * s.opposite() as u8;
            let (m, r) = (3u8 << shift, (edges[s as usize] as u8) << shift);
            match self.frontier.iter().position(|&p| p == np) {
                Some(fi) => {
                    let e = &mut self.frontier_req[fi];
                    e.0 |= m;
                    e.1 |= r;
                }
                None => {
                    self.frontier.push(np);
                    self.frontier_req.push((m, r));
                }
            }
        }
        for seg in 0..t.segment_count() {
            let id = first_node + seg as u32;
            self.nodes.push(Node {
                parent: id,
                next: id,
                tile: index as u16,
                seg: seg as u8,
            });
            let mut f = Feature {
                size: 1,
                ..Feature::default()
            };
            match t.segment_kind(seg) {
                FeatureKind::City => {
                    let c = &t.cities[seg];
                    f.open = c.sides.count_ones() as i32;
                    f.pennants = c.pennants as u16;
                    f.cathedral = c.cathedral;
                }
                FeatureKind::Road => {
                    let r = &t.roads[seg - t.road_base()];
                    f.open = r.sides.count_ones() as i32;
                    f.inn = r.inn;
                }
                FeatureKind::Field | FeatureKind::Cloister => {}
            }
            self.features.push(f);
        }
        if t.cloister {
            self.cloisters.push(index as u16);
        }
        // Join with the neighbours.
        let v = t.view(rotation);
        for s in Side::ALL {
            let Some(ni) = self.cell(at.step(s)) else {
                continue;
            };
            let n = self.tiles[ni];
            let nv = n.tile.get().view(n.rotation);
            let o = s.opposite() as usize;
            if let (Some(a), Some(b)) = (v.city_at[s as usize], nv.city_at[o]) {
                self.union(first_node + a as u32, n.first_node + b as u32);
            }
            if let (Some(a), Some(b)) = (v.road_at[s as usize], nv.road_at[o]) {
                self.union(first_node + a as u32, n.first_node + b as u32);
            }
            for h in [
                Half::from_index(2 * s as usize),
                Half::from_index(2 * s as usize + 1),
            ] {
                if let (Some(a), Some(b)) =
                    (v.field_at[h as usize], nv.field_at[h.opposite() as usize])
                {
                    self.union(first_node + a as u32, n.first_node + b as u32);
                }
            }
        }
        index
    }

    fn union(&mut self, a: u32, b: u32) {
        let ra = self.find(a);
        let rb = self.find(b);
        if ra == rb {
            self.features[ra as usize].open -= 2;
            return;
        }
        let (big, small) = if self.features[ra as usize].size >= self.features[rb as usize].size {
            (ra, rb)
        } else {
            (rb, ra)
        };
        self.nodes[small as usize].parent = big;
        let sn = self.nodes[small as usize].next;
        let bn = self.nodes[big as usize].next;
        self.nodes[small as usize].next = bn;
        self.nodes[big as usize].next = sn;
        let s = std::mem::take(&mut self.features[small as usize]);
        let f = &mut self.features[big as usize];
        f.size += s.size;
        f.open += s.open - 2;
        f.pennants += s.pennants;
        f.inn |= s.inn;
        f.cathedral |= s.cathedral;
        for (x, y) in f.strength.iter_mut().zip(s.strength) {
            *x += y;
        }
    }

    fn deploy(&mut self, player: usize, index: usize, seg: usize, spot: Spot, figure: Figure) {
        if let Some(slot) = self.supply[player].slot(figure) {
            *slot -= 1;
        }
        let root = self.find(self.node_of(index, seg));
        self.features[root as usize].strength[player] += figure.strength();
        self.meeples.push(Meeple {
            player: player as u8,
            figure,
            tile_index: index as u16,
            segment: seg as u8,
            spot,
        });
    }

    fn majority(strength: &[u8; MAX_PLAYERS], n: usize) -> Vec<usize> {
        let best = strength[..n].iter().copied().max().unwrap_or(0);
        if best == 0 {
            return Vec::new();
        }
        (0..n).filter(|&p| strength[p] == best).collect()
    }

    /// Distinct tiles of a feature.
    fn feature_tiles(&self, root: u32) -> u32 {
        let mut seen: Vec<u16> = self
            .members(root)
            .map(|n| self.nodes[n as usize].tile)
            .collect();
        seen.sort_unstable();
        seen.dedup();
        seen.len() as u32
    }

    fn neighbours_filled(&self, p: Pos) -> u32 {
        p.ring().iter().filter(|&&q| self.cell(q).is_some()).count() as u32
    }

    /// Points of a city or road feature; `complete` says whether it is finished.
    fn feature_points(&self, kind: FeatureKind, f: &Feature, tiles: u32, complete: bool) -> u32 {
        let pennants = f.pennants as u32;
        match (kind, complete) {
            (FeatureKind::City, true) if f.cathedral => 3 * (tiles + pennants),
            (FeatureKind::City, true) if self.setup.rules.small_city && tiles == 2 => {
                tiles + pennants
            }
            (FeatureKind::City, true) => 2 * (tiles + pennants),
            (FeatureKind::City, false) if f.cathedral => 0,
            (FeatureKind::City, false) => tiles + pennants,
            (FeatureKind::Road, true) if f.inn => 2 * tiles,
            (FeatureKind::Road, false) if f.inn => 0,
            (FeatureKind::Road, _) => tiles,
            _ => 0,
        }
    }

    /// Returns the figures on the feature with root `root` to their owners.
    fn return_figures(&mut self, root: u32, returned: &mut [u8]) {
        let mut i = 0;
        while i < self.meeples.len() {
            let m = self.meeples[i];
            if self.find(self.node_of(m.tile_index as usize, m.segment as usize)) == root {
                if let Some(slot) = self.supply[m.player as usize].slot(m.figure) {
                    *slot += 1;
                }
                returned[m.player as usize] += 1;
                self.meeples.swap_remove(i);
            } else {
                i += 1;
            }
        }
        self.features[root as usize].strength = [0; MAX_PLAYERS];
    }

    fn score_completed(&mut self, index: usize, out: &mut TurnOutcome) {
        let placed = self.tiles[index];
        let t = placed.tile.get();
        let n = self.player_count();
        // Cities and roads through the new tile.
        let mut roots: Vec<(u32, FeatureKind)> = Vec::new();
        for seg in 0..t.field_base() {
            let r = self.find(placed.first_node + seg as u32);
            if !roots.iter().any(|(x, _)| *x == r) {
                roots.push((r, t.segment_kind(seg)));
            }
        }
        for (root, kind) in roots {
            let f = &self.features[root as usize];
            if f.open != 0 {
                continue;
            }
            let winners = Self::majority(&f.strength, n);
            if winners.is_empty() {
                continue;
            }
            let tiles = self.feature_tiles(root);
            let points = self.feature_points(kind, f, tiles, true);
            let pennants = f.pennants as u32;
            for &w in &winners {
                self.scores[w] += points;
            }
            out.events.push(ScoreEvent {
                kind,
                complete: true,
                points,
                players: winners,
                tiles,
                pennants,
                at: placed.pos,
            });
            self.return_figures(root, &mut out.returned);
        }
        // Cloisters on the new tile and around it.
        let mut spots = vec![placed.pos];
        spots.extend(placed.pos.ring());
        for p in spots {
            let Some(ti) = self.cell(p) else { continue };
            let pt = self.tiles[ti];
            let Some(cseg) = pt.tile.get().cloister_segment() else {
                continue;
            };
            let root = self.find(pt.first_node + cseg as u32);
            let winners = Self::majority(&self.features[root as usize].strength, n);
            if winners.is_empty() || self.neighbours_filled(p) != 8 {
                continue;
            }
            for &w in &winners {
                self.scores[w] += 9;
            }
            out.events.push(ScoreEvent {
                kind: FeatureKind::Cloister,
                complete: true,
                points: 9,
                players: winners,
                tiles: 9,
                pennants: 0,
                at: p,
            });
            self.return_figures(root, &mut out.returned);
        }
    }

    /// The end-of-game scoring as if the game ended now; the game itself is not changed.
    pub fn final_scoring(&self) -> FinalScoring {
        let n = self.player_count();
        let mut events = Vec::new();
        // Incomplete cities, roads and cloisters with figures.
        let mut done: Vec<u32> = Vec::new();
        for m in &self.meeples {
            let pt = self.tiles[m.tile_index as usize];
            let t = pt.tile.get();
            let kind = t.segment_kind(m.segment as usize);
            if kind == FeatureKind::Field {
                continue;
            }
            let root = self.find(pt.first_node + m.segment as u32);
            if done.contains(&root) {
                continue;
            }
            done.push(root);
            let f = &self.features[root as usize];
            let winners = Self::majority(&f.strength, n);
            if winners.is_empty() {
                continue;
            }
            let (points, tiles) = if kind == FeatureKind::Cloister {
                let c = 1 + self.neighbours_filled(pt.pos);
                (c, c)
            } else {
                let tiles = self.feature_tiles(root);
                (self.feature_points(kind, f, tiles, false), tiles)
            };
            events.push(ScoreEvent {
                kind,
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
        }
        self.score_farms(&mut events);
        let mut scores = self.scores.clone();
        let mut breakdown = vec![[0u32; 4]; n];
        for e in &events {
            for &p in &e.players {
                scores[p] += e.points;
                breakdown[p][breakdown_index(e.kind)] += e.points;
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
        for node in self.members(field_root) {
            let nd = &self.nodes[node as usize];
            let pt = self.tiles[nd.tile as usize];
            let t = pt.tile.get();
            let field = &t.fields[nd.seg as usize - t.field_base()];
            for &c in &field.cities {
                let r = self.find(pt.first_node + c as u32);
                if self.features[r as usize].open == 0 && !cities.contains(&r) {
                    cities.push(r);
                }
            }
        }
        cities
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
            let pt = self.tiles[m.tile_index as usize];
            if pt.tile.get().segment_kind(m.segment as usize) != FeatureKind::Field {
                continue;
            }
            let root = self.find(pt.first_node + m.segment as u32);
            if !farms.iter().any(|(r, _)| *r == root) {
                farms.push((root, self.farm_cities(root)));
            }
        }
        let farm_pos = |root: u32| self.tiles[self.nodes[root as usize].tile as usize].pos;
        match rule {
            FarmRule::PerFarm => {
                for (root, cities) in &farms {
                    let winners = Self::majority(&self.features[*root as usize].strength, n);
                    if winners.is_empty() || cities.is_empty() {
                        continue;
                    }
                    events.push(ScoreEvent {
                        kind: FeatureKind::Field,
                        complete: false,
                        points: 3 * cities.len() as u32,
                        players: winners,
                        tiles: cities.len() as u32,
                        pennants: 0,
                        at: farm_pos(*root),
                    });
                }
            }
            FarmRule::PerCity => {
                let mut all_cities: Vec<u32> =
                    farms.iter().flat_map(|(_, c)| c.iter().copied()).collect();
                all_cities.sort_unstable();
                all_cities.dedup();
                for city in all_cities {
                    let mut strength = [0u8; MAX_PLAYERS];
                    for (root, cities) in &farms {
                        if cities.contains(&city) {
                            for (s, x) in strength
                                .iter_mut()
                                .zip(self.features[*root as usize].strength)
                            {
                                *s += x;
                            }
                        }
                    }
                    let winners = Self::majority(&strength, n);
                    if winners.is_empty() {
                        continue;
                    }
                    events.push(ScoreEvent {
                        kind: FeatureKind::Field,
                        complete: false,
                        points: 4,
                        players: winners,
                        tiles: 1,
                        pennants: 0,
                        at: farm_pos(city),
                    });
                }
            }
            FarmRule::None => {}
        }
    }

    /// Whether the feature of a tile's segment is complete (cities and roads; cloisters when
    /// surrounded; fields never).
    pub fn segment_complete(&self, tile_index: usize, seg: usize) -> bool {
        let pt = self.tiles[tile_index];
        match pt.tile.get().segment_kind(seg) {
            FeatureKind::City | FeatureKind::Road => {
                self.features[self.find(pt.first_node + seg as u32) as usize].open == 0
            }
            FeatureKind::Cloister => self.neighbours_filled(pt.pos) == 8,
            FeatureKind::Field => false,
        }
    }

    /// Positions of the empty cells next to the board (where tiles may go).
    pub fn frontier(&self) -> &[Pos] {
        &self.frontier
    }

    /// Bounding box of the placed tiles: (min, max).
    pub fn bounds(&self) -> (Pos, Pos) {
        let mut lo = Pos::new(i32::MAX, i32::MAX);
        let mut hi = Pos::new(i32::MIN, i32::MIN);
        for t in &self.tiles {
            lo.x = lo.x.min(t.pos.x);
            lo.y = lo.y.min(t.pos.y);
            hi.x = hi.x.max(t.pos.x);
            hi.y = hi.y.max(t.pos.y);
        }
        (lo, hi)
    }

    /// Edge kind shown by the placed tile at `p` on `side`.
    pub fn edge_at(&self, p: Pos, side: Side) -> Option<EdgeKind> {
        self.tile_at(p)
            .map(|t| t.tile.get().view(t.rotation).edges[side as usize])
    }
}
