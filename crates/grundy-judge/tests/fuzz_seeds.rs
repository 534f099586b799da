//! The fuzz target `judge` picks a problem by its input's first byte (its index in
//! [`grundy_judge::problems`], modulo their number), so its seeds in `fuzz/corpus/judge/` start with
//! that index. A seed named `seed-ID` or `seed-ID-TAG` must pick problem ID, and every problem has
//! a seed: a problem inserted in the list shifts the indices after it, and this test names the
//! seeds to rewrite.

use std::path::Path;

#[test]
fn every_judge_seed_picks_the_problem_it_is_named_after() {
    let problems: Vec<&str> = grundy_judge::problems().map(|p| p.id).collect();
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus/judge");
    let mut seeded = vec![false; problems.len()];
    let mut wrong = Vec::new();
    for entry in std::fs::read_dir(&corpus).expect("the judge corpus") {
        let path = entry.expect("a corpus entry").path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let named = name.strip_prefix("seed-").expect("seeds are named seed-ID");
        let index = problems
            .iter()
            .position(|id| named == *id || named.starts_with(&format!("{id}-")))
            .unwrap_or_else(|| panic!("{name} names no problem"));
        seeded[index] = true;
        let first = std::fs::read(&path).expect("a seed")[0];
        if usize::from(first) % problems.len() != index {
            wrong.push(format!("{name}: first byte {first}, should be {index}"));
        }
    }
    assert!(
        wrong.is_empty(),
        "seeds that pick another problem: {wrong:#?}"
    );
    let unseeded: Vec<_> = problems
        .iter()
        .zip(seeded)
        .filter(|(_, s)| !s)
        .map(|(id, _)| id)
        .collect();
    assert!(unseeded.is_empty(), "problems without a seed: {unseeded:?}");
}
