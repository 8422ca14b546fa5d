"""What a library exports to code outside the repository, which the graph does not read:
a Go package's capitalized functions, a Rust crate's public functions, a Java package's
public methods, a Python library's public functions and methods, a Composer library's
functions and methods but private ones, what a JavaScript or TypeScript package's entry
points reach (`js_exports.py`). A function or method so
exported may have callers the repository does not hold, so "no caller here" or "only tests
call it" is not the whole story (`query/evidence.py`, `query/traverse.py`).

Read from the files as they are now (JavaScript's and TypeScript's from the facts the graph
stored). C, C++, C# and Ruby: nothing is claimed.
"""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath

from brownfield.graph.facts import without_overload
from brownfield.graph.roles import is_production
from brownfield.graph.store import GraphStore
from brownfield.model import EdgeKind, Node, NodeKind
from brownfield.query.freshness import file_lines, repository_root
from brownfield.query.js_exports import LANGUAGES as JS_LANGUAGES
from brownfield.query.js_exports import js_package

#: What exports a function, per language: a Go, Java or Python package, a Rust crate.
EXPORTER = {
    "go": "package",
    "rust": "crate",
    "java": "package",
    "python": "package",
    "php": "package",
    **dict.fromkeys(JS_LANGUAGES, "package"),
}

_GO_PACKAGE = re.compile(r"^package\s+(\w+)")
#: A Rust item public to every crate: `pub`, not `pub(crate)`, `pub(super)`, `pub(in a)`.
_RUST_PUB_FN = re.compile(r"^\s*pub\s+(?:(?:const|async|unsafe|extern\s+\"\w*\")\s+)*fn\b")
_RUST_PUB_ITEM = re.compile(r"^\s*pub\s+(?:(?:unsafe|auto)\s+)*(?:struct|enum|union|trait)\b")
_RUST_ATTRIBUTE = re.compile(r"^\s*(?:#\[|//)")
_CARGO_NAME = re.compile(r'^\s*name\s*=\s*"([\w-]+)"')
LOOK_AHEAD = 8  # lines from a definition's first line to its `fn` line (attributes, docs)


def exported_by(store: GraphStore, node: Node) -> str:
    """The package (Go, Java, Python, PHP) or crate (Rust) a function or method (in Python
    and Java, a class too) is exported from to code outside the repository (see `EXPORTER`
    for what to call it), empty if it is not or the language does not tell."""
    # a Python or Java class is called to make one (tenacity's `stop_after_delay`)
    called = node.kind in (NodeKind.FUNCTION, NodeKind.METHOD) or (
        node.kind is NodeKind.CLASS and node.language in ("python", "java")
    )
    if not called or not is_production(node.path):
        return ""
    root = repository_root(store)
    if node.language == "go":
        return _go_package(root, node)
    if node.language == "rust":
        return _rust_crate(store, root, node)
    if node.language == "java" and node.kind is NodeKind.CLASS:
        return _java_class(store, root, node)
    if node.language == "java":
        return _java_package(store, root, node)
    if node.language == "python":
        return _python_package(store, root, node)
    if node.language == "php":
        return _php_package(root, node)
    if node.language in JS_LANGUAGES:
        return js_package(store, root, node)
    return ""


def _go_package(root: Path, node: Node) -> str:
    """Its name capitalized (a method's receiver type's too), in a package other than
    `main`, under no `internal/` folder."""
    path = node.path or ""
    names = node.qualname.split(".")[-2:] if node.kind is NodeKind.METHOD else [node.name]
    exported = all(name[:1].isupper() for name in names)  # a method's type's name too
    if not exported or "internal" in path.split("/")[:-1]:
        return ""
    for line in file_lines(root, path) or []:
        found = _GO_PACKAGE.match(line)
        if found:
            return "" if found.group(1) == "main" else found.group(1)
    return ""


