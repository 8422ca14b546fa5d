"""The project's facts: its languages, the frameworks and test framework it imports, and
where its tests live (or that none of its files is a test)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Container

from brownfield.graph.roles import is_test, what_counts_as_tests
from brownfield.graph.store import GraphStore
from brownfield.model import Citation, Fact, NodeKind
from brownfield.query.evidence import MAX_INLINE_LOOKED, definition_citation, inline_tests

#: Well-known libraries whose import says what kind of project this is.
FRAMEWORKS = {
    "django": "Django",
    "flask": "Flask",
    "fastapi": "FastAPI",
    "starlette": "Starlette",
    "click": "Click",
    "typer": "Typer",
    "sqlalchemy": "SQLAlchemy",
    "pydantic": "pydantic",
    "requests": "requests",
    "httpx": "HTTPX",
    "celery": "Celery",
    "aiohttp": "aiohttp",
}
TEST_FRAMEWORKS = {"pytest": "pytest", "unittest": "unittest"}


def _own_package(module: str, paths: Container[str]) -> bool:
    """Whether the repository holds a top-level Python package or module so named (at its
    root or in `src/`): its own code, not a framework."""
    marks = (f"{module}/__init__.py", f"{module}.py")
    return any(root + mark in paths for root in ("", "src/") for mark in marks)


def project_facts(store: GraphStore) -> list[Fact]:
    """Language (the one with most files first: tomlkit's 13 Go files of a test runner came
    before its 29 Python ones), frameworks, the test framework and where tests live (or
    that no file is a test: a package as published often ships none)."""
    facts: list[Fact] = []
    languages = store.count("files", "language")
    if languages:
        ranked = sorted(languages.items(), key=lambda item: (-item[1], item[0]))
        listing = ", ".join(
            f"{name} ({count} file{'' if count == 1 else 's'})" for name, count in ranked
        )
        facts.append(Fact("language", "language", f"Language: {listing}."))
    imports = store.import_sites()
    paths = store.file_rows()
    for topic, table in (("framework", FRAMEWORKS), ("test-framework", TEST_FRAMEWORKS)):
        for module, label in sorted(table.items()):
            if _own_package(module, paths):
                continue  # the repository is `requests`: an import of it left unresolved
            sites = [
                (path, line)
                for target, path, line in imports
                if not target.endswith(".py") and target.split(".")[0] == module
            ]
            if sites:
                path, line = min(sites)
                facts.append(
                    Fact(
                        topic,
                        label,
                        f"{label} is imported in {len({p for p, _ in sites})} file(s).",
                        (Citation(path, line, None, module),),
                    )
                )
    tests = sorted(path for path in paths if is_test(path))
    if tests:
        folder_of = {path: path.rsplit("/", 1)[0] if "/" in path else "." for path in tests}
        folders = Counter(folder_of.values())
        top = ", ".join(
            f"{folder}/ ({count} file{'' if count == 1 else 's'})"
            for folder, count in folders.most_common(3)
        )
        most = folders.most_common(1)[0][0]
        first = next(path for path in tests if folder_of[path] == most)
        facts.append(
            Fact("test-layout", "tests", f"Tests live in {top}.", (_first_test(store, first),))
        )
    elif inline := inline_tests(store, MAX_INLINE_LOOKED):
        files = sorted({node.path or "" for node in inline})
        shown = ", ".join(files[:MAX_INLINE_FILES])
        shown += " ..." if len(files) > MAX_INLINE_FILES else ""
        facts.append(
            Fact(
                "test-layout",
                "tests",
                f"Tests live in inline test modules (`mod tests`) of {shown}.",
                (definition_citation(inline[0]),),
            )
        )
    elif paths:
        looked = what_counts_as_tests(sorted(paths))
        facts.append(
            Fact("no-tests", "tests", f"The repository has no test files (looked for {looked}).")
        )
    return facts


MAX_INLINE_FILES = 3  # files named where inline test modules hold a repository's tests


def _first_test(store: GraphStore, path: str) -> Citation:
    """A test file cited at its first definition (a test, a test class, a helper), not at a
    licence header; at its first line when it defines nothing."""
    defined = [
        n
        for n in store.nodes_where("path", path)
        if n.kind in (NodeKind.FUNCTION, NodeKind.METHOD, NodeKind.CLASS)
    ]
    if not defined:
        return Citation(path, 1, None, path)
    return definition_citation(min(defined, key=lambda n: (n.line or 1, n.id)))
