//! A live game: the rules state plus the hidden bag (the order of the tiles still to be drawn).
//!
//! The engine's [`Game`] never sees the future; [`LiveGame`] answers each [`Decision::Draw`] from
//! its bag as soon as it comes up (discarding tiles that fit nowhere), so the players only ever
//! face real decisions. A computer player is given the [`Game`], never the bag.

use super::action::{Action, Decision, TurnOutcome};
use super::error::{ActionError, PlaceError, SetupError};
use super::game::{hooks, Game};
use super::geom::{Pos, Rotation};
use super::log::TurnView;
use super::record::{
    after_act_of, before_placing_of, pos, replay, turn_act, ReplayError, TurnProblem, TurnRecord,
};
use super::tiles::TileId;
use super::types::{Figure, Setup, Spot};
use rand::{Rng, SeedableRng};
use std::collections::VecDeque;
use std::fmt;
use std::ops::Deref;

/// One tile of the bag: its type and whether it is the copy with a garden.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Drawn {
    /// The tile type.
    pub tile: TileId,
    /// The garden copy (Abbot games).
    pub garden: bool,
}

impl Drawn {
    /// A plain copy.
    pub fn plain(tile: TileId) -> Drawn {
        Drawn {
            tile,
            garden: false,
        }
    }

    /// The copy a draw names (`None`: `a` is not a draw).
    pub fn of(a: Action) -> Option<Drawn> {
        match a {
            Action::Draw { tile, garden } => Some(Drawn { tile, garden }),
            _ => None,
        }
    }

    /// Parses the stored form (`"E"` or `"E+garden"`).
    pub fn parse(s: &str) -> Option<Drawn> {
        let (id, garden) = match s.strip_suffix("+garden") {
            Some(id) => (id, true),
            None => (s, false),
        };
        TileId::parse(id).map(|tile| Drawn { tile, garden })
    }
}

impl fmt::Display for Drawn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.garden {
            write!(f, "{}+garden", self.tile)
        } else {
            write!(f, "{}", self.tile)
        }
    }
}

/// A game with its hidden bag.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LiveGame {
    game: Game,
    bag: VecDeque<Drawn>,
    /// The tiles put under hills, in order (Hills & Sheep): out of the game, hidden like the
    /// bag; kept so that a move taken back can put them back in their places.
    buried: Vec<Drawn>,
    /// The seed of the bag of sheep's draws (Hills & Sheep), hidden like the bag: each token
    /// is drawn by a generator seeded by it and the log's length, so a live game draws the
    /// same tokens however often it is stored and rebuilt.
    seed: u64,
}

/// The seed of the bag of sheep's draws of a live game not given one (random play, tests): a
/// live game that hides its draws from players is given its own, secret one.
const DEFAULT_SEED: u64 = 0x9e37_79b9_7f4a_7c15;

/// Takes the tile `d` out of the counts of the tiles left (`left`, with their `gardens`
/// copies), if they hold it.
fn take_from(left: &mut [u8], gardens: &mut [u8], d: &Drawn) -> Result<(), SetupError> {
    let i = d.tile.0 as usize;
    let c = left.get_mut(i).ok_or(SetupError::DeckMismatch(d.tile))?;
    if *c == 0 || (d.garden && gardens[i] == 0) || (!d.garden && *c == gardens[i]) {
        return Err(SetupError::DeckMismatch(d.tile));
    }
    if d.garden {
        gardens[i] -= 1;
    }
    *c -= 1;
    Ok(())
}

impl Deref for LiveGame {
    type Target = Game;
    fn deref(&self) -> &Game {
        &self.game
    }
}

impl LiveGame {
    /// Starts a game with a known draw order.
    pub fn new(setup: Setup, order: Vec<Drawn>) -> Result<LiveGame, SetupError> {
        LiveGame::resume(Game::new(setup)?, order).map(|(g, _)| g)
    }

