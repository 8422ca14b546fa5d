"""The one table of languages: file extensions, grammar wheels, extractors and resolvers."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import PurePosixPath


@dataclass(frozen=True)
class LanguageSpec:
    """Where a language's parts live; modules are imported only when a file needs them."""

    grammar_module: str  # the official tree-sitter grammar wheel
    grammar_function: str  # its function returning the language pointer
    extractor: str  # module with `extract(root, source, matches) -> FileFacts`
    resolver: str  # module with `nodes_of`, `new_resolver` and `invalidated_keys`


LANGUAGES: dict[str, LanguageSpec] = {
    "python": LanguageSpec(
        "tree_sitter_python",
        "language",
        "brownfield.graph.python_facts",
        "brownfield.graph.python_resolver",
    ),
}

#: File extension -> language name (also the folder under `grammars/`).
EXTENSIONS: dict[str, str] = {
    ".py": "python",
}


def language_for(rel_path: str) -> str | None:
    """The language of a file, or None when brownfield does not parse it."""
    return EXTENSIONS.get(PurePosixPath(rel_path).suffix.lower())
