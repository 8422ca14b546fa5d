"""Check brownfield's Python call graph against the calls observed while a package's own tests run.

Standalone (never run by the tests; needs PyPI):

    python benchmarks/bench_trace.py [--packages click jinja2 ...] [--seed S]
                                     [--precision-sample N] [--fresh-sample N]
                                     [--miss-sample N]
                                     [--show-unchecked] [--show-unclassified] [--json]

What it does, per package (pinned below):

1. `pip download --no-binary :all: --no-deps` the sdist into a temporary folder and unpacks
   it; makes a temporary virtual environment there and installs the package from that source
   plus pytest and what its tests need. Nothing is installed into the project's environment.
2. Runs the package's own test suite (`python -m pytest`) with a call tracer loaded by a
   `.pth` file in the temporary environment: `sys.setprofile` and `threading.setprofile`
   record, for every Python-level `call` event, the pair (caller code object = the frame's
   `f_back`, callee code object) and the caller's instruction offset (turned into the call
   line afterwards). C functions (`c_call`) are not recorded. A pair counts when both code
   objects come from the package's own source files (tests, stdlib, generated code such as
   attrs' or namedtuple's `<string>` code and other packages are left out; tests -> package
   pairs are a separate figure). A generator or coroutine counts once, at its first resume
   (its creation runs no code), with the frame that resumed it as the caller; an unstarted
   generator being destroyed, and `__del__`, run wherever the collector runs, are left out.
   So is a pair whose every call ran inside a C method that a package class inherits from an
   outside C base (`_NamedTextIOWrapper.read` is `io.TextIOWrapper.read`, which calls the
   buffer's `read1`; `detach` and `__init__` read the wrapped stream's attributes through
   its `__getattr__`): the C code makes that call, not a Python call site of the caller
   (`inherited_c_methods`).
3. Maps each code object to a brownfield node id: the file's `ast` gives every `def`,
   `lambda` and `class` with its `co_firstlineno` (the first decorator's line for a decorated
   definition) and its `def` line; the `def` line and name then pick the node of
   `brownfield graph export --format json` (nodes carry path, line and end line; a qualified
   name is the fallback). Callers may be functions, methods, lambdas (`<lambdaN>` nodes, when
   one lambda starts on that line), class bodies (the class node) or module code (the module
   node), as brownfield attributes calls; callees are functions, methods and lambdas.
   Comprehensions and generator expressions are their own code objects in Python 3.11: as
   callers they stand for their enclosing scope (brownfield attributes the calls written in
   them to it); as callees they are not counted (nobody writes a call to them).
4. Builds brownfield's graph over a temporary git repository holding a copy of the package's
   source folder (nothing else; `__pycache__` left out), through the CLI, and reads its
   `calls` edges. Recall = traced pairs that brownfield has as a `calls` edge / traced pairs,
   with any resolution label and then for each `--min-confidence` level (an edge counts at a
   level when its label is at least as certain; see docs/resolution.md).
5. Precision: static `calls` edges between the package's function/method nodes (any caller
   kind as above) that were never traced are sampled and checked by hand by reading the
   code. The candidates are put in a seeded order, by a hash of the seed, the package, the
   caller and the callee (`sample_order`), so that an edge that comes or goes with a change
   to the resolver moves the sample by that edge alone; the sample is that order's first
   `--precision-sample` edges of the static labels, per package (the `override`/`dispatch`
   edges met before them are checked too, and counted apart). The verdicts are in
   `bench_trace_verdicts.json` (keyed by package, version, caller, callee; `call` and a one-line
   reason; `basis` says whether the call is reachable, or names a base method that subclasses
   override wherever it runs: `declared-type`, counted right, and wrong in a strict figure).
   A second, fresh sample (`--fresh-sample N`, default 20) is the next N static edges per
   package in the same order, judged after the resolver was tuned on the first: its
   precision is printed apart, and both together.
   Precision on the checked sample = right / checked, over the static edges (the target) and
   over the `override`/`dispatch` edges apart; traced edges are right by construction,
   so an estimate for all static edges is also printed.
6. Misses: traced pairs that brownfield lacks are sampled (seeded, `--miss-sample` per package)
   and classified by hand, reading the call site, in `bench_trace_misses.json` (category,
   site, reason); the category counts are printed with example sites. Categories starting with
   `tracer:` are the tracer's mistakes, not brownfield's; a recall without them is estimated.
   Every traced pair also carries how it was reached, read from the caller's instruction at
   the call (a written call, a property/`__getattr__` read, an operator, iteration, `with`,
   a call made inside a C function such as `sorted` or `next`, a generator's first resume):
   recall is printed for each, over all pairs, and for the `direct` ones (written calls).

Packages are split into a `tune` half and a `holdout` half (fixed below, chosen before any run);
both halves and the total are printed. pluggy and attrs joined the holdout half later, after
the resolver had been tuned on the other six (issue 19): their first verdicts are on code
nobody had tuned on (`--packages` runs a subset, e.g. the six first ones). Targets: recall
of traced pairs >= 85%, precision of the checked static edges >= 98%.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import os
import random
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import venv
from dataclasses import dataclass
from pathlib import Path

import bench_build

HERE = Path(__file__).resolve().parent
VERDICTS = HERE / "bench_trace_verdicts.json"
MISSES = HERE / "bench_trace_misses.json"


@dataclass(frozen=True)
class Package:
    """A pinned sdist, where its source and tests are in it, and what its tests need."""

    version: str
    source_root: str  # the folder of the sdist holding the top-level package folders
    folders: tuple[str, ...]  # top-level package folders under source_root
    tests: tuple[str, ...]  # pytest arguments (paths and options), run from the sdist root
    test_requires: tuple[str, ...]
    split: str  # "tune" or "holdout"


PACKAGES: dict[str, Package] = {
    "click": Package("8.1.8", "src", ("click",), ("tests",), (), "tune"),
    "boltons": Package("25.0.0", "", ("boltons",), ("tests",), (), "tune"),
    "itsdangerous": Package(
        "2.2.0", "src", ("itsdangerous",), ("tests",), ("freezegun==1.5.1",), "tune"
    ),
    "jinja2": Package("3.1.6", "src", ("jinja2",), ("tests",), ("trio==0.30.0",), "holdout"),
    "more-itertools": Package("10.7.0", "", ("more_itertools",), ("tests",), (), "holdout"),
    "tomlkit": Package("0.13.3", "", ("tomlkit",), ("tests",), ("PyYAML==6.0.2",), "holdout"),
    # added after the resolver was tuned on the others (issue 19): code nobody had tuned on
    "pluggy": Package("1.5.0", "src", ("pluggy",), ("testing",), (), "holdout"),
    "attrs": Package(
        "24.2.0", "src", ("attr", "attrs"), ("tests",), ("hypothesis==6.112.1",), "holdout"
    ),
}
PYTEST = "pytest==8.3.5"
DEFAULT_SEED = 7
DEFAULT_PRECISION_SAMPLE = 23  # untraced static edges checked per package (~120 in all)
#: the next static edges per package in the same seeded order, judged later (issue 19): a
#: sample nobody had looked at when the resolver was tuned on the first one
DEFAULT_FRESH_SAMPLE = 20
DEFAULT_MISS_SAMPLE = 10  # missed traced pairs classified per package
TEST_TIMEOUT_S = 900

MIN_RECALL = 0.85
MIN_PRECISION = 0.98

#: resolution labels, most certain first (docs/resolution.md); `--min-confidence` keeps a prefix
LABELS = (
    "local",
    "import",
    "self",
    "constructor",
    "builtin",
    "inferred",
    "unique-name",
    "override",
    "dispatch",
)
#: labels of dynamic dispatch (a call that may reach a subclass's method): kept apart from
#: the static edges, whose precision the target is about (issue 19)
DYNAMIC = ("override", "dispatch")

GIT = bench_build.GIT  # one git identity and configuration for every benchmark

# Loaded by a .pth file in the temporary environment; does nothing unless BF_TRACE_OUT is set.
TRACER = r"""
import atexit, dis, json, os, sys, threading

