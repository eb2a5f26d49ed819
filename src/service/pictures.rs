//! The pictures a reply still needs, drawn after the game's lock is released: the turn and
//! board pictures, the tile preview, and a finished game's final board, score graph and
//! timelapse. A narrow part of the service: the renderer and the drawing places (as many as
//! the machine has cores, for the whole process), nothing else. The requests for them that a
//! reply carries ([`picture`], [`final_files`]) are made here too.

use super::api::{Attachment, Drawing, Finale, Later, Picture, Reply};
use super::limits::Places;
use super::stored::StoredGame;
use crate::engine::{replay_watching, FinalScoring, LiveGame, TileId};
use crate::i18n::{private, public};
use crate::render::Renderer;
use crate::tr;
use std::sync::Arc;

/// The largest timelapse attached to a final message (Discord's upload limit).
pub const MAX_TIMELAPSE_BYTES: usize = 8 * 1024 * 1024;

/// Draws the pictures of replies.
pub(crate) struct Pictures {
    renderer: Arc<Renderer>,
    /// Places for drawing pictures at once.
    places: Places,
}

impl Pictures {
    /// Pictures drawn with `renderer`, as many at once as the machine has cores.
    pub(super) fn new(renderer: Arc<Renderer>) -> Pictures {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Pictures {
            renderer,
            places: Places::new(cores),
        }
    }

    /// The renderer.
    pub(super) fn renderer(&self) -> &Renderer {
        &self.renderer
    }

    /// The drawn tile in its four rotations with the name of each follower place.
    pub(super) fn preview(&self, tile: TileId) -> Attachment {
        Attachment {
            name: "tile.png".into(),
            bytes: self.renderer.preview_png(tile),
            description: tr!(private(), "alt-preview", tile = tile.name()),
        }
    }

    /// The score graph of a finished game as an attachment, from the scores before the first
    /// turn and after each one (`history`, read off the finale's replay) and the final ones.
    fn score_graph(&self, job: &Finale, mut history: Vec<Vec<u32>>) -> Attachment {
        history.push(job.fin.scores.clone());
        let series: Vec<Vec<u32>> = (0..job.names.len())
            .map(|i| {
                history
                    .iter()
                    .map(|row| row.get(i).copied().unwrap_or(0))
                    .collect()
            })
            .collect();
        let pm = self.renderer.score_graph(&job.names, &series);
        let lines: Vec<String> = job
            .names
            .iter()
            .zip(&series)
            .map(|(n, v)| format!("{n} {}", v.last().copied().unwrap_or(0)))
            .collect();
        Attachment {
            name: "scores.png".into(),
            bytes: crate::render::encode(&pm),
            description: tr!(
                job.lang,
                "alt-graph",
                turns = job.record.turn_count(),
                scores = lines.join(", ")
            ),
        }
    }

    /// Draws the pictures of a reply ([`Later::Picture`]), each after taking one of the
    /// drawing places (as many as the machine has cores, for the whole process): called once
    /// the game's lock is released, so a slow picture never holds up the channel, and a flood
    /// of pictures queues here rather than taking every thread.
    pub(super) fn draw(&self, reply: &mut Reply) {
        if !reply
            .later
            .as_slice()
            .iter()
            .any(|l| matches!(l, Later::Picture(_)))
        {
            return;
        }
        let mut rest = Vec::new();
        for later in reply.later.take() {
            let Later::Picture(p) = later else {
                rest.push(later);
                continue;
            };
            let bytes = {
                let _place = self.places.take();
                let langs = crate::i18n::Langs {
                    private: p.lang,
                    public: p.lang,
                };
                crate::i18n::scope(langs, || match &p.drawing {
                    Drawing::Board(opts) => self.renderer.board_png(&p.game, opts),
                    Drawing::Turn(turn) => crate::render::encode(&self.renderer.turn_picture_of(
                        &p.game,
                        &turn.0,
                        Some(&turn.1),
                    )),
                    Drawing::Final(fin) => self.renderer.final_png_scored(&p.game, fin),
                    Drawing::Rotations {
                        tile,
                        at,
                        rotations,
                    } => crate::render::encode(
                        &self.renderer.rotations_at(&p.game, *tile, *at, rotations),
                    ),
                    Drawing::Replay { turn, total } => {
                        crate::render::encode(&self.renderer.replay_frame(&p.game, *turn, *total))
                    }
                })
            };
            let at = p.at.min(reply.files.len());
            reply.files.insert(
                at,
                Attachment {
                    name: p.name,
                    bytes,
                    description: p.description,
                },
            );
        }
        reply.later = rest.into_iter().collect();
    }

