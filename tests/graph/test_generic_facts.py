"""The generic extractor's reading of expressions and types, and Go's module layout."""

from __future__ import annotations

from pathlib import Path

import pytest

from brownfield.graph import parser
from brownfield.graph.generic_chains import chain_of_text, type_chain
from brownfield.graph.generic_world import nodes_of
from brownfield.graph.lang.go import GoModules, layout
from tests.conftest import write_files


@pytest.mark.parametrize(
    ("text", "chain"),
    [
        ("this.repo.find(x)", ("this", "repo", "find", "()")),
        ("new Repo(url)", ("Repo", "()")),
        ("&store.Inventory{}", ("store", "Inventory", "()")),
        ("stack[idx++].handle", ("stack", "[]", "handle")),
        ("n.(*ast.Ident).Name", ("ast", "Ident", "()", "Name")),  # Go type assertion
        ("(*parse.Tree)(nil).ErrorContext", ("parse", "Tree", "()", "ErrorContext")),
        ("(value as Store<T>).find", ("Store", "()", "find")),  # TypeScript cast
        ("((Future<?>) r).isCancelled", ("Future", "()", "isCancelled")),  # a Java cast
        ("((java.util.List) x).size", ("java", "util", "List", "()", "size")),
        ("((a) => a.b).c", None),  # no cast: an arrow function
        ("(a.b).c", ("a", "b", "c")),
        ("x!.save()", ("x", "save", "()")),
        ("await load()", ("load", "()")),
        ("a + b", None),
        ("(a || b)(x)", None),
    ],
)
def test_expressions_become_chains(text: str, chain: tuple[str, ...] | None) -> None:
    assert chain_of_text(text) == chain


@pytest.mark.parametrize(
    ("text", "chain"),
    [
        ("Repo", ("Repo", "()")),
        ("*store.Repo", ("store", "Repo", "()")),
        ("[]*Command", ("Command", "()", "[*]")),
        ("map[string]*Command", ("Command", "()", "[*]")),
        ("<-chan Event", ("Event", "()", "[*]")),
        ("Square[]", ("Square", "()", "[*]")),
        ("List<String>", ("List", "()")),
    ],
)
def test_types_become_the_chain_of_a_value(text: str, chain: tuple[str, ...]) -> None:
    assert type_chain(text) == chain


def test_javascript_definitions_by_assignment_are_named_by_their_property_path() -> None:
    facts = parser.parse(
        "javascript",
        b"var app = exports = module.exports = {};\n"
        b"app.set = function set() { function inner() {} };\n"
        b"exports.helper = function () {};\n"
        b"module.exports.other = () => 1;\n"
        b"function View() {}\n"
        b"View.prototype.lookup = function lookup() {};\n"
        b"Object.defineProperty(app, 'title', { get: function () { return 1; } });\n"
        b"const api = { run() {}, stop: function () {} };\n",
    )
    kinds = {d.qualname: d.kind for d in facts.definitions}
    assert kinds == {
        "app": "object",  # a namespace of members, not a class
        "app.set": "function",
        "app.set.inner": "function",
        "exports.helper": "function",
        "exports.other": "function",
        "View": "function",
        "View.lookup": "method",  # `prototype` dropped
        "app.title": "function",
        "api": "object",
        "api.run": "function",
        "api.stop": "function",
        "exports": "object",  # made by assigning members to it
    }


def test_a_ruby_singleton_method_named_by_its_own_class_is_that_class_s_method() -> None:
    """Ruby's net/http writes `def HTTP.new` inside `class HTTP`: it was named
    `Net.HTTP.HTTP.new`, a class HTTP inside HTTP that does not exist."""
    facts = parser.parse(
        "ruby",
        b"module Net\n  class HTTP\n    def HTTP.new(address)\n      super\n    end\n"
        b"    def self.start(address)\n    end\n  end\nend\n"
        b"def Net.get(uri)\nend\n",
    )
    kinds = {d.qualname: d.kind for d in facts.definitions}
    assert kinds == {
        "Net": "class",
        "Net.HTTP": "class",
        "Net.HTTP.new": "method",
        "Net.HTTP.start": "method",
        "Net.get": "method",  # written outside it: named by its owner
    }


