"""JavaScript: ES modules and CommonJS, relative paths with extension and index lookup."""

from __future__ import annotations

import posixpath

from brownfield.graph.facts import ImportFact
from brownfield.graph.generic_resolver import entry_points
from brownfield.graph.generic_world import Profile, Value, World

#: What a relative import may name, tried in order: the path itself, with an extension,
#: or a folder's index file.
SUFFIXES = ("", ".js", ".jsx", ".mjs", ".cjs", ".ts", ".tsx", ".d.ts")


class JavaScript(Profile):
    language = "javascript"
    constructors = ("constructor",)
    class_members_visible = False  # a method must say `this.helper()`
    builtins = frozenset({"require", "console", "setTimeout", "setInterval", "JSON", "Promise"})

    def resolve_import(self, world: World, path: str, fact: ImportFact) -> list[Value]:
        spec = fact.module
        if spec.startswith((".", "/")):
            base = posixpath.join(posixpath.dirname(path), spec).lstrip("/")
            found = world.find_file(
                [base + suffix for suffix in SUFFIXES]
                + [f"{base}/index{suffix}" for suffix in SUFFIXES[1:]]
            )
            return [Value("mod", found, "")] if found else []
        return [Value("ext", "", spec.replace("/", "."))]


PROFILE = JavaScript()
extract, nodes_of, new_resolver, invalidated_keys = entry_points(PROFILE)