def _rust_crate(store: GraphStore, root: Path, node: Node) -> str:
    """Declared `pub fn` in a library crate (one with `src/lib.rs`), a method in a `pub`
    type, every module on the way from `lib.rs` declared `pub mod` or the item re-exported
    past it (`pub use self::key::{Key, ToKey};`)."""
    path = PurePosixPath(node.path or "")
    folders = path.parts[:-1]
    if "src" not in folders:
        return ""
    at = len(folders) - 1 - folders[::-1].index("src")  # the innermost crate's `src/`
    src = PurePosixPath(*folders[: at + 1])
    inside = path.relative_to(src).with_suffix("").parts  # `kv/key.rs` -> ("kv", "key")
    if inside[0] in ("bin", "main") or file_lines(root, str(src / "lib.rs")) is None:
        return ""  # a binary's code: nobody outside calls it
    modules = () if inside == ("lib",) else inside[:-1] if inside[-1] == "mod" else inside
    lines = file_lines(root, node.path or "") or []
    if not _declared_pub(lines, node.line, _RUST_PUB_FN):
        return ""
    in_file = store.nodes_where("path", node.path or "")
    file_module = next((n.qualname for n in in_file if n.kind is NodeKind.MODULE), "")
    holders = _holders(in_file, file_module, node)
    for owner, held_by in holders:  # a type holding the method, an inline module
        found = held_by or [
            n  # a type an `impl` in another file adds methods to
            for n in store.nodes_where("name", owner)
            if n.kind is NodeKind.CLASS and n.language == "rust"
        ]
        if found:
            if not any(_declared_pub(file_lines(root, n.path or "") or [], n.line) for n in found):
                return ""
        elif not any(re.match(rf"^\s*pub\s+mod\s+{re.escape(owner)}\b", line) for line in lines):
            return ""  # an inline module no other crate sees (`mod tests {`)
    named = holders[0][0] if holders else node.name  # what a parent may re-export
    for depth in range(len(modules), 0, -1):
        parent = _module_file(root, src, modules[: depth - 1])
        child = re.escape(modules[depth - 1])
        text = "\n".join(file_lines(root, parent) or []) if parent else ""
        if re.search(rf"^\s*pub\s+mod\s+{child}\s*[;{{]", text, re.M):
            continue
        uses = re.findall(r"^\s*pub\s+use\s([^;]*)", text, re.M)
        if not any(re.search(rf"\b{re.escape(named)}\b|\b{child}::\*", use) for use in uses):
            return ""
    return _crate_name(root, src)


def _holders(in_file: list[Node], base: str, node: Node) -> list[tuple[str, list[Node]]]:
    """Each name between `base` (the file's module, a package) and the definition, outer
    first, with the definitions of its file so named (none: Rust's inline module)."""
    names = node.qualname.removeprefix(base + ".").split(".")[:-1]
    return [
        (name, [n for n in in_file if n.qualname == ".".join([base, *names[: at + 1]])])
        for at, name in enumerate(names)
    ]


def _declared_pub(
    lines: list[str], line: int | None, declaration: re.Pattern[str] = _RUST_PUB_ITEM
) -> bool:
    """Whether the definition starting at `line` (its attributes and doc comments first)
    is declared as `declaration` says."""
    start = (line or 1) - 1
    for text in lines[start : start + LOOK_AHEAD]:
        if not _RUST_ATTRIBUTE.match(text):
            return bool(declaration.match(text))
    return False


def _module_file(root: Path, src: PurePosixPath, modules: tuple[str, ...]) -> str:
    """The file of a Rust module under `src/` (`lib.rs` for the crate's root)."""
    if not modules:
        return str(src / "lib.rs")
    for candidate in (src.joinpath(*modules).with_suffix(".rs"), src.joinpath(*modules, "mod.rs")):
        if file_lines(root, str(candidate)) is not None:
            return str(candidate)
    return ""


def _crate_name(root: Path, src: PurePosixPath) -> str:
    """The crate's name from its `Cargo.toml` beside `src/`, else its folder's name."""
    manifest = src.parent / "Cargo.toml"
    for line in file_lines(root, str(manifest)) or []:
        found = _CARGO_NAME.match(line)
        if found:
            return found.group(1)
    return src.parent.name or root.name


_JAVA_PACKAGE = re.compile(r"^\s*package\s+([\w.]+)\s*;")
_JAVA_VISIBLE = re.compile(r"\b(?:public|protected)\b")
_JAVA_HIDDEN = re.compile(r"\bprivate\b")
_JAVA_INTERFACE = re.compile(r"\binterface\b")
_JAVA_EXPORTS = re.compile(r"^\s*exports\s+([\w.]+)\s*;", re.M)  # to every module


def _java_package(store: GraphStore, root: Path, node: Node) -> str:
    """Declared `public` or `protected` (or a method of an interface, not `private`), in
    classes so declared, of a named package with no `internal` part (`jdk.internal.net`),
    which the module's `module-info.java`, where there is one, exports to every module."""
    path = node.path or ""
    lines = file_lines(root, path) or []
    package = next((m.group(1) for m in map(_JAVA_PACKAGE.match, lines) if m), "")
    if not package or "internal" in package.split("."):
        return ""
    holders = _holders(store.nodes_where("path", path), package, node)
    interface = False  # whether the definition looked at last is an interface
    for found in [*(held[-1] if held else None for _, held in holders), node]:
        text = lines[found.line - 1] if found and found.line and found.line <= len(lines) else ""
        visible = _JAVA_VISIBLE.search(text) or (interface and not _JAVA_HIDDEN.search(text))
        if not visible:
            return ""
        interface = bool(_JAVA_INTERFACE.search(text))
    return package if _module_exports(root, PurePosixPath(path).parent, package) else ""


def _java_class(store: GraphStore, root: Path, node: Node) -> str:
    """A class outside code may make: exported as a method would be, and one of the
    constructors it declares exported too (none declared: the default one, as visible as
    the class)."""
    package = _java_package(store, root, node)
    inside = store.nodes(e.dst for e in store.edges_out_of([node.id], [EdgeKind.CONTAINS]))
    constructors = [n for n in inside.values() if without_overload(n.name) == node.name]
    if package and constructors and not any(_java_package(store, root, c) for c in constructors):
        return ""
    return package


