//! Monte-Carlo tree search over the engine's decisions.
//!
//! The tree's nodes are the decisions of the game as the engine poses them (placement, then the
//! figure action, then the next draw, ...), so every decision of every set in play is searched
//! without special code. Draws are chance nodes: each iteration samples the next tile from the
//! counts of the tiles left (the search never sees the hidden order; it gets a [`Game`], which has
//! none), so the tree is "open loop" over the sampled futures. A decision node picks its child by
//! UCB1 on the reward of the seat that decides there (max^n for more than two players).
//!
//! A new node is not played out to the end: its value is each seat's estimated final score
//! ([`Valuation::estimate`]: the score if the game ended now plus what is still to come), turned
//! into a reward in 0..1 by the lead over the best other seat.
//!
//! At the root, the budget says how the iterations are shared among the moves
//! ([`RootChoice`]): by UCB1 like every other node, or by sequential halving (Karnin, Koren and
//! Somekh 2013, as in Gumbel MuZero): every move gets the same share of a round, the better half
//! by mean reward goes on to the next, until one is left. UCB1 spends its visits to play well
//! while it searches; halving spends them to tell the best move from the next best, which is all
//! the root's visits are for.

pub use super::valuation::Valuation;
use crate::engine::{Action, Decision, Game, MAX_PLAYERS};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

/// How long a search may run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Iterations (one new node each). The result depends only on these and the seed.
    pub iterations: u32,
    /// The search stops early after this long (a busy machine); the result is then no longer
    /// reproducible.
    pub max_time: Duration,
    /// Turns played at random from a new node before it is evaluated (0: evaluate at once).
    pub rollout: u32,
    /// How a new node is valued.
    pub valuation: Valuation,
    /// How the root shares the iterations among its moves.
    pub root: RootChoice,
}

/// How the search shares its iterations among the moves at the root, and picks one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RootChoice {
    /// UCB1, as at every other node; the most visited move is played. Medium's and the old
    /// hard's (`a843636`) root.
    #[default]
    Ucb,
    /// Sequential halving: once every move has been tried, rounds of equal shares, the better
    /// half by mean reward kept after each, the iterations left split evenly over the rounds
    /// left; the last move standing is played (the best mean among those left, if the search
    /// is stopped by the clock first). Hard's root since issue 59's screening ("Sequential
    /// halving at the root" in `BENCHMARKS.md`).
    Halving,
}

/// Exploration constant of UCB1 (rewards lie in 0..1).
const EXPLORATION: f32 = 0.5;
/// Points of lead that make a reward of about 0.73 (a logistic scale).
const LEAD_SCALE: f32 = 12.0;
/// Seat index that marks a chance node (a draw).
const CHANCE: u8 = u8::MAX;

#[derive(Debug)]
struct Node {
    /// The action that led here (the root has none).
    action: Option<Action>,
    /// The seat that decides at this node, or [`CHANCE`].
    decider: u8,
    visits: u32,
    /// Sum of rewards per seat over the visits.
    reward: [f32; MAX_PLAYERS],
    children: Vec<u32>,
    /// Actions not tried yet (decision nodes), filled at the first visit.
    untried: Option<Vec<Action>>,
}

impl Node {
    fn new(action: Option<Action>, game: &Game) -> Node {
        let p = game.pending();
        Node {
            action,
            decider: match p.decision {
                Decision::Draw | Decision::Token | Decision::Offer | Decision::HeldTile => CHANCE,
                _ => p.seat as u8,
            },
            visits: 0,
            reward: [0.0; MAX_PLAYERS],
            children: Vec::new(),
            untried: None,
        }
    }

    fn mean(&self, seat: usize) -> f32 {
        if self.visits == 0 {
            0.0
        } else {
            self.reward[seat] / self.visits as f32
        }
    }
}

/// A search tree rooted at one game state.
struct Tree {
    nodes: Vec<Node>,
    rng: SmallRng,
    /// Tiles in the draw pile at the start of the game (for the worth of figures in hand).
    initial_tiles: f32,
    /// How the search's budget values a new node.
    valuation: Valuation,
    /// The unfinished features of the position being valued (a buffer reused).
    unfinished: Vec<crate::engine::Unfinished>,
    /// The actions of a new node, as listed (a buffer reused).
    listed: Vec<Action>,
    /// The root's rounds, when the budget shares the root's iterations by halving (set up once
    /// every move at the root has been tried).
    halving: Option<Halving>,
}

