"""Go: packages are folders; an import path names a folder of the repository by its end.

The resolver cannot read `go.mod`, so an import path is matched against the repository's
Go folders: `example.com/shop/store` is the folder `store` (or `shop/store`, the longest
folder that ends the path) when that folder holds Go files. Standard library paths and
paths that end in no folder of the repository are outside code, named by their path
(`fmt.Println`, `net/http.Get`). The files of one folder see each other's top-level names.
"""

from __future__ import annotations

import posixpath

from brownfield.graph.facts import FileFacts, ImportFact
from brownfield.graph.generic_resolver import entry_points
from brownfield.graph.generic_world import Profile, Value, World

#: The first elements of the standard library's import paths: never a repository folder.
STANDARD = frozenset(
    {
        "archive", "bufio", "builtin", "bytes", "cmp", "compress", "container", "context",
        "crypto", "database", "debug", "embed", "encoding", "errors", "expvar", "flag", "fmt",
        "go", "hash", "html", "image", "index", "io", "iter", "log", "maps", "math", "mime",
        "net", "os", "path", "plugin", "reflect", "regexp", "runtime", "slices", "sort",
        "strconv", "strings", "sync", "syscall", "testing", "text", "time", "unicode",
        "unique", "unsafe", "C",
    }
)  # fmt: skip

#: Go's predeclared functions (conversions such as `int(x)` are not calls).
BUILTINS = frozenset(
    {
        "append", "cap", "clear", "close", "complex", "copy", "delete", "imag", "len",
        "make", "max", "min", "new", "panic", "print", "println", "real", "recover",
    }
)  # fmt: skip

TEST_SUFFIX = "_test.go"


class Go(Profile):
    language = "go"
    self_names: frozenset[str] = frozenset()  # receivers are named parameters
    super_names: frozenset[str] = frozenset()
    constructors = ()  # a struct literal or a `NewX` function; no constructor methods
    class_members_visible = False  # a method must say `s.helper()`
    builtins = BUILTINS

    def resolve_import(self, world: World, path: str, fact: ImportFact) -> list[Value]:
        spec = fact.module.strip("/")
        folder = self.package_folder(world, spec)
        if folder is not None:
            return [Value("pkg", "", folder)]
        return [Value("ext", "", spec)]

    @staticmethod
    def package_folder(world: World, spec: str) -> str | None:
        """The repository folder an import path names: a vendored copy of it, or else the
        longest folder holding Go files that ends the path; None for outside code."""
        if not spec or spec.partition("/")[0] in STANDARD:
            return None
        if f"vendor/{spec}" in world.folders:
            return f"vendor/{spec}"
        parts = spec.split("/")
        for start in range(len(parts)):
            folder = "/".join(parts[start:])
            if folder in world.folders:
                return folder
        return None

    def visible_files(self, world: World, path: str, facts: FileFacts) -> list[str]:
        """The other files of the package (its folder); `_test.go` files see the others,
        but are seen only by each other."""
        testing = path.endswith(TEST_SUFFIX)
        return [
            other
            for other in world.folders.get(posixpath.dirname(path), [])
            if testing or not other.endswith(TEST_SUFFIX)
        ]

    def may_hold_methods(self, class_path: str, path: str) -> bool:
        """A type's methods are declared in its own package: `Store.Close` in another
        folder belongs to another package's `Store`."""
        return posixpath.dirname(class_path) == posixpath.dirname(path)


PROFILE = Go()
extract, nodes_of, new_resolver, invalidated_keys = entry_points(PROFILE)
