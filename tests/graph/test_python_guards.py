"""The standard-library check of `try:` imports that cannot fail reads, never imports."""

from __future__ import annotations

import sys

from brownfield.graph.python_guards import _standard


def test_a_standard_module_is_found_without_being_imported() -> None:
    sys.modules.pop("colorsys", None)
    assert _standard("colorsys", "rgb_to_hsv")
    assert "colorsys" not in sys.modules  # found where the standard library is, not imported
    assert _standard("json.decoder", None)  # a submodule: its top-level package is standard


def test_modules_the_standard_library_lacks_here_may_fail() -> None:
    assert not _standard("not_a_standard_module", None)
    if sys.platform != "win32":
        assert not _standard("msvcrt", None)  # a standard module of another platform
