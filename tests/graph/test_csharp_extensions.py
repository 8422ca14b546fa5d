"""C#: a static method whose first parameter says `this` extends that parameter's type: a
call `t.M()` on a value of the type (or of a type deriving from it, or implementing it)
calls it, unless the type has a method `M` of its own. pythonnet's `items.Borrow()` on a
`NewReference` (`Borrow(this in NewReference reference)`) and `baseTuple
.NewReferenceOrNull()` on a `PyTuple` (`NewReferenceOrNull(this PyObject? self)`) were
unresolved, and `type.IsFlagsEnum()` on a `System.Type` was an outside call."""

from __future__ import annotations

from pathlib import Path

from tests.graph.test_generic_incremental import assert_incremental_equals_full, calls
from tests.graph.test_generic_resolver import edges_of

EXTENSIONS = """using System;

namespace Demo
{
    public static class Extensions
    {
        public static int NewReferenceOrNull(this PyObject? self) { return 1; }
        public static bool IsFlagsEnum(this Type type) { return true; }
        public static int Count(this Other other) { return 2; }
        public static int Size(this PyObject self) { return 3; }
    }
}
"""

USE = """using System;

namespace Demo
{
    public class PyObject { }
    public class PyTuple : PyObject { public int Size() { return 4; } }
    public class Other { }

    public class Use
    {
        public void Run(PyTuple t, Type type, PyObject o)
        {
            t.NewReferenceOrNull();
            o.NewReferenceOrNull();
            type.IsFlagsEnum();
            t.Size();
            o.Count();
        }
    }
}
"""


def test_a_call_of_an_extension_method_on_the_type_it_extends(repo: Path) -> None:
    files = {"Extensions.cs": EXTENSIONS, "Use.cs": USE}
    found = {(dst, line) for src, dst, _, line in edges_of(repo, files) if src == "Use.cs::Use.Run"}
    assert {
        ("Extensions.cs::Extensions.NewReferenceOrNull", 13),  # a PyTuple derives from it
        ("Extensions.cs::Extensions.NewReferenceOrNull", 14),
        ("Extensions.cs::Extensions.IsFlagsEnum", 15),  # an outside type's
        ("Use.cs::PyTuple.Size", 16),  # a method of its own wins
    } <= found, found
    assert ("Extensions.cs::Extensions.Size", 16) not in found
    assert not any(line == 17 for _, line in found)  # `Count` extends `Other`, not PyObject


def test_a_method_becoming_an_extension_is_found_incrementally(tmp_path: Path) -> None:
    plain = EXTENSIONS.replace(
        "NewReferenceOrNull(this PyObject? self)", "NewReferenceOrNull(PyObject? self)"
    )
    graph = assert_incremental_equals_full(
        tmp_path, {"Extensions.cs": plain, "Use.cs": USE}, {"Extensions.cs": EXTENSIONS}
    )
    made = {dst for src, dst, _ in calls(graph) if src == "Use.cs::Use.Run"}
    assert "Extensions.cs::Extensions.NewReferenceOrNull" in made, made