    /// Gives a game (e.g. one rebuilt from its record) the order of the tiles still to be drawn,
    /// which must come from the tiles that remain (usually all of them; a shorter bag ends the
    /// game early) and respect the draw rules (the River first). Draws at once if the game waits
    /// for a draw; returns the tiles discarded on the way.
    pub fn resume(game: Game, order: Vec<Drawn>) -> Result<(LiveGame, Vec<TileId>), SetupError> {
        LiveGame::restore(game, order, Vec::new(), None)
    }

    /// [`LiveGame::resume`] with all of a live game's hidden parts: the tiles under hills
    /// (Hills & Sheep), in order (as many as the game put there, fewer only where a shorter bag
    /// ran out; they count against the tiles that remain like those of `order`), and the seed
    /// of the bag of sheep's draws (by default a fixed one).
    pub fn restore(
        game: Game,
        order: Vec<Drawn>,
        buried: Vec<Drawn>,
        seed: Option<u64>,
    ) -> Result<(LiveGame, Vec<TileId>), SetupError> {
        if buried.len() > game.buried() as usize {
            return Err(SetupError::BuriedMismatch {
                game: game.buried(),
                given: buried.len(),
            });
        }
        let mut left = game.remaining().to_vec();
        let mut gardens = game.remaining_gardens().to_vec();
        // A tile drawn and not placed yet (a log that ends with its draw) is still counted among
        // the remaining ones; the order holds the tiles after it.
        if let Decision::PlaceTile { tile, garden } = game.pending().decision {
            let i = tile.0 as usize;
            left[i] -= 1;
            if garden {
                gardens[i] -= 1;
            }
        }
        for d in &buried {
            take_from(&mut left, &mut gardens, d)?;
        }
        // The counts before the order, for a set whose rules order the draws (the River's).
        let before_order = hooks::orders_draws(&game).then(|| left.clone());
        for d in &order {
            take_from(&mut left, &mut gardens, d)?;
        }
        if let Some(counts) = before_order {
            hooks::check_order(&game, &counts, order.iter().map(|d| d.tile))
                .map_err(SetupError::DeckOrder)?;
        }
        let seed = seed.unwrap_or(DEFAULT_SEED);
        let mut live = LiveGame {
            game,
            bag: order.into(),
            buried,
            seed,
        };
        let mut out = TurnOutcome::new(live.game.pending().seat);
        live.draw(&mut out)?;
        live.chance_of_sets(&mut out);
        Ok((live, out.discarded))
    }

    /// Draws from the bag while the game waits for a draw; discarded and set-aside tiles go
    /// into `out`.
    fn draw(&mut self, out: &mut TurnOutcome) -> Result<(), SetupError> {
        while self.game.pending().decision == Decision::Draw {
            let Some(&d) = self.bag.front() else {
                break;
            };
            let draw = Action::Draw {
                tile: d.tile,
                garden: d.garden,
            };
            self.game
                .apply_into(draw, out)
                .map_err(|_| SetupError::DeckOrder(d.tile))?;
            self.bag.pop_front();
            if self.bag.is_empty() {
                // The last tile was discarded: tiles a seat holds may still begin turns.
                self.chance_of_sets(out);
            }
        }
        Ok(())
    }

    /// The chance a set's decision waits for, drawn at once: a token from the bag of sheep, or
    /// tiles a set turns up from the bag and the tile a seat holds.
    #[cold]
    #[inline(never)]
    fn chance_of_sets(&mut self, out: &mut TurnOutcome) {
        match self.game.pending().decision {
            Decision::Token => self.draw_token(out),
            Decision::Offer | Decision::HeldTile => {
                // The bag was checked against the draw rules when it was attached.
                let _ = self.draw_for_sets(out);
            }
            _ => {}
        }
    }

