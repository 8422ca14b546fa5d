"""Rust, as textwrap, shlex and itoa write it (an audit of 530 call sites):

* a field and a method may share a name (`options.line_ending.as_str()` beside the
  builder method `line_ending`): a step without parentheses is the field;
* a parameter typed by a trait object or `impl Trait`, or by a type parameter bound by one
  trait (`<T: Fragment>`, `where T: Fragment`), calls the trait's method, which dispatches
  to its implementations;
* any macro written where expressions are whose arguments read as a call's
  (`assert_iter_eq!(split_words(..), ..)`, `log::info!("{}", f(x))`) has them read:
  what they call is called; the macro itself is no call.
"""

from __future__ import annotations

from pathlib import Path

from tests.graph.test_generic_resolver import call_sites, unresolved_of

CARGO = '[package]\nname = "probe"\nversion = "0.1.0"\n'
LIB = """pub struct Ending;
impl Ending {
    pub fn as_str(&self) -> &'static str { "" }
}
pub struct Options {
    ending: Ending,
}
impl Options {
    pub fn ending(self, ending: Ending) -> Self { Options { ending } }
}
pub fn field(o: &Options) -> &'static str {
    o.ending.as_str()
}
pub trait Fragment {
    fn width(&self) -> f64;
}
pub struct Word;
impl Fragment for Word {
    fn width(&self) -> f64 { 1.0 }
}
pub fn bounded<T: Fragment>(t: &T) -> f64 {
    t.width()
}
pub fn bounded_where<T>(t: T) -> f64 where T: Fragment {
    t.width()
}
pub fn opaque(t: &impl Fragment) -> f64 {
    t.width()
}
pub fn object(t: &dyn Fragment) -> f64 {
    t.width()
}
pub fn two_bounds<T: Clone + Fragment>(t: &T) -> f64 {
    t.width()
}
fn helper(x: u8) -> u8 { x }
macro_rules! check {
    ($a:expr, $b:expr) => { assert_eq!($a, $b) };
}
pub fn macros(v: &[u8]) {
    check!(helper(1), 1);
    log::info!("{}", helper(2));
    let _ = matches!(v.first(), Some(_));
}
"""
WIDTH, WORD_WIDTH = "src/lib.rs::Fragment.width", "src/lib.rs::Word.width"


def test_rust_fields_trait_parameters_and_macros(repo: Path) -> None:
    found = call_sites(repo, {"Cargo.toml": CARGO, "src/lib.rs": LIB})
    assert ("src/lib.rs::field", "src/lib.rs::Ending.as_str", 12) in found
    for caller, line in (("bounded", 22), ("bounded_where", 25), ("opaque", 28), ("object", 31)):
        assert {
            (f"src/lib.rs::{caller}", WIDTH, line),
            (f"src/lib.rs::{caller}", WORD_WIDTH, line),
        } <= found
    # of two bounds, which one holds `width` is not known: no edge is guessed
    assert not any(src == "src/lib.rs::two_bounds" for src, _, _ in found)
    assert {
        ("src/lib.rs::macros", "src/lib.rs::helper", 41),
        ("src/lib.rs::macros", "src/lib.rs::helper", 42),
    } <= found
    # the macros themselves are no calls
    assert not any(
        callee in ("check", "log.info", "matches") for callee, _, _ in unresolved_of(repo)
    )
    assert not any(dst.endswith(("check", "log.info", "matches")) for _, dst, _ in found)
