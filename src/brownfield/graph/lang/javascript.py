"""JavaScript: ES modules and CommonJS, relative paths with extension and index lookup, and
a folder's package.json `main` (`require("../")` of a package's tests).

Definitions by assignment are named by their property path (`app.set = function` is
`app.set`, `exports.f = ...` is `exports.f`, `Ctor.prototype.m = ...` is `Ctor.m`); an
object literal bound to a name is a namespace of members, not a class. `this` is the
instance of the class or constructor function a method belongs to, or the object a
function is a member of.
"""

from __future__ import annotations

import json
import posixpath
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from brownfield.confine import read_bytes_inside
from brownfield.errors import BrownfieldError
from brownfield.graph.facts import ImportFact
from brownfield.graph.generic_entry import entry_points
from brownfield.graph.generic_world import Profile, Value, World, computed_names, folders_above
from brownfield.graph.lang.javascript_builtins import BUILTIN_METHODS

#: What a relative import may name, tried in order: the path itself, with an extension,
#: or a folder's index file.
SUFFIXES = ("", ".js", ".jsx", ".mjs", ".cjs", ".ts", ".tsx", ".d.ts")


class JavaScript(Profile):
    language = "javascript"
    constructors = ("constructor",)
    class_members_visible = False  # a method must say `this.helper()`
    sequence_type = "Array"  # `nodes.push(n)` on a `Node[]` (JSDoc, TypeScript)
    builtins = frozenset(
        {
            "require", "console", "setTimeout", "setInterval", "setImmediate", "clearTimeout",
            "clearInterval", "queueMicrotask", "JSON", "Promise", "Object", "Array", "Math",
            "Number", "String", "Boolean", "Symbol", "Reflect", "Error", "TypeError",
            "RangeError", "Date", "RegExp", "Map", "Set", "WeakMap", "Buffer", "process",
            "parseInt", "parseFloat", "encodeURIComponent", "decodeURIComponent", "isNaN",
        }
    )  # fmt: skip
    #: `exports.f = ...` makes `f` a member of what `require` gives
    module_object = "exports"
    overridable = True  # `this.m()` may run an override of `m` below
    #: functions are objects: `F.helper = ...`, and `F.prototype.m = ...` for instances
    functions_hold_members = True
    instance_step = "prototype"
    invoke_steps = frozenset({"call", "apply"})
    #: `layer.handle()` on an unknown `layer` reaches the one method named `handle`
    unique_names = True
    common_methods = BUILTIN_METHODS
    inline_functions = frozenset(
        {
            "function_declaration", "function_expression", "function", "arrow_function",
            "method_definition", "generator_function_declaration", "generator_function",
        }
    )  # fmt: skip

    def resolve_import(self, world: World, path: str, fact: ImportFact) -> list[Value]:
        spec = fact.module
        if spec.startswith((".", "/")):
            base = posixpath.join(posixpath.dirname(path), spec).lstrip("/")
            packages = world.layout if isinstance(world.layout, Packages) else Packages()
            main = packages.mains.get(_folder(base))  # `require("../")` of a package's tests
            found = (
                world.find_file(base + suffix for suffix in SUFFIXES)
                or (world.find_file(_named_by(main)) if main else None)
                or world.find_file(f"{base}/index{suffix}" for suffix in SUFFIXES[1:])
            )
            return [Value("mod", found, "")] if found else []
        return [Value("ext", "", spec.replace("/", "."))]


def _named_by(base: str) -> list[str]:
    """The files a relative import of `base` may name, in the order Node tries them (a
    folder's package.json `main`, above, comes before its index)."""
    return [base + suffix for suffix in SUFFIXES] + [f"{base}/index{s}" for s in SUFFIXES[1:]]


def _folder(path: str) -> str:
    normal = posixpath.normpath(path)
    return "" if normal == "." else normal


@dataclass
class Packages:
    """The `main` each folder's package.json names (a path from the repository's root):
    what `require("../")` of that folder loads when it holds no `index.js`."""

    mains: dict[str, str] = field(default_factory=dict)

    def fingerprint(self) -> str:
        """A stable text of the mains: a build whose mains changed resolves anew."""
        return json.dumps(sorted(self.mains.items()))


def layout(root: Path, configs: Sequence[str], paths: Sequence[str]) -> Packages:
    """The package.json `main` of every folder holding JavaScript files or above one, read
    like every file of the repository (never through a symlink out of it); a `main` that
    leads out of the repository, or a manifest that is no JSON object, names nothing."""
    folders = folders_above(paths)
    packages = Packages()
    for folder in sorted(folders):
        if "node_modules" in folder.split("/"):
            continue
        try:
            data = json.loads(read_bytes_inside(root, posixpath.join(folder, "package.json")))
        except (BrownfieldError, OSError, ValueError, RecursionError):
            continue
        main = data.get("main") if isinstance(data, dict) else None
        if isinstance(main, str) and main.strip() and not main.startswith("/"):
            target = _folder(posixpath.join(folder, main))
            if target and not target.startswith(".."):
                packages.mains[folder] = target
    return packages


PROFILE = JavaScript()
extract, nodes_of, new_resolver, invalidated_keys = entry_points(PROFILE)
__all__ = ["PROFILE", "computed_names", "extract", "invalidated_keys", "new_resolver", "nodes_of"]
