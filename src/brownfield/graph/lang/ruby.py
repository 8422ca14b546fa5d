"""Ruby: `require_relative` and `require` load whole files; constants are global."""

from __future__ import annotations

import posixpath
from typing import Any

from brownfield.graph.facts import ACCESSOR_MARK, Definition, FileFacts, ImportFact, ReturnFact
from brownfield.graph.generic_entry import entry_points
from brownfield.graph.generic_world import Profile, Value, World

#: Folders a plain `require "a/b"` is looked up in (the usual load path of a project).
LOAD_PATH = ("", "lib/", "app/")


class Ruby(Profile):
    language = "ruby"
    overridable = True  # `hook` in a base class may run an override of it below
    self_names = frozenset({"self"})
    super_names = frozenset({"super"})
    constructors = ("initialize",)
    new_step = "new"  # `Foo.new(...)` constructs, and reaches `Foo#initialize`
    class_members_visible = True  # `helper` in a method is `self.helper`
    lexical_constants = True  # `Shape` inside `module Shapes` is `Shapes::Shape`
    class_step = "class"  # `self.class.new(...)`, `self.class.default_port`
    copy_steps = frozenset({"dup", "clone"})  # `base = self.dup; base.set_host(h)`
    paren_free_calls = True  # `uri.host.downcase`, `x = parser.parse`
    # A class or module at the top of any file is visible everywhere (Ruby's constants are
    # global once loaded); a `def` at the top of a file too (it lands on Object).
    global_names = True
    builtins = frozenset(
        {
            "require",
            "require_relative",
            "load",
            "puts",
            "print",
            "p",
            "pp",
            "format",
            "sprintf",
            "raise",
            "loop",
            "lambda",
            "proc",
            "attr_reader",
            "attr_writer",
            "attr_accessor",
            "include",
            "extend",
            "prepend",
            "private",
            "protected",
            "public",
            "module_function",
            "Integer",
            "Float",
            "String",
            "Array",
            "Hash",
            "JSON",
            "File",
            "Dir",
            "Time",
            "Math",
            "Kernel",
            "STDOUT",
            "STDERR",
            # Kernel's and Module's own methods, called without a receiver (optparse left
            # `block_given?`, `exit`, `throw`, `const_set` unknown names)
            *"""block_given? exit exit! abort at_exit throw catch caller method send __send__
            public_send binding warn sleep rand srand gets fail autoload freeze frozen?
            respond_to? instance_variable_get instance_variable_set instance_variable_defined?
            instance_variables const_get const_set const_defined? define_method alias_method
            remove_method undef_method private_constant private_class_method
            public_class_method module_eval class_eval instance_eval instance_exec
            is_a? kind_of? instance_of? nil? tap then dup clone Rational Complex""".split(),
            # the core's exception classes, which `raise ArgumentError, "..."` constructs
            *"""Exception StandardError RuntimeError ArgumentError TypeError NameError
            NoMethodError KeyError IndexError RangeError StopIteration ZeroDivisionError
            FloatDomainError IOError EOFError SystemCallError NotImplementedError ScriptError
            LoadError SyntaxError SecurityError EncodingError FrozenError RegexpError
            ThreadError FiberError LocalJumpError SystemExit Interrupt SignalException
            UncaughtThrowError ClosedQueueError NoMatchingPatternError""".split(),
        }
    )

    def resolve_import(self, world: World, path: str, fact: ImportFact) -> list[Value]:
        """The file a `require_relative` (relative to this file) or a `require` (through
        the load path) names; the queries leave the method's name in the import's alias."""
        spec = fact.module
        if not spec.endswith(".rb"):
            spec += ".rb"
        if fact.alias == "require_relative" or spec.startswith(("./", "../")):
            found = world.find_file([posixpath.join(posixpath.dirname(path), spec)])
        else:
            found = world.find_file(prefix + spec for prefix in LOAD_PATH)
        if found:
            return [Value("mod", found, "")]
        return [Value("ext", "", fact.module.replace("/", "."))]


def with_declarations(
    facts: FileFacts, matches: list[tuple[int, dict[str, list[Any]]]]
) -> FileFacts:
    """The facts with what a class or module body declares by calling Module's methods, in
    the innermost class or module around the call: the methods `attr_reader :name` (`name`,
    returning `@name`), `attr_writer :name` (`name=`) and `attr_accessor :name` (both)
    define, made where the symbol is written (a method the class writes itself is kept),
    and the modules `include M` and `prepend M` mix in, bases of the class."""
    definitions = facts.definitions
    classes = [(d.line, d.end_line, at) for at, d in enumerate(definitions) if d.kind == "class"]
    defined = {d.qualname for d in definitions}
    for _, captures in matches:
        if "mixin.module" in captures:
            module = captures["mixin.module"][0]
            at = _around(classes, module.start_point.row + 1)
            chain = tuple(module.text.decode().split("::"))
            if at is not None and all(part.isidentifier() for part in chain):
                definitions[at] = definitions[at]._replace(bases=(*definitions[at].bases, chain))
        if "accessor" not in captures:
            continue
        kind = captures["accessor"][0].text.decode()
        for symbol in captures.get("accessor.name", []):
            name, line = symbol.text.decode().lstrip(":"), symbol.start_point.row + 1
            at = _around(classes, line)
            if at is None or not name.isidentifier():
                continue
            owner = definitions[at].qualname
            made = {"attr_reader": [name], "attr_writer": [f"{name}="]}.get(
                kind, [name, f"{name}="]
            )
            for method in made:
                qualname = f"{owner}.{method}"
                if qualname in defined:
                    continue
                defined.add(qualname)
                definitions.append(
                    Definition("method", qualname, owner, line, line, (), (ACCESSOR_MARK,))
                )
                if not method.endswith("="):
                    facts.returns.append(ReturnFact(qualname, (f"@{name}",), line))
    return facts


def _around(classes: list[tuple[int, int, int]], line: int) -> int | None:
    """The index of the innermost of the classes and modules (first line, last line,
    index) whose lines hold `line`."""
    holding = [(first, at) for first, last, at in classes if first <= line <= last]
    return max(holding)[1] if holding else None


PROFILE = Ruby()
_extract, nodes_of, new_resolver, invalidated_keys = entry_points(PROFILE)


def extract(root: object, source: bytes, matches: list[Any]) -> FileFacts:
    """The generic facts of a Ruby file, with its class bodies' declarations
    (`with_declarations`)."""
    return with_declarations(_extract(root, source, matches), matches)
