"""Python call resolution on small inline programs, one rule at a time."""

from __future__ import annotations

from pathlib import Path

from brownfield.graph.builder import build
from brownfield.graph.store import GraphStore
from brownfield.model import EdgeKind
from tests.conftest import build_graph, calls_of


def test_same_and_enclosing_scope(repo: Path) -> None:
    graph = calls_of(
        repo,
        {
            "m.py": """
            def helper():
                pass

            def outer():
                def inner():
                    helper()
                inner()
            """
        },
    )
    assert graph["m.outer"] == ["m.outer.inner"]
    assert graph["m.outer.inner"] == ["m.helper"]


def test_same_name_in_two_modules_resolves_to_the_imported_one(repo: Path) -> None:
    graph = calls_of(
        repo,
        {
            "a.py": "def save():\n    pass\n",
            "b.py": "def save():\n    pass\n",
            "main.py": """
            from b import save
            import a

            def run():
                save()
                a.save()
            """,
        },
    )
    assert graph["main.run"] == ["a.save", "b.save"]


def test_import_forms_and_aliases(repo: Path) -> None:
    graph = calls_of(
        repo,
        {
            "pkg/__init__.py": "",
            "pkg/mod.py": "def func():\n    pass\n",
            "main.py": """
            import pkg.mod
            import pkg.mod as m
            from pkg.mod import func as f

            def run():
                pkg.mod.func()
                m.func()
                f()
            """,
        },
    )
    assert graph["main.run"] == ["pkg.mod.func"]


def test_relative_imports_and_reexport(repo: Path) -> None:
    graph = calls_of(
        repo,
        {
            "pkg/__init__.py": "from .core import helper\n",
            "pkg/core.py": "from . import util\n\ndef helper():\n    util.clean()\n",
            "pkg/util.py": "def clean():\n    pass\n",
            "pkg/sub/__init__.py": "",
            "pkg/sub/deep.py": "from ..core import helper\n\ndef go():\n    helper()\n",
            "main.py": "import pkg\n\npkg.helper()\n",
        },
    )
    assert graph["pkg.core.helper"] == ["pkg.util.clean"]
    assert graph["pkg.sub.deep.go"] == ["pkg.core.helper"]
    assert graph["main"] == ["pkg.core.helper"]


def test_self_cls_inheritance_and_super(repo: Path) -> None:
    graph = calls_of(
        repo,
        {
            "base.py": """
            class Base:
                def step(self):
                    pass

                def run(self):
                    self.step()
            """,
            "child.py": """
            from base import Base

            class Child(Base):
                @classmethod
                def make(cls):
                    return cls.build()

                @classmethod
                def build(cls):
                    pass

                def go(self):
                    self.run()
                    super().step()
            """,
        },
    )
    assert graph["base.Base.run"] == ["base.Base.step"]
    assert graph["child.Child.make"] == ["child.Child.build"]
    assert graph["child.Child.go"] == ["<builtin>.super", "base.Base.run", "base.Base.step"]
    assert graph["child"] == ["<builtin>.classmethod"]


def test_constructors(repo: Path) -> None:
    graph = calls_of(
        repo,
        {
            "m.py": """
            class WithInit:
                def __init__(self):
                    pass

            class Inherits(WithInit):
                pass

            class Plain:
                pass

            def make():
                WithInit()
                Inherits()
                Plain()
            """
        },
    )
    assert graph["m.make"] == ["m.WithInit.__init__"]


def test_constructor_without_init_is_an_edge_to_the_class(repo: Path) -> None:
    store = build_graph(repo, {"m.py": "class Plain:\n    pass\n\nPlain()\n"})
    edges = store.edges_into(["m.py::Plain"], [EdgeKind.CALLS])
    assert [(e.src, e.line, e.resolution.value if e.resolution else None) for e in edges] == [
        ("m.py", 4, "constructor")
    ]


