//! The service's vocabulary: settings, requests (who, where, what), and what comes back — a
//! [`Reply`] to the request, and [`Notice`]s posted later (computer moves, reminders, expiries).
//! Buttons carry typed [`ButtonAction`]s; the Discord layer turns them into custom ids.

use super::storage::Key;
use crate::ai::Level;
use crate::engine::{Action, FarmRule, Rules};

/// Reminders left unanswered before the others may vote on an absent player, unless configured.
pub const ABSENT_AFTER: u32 = 2;

/// Service-wide settings (from the configuration file).
#[derive(Clone, Debug)]
pub struct Settings {
    /// Reminder interval for new games, in hours (0: none).
    pub reminder_hours: u32,
    /// Unanswered reminders after which the others may vote on an absent player (0: never).
    pub absent_after: u32,
    /// Rules of a new game unless its creator chooses.
    pub default_rules: Rules,
    /// Sets of a new game unless its creator chooses (record names).
    pub default_sets: Vec<String>,
    /// Strength of the computer players of a new game unless its creator chooses.
    pub default_level: Level,
    /// Hours per move of a new game unless its creator or its server chooses (0: no clock).
    pub clock_hours: u32,
    /// Fixed seed for shuffles (tests, demo); `None` draws a random one per game.
    pub seed: Option<u64>,
    /// Length of a reminder "hour" in seconds: 3600, except in tests that cannot wait.
    pub seconds_per_hour: u64,
    /// What is kept, and for how long.
    pub retention: Retention,
    /// Seconds a worker holds a game's due work (a computer's move, a reminder, an expiry)
    /// once it claimed it: if the process dies, another takes the work over after this.
    pub lease_seconds: u64,
    /// What one member (or one channel, or one server) may make the bot do.
    pub limits: Limits,
    /// Where games' web pages are served (`https://example.org`; `None`: nowhere, no links).
    pub web_base: Option<String>,
    /// Whether the web board also runs as the application's Discord Activity (turn messages
    /// then carry a button that launches it).
    pub activity: bool,
    /// Whether new games may choose sets still being built (not
    /// [`offered`](crate::engine::TileSet::offered) yet): off for players; an operator turns it
    /// on to try them (`preview_sets = true`), and the tests of those sets do.
    pub preview_sets: bool,
    /// Search iterations per position of the computer's review of a finished game (0: games
    /// are not reviewed).
    pub review_iterations: u32,
}

/// Search iterations per position of a game's review unless configured.
pub const REVIEW_ITERATIONS: u32 = 4000;

/// Limits against misuse: what one member, channel or server may make the bot do. A request
/// over a limit is refused privately with when to try again; nothing public is posted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Lobbies one member may have open at once on a server (0: no limit).
    pub lobbies_per_member: u32,
    /// Lobbies a server may have open at once (0: no limit).
    pub lobbies_per_server: u32,
    /// Commands that post something for everyone to see and change nothing (board, status,
    /// tiles, rules, history, final boards, standings) one member may send per minute (0: no
    /// limit). Private views (a replay's steps, export, my games) may come six times as often.
    pub looks_per_member: u32,
    /// The same per channel, whoever sends them (0: no limit).
    pub looks_per_channel: u32,
    /// Moves taken back per game (a player alone with computers may take back their own moves
    /// without a vote; this bounds how far the stored game grows; 0: no limit).
    pub undos_per_game: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            lobbies_per_member: 2,
            lobbies_per_server: 20,
            looks_per_member: 10,
            looks_per_channel: 30,
            undos_per_game: 100,
        }
    }
}

/// How long a claim on due work lasts unless the configuration says otherwise.
pub const LEASE_SECONDS: u64 = 60;

/// How long games and history are kept, and how many games stay loaded in memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Retention {
    /// A lobby nobody started is closed after this many hours (0: never).
    pub lobby_hours: u32,
    /// A running game without a move for this many days ends as abandoned (0: never).
    pub abandoned_days: u32,
    /// Finished games are kept in history this many days (0: forever).
    pub history_days: u32,
    /// At most this many games stay loaded in memory; idle ones are dropped first (they are
    /// read again from storage when used).
    pub max_loaded: usize,
}

