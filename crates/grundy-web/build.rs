//! The page's files are compiled into the crate (`include_dir!` in `src/lib.rs`): cargo rebuilds
//! it when a file under `assets/` is added, changed or removed, not only when a file it already
//! embeds changes.
fn main() {
    println!("cargo::rerun-if-changed=assets");
}
