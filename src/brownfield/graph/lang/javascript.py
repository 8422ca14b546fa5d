"""JavaScript: ES modules and CommonJS, relative paths with extension and index lookup.

Definitions by assignment are named by their property path (`app.set = function` is
`app.set`, `exports.f = ...` is `exports.f`, `Ctor.prototype.m = ...` is `Ctor.m`); an
object literal bound to a name is a namespace of members, not a class. `this` is the
instance of the class or constructor function a method belongs to, or the object a
function is a member of.
"""

from __future__ import annotations

import posixpath

from brownfield.graph.facts import ImportFact
from brownfield.graph.generic_entry import entry_points
from brownfield.graph.generic_world import Profile, Value, World, computed_names
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
            found = world.find_file(
                [base + suffix for suffix in SUFFIXES]
                + [f"{base}/index{suffix}" for suffix in SUFFIXES[1:]]
            )
            return [Value("mod", found, "")] if found else []
        return [Value("ext", "", spec.replace("/", "."))]


PROFILE = JavaScript()
extract, nodes_of, new_resolver, invalidated_keys = entry_points(PROFILE)
__all__ = ["PROFILE", "computed_names", "extract", "invalidated_keys", "new_resolver", "nodes_of"]