impl Default for Retention {
    fn default() -> Self {
        Retention {
            lobby_hours: 72,
            abandoned_days: 30,
            history_days: 0,
            max_loaded: 1000,
        }
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            reminder_hours: 12,
            absent_after: ABSENT_AFTER,
            default_rules: Rules::default(),
            default_sets: vec!["base".into()],
            default_level: Level::Hard,
            clock_hours: 0,
            seed: None,
            seconds_per_hour: 3600,
            retention: Retention::default(),
            lease_seconds: LEASE_SECONDS,
            limits: Limits::default(),
            web_base: None,
            activity: false,
            preview_sets: false,
            review_iterations: REVIEW_ITERATIONS,
        }
    }
}

/// Who sends a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Actor {
    /// Discord user id.
    pub id: u64,
    /// Display name.
    pub name: String,
    /// The Discord layer says this user may manage the channel (may abort any game there).
    pub manager: bool,
    /// What else the Discord layer says this user may do on the server.
    pub rights: Rights,
}

/// A member's permissions and roles on the server, as the Discord layer reports them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rights {
    /// May manage the server: may change `/carcassonne settings`.
    pub manage_server: bool,
    /// May manage messages: a moderator of every game on the server.
    pub manage_messages: bool,
    /// The member's roles (for the server's starter and moderator roles).
    pub roles: Vec<u64>,
    /// The member may not send messages here (no *Send Messages*, or *Send Messages in
    /// Threads* in a thread): the bot posts nothing public for them but their moves.
    pub muted: bool,
}

/// Options of a new lobby; `None` takes the default.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NewGame {
    /// Sets besides the base game (record names: "river", "inns", "traders", "abbot").
    pub sets: Option<Vec<String>>,
    /// Farm rule.
    pub farms: Option<FarmRule>,
    /// Small-city rule.
    pub small_city: Option<bool>,
    /// Hours between reminders (0: none).
    pub reminder_hours: Option<u32>,
    /// Hours per move (0: no move clock).
    pub clock_hours: Option<u32>,
    /// Whether the move clock stops in its player's quiet hours and absence (`None`: it does).
    pub clock_pauses: Option<bool>,
    /// What the game does while a player is away.
    pub while_away: Option<crate::service::stored::WhileAway>,
    /// Whether players may ask the computer for a move (`None`: no).
    pub hints: Option<bool>,
    /// Most players (2..=6).
    pub max_players: Option<u8>,
    /// Computer players to seat at once.
    pub computers: u8,
    /// Strength of the computer players.
    pub level: Option<Level>,
    /// Whether the creator only watches (the demo's creator takes no seat).
    pub spectate: bool,
    /// Where `/carcassonne new` was typed when the game opens in a new thread (the channel the
    /// server's settings allow or not); `None`: the game's own channel.
    pub origin: Option<u64>,
}

/// The figure part of a placement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FollowerChoice {
    /// Not said: if a figure could go somewhere, ask with buttons before placing.
    Ask,
    /// A chosen action: a figure on a place, the abbot's recall, or nothing ([`Action::Pass`]).
    Act(Action),
    /// Typed text such as `city:N`, `large city:N`, `builder road:E`, `abbot garden`, `recall`
    /// or `none` (read by [`super::text::parse_figure_choice`]).
    Typed(String),
}

/// How a player is told that it is their turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum NotifyMode {
    /// A mention in the game's channel (the default).
    #[default]
    Ping,
    /// A direct message, and the name without a mention in the channel.
    Dm,
    /// No ping at all: the name in the channel only.
    Quiet,
}

