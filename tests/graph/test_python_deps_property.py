"""Property: after any sequence of edits to a small Python project, the incremental graph
equals a full build of the same files. The edits are those the dependency keys narrow
(whole top-level definitions appended or removed, which invalidate `global:` and `sites:`
keys instead of `file:`) mixed with edits inside bodies, imports and new modules."""

from __future__ import annotations

import shutil

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from brownfield.graph.builder import build
from tests.conftest import write_files
from tests.graph.test_builder import exported

#: Modules reading each other's names, calls, arguments, instance attributes and bases.
PROJECT = {
    "box.py": """
        class Box:
            def put(self, item):
                self.item = item

            def run(self):
                return self.item()


        def build():
            pass


        shared = Box()
        shared.put(build)
        spare = Box()
        unread = Box()
    """,
    "jobs.py": """
        from box import Box, shared


        def run(job):
            job()


        def start(b: Box):
            b.item()
            return shared.run()
    """,
    "app.py": """
        import box
        import jobs


        class Special(box.Box):
            def run(self):
                return jobs.run(self.item)


        def main():
            jobs.start(box.spare)
            box.later()
    """,
}

#: Whole top-level definitions that an edit appends to a module: each reads or calls
#: names of that module or of the others.
APPENDED = [
    "def later():\n    spare.put(build)\n",
    "def later():\n    return Box()\n",
    "def other():\n    pass\n\n\ndef later():\n    unread.put(other)\n",
    "class Later(Box):\n    def run(self):\n        return build()\n",
    "def start(b):\n    return b\n",
    "def helper(job):\n    return run(job)\n",
]

#: Edits inside what is there: a body, an import, an argument.
REPLACED = [
    ("box.py", "self.item = item", "self.item = item or build"),
    ("jobs.py", "    job()", "    return job"),
    ("jobs.py", "from box import Box, shared", "from box import Box, shared, spare"),
    ("app.py", "jobs.start(box.spare)", "jobs.start(box.shared)"),
]

edits = st.lists(
    st.one_of(
        st.tuples(st.just("append"), st.sampled_from(sorted(PROJECT)), st.sampled_from(APPENDED)),
        st.tuples(st.just("append"), st.just("box.py"), st.sampled_from(APPENDED)),
        st.tuples(st.just("undo"), st.sampled_from(sorted(PROJECT)), st.just("")),
        st.tuples(st.just("replace"), st.sampled_from(range(len(REPLACED))), st.just("")),
        st.tuples(st.just("module"), st.just("extra.py"), st.sampled_from(APPENDED)),
    ),
    min_size=1,
    max_size=4,
)


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(steps=edits)
def test_incremental_equals_full_after_any_edits(
    tmp_path_factory: pytest.TempPathFactory, steps: list[tuple[str, object, str]]
) -> None:
    base = tmp_path_factory.mktemp("property")
    root = base / "repo"
    write_files(root, PROJECT)
    build(root, workers=1)
    for number, (kind, target, text) in enumerate(steps):
        if kind == "replace":
            path, old, new = REPLACED[int(str(target))]
            file = root / path
            file.write_text(file.read_text().replace(old, new))
        elif kind == "undo":  # the module as the project wrote it: appended code removed
            write_files(root, {str(target): PROJECT[str(target)]})
        else:
            file = root / str(target)
            before = file.read_text() if file.exists() else "from box import *\n"
            file.write_text(before + "\n\n" + text)
        build(root, workers=1)
        clean = base / f"full{number}"
        shutil.copytree(root, clean, ignore=shutil.ignore_patterns(".brownfield"))
        build(clean, full=True, workers=1)
        assert exported(root) == exported(clean), steps[: number + 1]
