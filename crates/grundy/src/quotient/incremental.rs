//! The quotient for heaps up to n + 1 from the one for heaps up to n, when it does not grow.
//!
//! Let Q be the quotient of all sums of heaps up to n, Φ its heap map and H a heap of n + 1
//! with moves, T the elements of H's options (each a sum of heaps up to n) and
//! V = {w : wt ∈ P for some t ∈ T} (the elements w such that H + X, X of element w, has a
//! winning move in H). For a position G of heaps up to n, W(G) = {w : wΦ(G') ∈ P for some
//! option G' of G} likewise. The quotient for heaps up to n + 1 is Q again exactly when some
//! x ∈ Q can be H's element, and x can when
//!
//! - (P) xw ∈ P implies w ∉ V, for every w (a P-position H + X has no winning move in H), and
//! - (N) for every position G of heaps up to n, of element y, and every power u = x^j (j ≥ 0):
//!   xuy ∈ P, or xu ∈ W(G), or uy ∈ V (G + (j + 1)·H, if not a P-element, has a move to one:
//!   in G, or in one of the heaps H).
//!
//! Both are necessary (the outcome of every position is its element's), and together sufficient
//! by induction on the positions G + k·H: their options are G' + k·H and G + (k − 1)·H + t, of
//! the elements the conditions read. Such an x is then unique (Q tells any two elements apart).
//! (N) grows weaker as W(G) grows, and W(G + h) = {w : wΦ(h) ∈ W(G)} ∪ {w : wy ∈ V_h} grows
//! with W(G) and V_h: so only the least sets W(G) of each element matter (the `families`), the
//! closure of the empty position under adding a heap, keeping the least sets only, and only the
//! heaps whose set V_h is least among the heaps of their element (the `profiles`). A position G0
//! of element x with W(G0) ⊆ V decides it at once (H then wins wherever G0 does: Siegel's "mex
//! interpolation"); otherwise (N) is checked on every least set.
//!
//! When no x fits, the quotient grows (the `expansion` module).
//!
//! The same families check a monoid that claims to be the quotient ([`decides_every_position`]):
//! it decides every position as the game does when the empty position is an N-element, no
//! P-position has a move to one (xΦ(h) ∈ P implies x ∉ V_h, for every element x and heap h),
//! and every other position with a move has one to a P-element (y ∈ P or 1 ∈ W(G), checked on
//! the least sets W(G) of the positions with a move, a larger set W passing wherever a smaller
//! one does).

use super::Quotient;

/// A set of elements of a quotient.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Elements(Vec<u64>);

impl Elements {
    pub(crate) fn empty(order: usize) -> Elements {
        Elements(vec![0; order.div_ceil(64)])
    }

    pub(crate) fn contains(&self, x: u32) -> bool {
        self.0[x as usize / 64] >> (x % 64) & 1 == 1
    }

    pub(crate) fn insert(&mut self, x: u32) {
        self.0[x as usize / 64] |= 1 << (x % 64);
    }

    fn is_subset(&self, other: &Elements) -> bool {
        self.0.iter().zip(&other.0).all(|(a, b)| a & !b == 0)
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.0.iter().all(|&word| word == 0)
    }

    fn is_disjoint(&self, other: &Elements) -> bool {
        self.0.iter().zip(&other.0).all(|(a, b)| a & b == 0)
    }

    fn union_with(&mut self, other: &Elements) {
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a |= b;
        }
    }

    pub(crate) fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &word)| {
            (0..64)
                .filter(move |b| word >> b & 1 == 1)
                .map(move |b| (i * 64 + b) as u32)
        })
    }
}

/// Why the families stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Halt {
    /// They grew past their bound: the caller computes the quotient otherwise.
    TooMany,
    /// A position with a move, of an element outside P, has no move to a P-element (the check
    /// of a monoid only).
    Wrong,
}

/// What the extension check knows of one quotient: the least sets W(G) of every element, and
/// the heaps' profiles.
pub(crate) struct Extension {
    /// `losing_with[t]`: the w with wt in P.
    losing_with: Vec<Elements>,
    /// (Φ(h), V_h) of the heaps whose V_h is least among their element's.
    profiles: Vec<(u32, Elements)>,
    /// Every set W met, with its element and whether it is still among the least.
    sets: Vec<(u32, Elements, bool)>,
    /// `family[y]`: the least sets of element y.
    family: Vec<Vec<usize>>,
    /// Sets not yet extended by every profile.
    pending: Vec<usize>,
    /// The most sets `sets` may hold.
    max_sets: usize,
    /// `None`: the extension check, the empty position among the positions. `Some(p)`: the check
    /// of a monoid whose P-portion is `p`, on the positions with a move only, each set checked as
    /// it is met.
    claims: Option<Vec<bool>>,
}

