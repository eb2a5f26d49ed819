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

/// One turn of the log: a draw (or a tile from the hand placed instead) and what followed it
/// until the next one (the ransom, the placement, the figure action, the dragon's journey, a
/// set's moves after the scoring). A seat's choice to draw rather than place a tile from its
/// hand is logged as a pass at the end of the turn before.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnView<'a> {
    entries: &'a [Logged],
    start: usize,
}

impl<'a> TurnView<'a> {
    /// The turns of a log, oldest first (entries before the first draw belong to none).
    pub fn split(log: &'a [Logged]) -> impl DoubleEndedIterator<Item = TurnView<'a>> + 'a {
        let base = log.as_ptr() as usize;
        log.chunk_by(|_, b| !b.action.begins_turn())
            .filter(|c| c[0].action.begins_turn())
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

    /// The drawn tile and whether it was the copy with a garden (the abbey for a turn that
    /// placed one).
    pub fn tile(&self) -> (TileId, bool) {
        self.entries[0]
            .action
            .turn_tile()
            .expect("a turn begins with its tile")
    }

    /// Where the tile went; `None` when it was discarded, set aside, or is not placed yet.
    pub fn placed(&self) -> Option<(Pos, Rotation)> {
        self.entries.iter().find_map(|e| e.action.placed())
    }

    /// The tile was set aside by the rules (not discarded).
    pub fn set_aside(&self) -> bool {
        self.entries[0].aside
    }

    /// Where the placement is among the turn's entries.
    fn placement(&self) -> Option<usize> {
        self.entries
            .iter()
            .position(|e| e.action.placed().is_some())
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
