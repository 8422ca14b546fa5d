"""TypeScript and TSX: JavaScript's modules and classes, plus declared types.

Both grammars share these queries and this resolver, so `.ts`, `.tsx` and `.d.ts` files
import one another. What TypeScript adds to JavaScript:

* a relative import may name the compiled file (`./repo.js`) for its source (`repo.ts`);
* types steer calls: `repo: Repo` (a parameter, field or variable), `constructor(private
  repo: Repo)`, `function make(): Repo`, `x as Repo` (see `grammars/typescript/`);
* interfaces are class-like definitions, and `implements` names bases like `extends`;
* a declaration file (`.d.ts`) only declares; the global ones (`declare function f()`,
  interfaces) are visible to every file without an import.
"""

from __future__ import annotations

import posixpath

from brownfield.graph.facts import FileFacts, ImportFact
from brownfield.graph.generic_entry import entry_points
from brownfield.graph.generic_world import Value, World, computed_names
from brownfield.graph.lang.javascript import JavaScript

#: What a relative import may name, tried in order: the path itself, a source file, a
#: declaration file, or (further down) a folder's index file.
SUFFIXES = ("", ".ts", ".tsx", ".d.ts", ".mts", ".cts", ".d.mts", ".d.cts")
#: `import "./repo.js"` in TypeScript means the source that compiles to it.
COMPILED = {
    ".js": (".ts", ".tsx", ".d.ts"),
    ".jsx": (".tsx",),
    ".mjs": (".mts", ".d.mts"),
    ".cjs": (".cts", ".d.cts"),
}
DECLARATIONS = (".d.ts", ".d.mts", ".d.cts")


class TypeScript(JavaScript):
    language = "typescript"
    builtins = JavaScript.builtins | frozenset(
        {"Array", "Date", "Error", "Map", "Math", "Number", "Object", "Set", "String"}
    )

    def resolve_import(self, world: World, path: str, fact: ImportFact) -> list[Value]:
        spec = fact.module
        if not spec.startswith((".", "/")):
            return [Value("ext", "", spec.replace("/", "."))]
        base = posixpath.join(posixpath.dirname(path), spec).lstrip("/")
        candidates = [base + suffix for suffix in SUFFIXES]
        stem, extension = posixpath.splitext(base)
        candidates += [stem + suffix for suffix in COMPILED.get(extension, ())]
        candidates += [f"{base}/index{suffix}" for suffix in SUFFIXES[1:]]
        found = world.find_file(candidates)
        return [Value("mod", found, "")] if found else []

    def visible_files(self, world: World, path: str, facts: FileFacts) -> list[str]:
        """Declaration files: what they declare at their top level is global (an
        over-approximation for a `.d.ts` that is itself a module)."""
        found = world.cache.get("declarations")
        if found is None:
            found = world.cache["declarations"] = [
                p for p in world.paths if p.endswith(DECLARATIONS)
            ]
        assert isinstance(found, list)
        return found


PROFILE = TypeScript()
extract, nodes_of, new_resolver, invalidated_keys = entry_points(PROFILE)
__all__ = ["PROFILE", "computed_names", "extract", "invalidated_keys", "new_resolver", "nodes_of"]