    /// Chance a set brings: tiles turned up from the bag (a bazaar's), the tile a seat holds
    /// (the one draw the game lists), then the draws that follow. Out of the common path of a
    /// turn.
    #[cold]
    #[inline(never)]
    fn draw_for_sets(&mut self, out: &mut TurnOutcome) -> Result<(), SetupError> {
        loop {
            let decision = self.game.pending().decision;
            if decision == Decision::HeldTile {
                let mut held = None;
                self.game.for_each_legal(|a| {
                    held = Some(a);
                    std::ops::ControlFlow::Break(())
                });
                let Some(a) = held else {
                    return Ok(());
                };
                let tile = a.turn_tile().map_or(TileId(0), |(t, _)| t);
                self.game
                    .apply_into(a, out)
                    .map_err(|_| SetupError::DeckOrder(tile))?;
                continue;
            }
            let Some(&d) = self.bag.front() else {
                return Ok(());
            };
            let draw = Action::Draw {
                tile: d.tile,
                garden: d.garden,
            };
            let Some(draw) = decision.from_stack(draw) else {
                return Ok(());
            };
            self.game
                .apply_into(draw, out)
                .map_err(|_| SetupError::DeckOrder(d.tile))?;
            self.bag.pop_front();
        }
    }

    /// Draws a token from the bag of sheep (Hills & Sheep), by the game's seed and the log's
    /// length; then the tiles that follow (a token ends a turn's decisions).
    #[cold]
    #[inline(never)]
    fn draw_token(&mut self, out: &mut TurnOutcome) {
        let n = self.game.tokens_in_bag();
        let mut rng = rand::rngs::SmallRng::seed_from_u64(self.seed ^ self.game.log().len() as u64);
        // The bag always holds its two wolves: there is always a token.
        if let Some(a) = self.game.nth_token(rng.gen_range(0..n.max(1))) {
            if self.game.apply_into(a, out).is_ok() {
                let _ = self.draw(out);
                // The token may end the turn: a set's tiles to turn up, or the tile a seat
                // holds, come next.
                if matches!(
                    self.game.pending().decision,
                    Decision::Offer | Decision::HeldTile
                ) {
                    let _ = self.draw_for_sets(out);
                }
            }
        }
    }

    /// Moves the bag's next tile under the hill the game just placed (Hills & Sheep).
    #[cold]
    fn bury(&mut self) {
        if let Some(d) = self.bag.pop_front() {
            self.buried.push(d);
        }
    }

    /// The tiles under hills, in the order they went there (hidden from players).
    pub fn buried_tiles(&self) -> &[Drawn] {
        &self.buried
    }

    /// Shuffles tiles that came back into play (dragon tiles set aside until the first volcano)
    /// into the bag, at places drawn from a generator seeded by the game's progress, so a live
    /// game stays reproducible; or, when the game has one tile fewer to draw than the bag holds,
    /// puts the bag's next tile under the hill just placed; or draws the token the game waits
    /// for.
    fn reinsert(&mut self, out: &mut TurnOutcome) {
        if self.reinsert_tiles(out) {
            return;
        }
        // After tiles moved (a hill's, the dragon's): a set's tiles to turn up, or the tile a
        // seat holds.
        if matches!(
            self.game.pending().decision,
            Decision::Offer | Decision::HeldTile
        ) {
            self.chance_of_sets(out);
        }
    }

