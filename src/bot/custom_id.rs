//! Button custom ids: the Discord form of the service's typed [`ButtonAction`]s.
//!
//! `cc:<game>:<verb>[:...]`, at most 100 characters: `join`, `leave`, `cpu`, `start`, `board`,
//! a seat's move `act:<turn>:<step|->:<action>[;<action>]` (each action as [`action_text`]
//! writes it: `@x,y,rotation`, a figure choice, a set's action such as `ransom <seat> <figure>`
//! or `dragon N`), a set's offer `do:<turn>:<typed form>` (`do:12:ransom`), the steps of placing
//! by buttons `tap:<turn>:<page>`, `cell:<turn>:<x>:<y>` and
//! `review:<turn>:<x>:<y>:<rotation>[:<figure choice>]`, `board[:<x>:<y>]`, `undo`,
//! `undovote:<turns>:<yes|no>`, `absent:<seat>:<turn>:<seat|turn>`, `return`, `rematch`,
//! `standings`, `final:<seq>`, `turning:<seq>` (its review), `hint`, a tournament's
//! `tour:<signup|withdraw|show>:<tournament id>` and
//! `replay:<l|n<number>|s<seq>|g<game id>>:<from>:<step>` (a game of the channel's history;
//! their game id is 0). Moves posted by older builds
//! (`place:<turn>:<x>:<y>:<rotation>:<figure choice>`, and the sets' own older ids, which their
//! modules read) are read as the same moves.

use crate::engine::Action;
use crate::service::tournaments::TournamentCommand;
use crate::service::{
    action_text, figure_choice_text, old_set_button, parse_action, parse_figure_choice,
    ButtonAction, Command, ReplayOf,
};