/// A command from a player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Open a lobby in the channel.
    New(NewGame),
    /// Take a seat in the lobby.
    Join,
    /// Leave the lobby.
    Leave,
    /// Seat a computer player in the lobby.
    AddComputer,
    /// Start the game (the creator).
    Start,
    /// Place the drawn tile (typed: `/carcassonne place`; a button carries its move as
    /// [`Command::Play`]).
    Place {
        /// Column.
        x: i64,
        /// Row.
        y: i64,
        /// Degrees clockwise: 0, 90, 180, 270.
        rotation: i64,
        /// The figure.
        follower: FollowerChoice,
    },
    /// A seat's decision as a button carries it: its actions, applied all or nothing through
    /// the one move path (a placement with its figure action, a ransom, a step of the dragon).
    Play {
        /// The turn the button was made for (stale clicks are refused).
        turn: usize,
        /// The dragon's step the button was made for, for a step of the dragon.
        step: Option<u8>,
        /// The actions.
        actions: Vec<Action>,
    },
    /// A decision of a set's own outside the placing (The Tower's ransom, a step of the
    /// dragon), in the words its set reads: `ransom [seat] [follower|large]` (asks with buttons
    /// when more than one choice fits), `dragon N|E|S|W`.
    Decide {
        /// The typed form, its set's word first.
        text: String,
        /// The turn an offer's button was made for (stale clicks are refused).
        turn: Option<usize>,
    },
    /// Placing by buttons, step 1: the cells where the drawn tile fits, a page of buttons.
    PlaceStart {
        /// The turn the button was made for.
        turn: usize,
        /// Which page of cells (24 a page).
        page: usize,
    },
    /// Placing by buttons, step 2: the rotations that fit at a cell, as a picture and buttons.
    PlaceCell {
        /// The turn the button was made for.
        turn: usize,
        /// Column.
        x: i64,
        /// Row.
        y: i64,
    },
    /// Placing by buttons, steps 3 and 4: with no figure chosen, the figure choices after this
    /// placement; with one, the whole move to confirm.
    PlaceReview {
        /// The turn the button was made for.
        turn: usize,
        /// Column.
        x: i64,
        /// Row.
        y: i64,
        /// Degrees clockwise.
        rotation: i64,
        /// The chosen figure action (`None`: not chosen yet).
        act: Option<Action>,
    },
    /// Take back the last move: at once by its player before anyone acts after it, otherwise
    /// with the other players' consent.
    Undo,
    /// A player's answer to a request to take back a move.
    UndoVote {
        /// The number of turns in the record when the request was made (stale clicks are
        /// refused).
        turns: usize,
        /// Agree or refuse.
        agree: bool,
    },
    /// A vote that the computer plays for an absent player (after reminders went unanswered).
    AbsentVote {
        /// The absent seat.
        seat: usize,
        /// The turn the vote is about.
        turn: usize,
        /// Take the seat until its player comes back (`true`), or play only this turn.
        seat_for_good: bool,
    },
    /// Take back one's seat from the computer (after a vote made it play for you).
    Return,
    /// How this user is told that it is their turn.
    Notify(NotifyMode),
    /// How this user is told it is their turn in this channel's games only (a later
    /// [`Command::Notify`] for every game replaces it).
    NotifyHere(NotifyMode),
    /// Be told privately (or not) when the player before you starts their turn.
    HeadsUp(bool),
    /// The games of this server the user sits in, with whose turn it is.
    MyGames,
    /// Shows the user's own settings (an empty change) or changes them: time zone, quiet
    /// hours, an absence, the daily digest.
    Me(Box<MeChange>),
    /// The language this user reads the bot in (`None`: Discord's language of the user).
    Language(Option<crate::i18n::Lang>),
    /// Shows the server's settings (an empty change) or changes them (Manage Server).
    Settings(Box<SettingsChange>),
    /// A moderator takes a person out of the game: the computer plays on for their seat (in a
    /// lobby, the seat goes).
    RemovePlayer {
        /// The person's user id.
        user: u64,
    },
    /// A moderator hands a person's seat to another member.
    HandSeat {
        /// The seated person's user id.
        from: u64,
        /// The member who takes the seat.
        to: u64,
        /// Their display name.
        to_name: String,
    },
    /// The game's creator or a moderator gives this channel's game a new web link (the old one
    /// stops); without a game here, the last finished game's link stops.
    NewLink,
    /// The **Play on the web** button: a personal link to the sender's seat, answered
    /// privately ([`crate::service::web_play`]).
    WebPlay,
    /// The **Activity** button: Discord launches the web board inside the channel (answered by
    /// the Discord adapter itself, which tells Discord to launch it; the service never sees
    /// it but refuses it if it comes).
    LaunchActivity,
    /// A new game with the same seats in a new order (after a game ended).
    Rematch,
    /// The server's standings: games, wins, average score and rating.
    Standings,
    /// Show the board (optionally zoomed around a point).
    Board {
        /// Centre of a zoomed view.
        around: Option<(i32, i32)>,
    },
    /// Whose turn, scores, supplies.
    Status,
    /// Tiles left to draw.
    Tiles,
    /// This game's rules.
    Rules,
    /// Give up; the computer plays on for you.
    Resign,
    /// Stop the game (creator or channel manager).
    Abort,
    /// The game record as a file.
    Export,
    /// Finished games of this channel.
    History,
    /// The final board and score graph of a game in this channel's history.
    Final {
        /// Its number in storage.
        seq: u64,
    },
    /// The computer's review of a game in this channel's history: each player's costliest
    /// moves, privately.
    Review {
        /// Its number in storage.
        seq: u64,
    },
    /// Step through an ended game of this channel's history, turn by turn, in a private view.
    Replay {
        /// Which game.
        of: ReplayOf,
        /// The turn shown when the button was made (1 to open the view).
        from: usize,
        /// Turns to move from it: 0 opens the view at `from`, ±1 and ±10 step (±10 stops at the
        /// first or last turn; a step beyond either end is refused).
        step: i32,
    },
    /// How to play with the bot.
    Help,
    /// The computer's suggestion for the asking player's turn, privately (games that allow
    /// hints).
    Hint,
    /// A tournament's command (`/tournament ...` and its buttons), handled before any
    /// channel's lock.
    Tournament(Box<TournamentCommand>),
    /// A past season's final standings (`/carcassonne standings season:N`), or the season now.
    Season {
        /// The season's number.
        number: u32,
    },
    /// Opens a tournament table's game in this channel (a thread the Discord layer just made
    /// for it): sent by the bot itself, never typed.
    OpenTable {
        /// The tournament's id on this server.
        id: u64,
        /// The round (from 1).
        round: u32,
        /// The table (from 0).
        table: u32,
    },
}

