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
            self.iterate(&mut game, &mut path, budget.rollout);
        }
    }

    /// One iteration: select down the tree, add one node, evaluate it, back the value up.
    fn iterate(&mut self, game: &mut Game, path: &mut Vec<u32>, rollout: u32) {
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
            let Some(next) = self.select(node) else {
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

    /// The most visited child (ties: the better mean for the deciding seat).
    fn best_child(&self, node: u32) -> Option<u32> {
        let n = &self.nodes[node as usize];
        let seat = n.decider as usize;
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
