"""C#: what a `var` local holds, read from its value as the compiler reads its type: a
cast (`(ModuleObject)GetManagedObject(ob)!`), `as`, the null-forgiving `!`, an object
creation with an initializer (`new MethodBinding(m) { info = mi }`), and the element of
what `foreach (var x in xs)` walks (an array, `List<T>`, `IEnumerable<T>`). pythonnet's
`var self = (ModuleObject)GetManagedObject(ob)!; self.LoadNames();` and `var mb = new
MethodBinding(...) { info = mi }; return mb.Alloc();` were unresolved."""

from __future__ import annotations

from pathlib import Path

from tests.graph.test_generic_resolver import edges_of

TYPES = """using System.Collections.Generic;

namespace Demo
{
    public class ExtensionType { public int Alloc() { return 1; } }

    public class MethodBinding : ExtensionType
    {
        public int info;
        public MethodBinding(int m) { }
    }

    public class ModuleObject : ExtensionType
    {
        public void LoadNames() { }
        public static ExtensionType? Find(int ob) { return null; }
    }

    public interface IEncoder { int TryEncode(object v); }
}
"""

USER = """using System.Collections.Generic;

namespace Demo
{
    public class User
    {
        public IEncoder[] All;
        public List<IEncoder> Many;

        public IEnumerable<IEncoder> Encoders() { return Many; }

        public void Run(int ob, object o)
        {
            var mb = new MethodBinding(1) { info = 2 };
            mb.Alloc();
            var self = (ModuleObject)ModuleObject.Find(ob)!;
            self.LoadNames();
            var found = ModuleObject.Find(ob)!;
            found.Alloc();
            var other = o as ModuleObject;
            other.LoadNames();
            foreach (var encoder in this.Encoders()) { encoder.TryEncode(o); }
            foreach (var e in All) { e.TryEncode(o); }
            foreach (var m in Many) { m.TryEncode(o); }
            All[0].TryEncode(o);
        }
    }
}
"""


def test_a_var_local_holds_what_its_value_is(repo: Path) -> None:
    found = {
        (dst, line)
        for src, dst, _, line in edges_of(repo, {"Types.cs": TYPES, "User.cs": USER})
        if src == "User.cs::User.Run"
    }
    assert {
        ("Types.cs::ExtensionType.Alloc", 15),  # `new ... { info = 2 }`, inherited
        ("Types.cs::ModuleObject.LoadNames", 17),  # a cast of a value marked not null
        ("Types.cs::ExtensionType.Alloc", 19),  # the declared result, marked not null
        ("Types.cs::ModuleObject.LoadNames", 21),  # `as`
        ("Types.cs::IEncoder.TryEncode", 22),  # an `IEnumerable<IEncoder>`'s element
        ("Types.cs::IEncoder.TryEncode", 23),  # an array's
        ("Types.cs::IEncoder.TryEncode", 24),  # a `List<IEncoder>`'s
        ("Types.cs::IEncoder.TryEncode", 25),  # an array's, by index
    } <= found, found


def test_a_collection_of_outside_values_is_not_its_element(repo: Path) -> None:
    """`names.Add(n)` on a `List<string>` is the list's `Add`, which no outside name here
    says: it was `<builtin>.Array.Add` (TypeScript's rule for `string[]`), and on a
    `List<Type>` `<builtin>.Type.Add` (the element's), as if the list were its element."""
    files = {
        "Names.cs": """using System;
using System.Collections.Generic;

namespace Demo
{
    public class Names
    {
        public void Run(Type t)
        {
            var names = new List<string>();
            names.Add("x");
            var types = new List<Type>();
            types.Add(t);
        }
    }
}
"""
    }
    found = {dst for src, dst, _, _ in edges_of(repo, files) if src == "Names.cs::Names.Run"}
    assert not {"<builtin>.Array.Add", "<builtin>.Type.Add", "<builtin>.String.Add"} & found, found
