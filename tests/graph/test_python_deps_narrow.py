"""Narrow dependencies of Python files, each kept complete: an edit that can change what a
file resolves to resolves it again (and the incremental graph equals a full build), an
edit that cannot leaves it alone.

- A file reading a class order depends on `bases:PATH` of the files holding the order's
  classes: an edit there resolves it again only when the bases found there changed, in a
  later round too when it read them off the store before that round found them changed.
- A file reading `getattr(self, f"visit_{...}")` depends on the imports of every file
  (`imports:*`), on `bases:PATH` of the files it looked in for subclasses and on the files
  of the classes it found there, no longer on every file.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from brownfield.graph.builder import BuildSummary, build
from tests.conftest import write_files
from tests.graph.test_builder import exported

#: `owner.py`'s `self.run()` may reach the `run` of classes below `Owner`: none yet
#: (`m.K` mixes `Mixin` into `lib.Base`, a plain class).
MIXIN = {
    "owner.py": """
        class Owner:
            def run(self):
                pass

            def go(self):
                self.run()
    """,
    "m.py": """
        from lib import Base


        class Mixin:
            def run(self):
                pass


        class K(Mixin, Base):
            def helper(self):
                return 1
    """,
    "lib.py": """
        class Base:
            def other(self):
                return 1
    """,
}

#: `Visitor.visit` reaches the `visit_` methods of the classes below `Visitor`.
VISITOR = {
    "v.py": """
        class Visitor:
            def visit(self, node):
                method = getattr(self, f"visit_{type(node).__name__}", None)
                return method(node)
    """,
    "w.py": """
        from v import Visitor


        class Printer(Visitor):
            def visit_Num(self, node):
                return helper(node)


        def helper(node):
            return str(node)
    """,
    "t.py": """
        import v


        def kind():
            return v.Visitor
    """,
    "y.py": """
        class Visitor:
            pass


        class Shower(Visitor):
            def visit_Add(self, node):
                return node
    """,
}


def rebuilt(root: Path, tmp_path: Path, name: str) -> tuple[BuildSummary, set[tuple[str, str]]]:
    """An incremental build of `root`, checked against a full build of a copy; its summary
    and its call edges."""
    summary = build(root, workers=1)
    incremental = exported(root)
    clean = tmp_path / name
    shutil.copytree(root, clean, ignore=shutil.ignore_patterns(".brownfield"))
    build(clean, full=True, workers=1)
    assert incremental == exported(clean)
    edges = incremental["edges"]
    assert isinstance(edges, list)
    return summary, {(e["src"], e["dst"]) for e in edges if e["kind"] == "calls"}


def test_an_edit_changing_no_bases_leaves_the_order_readers_alone(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    write_files(root, MIXIN)
    build(root, workers=1)
    # bodies of m.py and lib.py change, their classes' bases do not: owner.py, which read
    # the orders of K and Base, is not resolved again
    write_files(root, {"lib.py": MIXIN["lib.py"].replace("return 1", "return abs(1)")})
    summary, _ = rebuilt(root, tmp_path, "lib")
    assert summary.resolved == 2  # lib.py and m.py (which found Base there)
    write_files(root, {"m.py": MIXIN["m.py"].replace("return 1", "return 2")})
    summary, _ = rebuilt(root, tmp_path, "m")
    assert summary.resolved == 1


def test_a_mixin_file_whose_bases_change_resolves_the_readers_again(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    write_files(root, MIXIN)
    build(root, workers=1)
    # K comes to derive from Owner: `self.run()` in Owner.go may run Mixin.run
    write_files(
        root,
        {"m.py": MIXIN["m.py"].replace("from lib import Base", "from owner import Owner as Base")},
    )
    _, calls = rebuilt(root, tmp_path, "mixed")
    assert ("owner.py::Owner.go", "m.py::Mixin.run") in calls


def test_a_base_changing_in_a_file_not_edited_resolves_the_readers_again(
    tmp_path: Path,
) -> None:
    root = tmp_path / "repo"
    write_files(root, MIXIN)
    build(root, workers=1)
    # lib.Base is now Owner itself: m.py is not edited, but its K's bases changed, so
    # owner.py (which read K's order) is resolved again, in a second round
    write_files(root, {"lib.py": "from owner import Owner as Base\n"})
    summary, calls = rebuilt(root, tmp_path, "through")
    assert ("owner.py::Owner.go", "m.py::Mixin.run") in calls
    assert summary.resolved == 3


def test_a_prefixed_read_is_resolved_again_only_when_it_may_change(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    write_files(root, VISITOR)
    _, calls = rebuilt(root, tmp_path, "first")
    visit = "v.py::Visitor.visit"
    assert (visit, "w.py::Printer.visit_Num") in calls
    assert (visit, "y.py::Shower.visit_Add") not in calls  # y.py's Visitor is its own
    # a body edit of a file importing v.py without a class below Visitor, and of a file
    # with no class at all: v.py is not resolved again (before, it depended on every file)
    write_files(root, {"t.py": VISITOR["t.py"].replace("v.Visitor", "(v.Visitor)")})
    summary, _ = rebuilt(root, tmp_path, "body")
    assert summary.resolved == 1
    write_files(root, {"s.py": "def f():\n    return 1\n"})
    build(root, workers=1)
    write_files(root, {"s.py": "def f():\n    return 2\n"})
    summary, _ = rebuilt(root, tmp_path, "other")
    assert summary.resolved == 1
    # y.py comes to import v's Visitor (its imports change): Shower is below it now
    write_files(root, {"y.py": "from v import Visitor\n" + VISITOR["y.py"].split("\n\n\n", 1)[1]})
    _, calls = rebuilt(root, tmp_path, "imported")
    assert (visit, "y.py::Shower.visit_Add") in calls
    # a new file with a subclass, and a subclass that stops deriving from Visitor
    write_files(
        root,
        {
            "z.py": "import v\n\n\nclass Dumper(v.Visitor):\n    def visit_Mul(self, n):\n"
            "        return n\n",
            "w.py": VISITOR["w.py"].replace("class Printer(Visitor):", "class Printer:"),
        },
    )
    _, calls = rebuilt(root, tmp_path, "added")
    assert (visit, "z.py::Dumper.visit_Mul") in calls
    assert (visit, "w.py::Printer.visit_Num") not in calls


def test_bases_found_in_another_order_resolve_the_readers_again(tmp_path: Path) -> None:
    # K's bases are names lib.py binds: swapping them there (twice) keeps K's `inherits`
    # edges as a set, but not their order, which decides whether K finds Mixin.run first
    root = tmp_path / "repo"
    lib = "from owner import Owner as {0}\nfrom m import Mixin as {1}\n"
    m = "from lib import A, B\n\n\nclass Mixin:\n    def run(self):\n        pass\n\n\n"
    write_files(
        root,
        {
            "owner.py": MIXIN["owner.py"],
            "m.py": m + "class K(A, B):\n    pass\n",
            "lib.py": lib.format("A", "B"),
        },
    )
    build(root, workers=1)
    mixed = ("owner.py::Owner.go", "m.py::Mixin.run")
    for step, (first, second) in enumerate([("B", "A"), ("A", "B"), ("B", "A")]):
        write_files(root, {"lib.py": lib.format(first, second)})
        _, calls = rebuilt(root, tmp_path, f"swap{step}")
        assert (mixed in calls) == (first == "B")  # K(Mixin, Owner) finds Mixin.run first


def test_argument_flow_readers_follow_the_callers_imports_and_names(tmp_path: Path) -> None:
    # jobs.run's parameter takes what the files importing jobs pass to `run(...)`; c.py
    # calls a `run` of its own. `calls:run` changes with the files calling `run` and with
    # what they import, not with any edit of them (the sites read are their `file:` keys).
    root = tmp_path / "repo"
    runs = "jobs.py::run"
    c_py = "def run(f):\n    return f\n\n\ndef tidy():\n    pass\n\n\nrun(tidy)\n"
    write_files(
        root,
        {
            "jobs.py": "def run(job):\n    job()\n",
            "a.py": "from jobs import run\n\n\ndef backup():\n    pass\n\n\nrun(backup)\n",
            "c.py": c_py,
        },
    )
    _, calls = rebuilt(root, tmp_path, "first")
    assert (runs, "a.py::backup") in calls and (runs, "c.py::tidy") not in calls
    write_files(root, {"c.py": c_py.replace("return f", "return None")})
    summary, _ = rebuilt(root, tmp_path, "body")
    assert summary.resolved == 1  # c.py alone: jobs.py did not read it
    write_files(root, {"c.py": "import jobs\n\n\ndef tidy():\n    pass\n\n\njobs.run(tidy)\n"})
    _, calls = rebuilt(root, tmp_path, "imports")
    assert (runs, "c.py::tidy") in calls
    write_files(
        root, {"a.py": "from jobs import run\n\n\ndef prune():\n    pass\n\n\nrun(prune)\n"}
    )
    _, calls = rebuilt(root, tmp_path, "argument")
    assert (runs, "a.py::prune") in calls and (runs, "a.py::backup") not in calls


def test_a_new_call_resolves_again_only_the_functions_its_file_imports(tmp_path: Path) -> None:
    # `calls:run@MODULE`: pkg/jobs.py reads the `run(...)` calls of the files importing
    # pkg.jobs (or pkg, which holds it); other.py defines a `run` of its own that no file
    # reads that way. A file newly calling `run` resolves again only the modules it imports.
    root = tmp_path / "repo"
    runs = "pkg/jobs.py::run"
    write_files(
        root,
        {
            "pkg/__init__.py": "",
            "pkg/jobs.py": "def run(job):\n    job()\n",
            "other.py": "def run(job):\n    job()\n",
            "a.py": "def backup():\n    pass\n",
        },
    )
    rebuilt(root, tmp_path, "first")
    # a call of `run` in a file importing neither: a.py alone is resolved again
    write_files(root, {"a.py": "def backup():\n    pass\n\n\nrun(backup)\n"})
    summary, calls = rebuilt(root, tmp_path, "unimported")
    assert summary.resolved == 1
    assert (runs, "a.py::backup") not in calls
    # importing pkg.jobs from the package: its `run` takes what a.py passes
    write_files(
        root,
        {"a.py": "from pkg import jobs\n\n\ndef backup():\n    pass\n\n\njobs.run(backup)\n"},
    )
    summary, calls = rebuilt(root, tmp_path, "package")
    assert summary.resolved == 2  # a.py and pkg/jobs.py; other.py is not imported
    assert (runs, "a.py::backup") in calls
    # the same call, the import gone: pkg/jobs.py is resolved again and loses the edge
    write_files(root, {"a.py": "def backup():\n    pass\n\n\nrun(backup)\n"})
    summary, calls = rebuilt(root, tmp_path, "dropped")
    assert summary.resolved == 2
    assert (runs, "a.py::backup") not in calls


def test_stored_bases_read_for_unchanged_files_are_their_first_definitions(
    tmp_path: Path,
) -> None:
    # An incremental build reads the orders of classes in files it does not resolve from
    # the stored `inherits` edges. K is defined twice; its order (as Python's first binding
    # for the resolver) is K(Plain)'s, although the stored edges hold both definitions'.
    root = tmp_path / "repo"
    write_files(
        root,
        {
            "owner.py": "from helper import helper\n\n\n"
            + MIXIN["owner.py"]
            + "        helper()\n",
            "helper.py": "def helper():\n    return 1\n",
            "r.py": """
                import os

                from owner import Owner


                class Plain:
                    pass


                if os.environ:
                    class K(Plain):
                        def run(self):
                            pass
                else:
                    class K(Owner):
                        def run(self):
                            pass
            """,
        },
    )
    _, calls = rebuilt(root, tmp_path, "first")
    assert ("owner.py::Owner.go", "r.py::K.run") not in calls
    # helper.py's edit resolves owner.py again (it read helper), not r.py
    write_files(root, {"helper.py": "def helper():\n    return abs(2)\n"})
    summary, calls = rebuilt(root, tmp_path, "edited")
    assert summary.resolved == 2 and ("owner.py::Owner.go", "r.py::K.run") not in calls


def test_stored_bases_read_in_an_earlier_round_are_read_again_when_they_change(
    tmp_path: Path,
) -> None:
    # Three rounds. a.py's edit (its Base now comes from c.py, not b.py) resolves m.py again
    # (it imports Base from a.py): Mid's bases change. x.py's `class Sub(Mid.Inner)` read
    # Mid's order, so it is resolved in the second round: Sub now derives from c's Inner.
    # f.py, edited too, was resolved in the first round, reading Sub's order off x.py's
    # stored `inherits` edges (b's Inner, current then): it is resolved again, in a third.
    inner = "class Base:\n    class Inner:\n        def hello(self):\n            pass\n"
    root = tmp_path / "repo"
    write_files(
        root,
        {
            "b.py": inner,
            "c.py": inner,
            "a.py": "from b import Base\n",
            "m.py": "from a import Base\n\n\nclass Mid(Base):\n    pass\n",
            "x.py": "from m import Mid\n\n\nclass Sub(Mid.Inner):\n    pass\n",
            "f.py": "from x import Sub\n\n\ndef main():\n    Sub().hello()\n",
        },
    )
    _, calls = rebuilt(root, tmp_path, "first")
    assert ("f.py::main", "b.py::Base.Inner.hello") in calls
    write_files(
        root,
        {
            "a.py": "from c import Base\n",
            "f.py": "from x import Sub\n\n\ndef main():\n    return Sub().hello()\n",
        },
    )
    summary, calls = rebuilt(root, tmp_path, "edited")
    assert ("f.py::main", "c.py::Base.Inner.hello") in calls
    assert ("f.py::main", "b.py::Base.Inner.hello") not in calls
    assert summary.resolved == 4  # a.py, f.py and m.py; x.py; f.py again


def test_appending_definitions_resolves_again_only_the_files_reading_what_they_change(
    tmp_path: Path,
) -> None:
    # c.py calls `box.item`: what Box's constructor is given, read off a.py's calls of `Box`.
    # d.py reads `build` alone; e.py calls `a.later`, which is not there yet.
    root = tmp_path / "repo"
    a_py = """
        class Box:
            def __init__(self, item):
                self.item = item


        def build():
            pass


        box = Box(build)
    """
    write_files(
        root,
        {
            "a.py": a_py,
            "c.py": "from a import box\n\n\ndef go():\n    box.item()\n",
            "d.py": "from a import build\n\n\ndef go():\n    build()\n",
            "e.py": "import a\n\n\ndef go():\n    a.later()\n",
        },
    )
    _, calls = rebuilt(root, tmp_path, "first")
    assert ("c.py::go", "a.py::build") in calls and ("e.py::go", "a.py::later") not in calls
    # new functions, one boxing another: c.py (Box's arguments) and e.py (`later`) change
    appended = (
        a_py
        + """

        def other():
            pass


        def later():
            return Box(other)
    """
    )
    write_files(root, {"a.py": appended})
    summary, calls = rebuilt(root, tmp_path, "appended")
    assert ("c.py::go", "a.py::other") in calls and ("e.py::go", "a.py::later") in calls
    assert summary.resolved == 3  # a.py, c.py, e.py: d.py read nothing that changed
    # removing them again is the same change undone
    write_files(root, {"a.py": a_py})
    summary, calls = rebuilt(root, tmp_path, "removed")
    assert ("c.py::go", "a.py::other") not in calls and ("e.py::go", "a.py::later") not in calls
    assert summary.resolved == 3
    # an edit inside a definition that was there resolves every file reading a.py
    write_files(root, {"a.py": a_py.replace("pass", "return abs(1)")})
    summary, _ = rebuilt(root, tmp_path, "body")
    assert summary.resolved == 4


def test_a_call_appended_on_a_name_never_read_still_resolves_the_readers_of_its_sites(
    tmp_path: Path,
) -> None:
    # c.py reads what `put` is given, off a.py's calls of `put`: the new call's receiver,
    # `spare`, is a name c.py never looked up (`sites:a.py::put`).
    root = tmp_path / "repo"
    a_py = """
        class Box:
            def put(self, item):
                self.item = item


        def build():
            pass


        thing = Box()
        thing.put(build)
        spare = Box()
    """
    write_files(
        root, {"a.py": a_py, "c.py": "from a import Box\n\n\ndef go(b: Box):\n    b.item()\n"}
    )
    _, calls = rebuilt(root, tmp_path, "first")
    assert ("c.py::go", "a.py::build") in calls
    write_files(
        root,
        {
            "a.py": a_py
            + "\n\n        def other():\n            pass\n"
            + "\n\n        def later():\n            spare.put(other)\n"
        },
    )
    summary, calls = rebuilt(root, tmp_path, "appended")
    assert ("c.py::go", "a.py::other") in calls and summary.resolved == 2


def test_an_edit_that_changes_no_fact_resolves_the_file_alone(tmp_path: Path) -> None:
    # a literal and a comment at the end of a line (no line or byte offset of a fact moves)
    root = tmp_path / "repo"
    write_files(root, MIXIN)
    build(root, workers=1)
    edited = MIXIN["lib.py"].replace("return 1", "return 2  # two")
    write_files(root, {"lib.py": edited})
    summary, _ = rebuilt(root, tmp_path, "literal")
    assert summary.parsed == 1 and summary.resolved == 1
