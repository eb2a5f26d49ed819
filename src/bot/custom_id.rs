//! Button custom ids: the Discord form of the service's typed [`ButtonAction`]s.
//!
//! `cc:<game>:<verb>[:...]`, at most 100 characters: `join`, `leave`, `cpu`, `start`, `board`,
//! `place:<turn>:<x>:<y>:<rotation>:<figure choice>` (the choice as [`figure_choice_text`]
//! writes it), `ransom:<turn>[:<seat>:<figure>]`, `dragon:<turn>:<step>:<N|E|S|W>`, the steps
//! of placing by buttons `tap:<turn>:<page>`, `cell:<turn>:<x>:<y>` and
//! `review:<turn>:<x>:<y>:<rotation>[:<figure choice>]`, `board[:<x>:<y>]`, `undo`,
//! `undovote:<turns>:<yes|no>`, `absent:<seat>:<turn>:<seat|turn>`, `return`, `rematch`,
//! `standings`, `final:<seq>` and `replay:<l|n<number>|s<seq>|g<game id>>:<from>:<step>` (a game
//! of the channel's history; their game id is 0).

use crate::service::{
    figure_choice_text, parse_figure_choice, ButtonAction, Command, FollowerChoice, ReplayOf,
};

/// The custom id of a button.
pub fn encode(a: &ButtonAction) -> String {
    let verb = match &a.command {
        Command::Join => "join".to_string(),
        Command::Leave => "leave".into(),
        Command::AddComputer => "cpu".into(),
        Command::Start => "start".into(),
        Command::Place {
            x,
            y,
            rotation,
            follower: FollowerChoice::Act(act),
            turn: Some(turn),
        } => format!(
            "place:{turn}:{x}:{y}:{rotation}:{}",
            figure_choice_text(*act)
        ),
        Command::Ransom {
            from,
            figure,
            turn: Some(turn),
        } => match (from, figure) {
            (Some(f), Some(fig)) => format!("ransom:{turn}:{f}:{}", fig.name()),
            _ => format!("ransom:{turn}"),
        },
        Command::Dragon {
            side,
            step: Some(step),
            turn: Some(turn),
        } => format!("dragon:{turn}:{step}:{}", side.letter()),
        Command::PlaceStart { turn, page } => format!("tap:{turn}:{page}"),
        Command::PlaceCell { turn, x, y } => format!("cell:{turn}:{x}:{y}"),
        Command::PlaceReview {
            turn,
            x,
            y,
            rotation,
            act,
        } => match act {
            Some(a) => format!(
                "review:{turn}:{x}:{y}:{rotation}:{}",
                figure_choice_text(*a)
            ),
            None => format!("review:{turn}:{x}:{y}:{rotation}"),
        },
        Command::Board {
            around: Some((x, y)),
        } => format!("board:{x}:{y}"),
        Command::Undo => "undo".into(),
        Command::UndoVote { turns, agree } => {
            format!("undovote:{turns}:{}", if *agree { "yes" } else { "no" })
        }
        Command::AbsentVote {
            seat,
            turn,
            seat_for_good,
        } => format!(
            "absent:{seat}:{turn}:{}",
            if *seat_for_good { "seat" } else { "turn" }
        ),
        Command::Return => "return".into(),
        Command::Rematch => "rematch".into(),
        Command::Standings => "standings".into(),
        Command::Final { seq } => format!("final:{seq}"),
        Command::Replay { of, from, step } => {
            let of = match of {
                ReplayOf::Latest => "l".to_string(),
                ReplayOf::Number(n) => format!("n{n}"),
                ReplayOf::Seq(s) => format!("s{s}"),
                ReplayOf::Game(g) => format!("g{g}"),
            };
            format!("replay:{of}:{from}:{step}")
        }
        // Everything else a button can do is a look at the board.
        _ => "board".into(),
    };
    let id = format!("cc:{}:{verb}", a.game);
    id.chars().take(100).collect()
}