/// Which ended game of a channel a replay shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayOf {
    /// The game that ended last.
    Latest,
    /// Its number in `history` (1 = the oldest kept).
    Number(usize),
    /// Its number in storage.
    Seq(u64),
    /// The game with this id (the Replay button under a final message).
    Game(u64),
}

/// One request: a command in a channel by a user at a time.
#[derive(Clone, Debug)]
pub struct Request {
    /// Guild and channel (or thread).
    pub key: Key,
    /// Who sends it.
    pub actor: Actor,
    /// What they want.
    pub command: Command,
    /// Unix seconds.
    pub now: u64,
    /// For a button: the game it was made for (a button of an earlier game is refused).
    pub game: Option<u64>,
    /// The Discord interaction it came from, if any: one interaction delivered twice (to two
    /// processes during a shard handover, or late) changes the game once.
    pub interaction: Option<u64>,
    /// The languages the interaction carries.
    pub locale: Locale,
}

/// The languages a Discord interaction carries (`None`: not given, or a language without a
/// catalog).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Locale {
    /// The user's language in Discord.
    pub user: Option<crate::i18n::Lang>,
    /// The server's preferred language (for public messages).
    pub server: Option<crate::i18n::Lang>,
}

/// A file attached to a reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attachment {
    /// File name (`board.png`).
    pub name: String,
    /// Contents.
    pub bytes: Vec<u8>,
    /// Alt text.
    pub description: String,
}