/// The elements of the options of a heap of `heap` (every option a sum of heaps of `q`), or
/// `None` if it has no move.
pub(crate) fn option_elements(q: &Quotient, heap: usize) -> Option<Elements> {
    let mut elements = Elements::empty(q.order());
    let mut any = false;
    q.rules().each_move(heap, &mut |_, parts| {
        any = true;
        let x = parts
            .iter()
            .fold(Quotient::IDENTITY, |x, &p| q.product(x, q.heap(p)));
        elements.insert(x);
    });
    any.then_some(elements)
}

/// Whether `q`, its heaps' options being `options` (heap 0 first), decides every position of
/// heaps up to its largest as the game does (see the module's documentation).
///
/// # Errors
/// [`Halt::TooMany`] when the least sets W pass `max_sets`: not decided.
pub(crate) fn decides_every_position(
    q: &Quotient,
    options: &[Option<Elements>],
    max_sets: usize,
) -> Result<bool, Halt> {
    if q.is_p(Quotient::IDENTITY) {
        return Ok(false);
    }
    let order = q.order();
    let mut families = Extension::empty(q, max_sets, Some(q.p.clone()));
    // `exits[x]`: the union of the sets V_h of the heaps h of element x.
    let mut exits = vec![Elements::empty(order); order];
    let mut profiles = Vec::new();
    for (n, t) in options.iter().enumerate() {
        if let Some(t) = t {
            let winning = families.winning(t);
            exits[q.heap(n) as usize].union_with(&winning);
            profiles.push((q.heap(n), winning));
        }
    }
    let p_has_no_move_to_p = (0..order as u32).all(|z| {
        (0..order as u32).all(|x| !q.is_p(q.product(z, x)) || !exits[x as usize].contains(z))
    });
    if !p_has_no_move_to_p {
        return Ok(false);
    }
    for (x, winning) in profiles {
        match families.add_profile(q, x, winning) {
            Err(Halt::Wrong) => return Ok(false),
            result => result?,
        }
    }
    Ok(true)
}

impl Extension {
    /// The extension check of `q`, which covers every heap up to its largest, their options
    /// being `options` (heap 0 first); at most `max_sets` sets W are kept.
    pub(crate) fn new(
        q: &Quotient,
        options: &[Option<Elements>],
        max_sets: usize,
    ) -> Result<Extension, Halt> {
        let mut extension = Extension::empty(q, max_sets, None);
        extension.insert(Quotient::IDENTITY, Elements::empty(q.order()))?;
        for (n, t) in options.iter().enumerate() {
            if let Some(t) = t {
                let winning = extension.winning(t);
                extension.add_profile(q, q.heap(n), winning)?;
            }
        }
        Ok(extension)
    }

    /// No set yet.
    fn empty(q: &Quotient, max_sets: usize, claims: Option<Vec<bool>>) -> Extension {
        let order = q.order();
        let losing_with = (0..order as u32)
            .map(|t| {
                let mut with = Elements::empty(order);
                for w in 0..order as u32 {
                    if q.is_p(q.product(t, w)) {
                        with.insert(w);
                    }
                }
                with
            })
            .collect();
        Extension {
            losing_with,
            profiles: Vec::new(),
            sets: Vec::new(),
            family: vec![Vec::new(); order],
            pending: Vec::new(),
            max_sets,
            claims,
        }
    }

    /// The element of a heap with a move, its options having the elements `options`, under the
    /// quotient `q` of the heaps below it, with its set V, if `q` is also the quotient with that
    /// heap (then [`Extension::add`] it); `None`: the quotient grows.
    pub(crate) fn element(&self, q: &Quotient, options: &Elements) -> Option<(u32, Elements)> {
        let winning = self.winning(options);
        let order = q.order() as u32;
        let candidates: Vec<u32> = (0..order)
            .filter(|&x| q.is_p(x) != winning.contains(Quotient::IDENTITY))
            .filter(|&x| winning.is_disjoint(&self.losing_with[x as usize]))
            .collect();
        candidates
            .iter()
            .copied()
            .find(|&x| {
                self.family[x as usize]
                    .iter()
                    .any(|&s| self.sets[s].1.is_subset(&winning))
            })
            .or_else(|| {
                candidates
                    .iter()
                    .copied()
                    .find(|&x| self.every_position_has_its_move(q, x, &winning))
            })
            .map(|x| (x, winning))
    }

