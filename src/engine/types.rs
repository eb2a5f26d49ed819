//! Small value types shared across the engine: rules, follower places, figures.

use super::geom::{Corner, Half, Side};
use super::tiles::{FeatureKind, TileSet};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// How farms score at the end of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum FarmRule {
    /// Each farm scores 3 per completed city it borders, to its majority (current editions).
    #[default]
    #[serde(rename = "per-farm")]
    PerFarm,
    /// Each completed city gives 4 to the majority of farmers over all farms bordering it.
    #[serde(rename = "per-city")]
    PerCity,
    /// No farmers at all.
    #[serde(rename = "none")]
    None,
}

impl FarmRule {
    /// The record name (`"per-farm"`).
    pub fn name(self) -> &'static str {
        match self {
            FarmRule::PerFarm => "per-farm",
            FarmRule::PerCity => "per-city",
            FarmRule::None => "none",
        }
    }
}

impl FromStr for FarmRule {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "per-farm" => Ok(FarmRule::PerFarm),
            "per-city" => Ok(FarmRule::PerCity),
            "none" => Ok(FarmRule::None),
            _ => Err(format!(
                "unknown farm rule {s:?} (use per-farm, per-city or none)"
            )),
        }
    }
}

/// The Princess & the Dragon: whether sending a knight home is compulsory.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PrincessRule {
    /// A princess tile joining a city with knights must send one home (the rules of 002).
    #[default]
    Must,
    /// The player may send a knight home, or act normally instead.
    May,
}

/// The Princess & the Dragon: where the fairy stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FairyRule {
    /// On a tile (the rules of 002): it protects the tile, and its points go to each player
    /// with a follower there.
    #[default]
    OnTile,
    /// Next to one follower (other editions; not played yet).
    NextToFollower,
}

/// The Princess & the Dragon: when the dragon moves after a dragon tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DragonRule {
    /// After the tile's features are scored (the rules of 002).
    #[default]
    AfterScoring,
    /// Before they are scored.
    BeforeScoring,
}

/// Abbey & Mayor: where a wagon may move when its feature has scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum WagonRule {
    /// 2nd edition: to a feature with a part on the wagon's tile or one of the eight around it.
    #[default]
    C2,
    /// 1st edition: to a feature linked to the one that scored (a road's end at a city or
    /// cloister, the roads of one crossing, a city's gate roads, an abbey that closed it).
    C1,
}

/// Abbey & Mayor: whether a barn may go into a field that already has one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BarnRule {
    /// Not into a field with a barn (both editions).
    #[default]
    NotOccupied,
    /// Also into a field with a barn (a JCloisterZone option).
    Occupied,
}

/// Abbey & Mayor: whether abbeys may still be placed after the last tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AbbeyRound {
    /// One round after the last tile, from the next player to the one who placed it.
    #[default]
    Round,
    /// The game ends with the last tile (a 2007 answer of the publisher).
    None,
}

/// Hills & Sheep: a token of the bag, drawn for a flock: 1 to 4 sheep, or a wolf.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum SheepToken {
    /// The wolf: the flock of the field runs, its shepherds go home.
    Wolf,
    /// That many sheep (1 to 4) join the flock.
    Sheep(u8),
}

impl SheepToken {
    /// Every kind of token, by [`SheepToken::index`].
    pub const ALL: [SheepToken; 5] = [
        SheepToken::Wolf,
        SheepToken::Sheep(1),
        SheepToken::Sheep(2),
        SheepToken::Sheep(3),
        SheepToken::Sheep(4),
    ];

    /// How many of each kind the bag holds at the start: 2 wolves, 4 ones, 5 twos, 5 threes,
    /// 2 fours (18 tokens, 37 sheep).
    pub const IN_BAG: [u8; 5] = [2, 4, 5, 5, 2];

    /// Its place in [`SheepToken::ALL`] (the wolf 0, else its sheep); `None` for a count of
    /// sheep no token has.
    pub fn index(self) -> Option<usize> {
        match self {
            SheepToken::Wolf => Some(0),
            SheepToken::Sheep(n @ 1..=4) => Some(n as usize),
            SheepToken::Sheep(_) => None,
        }
    }

    /// The sheep it brings (0 for the wolf).
    pub fn sheep(self) -> u32 {
        match self {
            SheepToken::Wolf => 0,
            SheepToken::Sheep(n) => u32::from(n),
        }
    }
}

impl fmt::Display for SheepToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SheepToken::Wolf => write!(f, "wolf"),
            SheepToken::Sheep(n) => write!(f, "{n}"),
        }
    }
}

