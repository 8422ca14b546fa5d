"""`parser.definitions` (only a language's definition queries) finds exactly the
definitions `parser.parse` (every query) finds."""

from __future__ import annotations

from pathlib import Path

import pytest

from brownfield.graph import parser
from brownfield.graph.languages import language_for

ROOT = Path(__file__).resolve().parents[2]

SNIPPETS = {  # definitions whose names or spans depend on more than their own node
    "lambdas.py": (
        "def f(cb=lambda: 0, other=lambda x: x):\n"
        "    g = lambda: (lambda: 1)\n"
        "    return [lambda y: y for _ in range(2)]\n"
    ),
    "branches.py": (
        "try:\n"
        "    import fast\n"
        "    def load(): return fast.load()\n"
        "except ImportError:\n"
        "    def load(): return None\n"
        "if fast:\n"
        "    class A:\n"
        "        @property\n"
        "        def x(self): return 1\n"
        "else:\n"
        "    class A(Base, metaclass=M):\n"
        "        def x(self, *args, key: int = 2, **kw) -> int: return 2\n"
    ),
    "broken.py": "def g(:\n    pass\n\nclass C:\n    def m(self): pass\n",
}
DEEP = ("x = " + "[" * 1200 + "]" * 1200 + "\ndef after(): pass\n").encode()


def sources() -> list[tuple[str, bytes]]:
    found = [(name, text.encode()) for name, text in SNIPPETS.items()]
    for folder in (ROOT / "sample_repos", ROOT / "src"):
        for path in sorted(folder.rglob("*")):
            if path.is_file() and language_for(path.name) is not None:
                found.append((path.relative_to(ROOT).as_posix(), path.read_bytes()))
    return found


@pytest.mark.parametrize(("path", "source"), sources(), ids=lambda value: str(value)[:60])
def test_definitions_equal_those_of_a_full_parse(path: str, source: bytes) -> None:
    language = language_for(path)
    assert language is not None
    assert parser.definitions(language, source) == parser.parse(language, source).definitions


def test_only_a_file_too_deep_to_extract_differs() -> None:
    assert parser.parse("python", DEEP).status == "too-deep"
    assert parser.parse("python", DEEP).definitions == []
    assert [d.qualname for d in parser.definitions("python", DEEP)] == ["after"]


def test_the_python_samples_have_definitions_to_compare() -> None:
    python = [source for path, source in sources() if path.endswith(".py")]
    assert sum(len(parser.definitions("python", source)) for source in python) > 1000
