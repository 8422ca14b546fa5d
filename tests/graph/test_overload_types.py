"""Which Java overloads of one arity the types a call's arguments show may reach."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from brownfield.graph.overload_types import chosen, fits, simple_type

TYPES = ["int", "long", "double", "char", "boolean", "Integer", "Long", "String", "Object"]
TYPES += ["CharSequence", "Number", "List", "T", "_", "*", "int[]"]


def test_primitives_widen_and_box_as_java_passes_them() -> None:
    assert fits("int", "long") and fits("int", "double") and not fits("long", "int")
    assert fits("int", "Integer") and fits("int", "Object") and fits("int", "Number")
    assert not fits("int", "Long") and not fits("int", "String") and not fits("boolean", "int")
    assert fits("Integer", "int") and fits("Integer", "long") and not fits("Long", "int")
    assert fits("char", "int") and not fits("char", "Number")


def test_a_string_goes_only_where_a_string_may_and_nothing_else_is_one() -> None:
    assert fits("String", "CharSequence") and fits("String", "Object") and fits("String", "T")
    assert not fits("String", "List") and not fits("String", "long")
    assert not fits("StringTokenizer", "String") and fits("StringTokenizer", "Iterator")


def test_a_box_is_final_and_goes_only_to_its_supertypes_or_unboxed() -> None:
    # DecimalFormat: `set(neg, (Double) number, digits, true)` is `set(boolean, double,
    # int, boolean)`, not `set(boolean, BigDecimal, int, boolean)`
    assert fits("Double", "double") and not fits("Double", "BigDecimal")
    assert fits("Double", "Number") and not fits("Boolean", "Number")
    assert not fits("BigDecimal", "Double") and fits("BigDecimal", "Number")
    assert chosen(
        [
            ("set~2", ("boolean", "double", "int", "boolean")),
            ("set~5", ("boolean", "BigDecimal", "int", "boolean")),
        ],
        (None, ("Double",), None, ("boolean",)),
    ) == ["set~2"]


def test_a_declared_type_is_its_simple_name() -> None:
    assert simple_type("java.util.Map<K, java.util.List<V>>") == "Map"
    assert simple_type("Map.Entry<K, V>[]") == "Entry[]"
    assert simple_type("int [] []") == "int[][]"


@given(
    st.lists(st.lists(st.sampled_from(TYPES), max_size=3), min_size=1, max_size=5),
    st.lists(st.one_of(st.none(), st.sampled_from(TYPES[:-3])), max_size=3),
)
def test_some_candidate_always_stays(params: list[list[str]], shown: list[str | None]) -> None:
    candidates = [(f"m~{n}", tuple(p)) for n, p in enumerate(params)]
    args = tuple(None if kind is None else (kind,) for kind in shown)
    kept = chosen(candidates, args)
    assert kept and set(kept) <= {target for target, _ in candidates}
    if all(arg is None for arg in args):
        assert kept == [target for target, _ in candidates]


def test_varargs_come_last_when_every_argument_shows_its_type() -> None:
    # `debug.log("Connecting")` is `log(String)`, not `log(String, Object...)`
    log = [("log", ("String",)), ("log~3", ("Object",)), ("log~6", ("String", "*"))]
    assert chosen(log, (("String",),)) == ["log"]
    assert chosen(log, (None,)) == ["log", "log~3", "log~6"]  # the argument is not read
    unknown = [("f", ("Supplier",)), ("f~2", ("Foo", "*"))]
    assert chosen(unknown, (("Bar",),)) == ["f", "f~2"]  # Bar may be neither a Supplier


def test_where_none_takes_the_shown_types_exactly_the_more_specific_ones_stay() -> None:
    # `format((BigDecimal) obj, sb, delegate)`, `delegate` a CharacterIteratorFieldDelegate:
    # what it implements is unknown, but a BigDecimal overload beats the others
    formats = [
        ("f", ("Object", "StringBuffer", "FieldPosition")),
        ("f~6", ("BigDecimal", "StringBuffer", "FieldPosition")),
        ("f~7", ("BigDecimal", "StringBuffer", "FieldDelegate")),
        ("f~8", ("BigInteger", "StringBuffer", "FieldPosition")),
    ]
    shown = (("BigDecimal",), ("StringBuffer",), ("CharacterIteratorFieldDelegate",))
    assert chosen(formats, shown) == ["f~6", "f~7"]
    # an argument not shown keeps an overload that differs there
    differ = [("a", ("BigDecimal", "int", "Y")), ("b", ("Number", "int", "Y"))]
    differ.append(("c", ("Number", "long", "Y")))
    assert chosen(differ, (("BigDecimal",), None, ("X",))) == ["a", "c"]


def test_an_object_a_lambda_and_null_go_only_where_they_may() -> None:
    # `debug.log("... %s", (Object) t)`: the cast picks `log(String, Object...)`
    log = [("log~4", ("String", "Throwable")), ("log~6", ("String", "*"))]
    assert chosen(log, (("String",), ("Object",))) == ["log~6"]
    # `getLogger(this::name, level)`: a lambda or method reference is no String
    loggers = [("get", ("Supplier", "Level")), ("get~2", ("String", "Level"))]
    assert chosen(loggers, (("(lambda)",), None)) == ["get"]
    assert not fits("(lambda)", "Object") and not fits("(lambda)", "int")
    # null goes to any class, never to a primitive
    assert chosen([("f", ("long",)), ("f~2", ("Object",))], (("null",),)) == ["f~2"]
    assert fits("null", "String") and not fits("null", "boolean")


def test_a_repository_class_whose_supertypes_are_known_goes_only_to_them() -> None:
    above = {"Cleanup", "Task"}  # `class Cleanup extends Task`, Task extends nothing
    assert fits("Cleanup", "Task", above) and fits("Cleanup", "Object", above)
    assert not fits("Cleanup", "Throwable", above) and fits("Cleanup", "Throwable")
    log = [("log~4", ("String", "Throwable")), ("log~6", ("String", "*"))]
    assert chosen(log, (("String",), ("Cleanup",)), {"Cleanup": above}) == ["log~6"]
    assert chosen(log, (("String",), ("Cleanup",)), {"Cleanup": None}) == ["log~4", "log~6"]
