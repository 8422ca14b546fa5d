"""A Python file's recorded dependencies do not depend on the order files are resolved in
(a build with two workers resolves them in another order than one with one), and they are
complete: results kept across files (class orders, the classes mixing a mixin in) add to
every asking file what computing them consulted, not only to the file that asked first."""

from __future__ import annotations

import sqlite3
import textwrap
from pathlib import Path
from typing import Any

from brownfield.graph import builder, parser
from brownfield.graph.python_resolver import (
    Resolver,
    call_names,
    decorated_names,
    new_resolver,
    nodes_of,
)

#: `Owner.go` and `Other.go` call `self.run()`; `m.py` mixes `Mixin.run` into `K` (over
#: `lib.Base`, a plain class for now) and has `J`, whose order also reads `lib`.
MIXIN_FILES = {
    "owner.py": """
        class Owner:
            def run(self):
                pass

            def go(self):
                self.run()
    """,
    "other.py": """
        class Other:
            def run(self):
                pass

            def go(self):
                self.run()
    """,
    "m.py": """
        from lib import Base
        from side import Side


        class Mixin:
            def run(self):
                pass


        class K(Mixin, Base):
            pass


        class J(Side):
            pass
    """,
    "lib.py": """
        class Base:
            pass
    """,
    "side.py": """
        class Side:
            pass
    """,
}

#: `E`'s base is what `setup` is given: from its own file, the calls there (none); from any
#: other, the calls of every file (`use.py` passes `base_a`). Its order is kept for all files.
PARAMETER_FILES = {
    "lib.py": """
        B = None


        def setup(module=None):
            global B
            B = module


        def make():
            class E(B.Base):
                def run(self):
                    pass

            return E()


        def here():
            make().run()
    """,
    "use.py": """
        import base_a
        import lib

        lib.setup(base_a)


        def there():
            lib.make().run()
    """,
    "base_a.py": """
        class Base:
            def run(self):
                pass
    """,
    "caller.py": """
        from base_a import Base


        class Top(Base):
            def go(self):
                self.run()
    """,
}


def resolver_of(files: dict[str, str], **indexes: Any) -> Resolver:
    """One resolver over `files` (sources), with the build's `calls_named` index and any
    other `indexes` given."""
    facts = {
        path: parser.parse("python", textwrap.dedent(src).encode()) for path, src in files.items()
    }
    definitions: dict[str, list[tuple[str, str]]] = {}
    for path, file_facts in facts.items():
        for node in nodes_of(path, file_facts):
            definitions.setdefault(node.name, []).append((node.id, node.kind.value))
    calling = {path: call_names(file_facts) for path, file_facts in facts.items()}
    return new_resolver(
        sorted(files),
        facts.__getitem__,
        lambda name: definitions.get(name, []),
        calls_named=lambda name: sorted(p for p, names in calling.items() if name in names),
        **indexes,
    )


def resolve_in(files: dict[str, str], order: list[str]) -> dict[str, tuple[list, list[str]]]:
    """Each file's (edges, dependencies), resolved by one resolver in `order`."""
    resolver = resolver_of(files)
    graphs = {path: resolver.resolve(path) for path in order}
    return {path: (sorted(g.edges), sorted(g.deps)) for path, g in graphs.items()}


def test_mixer_dependencies_do_not_depend_on_the_file_asking_first() -> None:
    # `owner.py` and `other.py` both ask which classes of m.py mix `Mixin` in; whichever asks
    # first computed the orders of K and J (reading lib and side), the other reused them
    forward = resolve_in(MIXIN_FILES, ["owner.py", "other.py", "m.py", "lib.py", "side.py"])
    backward = resolve_in(MIXIN_FILES, ["side.py", "lib.py", "m.py", "other.py", "owner.py"])
    assert forward == backward
    # the askers depend on the bases of the files of those orders' classes, and m.py, whose
    # classes' bases they are, on what finding them consulted
    for path in ("owner.py", "other.py"):
        assert {"bases:m.py", "bases:lib.py", "bases:side.py"} <= set(forward[path][1])
        assert "file:lib.py" not in forward[path][1]
    assert {"file:lib.py", "file:side.py", "mod:lib", "mod:side"} <= set(forward["m.py"][1])


def test_class_order_dependencies_do_not_depend_on_the_file_asking_first() -> None:
    orders = [
        ["lib.py", "use.py", "base_a.py", "caller.py"],
        ["caller.py", "base_a.py", "use.py", "lib.py"],
        ["use.py", "caller.py", "lib.py", "base_a.py"],
    ]
    results = [resolve_in(PARAMETER_FILES, order) for order in orders]
    assert results[0] == results[1] == results[2]


def write(repo: Path, files: dict[str, str]) -> None:
    for path, src in files.items():
        (repo / path).write_text(textwrap.dedent(src))


def edges_of(repo: Path, path: str) -> list[tuple]:
    with sqlite3.connect(repo / ".brownfield" / "graph.db") as db:
        query = "SELECT src, dst, kind, line, resolution FROM edges WHERE path = ?"
        return sorted(db.execute(query, (path,)))


def test_a_base_deriving_from_the_owner_elsewhere_updates_the_override(tmp_path: Path) -> None:
    # lib.Base comes to derive from Owner: K (Mixin, Base) then finds Mixin.run first and is
    # an Owner, so self.run() in Owner.go may run Mixin.run. The edit is to lib.py alone,
    # which defines no method: only what K's order consulted ties owner.py to it.
    write(tmp_path, MIXIN_FILES)
    builder.build(tmp_path, full=True)
    (tmp_path / "lib.py").write_text("from owner import Owner\n\n\nclass Base(Owner):\n    pass\n")
    builder.build(tmp_path)
    incremental = edges_of(tmp_path, "owner.py")
    builder.build(tmp_path, full=True)
    full = edges_of(tmp_path, "owner.py")
    assert "m.py::Mixin.run" in [dst for _, dst, *_ in full]
    assert incremental == full


def test_decorated_methods_are_found_with_or_without_the_index() -> None:
    # `box.size` calls the property: known from the files' facts, or from the build's
    # index of decorated method names; reading them is not a dependency on shapes.py.
    files = {
        "shapes.py": "class Box:\n    @property\n    def size(self):\n        return 1\n",
        "use.py": "from shapes import Box\n\ndef area(box: Box):\n    return box.size\n",
    }
    indexed = {"size": ["shapes.py"]}
    graphs = [
        resolver_of(files, **extra).resolve("use.py")
        for extra in ({}, {"decorated_named": lambda name: indexed.get(name, [])})
    ]
    for graph in graphs:
        assert ("use.py::area", "shapes.py::Box.size") in {(e[0], e[1]) for e in graph.edges}
    assert graphs[0].deps == graphs[1].deps
    shapes = parser.parse("python", files["shapes.py"].encode())
    assert decorated_names(shapes) == {"size"}
