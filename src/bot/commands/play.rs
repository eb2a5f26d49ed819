//! Turn commands: place (with autocomplete of legal moves), resign, abort.

use crate::bot::{run_command, Context, Error};
use crate::service::{figure_choice_label, figure_choice_text, Command, FollowerChoice};
use poise::serenity_prelude as serenity;

/// Rotation choices.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum Turn {
    /// As printed.
    #[name = "0"]
    R0,
    /// A quarter turn clockwise.
    #[name = "90"]
    R90,
    /// Half a turn.
    #[name = "180"]
    R180,
    /// Three quarters clockwise.
    #[name = "270"]
    R270,
}

/// Integer options already typed in this interaction (for dependent autocomplete).
fn typed(ctx: &Context<'_>, name: &str) -> Option<i64> {
    let poise::Context::Application(a) = ctx else {
        return None;
    };
    fn find(opts: &[serenity::ResolvedOption<'_>], name: &str) -> Option<i64> {
        for o in opts {
            match &o.value {
                serenity::ResolvedValue::SubCommand(inner)
                | serenity::ResolvedValue::SubCommandGroup(inner) => {
                    if let Some(v) = find(inner, name) {
                        return Some(v);
                    }
                }
                serenity::ResolvedValue::Integer(v) if o.name == name => return Some(*v),
                serenity::ResolvedValue::String(s) if o.name == name => return s.parse().ok(),
                _ => {}
            }
        }
        None
    }
    find(&a.interaction.data.options(), name)
}

async fn legal(ctx: &Context<'_>) -> Vec<(i64, i64, i64, String)> {
    let service = ctx.data().service.clone();
    let key = crate::bot::key_of(ctx);
    let user = ctx.author().id.get();
    tokio::task::spawn_blocking(move || {
        service
            .placement_choices(key, user, 500)
            .into_iter()
            .map(|c| (c.x, c.y, c.rotation, c.label))
            .collect()
    })
    .await
    .unwrap_or_default()
}

async fn autocomplete_x(ctx: Context<'_>, partial: &str) -> Vec<serenity::AutocompleteChoice> {
    let mut seen = Vec::new();
    let mut out = Vec::new();
    for (x, _, _, label) in legal(&ctx).await {
        if x.to_string().starts_with(partial.trim()) && !seen.contains(&x) {
            seen.push(x);
            out.push(serenity::AutocompleteChoice::new(
                format!("x = {x} (e.g. {label})"),
                x,
            ));
        }
    }
    out.truncate(25);
    out
}

async fn autocomplete_y(ctx: Context<'_>, partial: &str) -> Vec<serenity::AutocompleteChoice> {
    let x = typed(&ctx, "x");
    let mut seen = Vec::new();
    let mut out = Vec::new();
    for (lx, y, _, _) in legal(&ctx).await {
        if x.is_some_and(|x| x != lx)
            || !y.to_string().starts_with(partial.trim())
            || seen.contains(&(lx, y))
        {
            continue;
        }
        seen.push((lx, y));
        out.push(serenity::AutocompleteChoice::new(
            format!("y = {y} (at [{lx},{y}])"),
            y,
        ));
    }
    out.truncate(25);
    out
}

async fn autocomplete_follower(
    ctx: Context<'_>,
    partial: &str,
) -> Vec<serenity::AutocompleteChoice> {
    let (Some(x), Some(y)) = (typed(&ctx, "x"), typed(&ctx, "y")) else {
        return vec![serenity::AutocompleteChoice::new("none", "none")];
    };
    let rotation = typed(&ctx, "rotation").unwrap_or(0);
    let service = ctx.data().service.clone();
    let key = crate::bot::key_of(&ctx);
    let spots = tokio::task::spawn_blocking(move || service.follower_choices(key, x, y, rotation))
        .await
        .unwrap_or_default();
    // Every legal figure action (followers, large, builder, pig, abbot, recall), as typed.
    let typed_so_far = partial.trim().to_ascii_lowercase();
    let mut out: Vec<serenity::AutocompleteChoice> = spots
        .into_iter()
        .map(|a| (figure_choice_label(a), figure_choice_text(a)))
        .filter(|(label, text)| {
            text.to_ascii_lowercase().contains(&typed_so_far)
                || label.to_ascii_lowercase().contains(&typed_so_far)
        })
        .map(|(label, text)| serenity::AutocompleteChoice::new(format!("{text} ({label})"), text))
        .collect();
    out.truncate(24);
    out.push(serenity::AutocompleteChoice::new("none", "none"));
    out
}

/// Place your drawn tile at x, y with a rotation, and optionally a follower.
#[poise::command(slash_command)]
pub async fn place(
    ctx: Context<'_>,
    #[description = "Column (the numbers along the top of the board)"]
    #[autocomplete = "autocomplete_x"]
    x: i64,
    #[description = "Row (the numbers down the left of the board)"]
    #[autocomplete = "autocomplete_y"]
    y: i64,
    #[description = "Clockwise turn of the tile as shown in the preview"] rotation: Turn,
    #[description = "Figure: city:N, large city:N, builder road:E, tower 1,0, fairy 1,0, portal 1,0 road:E, none"]
    #[autocomplete = "autocomplete_follower"]
    follower: Option<String>,
) -> Result<(), Error> {
    let rotation = match rotation {
        Turn::R0 => 0,
        Turn::R90 => 90,
        Turn::R180 => 180,
        Turn::R270 => 270,
    };
    let follower = match follower.as_deref().map(str::trim) {
        None | Some("") => FollowerChoice::Ask,
        Some(s) => FollowerChoice::Typed(s.to_string()),
    };
    run_command(
        ctx,
        Command::Place {
            x,
            y,
            rotation,
            follower,
        },
    )
    .await
}

/// The Tower: pay 3 points to get back a follower held prisoner (before placing your tile).
#[poise::command(slash_command)]
pub async fn ransom(
    ctx: Context<'_>,
    #[description = "Whom to pay (their name in the game); asks with buttons if left out"]
    from: Option<String>,
    #[description = "Free the large follower instead of a normal one"] large: Option<bool>,
) -> Result<(), Error> {
    let from = match from {
        None => None,
        Some(name) => {
            let service = ctx.data().service.clone();
            let key = crate::bot::key_of(&ctx);
            let seat = tokio::task::spawn_blocking(move || service.seat_named(key, &name))
                .await
                .unwrap_or(None);
            // An unknown name asks with buttons among the real choices.
            seat
        }
    };
    // The set's typed form: `ransom [seat] [follower|large]`.
    let mut text = String::from("ransom");
    if let Some(seat) = from {
        text.push_str(&format!(" {seat}"));
    }
    if let Some(large) = large {
        text.push_str(if large { " large" } else { " follower" });
    }
    run_command(ctx, Command::Decide { text, turn: None }).await
}

/// Directions for the dragon.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum Direction {
    /// Up.
    #[name = "north"]
    N,
    /// Right.
    #[name = "east"]
    E,
    /// Down.
    #[name = "south"]
    S,
    /// Left.
    #[name = "west"]
    W,
}