OUT = os.environ.get("BF_TRACE_OUT")
if OUT:
    PACKAGE_ROOTS = tuple(json.loads(os.environ["BF_TRACE_PACKAGE"]))
    TEST_ROOTS = tuple(json.loads(os.environ["BF_TRACE_TESTS"]))
    GENERATOR_FLAGS = 0x20 | 0x80 | 0x200  # CO_GENERATOR, CO_COROUTINE, CO_ASYNC_GENERATOR
    kinds = {}  # code -> 0 other, 1 package, 2 tests
    first_resume = {}  # generator code -> offset of its first RESUME
    pairs = set()  # (caller code, caller lasti, callee code)

    def kind_of(code):
        name = os.path.realpath(code.co_filename)
        if name.startswith(PACKAGE_ROOTS):
            kind = 1
        elif name.startswith(TEST_ROOTS):
            kind = 2
        else:
            kind = 0
        kinds[code] = kind
        return kind

    def resume_offset(code):
        offset = -1
        for ins in dis.get_instructions(code):
            if ins.opname == "RESUME":
                offset = ins.offset
                break
        first_resume[code] = offset
        return offset

    pending = {}  # frame of package/test code -> names of the C functions it is inside

    def profile(frame, event, arg):
        if event == "c_call":
            kind = kinds.get(frame.f_code)
            if kind is None:
                kind = kind_of(frame.f_code)
            if kind:
                pending.setdefault(frame, []).append(getattr(arg, "__qualname__", "?"))
            return
        if event == "c_return" or event == "c_exception":
            stack = pending.get(frame)
            if stack:
                stack.pop()
                if not stack:
                    del pending[frame]
            return
        if event != "call":
            return
        code = frame.f_code
        kind = kinds.get(code)
        if kind is None:
            kind = kind_of(code)
        if kind != 1:
            return
        back = frame.f_back
        if back is None:
            return
        caller = back.f_code
        caller_kind = kinds.get(caller)
        if caller_kind is None:
            caller_kind = kind_of(caller)
        if not caller_kind:
            return
        if code.co_flags & GENERATOR_FLAGS:
            first = first_resume.get(code)
            if first is None:
                first = resume_offset(code)
            if frame.f_lasti != first:
                # a later resume (past the first RESUME), or an unstarted generator being
                # destroyed (before it): neither is the call
                return
        stack = pending.get(back)
        pairs.add((caller, back.f_lasti, code, stack[-1] if stack else ""))

    def line_of(code, lasti):
        for start, end, line in code.co_lines():
            if start <= lasti < end:
                return line
        return None

    def op_at(code, lasti):
        # the caller's instruction at the call; a specialised call leaves f_lasti in the
        # inline cache after it
        raw = code.co_code
        while lasti > 0 and dis.opname[raw[lasti]] == "CACHE":
            lasti -= 2
        return dis.opname[raw[lasti]] if 0 <= lasti < len(raw) else "?"

    def where(code):
        return [os.path.realpath(code.co_filename), code.co_firstlineno, code.co_name]

    def dump():
        sys.setprofile(None)
        threading.setprofile(None)
        rows = [
            [
                *where(caller),
                line_of(caller, lasti),
                *where(callee),
                via,
                bool(callee.co_flags & GENERATOR_FLAGS),
                op_at(caller, lasti),
            ]
            for caller, lasti, callee, via in list(pairs)
        ]
        with open(f"{OUT}.{os.getpid()}.json", "w", encoding="utf-8") as fh:
            json.dump(rows, fh)

    atexit.register(dump)
    threading.setprofile(profile)
    sys.setprofile(profile)