/// Reads a custom id back (`None`: not ours, or damaged).
pub fn decode(custom_id: &str) -> Option<ButtonAction> {
    let mut parts = custom_id.split(':');
    if parts.next()? != "cc" {
        return None;
    }
    let game = parts.next()?.parse().ok()?;
    let command = match parts.next()? {
        "join" => Command::Join,
        "leave" => Command::Leave,
        "cpu" => Command::AddComputer,
        "start" => Command::Start,
        "board" => match (parts.next(), parts.next()) {
            (None, None) => Command::Board { around: None },
            (Some(x), Some(y)) => Command::Board {
                around: Some((x.parse().ok()?, y.parse().ok()?)),
            },
            _ => return None,
        },
        "tap" => Command::PlaceStart {
            turn: parts.next()?.parse().ok()?,
            page: parts.next()?.parse().ok()?,
        },
        "cell" => Command::PlaceCell {
            turn: parts.next()?.parse().ok()?,
            x: parts.next()?.parse().ok()?,
            y: parts.next()?.parse().ok()?,
        },
        "review" => {
            let turn = parts.next()?.parse().ok()?;
            let x = parts.next()?.parse().ok()?;
            let y = parts.next()?.parse().ok()?;
            let rotation = parts.next()?.parse().ok()?;
            let choice = parts.collect::<Vec<_>>().join(":");
            let act = if choice.is_empty() {
                None
            } else {
                Some(parse_figure_choice(&choice).ok()?)
            };
            Command::PlaceReview {
                turn,
                x,
                y,
                rotation,
                act,
            }
        }
        "undo" => Command::Undo,
        "undovote" => Command::UndoVote {
            turns: parts.next()?.parse().ok()?,
            agree: match parts.next()? {
                "yes" => true,
                "no" => false,
                _ => return None,
            },
        },
        "absent" => Command::AbsentVote {
            seat: parts.next()?.parse().ok()?,
            turn: parts.next()?.parse().ok()?,
            seat_for_good: match parts.next()? {
                "seat" => true,
                "turn" => false,
                _ => return None,
            },
        },
        "return" => Command::Return,
        "rematch" => Command::Rematch,
        "standings" => Command::Standings,
        "final" => Command::Final {
            seq: parts.next()?.parse().ok()?,
        },
        "replay" => {
            let of = parts.next()?;
            let of = match of.split_at_checked(1)? {
                ("l", "") => ReplayOf::Latest,
                ("n", n) => ReplayOf::Number(n.parse().ok()?),
                ("s", s) => ReplayOf::Seq(s.parse().ok()?),
                ("g", g) => ReplayOf::Game(g.parse().ok()?),
                _ => return None,
            };
            Command::Replay {
                of,
                from: parts.next()?.parse().ok()?,
                step: parts.next()?.parse().ok()?,
            }
        }
        "place" => {
            let turn = parts.next()?.parse().ok()?;
            let x = parts.next()?.parse().ok()?;
            let y = parts.next()?.parse().ok()?;
            let rotation = parts.next()?.parse().ok()?;
            let choice = parts.collect::<Vec<_>>().join(":");
            Command::Place {
                x,
                y,
                rotation,
                follower: FollowerChoice::Act(parse_figure_choice(&choice).ok()?),
                turn: Some(turn),
            }
        }
        "dragon" => {
            let turn = parts.next()?.parse().ok()?;
            let step = parts.next()?.parse().ok()?;
            let mut letter = parts.next()?.chars();
            let side = crate::engine::Side::from_letter(letter.next()?)?;
            if letter.next().is_some() {
                return None;
            }
            Command::Dragon {
                side,
                step: Some(step),
                turn: Some(turn),
            }
        }
        "ransom" => {
            let turn = parts.next()?.parse().ok()?;
            let (from, figure) = match (parts.next(), parts.next()) {
                (Some(f), Some(fig)) => (Some(f.parse().ok()?), Some(fig.parse().ok()?)),
                (None, None) => (None, None),
                _ => return None,
            };
            Command::Ransom {
                from,
                figure,
                turn: Some(turn),
            }
        }
        _ => return None,
    };
    Some(ButtonAction { game, command })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Action, Capture, Figure, Pos, Spot};

    #[test]
    fn round_trip() {
        let spot: Spot = "field:SSW".parse().unwrap();
        for act in [
            Action::Pass,
            Action::Recall,
            Action::Deploy {
                figure: Figure::Follower,
                spot,
            },
            Action::Deploy {
                figure: Figure::Pig,
                spot,
            },
            Action::Tower {
                at: Pos::new(-12, 3),
                capture: Some(Capture {
                    on: Pos::new(-12, 1),
                    spot,
                }),
            },
            Action::Tower {
                at: Pos::new(2, 0),
                capture: None,
            },
            Action::DeployOn {
                on: Pos::new(2, -7),
                figure: Figure::Large,
                spot: Spot::Tower,
            },
        ] {
            let a = ButtonAction {
                game: 4_000_000_000,
                command: Command::Place {
                    x: -3,
                    y: 4,
                    rotation: 270,
                    follower: FollowerChoice::Act(act),
                    turn: Some(12),
                },
            };
            let id = encode(&a);
            assert!(id.len() <= 100);
            assert_eq!(decode(&id), Some(a), "{id}");
        }
        for (from, figure) in [(Some(2), Some(Figure::Large)), (None, None)] {
            let r = ButtonAction {
                game: 9,
                command: Command::Ransom {
                    from,
                    figure,
                    turn: Some(40),
                },
            };
            assert_eq!(decode(&encode(&r)), Some(r));
        }
        let d = ButtonAction {
            game: 3,
            command: Command::Dragon {
                side: crate::engine::Side::W,
                step: Some(5),
                turn: Some(77),
            },
        };
        assert_eq!(decode(&encode(&d)), Some(d));
        assert_eq!(decode("cc:3:dragon:77:5:Q"), None);
        let join = ButtonAction {
            game: 7,
            command: Command::Join,
        };
        assert_eq!(decode(&encode(&join)), Some(join));
        assert_eq!(decode("cc:7:place:x"), None);
        assert_eq!(
            decode("cc:join"),
            None,
            "ids without a game are from older builds"
        );
        assert_eq!(decode("other"), None);
    }

    #[test]
    fn the_newer_buttons_round_trip() {
        let act = Action::Deploy {
            figure: Figure::Large,
            spot: "city:N".parse().unwrap(),
        };
        for command in [
            Command::PlaceStart { turn: 3, page: 2 },
            Command::PlaceCell {
                turn: 3,
                x: -4,
                y: 11,
            },
            Command::PlaceReview {
                turn: 3,
                x: -4,
                y: 11,
                rotation: 90,
                act: None,
            },
            Command::PlaceReview {
                turn: 3,
                x: -4,
                y: 11,
                rotation: 90,
                act: Some(act),
            },
            Command::Board {
                around: Some((-3, 7)),
            },
            Command::Board { around: None },
            Command::Undo,
            Command::UndoVote {
                turns: 17,
                agree: false,
            },
            Command::UndoVote {
                turns: 17,
                agree: true,
            },
            Command::AbsentVote {
                seat: 2,
                turn: 30,
                seat_for_good: true,
            },
            Command::AbsentVote {
                seat: 0,
                turn: 31,
                seat_for_good: false,
            },
            Command::Return,
            Command::Rematch,
            Command::Standings,
            Command::Final { seq: 12 },
            Command::Replay {
                of: ReplayOf::Seq(3),
                from: 17,
                step: -10,
            },
            Command::Replay {
                of: ReplayOf::Game(u64::MAX),
                from: 1,
                step: 0,
            },
            Command::Replay {
                of: ReplayOf::Number(2),
                from: 140,
                step: 1,
            },
            Command::Replay {
                of: ReplayOf::Latest,
                from: 1,
                step: 10,
            },
        ] {
            let a = ButtonAction { game: 77, command };
            let id = encode(&a);
            assert!(id.len() <= 100);
            assert_eq!(decode(&id), Some(a), "{id}");
        }
        assert_eq!(decode("cc:7:undovote:3:maybe"), None);
        assert_eq!(decode("cc:7:board:3"), None);
    }
}