def test_java_overloads_are_numbered_and_keep_their_parameter_types() -> None:
    facts = parser.parse(
        "java",
        b"class A { void m(int a) {} void m(final java.util.List<String> a, int[] b) {}"
        b" void m(String... xs) {} }\n",
    )
    assert [(d.qualname, d.params) for d in facts.definitions if d.kind == "method"] == [
        ("A.m", ("int",)),
        ("A.m~2", ("List", "int[]")),
        ("A.m~3", ("*",)),
    ]


def test_java_arguments_keep_the_types_they_show() -> None:
    facts = parser.parse(
        "java",
        b"class A { void f(long n, Object o) {"
        b" m(\"x\", 5, 5L, 0x1F, 2.0, 2f, 'c', true, (long) n, new java.util.HashMap<>(),"
        b' "a" + n, (n), o, o.hashCode(), null, field, t, tag, this.field, () -> 1,'
        b" Object::toString, this); }"
        b" java.util.Map<String, Integer> field; <T> void g(T t) {} }\n",
    )
    call = next(c for c in facts.calls if c.chain == ("m",))
    assert call.args == (
        ("String",),
        ("int",),
        ("long",),
        ("int",),
        ("double",),
        ("float",),
        ("char",),
        ("boolean",),
        ("long",),
        ("HashMap",),
        ("String",),
        None,  # a variable in brackets: its type is not read
        ("Object",),  # a parameter, declared `Object o`
        None,  # a method's result
        ("null",),
        ("Map",),  # a field, declared after the call
        None,  # not declared where the call is (`g`'s `T t`)
        None,  # declared nowhere
        ("Map",),  # the field again, through `this`
        ("(lambda)",),
        ("(lambda)",),  # a method reference
        ("A",),  # `this`: the class
    )


def test_a_java_definition_starts_after_its_annotations() -> None:
    """As a Python or TypeScript definition starts after its decorators: the line a
    citation of it shows holds its name."""
    source = b"""@SuppressWarnings("removal")
public class Files {
    @Override
    @SuppressWarnings({
        "unchecked",
    })
    public String toString() { return ""; }

    @Deprecated public int size() { return 0; }

    @SuppressWarnings("deprecation") // a comment after it
    private long when() { return 0; }

    private static native int[]
        lockFile0(String name);
}
"""
    facts = parser.parse("java", source)
    assert [(d.qualname, d.line) for d in facts.definitions] == [
        ("Files", 2),
        ("Files.toString", 7),
        ("Files.size", 9),
        ("Files.when", 12),
        ("Files.lockFile0", 14),
    ]


def test_go_results_and_range_variables_are_bound() -> None:
    facts = parser.parse(
        "go",
        b"package p\n"
        b"func (c *C) Run() {\n"
        b"\tcmd, rest, err := c.Find()\n"
        b"\tfor _, sub := range c.subs {}\n"
        b"\tc = c.parent\n"
        b"}\n",
    )
    bound = {b.target[0]: b.value for b in facts.bindings if b.scope == "C.Run"}
    assert bound == {
        "c": ("C", "()"),  # the receiver; `c = c.parent` binds nothing
        "cmd": ("c", "Find", "()"),
        "rest": ("c", "Find", "()#1"),
        "err": ("c", "Find", "()#2"),
        "sub": ("c", "subs", "[]"),
    }


def test_go_modules_come_from_go_mod_and_go_work(tmp_path: Path) -> None:
    write_files(
        tmp_path,
        {
            "go.work": "go 1.22\n\nuse (\n\t./tool\n\t./lib // the library\n)\n",
            "tool/go.mod": (
                "module example.com/tool\n\nrequire example.com/lib v1.0.0\n"
                "replace example.com/fork => ../fork\n"
            ),
            "lib/go.mod": 'module "example.com/lib"\n',
            "fork/x.go": "package fork\n",
        },
    )
    modules = layout(tmp_path, [], ["tool/main.go", "lib/a/a.go"])
    assert modules.entries == [
        ("example.com/fork", "fork"),
        ("example.com/lib", "lib"),
        ("example.com/tool", "tool"),
    ]
    assert modules.folder_of("example.com/lib/a") == "lib/a"
    assert modules.folder_of("example.com/tool") == "tool"
    assert modules.folder_of("example.com/fork/x") == "fork/x"
    assert modules.folder_of("fmt") is None


