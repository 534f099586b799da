//! Coin-turning problems: Mock Turtles on a row, and corner turning on a grid and in a box, by
//! the products of Turning Turtles (Tartan theorem, nim multiplication).

use std::io::Write;

use grundy::Nimber;
use grundy::games::turning::Rule;
use rand::Rng;

use super::{Case, Input, Problem, Size, join};

/// HDU 3537: at most 100 places below 10^8 per test (tests until the end; ours for `--size max`).
const PLACES: u64 = 100;
const PLACE: u64 = 100_000_000 - 1;
const TESTS: u64 = 1000;
/// HDU 3404: T ≤ 100 tests of n ≤ 1000 lights, coordinates 1..=10000.
const GRID_TESTS: u64 = 100;
const LIGHTS: u64 = 1000;
const COORD: u64 = 10_000;
/// POJ 3533: bounds unverified; coordinates below 2^16 keep the products below 2^16.
const BOX_COORD: u64 = (1 << 16) - 1;

pub const PROBLEMS: &[Problem] = &[
    Problem {
        id: "hdu-3537",
        aliases: &[],
        title: "Daizhenyang's Coin: Mock Turtles, heads places from 0, repeats count once (tests until the end)",
        answers: "`Yes` (the first player loses) / `No`",
        nim: None,
        solve: mock_turtles,
        generate: |rng, size| {
            let (tests, most, hi) = match size {
                Size::Small => (rng.random_range(1..=4), 5, 7),
                Size::Max => (TESTS, PLACES, PLACE),
            };
            (0..tests)
                .map(|_| {
                    let n = rng.random_range(0..=most);
                    vec![(0..n).map(|_| rng.random_range(0..=hi)).collect()]
                })
                .collect()
        },
        format: |cases| {
            let mut text = String::new();
            for case in cases {
                text.push_str(&format!("{}\n{}\n", case[0].len(), join(&case[0])));
            }
            text
        },
    },
    Problem {
        id: "hdu-3404",
        aliases: &[],
        title: "Switch lights: Turning Corners from 1 (degenerate rectangles allowed), x ⊗ y",
        answers: "`Have a try, lxhgww.` / `Don't waste your time.`",
        nim: None,
        solve: switch_lights,
        generate: |rng, size| {
            let (tests, most, hi) = match size {
                Size::Small => (rng.random_range(1..=3), 4, 3),
                Size::Max => (GRID_TESTS, LIGHTS, COORD),
            };
            (0..tests)
                .map(|_| {
                    let n = rng.random_range(1..=most);
                    let mut lights: Vec<Vec<u64>> = Vec::new();
                    while (lights.len() as u64) < n.min(hi * hi) {
                        let light = vec![rng.random_range(1..=hi), rng.random_range(1..=hi)];
                        if !lights.contains(&light) {
                            lights.push(light);
                        }
                    }
                    lights
                })
                .collect()
        },
        format: |cases| format!("{}\n{}", cases.len(), counted(cases)),
    },
    Problem {
        id: "poj-3533",
        aliases: &[],
        title: "Light Switching Game: corner turning in a box, x ⊗ y ⊗ z (format unverified; tests until the end)",
        answers: "`Yes` (the first player loses) / `No`",
        nim: None,
        solve: light_box,
        generate: |rng, size| {
            let (tests, most, hi) = match size {
                Size::Small => (rng.random_range(1..=3), 3, 2),
                Size::Max => (10, LIGHTS, BOX_COORD),
            };
            (0..tests)
                .map(|_| {
                    let n = rng.random_range(1..=most);
                    (0..n)
                        .map(|_| (0..3).map(|_| rng.random_range(1..=hi)).collect())
                        .collect()
                })
                .collect()
        },
        format: counted,
    },
];

/// Each case as its count of lines, then one line per element.
fn counted(cases: &[Case]) -> String {
    let mut text = String::new();
    for case in cases {
        text.push_str(&format!("{}\n", case.len()));
        for light in case {
            text.push_str(&join(light));
            text.push('\n');
        }
    }
    text
}

/// The next coordinate, counted from 1 and at most `hi` (with limits), as its value under
/// Turning Turtles: the factor of the products. Coordinate 0 is refused even with
/// `--no-limits`: there is no such row.
fn turtle(input: &mut Input, what: &str, hi: u64) -> anyhow::Result<Nimber> {
    let c = input.read(what, 1, hi)?;
    if c == 0 {
        anyhow::bail!(
            "{}: {what} 0 is not on the board (coordinates count from 1)",
            input.last_place()
        );
    }
    Ok(Nimber(
        Rule::Turtles
            .value(c - 1)
            .expect("coordinates are below 2^64 − 1"),
    ))
}

fn mock_turtles(input: &mut Input, out: &mut dyn Write) -> anyhow::Result<()> {
    while let Some(n) = input.read_or_end("the number of heads coins n", 0, PLACES)? {
        let mut places = Vec::with_capacity(n as usize);
        for _ in 0..n {
            places.push(input.read("a heads coin's place", 0, PLACE)?);
        }
        places.sort_unstable();
        places.dedup();
        let total = places.iter().fold(0, |a, &p| {
            a ^ Rule::Mock.value(p).expect("places are below 10^8")
        });
        writeln!(out, "{}", if total == 0 { "Yes" } else { "No" })?;
    }
    Ok(())
}