def test_a_class_built_through_its_bases_init_is_an_edge_to_it_too(repo: Path) -> None:
    # `Inherits()` runs `Base.__init__`, and constructs `Inherits`: `callers Inherits` and
    # the tests reaching it must see the call (a class with its own `__init__` does not
    # need the second edge: its `__init__` is its constructor).
    store = build_graph(
        repo,
        {
            "base.py": "class Base:\n    def __init__(self):\n        pass\n",
            "m.py": (
                "from base import Base\n\n"
                "class Inherits(Base):\n    pass\n\n"
                "class Own(Base):\n    def __init__(self):\n        pass\n\n"
                "def make():\n    Inherits()\n    Own()\n"
            ),
        },
    )
    edges = store.edges_out_of(["m.py::make"], [EdgeKind.CALLS])
    assert sorted((e.dst, e.line) for e in edges) == [
        ("base.py::Base.__init__", 11),
        ("m.py::Inherits", 11),
        ("m.py::Own.__init__", 12),
    ]


def test_instance_through_local_and_return(repo: Path) -> None:
    graph = calls_of(
        repo,
        {
            "m.py": """
            class Foo:
                def m(self):
                    pass

            def make_foo():
                return Foo()

            def use():
                x = Foo()
                x.m()
                y = make_foo()
                y.m()
                make_foo().m()
            """
        },
    )
    assert graph["m.use"] == ["m.Foo.m", "m.make_foo"]


def test_module_level_calls_go_to_the_module(repo: Path) -> None:
    graph = calls_of(repo, {"m.py": "def main():\n    pass\n\nif True:\n    main()\n"})
    assert graph["m"] == ["m.main"]
    assert graph["m.main"] == []


def test_builtins_and_outside_code(repo: Path) -> None:
    graph = calls_of(
        repo,
        {
            "m.py": """
            import os
            import numpy as np
            from collections import OrderedDict

            def run():
                print(len(os.path.join("a", "b")))
                np.array([])
                OrderedDict()
            """
        },
    )
    assert graph["m.run"] == [
        "<builtin>.len",
        "<builtin>.print",
        "collections.OrderedDict",
        "numpy.array",
        "os.path.join",
    ]


def test_unknown_receiver_is_unresolved_not_guessed(repo: Path) -> None:
    store = build_graph(
        repo,
        {
            "m.py": """
            class Duck:
                def quack(self):
                    pass

            class Robot:
                def quack(self):
                    pass

            def poke(thing):
                thing.quack()
            """
        },
    )
    assert callers_sites(store, "m.py::Duck.quack") == []
    unresolved = [(u.src, u.callee, u.line, u.reason) for u in store.all_unresolved()]
    assert unresolved == [("m.py::poke", "thing.quack", 10, "unknown-receiver")]


def test_unique_method_name_is_labelled_as_a_guess(repo: Path) -> None:
    store = build_graph(
        repo,
        {
            "m.py": """
            class Engine:
                def ignite(self):
                    pass

            def start(engine):
                engine.ignite()
            """
        },
    )
    edges = store.edges_into(["m.py::Engine.ignite"], [EdgeKind.CALLS])
    assert [(e.src, e.resolution.value if e.resolution else None) for e in edges] == [
        ("m.py::start", "unique-name")
    ]


def test_assignment_follows_the_live_binding(repo: Path) -> None:
    graph = calls_of(
        repo,
        {
            "m.py": """
            def a():
                pass

            def b():
                pass

            def run():
                f = a
                f()
                f = b
                f()
            """
        },
    )
    assert graph["m.run"] == ["m.a", "m.b"]


def test_decorators_are_called_at_definition_time(repo: Path) -> None:
    graph = calls_of(
        repo,
        {
            "m.py": """
            def logged(fn):
                return fn

            def tagged(name):
                return logged

            @logged
            def one():
                pass

            class K:
                @tagged("x")
                def two(self):
                    pass
            """
        },
    )
    assert graph["m"] == ["m.logged", "m.tagged"]


def test_call_sites_are_recorded_with_lines(repo: Path) -> None:
    store = build_graph(repo, {"m.py": "def f():\n    pass\n\n\ndef g():\n    f()\n    f()\n"})
    assert callers_sites(store, "m.py::f") == [("m.py::g", 6), ("m.py::g", 7)]


