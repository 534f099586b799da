//! Helpers shared by the exhaustive tests.

/// Every list of 1 to `max_len` values in `0..=max`, shorter lists first.
pub(crate) fn all_lists(max_len: usize, max: u64) -> Vec<Vec<u64>> {
    let mut all = Vec::new();
    let mut layer = vec![vec![]];
    for _ in 0..max_len {
        layer = layer
            .iter()
            .flat_map(|p: &Vec<u64>| {
                (0..=max).map(move |s| {
                    let mut q = p.clone();
                    q.push(s);
                    q
                })
            })
            .collect();
        all.extend(layer.iter().cloned());
    }
    all
}

/// Every position of at most `piles` piles of at most `stones`, the empty one included.
pub(crate) fn all_positions(piles: usize, stones: u64) -> Vec<Vec<u64>> {
    std::iter::once(vec![])
        .chain(all_lists(piles, stones))
        .collect()
}
