"""What a file, a class or a Go struct declares, read for the search rows' settings: a
file's top-level names, a class's fields and class attributes, a Go struct's fields and what
a Go method assigns through its receiver (Go has no `self`)."""

from __future__ import annotations

import re

from brownfield.graph.facts import ACCESSOR_MARK, FileFacts


def class_fields(facts: FileFacts) -> dict[str, list[tuple[str, int]]]:
    """A file's classes (by their facts' qualname) -> the names their bodies declare or
    bind, with the line: Java's fields (`static final int max_attempts = ...;`), Python's
    class attributes (`timeout = 5`), Ruby's accessors (`attr_accessor :col_sep`); what a
    class holds, as Go's struct fields are."""
    classes = {d.qualname for d in facts.definitions if d.kind == "class"}
    found: dict[str, list[tuple[str, int]]] = {}
    for binding in facts.bindings:
        target = binding.target
        if binding.scope in classes and len(target) == 1 and target[0].isidentifier():
            found.setdefault(binding.scope, []).append((target[0], binding.line))
    for definition in facts.definitions:  # Ruby's `attr_accessor :name`: the field `name`
        if ACCESSOR_MARK in definition.decorators and definition.scope in classes:
            field = (definition.name.rstrip("="), definition.line)
            if field not in found.setdefault(definition.scope, []):
                found[definition.scope].append(field)
    return found


#: A file's top-level declarations, by language: a module's settings live there too
#: (`maxExecDepth` in a Go file, `DEFAULT_CONVERTERS` in a Python one). Go's grouped
#: `var (...)`/`const (...)` declare one name per line inside the group.
_TOP_LEVEL = {
    "python": re.compile(r"^([A-Za-z_]\w*)[ \t]*(?::[^=\n]+)?=(?!=)", re.M),
    "ruby": re.compile(r"^([A-Z]\w*)[ \t]*=(?!=)", re.M),
    "go": re.compile(r"^(?:var|const)[ \t]+([A-Za-z_]\w*)", re.M),
    "javascript": re.compile(
        r"^(?:export[ \t]+)?(?:const|let|var)[ \t]+([A-Za-z_$][\w$]*)[ \t]*=", re.M
    ),
}
_TOP_LEVEL["typescript"] = _TOP_LEVEL["tsx"] = _TOP_LEVEL["javascript"]
_GO_GROUP = re.compile(r"(?:var|const)[ \t]*\([ \t]*$")  # a line opening a grouped declaration
_GO_GROUPED = re.compile(r"\t([A-Za-z_]\w*)\b(?![ \t]*[.(:])")  # gofmt's one tab per name


def top_level_names(language: str, text: str) -> list[str]:
    """The names a file declares at its top level, each once, in order (constants in
    upper case in a language without a rule here)."""
    if language == "go":
        return _go_top_level_names(text)
    pattern = _TOP_LEVEL.get(language, _UPPER_ASSIGNED)
    return list(dict.fromkeys(m.group(1) for m in pattern.finditer(text) if m.group(1) != "_"))


def _go_top_level_names(text: str) -> list[str]:
    """Go's `var x`/`const x` lines, and one name per line of a `var (`...`)` group, read
    line by line (a regex looking for each group's end read the rest of the file again
    for every group left open)."""
    found: list[str] = []
    grouped = False
    for line in text.splitlines():
        if grouped:
            if line.startswith(")"):
                grouped = False
            elif named := _GO_GROUPED.match(line):
                found.append(named.group(1))
        elif _GO_GROUP.match(line):
            grouped = True
        elif declared := _TOP_LEVEL["go"].match(line):
            found.append(declared.group(1))
    return list(dict.fromkeys(name for name in found if name != "_"))


_UPPER_ASSIGNED = re.compile(r"^([A-Z][A-Z0-9_]+)\s*=", re.M)

#: Go has no `self`: a struct's settings are its fields (`Comma rune`, `A, B int`, one
#: declaration per line, indented), and a method's are what it assigns through its
#: receiver (`r.Comma = ','`, `f.formal[name] = flag`, `s.depth++`).
_GO_STRUCT = re.compile(r"\s*type\s+\w+(?:\[[^\]]*\])?\s+struct\s*\{")
_GO_FIELD = re.compile(r"\s+([A-Za-z_]\w*(?:[ \t]*,[ \t]*[A-Za-z_]\w*)*)[ \t]+[^\s/=:]")
_GO_RECEIVER = re.compile(r"\s*func\s*\(\s*([A-Za-z_]\w*)\s")
_GO_ASSIGNED = (
    r"\b{}\.([A-Za-z_]\w*)(?:\[[^\]\n]*\])?[ \t]*(?:(?:[-+*/%|&^]|<<|>>|&\^)?=(?!=)|\+\+|--)"
)


def go_attributes(lines: list[str], start: int, end: int) -> list[str]:
    """The fields a Go struct declares, or what a Go method assigns through its receiver,
    in order (nothing for other definitions)."""
    first = lines[start] if start < len(lines) else ""
    if _GO_STRUCT.match(first):
        inside = lines[start + 1 : end]
        if end == start:  # `type P struct { X, Y int; Z string }`
            inside = [" " + part for part in first.partition("{")[2].rpartition("}")[0].split(";")]
        fields = (_GO_FIELD.match(line) for line in inside)
        return [name.strip() for f in fields if f for name in f.group(1).split(",")]
    receiver = _GO_RECEIVER.match(first)
    if receiver is None:
        return []
    assigned = re.compile(_GO_ASSIGNED.format(re.escape(receiver.group(1))))
    # from after the receiver's name: a one-line method writes on its first line
    return assigned.findall("\n".join([first[receiver.end() :], *lines[start + 1 : end + 1]]))
