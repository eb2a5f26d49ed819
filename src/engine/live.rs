//! A live game: the rules state plus the hidden bag (the order of the tiles still to be drawn).
//!
//! The engine's [`Game`] never sees the future; [`LiveGame`] answers each [`Decision::Draw`] from
//! its bag as soon as it comes up (discarding tiles that fit nowhere), so the players only ever
//! face real decisions. A computer player is given the [`Game`], never the bag.

use super::action::{Action, Decision, TurnOutcome};
use super::error::{ActionError, PlaceError, SetupError};
use super::game::{hooks, Game};
use super::geom::{Pos, Rotation};
use super::record::{after_act_of, before_placing_of, pos, turn_act, TurnProblem, TurnRecord};
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
        let after_drawn = left.clone();
        for d in &order {
            let i = d.tile.0 as usize;
            let c = left.get_mut(i).ok_or(SetupError::DeckMismatch(d.tile))?;
            if *c == 0 || (d.garden && gardens[i] == 0) || (!d.garden && *c == gardens[i]) {
                return Err(SetupError::DeckMismatch(d.tile));
            }
            if d.garden {
                gardens[i] -= 1;
            }
            *c -= 1;
        }
        hooks::check_order(&game, &after_drawn, order.iter().map(|d| d.tile))
            .map_err(SetupError::DeckOrder)?;
        let mut live = LiveGame {
            game,
            bag: order.into(),
        };
        let mut out = TurnOutcome::new(live.game.pending().seat);
        live.draw(&mut out)?;
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
        }
        Ok(())
    }

    /// Shuffles tiles that came back into play (dragon tiles set aside until the first volcano)
    /// into the bag, at places drawn from a generator seeded by the game's progress, so a live
    /// game stays reproducible.
    fn reinsert(&mut self) {
        // The bag holds only remaining tiles (checked when it was attached), so the counts agree
        // type by type as soon as they agree in total: the common case costs nothing.
        let waiting = u32::from(self.drawn().is_some());
        if self.game.remaining_total() <= self.bag.len() as u32 + waiting {
            return;
        }
        let mut missing: Vec<i32> = self.game.remaining().iter().map(|&c| c as i32).collect();
        let mut gardens: Vec<i32> = self
            .game
            .remaining_gardens()
            .iter()
            .map(|&c| c as i32)
            .collect();
        // The drawn tile waiting to be placed is still counted among the remaining ones.
        for d in self.bag.iter().chain(self.drawn().as_ref()) {
            missing[d.tile.0 as usize] -= 1;
            if d.garden {
                gardens[d.tile.0 as usize] -= 1;
            }
        }
        if missing.iter().all(|&c| c <= 0) {
            return;
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
        self.reinsert();
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

    /// Takes the game and the bag apart.
    pub fn into_parts(self) -> (Game, VecDeque<Drawn>) {
        (self.game, self.bag)
    }
}
