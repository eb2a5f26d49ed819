//! Bridges, Castles & Bazaars' command, top-level of its own (`/carcassonne` has no room left):
//! `/castle` answers the choice of a follower's owner when a tile completes their small city of
//! two castle bases: build a castle on it, or score it as a city. It autocompletes the two
//! choices with what the city scores, and goes through the service's typed step (`castle
//! build|score`).

use super::step_choices;
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
