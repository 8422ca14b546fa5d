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

Extractor = Callable[[Any, bytes, list[tuple[int, dict[str, list[Any]]]]], FileFacts]


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


def parse(language: str, source: bytes) -> FileFacts:
    """Parse one file and extract its facts; a syntax error still yields partial facts.

    Code nested too deeply for the extractor (a thousand brackets) yields no facts and
    the status `too-deep`, so that one file never stops a build.
    """
    parser, query, extract = _language(language)
    tree = parser.parse(source)
    matches = tree_sitter.QueryCursor(query).matches(tree.root_node)
    try:
        facts = extract(tree.root_node, source, matches)
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
    tree = parser.parse(source)
    matches = tree_sitter.QueryCursor(query).matches(tree.root_node)
    try:
        return extract(tree.root_node, source, matches).definitions
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
