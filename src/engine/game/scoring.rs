//! Scoring: features completed during the game (cities, roads, cloisters and the sets' hooks),
//! and the end-of-game scoring with farms.

use super::*;
use crate::engine::features::FeatureData;
use crate::engine::tiles::{fitting_types, TypeSet};

/// An unfinished city, road or cloister with figures, as the end of the game would score it.
struct Held<'a> {
    /// Its root in the union-find.
    root: u32,
    /// City, road or cloister.
    kind: FeatureKind,
    /// The tile of the first figure found on it.
    at: Pos,
    /// Its data.
    data: &'a FeatureData,
    /// The seats with the majority.
    players: Seats,
    /// Its tiles (a cloister: itself and its neighbours).
    tiles: u32,
    /// Its points if the game ended now.
    now: u32,
}

impl Game {
    /// A set's bonus for a feature scored during the game (the fairy's 3 points).
    pub(super) fn bonus_points(&mut self, root: u32, out: &mut TurnOutcome) {
        if let Some(e) = hooks::feature_bonus(self, root) {
            for &p in &e.players {
                self.table.scores[p] += e.points;
            }
            out.events.push(e);
        }
    }

    /// Points of a city or road feature; `complete` says whether it is finished.
    pub(crate) fn feature_points(
        &self,
        kind: FeatureKind,
        f: &crate::engine::features::FeatureData,
        tiles: u32,
        complete: bool,
    ) -> u32 {
        let pennants = f.pennants as u32;
        if let Some(p) = hooks::feature_points(self, kind, f, tiles, complete) {
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

    pub(super) fn score_completed(&mut self, index: usize, out: &mut TurnOutcome) {
        let placed = self.table.board.tiles[index];
        let t = placed.tile.get();
        let n = self.player_count();
        // Cities and roads through the new tile (a tile has at most four of them).
        // (An abbey has none; the cities and roads its edges closed, four at most, are scored
        // as its own.)
        let mut roots = [(0u32, FeatureKind::City); 4];
        let mut count = 0;
        for seg in 0..t.field_base() {
            let r = self.table.features.find(placed.first_node + seg as u32);
            if !roots[..count].iter().any(|(x, _)| *x == r) {
                roots[count] = (r, t.segment_kind(seg));
                count += 1;
            }
        }
        let count = hooks::closed_by_abbey(self, index, &mut roots, count);
        let features = count;
        for &(root, kind) in &roots[..count] {
            let f = &self.table.features.data[root as usize];
            // (A castle is no city to score: Bridges, Castles & Bazaars.)
            if f.open != 0 || self.table.is_castle(root) {
                continue;
            }
            if kind == FeatureKind::City {
                hooks::city_completed(self, root, out);
            }
            let winners = majority(&hooks::strength(self, root, kind), n);
            let f = &self.table.features.data[root as usize];
            if !winners.is_empty() {
                let tiles = self.table.features.tile_count(root);
                let points = self.feature_points(kind, f, tiles, true);
                let pennants = f.pennants as u32;
                for &w in &winners {
                    self.table.scores[w] += points;
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
                self.bonus_points(root, out);
            }
            hooks::feature_scored(self, root);
            self.table.return_figures(root, &mut out.returned);
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
            let p = self.table.board.tiles[ti].pos;
            match order(p) {
                Some(rank) if self.table.board.neighbours_filled(p) == 8 => {
                    done[count] = (rank, ti);
                    count += 1;
                    self.unsurrounded.swap_remove(k);
                }
                _ => k += 1,
            }
        }
        done[..count].sort_unstable();
        for &(_, ti) in &done[..count] {
            let p = self.table.board.tiles[ti].pos;
            let pt = self.table.board.tiles[ti];
            if let Some(cseg) = pt.tile.get().cloister_segment() {
                let root = self.table.features.find(pt.first_node + cseg as u32);
                let winners = majority(&self.table.features.data[root as usize].strength, n);
                if !winners.is_empty() {
                    let points = hooks::cloister_points(self, p);
                    for &w in &winners {
                        self.table.scores[w] += points;
                    }
                    out.events.push(ScoreEvent {
                        reason: Reason::Cloister,
                        complete: true,
                        points,
                        players: winners,
                        tiles: 9,
                        pennants: 0,
                        at: p,
                    });
                    self.bonus_points(root, out);
                    hooks::feature_scored(self, root);
                    self.table.return_figures(root, &mut out.returned);
                }
            }
            hooks::surrounded(self, ti, out);
        }
        hooks::castles_score(self, &roots[..features], &done[..count], out);
        hooks::after_scoring(self, index, out);
    }

    /// The unfinished cities, roads and cloisters that have figures: who holds each, what it
    /// would score if the game ended now and if it were completed now, and how far it is from
    /// completion (open edges; a cloister's empty neighbours). For a computer's judgement.
    pub fn unfinished_features(&self) -> Vec<Unfinished> {
        self.unfinished_named()
            .into_iter()
            .map(|(u, _)| u)
            .collect()
    }

    /// The empty cells beside the board that nothing still to come can fill: no tile left to
    /// draw (nor the one drawn, waiting to be placed) fits their neighbours' edges in any
    /// rotation, and no set's piece fills them (an abbey in a hole, a bridge). A city, road or
    /// cloister that needs one of them will not be completed ([`Unfinished::blocked`]).
    pub fn unfillable_cells(&self) -> Vec<Pos> {
        let board = &self.table.board;
        let left = self.types_left();
        let mut out = Vec::new();
        for (&at, &key) in board.frontier().iter().zip(board.frontier_keys()) {
            if !left.meets(fitting_types(key)) && !hooks::fills_otherwise(self, at, key, &left) {
                out.push(at);
            }
        }
        out
    }

    /// The tile types still to come: those left to draw and the one drawn, waiting to be
    /// placed.
    pub(crate) fn types_left(&self) -> TypeSet {
        let mut left = TypeSet::of(&self.remaining);
        if let Decision::PlaceTile { tile, .. } = self.pending.decision {
            left.insert(tile);
        }
        left
    }

    /// Whether the held feature needs one of the `dead` cells: a city or road with an open
    /// edge onto one, a cloister with one around it.
    fn needs_any(&self, h: &Held<'_>, dead: &[Pos]) -> bool {
        let board = &self.table.board;
        dead.iter().any(|&d| {
            if h.kind == FeatureKind::Cloister {
                return (d.x - h.at.x).abs() <= 1 && (d.y - h.at.y).abs() <= 1;
            }
            Side::ALL.iter().any(|&s| {
                let Some(i) = board.cell(d.step(s)) else {
                    return false;
                };
                let pt = board.tiles[i];
                let o = pt.tile.get().view(pt.rotation);
                let facing = s.opposite() as usize;
                [o.city_at[facing], o.city_also[facing], o.road_at[facing]]
                    .into_iter()
                    .flatten()
                    .any(|seg| self.table.features.find(pt.first_node + u32::from(seg)) == h.root)
            })
        })
    }

    /// What [`Game::unfinished_features`] says of one held feature, `dead` being the
    /// [`Game::unfillable_cells`].
    fn unfinished(&self, h: &Held<'_>, dead: &[Pos]) -> Unfinished {
        let (complete, open) = if h.kind == FeatureKind::Cloister {
            (9, 9 - h.tiles)
        } else {
            (
                self.feature_points(h.kind, h.data, h.tiles, true),
                h.data.open.max(0) as u32,
            )
        };
        Unfinished {
            kind: h.kind,
            players: h.players,
            now: h.now,
            complete,
            open,
            blocked: !dead.is_empty() && self.needs_any(h, dead),
        }
    }

    /// [`Game::unfinished_features`], each named for [`Game::completed`] in a later state of
    /// the same game (for studies of a computer's judgement: how often such features are
    /// completed).
    pub fn unfinished_named(&self) -> Vec<(Unfinished, FeatureRef)> {
        let mut out = Vec::new();
        let dead = self.unfillable_cells();
        self.each_held(|h| {
            let id = FeatureRef {
                node: h.root,
                cloister: h.kind == FeatureKind::Cloister,
            };
            out.push((self.unfinished(&h, &dead), id));
        });
        out
    }

    /// Whether the feature `id` (named by an earlier state of this game) is completed now.
    pub fn completed(&self, id: FeatureRef) -> bool {
        if id.cloister {
            let tile = self.table.features.nodes[id.node as usize].tile;
            let at = self.table.board.tiles[tile as usize].pos;
            self.table.board.neighbours_filled(at) == 8
        } else {
            let r = self.table.features.find(id.node);
            self.table.features.data[r as usize].open == 0
        }
    }

    /// Each seat's score if the game ended now (what [`Game::final_scoring`] gives, seats beyond
    /// the game's players 0) and, into `unfinished` (cleared first), what
    /// [`Game::unfinished_features`] lists, in its order: both in one pass and without the
    /// final scoring's events, for a computer that values many positions a second. With
    /// `blocked` false, every [`Unfinished::blocked`] is false and the cells nothing can fill
    /// are not looked for (a computer that does not read it spares their cost).
    pub fn scores_now(
        &self,
        unfinished: &mut Vec<Unfinished>,
        blocked: bool,
    ) -> [u32; MAX_PLAYERS] {
        unfinished.clear();
        let mut scores = [0u32; MAX_PLAYERS];
        scores[..self.table.scores.len()].copy_from_slice(&self.table.scores);
        let mut events = Vec::new();
        let dead = if blocked {
            self.unfillable_cells()
        } else {
            Vec::new()
        };
        self.each_held(|h| {
            for &p in &h.players {
                scores[p] += h.now;
            }
            unfinished.push(self.unfinished(&h, &dead));
            events.extend(hooks::feature_bonus(self, h.root));
        });
        self.end_events(&mut events);
        for e in &events {
            for &p in &e.players {
                scores[p] += e.points;
            }
        }
        scores
    }

    /// The end of the game's events besides the unfinished cities, roads and cloisters (and
    /// their bonuses): the sets' final scoring, the farms, then the goods.
    fn end_events(&self, events: &mut Vec<ScoreEvent>) {
        hooks::final_scoring(self, events);
        self.score_farms(events);
        hooks::final_goods(self, events);
    }

    /// Calls `visit` once for each unfinished city, road and cloister with figures, with the seats
    /// holding it and its worth if the game ended now.
    fn each_held(&self, mut visit: impl FnMut(Held<'_>)) {
        let n = self.player_count();
        let mut done: Vec<u32> = Vec::with_capacity(self.table.meeples.len());
        for m in &self.table.meeples {
            let Some(root) = self.table.root_of(m) else {
                continue;
            };
            let pt = self.table.board.tiles[m.tile_index as usize];
            let kind = pt.tile.get().segment_kind(m.segment as usize);
            // (A castle's lord scores nothing at the end: Bridges, Castles & Bazaars.)
            if kind == FeatureKind::Field || done.contains(&root) || self.table.is_castle(root) {
                continue;
            }
            done.push(root);
            let data = &self.table.features.data[root as usize];
            let players = majority_seats(&hooks::strength(self, root, kind), n);
            if players.is_empty() {
                continue;
            }
            let (now, tiles) = if kind == FeatureKind::Cloister {
                let c = 1 + self.table.board.neighbours_filled(pt.pos);
                (c, c)
            } else {
                let tiles = self.table.features.tile_count(root);
                (self.feature_points(kind, data, tiles, false), tiles)
            };
            visit(Held {
                root,
                kind,
                at: pt.pos,
                data,
                players,
                tiles,
                now,
            });
        }
    }

    /// The end-of-game scoring as if the game ended now; the game itself is not changed.
    pub fn final_scoring(&self) -> FinalScoring {
        let n = self.player_count();
        let mut events = Vec::new();
        // Incomplete cities, roads and cloisters with figures.
        self.each_held(|h| {
            events.push(ScoreEvent {
                reason: Reason::of_kind(h.kind),
                complete: false,
                points: h.now,
                players: h.players.to_vec(),
                tiles: h.tiles,
                pennants: if h.kind == FeatureKind::City {
                    h.data.pennants as u32
                } else {
                    0
                },
                at: h.at,
            });
            events.extend(hooks::feature_bonus(self, h.root));
        });
        self.end_events(&mut events);
        let mut scores = self.table.scores.clone();
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

    /// Pushes one event per distinct award: `base` to each winner, `base + bonus` to winners
    /// with a set's bonus on one of `farms` (a pig).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn push_farm_awards(
        &self,
        events: &mut Vec<ScoreEvent>,
        winners: &[usize],
        farms: &[u32],
        base: u32,
        bonus: u32,
        tiles: u32,
        at: Pos,
    ) {
        for (more, points) in [(false, base), (true, base + bonus)] {
            let players: Vec<usize> = winners
                .iter()
                .copied()
                .filter(|&w| hooks::farm_bonus(self, w, farms) == more)
                .collect();
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

    pub(super) fn score_farms(&self, events: &mut Vec<ScoreEvent>) {
        let n = self.player_count();
        let rule = self.setup.rules.farms;
        if rule == FarmRule::None {
            return;
        }
        // Farms with farmers, each with its completed cities (a range of `cities`).
        let mut farms: Vec<(u32, std::ops::Range<usize>)> = Vec::new();
        let mut cities: Vec<u32> = Vec::new();
        for m in &self.table.meeples {
            let Some(root) = self.table.root_of(m) else {
                continue;
            };
            let pt = self.table.board.tiles[m.tile_index as usize];
            if pt.tile.get().segment_kind(m.segment as usize) != FeatureKind::Field {
                continue;
            }
            if !farms.iter().any(|(r, _)| *r == root) {
                let start = cities.len();
                self.table.farm_cities_into(root, &mut cities);
                farms.push((root, start..cities.len()));
            }
        }
        let farm_pos = |root: u32| {
            self.table.board.tiles[self.table.features.nodes[root as usize].tile as usize].pos
        };
        match rule {
            FarmRule::PerFarm => {
                for (root, range) in &farms {
                    let s = self.table.features.data[*root as usize].strength;
                    let winners = majority_seats(&hooks::ranked(self, &[*root], s), n);
                    if winners.is_empty() {
                        continue;
                    }
                    // A farm that touches no completed city is scored too, for nothing: the
                    // fairy's 3 are for standing there (issue 41).
                    let farm_cities = &cities[range.clone()];
                    if !farm_cities.is_empty() {
                        let c = farm_cities.len() as u32;
                        let at = farm_pos(*root);
                        // A castle counts one more (Bridges, Castles & Bazaars).
                        let base = 3 * c + self.table.castles_among(farm_cities);
                        self.push_farm_awards(events, &winners, &[*root], base, c, c, at);
                    }
                    events.extend(hooks::feature_bonus(self, *root));
                }
            }
            FarmRule::PerCity => {
                let mut all_cities = cities.clone();
                all_cities.sort_unstable();
                all_cities.dedup();
                for city in all_cities {
                    let mut strength = [0u8; MAX_PLAYERS];
                    let mut supplying = Vec::new();
                    for (root, range) in &farms {
                        if cities[range.clone()].contains(&city) {
                            supplying.push(*root);
                            for (s, x) in strength
                                .iter_mut()
                                .zip(self.table.features.data[*root as usize].strength)
                            {
                                *s += x;
                            }
                        }
                    }
                    let winners = majority_seats(&hooks::ranked(self, &supplying, strength), n);
                    if winners.is_empty() {
                        continue;
                    }
                    let base = 4 + self.table.castles_among(&[city]);
                    let at = farm_pos(city);
                    self.push_farm_awards(events, &winners, &supplying, base, 1, 1, at);
                }
                // Every farm with farmers is scored at the end, also one that supplies no city
                // (for nothing): the fairy's 3 are for standing there (issue 41).
                let mut scored_farms: Vec<u32> = farms.iter().map(|(root, _)| *root).collect();
                scored_farms.sort_unstable();
                for root in scored_farms {
                    events.extend(hooks::feature_bonus(self, root));
                }
            }
            FarmRule::None => {}
        }
    }

    /// Whether the feature of a tile's segment is complete (cities and roads; cloisters when
    /// surrounded; fields never).
    pub fn segment_complete(&self, tile_index: usize, seg: usize) -> bool {
        self.table.segment_complete(tile_index, seg)
    }
}
