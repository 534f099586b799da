//! Helpers shared by the exhaustive tests.

/// Every list of 1 to `max_len` values, shorter lists first, grown by appending to each list
/// every value `next(list)` allows.
fn grow(max_len: usize, next: impl Fn(&[u64]) -> Vec<u64>) -> Vec<Vec<u64>> {
    let mut all = Vec::new();
    let mut layer = vec![vec![]];
    for _ in 0..max_len {
        layer = layer
            .iter()
            .flat_map(|list: &Vec<u64>| {
                next(list).into_iter().map(move |v| {
                    let mut longer = list.clone();
                    longer.push(v);
                    longer
                })
            })
            .collect();
        all.extend(layer.iter().cloned());
    }
    all
}

/// Every list of 1 to `max_len` values in `0..=max`, shorter lists first.
pub(crate) fn all_lists(max_len: usize, max: u64) -> Vec<Vec<u64>> {
    grow(max_len, |_| (0..=max).collect())
}

/// Every position of at most `piles` piles of at most `stones`, the empty one included.
pub(crate) fn all_positions(piles: usize, stones: u64) -> Vec<Vec<u64>> {
    std::iter::once(vec![])
        .chain(all_lists(piles, stones))
        .collect()
}

/// Every row of 1 to `max_coins` coins on distinct cells `1..=max_cell`, in every order.
pub(crate) fn all_coin_rows(max_coins: usize, max_cell: u64) -> Vec<Vec<u64>> {
    grow(max_coins, |row| {
        (1..=max_cell).filter(|c| !row.contains(c)).collect()
    })
}