fn switch_lights(input: &mut Input, out: &mut dyn Write) -> anyhow::Result<()> {
    let tests = input.read("the number of tests T", 1, GRID_TESTS)?;
    for _ in 0..tests {
        let n = input.read("the number of lights n", 0, LIGHTS)?;
        let mut total = Nimber(0);
        for _ in 0..n {
            let x = turtle(input, "a light's x", COORD)?;
            let y = turtle(input, "a light's y", COORD)?;
            total += x * y;
        }
        let answer = if total.is_zero() {
            "Don't waste your time."
        } else {
            "Have a try, lxhgww."
        };
        writeln!(out, "{answer}")?;
    }
    Ok(())
}

fn light_box(input: &mut Input, out: &mut dyn Write) -> anyhow::Result<()> {
    while let Some(n) = input.read_or_end("the number of lights N", 0, LIGHTS)? {
        let mut total = Nimber(0);
        for _ in 0..n {
            let mut value = Nimber(1);
            for what in ["a light's x", "a light's y", "a light's z"] {
                value = value * turtle(input, what, BOX_COORD)?;
            }
            total += value;
        }
        writeln!(out, "{}", if total.is_zero() { "Yes" } else { "No" })?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    //! Each problem against a brute-force search written from its statement and solved by the
    //! generic engine, never by the coin values the judge relies on.
    use grundy::{Convention, Game, Outcome};

    use crate::nim::tests::check;

    /// "Chooses one, two or three distinct coins and turns each of them over; the rightmost
    /// chosen coin must show heads": a position is its heads places, increasing.
    struct Coins;

    impl Game for Coins {
        type Position = Vec<u64>;
        fn options(&self, heads: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
            for &top in heads {
                for a in 0..=top {
                    for b in a..=top {
                        // Chosen: top, and a and b when below top (a == b chooses one of them).
                        let mut chosen = vec![top];
                        chosen.extend([a, b].into_iter().filter(|&c| c < top));
                        chosen.dedup();
                        out.push(flip(heads, &chosen));
                    }
                }
            }
        }
    }

    /// "Picks four corners of a rectangle … the corner (x2, y2) must be on, and toggles every
    /// distinct corner" (in a box: a cuboid's corners), coordinates from 1.
    struct Corners<const D: usize>;

    impl<const D: usize> Game for Corners<D> {
        type Position = Vec<[u64; D]>;
        fn options(&self, on: &Vec<[u64; D]>, out: &mut Vec<Vec<[u64; D]>>) {
            for &far in on {
                let mut near = [1u64; D];
                loop {
                    let mut corners: Vec<[u64; D]> = (0..1 << D)
                        .map(|bits: usize| {
                            std::array::from_fn(
                                |d| if bits >> d & 1 == 1 { near[d] } else { far[d] },
                            )
                        })
                        .collect();
                    corners.sort_unstable();
                    corners.dedup();
                    out.push(flip(on, &corners));
                    let Some(d) = (0..D).find(|&d| near[d] < far[d]) else {
                        break;
                    };
                    near[d] += 1;
                    near[..d].fill(1);
                }
            }
        }
    }

    fn flip<P: Ord + Copy>(on: &[P], turn: &[P]) -> Vec<P> {
        let mut next: Vec<P> = on.iter().filter(|p| !turn.contains(p)).copied().collect();
        next.extend(turn.iter().filter(|p| !on.contains(p)));
        next.sort_unstable();
        next
    }

    #[test]
    fn hdu_3537_against_brute_force() {
        check("hdu-3537", |memo, cases| {
            cases
                .iter()
                .map(|c| {
                    let mut heads = c[0].clone();
                    heads.sort_unstable();
                    heads.dedup();
                    match memo.outcome(&Coins, &heads, Convention::Normal).unwrap() {
                        Outcome::P => "Yes\n",
                        _ => "No\n",
                    }
                })
                .collect()
        });
    }

    #[test]
    fn hdu_3404_against_brute_force() {
        check("hdu-3404", |memo, cases| {
            cases
                .iter()
                .map(|c| {
                    let mut on: Vec<[u64; 2]> = c.iter().map(|l| [l[0], l[1]]).collect();
                    on.sort_unstable();
                    match memo
                        .outcome(&Corners::<2>, &on, Convention::Normal)
                        .unwrap()
                    {
                        Outcome::P => "Don't waste your time.\n",
                        _ => "Have a try, lxhgww.\n",
                    }
                })
                .collect()
        });
    }

    #[test]
    fn poj_3533_against_brute_force() {
        check("poj-3533", |memo, cases| {
            cases
                .iter()
                .map(|c| {
                    // A light listed twice is toggled back off (the XOR the solutions compute).
                    let on = c
                        .iter()
                        .fold(Vec::new(), |on, l| flip(&on, &[[l[0], l[1], l[2]]]));
                    match memo
                        .outcome(&Corners::<3>, &on, Convention::Normal)
                        .unwrap()
                    {
                        Outcome::P => "Yes\n",
                        _ => "No\n",
                    }
                })
                .collect()
        });
    }

    #[test]
    fn coordinate_0_is_an_error_even_without_limits() {
        // Found by the fuzz target `judge`: a light at y = 0 underflowed the coordinate's
        // place from 0 under --no-limits.
        for (id, input, place) in [
            ("hdu-3404", &b"1\n2\n4 7\n3 0\n"[..], "line 4, column 3"),
            ("poj-3533", b"1\n0 2 2\n", "line 2, column 1"),
        ] {
            for limits in [true, false] {
                let err = crate::solve_bytes(crate::find(id).unwrap(), input, limits)
                    .unwrap_err()
                    .to_string();
                assert!(err.starts_with(place), "{id}: {err}");
                assert!(!limits || err.contains("out of range"), "{id}: {err}");
                assert!(limits || err.contains("count from 1"), "{id}: {err}");
            }
        }
    }
}
