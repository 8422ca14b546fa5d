"""Every language but Python: what tells a call from a name.

Where a field and a method may share a name (`Profile.fields_apart`: Java's `size` and
`size()`), a call of the member takes the method. Where naming a method calls it,
parentheses or not (`Profile.paren_free_calls`: Ruby), a bare name that is a variable or
parameter of the calling method reads it (Ruby's `shape` as a method's last line): no
call; `self.class` (`Profile.class_step`) and `x.dup` (`Profile.copy_steps`) are calls of
builtins, whose values are the class and a copy of `x`, unless the repository defines a
method so named. A value a declared wrapper holds (`Profile.wrapped_types`: Rust's
`Result<T, E>`) is a `T` once a copy step (`unwrap`) or a `?` took it out (`taken_out`).
"""

from __future__ import annotations

from brownfield.graph.facts import CALL, BindingFact, CallFact, Chain
from brownfield.graph.generic_chains import DESTRUCTURED, ELEMENTS
from brownfield.graph.generic_classes import Reader
from brownfield.graph.generic_world import (
    CLASS_LIKE,
    FUNCTION_LIKE,
    Found,
    Profile,
    Table,
    Value,
)
from brownfield.model import Resolution


def reads_local(profile: Profile, table: Table, call: CallFact) -> bool:
    """Whether `call`, a bare name, reads a variable of the method (or class body, or file)
    it is in."""
    if not profile.paren_free_calls or call.chain is None or len(call.chain) != 1:
        return False
    bound = table.scopes.get(call.scope, {}).get(call.chain[0], [])
    return any(isinstance(binding, BindingFact) for binding in bound)


def head_scope(profile: Profile, table: Table, call: CallFact) -> str:
    """The scope a call's head is looked up from: its own, but for a path's head where the
    language says it names a module (`Profile.path_heads`: Rust's `unit::connect()`), the
    first scope outward that binds the name otherwise than as a variable (`let unit`, a
    parameter), passing the classes (a method is no bare name there). Only a lowercase
    head: Rust names modules and variables in snake_case, types and type parameters
    (`D::deserialize()` for `D: Deserialize`, bound as a variable is) in CamelCase."""
    scope = call.scope
    if not (call.path and profile.path_heads and call.chain and call.chain[0][:1].islower()):
        return scope
    head = call.chain[0]
    if head in profile.self_names or head in profile.super_names:
        return scope  # `self::f()`: as before
    while scope and (
        table.kinds.get(scope) in CLASS_LIKE
        or all(isinstance(b, BindingFact) for b in table.scopes.get(scope, {}).get(head, []))
    ):
        scope = table.parent(scope) or ""
    return scope


def builtin_step(resolver: Reader, chain: Chain, found: list[Found]) -> list[Found]:
    """What a call ending in `chain` calls: a builtin for `self.class` and `x.dup` (and a
    bare `dup`) where `found` holds no method of the repository, else `found`."""
    profile = resolver.profile
    name = chain[-1]
    copies = name in profile.copy_steps
    if not copies and (name != profile.class_step or len(chain) == 1):
        return found
    if any(is_function(resolver, value) for value, _ in found):
        return found
    return [(Value("ext", "", f"<builtin>.{name}"), Resolution.BUILTIN)]


def is_function(resolver: Reader, value: Value) -> bool:
    """Whether `value` is a function or method of the repository."""
    return value.kind == "def" and resolver.table(value.path).kinds.get(value.name) in FUNCTION_LIKE


def methods_first(resolver: Reader, found: list[Found]) -> list[Found]:
    """What a call of a member takes where a field and a method may share a name: the
    methods among `found` (Java's `user.name()` beside the field `name`), else `found`."""
    if not resolver.profile.fields_apart:
        return found
    return [each for each in found if is_function(resolver, each[0])] or found


def taken_out(
    resolver: Reader, value: Value, how: Resolution, step: str
) -> tuple[Value, list[Found] | None]:
    """A step on a copy (`x.unwrap()`, `self.dup`: the value again), a member of a sequence
    (`Profile.sequence_type`'s: a builtin), or into or out of a wrapped value
    (`Profile.wrapped_types`): the value the step applies to, and what it gives where that
    is decided here (None: the step is the value's own).

    The marker `<W>` of a declared `W<T>` wraps an instance of T, and is W itself around
    outside code (`Option<u8>`: `<builtin>.Option`). On a wrapped value, a copy step
    (`unwrap`) gives the instance, a method of the wrapper (`is_some`) is a builtin, any
    other step is the instance's (Rust's `?` took it out: `from_str(s)?.is_eof()`)."""
    if value.kind == "copy":
        value = value._replace(kind="inst")
        return value, ([(value, how)] if step == CALL else None)
    if step.startswith(DESTRUCTURED):  # `const { a } = f()`: a member of what f returns,
        if value.kind == "ext":  # unknown when outside code made it (`Object.create(...)`)
            return value, []
        return value, resolver.step(value, how, step[len(DESTRUCTURED) :])
    sequence = resolver.profile.sequence_type
    if value.kind == "seq" and sequence and not step.startswith(("[", "(")):
        return value, [(Value("ext", "", f"<builtin>.{sequence}.{step}"), Resolution.BUILTIN)]
    if step.startswith("<"):
        if value.kind in ("inst", "wrap"):
            return value, [(value._replace(kind="wrap"), how)]
        outside = value.kind == "ext"
        return value, [(Value("ext", "", f"<builtin>.{step[1:-1]}"), how)] if outside else []
    if value.kind != "wrap":
        return value, None
    if step in resolver.profile.copy_steps:
        return value, [(value._replace(kind="copy"), how)]
    if step in resolver.profile.wrapper_methods:
        return value, [(Value("ext", "", f"<builtin>.{step}"), Resolution.BUILTIN)]
    return value._replace(kind="inst"), [] if step == CALL else None


def unknown_sequence(resolver: Reader, binding: object) -> list[Found]:
    """What a name is bound to when its declared sequence's element type names nothing
    known (`Array<AbortController>`, a global): the language's sequence, whose members are
    builtins (`Profile.sequence_type`); [] for anything else."""
    sequence = resolver.profile.sequence_type
    declared = binding.value if isinstance(binding, BindingFact) else None
    if not sequence or not declared or declared[-1] != ELEMENTS:
        return []
    return [(Value("ext", "", f"<builtin>.{sequence}"), Resolution.BUILTIN)]
