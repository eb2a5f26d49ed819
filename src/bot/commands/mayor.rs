//! Abbey & Mayor's commands, top-level of their own (`/carcassonne` has no room left): `/abbey`
//! places the abbey instead of drawing (or draws), `/wagon` moves a wagon whose feature scored.
//! Both autocomplete only legal choices and go through the service's typed step (`abbey …`,
//! `wagon …`).

use super::{step_choices, typed_text};
use crate::bot::{run_command, Context, Error};
use crate::service::Command;
use poise::serenity_prelude as serenity;

async fn autocomplete_hole(ctx: Context<'_>, partial: &str) -> Vec<serenity::AutocompleteChoice> {
    step_choices(&ctx, "abbey", String::new(), partial).await
}

async fn autocomplete_abbey_figure(
    ctx: Context<'_>,
    partial: &str,
) -> Vec<serenity::AutocompleteChoice> {
    let at = typed_text(&ctx, "at").unwrap_or_default();
    step_choices(&ctx, "abbey", at, partial).await
}

async fn autocomplete_wagon(ctx: Context<'_>, partial: &str) -> Vec<serenity::AutocompleteChoice> {
    step_choices(&ctx, "wagon", String::new(), partial).await
}

/// Abbey & Mayor: put your abbey into a hole instead of drawing, or draw.
#[poise::command(slash_command)]
pub async fn abbey(
    ctx: Context<'_>,
    #[description = "The hole as x,y, or draw to draw a tile instead"]
    #[autocomplete = "autocomplete_hole"]
    at: String,
    #[description = "Figure on the abbey: cloister, abbot cloister, wagon cloister, none; asks if left out"]
    #[autocomplete = "autocomplete_abbey_figure"]
    figure: Option<String>,
) -> Result<(), Error> {
    let mut text = format!("abbey {}", at.trim());
    if let Some(f) = figure.as_deref().map(str::trim).filter(|f| !f.is_empty()) {
        text.push(' ');
        text.push_str(f);
    }
    run_command(ctx, Command::Decide { text, turn: None }).await
}

/// Abbey & Mayor: move your wagon whose feature scored, or take it back.
#[poise::command(slash_command)]
pub async fn wagon(
    ctx: Context<'_>,
    #[description = "Where it goes, as x,y place (3,1 road:E), or home to take it back"]
    #[autocomplete = "autocomplete_wagon"]
    to: String,
) -> Result<(), Error> {
    let text = format!("wagon {}", to.trim());
    run_command(ctx, Command::Decide { text, turn: None }).await
}