/// Hills & Sheep: what a shepherd's owner does when a tile extends its field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FlockChoice {
    /// Draw a token for the flock (sheep join it; a wolf makes it run).
    Grow,
    /// Drive the flock home: every shepherd's owner in the field scores its sheep.
    Home,
}

impl FlockChoice {
    /// The record name (`"grow"`, `"home"`).
    pub fn name(self) -> &'static str {
        match self {
            FlockChoice::Grow => "grow",
            FlockChoice::Home => "home",
        }
    }
}

/// Hills & Sheep: how a hill breaks a tie for a feature's majority.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HillRule {
    /// The tied players with at least one follower on a hill tile in the feature win it (the
    /// printed rule).
    #[default]
    AtLeastOne,
    /// Among the tied, those with the most followers on hill tiles win (a players' variant).
    NumberOfFollowers,
}

/// Bridges, Castles & Bazaars: how the bazaar's tiles are shared out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BazaarRule {
    /// Each chooser bids, the others may raise once, the chooser buys or sells (the printed
    /// rule).
    #[default]
    Auction,
    /// Each player in turn chooses a tile for free (JCZ's `bazaar-no-auction`).
    NoAuction,
}

fn is_default<T: Default + PartialEq>(v: &T) -> bool {
    *v == T::default()
}

fn is_legacy(revision: &u8) -> bool {
    *revision == Rules::LEGACY
}

fn legacy() -> u8 {
    Rules::LEGACY
}

/// Rule options chosen per game.
///
/// A new game plays the current [`Rules::revision`] ([`Rules::default`]); a game or record
/// that names none was made before revisions and keeps the readings it was played with
/// ([`Rules::LEGACY`]), so it replays exactly as it was played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct Rules {
    /// Which readings of the rules the game plays: [`Rules::LEGACY`] (0) for games begun before
    /// revision 1, [`Rules::CURRENT`] for new ones; each set's module says what a revision
    /// changed in it (`docs/game-record.md` lists them). A game keeps its revision to its end.
    #[serde(default = "legacy", skip_serializing_if = "is_legacy")]
    pub revision: u8,
    /// Farm scoring.
    pub farms: FarmRule,
    /// A completed two-tile city scores 1 per tile and pennant instead of 2.
    pub small_city: bool,
    /// The Princess & the Dragon: sending a knight home is compulsory or optional.
    #[serde(skip_serializing_if = "is_default")]
    pub princess: PrincessRule,
    /// The Princess & the Dragon: where the fairy stands.
    #[serde(skip_serializing_if = "is_default")]
    pub fairy: FairyRule,
    /// The Princess & the Dragon: the dragon moves after or before scoring.
    #[serde(skip_serializing_if = "is_default")]
    pub dragon: DragonRule,
    /// Abbey & Mayor: where a wagon may move.
    #[serde(skip_serializing_if = "is_default")]
    pub wagon: WagonRule,
    /// Abbey & Mayor: whether a barn may join another in one field.
    #[serde(skip_serializing_if = "is_default")]
    pub barn: BarnRule,
    /// Abbey & Mayor: the abbeys' round after the last tile.
    #[serde(skip_serializing_if = "is_default")]
    pub abbeys: AbbeyRound,
    /// Hills & Sheep: how a hill breaks a tie.
    #[serde(skip_serializing_if = "is_default")]
    pub hill: HillRule,
    /// Bridges, Castles & Bazaars: an auction at the bazaar, or tiles chosen for free.
    #[serde(skip_serializing_if = "is_default")]
    pub bazaar: BazaarRule,
}

impl Default for Rules {
    /// The default options at the current revision.
    fn default() -> Rules {
        Rules {
            revision: Rules::CURRENT,
            farms: FarmRule::default(),
            small_city: false,
            princess: PrincessRule::default(),
            fairy: FairyRule::default(),
            dragon: DragonRule::default(),
            wagon: WagonRule::default(),
            barn: BarnRule::default(),
            abbeys: AbbeyRound::default(),
            hill: HillRule::default(),
            bazaar: BazaarRule::default(),
        }
    }
}

impl Rules {
    /// The readings of games begun before rule revisions were recorded.
    pub const LEGACY: u8 = 0;
    /// The revision new games play.
    pub const CURRENT: u8 = 1;

    /// The default options as games began before revisions ([`Rules::LEGACY`]): what a record
    /// without `rules` means.
    pub fn legacy() -> Rules {
        Rules {
            revision: Rules::LEGACY,
            ..Rules::default()
        }
    }
}

