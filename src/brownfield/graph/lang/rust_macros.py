"""Rust: the macros whose arguments are code, read as code.

The grammar leaves a macro's arguments a token tree. Where the arguments are expressions or
items, the source is rewritten byte for byte (every byte where it was, every line break
kept) so that the parser reads them (`parser.parse` keeps the rewritten tree only when it
reads without error):

* the standard macros that take expressions (`assert_eq!(r.recv(), Ok(7))`, `format!`,
  `write!`, `panic!` ...): the `!` made a space, a call the grammar reads (`assert_eq (a,
  b)`) whose arguments are expressions; the macro itself is no call;
* another macro written where expressions are (a function's body), `name!(...)` or
  `path::name!(...)`, whose arguments read as a call's (`assert_iter_eq!(split(w), v)`,
  `log::info!("{}", f(x))`): opened as the standard ones (`json!({"a": 1})` is not);
* `vec![a, f(b)]`: `vec!` made spaces, an array;
* a macro written where items are (a file's or a `mod`'s top) whose braces hold items
  (`quickcheck! { fn prop(xs: Vec<u8>) -> bool { ... } }`), or branches of items
  (`cfg_if! { if #[cfg(unix)] { mod unix; } else { ... } }`, every branch read): all but
  the items made spaces, so they are the file's or module's own, as the macro makes them.
  A macro whose braces hold anything else (`lazy_static!`'s `static ref`, `macro_rules!`)
  is left alone.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

Node = Any  # tree_sitter.Node

#: The standard macros whose arguments are expressions, written `name!(...)` unqualified.
#: What is blanked is `blank`: the `!` (`assert_eq (a, b)`: a call the grammar reads).
_EXPRESSION_MACRO = re.compile(
    rb"(?<![\w:!$])(?P<name>assert|assert_eq|assert_ne|debug_assert|debug_assert_eq"
    rb"|debug_assert_ne|format|format_args|print|println|eprint|eprintln|write|writeln|panic"
    rb"|dbg|unreachable|todo|unimplemented)(?P<blank>!)(?=[ \t]*\()"
)
#: Any other macro written `name!(...)` or `path::name!(...)`: opened as the standard ones
#: are where expressions are (a function's body) when its arguments read as a call's.
_OTHER_MACRO = re.compile(
    rb"(?<![\w:!$])(?P<name>(?:[A-Za-z_]\w*::)*(?P<last>[A-Za-z_]\w*))(?P<blank>!)(?=[ \t]*\()"
)
#: `vec![a, f(b)]` and `vec![x; n]`: with `vec!` blanked, an array expression.
_ARRAY_MACRO = re.compile(rb"(?<![\w:!$])(?P<blank>(?P<name>vec)!)(?=[ \t]*\[)")
#: Macros whose braces hold no items, however they read.
_NOT_ITEMS = frozenset({b"macro_rules"})
#: Where items are: a file's top, a module's body.
_ITEM_HOLDERS = ("source_file", "declaration_list")


def open_macros(
    source: bytes, root: Node, reads_cleanly: Callable[[bytes], bool]
) -> tuple[bytes, frozenset[tuple[str, int]]]:
    """The source with its macros' code opened (see the module's docstring), and the
    (name, line) of each expression macro, whose call is no call. `reads_cleanly` says
    whether a text parses as a file without error."""
    opened = bytearray(source)
    found = set()
    line, counted = 1, 0
    matches = (
        *_EXPRESSION_MACRO.finditer(source),
        *_ARRAY_MACRO.finditer(source),
        *_expression_macros(source, root, reads_cleanly),
    )
    for match in sorted(matches, key=lambda found_at: found_at.start()):
        start, end = match.span("blank")
        opened[start:end] = b" " * (end - start)
        line, counted = line + source.count(b"\n", counted, match.start()), match.start()
        found.add((match.group("name").decode().replace("::", "."), line))  # as the call reads
    for start, end in _item_macro_spans(source, root, reads_cleanly):
        opened[start:end] = re.sub(rb"[^\r\n]", b" ", source[start:end])
    return bytes(opened), frozenset(found)


def _expression_macros(
    source: bytes, root: Node, reads_cleanly: Callable[[bytes], bool]
) -> list[re.Match[bytes]]:
    """The other macros (`_OTHER_MACRO`) written where expressions are, not where items
    are, whose arguments read as a call's (`assert_iter_eq!(split(a), b)`, `info!("{}",
    f(x))`, `matches!(x, Some(_))`; not `json!({"a": 1})`, nor `quote!(#name)`)."""
    found = []
    for match in _OTHER_MACRO.finditer(source):
        if _EXPRESSION_MACRO.match(source, match.start()) or match["name"] in _NOT_ITEMS:
            continue  # a standard one, opened already
        macro = root.descendant_for_byte_range(match.start(), match.end())
        while macro is not None and macro.type != "macro_invocation":
            macro = macro.parent
        if (
            macro is None
            or macro.start_byte != match.start()
            or macro.parent is None
            or macro.parent.type in _ITEM_HOLDERS
            or not macro.named_children
            or macro.named_children[-1].type != "token_tree"
        ):
            continue
        arguments = source[macro.named_children[-1].start_byte : macro.named_children[-1].end_byte]
        if reads_cleanly(b"fn f() { f" + arguments + b"; }"):
            found.append(match)
    return found


def _item_macro_spans(
    source: bytes, root: Node, reads_cleanly: Callable[[bytes], bool]
) -> list[tuple[int, int]]:
    """The byte spans to blank so that the items inside the item-level macros of the file
    (and of its inline modules) are read as items."""
    spans: list[tuple[int, int]] = []
    pending = [root]
    while pending:
        holder = pending.pop()
        for node in holder.named_children:
            if node.type == "mod_item":
                body = node.child_by_field_name("body")
                if body is not None and body.type in _ITEM_HOLDERS:
                    pending.append(body)
            elif node.type == "macro_invocation":
                spans += _opened(source, node, reads_cleanly)
    return spans


def _opened(
    source: bytes, macro: Node, reads_cleanly: Callable[[bytes], bool]
) -> list[tuple[int, int]]:
    """The spans to blank in one macro written where items are: all of it but the items
    its braces hold (or each of its branches' braces); none when they hold anything else."""
    name = macro.child_by_field_name("macro")
    arguments = macro.named_children[-1] if macro.named_children else None
    if (
        name is None
        or arguments is None
        or arguments.type != "token_tree"
        or source[arguments.start_byte : arguments.start_byte + 1] != b"{"
        or source[name.start_byte : name.end_byte].rpartition(b"::")[2] in _NOT_ITEMS
    ):
        return []
    inner = arguments.children[1:-1]
    bodies = (
        _branches(source, inner)
        if inner and inner[0].type == "if"
        else [(arguments.start_byte + 1, arguments.end_byte - 1)]
    )
    if not bodies or not all(reads_cleanly(source[start:end]) for start, end in bodies):
        return []
    spans, at = [], macro.start_byte
    for start, end in bodies:
        spans.append((at, start))
        at = end
    return [*spans, (at, macro.end_byte)]


#: `if #[cfg(a)] { ... } else if #[cfg(b)] { ... } else { ... }`, a token for a letter:
#: `i` if, `#`, `a` an attribute's `[...]`, `b` a branch's `{...}`, `e` else.
_BRANCHES = re.compile(r"i#ab(?:ei#ab)*(?:eb)?")


def _branches(source: bytes, tokens: list[Node]) -> list[tuple[int, int]] | None:
    """The inside of each branch's braces of `cfg_if!`'s `if #[cfg(a)] { ... } else
    ...`; None when the tokens are not that."""
    letters = []
    for token in tokens:
        text = source[token.start_byte : token.end_byte]
        if token.type == "token_tree":
            letters.append({b"[": "a", b"{": "b"}.get(text[:1], "?"))
        else:
            letters.append({b"if": "i", b"#": "#", b"else": "e"}.get(text, "?"))
    if not _BRANCHES.fullmatch("".join(letters)):
        return None
    return [
        (token.start_byte + 1, token.end_byte - 1)
        for token, letter in zip(tokens, letters, strict=True)
        if letter == "b"
    ]
