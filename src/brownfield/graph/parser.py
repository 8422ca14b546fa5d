"""tree-sitter, hidden behind two functions: source bytes in, `FileFacts` (or only the
definitions) out.

This is the only module that imports tree-sitter and the grammar wheels. Queries are
data: every `.scm` file under `grammars/<language>/` is compiled into one query, and
the language's extractor turns the matches into records.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import tree_sitter

from brownfield.graph.facts import Definition, FileFacts
from brownfield.graph.languages import LANGUAGES
from brownfield.graph.preprocessor import first_branches

Extractor = Callable[[Any, bytes, list[tuple[int, dict[str, list[Any]]]]], FileFacts]
#: A language's way to have the parser read the arguments of its macros whose arguments are
#: code: given the source, its tree and a test of whether a text reads without error, the
#: source rewritten byte for byte (`assert_eq!(` -> `assert_eq (`), and the (name, line) of
#: each expression macro so opened, whose call is no call.
Opener = Callable[
    [bytes, tree_sitter.Node, Callable[[bytes], bool]], tuple[bytes, frozenset[tuple[str, int]]]
]


def grammars_dir() -> Path:
    """The query files: inside the installed package, or beside `src/` in a checkout."""
    packaged = Path(str(resources.files("brownfield"))) / "grammars"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[3] / "grammars"


def query_source(language: str, names: tuple[str, ...] = ()) -> str:
    """All query files of a language (or those of these `names`), concatenated in name
    order."""
    folder = grammars_dir() / (LANGUAGES[language].queries or language)
    files = sorted(path for path in folder.glob("*.scm") if not names or path.stem in names)
    if not files:
        raise FileNotFoundError(f"no query files for {language} in {folder}")
    return "\n".join(path.read_text("utf-8") for path in files)


@cache
def _language(
    language: str, names: tuple[str, ...] = ()
) -> tuple[tree_sitter.Parser, tree_sitter.Query, Extractor]:
    spec = LANGUAGES[language]
    wheel = importlib.import_module(spec.grammar_module)
    grammar = tree_sitter.Language(getattr(wheel, spec.grammar_function)())
    query = tree_sitter.Query(grammar, query_source(language, names))
    extractor: Extractor = importlib.import_module(spec.extractor).extract
    return tree_sitter.Parser(grammar), query, extractor


@cache
def _opener(language: str) -> Opener | None:
    """The extractor module's `open_macros`, if it has one (Rust)."""
    opener: Opener | None = getattr(
        importlib.import_module(LANGUAGES[language].extractor), "open_macros", None
    )
    return opener


def _read_macros(
    parser: tree_sitter.Parser, language: str, source: bytes, tree: tree_sitter.Tree
) -> tuple[tree_sitter.Tree, frozenset[tuple[str, int]]]:
    """The tree of the source with its macros' code opened (`_opener`), when that reads as
    cleanly as the source itself; else the source's own tree."""
    opener = _opener(language)
    if opener is None or tree.root_node.has_error:
        return tree, frozenset()
    opened, macros = opener(
        source, tree.root_node, lambda text: not parser.parse(text).root_node.has_error
    )
    if opened == source:
        return tree, frozenset()
    read = parser.parse(opened)
    return (tree, frozenset()) if read.root_node.has_error else (read, macros)


def _tree(parser: tree_sitter.Parser, language: str, source: bytes) -> tuple[Any, bytes]:
    """The source's tree, and the source it is of: for a language with C's preprocessor, a
    source that reads with an error is read as its conditionals' first branches, when they
    read cleanly (`preprocessor`)."""
    tree = parser.parse(source)
    if tree.root_node.has_error and LANGUAGES[language].preprocessed:
        opened = first_branches(source)
        read = parser.parse(opened) if opened != source else tree
        if not read.root_node.has_error:
            return read, opened
    return tree, source


def parse(language: str, source: bytes) -> FileFacts:
    """Parse one file and extract its facts; a syntax error still yields partial facts.

    Code nested too deeply for the extractor (a thousand brackets) yields no facts and
    the status `too-deep`, so that one file never stops a build.
    """
    parser, query, extract = _language(language)
    tree, text = _tree(parser, language, source)
    read, macros = _read_macros(parser, language, text, tree)
    matches = tree_sitter.QueryCursor(query).matches(read.root_node)
    try:
        facts = extract(read.root_node, text, matches)
        if macros:  # the macro itself is no call; what its arguments call is
            facts.calls = [c for c in facts.calls if (c.text, c.line) not in macros]
    except RecursionError:
        facts = FileFacts(language, status="too-deep")
        facts.diagnostic = "nesting too deep to extract; the file's definitions are left out"
    facts.line_count = source.count(b"\n") + (0 if source.endswith(b"\n") or not source else 1)
    if facts.status == "too-deep":
        return facts
    try:
        source.decode("utf-8")
    except UnicodeDecodeError as exc:
        facts.status = "invalid-utf8"
        facts.diagnostic = f"invalid UTF-8 at byte {exc.start}"
    else:
        if tree.root_node.has_error:
            facts.status = "syntax-error"
            facts.diagnostic = f"syntax error near line {_first_error_line(tree.root_node)}"
    return facts


def definitions(language: str, source: bytes) -> list[Definition]:
    """The definitions of one file, as `parse` finds them, from only the language's
    definition queries (`LanguageSpec.definition_queries`): Python's tags query alone
    compiles in a fifth of the time all its queries take, and has fewer matches.

    Code nested too deeply for `parse` to extract (which then finds no definition) may
    still be shallow enough for these queries' extraction: its definitions are found."""
    parser, query, extract = _language(language, LANGUAGES[language].definition_queries)
    tree, text = _tree(parser, language, source)
    matches = tree_sitter.QueryCursor(query).matches(tree.root_node)
    try:
        return extract(tree.root_node, text, matches).definitions
    except RecursionError:
        return []  # as `parse`: too deep to extract


def _first_error_line(node: Any) -> int:
    """The 1-based line of the first ERROR or MISSING node, depth first."""
    cursor = node.walk()
    while True:
        current = cursor.node
        if current.is_error or current.is_missing:
            return int(current.start_point.row) + 1
        if current.has_error and cursor.goto_first_child():
            continue
        while not cursor.goto_next_sibling():
            if not cursor.goto_parent():
                return int(node.start_point.row) + 1