def test_inherits_and_imports_edges(repo: Path) -> None:
    store = build_graph(
        repo,
        {
            "a.py": "class Base:\n    pass\n",
            "b.py": """
            import json
            from a import Base

            class Child(Base, json.JSONEncoder):
                pass
            """,
        },
    )
    inherits = store.edges_out_of(["b.py::Child"], [EdgeKind.INHERITS])
    assert [e.dst for e in inherits] == ["a.py::Base", "json.JSONEncoder"]
    imports = store.edges_out_of(["b.py"], [EdgeKind.IMPORTS])
    assert [(e.dst, e.line) for e in imports] == [("a.py", 2), ("json", 1)]


def callers_sites(store: GraphStore, node_id: str) -> list[tuple[str, int | None]]:
    return [(e.src, e.line) for e in store.edges_into([node_id], [EdgeKind.CALLS])]


def test_build_twice_is_stable(repo: Path) -> None:
    first = calls_of(repo, {"m.py": "def f():\n    g()\n\ndef g():\n    pass\n"})
    build(repo)
    store = GraphStore.open(repo)
    try:
        from brownfield.query.export import callgraph

        assert callgraph(store) == first
    finally:
        store.close()


def test_branches_keep_both_targets_and_overwrites_kill(repo: Path) -> None:
    graph = calls_of(
        repo,
        {
            "m.py": """
            def a():
                pass

            def b():
                pass

            def c():
                pass

            def pick(flag):
                if flag:
                    f = a
                else:
                    f = b
                f()
                g = a
                if flag:
                    g = b
                g()
                h = a
                h = c
                h()
            """
        },
    )
    assert graph["m.pick"] == ["m.a", "m.b", "m.c"]


def test_arguments_flow_into_parameters_and_defaults(repo: Path) -> None:
    graph = calls_of(
        repo,
        {
            "m.py": """
            def greet():
                pass

            def shout():
                pass

            def log():
                pass

            def apply(f, cb=log):
                f()
                cb()

            def run_all(*fns):
                for fn in fns:
                    fn()

            apply(greet)
            apply(f=shout)
            run_all(greet, log)
            """
        },
    )
    assert graph["m.apply"] == ["m.greet", "m.log", "m.shout"]
    assert graph["m.run_all"] == ["m.greet", "m.log"]


def test_containers_lambdas_and_protocols(repo: Path) -> None:
    graph = calls_of(
        repo,
        {
            "m.py": """
            def fa():
                pass

            def fb():
                pass

            class Timer:
                def __enter__(self):
                    return self

                def __exit__(self, *exc):
                    pass

                def lap(self):
                    pass

            class Countdown:
                def __iter__(self):
                    return self

                def __next__(self):
                    raise StopIteration

            def main():
                handlers = {"a": fa, "b": fb}
                handlers["a"]()
                for f in [fa, fb]:
                    f()
                square = lambda x: fb()
                square(2)
                with Timer() as t:
                    t.lap()
                for _ in Countdown():
                    pass
            """
        },
    )
    assert graph["m.main"] == [
        "m.<lambda1>",
        "m.Countdown.__iter__",
        "m.Countdown.__next__",
        "m.Timer.__enter__",
        "m.Timer.__exit__",
        "m.Timer.lap",
        "m.fa",
        "m.fb",
    ]
    assert graph["m.<lambda1>"] == ["m.fb"]


def test_decorated_names_reach_the_wrapper_and_the_original(repo: Path) -> None:
    graph = calls_of(
        repo,
        {
            "m.py": """
            def traced(fn):
                def wrapper(*args):
                    return fn(*args)
                return wrapper

            def retry(times):
                def decorator(fn):
                    def again():
                        return fn()
                    return again
                return decorator

            @traced
            def work():
                pass

            @retry(3)
            def fetch():
                pass

            work()
            fetch()
            """
        },
    )
    assert graph["m"] == [
        "m.retry",
        "m.retry.decorator",
        "m.retry.decorator.again",
        "m.traced",
        "m.traced.wrapper",
    ]
    assert graph["m.traced.wrapper"] == ["m.work"]
    assert graph["m.retry.decorator.again"] == ["m.fetch"]