def test_the_standard_library_module_has_no_prefix() -> None:
    modules = GoModules([("std", "")])
    assert modules.folder_of("go/ast") == "go/ast"
    assert modules.folder_of("golang.org/x/net/http2") is None  # a dotted path: not std


def test_a_cpp_overload_written_later_does_not_stretch_the_first() -> None:
    """cxxopts' `Options::add_option`, defined in its class and twice more 700 lines below:
    the node spanned all 700 lines (the names it "held" were other functions')."""
    source = b"""\
class Options {
 public:
  void add(int a) {
    add(a, 1);
  }
  void other() {}
};

void Options::add(int a, int b) {
}

void Options::add(int a, int b, int c) {
}
"""
    facts = parser.parse("cpp", source)
    spans = {n.id: (n.line, n.end_line) for n in nodes_of("cpp", "src/o.cpp", facts)}
    assert spans["src/o.cpp::Options.add"] == (3, 5)
    typescript = parser.parse(
        "typescript",
        b"function f(a: string): void;\nfunction f(a: number): void;\nfunction f(a: any) {\n}\n",
    )
    spans = {n.id: (n.line, n.end_line) for n in nodes_of("typescript", "a.ts", typescript)}
    assert spans["a.ts::f"] == (1, 4)  # overload signatures before their body: one definition


def test_a_ruby_method_named_by_an_operator_keeps_its_name() -> None:
    """Ruby's set.rb: `def <=>(set)` was named `Set.=` (its `<...>` read as a chain's
    generic arguments), and the interview said "No resolved caller of lib.set.Set.=", then
    that it is declared `def <=>(set)`."""
    facts = parser.parse(
        "ruby",
        b"class Set\n  def <=>(set)\n    0\n  end\n  def <=(set)\n  end\n  def <<(o)\n  end\n"
        b"  def []=(k, v)\n  end\n  def -@\n  end\n  def to_s\n  end\nend\n",
    )
    assert [d.qualname for d in facts.definitions] == [
        "Set",
        "Set.<=>",
        "Set.<=",
        "Set.<<",
        "Set.[]=",
        "Set.-@",
        "Set.to_s",
    ]


def test_a_cpp_call_operator_is_named_operator_call() -> None:
    """`operator()` was named `()` (`OptionAdder.()`) or `operator.()`: its brackets were
    read as a call step."""
    source = b"""\
struct Adder {
  int operator()(int a) { return a; }
  bool operator==(const Adder& o) const { return true; }
};
struct Check { int operator[](int i); };
int Check::operator[](int i) { return i; }
"""
    facts = parser.parse("cpp", source)
    assert [d.qualname for d in facts.definitions] == [
        "Adder",
        "Adder.operator()",
        "Adder.operator==",
        "Check",
        "Check.operator[]",
    ]


def test_a_c_statement_after_a_macro_is_no_function() -> None:
    """python-lz4's `_block.c`: after `Py_BEGIN_ALLOW_THREADS` (a macro, no statement to
    the parser) an `if (...) { ... } else { ... }` was read as a function `compress.if`;
    11 such in the package."""
    source = b"""\
static int compress(int n)
{
  int r = 0;
  Py_BEGIN_ALLOW_THREADS

  if (n > 0)
    {
      r = n;
    }
  else
    {
      r = -n;
    }
  Py_END_ALLOW_THREADS
  return r;
}
"""
    for language in ("c", "cpp"):
        found = [n.id for n in nodes_of(language, "b.c", parser.parse(language, source))]
        assert found == ["b.c", "b.c::compress"], language