"""


#: the caller's instruction at a traced call -> how the callee was reached
OP_KINDS = {
    "CALL": "call",
    "CALL_FUNCTION_EX": "call",
    "PRECALL": "call",
    "LOAD_ATTR": "implicit: attribute (property, __getattr__, descriptor)",
    "LOAD_METHOD": "implicit: attribute (property, __getattr__, descriptor)",
    "STORE_ATTR": "implicit: attribute (property, __getattr__, descriptor)",
    "DELETE_ATTR": "implicit: attribute (property, __getattr__, descriptor)",
    "BINARY_OP": "implicit: operator or subscript",
    "COMPARE_OP": "implicit: operator or subscript",
    "CONTAINS_OP": "implicit: operator or subscript",
    "BINARY_SUBSCR": "implicit: operator or subscript",
    "STORE_SUBSCR": "implicit: operator or subscript",
    "DELETE_SUBSCR": "implicit: operator or subscript",
    "UNARY_NEGATIVE": "implicit: operator or subscript",
    "UNARY_INVERT": "implicit: operator or subscript",
    "UNARY_NOT": "implicit: operator or subscript",
    "POP_JUMP_FORWARD_IF_TRUE": "implicit: truth test (__bool__, __len__)",
    "POP_JUMP_FORWARD_IF_FALSE": "implicit: truth test (__bool__, __len__)",
    "POP_JUMP_BACKWARD_IF_TRUE": "implicit: truth test (__bool__, __len__)",
    "POP_JUMP_BACKWARD_IF_FALSE": "implicit: truth test (__bool__, __len__)",
    "JUMP_IF_TRUE_OR_POP": "implicit: truth test (__bool__, __len__)",
    "JUMP_IF_FALSE_OR_POP": "implicit: truth test (__bool__, __len__)",
    "GET_ITER": "implicit: iteration or unpacking",
    "FOR_ITER": "implicit: iteration or unpacking",
    "UNPACK_SEQUENCE": "implicit: iteration or unpacking",
    "UNPACK_EX": "implicit: iteration or unpacking",
    "LIST_EXTEND": "implicit: iteration or unpacking",
    "DICT_UPDATE": "implicit: iteration or unpacking",
    "DICT_MERGE": "implicit: iteration or unpacking",
    "SEND": "implicit: iteration or unpacking",
    "GET_AWAITABLE": "implicit: iteration or unpacking",
    "GET_AITER": "implicit: iteration or unpacking",
    "GET_ANEXT": "implicit: iteration or unpacking",
    "BEFORE_WITH": "implicit: with statement",
    "BEFORE_ASYNC_WITH": "implicit: with statement",
    "FORMAT_VALUE": "implicit: f-string (__format__, __str__)",
}


@dataclass(frozen=True)
class Scope:
    """One code object's place in the source: what it maps to in brownfield's graph."""

    kind: str  # function, lambda, class, module, comprehension
    qualname: str  # dotted, without <locals> (brownfield's style)
    def_line: int  # the `def`/`class` line (co_firstlineno is the decorator line)
    name: str
    parent: Scope | None  # the enclosing scope (for comprehensions)


def run(cmd: list[str], **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, check=True, capture_output=True, text=True, **kwargs)


# -- preparing a package ---------------------------------------------------------------------


def fetch_sdist(name: str, package: Package, where: Path) -> Path:
    """Download and unpack the pinned sdist; the unpacked folder."""
    where.mkdir(parents=True)
    run(
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            "-q",
            "--disable-pip-version-check",
            "--no-binary",
            ":all:",
            "--no-deps",
            "--dest",
            str(where),
            f"{name}=={package.version}",
        ]
    )
    (archive,) = [p for p in where.iterdir() if p.name.endswith((".tar.gz", ".zip"))]
    with tarfile.open(archive) as tar:
        tar.extractall(where, filter="data")
    (folder,) = [p for p in where.iterdir() if p.is_dir()]
    return folder


def make_env(where: Path, sdist: Path, package: Package) -> Path:
    """A virtual environment with the package (from its sdist), pytest and the test needs,
    and the tracer; its interpreter."""
    venv.EnvBuilder(with_pip=True, symlinks=True).create(where)
    python = where / "bin" / "python"
    run(
        [
            str(python),
            "-m",
            "pip",
            "install",
            "-q",
            "--disable-pip-version-check",
            str(sdist),
            PYTEST,
            *package.test_requires,
        ]
    )
    purelib = run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]
    ).stdout.strip()
    (Path(purelib) / "bf_trace.py").write_text(TRACER, "utf-8")
    (Path(purelib) / "bf_trace.pth").write_text("import bf_trace\n", "utf-8")
    return python


def package_roots(python: Path, sdist: Path, package: Package) -> list[str]:
    """Every folder the package's code may be imported from: the installed copy and the
    sdist's (a flat layout's tests import the sdist's, which pytest puts on sys.path)."""
    purelib = run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]
    ).stdout.strip()
    roots = []
    for folder in package.folders:
        roots.append(os.path.realpath(Path(purelib) / folder) + os.sep)
        roots.append(os.path.realpath(sdist / package.source_root / folder) + os.sep)
    return roots


def run_tests(python: Path, sdist: Path, package: Package, out: Path, roots: list[str]) -> dict:
    """Run the test suite under the tracer; the traced rows (merged over processes) and the
    pytest summary line."""
    tests_root = os.path.realpath(sdist) + os.sep
    out.parent.mkdir(parents=True, exist_ok=True)
    env = {
        **os.environ,
        "BF_TRACE_OUT": str(out),
        "BF_TRACE_PACKAGE": json.dumps(roots),
        # any other file of the sdist (tests, conftest) is a test file; the package roots are
        # checked first
        "BF_TRACE_TESTS": json.dumps([tests_root]),
        "PYTHONDONTWRITEBYTECODE": "1",
        "PYTHONHASHSEED": "0",
    }
    env.pop("PYTHONPATH", None)
    started = time.perf_counter()
    proc = subprocess.run(
        [str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider", *package.tests],
        cwd=sdist,
        env=env,
        capture_output=True,
        text=True,
        timeout=TEST_TIMEOUT_S,
        stdin=subprocess.DEVNULL,
    )
    seconds = round(time.perf_counter() - started, 1)
    lines = [line for line in proc.stdout.splitlines() if line.strip()]
    summary = lines[-1].strip("= ") if lines else f"exit {proc.returncode}"
    rows = []
    for part in sorted(out.parent.glob(out.name + ".*.json")):
        rows.extend(json.loads(part.read_text("utf-8")))
    return {"rows": rows, "summary": summary, "exit": proc.returncode, "seconds": seconds}


def traced_run(
    name: str, package: Package, work: Path, cache: Path | None
) -> tuple[Path, list[str], dict]:
    """The unpacked sdist, the package roots and the traced test run, from `cache` when an
    earlier run left them there (the sdist and the traces are pinned, so they do not change)."""
    saved = cache / f"{name}-{package.version}" if cache else None
    if saved is not None and (saved / "tests.json").is_file():
        data = json.loads((saved / "tests.json").read_text("utf-8"))
        return saved / "sdist" / data["sdist"], data["roots"], data["tests"]
    sdist = fetch_sdist(name, package, work / "dl")
    python = make_env(work / "venv", sdist, package)
    roots = package_roots(python, sdist, package)
    tests = run_tests(python, sdist, package, work / "trace" / "calls", roots)
    if saved is not None:
        shutil.rmtree(saved, ignore_errors=True)
        ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
        shutil.copytree(sdist, saved / "sdist" / sdist.name, ignore=ignore)
        data = {"sdist": sdist.name, "roots": roots, "tests": tests}
        (saved / "tests.json").write_text(json.dumps(data), "utf-8")
    return sdist, roots, tests


def make_repo(sdist: Path, package: Package, dest: Path, with_tests: bool) -> None:
    """A git repository holding a copy of the package's source folder(s) (and the tests)."""
    dest.mkdir(parents=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for folder in package.folders:
        shutil.copytree(sdist / package.source_root / folder, dest / folder, ignore=ignore)
    if with_tests:
        for item in package.tests:
            if (sdist / item).is_dir():
                shutil.copytree(sdist / item, dest / item, ignore=ignore)
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "package snapshot"]):
        run([*GIT, *args], cwd=dest)