/// An unchecked game setup: who plays, with which sets and rules.
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// Player names in seat order.
    pub players: Vec<String>,
    /// Tile sets in play (`Base` is implied).
    pub sets: Vec<TileSet>,
    /// Rule options.
    pub rules: Rules,
}

clone_fields!(Setup {
    players,
    sets,
    rules
});

impl Setup {
    /// A base-game setup with default rules.
    pub fn base<S: Into<String>>(players: impl IntoIterator<Item = S>) -> Setup {
        Setup {
            players: players.into_iter().map(Into::into).collect(),
            sets: vec![TileSet::Base],
            rules: Rules::default(),
        }
    }
}

/// A figure a player can deploy. Only `Follower` is used by the base game; the others are carried by
/// the data model for the expansions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Figure {
    /// A normal follower (thief, knight, monk or farmer).
    Follower,
    /// The large follower of Inns & Cathedrals (counts as two).
    Large,
    /// The builder of Traders & Builders.
    Builder,
    /// The pig of Traders & Builders.
    Pig,
    /// The abbot (gardens and cloisters).
    Abbot,
    /// The mayor of Abbey & Mayor: cities only, as strong as the city's pennants.
    Mayor,
    /// The wagon of Abbey & Mayor: roads, cities and cloisters; may move on when its feature
    /// scores.
    Wagon,
    /// The barn of Abbey & Mayor: on a tile corner where four fields meet (not a follower).
    Barn,
    /// The shepherd of Hills & Sheep: on a field, with its flock (not a follower).
    Shepherd,
}

impl Figure {
    /// Every figure, in the order supplies list them.
    pub const ALL: [Figure; 9] = [
        Figure::Follower,
        Figure::Large,
        Figure::Builder,
        Figure::Pig,
        Figure::Abbot,
        Figure::Mayor,
        Figure::Wagon,
        Figure::Barn,
        Figure::Shepherd,
    ];

    /// Whether the figure is a follower (counts for majorities and may be taken prisoner).
    pub fn is_follower(self) -> bool {
        matches!(
            self,
            Figure::Follower | Figure::Large | Figure::Abbot | Figure::Mayor | Figure::Wagon
        )
    }

    /// Whether the figure stands on its place by itself (followers, the shepherd), not beside a
    /// follower it works with (the builder, the pig) or on a corner (the barn): where pictures
    /// draw it.
    pub fn stands_alone(self) -> bool {
        self.is_follower() || self == Figure::Shepherd
    }

    /// Whether the figure is a normal or a large follower, which the base rules place (the
    /// sets check their own figures).
    pub fn is_plain(self) -> bool {
        matches!(self, Figure::Follower | Figure::Large)
    }

    /// Whether the figure may stand in a feature of `kind`: Abbey & Mayor's mayor in cities
    /// only, its wagon on roads, cities and cloisters; the others as their own rules say.
    pub fn goes_on(self, kind: FeatureKind) -> bool {
        match self {
            Figure::Mayor => kind == FeatureKind::City,
            Figure::Wagon => kind != FeatureKind::Field,
            Figure::Shepherd => kind == FeatureKind::Field,
            _ => true,
        }
    }

    /// The followers that stand in features (normal and large, Abbey & Mayor's mayor and
    /// wagon; not the abbot, builder, pig or barn): what a tower takes prisoner and a magic
    /// portal sends to another tile. The other sets name them through this list.
    pub const CAPTURABLE: [Figure; 4] = [
        Figure::Follower,
        Figure::Large,
        Figure::Mayor,
        Figure::Wagon,
    ];

    /// Whether the figure is one of [`Figure::CAPTURABLE`].
    pub fn capturable(self) -> bool {
        Figure::CAPTURABLE.contains(&self)
    }

    /// Whether the figure goes into a field only when farmers are played (followers and the
    /// pig).
    pub fn farms(self) -> bool {
        matches!(self, Figure::Follower | Figure::Large | Figure::Pig)
    }

    /// Whether the figure stands on a tile's corner (the barn), not on a feature's place.
    pub fn on_corner(self) -> bool {
        self == Figure::Barn
    }

    /// Whether the figure claims its feature: it may go only where no follower stands (normal
    /// and large followers, the mayor, the wagon; the abbot's places are never taken).
    pub fn claims(self) -> bool {
        matches!(
            self,
            Figure::Follower | Figure::Large | Figure::Mayor | Figure::Wagon
        )
    }

    /// How much the figure counts for a majority. The mayor counts 1 here, so that its city is
    /// taken; when the city scores, Abbey & Mayor counts its pennants instead.
    pub fn strength(self) -> u8 {
        match self {
            Figure::Follower => 1,
            Figure::Large => 2,
            Figure::Abbot | Figure::Mayor | Figure::Wagon => 1,
            Figure::Builder | Figure::Pig | Figure::Barn | Figure::Shepherd => 0,
        }
    }