def test_a_try_else_clause_follows_its_body(repo: Path) -> None:
    """`else:` of a `try` runs after the body, so what the body bound reaches it (it is no
    alternative to the body): below `if isinstance(rv, Item): return` there, rv is what the
    body bound, but no Item."""
    graph = calls_of(
        repo,
        {
            "m.py": """
            class Item:
                def render(self):
                    pass

            class Plain:
                def render(self):
                    pass

            def convert(encoders, value):
                for encoder in encoders:
                    try:
                        rv = encoder(value)
                    except ValueError:
                        pass
                    else:
                        if isinstance(rv, Item):
                            return "item"
                        return rv.render()

            def make(value):
                return Item() if value else Plain()

            convert([make], 1)
            """
        },
    )
    assert "m.Plain.render" in graph["m.convert"]
    assert "m.Item.render" not in graph["m.convert"]


def test_a_literal_key_with_a_slash_is_a_key_not_an_unpacking(repo: Path) -> None:
    # unpacking steps are `[i/n]` (the i-th of n names); a string key such as an XML
    # namespace (`"{http://www.w3.org/XML/1998/namespace}space"`) stays a key
    graph = calls_of(
        repo,
        {
            "m.py": """
            def space():
                pass

            def other():
                pass

            HANDLERS = {"{http://www.w3.org/XML/1998/namespace}space": space}

            def run():
                HANDLERS["{http://www.w3.org/XML/1998/namespace}space"]()
                first, second = space, other
                second()
            """
        },
    )
    assert graph["m.run"] == ["m.other", "m.space"]


def test_overload_stubs_give_their_node_the_span_of_the_def_python_runs(repo: Path) -> None:
    """`@overload` stubs only declare; the node of `load` (and its citations) is the last,
    undecorated `def`, whose body holds the behaviour. A plain redefinition keeps the first."""
    store = build_graph(
        repo,
        {
            "m.py": """
            from typing import overload

            class Codec:
                @overload
                def load(self, data: bytes) -> bytes: ...
                @overload
                def load(self, data: str) -> str: ...
                def load(self, data):
                    return data

            if True:
                def pick():
                    return 1
            else:
                def pick():
                    return 2
            """
        },
    )
    try:
        nodes = store.nodes(["m.py::Codec.load", "m.py::pick"])
        assert (nodes["m.py::Codec.load"].line, nodes["m.py::Codec.load"].end_line) == (8, 9)
        assert nodes["m.py::pick"].line == 12
    finally:
        store.close()


def test_a_class_written_with_object_as_its_base_reads_like_one_without(repo: Path) -> None:
    store = build_graph(
        repo,
        {
            "m.py": """
            class Frame:
                pass

            class Old(object):
                def run(self):
                    self.helper()
                    return self.kind()

            class New:
                def run(self):
                    self.helper()
                    return self.kind()

            class OldFrames(Old):
                kind = Frame

            class NewFrames(New):
                kind = Frame
            """
        },
    )
    edges = {
        (e.src, e.dst, e.resolution.value if e.resolution else None)
        for e in store.edges_out_of(["m.py::Old.run", "m.py::New.run"], [EdgeKind.CALLS])
    }
    # object has no `helper`: no call to an outside `object.helper`, as for `class New:`
    assert not any(dst.startswith("<builtin>.object") for _, dst, _ in edges)
    # `kind` only the subclasses bind: what `self` may be, for either spelling of the class
    assert edges == {
        ("m.py::Old.run", "m.py::Frame", "override"),
        ("m.py::New.run", "m.py::Frame", "override"),
    }
    unresolved = sorted((u.src, u.callee, u.reason) for u in store.all_unresolved())
    assert unresolved == [
        ("m.py::New.run", "self.helper", "unknown-attribute"),
        ("m.py::Old.run", "self.helper", "unknown-attribute"),
    ]


def test_a_comprehension_s_target_is_read_in_it_before_a_later_binding(repo: Path) -> None:
    """schedule's `run_pending`: `(job for job in self.jobs if job.should_run)`, then
    `for job in sorted(...)`: the condition's `job` is the comprehension's (a `Job`), not
    the loop's below, of unknown type, whose union left the property read unresolved."""
    calls = calls_of(
        repo,
        {
            "m.py": """
            class Job:
                @property
                def ready(self):
                    return True

                def run(self):
                    pass


            class Scheduler:
                def __init__(self):
                    self.jobs = [Job()]

                def pending(self, pick):
                    runnable = (job for job in self.jobs if job.ready)
                    for job in pick(runnable):
                        job.run()
            """
        },
    )
    assert "m.Job.ready" in calls["m.Scheduler.pending"]
