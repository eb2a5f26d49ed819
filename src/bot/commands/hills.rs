//! Hills & Sheep's command, top-level of its own (`/carcassonne` has no room left): `/flock`
//! answers the shepherd's choice when your tile extends your shepherd's field: let the flock
//! grow (a token is drawn) or drive it home and score it. It autocompletes the two choices with
//! what driving home scores, and goes through the service's typed step (`flock grow|home`).

use super::step_choices;
use crate::bot::{run_command, Context, Error};
use crate::service::Command;
use poise::serenity_prelude as serenity;

async fn autocomplete_flock(ctx: Context<'_>, partial: &str) -> Vec<serenity::AutocompleteChoice> {
    step_choices(&ctx, "flock", String::new(), partial).await
}

/// Hills & Sheep: let your shepherd's flock grow (draw a token) or drive it home.
#[poise::command(slash_command)]
pub async fn flock(
    ctx: Context<'_>,
    #[description = "grow to draw a token for the flock, or home to drive it home and score it"]
    #[autocomplete = "autocomplete_flock"]
    choice: String,
) -> Result<(), Error> {
    let text = format!("flock {}", choice.trim());
    run_command(ctx, Command::Decide { text, turn: None }).await
}
