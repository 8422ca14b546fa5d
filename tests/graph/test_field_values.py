"""A field is what its declaration (or first assignment) makes it and what it was set to
last, not only the last: TanStack form-core declares `readonly form: FormApi<...>` and
sets `this.form = opts.form` in its constructor, and its 63 calls `this.form.m()` were
unresolved (the value, a parameter of the constructor, is not known in the class); a
field declared `r: N = new N()` and later set to `new I()` may be either."""

from __future__ import annotations

from pathlib import Path

from tests.graph.test_generic_resolver import call_sites

SOURCE = """class Plain { make() {} }
class Other { make() {} }
class G {
  p: Plain
  constructor(x: Plain) { this.p = x }
  a() { this.p.make() }
}
class N { get() {} }
class I extends N { get() {} }
class T {
  r: N = new N();
  g() { this.r.get() }
  grow() { this.r = new I() }
}
"""


def test_a_field_is_its_declared_type_and_what_it_was_set_to_last(repo: Path) -> None:
    found = call_sites(repo, {"a.ts": SOURCE})
    assert ("a.ts::G.a", "a.ts::Plain.make", 6) in found
    assert ("a.ts::G.a", "a.ts::Other.make", 6) not in found
    assert {("a.ts::T.g", "a.ts::N.get", 12), ("a.ts::T.g", "a.ts::I.get", 12)} <= found


def test_an_interface_property_holding_a_function_is_a_method(repo: Path) -> None:
    # form-core's `FieldLikeAPI`, db's `IndexInterface`: `validate: (cause) => void`, which
    # the classes implementing it write as a method or an arrow-function field
    source = (
        "interface Like { validate: (c: string) => void }\n"
        "class A implements Like { validate = (c: string) => {} }\n"
        "class B implements Like { validate(c: string) {} }\n"
        "function run(x: Like) { x.validate('a') }\n"
    )
    found = call_sites(repo, {"b.ts": source})
    assert {
        ("b.ts::run", "b.ts::Like.validate", 4),
        ("b.ts::run", "b.ts::A.validate", 4),
        ("b.ts::run", "b.ts::B.validate", 4),
    } <= found