def brownfield(*args: str) -> subprocess.CompletedProcess:
    return run([sys.executable, "-m", "brownfield", *args])


def build_graph(repo: Path) -> tuple[dict, dict]:
    """brownfield's build summary and its JSON export of the repository."""
    summary = json.loads(brownfield("graph", "build", "--repo", str(repo), "--json").stdout)
    export = json.loads(
        brownfield("graph", "export", "--format", "json", "--repo", str(repo)).stdout
    )
    return summary, export


# -- mapping code objects to node ids ---------------------------------------------------------


def scopes_of(source: str) -> dict[tuple[int, str], Scope]:
    """Every code object a Python 3.11 file makes, keyed by (co_firstlineno, co_name)."""
    tree = ast.parse(source)
    found: dict[tuple[int, str], list[Scope]] = {}
    comprehension_names = {
        ast.ListComp: "<listcomp>",
        ast.SetComp: "<setcomp>",
        ast.DictComp: "<dictcomp>",
        ast.GeneratorExp: "<genexpr>",
    }

    def add(first: int, name: str, scope: Scope) -> None:
        found.setdefault((first, name), []).append(scope)

    def visit(node: ast.AST, parent: Scope, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            scope = None
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                first = min([d.lineno for d in child.decorator_list] + [child.lineno])
                kind = "class" if isinstance(child, ast.ClassDef) else "function"
                qual = f"{prefix}{child.name}"
                scope = Scope(kind, qual, child.lineno, child.name, parent)
                add(first, child.name, scope)
                visit(child, scope, qual + ".")
                continue
            if isinstance(child, ast.Lambda):
                scope = Scope("lambda", "", child.lineno, "<lambda>", parent)
                add(child.lineno, "<lambda>", scope)
                visit(child, scope, prefix)
                continue
            name = comprehension_names.get(type(child))
            if name is not None:
                scope = Scope("comprehension", "", child.lineno, name, parent)
                add(child.lineno, name, scope)
                visit(child, scope, prefix)
                continue
            visit(child, parent, prefix)

    module = Scope("module", "", 1, "<module>", None)
    found[(1, "<module>")] = [module]
    visit(tree, module, "")
    # two code objects with one key (e.g. two lambdas on a line) are ambiguous: left out
    return {key: scopes[0] for key, scopes in found.items() if len(scopes) == 1}


class NodeMap:
    """Maps traced code objects (file, co_firstlineno, co_name) to brownfield node ids."""

    def __init__(self, repo: Path, export: dict, folders: tuple[str, ...], roots: list[str]):
        self.repo = repo
        self.roots = roots
        self.by_line: dict[tuple[str, int], list[dict]] = {}
        self.ids = {n["id"]: n for n in export["nodes"]}
        for node in export["nodes"]:
            if node["path"] and node["line"] is not None:
                self.by_line.setdefault((node["path"], node["line"]), []).append(node)
        self.scopes: dict[str, dict[tuple[int, str], Scope]] = {}
        self.folders = folders

    def rel_path(self, filename: str) -> str | None:
        for root in self.roots:
            if filename.startswith(root):
                folder = Path(root).name
                return f"{folder}/{filename[len(root) :]}"
        return None

    def file_scopes(self, rel: str) -> dict[tuple[int, str], Scope]:
        if rel not in self.scopes:
            path = self.repo / rel
            try:
                self.scopes[rel] = scopes_of(path.read_text("utf-8"))
            except (OSError, SyntaxError, UnicodeDecodeError):
                self.scopes[rel] = {}
        return self.scopes[rel]

    def node_of(self, rel: str, scope: Scope) -> tuple[str | None, str]:
        """The node id of a scope and why not (an exclusion reason) when there is none."""
        while scope.kind == "comprehension":
            assert scope.parent is not None
            scope = scope.parent
        if scope.kind == "module":
            return (rel if rel in self.ids else None), "module not in graph"
        wanted = {"function": ("function", "method"), "class": ("class",), "lambda": ("function",)}
        candidates = [
            n
            for n in self.by_line.get((rel, scope.def_line), [])
            if n["kind"] in wanted[scope.kind]
            and (
                n["name"] == scope.name
                or (scope.kind == "lambda" and n["name"].startswith("<lambda"))
            )
        ]
        if len(candidates) == 1:
            return candidates[0]["id"], ""
        if scope.kind != "lambda" and f"{rel}::{scope.qualname}" in self.ids:
            return f"{rel}::{scope.qualname}", ""
        return None, f"no {scope.kind} node at {rel}:{scope.def_line}"

    def caller(self, filename: str, first: int, name: str) -> tuple[str | None, str]:
        rel = self.rel_path(filename)
        if rel is None:
            return None, "not package source"
        scope = self.file_scopes(rel).get((first, name))
        if scope is None:
            return None, "code object not found in the file (generated or ambiguous)"
        return self.node_of(rel, scope)

    def callee(self, filename: str, first: int, name: str) -> tuple[str | None, str]:
        rel = self.rel_path(filename)
        if rel is None:
            return None, "not package source"
        scope = self.file_scopes(rel).get((first, name))
        if scope is None:
            return None, "code object not found in the file (generated or ambiguous)"
        if scope.kind in ("comprehension", "class", "module"):
            return None, f"callee is a {scope.kind}"
        return self.node_of(rel, scope)


@dataclass
class Traced:
    """What the tracer saw of one (caller, callee) pair."""

    sites: set[str]  # path:line of the calls
    # how the caller reached it: "call" (a call written in the caller), an implicit kind
    # (OP_KINDS), or the C function it went through (such as `sorted`, `list.sort`)
    how: set[str]
    generator: bool  # the callee is a generator or coroutine (counted at its first resume)

    def add(self, site: str, how: str) -> None:
        self.sites.add(site)
        self.how.add(how)

    @property
    def direct(self) -> bool:
        """Called by a call written in the caller at least once, not through a C function, and
        not a generator (whose first resume may happen away from where it was made)."""
        return "call" in self.how and not self.generator

    @property
    def kind(self) -> str:
        """One word for how it was reached, the most explicit first."""
        if self.generator:
            return "generator (first resume)"
        if "call" in self.how:
            return "call"
        implicit = sorted(h for h in self.how if h in OP_KINDS.values())
        if implicit:
            return implicit[0]
        if any(h.startswith("C: ") for h in self.how):
            return "through a C function"
        return min(self.how)


def traced_pairs(
    rows: list, node_map: NodeMap, tests_map: NodeMap | None
) -> tuple[dict, dict, dict]:
    """package -> package pairs {(caller id, callee id): sorted call sites}, tests -> package
    pairs likewise (when `tests_map` is given), and the counts of what was left out."""
    pairs: dict[tuple[str, str], Traced] = {}
    test_pairs: dict[tuple[str, str], Traced] = {}
    excluded: dict[str, int] = {}
    for row in rows:
        caller_file, caller_first, caller_name, line = row[:4]
        callee_file, callee_first, callee_name, via, generator, op = row[4:]
        how = f"C: {via}" if via else OP_KINDS.get(op, f"op: {op}")
        if callee_name == "__del__":
            # run by the garbage collector in whatever frame is current: not a call
            excluded["callee: __del__"] = excluded.get("callee: __del__", 0) + 1
            continue
        callee, why = node_map.callee(callee_file, callee_first, callee_name)
        if callee is None:
            excluded[f"callee: {why}"] = excluded.get(f"callee: {why}", 0) + 1
            continue
        if node_map.rel_path(caller_file) is None:
            if tests_map is None:
                continue
            caller, why = tests_map.caller(caller_file, caller_first, caller_name)
            if caller is not None:
                rel = tests_map.rel_path(caller_file)
                entry = test_pairs.setdefault((caller, callee), Traced(set(), set(), generator))
                entry.add(f"{rel}:{line}", how)
            continue
        caller, why = node_map.caller(caller_file, caller_first, caller_name)
        if caller is None:
            excluded[f"caller: {why}"] = excluded.get(f"caller: {why}", 0) + 1
            continue
        rel = node_map.rel_path(caller_file)
        pairs.setdefault((caller, callee), Traced(set(), set(), generator)).add(
            f"{rel}:{line}", how
        )
    inherited = inherited_c_methods(node_map)
    for pair, seen in list(pairs.items()):
        if all(how.removeprefix("C: ") in inherited for how in seen.how):
            del pairs[pair]  # the C base's own code calls it (see `inherited_c_methods`)
            why = "inside a C method a package class inherits"
            excluded[why] = excluded.get(why, 0) + 1
    return pairs, test_pairs, excluded


def inherited_c_methods(node_map: NodeMap) -> set[str]:
    """`Class.method` of the package classes whose method is none of theirs: inherited from
    a C base outside the package (`_NamedTextIOWrapper.read` is `io.TextIOWrapper.read`).

    Rule: a traced pair is left out when every call of it ran inside such a method (the
    tracer's `c_call`): the C base's code, not any Python call site, calls the callee
    (TextIOWrapper's `read` calls its buffer's `read1`, its `__init__` and `detach` read the
    wrapped stream's attributes through `__getattr__`). A static tool reads no C code, and
    the caller wrote a call of the wrapper's method, which is not the callee.
    """
    classes: dict[str, set[str]] = {}  # class name -> the names of its methods
    for node in node_map.ids.values():
        if node["kind"] == "class":
            classes.setdefault(node["name"], set())
    for node in node_map.ids.values():
        if node["kind"] == "method":
            owner = node["id"].partition("::")[2].rpartition(".")[0].rpartition(".")[2]
            if owner in classes:
                classes[owner].add(node["name"])
    return {
        f"{name}.{method}"
        for name, methods in classes.items()
        for method in _C_BASE_METHODS
        if method not in methods
    }


#: The methods of the `io` C classes through which the traced C code reaches Python code
#: of the stream they wrap (the rule of `inherited_c_methods`).
_C_BASE_METHODS = ("__init__", "detach", "read", "readline", "readlines", "write", "flush")


class TestsMap(NodeMap):
    """Maps test code objects to node ids in the graph built with the tests."""

    def __init__(self, repo: Path, export: dict, sdist: Path, tests: tuple[str, ...]):
        roots = [os.path.realpath(sdist / t) + os.sep for t in tests if (sdist / t).is_dir()]
        super().__init__(repo, export, tests, roots)

    def rel_path(self, filename: str) -> str | None:
        for root in self.roots:
            if filename.startswith(root):
                return f"{Path(root).name}/{filename[len(root) :]}"
        return None


# -- figures ----------------------------------------------------------------------------------


def static_edges(export: dict) -> dict[tuple[str, str], dict]:
    """(src, dst) -> {"label": the most certain label, "sites": [...]} for `calls` edges."""
    edges: dict[tuple[str, str], dict] = {}
    for edge in export["edges"]:
        if edge["kind"] != "calls":
            continue
        entry = edges.setdefault((edge["src"], edge["dst"]), {"rank": len(LABELS), "sites": []})
        label = edge["resolution"]
        rank = LABELS.index(label) if label in LABELS else len(LABELS)
        entry["rank"] = min(entry["rank"], rank)
        entry["sites"].append(f"{edge['path']}:{edge['line']}")
    return edges


def recall_row(traced: dict, edges: dict) -> dict:
    found = [edges[p]["rank"] for p in traced if p in edges]
    row = {"traced": len(traced), "found": len(found)}
    row["recall"] = ratio(len(found), len(traced))
    direct = [p for p, seen in traced.items() if seen.direct]
    row["direct"] = len(direct)
    row["direct_found"] = sum(1 for p in direct if p in edges)
    row["direct_recall"] = ratio(row["direct_found"], row["direct"])
    by_kind: dict[str, list[int]] = {}
    for pair, seen in traced.items():
        counts = by_kind.setdefault(seen.kind, [0, 0])
        counts[0] += 1
        counts[1] += pair in edges
    row["by_kind"] = by_kind
    row["by_level"] = {
        label: ratio(sum(1 for r in found if r <= i), len(traced)) for i, label in enumerate(LABELS)
    }
    return row


def ratio(num: int, den: int) -> float | None:
    return num / den if den else None


def load_keyed(path: Path, key: str) -> dict[tuple[str, str, str, str], dict]:
    if not path.exists():
        return {}
    data = json.loads(path.read_text("utf-8"))
    return {(v["package"], v["version"], v["caller"], v["callee"]): v for v in data[key]}


def source_line(repo: Path, site: str) -> str:
    path, _, line = site.rpartition(":")
    try:
        lines = (repo / path).read_text("utf-8", "replace").splitlines()
        return lines[int(line) - 1].strip()[:120]
    except (OSError, IndexError, ValueError):
        return ""


def sample_order(pairs: list[tuple[str, str]], seed: int, package: str) -> list[tuple[str, str]]:
    """Pairs in a seeded order that does not depend on the other pairs: a pair that comes
    or goes moves no other pair."""

    def key(pair: tuple[str, str]) -> str:
        return hashlib.sha256(f"{seed}:{package}:{pair[0]}:{pair[1]}".encode()).hexdigest()

    return sorted(pairs, key=key)


def analyse(
    name: str,
    package: Package,
    repo: Path,
    export: dict,
    traced: dict,
    args: argparse.Namespace,
    verdicts: dict,
    misses: dict,
) -> dict:
    edges = static_edges(export)
    kinds = {n["id"]: n["kind"] for n in export["nodes"]}
    row = {"version": package.version, "split": package.split, **recall_row(traced, edges)}

    # precision: static edges into package functions/methods never traced
    candidates = sorted(
        p
        for p in edges
        if kinds.get(p[1]) in ("function", "method")
        and kinds.get(p[0]) in ("function", "method", "class", "module")
        and p not in traced
    )
    row["static"] = sum(
        1
        for p in edges
        if kinds.get(p[1]) in ("function", "method")
        and kinds.get(p[0]) in ("function", "method", "class", "module")
    )
    row["static_untraced"] = len(candidates)
    sampled: list[tuple[str, str]] = []
    fresh: list[tuple[str, str]] = []  # the next edges in the same order (--fresh-sample)
    static_sampled = 0
    for pair in sample_order(candidates, args.seed, name):
        if static_sampled >= args.precision_sample + args.fresh_sample:
            break
        (sampled if static_sampled < args.precision_sample else fresh).append(pair)
        static_sampled += LABELS[edges[pair]["rank"]] not in DYNAMIC
    sampled.sort()
    fresh.sort()
    fresh_static = [p for p in fresh if LABELS[edges[p]["rank"]] not in DYNAMIC]
    fresh_verdicts = [verdicts.get((name, package.version, *p)) for p in fresh_static]
    row["fresh_checked"] = sum(v is not None for v in fresh_verdicts)
    row["fresh_right"] = sum(bool(v and v["call"]) for v in fresh_verdicts)
    row["fresh_false_edges"] = [
        {"caller": p[0], "callee": p[1], "reason": v["reason"]}
        for p, v in zip(fresh_static, fresh_verdicts, strict=True)
        if v is not None and not v["call"]
    ]
    checked = right = right_strict = checked_dynamic = right_dynamic = 0
    unchecked: list[dict] = []
    false_edges: list[dict] = []
    for caller, callee in sampled + fresh_static:
        verdict = verdicts.get((name, package.version, caller, callee))
        if (caller, callee) in fresh_static:
            if verdict is None:
                unchecked.append(_unchecked(name, package, repo, edges, caller, callee, True))
            continue
        if verdict is None:
            unchecked.append(_unchecked(name, package, repo, edges, caller, callee, False))
            continue
        checked += 1
        right += bool(verdict["call"])
        if LABELS[edges[(caller, callee)]["rank"]] in DYNAMIC:
            checked_dynamic += 1
            right_dynamic += bool(verdict["call"])
        right_strict += bool(verdict["call"]) and verdict.get("basis") != "declared-type"
        if not verdict["call"]:
            false_edges.append({"caller": caller, "callee": callee, "reason": verdict["reason"]})
    row.update(
        precision_sampled=len(sampled), checked=checked, right=right, right_strict=right_strict
    )
    row.update(checked_dynamic=checked_dynamic, right_dynamic=right_dynamic)
    row["precision"] = ratio(right, checked)
    row["precision_strict"] = ratio(right_strict, checked)
    row["false_edges"] = false_edges
    row["unchecked"] = unchecked

    # misses
    missed = sorted(p for p in traced if p not in edges)
    rng = random.Random(f"{args.seed}:misses:{name}")
    sampled_misses = sorted(rng.sample(missed, min(args.miss_sample, len(missed))))
    categories: dict[str, int] = {}
    examples: dict[str, list[str]] = {}
    unclassified = []
    for caller, callee in sampled_misses:
        entry = misses.get((name, package.version, caller, callee))
        if entry is None:
            seen = traced[(caller, callee)]
            sites = sorted(seen.sites)
            unclassified.append(
                {
                    "package": name,
                    "version": package.version,
                    "caller": caller,
                    "callee": callee,
                    "how": sorted(seen.how),
                    "generator": seen.generator,
                    "sites": sites,
                    "source": [source_line(repo, s) for s in sites[:3]],
                }
            )
            continue
        categories[entry["category"]] = categories.get(entry["category"], 0) + 1
        examples.setdefault(entry["category"], []).append(entry["site"])
    row.update(missed=len(missed), miss_sampled=len(sampled_misses), categories=categories)
    row["missed_pairs"] = [
        {
            "caller": caller,
            "callee": callee,
            "how": sorted(traced[(caller, callee)].how),
            "generator": traced[(caller, callee)].generator,
            "sites": sorted(traced[(caller, callee)].sites),
            "source": [source_line(repo, s) for s in sorted(traced[(caller, callee)].sites)[:3]],
        }
        for caller, callee in missed
    ]
    row["examples"] = examples
    row["unclassified"] = unclassified
    return row


def _unchecked(
    name: str,
    package: Package,
    repo: Path,
    edges: dict,
    caller: str,
    callee: str,
    fresh: bool,
) -> dict:
    """A sampled edge lacking a verdict, with its call sites' source lines."""
    sites = edges[(caller, callee)]["sites"]
    return {
        "package": name,
        "version": package.version,
        "caller": caller,
        "callee": callee,
        "label": LABELS[edges[(caller, callee)]["rank"]],
        "fresh": fresh,
        "sites": sites,
        "source": [source_line(repo, s) for s in sites[:3]],
    }


def add_up(rows: list[dict]) -> dict:
    keys = ("traced", "found", "direct", "direct_found", "checked", "right", "right_strict")
    keys += ("checked_dynamic", "right_dynamic", "fresh_checked", "fresh_right")
    total = {key: sum(r[key] for r in rows) for key in keys}
    total["precision_static"] = ratio(
        total["right"] - total["right_dynamic"], total["checked"] - total["checked_dynamic"]
    )
    total["precision_dynamic"] = ratio(total["right_dynamic"], total["checked_dynamic"])
    total["precision_fresh"] = ratio(total["fresh_right"], total["fresh_checked"])
    total["precision_static_both"] = ratio(
        total["right"] - total["right_dynamic"] + total["fresh_right"],
        total["checked"] - total["checked_dynamic"] + total["fresh_checked"],
    )
    total["recall"] = ratio(total["found"], total["traced"])
    total["direct_recall"] = ratio(total["direct_found"], total["direct"])
    total["precision"] = ratio(total["right"], total["checked"])
    total["precision_strict"] = ratio(total["right_strict"], total["checked"])
    total["by_level"] = {
        label: ratio(
            sum(round((r["by_level"][label] or 0) * r["traced"]) for r in rows), total["traced"]
        )
        for label in LABELS
    }
    for key in ("static", "static_untraced", "missed", "miss_sampled", "precision_sampled"):
        total[key] = sum(r[key] for r in rows)
    by_kind: dict[str, list[int]] = {}
    for r in rows:
        for kind, (n, found) in r["by_kind"].items():
            counts = by_kind.setdefault(kind, [0, 0])
            counts[0] += n
            counts[1] += found
    total["by_kind"] = dict(sorted(by_kind.items(), key=lambda kv: (-kv[1][0], kv[0])))
    categories: dict[str, int] = {}
    for r in rows:
        for cat, n in r["categories"].items():
            categories[cat] = categories.get(cat, 0) + n
    total["categories"] = dict(sorted(categories.items(), key=lambda kv: (-kv[1], kv[0])))
    examples: dict[str, list[str]] = {}
    for r in rows:
        for cat, sites in r["examples"].items():
            examples.setdefault(cat, []).extend(sites)
    total["examples"] = examples
    # misses the hand classification puts on the tracer (not brownfield), scaled to all misses
    classified = sum(categories.values())
    artifacts = sum(n for cat, n in categories.items() if cat.startswith("tracer:"))
    if classified:
        expected = total["missed"] * artifacts / classified
        total["recall_without_tracer_artifacts"] = ratio(
            total["found"], round(total["traced"] - expected)
        )
    else:
        total["recall_without_tracer_artifacts"] = None
    # traced static edges are right by construction; untraced ones at the sample's rate
    if total["precision"] is not None and total["static"]:
        estimate = total["static"] - total["static_untraced"] * (1 - total["precision"])
        total["precision_estimate_all_static"] = estimate / total["static"]
    else:
        total["precision_estimate_all_static"] = None
    return total


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--packages", nargs="+", choices=sorted(PACKAGES), default=list(PACKAGES))
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    ap.add_argument(
        "--precision-sample",
        type=int,
        default=DEFAULT_PRECISION_SAMPLE,
        help="untraced static edges checked per package (override/dispatch ones met too)",
    )
    ap.add_argument(
        "--fresh-sample",
        type=int,
        default=DEFAULT_FRESH_SAMPLE,
        help="the next N static edges per package after the seeded sample, in the same"
        " order: a second sample, judged after the first (precision printed apart)",
    )
    ap.add_argument("--miss-sample", type=int, default=DEFAULT_MISS_SAMPLE)
    ap.add_argument("--no-tests-figure", action="store_true", help="skip tests -> package pairs")
    ap.add_argument("--show-unchecked", action="store_true", help="sampled edges lacking a verdict")
    ap.add_argument("--show-unclassified", action="store_true", help="sampled misses to classify")
    ap.add_argument("--keep", type=Path, help="keep the work folder here (for reading the code)")
    ap.add_argument(
        "--cache",
        type=Path,
        help="keep each package's sdist and traced calls here and reuse them on later runs"
        " (only brownfield's graph is rebuilt: for re-measuring after a resolver change)",
    )
    ap.add_argument(
        "--show-missed", action="store_true", help="list every missed traced pair (not sampled)"
    )
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args()

    verdicts = load_keyed(VERDICTS, "verdicts")
    misses = load_keyed(MISSES, "misses")
    started = time.perf_counter()
    results: dict = {"python": sys.version.split()[0], "seed": args.seed, "packages": {}}
    problems: list[str] = []
    tmp = tempfile.mkdtemp(prefix="bf-trace-")
    try:
        for name in args.packages:
            package = PACKAGES[name]
            work = Path(tmp) / name
            sdist, roots, tests = traced_run(name, package, work, args.cache)
            repo = work / "repo"
            make_repo(sdist, package, repo, with_tests=False)
            summary, export = build_graph(repo)
            node_map = NodeMap(repo, export, package.folders, roots)
            tests_map = tests_export = None
            if not args.no_tests_figure:
                tests_repo = work / "repo-with-tests"
                make_repo(sdist, package, tests_repo, with_tests=True)
                _, tests_export = build_graph(tests_repo)
                tests_map = TestsMap(tests_repo, tests_export, sdist, package.tests)
            traced, test_pairs, excluded = traced_pairs(tests["rows"], node_map, tests_map)
            row = analyse(name, package, repo, export, traced, args, verdicts, misses)
            row.update(
                tests=tests["summary"],
                tests_seconds=tests["seconds"],
                files=summary["parsed"],
                lines=summary["lines"],
                excluded=excluded,
            )
            if tests["exit"] not in (0, 1):
                problems.append(f"{name}: pytest exit {tests['exit']}: {tests['summary']}")
            if tests_export is not None:
                row["tests_to_package"] = recall_row(test_pairs, static_edges(tests_export))
            results["packages"][name] = row
    finally:
        if args.keep:
            shutil.rmtree(args.keep, ignore_errors=True)
            shutil.copytree(tmp, args.keep, symlinks=True, ignore=shutil.ignore_patterns("venv"))
        shutil.rmtree(tmp, ignore_errors=True)

    rows = results["packages"]
    for half in ("tune", "holdout"):
        part = [r for r in rows.values() if r["split"] == half]
        if part:
            results[half] = add_up(part)
    total = results["total"] = add_up(list(rows.values()))
    results["checks"] = {
        "recall": {
            "value": total["recall"],
            "target": f">= {MIN_RECALL:.0%}",
            "pass": (total["recall"] or 0) >= MIN_RECALL,
        },
        "precision_checked": {  # of the static edges: override/dispatch are labelled apart
            "value": total["precision_static"],
            "target": f">= {MIN_PRECISION:.0%}",
            "pass": (total["precision_static"] or 0) >= MIN_PRECISION,
        },
        "precision_fresh": {  # the second sample (--fresh-sample), judged apart
            "value": total["precision_fresh"],
            "target": f">= {MIN_PRECISION:.0%}",
            "pass": (total["precision_fresh"] or 0) >= MIN_PRECISION or not args.fresh_sample,
        },
    }
    results["problems"] = problems
    results["all_pass"] = all(c["pass"] for c in results["checks"].values())
    results["elapsed_s"] = round(time.perf_counter() - started, 1)
    if args.json:
        print(json.dumps(results, indent=2, sort_keys=True))
    else:
        print_text(results, args)
    return 0 if results["all_pass"] else 1


def pct(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.1%}"


def print_text(r: dict, args: argparse.Namespace) -> None:
    print(f"python {r['python']}; seed {r['seed']}; {PYTEST}")
    levels = "".join(f" {label[:8]:>8}" for label in LABELS[:-1])
    print(
        f"{'package':<22} {'split':<7} {'traced':>6} {'found':>6} {'recall':>7} {'direct':>6}"
        f" {'d.recall':>8} |{levels} |"
        f" {'static':>6} {'untr.':>6} {'checked':>7} {'right':>5} {'prec.':>6}"
    )

    def line(label: str, split: str, row: dict) -> str:
        by_level = "".join(f" {pct(row['by_level'][lv]):>8}" for lv in LABELS[:-1])
        return (
            f"{label:<22} {split:<7} {row['traced']:>6} {row['found']:>6} {pct(row['recall']):>7}"
            f" {row['direct']:>6} {pct(row['direct_recall']):>8} |"
            f"{by_level} | {row['static']:>6} {row['static_untraced']:>6} {row['checked']:>7}"
            f" {row['right']:>5} {pct(row['precision']):>6}"
        )

    for name, row in r["packages"].items():
        print(line(f"{name} {row['version']}", row["split"], row))
    for half in ("tune", "holdout"):
        if half in r:
            print(line(half, "", r[half]))
    print(line("total", "", r["total"]))
    print(
        "  direct: traced pairs called straight from the caller's Python code (not only through"
        " a C function such as sorted/next/list, and not a generator); d.recall: their recall"
    )
    print(
        "  recall columns after `|`: recall when only edges at least as certain as the label"
        " count (--min-confidence); the `recall` column is any label (unique-name included)"
    )
    print(
        "  static: calls edges into package functions/methods; untr.: of those never traced;"
        " checked/right: the seeded sample of untraced edges with a hand verdict"
    )
    print(
        "  precision counting as wrong the edges to a base method that is overridden wherever"
        f" it runs (verdict basis `declared-type`): {pct(r['total']['precision_strict'])}"
        f" ({r['total']['right_strict']}/{r['total']['checked']})"
    )
    t = r["total"]
    print(
        f"  precision of the checked static edges (labels other than {', '.join(DYNAMIC)}):"
        f" {pct(t['precision_static'])} ({t['right'] - t['right_dynamic']}/"
        f"{t['checked'] - t['checked_dynamic']}); of the checked {'/'.join(DYNAMIC)} edges,"
        f" which say a call may dispatch there: {pct(t['precision_dynamic'])}"
        f" ({t['right_dynamic']}/{t['checked_dynamic']})"
    )
    print(
        f"  fresh sample (--fresh-sample {args.fresh_sample}: the next static edges per package"
        f" in the same order): {pct(t['precision_fresh'])} ({t['fresh_right']}/"
        f"{t['fresh_checked']}); both samples together: {pct(t['precision_static_both'])}"
        f" ({t['right'] - t['right_dynamic'] + t['fresh_right']}/"
        f"{t['checked'] - t['checked_dynamic'] + t['fresh_checked']})"
    )
    for name, row in r["packages"].items():
        print(
            f"    {name}: seeded {row['right'] - row['right_dynamic']}/"
            f"{row['checked'] - row['checked_dynamic']}, fresh {row['fresh_right']}/"
            f"{row['fresh_checked']}"
        )
    for name, row in r["packages"].items():
        for edge in row["false_edges"]:
            print(f"  false edge ({name}): {edge['caller']} -> {edge['callee']}: {edge['reason']}")
        for edge in row["fresh_false_edges"]:
            print(
                f"  false edge, fresh ({name}): {edge['caller']} -> {edge['callee']}:"
                f" {edge['reason']}"
            )
    est = r["total"]["precision_estimate_all_static"]
    print(f"  precision estimated over all static edges (traced ones right): {pct(est)}")
    for name, row in r["packages"].items():
        tp = row.get("tests_to_package")
        tp_text = (
            f"; tests->package pairs {tp['traced']}, found {tp['found']} ({pct(tp['recall'])})"
            if tp
            else ""
        )
        print(
            f"  {name}: {row['files']} files, {row['lines']:,} lines; tests: {row['tests']}"
            f" ({row['tests_seconds']} s traced){tp_text}"
        )
        if row["excluded"]:
            ex = ", ".join(f"{k} {v}" for k, v in sorted(row["excluded"].items()))
            print(f"    left out of the traced pairs: {ex}")
    total = r["total"]
    print("traced pairs by how the caller reached the callee (all pairs, from the tracer):")
    print(f"  {'how':<58} {'traced':>6} {'found':>6} {'missed':>6} {'recall':>7}")
    for kind, (n, found) in total["by_kind"].items():
        print(f"  {kind:<58} {n:>6} {found:>6} {n - found:>6} {pct(ratio(found, n)):>7}")
    print(
        f"missed traced pairs: {total['missed']}; classified by hand "
        f"{sum(total['categories'].values())} of {total['miss_sampled']} sampled:"
    )
    for cat, n in total["categories"].items():
        sites = ", ".join(total["examples"][cat][:3])
        print(f"  {n:>4}  {cat:<36} e.g. {sites}")
    print(
        "  recall with the misses that the sample puts on the tracer left out (estimate): "
        f"{pct(total['recall_without_tracer_artifacts'])}"
    )
    for name, check in r["checks"].items():
        status = "PASS" if check["pass"] else "FAIL"
        print(f"{name:<18} {pct(check['value']):>7}  target {check['target']:<6} {status}")
    for problem in r["problems"]:
        print(f"PROBLEM: {problem}")
    unchecked = [u for row in r["packages"].values() for u in row["unchecked"]]
    unclassified = [u for row in r["packages"].values() for u in row["unclassified"]]
    print(f"sampled edges without a verdict: {len(unchecked)} (--show-unchecked lists them)")
    print(f"sampled misses not classified: {len(unclassified)} (--show-unclassified lists them)")
    if args.show_unchecked:
        for u in unchecked:
            fresh = " (fresh)" if u["fresh"] else ""
            print(f"  {u['package']} {u['caller']} -> {u['callee']} [{u['label']}]{fresh}")
            for site, text in zip(u["sites"], u["source"], strict=False):
                print(f"      {site}: {text}")
    if args.show_unclassified:
        for u in unclassified:
            how = ", ".join(u["how"]) + (", generator" if u["generator"] else "")
            print(f"  {u['package']} {u['caller']} -> {u['callee']}  ({how})")
            for site, text in zip(u["sites"], u["source"], strict=False):
                print(f"      {site}: {text}")
    if args.show_missed:
        for name, row in r["packages"].items():
            for m in row["missed_pairs"]:
                how = ", ".join(m["how"]) + (", generator" if m["generator"] else "")
                print(f"  missed ({name}) {m['caller']} -> {m['callee']}  ({how})")
                for site, text in zip(m["sites"], m["source"], strict=False):
                    print(f"      {site}: {text}")
    print(f"elapsed {r['elapsed_s']} s")
    print("ALL PASS" if r["all_pass"] else "SOME TARGETS FAILED")


if __name__ == "__main__":
    sys.exit(main())