/// The state of sequential halving at the root ([`RootChoice::Halving`]).
#[derive(Debug)]
struct Halving {
    /// The root's children still in the running, in the order they are visited in a round.
    candidates: Vec<u32>,
    /// Visits each candidate gets in this round.
    share: u32,
    /// Full passes over the candidates made in this round.
    passes: u32,
    /// The candidate the next iteration goes through.
    next: usize,
}

impl Halving {
    /// The rounds needed to halve `n` candidates down to one: ⌈log₂ n⌉.
    fn rounds(n: usize) -> u32 {
        usize::BITS - n.saturating_sub(1).leading_zeros()
    }

    /// Starts a round for the candidates left, with `left` iterations to share.
    fn start_round(&mut self, left: u32) {
        let n = self.candidates.len();
        let per_round = left / Halving::rounds(n).max(1);
        self.share = (per_round / n as u32).max(1);
        self.passes = 0;
        self.next = 0;
    }
}

/// The best turn for the current player: a ransom where it pays one (The Tower), the placement
/// and the figure action; empty if no drawn tile waits to be placed.
pub fn search_move(game: &Game, budget: Budget, seed: u64) -> Vec<Action> {
    search_turn(game, budget, seed).unwrap_or_default()
}

/// [`search_move`], `None` where it finds nothing.
fn search_turn(game: &Game, budget: Budget, seed: u64) -> Option<Vec<Action>> {
    let Decision::PlaceTile { .. } = game.pending().decision else {
        return None;
    };
    // A set's rule before placing (the Tower: a computer short of followers buys one back
    // first), then the search from there.
    let mut g = game.scratch();
    let mut before = None;
    if let Some(r) = super::greedy::before_placing(game) {
        g.apply(r).ok()?;
        before = Some(r);
    }
    let root = g.clone();
    let mut tree = Tree::new(&root, seed, budget.valuation);
    tree.run(&root, budget);
    // The root's best child: a placement, or an action before placing with placements under
    // it.
    let mut node = 0;
    if let Some(c) = tree.best_child(0) {
        let first = tree.nodes[c as usize].action.filter(|_| before.is_none());
        // (A placement with a set's piece, a bridge, is the placement itself.)
        if let Some(a) = first.filter(|a| a.placed().is_none()) {
            g.apply(a).ok()?;
            before = Some(a);
            node = c;
        }
    }
    // Down the most visited children (or, where the search never went that deep, the first
    // legal action: passing for the figure action).
    let next = |g: &mut Game, node: &mut u32| -> Option<Action> {
        let a = match tree.best_child(*node) {
            Some(c) => {
                *node = c;
                tree.nodes[c as usize].action?
            }
            None => {
                *node = u32::MAX;
                first_legal(g)?
            }
        };
        g.apply(a).ok()?;
        Some(a)
    };
    let place = next(&mut g, &mut node)?;
    place.placed()?;
    let act = if node == u32::MAX {
        first_legal(&g)?
    } else {
        next(&mut g, &mut node)?
    };
    Some(before.into_iter().chain([place, act]).collect())
}

/// The search's choice for a decision that is not a tile placement (a step of the dragon):
/// the most visited action at the root. `None` when nothing is to be decided.
pub fn search_action(game: &Game, budget: Budget, seed: u64) -> Option<Action> {
    let d = game.pending().decision;
    if d == Decision::GameOver || d.is_chance() {
        return None;
    }
    let mut tree = Tree::new(game, seed, budget.valuation);
    tree.run(game, budget);
    match tree.best_child(0) {
        Some(c) => tree.nodes[c as usize].action,
        None => first_legal(game),
    }
}

/// The mean reward (0..1, a logistic of the lead over the best other seat) of `seat` at
/// `game` after a search of `budget` from there: how well the position stands for that seat.
pub fn root_value(game: &Game, seat: usize, budget: Budget, seed: u64) -> f32 {
    let mut tree = Tree::new(game, seed, budget.valuation);
    if game.is_over() {
        return tree.evaluate(game)[seat];
    }
    tree.run(game, budget);
    let root = &tree.nodes[0];
    if root.visits == 0 {
        tree.evaluate(game)[seat]
    } else {
        root.mean(seat)
    }
}