/// The Princess & the Dragon: take your step of the dragon's journey.
#[poise::command(slash_command)]
pub async fn dragon(
    ctx: Context<'_>,
    #[description = "Where the dragon goes (north is up on the board)"] direction: Direction,
) -> Result<(), Error> {
    use crate::engine::Side;
    let side = match direction {
        Direction::N => Side::N,
        Direction::E => Side::E,
        Direction::S => Side::S,
        Direction::W => Side::W,
    };
    let text = crate::service::action_text(crate::engine::Action::MoveDragon { side });
    run_command(ctx, Command::Decide { text, turn: None }).await
}

/// Take back your last move (at once before the next player acts, otherwise the others vote).
#[poise::command(slash_command)]
pub async fn undo(ctx: Context<'_>) -> Result<(), Error> {
    run_command(ctx, Command::Undo).await
}

/// Take your seat back from the computer that played for you while you were away.
#[poise::command(slash_command, rename = "return")]
pub async fn comeback(ctx: Context<'_>) -> Result<(), Error> {
    run_command(ctx, Command::Return).await
}

/// Give up: the computer plays on for your seat.
#[poise::command(slash_command)]
pub async fn resign(ctx: Context<'_>) -> Result<(), Error> {
    run_command(ctx, Command::Resign).await
}

/// Stop this channel's game (its creator, or someone who can manage the channel).
#[poise::command(slash_command)]
pub async fn abort(ctx: Context<'_>) -> Result<(), Error> {
    run_command(ctx, Command::Abort).await
}
