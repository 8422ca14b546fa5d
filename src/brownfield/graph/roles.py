"""What a file is for: production code, a test, code that helps tests, an example, a
benchmark, documentation or a vendored copy. One rule per language, shared by every consumer
(`impact`, `context`, the interview's tests facts and options, search ranking), so that they
never disagree.

A definition's role is its file's role: a helper in a test file is test code too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from pathlib import PurePosixPath

from brownfield.graph.languages import language_for


class Role(StrEnum):
    PRODUCTION = "production"
    TEST = "test"
    TEST_SUPPORT = "test support"
    EXAMPLE = "example"
    BENCHMARK = "benchmark"
    DOCS = "docs"
    VENDORED = "vendored"


@dataclass(frozen=True)
class TestLayout:
    """How one language marks its tests: folders anywhere on the path, and file names."""

    folders: frozenset[str]
    files: re.Pattern[str]
    description: str  # what was looked for, in words (said when no test is found)


_COMMON = frozenset({"test", "tests", "__tests__", "testdata"})

RULES: dict[str, TestLayout] = {
    "python": TestLayout(
        _COMMON,
        re.compile(r"^(test_.*|.*_test|conftest)\.pyi?$"),
        "Python test files (test_*.py, *_test.py, conftest.py, files under tests/ or test/)",
    ),
    "go": TestLayout(
        frozenset({"testdata"}),
        re.compile(r"_test\.go$"),
        "Go test files (*_test.go: func TestX, BenchmarkX, ExampleX, FuzzX)",
    ),
    "java": TestLayout(
        _COMMON,
        re.compile(r"^(Test.*|.*Tests?|.*IT|.*TestCase)\.java$"),
        "Java tests (src/test/ and test/ folders, *Test.java, *Tests.java, Test*.java, *IT.java)",
    ),
    "javascript": TestLayout(
        _COMMON | {"spec", "__mocks__"},
        re.compile(r"\.(test|spec)\.[cm]?jsx?$"),
        "JavaScript tests (*.test.js, *.spec.js, files under test/, tests/, __tests__/, spec/)",
    ),
    "typescript": TestLayout(
        _COMMON | {"spec", "__mocks__"},
        re.compile(r"\.(test|spec)\.[cm]?tsx?$"),
        "TypeScript tests (*.test.ts, *.spec.ts, files under test/, tests/, __tests__/, spec/)",
    ),
    "ruby": TestLayout(
        _COMMON | {"spec"},
        re.compile(r"(_spec|_test)\.rb$|^test_.*\.rb$"),
        "Ruby tests (spec/ and test/ folders, *_spec.rb, *_test.rb)",
    ),
    "csharp": TestLayout(
        _COMMON,
        re.compile(r"Tests?\.cs$"),
        "C# tests (test projects *.Tests/, *Tests.cs, *Test.cs)",
    ),
    "php": TestLayout(
        _COMMON,
        re.compile(r"Test\.php$"),
        "PHP tests (tests/ folders, *Test.php)",
    ),
    "rust": TestLayout(
        _COMMON,
        re.compile(r"^tests?\.rs$|_tests?\.rs$"),
        "Rust tests (tests/ folders, tests.rs, *_test.rs, inline `mod tests`)",
    ),
    "c": TestLayout(
        _COMMON,
        re.compile(r"^test_.*\.[ch]$|_test\.[ch]$"),
        "C tests (test/ and tests/ folders, test_*.c, *_test.c)",
    ),
    "cpp": TestLayout(
        _COMMON,
        re.compile(r"^test_.*\.\w+$|_(test|unittest)\.\w+$"),
        "C++ tests (test/ and tests/ folders, test_*.cc, *_test.cc, *_unittest.cc)",
    ),
}
RULES["tsx"] = RULES["typescript"]
_GENERIC = TestLayout(_COMMON, re.compile(r"^test_|_test\.|\.test\.|\.spec\."), "test files")

#: Code written for tests to use, shipped beside the product (click's `testing.py`, rxjs's
#: `testing/TestScheduler.ts`, Go's `net/http/httptest`, Gradle's `src/testFixtures/`,
#: Symfony's `Tester/CommandTester.php`): named so, as a folder or a file.
_TEST_SUPPORT = frozenset(
    {"testing", "testutil", "testutils", "test_util", "test_utils", "testhelpers", "test_helpers"}
    | {"testlib", "testkit", "testsupport", "test_support", "testenv", "testfixtures", "tester"}
)
#: A Go package made for tests (`httptest`, `iotest`, `fstest`), not a word (`latest`).
_GO_TEST_PACKAGE = re.compile(r"^(?!(la|con|pro|at|de|grea|fas)test$)[a-z]+test$")
_EXAMPLES = frozenset({"example", "examples", "samples", "sample", "demo", "demos", "docs_src"})
_BENCHMARKS = frozenset({"bench", "benches", "benchmark", "benchmarks", "perf"})
_DOCS = frozenset({"doc", "docs", "documentation"})
_VENDORED = frozenset({"vendor", "vendored", "third_party", "_vendor", "external"})
_CSHARP_TEST_PROJECT = re.compile(r"\.(Unit)?Tests?$")


def rule_for(path: str) -> TestLayout:
    """The test rule of the file's language (a generic one for unknown languages)."""
    language = language_for(path)
    return RULES.get(language, _GENERIC) if language else _GENERIC