/// Look of a button.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ButtonStyle {
    /// Blurple.
    Primary,
    /// Grey.
    Secondary,
    /// Green.
    Success,
    /// Red.
    Danger,
}

/// What pressing a button does: a command for one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ButtonAction {
    /// The game the button belongs to.
    pub game: u64,
    /// The command it sends.
    pub command: Command,
}

/// A button under a reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Button {
    /// What a click does.
    pub action: ButtonAction,
    /// Text on the button (≤ 80 characters).
    pub label: String,
    /// Look.
    pub style: ButtonStyle,
}

/// What to answer.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reply {
    /// Message text (≤ 2000 characters).
    pub text: String,
    /// Only the sender sees it (refusals, questions).
    pub ephemeral: bool,
    /// Pictures and files.
    pub files: Vec<Attachment>,
    /// Users to ping (the only mentions allowed).
    pub ping: Box<[u64]>,
    /// Buttons, in rows of at most 5 (at most 25).
    pub buttons: Vec<Button>,
    /// What few replies have, behind one pointer: the users to tell by direct message and the
    /// link to the game's web page ([`Reply::direct`], [`Reply::page`]).
    pub rare: Rare,
    /// A step of a private flow: when the button pressed is on a private message (an earlier
    /// step), this reply replaces that message instead of adding one.
    pub update: bool,
    /// Files still to be made, off the game's lock, before the reply is sent: pictures are
    /// drawn by [`super::Service::handle`] once the lock is released, the rest by
    /// [`super::Service::complete`].
    pub later: Laters,
    /// The answer to an interaction the game has handled already (the same one delivered twice,
    /// as during a shard handover): the process that handled it answers with the move, so this
    /// private "done already" should go out only if that answer does not come.
    pub repeat: bool,
}

/// What few replies have, behind one (thin) pointer, so that a reply stays small.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rare(Option<Box<RareParts>>);

#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct RareParts {
    direct: Vec<(u64, String)>,
    page: Option<Link>,
    tables: Vec<TableToOpen>,
    kept: Option<KeptMessage>,
    final_of: Option<u64>,
    amend: Option<Amend>,
}

/// A message posted earlier that a notice completes: the Discord layer edits `message` in the
/// notice's channel to show `reply`'s text, buttons and link (its files stay as they were), and
/// posts the notice itself only if that edit fails (the message was deleted, or never known).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Amend {
    /// The message to edit.
    pub message: u64,
    /// What it shows once edited (its files are not sent again).
    pub reply: Box<Reply>,
}

/// A message kept up to date: the Discord layer edits `message` in the notice's channel, or
/// posts it when there is none yet (or it is gone) and tells the service its id
/// ([`super::Service::tournament_message_posted`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeptMessage {
    /// The tournament whose standings it shows.
    pub tournament: u64,
    /// The message, once posted.
    pub message: Option<u64>,
}

/// A tournament's table whose game the Discord layer opens once the reply is posted: it makes a
/// thread in the reply's channel named `thread`, then sends [`Command::OpenTable`] in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableToOpen {
    /// The tournament's id.
    pub id: u64,
    /// The round (from 1).
    pub round: u32,
    /// The table (from 0).
    pub table: u32,
    /// The thread's name.
    pub thread: String,
}

impl Reply {
    /// Users to tell by direct message (their choice of [`NotifyMode::Dm`]), with the text.
    pub fn direct(&self) -> &[(u64, String)] {
        self.rare.0.as_deref().map_or(&[], |r| r.direct.as_slice())
    }

    /// Replaces the direct messages.
    pub fn set_direct(&mut self, direct: Vec<(u64, String)>) {
        if direct.is_empty() && self.rare.0.is_none() {
            return;
        }
        self.rare.0.get_or_insert_with(Default::default).direct = direct;
    }

    /// The web page of the game whose board the reply shows (a link button under it), where
    /// the bot serves the web board.
    pub fn page(&self) -> Option<&Link> {
        self.rare.0.as_deref().and_then(|r| r.page.as_ref())
    }