    /// [`LiveGame::reinsert`]'s work: true when the bag and the game agree (and the chance the
    /// game waits for is drawn), false when tiles moved.
    #[inline(always)]
    fn reinsert_tiles(&mut self, out: &mut TurnOutcome) -> bool {
        // The bag holds only remaining tiles (checked when it was attached), so the counts agree
        // type by type as soon as they agree in total: the common case costs nothing.
        let decision = self.game.pending().decision;
        let waiting = u32::from(matches!(decision, Decision::PlaceTile { .. }));
        let held = self.bag.len() as u32 + waiting;
        if self.game.remaining_total() == held {
            // A token from a set's bag (Hills & Sheep's) is drawn at once, like a tile (no tile
            // moves in the action before it); so are the tiles a set turns up from the bag (a
            // bazaar's) and the tile a seat holds.
            if matches!(
                decision,
                Decision::Token | Decision::Offer | Decision::HeldTile
            ) {
                self.chance_of_sets(out);
            }
            return true;
        }
        if self.game.remaining_total() < held {
            // A hill took the stack's next tile out of the game (Hills & Sheep).
            self.bury();
            return false;
        }
        let mut missing: Vec<i32> = self.game.remaining().iter().map(|&c| c as i32).collect();
        let mut gardens: Vec<i32> = self
            .game
            .remaining_gardens()
            .iter()
            .map(|&c| c as i32)
            .collect();
        // The drawn tile waiting to be placed is still counted among the remaining ones, and so
        // are the tiles under hills.
        for d in self
            .bag
            .iter()
            .chain(self.drawn().as_ref())
            .chain(&self.buried)
        {
            missing[d.tile.0 as usize] -= 1;
            if d.garden {
                gardens[d.tile.0 as usize] -= 1;
            }
        }
        if missing.iter().all(|&c| c <= 0) {
            return false;
        }
        let seed = (self.game.turn_count() as u64) << 32 | self.bag.len() as u64;
        let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
        for (i, &m) in missing.iter().enumerate() {
            for k in 0..m.max(0) {
                let d = Drawn {
                    tile: TileId(i as u8),
                    garden: k < gardens[i].max(0),
                };
                let at = rng.gen_range(0..=self.bag.len());
                self.bag.insert(at, d);
            }
        }
        false
    }

    /// The rules state (what a computer player may read).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The tiles still in the bag, in draw order (hidden from players).
    pub fn bag(&self) -> &VecDeque<Drawn> {
        &self.bag
    }

    /// The tile the current player must place.
    pub fn drawn_tile(&self) -> Option<TileId> {
        self.game.tile_to_place()
    }

    /// The drawn tile with its garden flag.
    pub fn drawn(&self) -> Option<Drawn> {
        match self.game.pending().decision {
            Decision::PlaceTile { tile, garden } => Some(Drawn { tile, garden }),
            _ => None,
        }
    }

    /// Whether the game is over: no tile left, or the bag ran out.
    pub fn is_over(&self) -> bool {
        self.game.is_over()
            || (self.game.pending().decision == Decision::Draw && self.bag.is_empty())
    }

    /// Applies a player's action, then draws the next tile when one is due. Draws are the bag's:
    /// an [`Action::Draw`] from outside is refused. On error nothing changes.
    pub fn apply(&mut self, action: Action) -> Result<TurnOutcome, ActionError> {
        let mut out = TurnOutcome::new(self.game.pending().seat);
        self.apply_into(action, &mut out)?;
        Ok(out)
    }

    /// [`LiveGame::apply`] writing what happened into `out`, which is cleared first: a caller
    /// that plays many actions (random play, a search) reuses one outcome and its buffers. On
    /// error the game is unchanged and `out` means nothing.
    pub fn apply_into(&mut self, action: Action, out: &mut TurnOutcome) -> Result<(), ActionError> {
        // (A tile turned up for a bazaar is refused by the game: a live game never waits for
        // one.)
        if let Action::Draw { .. } = action {
            return Err(ActionError::WrongDecision {
                expected: self.game.pending().decision.name(),
                got: "a draw from outside the bag",
            });
        }
        if self.is_over() {
            return Err(ActionError::GameOver);
        }
        out.reset(self.game.pending().seat);
        self.game.apply_into(action, out)?;
        self.reinsert(out);
        // The bag was checked against the draw rules when it was attached.
        let _ = self.draw(out);
        Ok(())
    }