fn first_legal(g: &Game) -> Option<Action> {
    let mut first = None;
    g.for_each_legal(|a| {
        first = Some(a);
        ControlFlow::Break(())
    });
    first
}

impl Tree {
    fn new(game: &Game, seed: u64, valuation: Valuation) -> Tree {
        Tree {
            nodes: vec![Node::new(None, game)],
            rng: SmallRng::seed_from_u64(seed),
            initial_tiles: super::valuation::initial_tiles(game),
            valuation,
            unfinished: Vec::new(),
            listed: Vec::new(),
            halving: None,
        }
    }

    fn run(&mut self, root: &Game, budget: Budget) {
        let start = Instant::now();
        let mut path: Vec<u32> = Vec::with_capacity(64);
        // One copy of the root, copied over for each iteration into the buffers it grew.
        let mut game = root.clone();
        for i in 0..budget.iterations {
            // Checking the clock costs little next to an iteration, but not nothing.
            if i % 64 == 63 && start.elapsed() >= budget.max_time {
                break;
            }
            if i > 0 {
                game.clone_from(root);
            }
            path.clear();
            let forced = match budget.root {
                RootChoice::Ucb => None,
                RootChoice::Halving => self.halving_next(budget.iterations - i),
            };
            self.iterate(&mut game, &mut path, budget.rollout, forced);
        }
    }

    /// The root's child the next iteration goes through under sequential halving, `left`
    /// iterations being left (this one included); `None` while the root still has moves to
    /// try (they are tried first, as UCB1 does), at a chance node, or with one move only.
    fn halving_next(&mut self, left: u32) -> Option<u32> {
        let root = &self.nodes[0];
        if root.decider == CHANCE || !root.untried.as_ref().is_some_and(Vec::is_empty) {
            return None;
        }
        let seat = root.decider as usize;
        if self.halving.is_none() {
            if root.children.len() < 2 {
                return None;
            }
            let mut h = Halving {
                candidates: root.children.clone(),
                share: 0,
                passes: 0,
                next: 0,
            };
            h.start_round(left);
            self.halving = Some(h);
        }
        let nodes = &self.nodes;
        let h = self.halving.as_mut()?;
        if h.candidates.len() > 1 && h.next == h.candidates.len() {
            h.next = 0;
            h.passes += 1;
            if h.passes >= h.share {
                // The round is over: the better half by mean reward goes on.
                h.candidates.sort_by(|&a, &b| {
                    let (x, y) = (&nodes[a as usize], &nodes[b as usize]);
                    y.mean(seat).total_cmp(&x.mean(seat))
                });
                h.candidates.truncate(h.candidates.len().div_ceil(2));
                h.start_round(left);
            }
        }
        if h.candidates.len() == 1 {
            return Some(h.candidates[0]);
        }
        let c = h.candidates[h.next];
        h.next += 1;
        Some(c)
    }

    /// One iteration: select down the tree (through the root's child `forced`, if given, once
    /// the root's moves have all been tried), add one node, evaluate it, back the value up.
    fn iterate(&mut self, game: &mut Game, path: &mut Vec<u32>, rollout: u32, forced: Option<u32>) {
        let mut node = 0u32;
        path.push(node);
        let rewards = loop {
            if game.is_over() {
                break self.evaluate(game);
            }
            let n = node as usize;
            if self.nodes[n].decider == CHANCE {
                let draw = self.sample_draw(game);
                game.apply(draw).expect("a sampled draw is legal");
                node = self.child_with(node, draw, game);
                path.push(node);
                continue;
            }
            if self.nodes[n].untried.is_none() {
                // Where a set lists every amount a seat can bid, the rule's one answer.
                let actions = match super::greedy::searched_by_rule(game) {
                    Some(a) => vec![a],
                    None => {
                        // Listed into a reused buffer, kept in one allocation of its size.
                        let listed = &mut self.listed;
                        listed.clear();
                        game.for_each_legal(|a| {
                            listed.push(a);
                            ControlFlow::Continue(())
                        });
                        listed.shuffle(&mut self.rng);
                        listed.clone()
                    }
                };
                self.nodes[n].untried = Some(actions);
            }
            if let Some(a) = self.nodes[n].untried.as_mut().and_then(Vec::pop) {
                game.apply(a).expect("an enumerated action is legal");
                let child = self.add_child(node, a, game);
                path.push(child);
                self.rollout(game, rollout);
                break self.evaluate(game);
            }
            let forced = forced.filter(|_| node == 0);
            let Some(next) = forced.or_else(|| self.select(node)) else {
                // No legal action (cannot happen while the game runs): value the state as is.
                break self.evaluate(game);
            };
            let a = self.nodes[next as usize]
                .action
                .expect("a child has an action");
            game.apply(a).expect("a tree action is legal");
            node = next;
            path.push(node);
        };
        for &i in path.iter() {
            let nd = &mut self.nodes[i as usize];
            nd.visits += 1;
            for (r, x) in nd.reward.iter_mut().zip(rewards) {
                *r += x;
            }
        }
    }