    /// Sets (or takes off) the link to the game's web page.
    pub fn set_page(&mut self, page: Option<Link>) {
        if page.is_none() && self.rare.0.is_none() {
            return;
        }
        self.rare.0.get_or_insert_with(Default::default).page = page;
    }

    /// The tournament tables whose games open in threads of the reply's channel.
    pub fn tables(&self) -> &[TableToOpen] {
        self.rare.0.as_deref().map_or(&[], |r| r.tables.as_slice())
    }

    /// The message this reply replaces, if it is one kept up to date.
    pub fn kept(&self) -> Option<KeptMessage> {
        self.rare.0.as_deref().and_then(|r| r.kept)
    }

    /// Makes this reply a message kept up to date.
    pub fn set_kept(&mut self, kept: Option<KeptMessage>) {
        if kept.is_none() && self.rare.0.is_none() {
            return;
        }
        self.rare.0.get_or_insert_with(Default::default).kept = kept;
    }

    /// The finished game (its place in the channel's history) whose final message this reply
    /// is: once it is posted, the Discord layer tells the service the message's id
    /// ([`super::Service::final_message_posted`]), so that the game's review can be added to it.
    pub fn final_of(&self) -> Option<u64> {
        self.rare.0.as_deref().and_then(|r| r.final_of)
    }

    /// Marks this reply as the final message of the game at `seq` in the channel's history.
    pub fn set_final_of(&mut self, seq: Option<u64>) {
        if seq.is_none() && self.rare.0.is_none() {
            return;
        }
        self.rare.0.get_or_insert_with(Default::default).final_of = seq;
    }

    /// The message posted earlier that this notice completes, if it does one.
    pub fn amend(&self) -> Option<&Amend> {
        self.rare.0.as_deref().and_then(|r| r.amend.as_ref())
    }

    /// Makes this notice complete a message posted earlier (or takes that off).
    pub fn set_amend(&mut self, amend: Option<Amend>) {
        if amend.is_none() && self.rare.0.is_none() {
            return;
        }
        self.rare.0.get_or_insert_with(Default::default).amend = amend;
    }

    /// Replaces the tables to open.
    pub fn set_tables(&mut self, tables: Vec<TableToOpen>) {
        if tables.is_empty() && self.rare.0.is_none() {
            return;
        }
        self.rare.0.get_or_insert_with(Default::default).tables = tables;
    }
}

/// A link button: a page to open.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    /// The address.
    pub url: String,
    /// Text on the button.
    pub label: String,
}

/// The files a reply still needs, in order (kept behind one pointer: most replies need none,
/// and a reply travels by value through every layer).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Laters(Option<Box<LaterList>>);

/// The list behind [`Laters`]' one (thin) pointer.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct LaterList(Vec<Later>);

impl Laters {
    /// Adds one.
    pub fn push(&mut self, later: Later) {
        self.0.get_or_insert_with(Default::default).0.push(later);
    }

    /// Whether none is left.
    pub fn is_empty(&self) -> bool {
        self.as_slice().is_empty()
    }

    /// Them, in order.
    pub fn as_slice(&self) -> &[Later] {
        self.0.as_deref().map_or(&[], |l| l.0.as_slice())
    }

    /// Takes them all out.
    pub fn take(&mut self) -> Vec<Later> {
        self.0.take().map(|l| l.0).unwrap_or_default()
    }

    /// Moves `other`'s after these.
    pub fn append(&mut self, other: &mut Laters) {
        self.extend(other.take());
    }
}

impl Extend<Later> for Laters {
    fn extend<I: IntoIterator<Item = Later>>(&mut self, iter: I) {
        for l in iter {
            self.push(l);
        }
    }
}

impl FromIterator<Later> for Laters {
    fn from_iter<I: IntoIterator<Item = Later>>(iter: I) -> Laters {
        let mut l = Laters::default();
        l.extend(iter);
        l
    }
}