    /// The record name (`"large"`).
    pub fn name(self) -> &'static str {
        match self {
            Figure::Follower => "follower",
            Figure::Large => "large",
            Figure::Builder => "builder",
            Figure::Pig => "pig",
            Figure::Abbot => "abbot",
            Figure::Mayor => "mayor",
            Figure::Wagon => "wagon",
            Figure::Barn => "barn",
            Figure::Shepherd => "shepherd",
        }
    }
}

impl FromStr for Figure {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "follower" => Ok(Figure::Follower),
            "large" => Ok(Figure::Large),
            "builder" => Ok(Figure::Builder),
            "pig" => Ok(Figure::Pig),
            "abbot" => Ok(Figure::Abbot),
            "mayor" => Ok(Figure::Mayor),
            "wagon" => Ok(Figure::Wagon),
            "barn" => Ok(Figure::Barn),
            "shepherd" => Ok(Figure::Shepherd),
            _ => Err(format!("unknown figure {s:?}")),
        }
    }
}

/// Why points were scored: the rows of score breakdowns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Reason {
    /// A city (knights).
    City,
    /// A road (thieves).
    Road,
    /// A cloister (monk or abbot).
    Cloister,
    /// A garden (abbot).
    Garden,
    /// A farm (farmers, with pigs).
    Farm,
    /// Trade goods majorities (Traders & Builders).
    Goods,
    /// The fairy (The Princess & the Dragon): 1 at the start of a turn, 3 with a scored feature.
    Fairy,
    /// A flock driven home or in a closed field (Hills & Sheep): during the game only.
    Flock,
    /// A castle scoring a feature of its fief (Bridges, Castles & Bazaars): during the game
    /// only.
    Castle,
}

impl Reason {
    /// Number of reasons (the length of a breakdown row).
    pub const COUNT: usize = 9;
    /// Every reason, in breakdown order.
    pub const ALL: [Reason; Reason::COUNT] = [
        Reason::City,
        Reason::Road,
        Reason::Cloister,
        Reason::Garden,
        Reason::Farm,
        Reason::Goods,
        Reason::Fairy,
        Reason::Flock,
        Reason::Castle,
    ];

    /// Its name in prose ("city").
    pub fn name(self) -> &'static str {
        match self {
            Reason::City => "city",
            Reason::Road => "road",
            Reason::Cloister => "cloister",
            Reason::Garden => "garden",
            Reason::Farm => "farm",
            Reason::Goods => "goods",
            Reason::Fairy => "fairy",
            Reason::Flock => "flock",
            Reason::Castle => "castle",
        }
    }

    /// Whether points of this reason can be scored at the end of a game (a flock or a castle
    /// cannot: they score during the game only).
    pub fn at_end(self) -> bool {
        !matches!(self, Reason::Flock | Reason::Castle)
    }

    /// Its index in a breakdown row.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The reason a feature of this kind scores for.
    pub fn of_kind(kind: FeatureKind) -> Reason {
        match kind {
            FeatureKind::City => Reason::City,
            FeatureKind::Road => Reason::Road,
            FeatureKind::Cloister => Reason::Cloister,
            FeatureKind::Field => Reason::Farm,
        }
    }
}

/// A place for a figure on the tile just placed, in board orientation (`city:N`, `field:SSE`,
/// `field:inner`, `cloister`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Spot {
    /// The city segment touching this edge.
    City(Side),
    /// The road segment touching this edge.
    Road(Side),
    /// The field segment touching this half-edge.
    Field(Half),
    /// A field that touches no edge: the first (0) or the second (1; only Abbey & Mayor's
    /// AM-02 has two).
    FieldInner(u8),
    /// A corner of the tile where four fields meet (Abbey & Mayor's barn).
    Corner(Corner),
    /// The cloister.
    Cloister,
    /// The garden (only the abbot goes there).
    Garden,
    /// The top of a tower (The Tower): a follower there closes the tower.
    Tower,
}

impl Spot {
    /// The kind of feature the place names.
    pub fn kind(self) -> FeatureKind {
        match self {
            Spot::City(_) => FeatureKind::City,
            Spot::Road(_) => FeatureKind::Road,
            Spot::Field(_) | Spot::FieldInner(_) | Spot::Corner(_) => FeatureKind::Field,
            // Gardens and tower tops are single-tile places like a cloister; neither joins a
            // feature.
            Spot::Cloister | Spot::Garden | Spot::Tower => FeatureKind::Cloister,
        }
    }

