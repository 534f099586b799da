//! The seeds of the fuzz target `judge` in `fuzz/corpus/judge/`: each is a problem's id, a
//! newline, then an input of that problem. A seed named `seed-ID` is an input the problem
//! answers; one named `seed-ID-TAG` is malformed (TAG says how), and the problem refuses it with
//! a one-line error. Every problem of [`grundy_judge::problems`] has a `seed-ID`.

use std::path::Path;

use grundy_judge::{Problem, problems, solve_bytes};

/// A seed: its file name and its bytes.
struct Seed {
    name: String,
    bytes: Vec<u8>,
}

fn seeds() -> Vec<Seed> {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus/judge");
    let mut seeds: Vec<Seed> = std::fs::read_dir(&corpus)
        .expect("the judge corpus")
        .map(|entry| {
            let path = entry.expect("a corpus entry").path();
            Seed {
                name: path.file_name().unwrap().to_string_lossy().into_owned(),
                bytes: std::fs::read(&path).expect("a seed"),
            }
        })
        .collect();
    seeds.sort_by(|a, b| a.name.cmp(&b.name));
    seeds
}

/// The problem a seed's first line names and the input after it, or what is wrong.
fn split(seed: &Seed) -> Result<(&'static Problem, &[u8]), String> {
    let newline = seed
        .bytes
        .iter()
        .position(|&b| b == b'\n')
        .ok_or("no newline after the id")?;
    let id = std::str::from_utf8(&seed.bytes[..newline]).map_err(|_| "an id that is not UTF-8")?;
    let problem = problems()
        .find(|p| p.id == id)
        .ok_or_else(|| format!("'{id}' is the id of no problem"))?;
    Ok((problem, &seed.bytes[newline + 1..]))
}

#[test]
fn every_judge_seed_names_its_problem_on_its_first_line() {
    let mut wrong = Vec::new();
    for seed in seeds() {
        match split(&seed) {
            Ok((problem, _)) => {
                let named = seed.name.strip_prefix("seed-").unwrap_or_default();
                let tagged = named
                    .strip_prefix(problem.id)
                    .is_some_and(|tag| tag.is_empty() || tag.len() > 1 && tag.starts_with('-'));
                if !tagged {
                    wrong.push(format!("{}: its first line is {}", seed.name, problem.id));
                }
            }
            Err(why) => wrong.push(format!("{}: {why}", seed.name)),
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn every_problem_has_a_seed() {
    let names: Vec<String> = seeds().into_iter().map(|s| s.name).collect();
    let unseeded: Vec<&str> = problems()
        .map(|p| p.id)
        .filter(|id| !names.contains(&format!("seed-{id}")))
        .collect();
    assert!(unseeded.is_empty(), "problems without a seed: {unseeded:?}");
}

#[test]
fn every_judge_seed_is_answered_or_refused_as_its_name_says() {
    let mut wrong = Vec::new();
    for seed in seeds() {
        let Ok((problem, input)) = split(&seed) else {
            continue;
        };
        let solve = |limits| solve_bytes(problem, input, limits).map_err(|e| format!("{e:#}"));
        let (limited, unlimited) = (solve(true), solve(false));
        let name = &seed.name;
        for error in [&limited, &unlimited]
            .into_iter()
            .filter_map(|r| r.as_ref().err())
        {
            if error.contains('\n') {
                wrong.push(format!("{name}: an error of more than one line: {error}"));
            }
        }
        let malformed = *name != format!("seed-{}", problem.id);
        match limited {
            Ok(_) if malformed => wrong.push(format!("{name}: answered, though malformed")),
            Ok(answer) if answer.is_empty() => wrong.push(format!("{name}: an empty answer")),
            Ok(answer) if unlimited.as_ref() != Ok(&answer) => {
                wrong.push(format!("{name}: another answer with --no-limits"));
            }
            Err(error) if !malformed => wrong.push(format!("{name}: refused: {error}")),
            _ => {}
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}