@cache
def role_of(path: str) -> Role:
    """The role of a repository-relative file path."""
    parts = PurePosixPath(path).parts
    folders, name = [p.lower() for p in parts[:-1]], parts[-1] if parts else ""
    rule = rule_for(path)
    if rule.files.search(name) or any(f in rule.folders for f in folders):
        return Role.TEST
    if any(_CSHARP_TEST_PROJECT.search(p) for p in parts[:-1]) and name.endswith(".cs"):
        return Role.TEST
    stem = name.rpartition(".")[0].lower() or name.lower()
    go = language_for(path) == "go"
    if stem in _TEST_SUPPORT or any(
        f in _TEST_SUPPORT or (go and _GO_TEST_PACKAGE.match(f)) for f in folders
    ):
        return Role.TEST_SUPPORT
    for role, names in (
        (Role.VENDORED, _VENDORED),
        (Role.EXAMPLE, _EXAMPLES),
        (Role.BENCHMARK, _BENCHMARKS),
        (Role.DOCS, _DOCS),
    ):
        if any(f in names for f in folders):
            return role
    return Role.PRODUCTION


#: Inline modules that hold a language's tests in the file they test: Rust's unit tests, in
#: `#[cfg(test)] mod tests { ... }`.
_TEST_MODULES = {"rust": frozenset({"tests", "test"})}


def role_at(path: str, symbol: str = "") -> Role:
    """The role of the definition `symbol` (its qualified name or node id) in the file at
    `path`: its file's, or a test's when it sits in an inline test module of its language
    (`src.kv.value.tests.test_visit` in `src/kv/value.rs`)."""
    role = role_of(path)
    modules = _TEST_MODULES.get(language_for(path) or "") if symbol else None
    if role is Role.PRODUCTION and modules:
        outer = symbol.rpartition("::")[2].split(".")[:-1]
        return Role.TEST if not modules.isdisjoint(outer) else role
    return role


def is_test(path: str | None, symbol: str = "") -> bool:
    """Whether the file at `path`, or the definition `symbol` in it, is test code (see
    `RULES` and `role_at`)."""
    return bool(path) and role_at(path or "", symbol) is Role.TEST


#: A Go test the runner starts: `func TestX`, `BenchmarkX`, `ExampleX`, `FuzzX` (not
#: `testParse`, a helper; not `Testing`).
_GO_RUNNER_NAME = re.compile(r"^(Test|Benchmark|Example|Fuzz)(?![a-z])")
#: Languages whose test runners find tests by name (`test*`).
_NAMED_TESTS = frozenset({"python", "ruby"})


def marked_as_test(path: str, name: str) -> bool:
    """Whether the definition `name` (its name inside the file, "" for the file's top-level
    code) of the test file at `path` is marked as a test the runner starts, or as code
    inside one: Python's and Ruby's `test*` functions, methods and `Test*` classes, with
    what they hold; Go's `func TestX`, `BenchmarkX`, `ExampleX`, `FuzzX`; in JavaScript and
    TypeScript, the file's own code (the callbacks passed to `it`); a file's top-level code
    always. One not marked is a helper the tests call, or a test no name marks (a Java
    method `@Test` marks, a C# `[Fact]`): `query/reaching_tests.py` counts it as a test
    only when nothing calls it."""
    if not name:
        return True
    language = language_for(path)
    if language in _NAMED_TESTS:
        return any(part.lower().startswith("test") for part in name.split("."))
    return language == "go" and bool(_GO_RUNNER_NAME.match(name))


#: The marks a test file's name adds to the name of what it tests: `test_x.py`,
#: `x_test.go`, `x.test.ts`, `x.spec.js`, `XTest.java`, `TestX.java`, `x_spec.rb`.
_TEST_MARKS = re.compile(
    r"^(?i:tests?_)|^Test(?=[A-Z])|(?i:[._-](tests?|spec))$|(?<=[a-z0-9])(Tests?|IT)$"
)


def name_tested(path: str) -> str:
    """The name a test file is named after, in lower case without a plural `s`
    (`tests/test_sessions.py` -> session, `reader_test.go` -> reader,
    `GZIPInputStreamTest.java` -> gzipinputstream); the file's own name otherwise."""
    stem = PurePosixPath(path).name.rsplit(".", 1)[0]  # `coerce.test.ts` -> coerce.test
    stem = (_TEST_MARKS.sub("", stem) or stem).lower()
    return stem[:-1] if stem.endswith("s") and len(stem) > 3 else stem


def closeness_of_tests(test_path: str, code_path: str) -> int:
    """How closely a test file is named after a file of code: 0 for its own test file
    (`test_sessions.py` for `sessions.py`, `reader_test.go` for `reader.go`), 1 for one
    named after a folder holding it (`test_routing.py` for `routing/converters.py`), 2 for
    any other, 3 for pytest's `conftest.py` (fixtures and hooks, no tests)."""
    if PurePosixPath(test_path).name in ("conftest.py", "conftest.pyi"):
        return 3
    tested = name_tested(test_path)
    if tested == name_tested(code_path):
        return 0
    folders = PurePosixPath(code_path).parts[:-1]
    return 1 if any(name_tested(folder) == tested for folder in folders) else 2


def is_production(path: str | None, symbol: str = "") -> bool:
    """Whether the file at `path`, or the definition `symbol` in it, is the code a change is
    made to (not a test, test support, example, benchmark, documentation or vendored copy)."""
    return bool(path) and role_at(path or "", symbol) is Role.PRODUCTION


def what_counts_as_tests(paths: list[str]) -> str:
    """What counts as a test for these files' languages, in words."""
    found = sorted({rule_for(p).description for p in paths}) or [_GENERIC.description]
    return "; ".join(found)
