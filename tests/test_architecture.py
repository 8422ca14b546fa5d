"""The package's shape: the import-linter contracts in pyproject.toml hold, no module imports
itself back (cycles through function-local imports included), no class is assembled from
several concrete bases (no mixins), and no module passes 600 lines."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import grimp
import networkx as nx

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "src" / "brownfield"
#: Bases that declare a type's shape rather than lend behaviour.
TYPING_BASES = frozenset({"Protocol", "Generic", "NamedTuple", "TypedDict"})


def test_the_import_contracts_hold() -> None:
    lint = Path(sys.executable).with_name("lint-imports")
    result = subprocess.run(
        [str(lint), "--config", str(ROOT / "pyproject.toml"), "--no-cache"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


def test_no_module_is_part_of_an_import_cycle() -> None:
    graph = grimp.build_graph("brownfield", cache_dir=None)
    imports = nx.DiGraph()
    for module in graph.modules:
        for imported in graph.find_modules_directly_imported_by(module):
            imports.add_edge(module, imported)
    cycles = [sorted(c) for c in nx.strongly_connected_components(imports) if len(c) > 1]
    assert cycles == []


def _base_name(base: ast.expr) -> str:
    target = base.value if isinstance(base, ast.Subscript) else base
    return target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")


def test_no_class_has_more_than_one_concrete_base() -> None:
    mixed = []
    for path in sorted(SOURCE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                concrete = [b for b in node.bases if _base_name(b) not in TYPING_BASES]
                if len(concrete) > 1:
                    mixed.append(f"{path.relative_to(SOURCE)}::{node.name}")
    assert mixed == []


def test_no_module_is_over_600_lines() -> None:
    long = {
        str(path.relative_to(SOURCE)): count
        for path in sorted(SOURCE.rglob("*.py"))
        if (count := len(path.read_text(encoding="utf-8").splitlines())) > 600
    }
    assert long == {}
