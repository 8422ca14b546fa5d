"""C#: namespaces, `using` directives, classes, constructors, `this` and `base`.

A file's namespace is the one it declares (`namespace A.B { }` or `namespace A.B;`).
Without an import a file sees the types of its own namespace and of the namespaces
enclosing it (`A.B` sees `A`), of the global namespace, and of every namespace it names
in a `using A.B;`, wherever their files are. `using R = A.B.C;` is the type `C` of
namespace `A.B`, or outside code when the repository does not define it. The common types
of `System` (`Console`, `Math`, `String`...) are builtins.
"""

from __future__ import annotations

from brownfield.graph.facts import FileFacts, ImportFact
from brownfield.graph.generic_entry import entry_points
from brownfield.graph.generic_world import Profile, Value, World
from brownfield.graph.lang.namespaced import package_index

#: The `System` types most code uses without saying `System.`; and `System` itself.
SYSTEM = frozenset(
    {
        "System",
        "Console",
        "Math",
        "String",
        "Object",
        "Convert",
        "Environment",
        "DateTime",
        "TimeSpan",
        "Guid",
        "Array",
        "GC",
        "Activator",
        "Exception",
        "ArgumentException",
        "ArgumentNullException",
        "InvalidOperationException",
        "NotImplementedException",
        "NotSupportedException",
        "Int32",
        "Int64",
        "Double",
        "Boolean",
        "Char",
        "Nullable",
        "Tuple",
        "Type",
    }
)


class CSharp(Profile):
    language = "csharp"
    self_names = frozenset({"this"})
    super_names = frozenset({"base"})
    constructors = ("<class>",)  # a constructor is a method named like its class
    class_members_visible = True  # `Helper()` in a method is `this.Helper()`
    builtins = SYSTEM
    extension_methods = True
    #: `foreach (var node in nodes)` on a `List<Node>`: a `Node`
    sequence_types = frozenset(
        {
            "IEnumerable", "ICollection", "IList", "IReadOnlyCollection", "IReadOnlyList",
            "List", "HashSet", "ISet", "SortedSet", "Queue", "Stack", "LinkedList",
            "Collection", "ReadOnlyCollection", "IAsyncEnumerable", "ImmutableArray",
            "ImmutableList", "ConcurrentBag", "ConcurrentQueue", "BlockingCollection",
        }
    )  # fmt: skip

    def resolve_import(self, world: World, path: str, fact: ImportFact) -> list[Value]:
        if fact.name == "*":  # `using A.B;`: its namespace's files are visible
            return []
        return package_index(world).resolve(path, fact)

    def visible_files(self, world: World, path: str, facts: FileFacts) -> list[str]:
        """The files of the file's namespace and of those enclosing it (innermost first),
        of the global namespace, then of the namespaces it uses."""
        index = package_index(world)
        files: list[str] = []
        namespace = facts.namespace
        while namespace:
            files.extend(index.files_of.get(namespace, []))
            namespace = namespace.rpartition(".")[0]
        files.extend(index.files_of.get("", []))
        for fact in facts.imports:
            if fact.name == "*" and fact.module:
                files.extend(index.files_of.get(fact.module, []))
        return list(dict.fromkeys(files))


PROFILE = CSharp()
extract, nodes_of, new_resolver, invalidated_keys = entry_points(PROFILE)
