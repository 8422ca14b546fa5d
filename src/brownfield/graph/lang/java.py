"""Java: packages, single-type, on-demand and static imports, classes and constructors.

A file's package is what it declares (`package a.b;`). `import a.b.C;` is the class `C` in
the file of package `a.b` that defines it (the file named `C.java` first); `import static
a.b.C.m;` is the member `m` of that class, and `import static a.b.C.*;` makes all of C's
members visible; an import the repository cannot satisfy is outside code
(`java.util.List`). Overloads are definitions of their own: the first declaration of a
name in a class is `C.m`, the n-th `C.m~n`; a call reaches the overloads whose parameter
count matches its arguments (a variable-arity one takes any count from its fixed ones).
The classes of the file's own package and of the packages it imports on demand (`import
a.b.*;`) are visible without an import. `java.lang` (`System`, `String`, `Math`...) is
always visible: its names are builtins.
"""

from __future__ import annotations

from brownfield.graph.facts import FileFacts, ImportFact
from brownfield.graph.generic_entry import entry_points
from brownfield.graph.generic_world import Profile, Value, World
from brownfield.graph.lang.namespaced import package_index

#: The classes of `java.lang`, imported implicitly by every file.
JAVA_LANG = frozenset(
    {
        "System",
        "String",
        "StringBuilder",
        "Math",
        "Integer",
        "Long",
        "Double",
        "Float",
        "Short",
        "Byte",
        "Boolean",
        "Character",
        "Object",
        "Thread",
        "Runtime",
        "Class",
        "Enum",
        "Record",
        "Iterable",
        "Comparable",
        "Runnable",
        "Exception",
        "RuntimeException",
        "Error",
        "Throwable",
        "IllegalArgumentException",
        "IllegalStateException",
        "NullPointerException",
        "UnsupportedOperationException",
    }
)


class Java(Profile):
    language = "java"
    fields_apart = True  # a field and a method may share a name
    overridable = True  # `this.m()` may run an override of `m` below
    self_names = frozenset({"this"})
    super_names = frozenset({"super"})
    constructors = ("<class>",)  # a constructor is a method named like its class
    class_members_visible = True  # `helper()` in a method is `this.helper()`
    builtins = JAVA_LANG
    #: `m(int)` and `m(int, int)` are two definitions, `C.m` and `C.m~2` (by line), and a
    #: call reaches those whose parameter count it matches
    overloads = True

    def resolve_import(self, world: World, path: str, fact: ImportFact) -> list[Value]:
        if fact.name == "*":
            # `import static a.b.C.*`: the members of the class C; `import a.b.*`: the
            # package's files are visible instead (`visible_files`)
            found = package_index(world).resolve(path, fact._replace(name=None))
            return [value for value in found if value.kind == "def"]
        return package_index(world).resolve(path, fact)

    def visible_files(self, world: World, path: str, facts: FileFacts) -> list[str]:
        """The other files of the package, then those of the packages imported on demand."""
        index = package_index(world)
        files = list(index.package_files(facts.namespace, path))
        for fact in facts.imports:
            if fact.name == "*":
                files.extend(index.package_files(fact.module, path) if fact.module else [])
        return list(dict.fromkeys(files))


PROFILE = Java()
extract, nodes_of, new_resolver, invalidated_keys = entry_points(PROFILE)
