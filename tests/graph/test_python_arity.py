"""Python: what a call passes and what a definition accepts, and the arity check built on it."""

from __future__ import annotations

import json
from pathlib import Path

from brownfield.graph.facts import FileFacts
from brownfield.graph.parser import parse
from brownfield.query.export import callgraph
from tests.conftest import build_graph, calls_of

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


def test_a_value_the_arguments_cannot_bind_to_is_not_reached(repo: Path) -> None:
    graph = calls_of(
        repo,
        {
            "m.py": """
            class Slot:
                def __init__(self, func):
                    self.func = func

                def one(self, a):
                    return self.func(a)

            def single(a):
                pass

            def double(a, b):
                pass

            Slot(single).one(1)
            Slot(double)
            """
        },
    )
    assert graph["m.Slot.one"] == ["m.single"]


def test_a_broken_call_keeps_the_function_it_names(repo: Path) -> None:
    store = build_graph(
        repo,
        {
            "m.py": """
            class Slot:
                def __init__(self, func):
                    self.func = func

                def one(self):
                    return self.func(1, 2)

            def needs_one(a):
                pass

            def run():
                needs_one()
                Slot(needs_one).one()
            """
        },
    )
    try:
        graph = callgraph(store)
        reasons = {(u.callee, u.reason) for u in store.all_unresolved()}
    finally:
        store.close()
    assert graph["m.run"] == ["m.Slot.__init__", "m.Slot.one", "m.needs_one"]
    assert graph["m.Slot.one"] == []
    assert ("self.func", "arguments") in reasons


def test_a_function_given_to_partial_in_another_file_may_get_fewer_arguments(repo: Path) -> None:
    graph = calls_of(
        repo,
        {
            "hooks.py": """
            class Slot:
                def __init__(self, func):
                    self.func = func

                def one(self, a):
                    return self.func(a)
            """,
            "labels.py": """
            def label(prefix, text):
                return prefix + text
            """,
            "main.py": """
            from functools import partial
            from hooks import Slot
            from labels import label

            def make(func):
                return Slot(partial(func, "> "))

            make(label).one("a")
            """,
        },
    )
    assert graph["hooks.Slot.one"] == ["labels.label"]


def test_a_unique_name_guess_the_arguments_cannot_bind_to_is_dropped(repo: Path) -> None:
    graph = calls_of(
        repo,
        {
            "m.py": """
            class Engine:
                def ignite(self, spark):
                    pass

            def start(engine, other):
                engine.ignite(1)
                other.ignite(1, 2)
            """
        },
    )
    assert graph["m.start"] == ["m.Engine.ignite"]


def test_a_decorated_method_or_a_class_built_otherwise_is_not_checked(repo: Path) -> None:
    graph = calls_of(
        repo,
        {
            "m.py": """
            import functools

            class Meta(type):
                def __call__(cls, *args):
                    return super().__call__(*args, 0)

            class Sized(metaclass=Meta):
                def __init__(self, a, b):
                    pass

            class Plain:
                def __init__(self, a):
                    pass

                def get(self):
                    pass

            class Cached:
                @functools.lru_cache
                def get(self, key):
                    pass

            def run(kind, cache):
                kind(1)
                cache.get()

            run(Sized, Cached())
            run(Plain, Plain(1))
            """
        },
    )
    assert "m.Sized.__init__" in graph["m.run"]
    assert "m.Plain.__init__" in graph["m.run"]
    assert "m.Cached.get" in graph["m.run"]