/// The custom id of a button.
pub fn encode(a: &ButtonAction) -> String {
    let verb = match &a.command {
        Command::Join => "join".to_string(),
        Command::Leave => "leave".into(),
        Command::AddComputer => "cpu".into(),
        Command::Start => "start".into(),
        Command::Play {
            turn,
            step,
            actions,
        } => {
            let step = step.map_or("-".to_string(), |s| s.to_string());
            let actions: Vec<String> = actions.iter().map(|a| action_text(*a)).collect();
            format!("act:{turn}:{step}:{}", actions.join(";"))
        }
        Command::Decide {
            text,
            turn: Some(turn),
        } => format!("do:{turn}:{text}"),
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
        Command::WebPlay => "web".into(),
        Command::LaunchActivity => "activity".into(),
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
        Command::Review { seq } => format!("turning:{seq}"),
        Command::Hint => "hint".into(),
        Command::Replay { of, from, step } => {
            let of = match of {
                ReplayOf::Latest => "l".to_string(),
                ReplayOf::Number(n) => format!("n{n}"),
                ReplayOf::Seq(s) => format!("s{s}"),
                ReplayOf::Game(g) => format!("g{g}"),
            };
            format!("replay:{of}:{from}:{step}")
        }
        Command::Tournament(t) => match **t {
            TournamentCommand::SignUp { id: Some(id) } => format!("tour:signup:{id}"),
            TournamentCommand::Withdraw { id: Some(id) } => format!("tour:withdraw:{id}"),
            TournamentCommand::Show { id: Some(id) } => format!("tour:show:{id}"),
            _ => "board".into(),
        },
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
        "web" => Command::WebPlay,
        "activity" => Command::LaunchActivity,
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
        "hint" => Command::Hint,
        "tour" => {
            let verb = parts.next()?;
            let id = Some(parts.next()?.parse().ok()?);
            Command::Tournament(Box::new(match verb {
                "signup" => TournamentCommand::SignUp { id },
                "withdraw" => TournamentCommand::Withdraw { id },
                "show" => TournamentCommand::Show { id },
                _ => return None,
            }))
        }
        "turning" => Command::Review {
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
        "act" => {
            let turn = parts.next()?.parse().ok()?;
            let step = match parts.next()? {
                "-" => None,
                s => Some(s.parse().ok()?),
            };
            let text = parts.collect::<Vec<_>>().join(":");
            let actions = text
                .split(';')
                .map(parse_action)
                .collect::<Option<Vec<Action>>>()?;
            Command::Play {
                turn,
                step,
                actions,
            }
        }
        "place" => {
            let turn = parts.next()?.parse().ok()?;
            let x = parts.next()?.parse().ok()?;
            let y = parts.next()?.parse().ok()?;
            let rotation = parts.next()?.parse().ok()?;
            let choice = parts.collect::<Vec<_>>().join(":");
            Command::Play {
                turn,
                step: None,
                actions: vec![
                    crate::service::place_action(x, y, rotation)?,
                    parse_figure_choice(&choice).ok()?,
                ],
            }
        }
        "do" => {
            let turn = parts.next()?.parse().ok()?;
            let text = parts.collect::<Vec<_>>().join(":");
            if text.is_empty() {
                return None;
            }
            Command::Decide {
                text,
                turn: Some(turn),
            }
        }
        verb => {
            let rest: Vec<&str> = std::iter::once(verb).chain(parts).collect();
            old_set_button(&rest)?
        }
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
            Action::Fairy {
                at: Pos::new(-1, 9),
            },
            Action::Princess {
                knight: Capture {
                    on: Pos::new(0, -2),
                    spot: "city:E".parse().unwrap(),
                },
            },
        ] {
            let a = ButtonAction {
                game: 4_000_000_000,
                command: Command::Play {
                    turn: 12,
                    step: None,
                    actions: vec![
                        Action::Place {
                            at: Pos::new(-3, 4),
                            rotation: crate::engine::Rotation::from_degrees(270).unwrap(),
                        },
                        act,
                    ],
                },
            };
            let id = encode(&a);
            assert!(id.len() <= 100);
            assert_eq!(decode(&id), Some(a), "{id}");
        }
        let r = ButtonAction {
            game: 9,
            command: Command::Play {
                turn: 40,
                step: None,
                actions: vec![Action::Ransom {
                    from: 2,
                    figure: Figure::Large,
                }],
            },
        };
        assert_eq!(decode(&encode(&r)), Some(r.clone()));
        let ask = ButtonAction {
            game: 9,
            command: Command::Decide {
                text: "ransom".into(),
                turn: Some(40),
            },
        };
        assert_eq!(decode(&encode(&ask)), Some(ask.clone()));
        // The ransom's question as older builds posted it.
        assert_eq!(decode("cc:9:ransom:40"), Some(ask));
        let d = ButtonAction {
            game: 3,
            command: Command::Play {
                turn: 77,
                step: Some(5),
                actions: vec![Action::MoveDragon {
                    side: crate::engine::Side::W,
                }],
            },
        };
        assert_eq!(decode(&encode(&d)), Some(d.clone()));
        assert_eq!(decode("cc:3:act:77:5:dragon Q"), None);
        assert_eq!(decode("cc:3:act:77:-:@1,2,45"), None, "no such rotation");
        assert_eq!(decode("cc:3:act:77:-:"), None);
        // Moves on buttons posted by older builds are the same moves.
        assert_eq!(decode("cc:3:dragon:77:5:W"), Some(d));
        assert_eq!(decode("cc:3:dragon:77:5:Q"), None);
        assert_eq!(
            decode("cc:9:ransom:40:2:large").map(|b| b.command),
            Some(r.command)
        );
        assert_eq!(
            decode("cc:4:place:12:-3:4:90:large city:N").map(|b| b.command),
            Some(Command::Play {
                turn: 12,
                step: None,
                actions: vec![
                    Action::Place {
                        at: Pos::new(-3, 4),
                        rotation: crate::engine::Rotation::from_degrees(90).unwrap(),
                    },
                    Action::Deploy {
                        figure: Figure::Large,
                        spot: "city:N".parse().unwrap(),
                    },
                ],
            })
        );
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
    fn a_tournaments_buttons_round_trip() {
        for t in [
            TournamentCommand::SignUp { id: Some(3) },
            TournamentCommand::Withdraw { id: Some(3) },
            TournamentCommand::Show { id: Some(12) },
        ] {
            let a = ButtonAction {
                game: 0,
                command: Command::Tournament(Box::new(t)),
            };
            assert_eq!(decode(&encode(&a)), Some(a));
        }
        assert_eq!(decode("cc:0:tour:signup:x"), None);
        assert_eq!(decode("cc:0:tour:start:3"), None, "not a button's");
        assert_eq!(decode("cc:0:tour:signup"), None);
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
            Command::Review { seq: 7 },
            Command::Hint,
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