    /// Makes the files a reply still needs ([`super::api::Later`]). A file that cannot be made
    /// is left out and logged.
    pub(super) fn complete(&self, reply: &mut Reply) {
        self.draw(reply);
        for later in reply.later.take() {
            self.complete_one(reply, later);
        }
    }

    fn complete_one(&self, reply: &mut Reply, later: Later) {
        match later {
            Later::Picture(_) | Later::Hint(_) => {}
            Later::Finale(job) => {
                // The graph's and the timelapse's words in the language the reply was made in.
                let langs = crate::i18n::Langs {
                    private: job.lang,
                    public: job.lang,
                };
                crate::i18n::scope(langs, || self.finale_files(reply, &job))
            }
        }
    }

    /// The score graph and the timelapse of a finished game, from one replay of its record.
    fn finale_files(&self, reply: &mut Reply, job: &Finale) {
        let mut history = Vec::new();
        let mut gif = None;
        if job.timelapse {
            let watch = |g: &crate::engine::Game| history.push(g.scores().to_vec());
            match self
                .renderer
                .timelapse_of(&job.record, &job.game, &job.fin, watch)
            {
                Ok(bytes) => gif = Some(bytes),
                Err(e) => tracing::error!("cannot make the timelapse: {e}"),
            }
        }
        // Without the timelapse's replay (not asked, or failed), the graph replays alone.
        let gif = match gif {
            Some(bytes) => Ok(Some(bytes)),
            None => {
                history.clear();
                replay_watching(&job.record, |g| history.push(g.scores().to_vec()))
                    .map(|_| None)
                    .map_err(|e| e.to_string())
            }
        };
        match gif {
            Err(e) => tracing::error!("cannot replay a finished game's record: {e}"),
            Ok(gif) => {
                reply.files.push(self.score_graph(job, history));
                match gif {
                    Some(gif) if gif.len() <= MAX_TIMELAPSE_BYTES => {
                        reply.files.push(Attachment {
                            name: "timelapse.gif".into(),
                            bytes: gif,
                            description: tr!(
                                job.lang,
                                "alt-timelapse",
                                turns = job.record.tiles_placed()
                            ),
                        });
                    }
                    Some(gif) => {
                        tracing::warn!(bytes = gif.len(), "the timelapse is too large to post")
                    }
                    None => {}
                }
            }
        }
    }
}

/// A picture of the game as it is now, drawn once the game's lock is released, in the public
/// language, last among the reply's files.
pub(super) fn picture(
    name: &str,
    description: String,
    game: &crate::engine::Game,
    drawing: Drawing,
) -> Later {
    Later::Picture(Box::new(Picture {
        name: name.into(),
        description,
        at: usize::MAX,
        game: game.clone(),
        drawing,
        lang: public(),
    }))
}

/// The pictures of a finished game, made once the game's lock is released: the final
/// board (first among the files) with the scores in its alt text, then the score graph
/// and, with `timelapse`, the timelapse, both from one replay of the record. `fin` is the
/// game's final scoring, computed once by the caller.
pub(super) fn final_files(
    s: &StoredGame,
    game: &LiveGame,
    fin: &FinalScoring,
    timelapse: bool,
) -> Vec<Later> {
    let lang = crate::i18n::public();
    let scores = super::words::named_scores(s, &fin.scores);
    let description = tr!(lang, "alt-final", scores = scores);
    let drawing = Drawing::Final(Box::new(fin.clone()));
    let mut board = picture("final.png", description, game, drawing);
    if let Later::Picture(p) = &mut board {
        p.at = 0;
    }
    let mut later = vec![board];
    later.extend(s.record.clone().map(|record| {
        Later::Finale(Box::new(Finale {
            record,
            game: game.game().clone(),
            fin: fin.clone(),
            names: s.seats.iter().map(|x| x.name.clone()).collect(),
            lang,
            timelapse,
        }))
    }));
    later
}
