"""Python: what a call passes and what a definition accepts, and the arity check built on it."""

from __future__ import annotations

import json

from brownfield.graph.facts import FileFacts
from brownfield.graph.parser import parse

SOURCE = b"""
def f(a, b: int, c=1, d: int = 2, /, e=3, *args: int, g, h=4, i: int, **kw):
    pass

def g(a, *, b):
    pass

square = lambda a, b=1, *c, d, **e: 0
constant = lambda: 1

class Plain:
    pass

class Meta(Base, metaclass=M):
    pass

@decorate
def h():
    f(1, *xs, k=2, **kw)
    f(x for x in xs)
    f()
"""


def test_definitions_say_how_their_parameters_bind() -> None:
    facts = parse("python", SOURCE)
    signatures = {d.qualname: d.signature for d in facts.definitions}
    assert signatures == {
        "f": "(ppPPAvkKkw",
        "g": "(ak",
        "<lambda1>": "(aAvkw",
        "<lambda2>": "(",
        "Plain": "",
        "Meta": "m",
        "h": "(",
    }


def test_calls_say_what_they_pass() -> None:
    facts = parse("python", SOURCE)
    passed = [(call.text, call.passed) for call in facts.calls if not call.implicit]
    assert passed == [
        ("decorate", (1, ())),
        ("f", (1, ("*", "k", "**"))),
        ("f", (1, ())),
        ("f", (0, ())),
    ]


def test_the_new_facts_survive_storage() -> None:
    facts = parse("python", SOURCE)
    again = FileFacts.from_json(json.loads(facts.json_text()))
    assert again.definitions == facts.definitions
    assert again.calls == facts.calls
