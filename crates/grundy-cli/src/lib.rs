//! The parts of the `grundy` command that other crates of this repository reach: the contest
//! judge, which the fuzz targets in `fuzz/` feed arbitrary inputs. Not a public API.

pub mod judge;