    fn add_child(&mut self, parent: u32, action: Action, game: &Game) -> u32 {
        let id = self.nodes.len() as u32;
        self.nodes.push(Node::new(Some(action), game));
        self.nodes[parent as usize].children.push(id);
        id
    }

    /// The child of a chance node for a drawn tile, added if new.
    fn child_with(&mut self, parent: u32, action: Action, game: &Game) -> u32 {
        let found = self.nodes[parent as usize]
            .children
            .iter()
            .copied()
            .find(|&c| self.nodes[c as usize].action == Some(action));
        found.unwrap_or_else(|| self.add_child(parent, action, game))
    }

    /// UCB1 among the children of a decision node, for the seat that decides there.
    fn select(&self, node: u32) -> Option<u32> {
        let n = &self.nodes[node as usize];
        let seat = n.decider as usize;
        let ln = (n.visits.max(1) as f32).ln();
        n.children.iter().copied().max_by(|&a, &b| {
            let ua = self.ucb(a, seat, ln);
            let ub = self.ucb(b, seat, ln);
            ua.total_cmp(&ub)
        })
    }

    fn ucb(&self, child: u32, seat: usize, ln_parent: f32) -> f32 {
        let c = &self.nodes[child as usize];
        let v = c.visits.max(1) as f32;
        c.mean(seat) + EXPLORATION * (ln_parent / v).sqrt()
    }

    /// The move to play at `node`: the most visited child (ties: the better mean for the
    /// deciding seat); at the root under sequential halving, the best mean among the moves
    /// still in the running (the last one, once the rounds are over).
    fn best_child(&self, node: u32) -> Option<u32> {
        let n = &self.nodes[node as usize];
        let seat = n.decider as usize;
        if let Some(h) = self.halving.as_ref().filter(|_| node == 0) {
            return h.candidates.iter().copied().max_by(|&a, &b| {
                let (x, y) = (&self.nodes[a as usize], &self.nodes[b as usize]);
                x.mean(seat).total_cmp(&y.mean(seat))
            });
        }
        n.children.iter().copied().max_by(|&a, &b| {
            let (x, y) = (&self.nodes[a as usize], &self.nodes[b as usize]);
            x.visits
                .cmp(&y.visits)
                .then(x.mean(seat).total_cmp(&y.mean(seat)))
        })
    }

    /// Plays `turns` turns with a light random policy: a random placement, then a figure on
    /// half of the turns (a random one) and none on the others.
    fn rollout(&mut self, game: &mut Game, turns: u32) {
        let mut ended = 0;
        let mut actions = Vec::with_capacity(64);
        while ended < turns && !game.is_over() {
            let a = match game.pending().decision {
                d if d.is_chance() => self.sample_draw(game),
                Decision::GameOver => break,
                Decision::Act { .. } if self.rng.gen_bool(0.5) => Action::Pass,
                _ => {
                    if let Some(a) = super::greedy::searched_by_rule(game) {
                        a
                    } else {
                        actions.clear();
                        game.for_each_legal(|a| {
                            actions.push(a);
                            ControlFlow::Continue(())
                        });
                        match actions.choose(&mut self.rng) {
                            Some(&a) => a,
                            None => break,
                        }
                    }
                }
            };
            if let Ok(out) = game.apply(a) {
                if out.turn_ended {
                    ended += 1;
                }
            } else {
                break;
            }
        }
    }

