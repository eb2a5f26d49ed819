//! Elo ratings with confidence intervals from a round robin of arena games (`meeplebot arena
//! --ladder`).
//!
//! The model is Bradley–Terry, in Elo's scale: player `i` beats player `j` with probability
//! `1 / (1 + 10^((R_j − R_i) / 400))`, a tie counting half a win each. The ratings are the
//! maximum-likelihood fit, found by Newton's method, with the first player anchored at 0 (every
//! other rating is relative to it). Each pair that played also counts one virtual tie, a weak
//! prior that keeps the fit finite when one player won every game against another (a level
//! against the random player does); with hundreds of games a pair it moves a rating by a few
//! points at most. The 95% interval of each rating is ±1.96 standard errors from the inverse of
//! the observed information (the likelihood's curvature) at the fit.

use serde::Serialize;

/// What two players' games gave: the first player's points (a win 1, a tie ½) out of `games`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Pairing {
    /// Games played.
    pub games: u32,
    /// The first player's points: wins plus half the ties.
    pub points: f64,
}

/// One player's rating.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rating {
    /// The player.
    pub player: String,
    /// Elo rating, relative to the first player's 0.
    pub elo: f64,
    /// The 95% interval's lower and upper ends (the anchor's are 0).
    pub low: f64,
    /// See `low`.
    pub high: f64,
    /// Games played against the others.
    pub games: u32,
    /// Points scored in them (a win 1, a tie ½).
    pub points: f64,
}

/// Elo's scale: rating points per unit of the logistic model's natural strength.
const SCALE: f64 = 400.0 / std::f64::consts::LN_10;

/// The ratings of `players` from their pairings: `results[i][j]` is what `i` scored against `j`
/// (only `i < j` is read). The first player is the anchor.
pub fn ratings(players: &[String], results: &[Vec<Pairing>]) -> Vec<Rating> {
    let n = players.len();
    // Games and points per pair, with the prior's virtual tie for each pair that played.
    let mut games = vec![vec![0.0; n]; n];
    let mut points = vec![vec![0.0; n]; n];
    for i in 0..n {
        for j in i + 1..n {
            let r = results[i][j];
            if r.games == 0 {
                continue;
            }
            games[i][j] = r.games as f64 + 1.0;
            games[j][i] = games[i][j];
            points[i][j] = r.points + 0.5;
            points[j][i] = games[i][j] - points[i][j];
        }
    }
    // Newton's method on the strengths of players 1.. (player 0 stays at 0).
    let mut theta = vec![0.0; n];
    let mut info = vec![vec![0.0; n.saturating_sub(1)]; n.saturating_sub(1)];
    for _ in 0..100 {
        let (grad, curvature) = gradient(&theta, &games, &points);
        info = curvature;
        let Some(step) = solve(&info, &grad) else {
            break;
        };
        let mut largest = 0.0f64;
        for (k, d) in step.iter().enumerate() {
            theta[k + 1] += d;
            largest = largest.max(d.abs());
        }
        if largest < 1e-10 {
            break;
        }
    }
    let (_, curvature) = gradient(&theta, &games, &points);
    if !curvature.is_empty() {
        info = curvature;
    }
    let covariance = invert(&info);
    (0..n)
        .map(|i| {
            let elo = theta[i] * SCALE;
            let half = match (&covariance, i) {
                (_, 0) | (None, _) => 0.0,
                (Some(c), _) => 1.96 * c[i - 1][i - 1].max(0.0).sqrt() * SCALE,
            };
            Rating {
                player: players[i].clone(),
                elo,
                low: elo - half,
                high: elo + half,
                games: (0..n).map(|j| pair(results, i, j).games).sum(),
                points: (0..n)
                    .map(|j| {
                        let r = pair(results, i, j);
                        if i < j {
                            r.points
                        } else {
                            r.games as f64 - r.points
                        }
                    })
                    .sum(),
            }
        })
        .collect()
}

/// The pairing of `i` and `j` as stored (`results[min][max]`); nothing for `i == j`.
fn pair(results: &[Vec<Pairing>], i: usize, j: usize) -> Pairing {
    match i.cmp(&j) {
        std::cmp::Ordering::Less => results[i][j],
        std::cmp::Ordering::Greater => results[j][i],
        std::cmp::Ordering::Equal => Pairing::default(),
    }
}

