"""Python resolution does not depend on the order files are resolved in (a build with two
workers resolves them in another order than one with one): results kept across files that
depend on each other in a cycle are kept only once complete."""

from __future__ import annotations

from tests.graph.test_python_deps_order import resolve_in as resolved_in

#: `make_a` returns what `make_b` returns and the other way round (each also makes its own
#: class); `Holder(x)` in each file passes what the other file's function returns.
FILES = {
    "a.py": """
        from b import make_b

        def make_a(flag):
            if flag:
                return Alpha()
            return make_b(flag)

        class Alpha:
            def run(self):
                pass
    """,
    "b.py": """
        from a import make_a

        def make_b(flag):
            if flag:
                return Beta()
            return make_a(flag)

        class Beta:
            def run(self):
                pass
    """,
    "holder.py": """
        class Holder:
            def __init__(self, item):
                self.item = item

            def start(self):
                self.item.run()
    """,
    "c.py": """
        from a import make_a
        from holder import Holder

        def use():
            make_a(1).run()
            Holder(make_a(0))
    """,
    "d.py": """
        from b import make_b

        def use():
            make_b(1).run()
    """,
}


def resolve_in(order: list[str]) -> dict[str, list[tuple]]:
    return {path: edges for path, (edges, _) in resolved_in(FILES, order).items()}


def test_the_same_edges_whatever_order_the_files_are_resolved_in() -> None:
    forward = resolve_in(["c.py", "d.py", "a.py", "b.py", "holder.py"])
    backward = resolve_in(["d.py", "holder.py", "b.py", "c.py", "a.py"])
    assert forward == backward


def test_a_cycle_of_returns_across_files_is_followed_to_the_end() -> None:
    calls = {
        (src, dst)
        for edges in resolve_in(["c.py", "d.py", "a.py", "b.py", "holder.py"]).values()
        for src, dst, kind, *_ in edges
        if kind == "calls"
    }
    for caller in ("c.py::use", "d.py::use"):  # both classes, from either file
        assert (caller, "a.py::Alpha.run") in calls
        assert (caller, "b.py::Beta.run") in calls
    # what `Holder(make_a(0))` in c.py passes reaches `self.item.run()` in holder.py
    assert ("holder.py::Holder.start", "a.py::Alpha.run") in calls
    assert ("holder.py::Holder.start", "b.py::Beta.run") in calls
