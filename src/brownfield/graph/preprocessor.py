"""The conditional directives of C, C++ and C# (`#if`, `#ifdef`, `#else`, `#endif`...).

The grammars read a directive between declarations or statements, but not one that splits
a construct: `void f(int a\\n#if TRACE\\n, Trace t\\n#endif\\n)` or an initializer whose last
member is conditional makes the whole file one syntax error, and every definition in it is
misplaced. Such a file is read again as the code of each conditional's first branch (the
code built when the condition holds; `#if 0`'s other branch), with every other line blanked
byte for byte, so that lines and offsets stay where they were.
"""

from __future__ import annotations

import re

_DIRECTIVE = re.compile(rb"[ \t]*#[ \t]*(if|ifdef|ifndef|elif|else|endif)\b(.*)", re.S)
_NEVER = re.compile(rb"\s*0\s*(?://.*|/\*.*)?$", re.S)  # `#if 0`: code nobody builds


def first_branches(source: bytes) -> bytes:
    """`source` with its conditional directives blanked, and with them every line of a
    branch other than a conditional's first (or, after `#if 0`, second)."""
    lines = source.splitlines(keepends=True)
    dropping: list[bool] = []  # per open conditional: whether its current branch is dropped
    taken: list[bool] = []  # per open conditional: whether a branch of it was kept
    out = []
    for line in lines:
        found = _DIRECTIVE.match(line)
        if found is None:
            out.append(_blank(line) if any(dropping) else line)
            continue
        kind = found.group(1)
        if kind in (b"if", b"ifdef", b"ifndef"):
            never = kind == b"if" and _NEVER.match(found.group(2)) is not None
            dropping.append(never)
            taken.append(not never)
        elif kind in (b"elif", b"else") and dropping:
            dropping[-1] = taken[-1]
            taken[-1] = True
        elif kind == b"endif" and dropping:
            dropping.pop()
            taken.pop()
        out.append(_blank(line))
    return b"".join(out)


def outside_cplusplus(source: bytes) -> bytes:
    """`source` without its conditionals that test `__cplusplus`, each branch of them, nor
    any directive: what a C header says to C readers (and C++ readers alike)."""
    kept: list[bytes] = []
    testing: list[bool] = []  # per open conditional: whether it tests __cplusplus
    for line in source.split(b"\n"):
        found = _DIRECTIVE.match(line)
        if found is None:
            if not any(testing):
                kept.append(line)
        elif found.group(1).startswith(b"if"):
            testing.append(b"__cplusplus" in found.group(2))
        elif found.group(1) == b"endif" and testing:
            testing.pop()
    return b"\n".join(kept)


def _blank(line: bytes) -> bytes:
    """The line's bytes as spaces, its line break kept."""
    body = line.rstrip(b"\r\n")
    return b" " * len(body) + line[len(body) :]