    /// A draw sampled by the counts of the tiles left (a tile the draw rules forbid now, such
    /// as a land tile while river tiles are left, is replaced by the first legal draw).
    fn sample_draw(&mut self, game: &Game) -> Action {
        if game.pending().decision == Decision::Token {
            // A token from the bag of sheep (Hills & Sheep), as likely as the bag makes it.
            let k = self.rng.gen_range(0..game.tokens_in_bag().max(1));
            if let Some(a) = game.nth_token(k) {
                return a;
            }
        }
        let decision = game.pending().decision;
        if decision == Decision::HeldTile {
            // The tile the seat holds: the one draw listed.
            return first_legal(game).expect("the tile the seat holds");
        }
        let k = self.rng.gen_range(0..game.unseen());
        match game.nth_left(k).and_then(|a| decision.from_stack(a)) {
            Some(a) if game.draw_allowed(a) => a,
            _ => first_legal(game).expect("a tile is left to draw"),
        }
    }

    /// Rewards per seat in 0..1 for a state: the estimated final score's lead over the best
    /// other seat, through a logistic curve.
    fn evaluate(&mut self, game: &Game) -> [f32; MAX_PLAYERS] {
        let n = game.player_count();
        let est = self
            .valuation
            .estimate_with(game, self.initial_tiles, &mut self.unfinished);
        let mut out = [0f32; MAX_PLAYERS];
        for p in 0..n {
            let best_other = (0..n)
                .filter(|&q| q != p)
                .map(|q| est[q])
                .fold(f32::MIN, f32::max);
            let lead = est[p] - best_other;
            out[p] = 1.0 / (1.0 + (-lead / LEAD_SCALE).exp());
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::random::{random_turn, shuffled_deck};
    use crate::engine::{LiveGame, Setup, TileSet};

    #[test]
    fn halving_takes_log2_rounds() {
        let rounds: Vec<u32> = (1..=9).map(Halving::rounds).collect();
        assert_eq!(rounds, [0, 1, 2, 2, 3, 3, 3, 3, 4]);
    }

    /// Under sequential halving every move at the root is tried, the rounds end with one or two
    /// moves left, the better of them by mean is the one played, no move got more visits than
    /// the finalists, and the runner-up got more than a move dropped in the first round.
    #[test]
    fn halving_ends_with_the_move_it_kept_most() {
        let mut setup = Setup::base(["A", "B"]);
        setup.sets.extend(TileSet::EXPANSIONS);
        let mut checked = 0;
        for seed in 0..6 {
            let mut game = LiveGame::new(setup.clone(), shuffled_deck(&setup.sets, seed)).unwrap();
            let mut rng = SmallRng::seed_from_u64(seed);
            for _ in 0..(5 + 7 * seed) {
                random_turn(&mut game, &mut rng);
            }
            if !matches!(game.pending().decision, Decision::PlaceTile { .. }) {
                continue;
            }
            let budget = Budget {
                iterations: 2_000,
                max_time: Duration::from_secs(600),
                rollout: 0,
                valuation: Valuation::Open,
                root: RootChoice::Halving,
            };
            let mut tree = Tree::new(game.game(), seed, budget.valuation);
            tree.run(game.game(), budget);
            let root = &tree.nodes[0];
            if root.children.len() < 4 {
                continue;
            }
            let h = tree.halving.as_ref().expect("the rounds started");
            // The last round ends with the budget: one move left, or the last two (the
            // budget's last iteration closed the round).
            assert!(h.candidates.len() <= 2, "{} left", h.candidates.len());
            let kept = tree.best_child(0).expect("a move");
            assert!(h.candidates.contains(&kept));
            let mean = |c: u32| tree.nodes[c as usize].mean(root.decider as usize);
            assert!(h.candidates.iter().all(|&c| mean(c) <= mean(kept)));
            let visits = |c: u32| tree.nodes[c as usize].visits;
            let most = h.candidates.iter().map(|&c| visits(c)).max().unwrap();
            assert!(root.children.iter().all(|&c| visits(c) >= 1));
            assert!(root.children.iter().all(|&c| visits(c) <= most));
            let fewest = root.children.iter().map(|&c| visits(c)).min().unwrap();
            let second = root
                .children
                .iter()
                .filter(|&&c| c != kept)
                .map(|&c| visits(c))
                .max()
                .unwrap();
            assert!(
                second > fewest,
                "a finalist was visited more than a move dropped first"
            );
            assert_eq!(root.visits, 2_000);
            checked += 1;
        }
        assert!(checked >= 3, "{checked} positions with four moves or more");
    }
}