    /// The role name of a follower there ("knight").
    pub fn role(self) -> &'static str {
        match self {
            Spot::Garden => return "abbot",
            Spot::Tower => return "tower guard",
            Spot::Corner(_) => return "barn",
            _ => {}
        }
        match self.kind() {
            FeatureKind::City => "knight",
            FeatureKind::Road => "thief",
            FeatureKind::Field => "farmer",
            FeatureKind::Cloister => "monk",
        }
    }
}

impl fmt::Display for Spot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Spot::City(s) => write!(f, "city:{}", s.letter()),
            Spot::Road(s) => write!(f, "road:{}", s.letter()),
            Spot::Field(h) => write!(f, "field:{}", h.name()),
            Spot::FieldInner(0) => f.write_str("field:inner"),
            Spot::FieldInner(i) => write!(f, "field:inner{}", i + 1),
            Spot::Corner(c) => write!(f, "corner:{}", c.name()),
            Spot::Cloister => f.write_str("cloister"),
            Spot::Garden => f.write_str("garden"),
            Spot::Tower => f.write_str("tower"),
        }
    }
}

impl Serialize for Spot {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// A follower place that could not be parsed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a follower place; write city:N, road:E, field:SSW, field:inner, cloister, garden, tower or corner:SE")]
pub struct SpotParseError(pub String);

impl FromStr for Spot {
    type Err = SpotParseError;
    fn from_str(s: &str) -> Result<Self, SpotParseError> {
        let bad = || SpotParseError(s.to_string());
        let t = s.trim();
        if t.eq_ignore_ascii_case("cloister") || t.eq_ignore_ascii_case("monastery") {
            return Ok(Spot::Cloister);
        }
        if t.eq_ignore_ascii_case("garden") {
            return Ok(Spot::Garden);
        }
        if t.eq_ignore_ascii_case("tower") {
            return Ok(Spot::Tower);
        }
        let (kind, point) = t.split_once(':').ok_or_else(bad)?;
        let single_side = || {
            let mut cs = point.chars();
            match (cs.next(), cs.next()) {
                (Some(c), None) => Side::from_letter(c),
                _ => None,
            }
        };
        match kind.to_ascii_lowercase().as_str() {
            "city" => single_side().map(Spot::City).ok_or_else(bad),
            "road" => single_side().map(Spot::Road).ok_or_else(bad),
            "field" if point.eq_ignore_ascii_case("inner") => Ok(Spot::FieldInner(0)),
            "field" if point.eq_ignore_ascii_case("inner2") => Ok(Spot::FieldInner(1)),
            "corner" => Corner::parse(point).map(Spot::Corner).ok_or_else(bad),
            "field" => Half::parse(point).map(Spot::Field).ok_or_else(bad),
            _ => Err(bad()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spot_names_round_trip() {
        for s in [
            "city:N",
            "road:W",
            "field:SSE",
            "field:inner",
            "field:inner2",
            "corner:SE",
            "cloister",
            "garden",
            "tower",
        ] {
            let spot: Spot = s.parse().unwrap();
            assert_eq!(spot.to_string(), s);
        }
        assert_eq!("City:n".parse::<Spot>().unwrap(), Spot::City(Side::N));
        for bad in [
            "city",
            "city:X",
            "road:NE",
            "field:N",
            "towers",
            "",
            "corner:S",
            "field:inner3",
        ] {
            assert!(bad.parse::<Spot>().is_err(), "{bad} parsed");
        }
    }

    /// A new game plays the current revision and says so; rules stored without a revision
    /// (every game and record made before revisions) read as the legacy one and are written
    /// back as they were.
    #[test]
    fn rules_without_a_revision_keep_the_legacy_readings() {
        assert_eq!(Rules::default().revision, Rules::CURRENT);
        assert_eq!(Rules::legacy().revision, Rules::LEGACY);
        let json = serde_json::to_string(&Rules::default()).unwrap();
        assert!(json.contains("\"revision\":1"), "{json}");
        assert_eq!(
            serde_json::from_str::<Rules>(&json).unwrap(),
            Rules::default()
        );
        for old in [r#"{}"#, r#"{"farms":"per-city","small_city":true}"#] {
            let r: Rules = serde_json::from_str(old).unwrap();
            assert_eq!(r.revision, Rules::LEGACY, "{old}");
            assert!(!serde_json::to_string(&r).unwrap().contains("revision"));
        }
        let per_city: Rules = serde_json::from_str(r#"{"farms":"per-city"}"#).unwrap();
        assert_eq!(per_city.farms, FarmRule::PerCity);
    }
}
