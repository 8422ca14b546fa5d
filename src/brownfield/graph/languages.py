"""The one table of languages: file extensions, grammar wheels, extractors and resolvers.

Adding a language takes three things: its row here (with its extensions), a folder of
queries under `grammars/<queries>/`, and a module under `brownfield.graph.lang` that
describes how it resolves (a `Profile`); plus a sample repository to prove it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import PurePosixPath

from brownfield.graph.preprocessor import outside_cplusplus


@dataclass(frozen=True)
class LanguageSpec:
    """Where a language's parts live; modules are imported only when a file needs them."""

    grammar_module: str  # the official tree-sitter grammar wheel
    grammar_function: str  # its function returning the language pointer
    extractor: str  # module with `extract(root, source, matches) -> FileFacts`
    resolver: str  # module with `nodes_of`, `new_resolver` and `invalidated_keys`
    queries: str = ""  # the folder under grammars/ (default: the language's name)
    # The query files (names without `.scm`) that find every definition, when fewer than
    # all do: `parser.definitions` compiles only these (issue 19: `impact` starts sooner).
    definition_queries: tuple[str, ...] = ()
    # Whether C's conditional directives may split its constructs (`preprocessor`).
    preprocessed: bool = False
    # Files whose languages share a resolver module are resolved together.


def _generic(
    wheel: str, module: str, function: str = "language", queries: str = "", cpp: bool = False
) -> LanguageSpec:
    lang = f"brownfield.graph.lang.{module}"
    return LanguageSpec(wheel, function, lang, lang, queries, preprocessed=cpp)


LANGUAGES: dict[str, LanguageSpec] = {
    "python": LanguageSpec(
        "tree_sitter_python",
        "language",
        "brownfield.graph.python_facts",
        "brownfield.graph.python_resolver",
        definition_queries=("tags",),
    ),
    "javascript": _generic("tree_sitter_javascript", "javascript"),
    "typescript": _generic("tree_sitter_typescript", "typescript", "language_typescript"),
    # TSX: TypeScript's module and queries on the TSX grammar, resolved with TypeScript
    "tsx": _generic("tree_sitter_typescript", "typescript", "language_tsx", "typescript"),
    "go": _generic("tree_sitter_go", "go"),
    "java": _generic("tree_sitter_java", "java"),
    "csharp": _generic("tree_sitter_c_sharp", "csharp", cpp=True),
    "rust": _generic("tree_sitter_rust", "rust"),
    "c": _generic("tree_sitter_c", "c", cpp=True),
    "cpp": _generic("tree_sitter_cpp", "cpp", cpp=True),
    "ruby": _generic("tree_sitter_ruby", "ruby"),
    "php": _generic("tree_sitter_php", "php", "language_php"),
}

#: File extension -> language name.
EXTENSIONS: dict[str, str] = {
    ".py": "python",
    ".pyi": "python",  # stubs: read when no .py module sits beside them
    ".js": "javascript",
    ".jsx": "javascript",
    ".mjs": "javascript",
    ".cjs": "javascript",
    ".ts": "typescript",
    ".mts": "typescript",
    ".cts": "typescript",
    ".tsx": "tsx",
    ".go": "go",
    ".java": "java",
    ".cs": "csharp",
    ".rs": "rust",
    ".c": "c",
    ".h": "c",
    ".cc": "cpp",
    ".cpp": "cpp",
    ".cxx": "cpp",
    ".hh": "cpp",
    ".hpp": "cpp",
    ".hxx": "cpp",
    ".rb": "ruby",
    ".php": "php",
}


def language_for(rel_path: str) -> str | None:
    """The language of a file by its name, or None when brownfield does not parse it (a
    `.h` file's may be C++: see `language_of`)."""
    return EXTENSIONS.get(PurePosixPath(rel_path).suffix.lower())


#: What only C++ writes at a line's start: a namespace, a class (not a C `struct`), a
#: template, an access label.
_CPP_WRITING = re.compile(
    rb"^[ \t]*(?:namespace[ \t]+\w+|class[ \t]+\w+|template[ \t]*<"
    rb"|(?:public|protected|private)[ \t]*:)",
    re.M,
)
SNIFFED_BYTES = 1 << 16  # of a `.h` file, read for what only C++ writes


_COMMENT = re.compile(rb"/\*.*?\*/|//[^\n]*", re.S)


def language_of(rel_path: str, head: bytes) -> str | None:
    """The language of a file given its first bytes (`SNIFFED_BYTES` suffice): a `.h` file
    that writes what only C++ does (marisa-trie's `namespace marisa {`, `class Trie {`) is
    C++, though `.h` files are C by their name; not in a comment, nor in a conditional on
    `__cplusplus` (a C header's part for C++ readers: glibc's `math.h`)."""
    language = language_for(rel_path)
    header = language == "c" and rel_path.lower().endswith(".h")
    if header and _CPP_WRITING.search(outside_cplusplus(_COMMENT.sub(b" ", head))):
        return "cpp"
    return language