def _module_exports(root: Path, folder: PurePosixPath, package: str) -> bool:
    """Whether the module holding `folder` exports `package` to every module (true where
    no `module-info.java` is found above it: the classpath hides nothing)."""
    for at in (folder, *folder.parents):
        text = file_lines(root, str(at / "module-info.java"))
        if text is not None:
            return package in _JAVA_EXPORTS.findall("\n".join(text))
    return True


#: What says a Python repository is a library others install: its packaging metadata.
_PYTHON_PROJECT = re.compile(r"^\s*\[(?:project|tool\.poetry)\]\s*$", re.M)


def _python_package(store: GraphStore, root: Path, node: Node) -> str:
    """In a repository with packaging metadata (`pyproject.toml`'s `[project]` or
    `[tool.poetry]`, `setup.py`, `setup.cfg`), a function of a package's module or a method
    of a class in one, whose every name (package, modules, class, itself) is public: no
    leading `_`, but for a special method (`__call__`). Its top-level package. A module
    outside a package (`noxfile.py`, `setup.py`) is a script, not the library."""
    path = node.path or ""
    if not _python_library(root):
        return ""
    in_file = store.nodes_where("path", path)
    module = next((n for n in in_file if n.kind is NodeKind.MODULE), None)
    packaged = module is not None and ("." in module.qualname or path.endswith("__init__.py"))
    if module is None or not packaged or not node.qualname.startswith(module.qualname + "."):
        return ""
    for name, held_by in _holders(in_file, module.qualname, node):  # a class, not a function
        if not held_by or held_by[0].kind is not NodeKind.CLASS or name.startswith("_"):
            return ""
    names = [*module.qualname.split("."), node.qualname.rpartition(".")[2]]
    if any(name.startswith("_") and not _special(name) for name in names[-1:]):
        return ""
    if any(name.startswith("_") for name in names[:-1]) and not _imported_by_package(
        store, root, module, node.qualname[len(module.qualname) + 1 :].partition(".")[0]
    ):
        return ""
    return names[0]


MAX_IMPORT_LINES = 40  # lines an import statement of an `__init__.py` is read over


def _imported_by_package(store: GraphStore, root: Path, module: Node, name: str) -> bool:
    """Whether a public package's `__init__.py` imports `name` (or `*`) from the module: h11's
    `from h11._connection import Connection` makes the class the package's API, though its
    module's name is private."""
    for edge in store.edges_into([module.id], [EdgeKind.IMPORTS]):
        package = PurePosixPath(edge.path).parent
        if PurePosixPath(edge.path).name != "__init__.py" or any(
            part.startswith("_") for part in package.parts
        ):
            continue
        lines = file_lines(root, edge.path) or []
        statement = []
        for line in lines[(edge.line or 1) - 1 : (edge.line or 1) - 1 + MAX_IMPORT_LINES]:
            statement.append(line.partition("#")[0])
            if "(" not in statement[0] or ")" in line:
                break
        if re.search(rf"\bimport\b.*(?:\b{re.escape(name)}\b|\*)", " ".join(statement)):
            return True
    return False


def _special(name: str) -> bool:
    return len(name) > 4 and name.startswith("__") and name.endswith("__") and name != "__main__"


def _python_library(root: Path) -> bool:
    """Whether the repository's root holds packaging metadata."""
    if any(file_lines(root, name) is not None for name in ("setup.py", "setup.cfg")):
        return True
    return bool(_PYTHON_PROJECT.search("\n".join(file_lines(root, "pyproject.toml") or [])))


#: A Composer package's name (`vendor/name`: an author's name has no slash), and its type.
_COMPOSER_NAME = re.compile(r'"name"\s*:\s*"([\w.-]+/[\w.-]+)"')
_COMPOSER_PROJECT = re.compile(r'"type"\s*:\s*"project"')
_PHP_NAMESPACE = re.compile(r"^\s*namespace\s+[\w\\]+\s*[;{]")


def _php_package(root: Path, node: Node) -> str:
    """In a Composer library (a `composer.json` naming the package, whose `type` is not
    `project`: an application's code is not installed by others), a function, or a method
    not declared `private`, of a file declaring a namespace: the package's name
    (`nikic/fast-route`)."""
    composer = "\n".join(file_lines(root, "composer.json") or [])
    package = _COMPOSER_NAME.search(composer)
    if package is None or _COMPOSER_PROJECT.search(composer):
        return ""
    lines = file_lines(root, node.path or "") or []
    if not any(_PHP_NAMESPACE.match(line) for line in lines):
        return ""
    text = lines[node.line - 1] if node.line and node.line <= len(lines) else ""
    return "" if re.search(r"\bprivate\b", text) else package.group(1)
