"""Where a definition's name is written in the code, outside the definition itself: what a
negative answer about calls cannot rule out (a function passed on, stored in a table), and
all a type is to the code (a type is named, never called).

Read from the files as they are now, at most MAX_WRITTEN_FILES of them. Comments,
docstrings, import statements and messages are not such lines: the graph follows imports,
and a string of words is prose; a name alone in a string may be looked up. A name followed
by a namespace's or a path's separator is a namespace or a folder of that name
(`Psr\\Http\\Message\\StreamInterface`, `'Psr/Http/Message/autoload.php'`), not the definition.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from brownfield.confine import read_bytes_inside
from brownfield.errors import BrownfieldError
from brownfield.graph.roles import is_production, is_test
from brownfield.graph.store import GraphStore
from brownfield.graph.vocabulary import is_keyword
from brownfield.model import Citation, Node, NodeKind
from brownfield.query.code_names import code_lines, without_prose
from brownfield.query.freshness import repository_root
from brownfield.query.reaching_tests import called, is_constructor
from brownfield.query.same_name import landings

MAX_WRITTEN_FILES = 400  # files read for where a name is written
_IMPORT_LINE = re.compile(
    r"\s*(?:from\s+\S+\s+import\b|import\b|export\s*(?:type\s*)?\{[^}]*\}\s*from\b"
    r"|export\s*\*\s*(?:as\s+[\w$]+\s*)?from\b"  # `export * from "./api/configure"`
    r"|(?:pub(?:\([^)]*\))?\s+)?use\s+[\w:\\{]"  # Rust's and PHP's `use a::b;`, `use A\B;`
    r"|(?:const|let|var)\s+[^=]+=\s*require\s*\(\s*['\"][^'\"]+['\"]\s*\)\s*;?\s*$)"
)
#: An import or re-export whose names go on over the next lines (`import {`, `export type {`,
#: `from x import (`), up to the closing bracket: those lines name what the graph follows.
_IMPORT_OPENS = re.compile(
    r"\s*(?:from\s+\S+\s+import\s*\(|import\s+(?:type\s*)?\{|export\s*(?:type\s*)?\{)"
    r"[^)}]*$"
)
_CLOSES = re.compile(r"[)}]")
SHOWN = 3  # sites cited


@dataclass(frozen=True)
class Written:
    """The lines of test or production files (`where`) writing `name`, of `read` files read
    among `total`."""

    name: str
    where: str
    sites: list[tuple[str, int]]
    read: int
    total: int

    def shown(self) -> str:
        listed = ", ".join(f"{path}:{line}" for path, line in self.sites[:SHOWN])
        return listed + (" ..." if len(self.sites) > SHOWN else "")

    def citations(self) -> tuple[Citation, ...]:
        return tuple(Citation(path, line, None, self.name) for path, line in self.sites[:SHOWN])

    def counted(self) -> str:
        files = len({path for path, _ in self.sites})
        return f"{len(self.sites)} line(s) of {files} {self.where} file(s), e.g. {self.shown()}"

    def unread(self) -> str:
        """How many files were left unread, said after a claim that the name is nowhere."""
        left = self.total - self.read
        return f" (the other {left} were not read)" if left > 0 else ""


def written(store: GraphStore, node: Node, tests: bool) -> Written | None:
    """Where the test (`tests`) or production files write the definition's name as a whole
    word (a class's for a constructor), outside the definition, the lines where another
    definition of the name starts and the calls the graph resolved to another that never
    runs this one (`same_name.landings`); None for a module or a name too short or common
    to look for."""
    if node.kind is NodeKind.MODULE:
        return None
    name = called(node)
    if len(name) < 3 or is_keyword(name, node.language):
        return None
    # Ruby's `@abort` is an instance variable, never a call of the method `abort`
    before = r"(?<![\w$@])" if node.language == "ruby" else r"(?<![\w$])"
    # a path's head (`log::Level`) is a crate, a module or a type: never a function's name,
    # nor a construction of the class (`Logger::ProgName`, but `Logger::new`)
    head = (
        r"|::(?!new\b|class\b)"
        if is_constructor(node)
        else r"|::(?!<)"
        if node.kind in (NodeKind.FUNCTION, NodeKind.METHOD)
        else ""
    )
    pattern = re.compile(before + re.escape(name) + rf"(?![\w$\\/]{head})")
    rebound = _rebinding(name)
    declared = _declaring(name)
    wanted = is_test if tests else is_production
    skip = {(edge.path, edge.line or 0) for edge in landings(store, node).ruled_out}
    root = repository_root(store)
    sites: list[tuple[str, int]] = []
    paths = sorted(path for path in store.file_rows() if wanted(path))
    for path in paths[:MAX_WRITTEN_FILES]:
        try:
            text = read_bytes_inside(root, path).decode("utf-8", "replace")
        except BrownfieldError:
            continue
        if name not in text:
            continue
        listing = False  # inside a multi-line import or re-export
        lines = text.splitlines()
        found: list[tuple[str, int]] = []
        # where another definition of the name starts: Java's overloads, `public void
        # schedule(TimerTask task, long delay)`, declare themselves, they call nothing
        others = {n.line for n in store.nodes_where("path", path) if n.name == name}
        for number, line in code_lines(lines):
            if listing:
                listing = not _CLOSES.search(line)
                continue
            if _IMPORT_OPENS.match(line):
                listing = True
                continue
            inside = path == node.path and (node.line or 0) <= number <= (node.end_line or 0)
            if inside or number in others or (path, number) in skip or _IMPORT_LINE.match(line):
                continue
            code = declared.sub(" ", rebound.sub(" ", without_prose(line)))
            if pattern.search(line) and pattern.search(code):
                found.append((path, number))
        sites += _not_local(store, path, lines, found, name)
    where = "test" if tests else "production"
    return Written(name, where, sites, min(len(paths), MAX_WRITTEN_FILES), len(paths))


def _not_local(
    store: GraphStore, path: str, lines: list[str], sites: list[tuple[str, int]], name: str
) -> list[tuple[str, int]]:
    """The sites but those inside a function or method that binds the name itself (`let
    reaction = ...` or `reaction = ...` starting a line, a parameter `reaction` on its
    first line): there the name is its own variable (`return reaction`), not the
    definition. A keyword argument (`f(reaction=reaction)`) binds nothing here."""
    if not sites:
        return []
    escaped = re.escape(name)
    statement = re.compile(
        rf"^\s*(?:(?:let|const|var)\s+{escaped}(?![\w$])"
        rf"|{escaped}\s*(?::[^=]+)?(?::=|=(?![=>])))"
    )
    # Go writes a parameter's name before its type, `(reaction int)`; Java and C# after it,
    # `(Jar jar)`, where the name is the type's
    typed = r"|\s+[\w*\[]" if path.endswith(".go") else ""
    parameter = re.compile(rf"[(,]\s*{escaped}\s*(?:[:,)=]{typed})")
    bodies = [
        n
        for n in store.nodes_where("path", path)
        if n.kind in (NodeKind.FUNCTION, NodeKind.METHOD) and n.line and n.end_line
    ]

    def binds(node: Node) -> bool:
        body = lines[(node.line or 1) - 1 : node.end_line]
        return bool(body) and (
            bool(parameter.search(body[0])) or any(statement.search(line) for line in body)
        )

    local = [n for n in bodies if binds(n)]
    return [
        (at, number)
        for at, number in sites
        if not any((n.line or 0) <= number <= (n.end_line or 0) for n in local)
    ]


def _declaring(name: str) -> re.Pattern[str]:
    """Where a line declares a definition of that name, not the one asked about: another
    `def initialize` (each Ruby class has its own), a class reopened in another file
    (Ruby's `class Logger`), a Go `type Logger struct`. A base list stays (`class
    Handler(Logger)`, `class Handler < Logger`): it names the class. Nor does another
    JavaScript file's `module.exports = ...` name what this one exports. Nor does Ruby's
    `module_function :cp_r` (or `private :cp_r`), which says how the method is called."""
    return re.compile(
        r"\b(?:class|module|struct|interface|enum|trait|def|func|fn|function|type)\s+"
        + re.escape(name)
        + r"(?![\w$])"
        + r"|^\s*(?:module_function|private|public|protected|private_class_method|"
        + r"public_class_method)\b[\s:\w,?!=]*:"
        + re.escape(name)
        + r"(?![\w$?!=])"
        + (r"|\bmodule\.exports\s*=(?!=)" if name == "exports" else "")
    )


def _rebinding(name: str) -> re.Pattern[str]:
    """Where a line binds `name` anew, a variable of its own (`let reaction: Reaction`,
    `reaction = new Reaction(...)`, `reaction := f()`, a parameter `reaction=None`): not
    the definition; what is bound is read on other lines (or on the same line's right
    side, which stays). A type annotation with a default (`config: Config = {}`) names the
    type."""
    escaped = re.escape(name)
    return re.compile(
        rf"\b(?:let|const|var)\s+{escaped}(?![\w$])"
        rf"|(?<![\w$.:])(?<!:\s){escaped}\s*(?::\s*[\w$.<>\[\]|, ]+?)?\s*(?::=|=(?![=>]))"
    )


def written_note(
    store: GraphStore, node: Node, tests: bool, role: str = ""
) -> tuple[str, tuple[Citation, ...]]:
    """How a negative answer may be incomplete beyond calls: where the name is written
    (`written`), as a clause to end the answer with; empty when it is written nowhere and
    every file was read. `role` says what the definition is to the one the fact is about
    (", a caller on the way,")."""
    found = written(store, node, tests)
    if found is None:
        return "", ()
    if not found.sites:
        return (
            f"; `{found.name}` is written in none of the first {found.read} of the "
            f"{found.total} {found.where} files{found.unread()}"
            if found.unread()
            else ""
        ), ()
    return (
        f"; but `{found.name}`{role} is written at {found.counted()}, which may reach it in a "
        "way the graph does not resolve",
        found.citations(),
    )


def type_statement(store: GraphStore, node: Node, tests: bool) -> tuple[str, tuple[Citation, ...]]:
    """What the code does with a type (an interface, a type alias, a Go struct nothing
    converts to): it names it. Said in place of who calls it (`tests`: which tests reach
    it), which no code does."""
    said = f"{node.qualname} ({node.path}:{node.line}) is a type, not code: " + (
        "no test runs it" if tests else "nothing calls it"
    )
    found = written(store, node, tests)
    if found is None:
        return f"{said}.", ()
    if not found.total:
        return f"{said}, and the repository has no {found.where} files.", ()
    if not found.sites:
        scope = f"the first {found.read} of the {found.total}" if found.unread() else "the"
        return (
            f"{said}; its name is written in none of {scope} {found.where} files{found.unread()}.",
            (),
        )
    end = "" if found.counted().endswith("...") else "."
    return f"{said}; its name is written at {found.counted()}{end}", found.citations()