/// A file a reply still needs, made after the game's lock is released.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Later {
    /// The score graph and the timelapse GIF of a finished game, made from one replay of its
    /// record.
    Finale(Box<Finale>),
    /// A picture of a game as it was when the reply was made.
    Picture(Box<Picture>),
    /// The computer's suggestion for a player's turn, thought out without the game's lock.
    Hint(Box<Hint>),
}

/// What a hint is thought out from: a copy of the game where the asking player is to place a
/// tile, and the words' language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The game, as it was.
    pub game: crate::engine::Game,
    /// The search's seed.
    pub seed: u64,
    /// The language of the answer.
    pub lang: crate::i18n::Lang,
}

/// What the files at the end of a game are made from: the record (replayed once, for the score
/// graph and the timelapse's frames), the final position and its scoring (computed once, by the
/// move that ended the game), and the words' language (the channel's, when the reply was made).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finale {
    /// The game's record.
    pub record: crate::engine::Record,
    /// The final position.
    pub game: crate::engine::Game,
    /// Its final scoring.
    pub fin: crate::engine::FinalScoring,
    /// The seats' names, in seat order.
    pub names: Vec<String>,
    /// The language of the alt texts and captions.
    pub lang: crate::i18n::Lang,
    /// Whether the timelapse is made too (the final message), or only the graph (a past
    /// game's final position shown again).
    pub timelapse: bool,
}

/// A picture to draw after the game's lock is released: a copy of the game, what to draw of
/// it, and the attachment it becomes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    /// File name (`turn.png`).
    pub name: String,
    /// Alt text.
    pub description: String,
    /// Where among the reply's files it goes (past the end: last).
    pub at: usize,
    /// The game, as it was.
    pub game: crate::engine::Game,
    /// What to draw.
    pub drawing: Drawing,
    /// The language of its words.
    pub lang: crate::i18n::Lang,
}

/// What a [`Picture`] draws.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Drawing {
    /// The board with these options.
    Board(crate::render::BoardOptions),
    /// A turn picture of what the reply's text also words (derived once), with its title.
    Turn(Box<(crate::render::Sight, String)>),
    /// The final picture: the board with its final scoring (computed once for the reply).
    Final(Box<crate::engine::FinalScoring>),
    /// The drawn tile's rotations that fit at a cell (placing by buttons).
    Rotations {
        /// The drawn tile.
        tile: crate::engine::TileId,
        /// The cell.
        at: crate::engine::Pos,
        /// The rotations that fit there.
        rotations: Vec<crate::engine::Rotation>,
    },
    /// A frame of `replay`: the game after `turn` of `total` turns.
    Replay {
        /// Turns shown.
        turn: usize,
        /// Turns of the whole game.
        total: usize,
    },
}

impl Reply {
    /// A message everyone in the channel sees.
    pub fn public(text: impl Into<String>) -> Reply {
        Reply {
            text: super::words::clip(text.into()),
            ..Reply::default()
        }
    }

    /// A refusal or answer only the sender sees.
    pub fn refuse(text: impl Into<String>) -> Reply {
        Reply {
            text: super::words::clip(text.into()),
            ephemeral: true,
            ..Reply::default()
        }
    }
}

/// A message the Discord layer posts to a game's channel later, not as the answer to a command:
/// computer moves, reminders, games that expired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// The game's channel.
    pub key: Key,
    /// What to post (never ephemeral).
    pub reply: Reply,
}

/// A legal placement of the drawn tile, for autocomplete.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlacementChoice {
    /// What to show.
    pub label: String,
    /// Column.
    pub x: i64,
    /// Row.
    pub y: i64,
    /// Degrees clockwise.
    pub rotation: i64,
}

/// What to do with the channel a settings command is typed in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChannelRule {
    /// Add it to the channels that may host games.
    Allow,
    /// Take it off that list.
    Remove,
    /// Empty the list: games may be opened in any channel.
    Any,
}

