"""Methods declared without a body, and their implementations: which methods are bodiless
(Python placeholders, Java abstract and interface methods), which methods implement them,
and the touchpoints that put the implementations in a matched declaration's place."""

from __future__ import annotations

from pathlib import Path

from brownfield.graph.builder import build
from brownfield.graph.store import GraphStore
from brownfield.query.context import touchpoints
from brownfield.query.declarations import implementations, is_bodiless
from tests.conftest import git_init, write_files

FILES = {
    "app/store.py": '''
        class SettingsStore:
            def export_settings(self, target):
                """Back up every saved setting to a file the person picks."""
                raise NotImplementedError("subclasses write the format")

            def placeholder(self):
                ...

            def documented_only(self):
                """Nothing else."""

            def one_line(self) -> int: ...

            def spread(
                self,
                first,
                second,
            ):
                pass

            def spread_raise(self):
                """The message on lines of its own: still no behaviour."""
                raise NotImplementedError(
                    "subclasses write the format"
                )  # pragma: no cover

            def raise_then_code(self):
                raise NotImplementedError(
                    "first"
                )
                return 2

            def real(self):
                """Has code."""
                return 1


        class FileStore(SettingsStore):
            def export_settings(self, target):
                with open(target, "w") as out:
                    out.write(self.render())

            def render(self):
                return ""


        class MemoryStore(FileStore):
            def export_settings(self, target):
                raise NotImplementedError
        ''',
    "src/Prefs.java": """
        package demo;

        public abstract class Prefs {
            public abstract void exportNode(java.io.OutputStream os)
                throws java.io.IOException;

            public int size() {
                return 0;
            }
        }
        """,
    "src/Node.java": """
        package demo;

        public interface Node {
            String name();
        }
        """,
}


def _store(tmp_path: Path) -> GraphStore:
    root = tmp_path / "repo"
    write_files(root, FILES)
    git_init(root)
    build(root, workers=1)
    return GraphStore.open(root)


def test_bodiless_methods_are_told_from_methods_with_code(tmp_path: Path) -> None:
    store = _store(tmp_path)
    root = tmp_path / "repo"
    try:
        nodes = store.nodes(
            [
                *(
                    f"app/store.py::SettingsStore.{name}"
                    for name in (
                        "export_settings",
                        "placeholder",
                        "documented_only",
                        "one_line",
                        "spread",
                        "spread_raise",
                        "raise_then_code",
                        "real",
                    )
                ),
                "app/store.py::FileStore.export_settings",
                "src/Prefs.java::Prefs.exportNode",
                "src/Prefs.java::Prefs.size",
                "src/Node.java::Node.name",
            ]
        )
        bodiless = {node_id for node_id, node in nodes.items() if is_bodiless(root, node)}
        assert len(nodes) == 12
        assert bodiless == {
            "app/store.py::SettingsStore.export_settings",
            "app/store.py::SettingsStore.placeholder",
            "app/store.py::SettingsStore.documented_only",
            "app/store.py::SettingsStore.one_line",
            "app/store.py::SettingsStore.spread",
            "app/store.py::SettingsStore.spread_raise",
            "src/Prefs.java::Prefs.exportNode",
            "src/Node.java::Node.name",
        }
        classes = store.nodes(["app/store.py::SettingsStore"])
        assert not is_bodiless(root, classes["app/store.py::SettingsStore"])  # methods only
    finally:
        store.close()


def test_implementations_are_the_derived_classes_methods_with_code(tmp_path: Path) -> None:
    store = _store(tmp_path)
    try:
        declared = store.nodes(["app/store.py::SettingsStore.export_settings"])
        found = implementations(
            store, declared["app/store.py::SettingsStore.export_settings"], tmp_path / "repo", 3
        )
        # MemoryStore's own export_settings only raises: it implements nothing
        assert [n.id for n in found] == ["app/store.py::FileStore.export_settings"]
    finally:
        store.close()


def test_an_implementation_takes_a_matched_declarations_place(tmp_path: Path) -> None:
    store = _store(tmp_path)
    try:
        # the idea's words are in the declaration's docstring only
        found = touchpoints(store, "back up every saved setting to a file", limit=5)
        ids = [t.node.id for t in found]
        implementation = "app/store.py::FileStore.export_settings"
        declaration = "app/store.py::SettingsStore.export_settings"
        assert implementation in ids and declaration in ids
        assert ids.index(implementation) < ids.index(declaration)
        rejected = touchpoints(
            store, "back up every saved setting to a file", 5, frozenset({implementation})
        )
        assert implementation not in [t.node.id for t in rejected]
    finally:
        store.close()
