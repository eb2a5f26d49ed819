//! The log of a game: every action in the order it was taken, with the seat that took it. A
//! game record (version 2) is this log with the setup; the turns shown to people ("Alice placed
//! K at 2,-1 with a knight") are read off it ([`TurnView`]).

use super::action::Action;
use super::geom::{Pos, Rotation};
use super::tiles::TileId;

/// One entry of the log.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Logged {
    /// The seat that took the action (for a draw: the seat whose turn it is).
    pub seat: u8,
    /// The action as the game took it: a figure's place is named the canonical way (the lowest
    /// point of its segment), a magic portal onto the tile just placed is a plain deploy.
    pub action: Action,
    /// For a draw: the rules put the tile aside (The Princess & the Dragon: a dragon tile drawn
    /// before the first volcano) instead of it being placed or discarded.
    pub aside: bool,
}

/// One turn of the log: a draw and what followed it until the next draw (the ransom, the
/// placement, the figure action, the dragon's journey).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnView<'a> {
    entries: &'a [Logged],
    start: usize,
}

impl<'a> TurnView<'a> {
    /// The turns of a log, oldest first (entries before the first draw belong to none).
    pub fn split(log: &'a [Logged]) -> impl DoubleEndedIterator<Item = TurnView<'a>> + 'a {
        let base = log.as_ptr() as usize;
        log.chunk_by(|_, b| !matches!(b.action, Action::Draw { .. }))
            .filter(|c| matches!(c[0].action, Action::Draw { .. }))
            .map(move |entries| TurnView {
                entries,
                // The chunks are sub-slices of `log`: their offset is their index there.
                start: (entries.as_ptr() as usize - base) / std::mem::size_of::<Logged>(),
            })
    }

    /// The index of the turn's draw in the log.
    pub fn start(&self) -> usize {
        self.start
    }

    /// The log entries of the turn, its draw first.
    pub fn entries(&self) -> &'a [Logged] {
        self.entries
    }

    /// The seat whose turn it was.
    pub fn seat(&self) -> usize {
        self.entries[0].seat as usize
    }

    /// The drawn tile and whether it was the copy with a garden.
    pub fn tile(&self) -> (TileId, bool) {
        match self.entries[0].action {
            Action::Draw { tile, garden } => (tile, garden),
            _ => unreachable!("a turn starts with its draw"),
        }
    }

    /// Where the tile went; `None` when it was discarded, set aside, or is not placed yet.
    pub fn placed(&self) -> Option<(Pos, Rotation)> {
        self.entries.iter().find_map(|e| match e.action {
            Action::Place { at, rotation } => Some((at, rotation)),
            _ => None,
        })
    }

    /// The tile was set aside by the rules (not discarded).
    pub fn set_aside(&self) -> bool {
        self.entries[0].aside
    }

    /// Where the placement is among the turn's entries.
    fn placement(&self) -> Option<usize> {
        self.entries
            .iter()
            .position(|e| matches!(e.action, Action::Place { .. }))
    }

    /// The figure action taken on the placed tile ([`Action::Pass`] included): the decision
    /// after the placement; `None` while it is pending or when the tile was not placed.
    pub fn act(&self) -> Option<Action> {
        let p = self.placement()?;
        self.entries.get(p + 1).map(|e| e.action)
    }

    /// The decisions taken after the draw and before the placement (a set's own, such as The
    /// Tower's ransom); all of them while the tile is not placed yet.
    pub fn before_placing(&self) -> impl Iterator<Item = Action> + 'a {
        let end = self.placement().unwrap_or(self.entries.len());
        self.entries[1..end].iter().map(|e| e.action)
    }

    /// The decisions taken after the figure action, in order (a set's own steps between
    /// turns, such as the dragon's journey).
    pub fn after_act(&self) -> impl Iterator<Item = Action> + 'a {
        let from = self.placement().map_or(self.entries.len(), |p| p + 2);
        self.entries
            .get(from..)
            .unwrap_or(&[])
            .iter()
            .map(|e| e.action)
    }
}