/// The log-likelihood's gradient and the observed information (minus its Hessian) in the
/// strengths of players 1.., at `theta`.
fn gradient(theta: &[f64], games: &[Vec<f64>], points: &[Vec<f64>]) -> (Vec<f64>, Vec<Vec<f64>>) {
    let n = theta.len();
    let m = n.saturating_sub(1);
    let mut grad = vec![0.0; m];
    let mut info = vec![vec![0.0; m]; m];
    for i in 0..n {
        for j in 0..n {
            if i == j || games[i][j] == 0.0 {
                continue;
            }
            let p = 1.0 / (1.0 + (theta[j] - theta[i]).exp());
            if i > 0 {
                grad[i - 1] += points[i][j] - games[i][j] * p;
                let w = games[i][j] * p * (1.0 - p);
                info[i - 1][i - 1] += w;
                if j > 0 {
                    info[i - 1][j - 1] -= w;
                }
            }
        }
    }
    (grad, info)
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting; `None` if `a` is singular
/// (a player who played nobody connected to the anchor).
fn solve(a: &[Vec<f64>], b: &[f64]) -> Option<Vec<f64>> {
    let n = b.len();
    let mut m: Vec<Vec<f64>> = a
        .iter()
        .zip(b)
        .map(|(row, &v)| {
            let mut r = row.clone();
            r.push(v);
            r
        })
        .collect();
    for c in 0..n {
        let p = (c..n).max_by(|&x, &y| m[x][c].abs().total_cmp(&m[y][c].abs()))?;
        if m[p][c].abs() < 1e-12 {
            return None;
        }
        m.swap(c, p);
        let pivot = m[c].clone();
        for (r, row) in m.iter_mut().enumerate() {
            if r != c {
                let f = row[c] / pivot[c];
                for (x, y) in row[c..].iter_mut().zip(&pivot[c..]) {
                    *x -= f * y;
                }
            }
        }
    }
    Some((0..n).map(|r| m[r][n] / m[r][r]).collect())
}

/// The inverse of `a`, column by column; `None` if it is singular.
fn invert(a: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let n = a.len();
    let columns: Option<Vec<Vec<f64>>> = (0..n)
        .map(|c| {
            let e: Vec<f64> = (0..n).map(|r| f64::from(u8::from(r == c))).collect();
            solve(a, &e)
        })
        .collect();
    let columns = columns?;
    Some(
        (0..n)
            .map(|r| (0..n).map(|c| columns[c][r]).collect())
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(n: usize) -> Vec<String> {
        (0..n).map(|i| format!("p{i}")).collect()
    }

    fn table(n: usize, pairs: &[(usize, usize, u32, f64)]) -> Vec<Vec<Pairing>> {
        let mut t = vec![vec![Pairing::default(); n]; n];
        for &(i, j, games, points) in pairs {
            t[i][j] = Pairing { games, points };
        }
        t
    }

    /// Two players: the fit is the closed form `400 log10(p / (1 − p))` of the score with the
    /// prior's tie, and the interval is the binomial one.
    #[test]
    fn two_players_match_the_closed_form() {
        let r = ratings(&names(2), &table(2, &[(0, 1, 1000, 240.0)]));
        let p: f64 = (1000.0 - 240.0 + 0.5) / 1001.0;
        let expected = 400.0 * (p / (1.0 - p)).log10();
        assert!((r[1].elo - expected).abs() < 1e-6, "{r:?}");
        assert!((r[1].elo - 200.0).abs() < 1.0, "{r:?}");
        let se = (1.0 / (1001.0 * p * (1.0 - p))).sqrt() * SCALE;
        assert!((r[1].high - r[1].elo - 1.96 * se).abs() < 1e-6, "{r:?}");
        assert_eq!((r[0].elo, r[0].low, r[0].high), (0.0, 0.0, 0.0));
        assert_eq!((r[1].games, r[1].points), (1000, 760.0));
        assert_eq!((r[0].games, r[0].points), (1000, 240.0));
    }

    /// Even results give even ratings; four times the games halve the interval; a player who
    /// won every game gets a finite rating; strengths chain through a common opponent.
    #[test]
    fn ratings_behave_as_a_ladder_should() {
        let even = ratings(
            &names(3),
            &table(
                3,
                &[(0, 1, 100, 50.0), (0, 2, 100, 50.0), (1, 2, 100, 50.0)],
            ),
        );
        for r in &even {
            assert!(r.elo.abs() < 1e-9, "{even:?}");
        }
        let width = |games: u32| {
            let r = ratings(&names(2), &table(2, &[(0, 1, games, games as f64 * 0.3)]));
            r[1].high - r[1].low
        };
        let ratio = width(100) / width(400);
        assert!((ratio - 2.0).abs() < 0.05, "{ratio}");
        let sweep = ratings(&names(2), &table(2, &[(0, 1, 200, 0.0)]));
        assert!(
            sweep[1].elo.is_finite() && sweep[1].elo > 600.0,
            "{sweep:?}"
        );
        assert!(sweep[1].low > 400.0, "{sweep:?}");
        // 0 < 1 < 2 by 75% each, 0 and 2 never met: 2 stands about twice as far above 0.
        let chain = ratings(
            &names(3),
            &table(3, &[(0, 1, 4000, 1000.0), (1, 2, 4000, 1000.0)]),
        );
        let step = 400.0 * 3f64.log10();
        assert!((chain[1].elo - step).abs() < 2.0, "{chain:?}");
        assert!((chain[2].elo - 2.0 * step).abs() < 4.0, "{chain:?}");
        assert!(chain[2].high - chain[2].low > chain[1].high - chain[1].low);
    }
}
