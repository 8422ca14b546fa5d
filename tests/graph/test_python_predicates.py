"""Self tests (`return isinstance(self, A)`) and the `if x.m():` narrowings that read them."""

from __future__ import annotations

import textwrap

from brownfield.graph.parser import parse
from brownfield.graph.python_chains import PREDICATE, SELF_TEST


def self_tests(source: str) -> dict[str, tuple[str, ...] | None]:
    """Method qualname -> the class chain its self test names, for the facts of `source`."""
    facts = parse("python", textwrap.dedent(source).encode())
    return {f.scope: f.value for f in facts.bindings if f.target == (SELF_TEST,)}


def predicates(source: str) -> list[tuple[str, str, int]]:
    """(name, method, line) of each `x.m()` narrowing in the facts of `source`."""
    facts = parse("python", textwrap.dedent(source).encode())
    return [
        (f.target[0], f.target[1][len(PREDICATE) : -1], f.line)
        for f in facts.bindings
        if len(f.target) == 3 and f.target[1].startswith(PREDICATE)
    ]


def test_only_a_method_whose_whole_body_tests_self_is_a_self_test() -> None:
    source = """
        class Item:
            def is_bool(self):
                "A docstring is allowed."
                return isinstance(self, Bool)

            def is_date(this):
                return isinstance(this, dates.Date)

            def is_either(self):
                return isinstance(self, (Bool, Date))

            def is_other(self, other):
                return isinstance(other, Bool)

            def is_logged(self):
                log(self)
                return isinstance(self, Bool)

            @property
            def is_prop(self):
                return isinstance(self, Bool)

        def is_free(self):
            return isinstance(self, Bool)
        """
    assert self_tests(source) == {"Item.is_bool": ("Bool",), "Item.is_date": ("dates", "Date")}


def test_a_test_method_call_in_a_condition_narrows_its_receiver_name() -> None:
    source = """
        def f(item, other, rows):
            if item.is_bool():
                pass
            if isinstance(item, Item) and (other.is_date()):
                pass
            if item.is_bool(1) or other.is_date():
                pass
            if rows[0].is_bool() and self.item.is_bool():
                pass
            ok = item.is_text() and item.value
        """
    assert predicates(source) == [
        ("item", "is_bool", 3),
        ("other", "is_date", 5),
        ("item", "is_text", 11),
    ]
