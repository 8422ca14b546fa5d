"""The standard-library check of `try:` imports that cannot fail reads, never imports."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from brownfield.graph.python_guards import _standard


def test_a_standard_module_is_found_without_being_imported_and_its_names_checked() -> None:
    sys.modules.pop("colorsys", None)
    assert _standard("colorsys", None)
    assert "colorsys" not in sys.modules  # found where the standard library is, not imported
    assert _standard("colorsys", "rgb_to_hsv")
    assert not _standard("itertools", "no_such_function")  # a name it lacks may fail
    assert _standard("json", "decoder")  # a submodule


def test_a_repository_file_shadowing_a_standard_module_is_never_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    marker = tmp_path / "ran"
    (tmp_path / "sched.py").write_text(f"open({str(marker)!r}, 'w').close()\n")
    monkeypatch.syspath_prepend(str(tmp_path))  # as `python -m` from the repository's root
    monkeypatch.delitem(sys.modules, "sched", raising=False)
    assert not _standard("sched", "scheduler")  # shadowed: it may fail, and is not imported
    assert not marker.exists()


def test_modules_the_standard_library_lacks_here_may_fail() -> None:
    assert not _standard("not_a_standard_module", None)
    if sys.platform != "win32":
        assert not _standard("msvcrt", None)  # a standard module of another platform