/// A change of a server's settings: each `Some` replaces one setting; nothing at all shows them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SettingsChange {
    /// The language of public messages (`Some(None)`: Discord's).
    pub lang: Option<Option<crate::i18n::Lang>>,
    /// The sets of new games (empty: the base game alone).
    pub sets: Option<Vec<String>>,
    /// The farm rule.
    pub farms: Option<crate::engine::FarmRule>,
    /// Two-tile cities score 2.
    pub small_city: Option<bool>,
    /// Hours between reminders.
    pub reminder_hours: Option<u32>,
    /// Hours per move (0: no move clock).
    pub clock_hours: Option<u32>,
    /// What games do while a player is away.
    pub while_away: Option<crate::service::stored::WhileAway>,
    /// Computer strength.
    pub level: Option<crate::ai::Level>,
    /// The channel the command is typed in.
    pub channel: Option<ChannelRule>,
    /// New games open in a thread.
    pub threads: Option<bool>,
    /// Messages link to games' web pages (and the pages are shown).
    pub web_links: Option<bool>,
    /// Who opens games (`Some(None)`: everyone).
    pub starter_role: Option<Option<u64>>,
    /// The moderator role (`Some(None)`: none besides Manage Messages).
    pub moderator_role: Option<Option<u64>>,
}

/// A change of a member's own settings (`/carcassonne me`), as typed; empty: show them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MeChange {
    /// A time zone, by its IANA name.
    pub zone: Option<String>,
    /// Quiet hours, from and to, as times of day (`23:00`, `8`).
    pub quiet: Option<(String, String)>,
    /// No quiet hours.
    pub quiet_off: bool,
    /// Away for this many days (0: back now).
    pub away_days: Option<u32>,
    /// The daily digest's time of day, or `off`.
    pub digest: Option<String>,
    /// Stop every personal web link of the member, in all their games (`me links`).
    pub links_reset: bool,
}

impl SettingsChange {
    /// Whether it changes nothing (the command only shows the settings).
    pub fn is_empty(&self) -> bool {
        *self == SettingsChange::default()
    }
}

/// A tournament's command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentCommand {
    /// Opens a tournament in this channel.
    Create(Box<TournamentSpec>),
    /// Signs the sender up (`id`: a button's tournament; `None`: this channel's).
    SignUp {
        /// The tournament, from a button.
        id: Option<u64>,
    },
    /// Withdraws the sender's sign-up.
    Withdraw {
        /// The tournament, from a button.
        id: Option<u64>,
    },
    /// Closes sign-ups and pairs the first round (the creator or a moderator).
    Start,
    /// Shows the standings, the round and the games in progress.
    Show {
        /// The tournament, from a button.
        id: Option<u64>,
    },
    /// Drops a player (a moderator).
    Drop {
        /// The member.
        user: u64,
    },
    /// Gives a player's place to another member (a moderator).
    Replace {
        /// The member who leaves.
        user: u64,
        /// The member who takes over.
        by: u64,
        /// Their name.
        name: String,
    },
    /// Pauses: no new round starts (a moderator).
    Pause,
    /// Resumes a paused tournament (a moderator).
    Resume,
    /// Cancels it (a moderator).
    Cancel,
    /// Shows or changes the server's seasons of standings (its admins).
    Seasons(SeasonChange),
}

/// What `/tournament create` asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentSpec {
    /// Its name.
    pub name: String,
    /// How rounds are paired.
    pub format: super::tournament::Format,
    /// Most players at a table (2 to 4; 2 for round robin and elimination).
    pub table_size: u8,
    /// The games' options, as `new` takes them.
    pub game: NewGame,
    /// Hours until sign-ups close and it starts by itself (`None`: started by hand).
    pub signup_hours: Option<u32>,
    /// Hours a table's game may last (0: no limit).
    pub game_hours: u32,
    /// Computer seats to add at the start.
    pub computers: u8,
}

/// What a server's admins change of its seasons (`/tournament seasons`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SeasonChange {
    /// When seasons end.
    pub rule: Option<super::season::SeasonRule>,
    /// Whether ratings go on from one season to the next.
    pub carry: Option<bool>,
    /// End the season now (and start the next).
    pub end_now: bool,
}