    /// Extends the check to a heap [`Extension::element`] placed.
    ///
    /// # Errors
    /// [`Halt::TooMany`] past the bound on the sets kept (the check is then lost).
    pub(crate) fn add(&mut self, q: &Quotient, x: u32, winning: Elements) -> Result<(), Halt> {
        self.add_profile(q, x, winning)
    }

    /// V: the w such that some option element t has wt in P.
    fn winning(&self, options: &Elements) -> Elements {
        let mut winning = Elements::empty(self.losing_with.len());
        for t in options.iter() {
            winning.union_with(&self.losing_with[t as usize]);
        }
        winning
    }

    /// Condition (N) for the element `x` of a heap whose set is `winning`.
    fn every_position_has_its_move(&self, q: &Quotient, x: u32, winning: &Elements) -> bool {
        let mut powers = vec![Quotient::IDENTITY];
        loop {
            let next = q.product(*powers.last().expect("not empty"), x);
            if powers.contains(&next) {
                break;
            }
            powers.push(next);
        }
        self.family.iter().enumerate().all(|(y, family)| {
            let y = y as u32;
            family.iter().all(|&s| {
                let set = &self.sets[s].1;
                powers.iter().all(|&u| {
                    let xu = q.product(x, u);
                    q.is_p(q.product(xu, y))
                        || set.contains(xu)
                        || winning.contains(q.product(u, y))
                })
            })
        })
    }

    /// Adds a heap of element `x` and set `winning`, and extends the families by it.
    fn add_profile(&mut self, q: &Quotient, x: u32, winning: Elements) -> Result<(), Halt> {
        if self
            .profiles
            .iter()
            .any(|(e, set)| *e == x && set.is_subset(&winning))
        {
            return Ok(());
        }
        self.profiles
            .retain(|(e, set)| !(*e == x && winning.is_subset(set)));
        let live: Vec<usize> = self.family.iter().flatten().copied().collect();
        if self.claims.is_some() {
            // The heap alone: its set W is V.
            self.insert(x, winning.clone())?;
        }
        let profile = (x, winning);
        for s in live {
            let (y, set) = self.add_heap(q, s, &profile);
            self.insert(y, set)?;
        }
        self.profiles.push(profile);
        while let Some(s) = self.pending.pop() {
            if !self.sets[s].2 {
                continue;
            }
            for i in 0..self.profiles.len() {
                let (y, set) = self.add_heap(q, s, &self.profiles[i]);
                self.insert(y, set)?;
            }
        }
        Ok(())
    }

    /// The element and set W of G + h, G the position of set `s` and h a heap of `profile`.
    fn add_heap(&self, q: &Quotient, s: usize, profile: &(u32, Elements)) -> (u32, Elements) {
        let (y, set, _) = &self.sets[s];
        let (h, winning) = profile;
        let mut next = Elements::empty(q.order());
        for w in 0..q.order() as u32 {
            if set.contains(q.product(w, *h)) || winning.contains(q.product(w, *y)) {
                next.insert(w);
            }
        }
        (q.product(*y, *h), next)
    }

    /// Keeps the set `set` of element `y` if no set of `y` is smaller, dropping the larger ones.
    fn insert(&mut self, y: u32, set: Elements) -> Result<(), Halt> {
        let family = &self.family[y as usize];
        if family.iter().any(|&s| self.sets[s].1.is_subset(&set)) {
            return Ok(());
        }
        if let Some(p) = &self.claims
            && !p[y as usize]
            && !set.contains(Quotient::IDENTITY)
        {
            return Err(Halt::Wrong);
        }
        if self.sets.len() >= self.max_sets {
            return Err(Halt::TooMany);
        }
        let sets = &mut self.sets;
        self.family[y as usize].retain(|&s| {
            let larger = set.is_subset(&sets[s].1);
            sets[s].2 = !larger;
            !larger
        });
        self.family[y as usize].push(self.sets.len());
        self.pending.push(self.sets.len());
        self.sets.push((y, set, true));
        Ok(())
    }
}
