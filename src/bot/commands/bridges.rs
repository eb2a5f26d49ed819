//! Bridges, Castles & Bazaars' commands, top-level of their own (`/carcassonne` has no room
//! left): `/bridge` places the drawn tile with one of the player's bridges, autocompleting the
//! legal placements with a bridge (the figure typed, or asked with buttons); `/castle` answers
//! the choice of a follower's owner when a tile completes their small city of two castle bases:
//! build a castle on it, or score it as a city. It autocompletes the two choices with what the
//! city scores; `/bazaar` answers the bazaar's auction when it asks the player: a tile and a
//! bid, a raise or a pass, buying or selling, autocompleting the legal answers. All go through
//! the service's typed steps (`bridge 1,1 0 0,1 W-E [figure]`, `castle build|score`,
//! `bazaar 2 3|raise 4|pass|buy|sell`).

use super::{step_choices, typed_text};
use crate::bot::{run_command, Context, Error};
use crate::service::Command;
use poise::serenity_prelude as serenity;

async fn autocomplete_castle(ctx: Context<'_>, partial: &str) -> Vec<serenity::AutocompleteChoice> {
    step_choices(&ctx, "castle", String::new(), partial).await
}

/// Bridges, Castles & Bazaars: build a castle on your completed small city, or score it as a city.
#[poise::command(slash_command)]
pub async fn castle(
    ctx: Context<'_>,
    #[description = "build to build a castle (your follower stays as its lord), or score to score the city now"]
    #[autocomplete = "autocomplete_castle"]
    choice: String,
) -> Result<(), Error> {
    let text = format!("castle {}", choice.trim());
    run_command(ctx, Command::Decide { text, turn: None }).await
}

async fn autocomplete_bridge(ctx: Context<'_>, partial: &str) -> Vec<serenity::AutocompleteChoice> {
    step_choices(&ctx, "bridge", String::new(), partial).await
}

async fn autocomplete_bridge_figure(
    ctx: Context<'_>,
    partial: &str,
) -> Vec<serenity::AutocompleteChoice> {
    let placement = typed_text(&ctx, "placement").unwrap_or_default();
    step_choices(&ctx, "bridge", placement, partial).await
}

/// Bridges, Castles & Bazaars: place your tile and lay a bridge on it or on a tile beside it.
#[poise::command(slash_command)]
pub async fn bridge(
    ctx: Context<'_>,
    #[description = "the tile's cell and rotation, then the bridge's tile and line: 1,1 90 0,1 W-E"]
    #[autocomplete = "autocomplete_bridge"]
    placement: String,
    #[description = "where your figure goes (road:W, large city:N ...) or none; left out, buttons ask"]
    #[autocomplete = "autocomplete_bridge_figure"]
    figure: Option<String>,
) -> Result<(), Error> {
    let mut text = format!("bridge {}", placement.trim());
    if let Some(f) = figure.filter(|f| !f.trim().is_empty()) {
        text.push(' ');
        text.push_str(f.trim());
    }
    run_command(ctx, Command::Decide { text, turn: None }).await
}

async fn autocomplete_bazaar(ctx: Context<'_>, partial: &str) -> Vec<serenity::AutocompleteChoice> {
    step_choices(&ctx, "bazaar", String::new(), partial).await
}

/// Bazaar: choose a tile and bid, raise or pass, buy or sell.
#[poise::command(slash_command)]
pub async fn bazaar(
    ctx: Context<'_>,
    #[description = "2 3: tile 2 for a bid of 3; raise 4; pass; buy; sell"]
    #[autocomplete = "autocomplete_bazaar"]
    answer: String,
) -> Result<(), Error> {
    let text = format!("bazaar {}", answer.trim());
    run_command(ctx, Command::Decide { text, turn: None }).await
}