    /// Places the drawn tile, then takes the figure action `act` (a figure, the abbot's recall,
    /// a tower piece, the fairy, the princess, or [`Action::Pass`]): all or nothing. A dragon's
    /// journey that follows is left pending, step by step.
    pub fn play_turn(
        &mut self,
        at: Pos,
        rotation: Rotation,
        act: Action,
    ) -> Result<TurnOutcome, ActionError> {
        self.apply_all(&[Action::Place { at, rotation }, act])
    }

    /// Applies a seat's actions in order, all or nothing: a turn (a ransom first where one is
    /// paid, the placement, the figure action) or a step of the dragon. What happened is merged
    /// into one outcome; on error nothing changes.
    pub fn apply_all(&mut self, actions: &[Action]) -> Result<TurnOutcome, ActionError> {
        let mut g = self.clone();
        let mut out = TurnOutcome::new(g.pending().seat);
        for &a in actions {
            out.merge(g.apply(a)?);
        }
        *self = g;
        Ok(out)
    }

    /// Places the drawn tile with an optional figure, all or nothing.
    pub fn place(
        &mut self,
        at: Pos,
        rotation: Rotation,
        spot: Option<Spot>,
        figure: Figure,
    ) -> Result<TurnOutcome, ActionError> {
        let act = match spot {
            Some(spot) => Action::Deploy { figure, spot },
            None => Action::Pass,
        };
        self.play_turn(at, rotation, act)
    }

    /// Replays the turn in progress that saves of version 1 kept beside their record (a partial
    /// turn entry) onto a game resumed at the start of that turn: its ransom, placement, figure
    /// action and dragon's steps so far. All or nothing. (A record of version 2 holds the turn
    /// in progress in its log.)
    pub fn resume_turn(&mut self, t: &TurnRecord) -> Result<(), TurnProblem> {
        let mut g = self.clone();
        match g.drawn() {
            Some(d) if d.tile.name() == t.tile && d.garden == t.garden => {}
            _ => return Err(TurnProblem::UnknownTile(t.tile.clone())),
        }
        if let Some(a) = before_placing_of(g.game(), t)? {
            g.apply(a)?;
        }
        if let (Some([x, y]), Some(r)) = (t.at, t.rotation) {
            let rotation = Rotation::from_degrees(r).ok_or(PlaceError::BadRotation(r))?;
            let act = turn_act(t)?;
            g.play_turn(pos(x, y), rotation, act)?;
            for a in after_act_of(t)? {
                g.apply(a)?;
            }
        }
        *self = g;
        Ok(())
    }

    /// The hidden parts as they stood before the log entry `cut` (the first draw of the turns
    /// taken back): the tiles to draw, those drawn from `cut` on back on top in their order
    /// (with each tile a placement put out of the game right after the draw of the tile that
    /// did it, where the bag had it), and the tiles out of the game then.
    pub fn hidden_before(&self, cut: usize) -> Result<(Vec<Drawn>, Vec<Drawn>), ReplayError> {
        let mut record = self.game.record();
        record.log.truncate(cut);
        let kept = (replay(&record)?.buried() as usize).min(self.buried.len());
        let mut out_of_game = self.buried[kept..].iter();
        let taken = self.game.log().get(cut..).unwrap_or(&[]);
        let mut deck = Vec::with_capacity(taken.len() + out_of_game.len() + self.bag.len());
        for t in TurnView::split(taken) {
            deck.extend(Drawn::of(t.entries()[0].action));
            if t.placed().is_some() && hooks::covers_next(t.tile().0) {
                deck.extend(out_of_game.next());
            }
        }
        deck.extend(self.bag.iter().copied());
        Ok((deck, self.buried[..kept].to_vec()))
    }

    /// Takes the game and the bag apart (the tiles under hills are in [`LiveGame::buried_tiles`]).
    pub fn into_parts(self) -> (Game, VecDeque<Drawn>) {
        (self.game, self.bag)
    }
}
