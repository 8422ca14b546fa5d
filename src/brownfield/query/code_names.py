"""The names a definition's code writes, read from its file as it is now: those that carry
an idea's words (`names_fact`), those several touchpoints share (`shared_names_fact`) and
the errors it raises and catches (`errors_fact`), each cited at a line that writes it; and
the methods a class touchpoint defines (`members_fact`), each cited where it is defined."""

from __future__ import annotations

import builtins
import re
from collections import Counter

from brownfield.graph.facts import without_overload
from brownfield.graph.roles import is_test
from brownfield.graph.store import GraphStore
from brownfield.graph.vocabulary import index_words, is_keyword
from brownfield.model import Citation, Fact, Node, NodeKind
from brownfield.query.context import Touchpoint
from brownfield.query.freshness import file_lines, repository_root
from brownfield.query.search import Query, carried, matched_words, parse


def _site(path: str, line: int | None, symbol: str) -> Citation:
    return Citation(path, line or 1, None, symbol)


MAX_NAMES = 10  # names shown per touchpoint
DECLARED_BONUS = 0.5  # a name the definition assigns or takes as a parameter comes first
_NAME = re.compile(r"[A-Za-z_$][\w$]*")
_LITERAL = re.compile(r"\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'|`[^`\n]*`")
MAX_KEY_TEXT = 80  # a longer string is text, not a key or a name
_KEY_TEXT = re.compile(r"^[A-Za-z_][\w.\-]*[\w]$")
_COMMENT_START = ("#", "//", "/*", "*", "--")
_TRAILING_COMMENT = re.compile(r"\s(?:#|//).*$")
#: A name assigned (`x = ...`, `x := ...`, `x=...`), an annotation between them skipped
#: (`limit: int = 3` assigns `limit`, not `int`).
_ASSIGNED = re.compile(
    r"([A-Za-z_$][\w$]*)\s*(?::\s*[\w$.\[\], |]+?\s*)?(?::=|(?<![=!<>:+\-*/%&|^])=(?!=))"
)
_TRIPLE = re.compile(r'"""|\'\'\'')


def code_lines(lines: list[str], first: int = 1) -> list[tuple[int, str]]:
    """The lines that are code (numbered from `first`), trailing comments cut: comment
    lines, block comments opened at a line's start (`/*` ... `*/`: Go's package docs write
    code examples in them), docstrings and multi-line strings left out (a short string
    stays, it may be a name looked up)."""
    found = []
    in_string = in_block = False
    for number, text in enumerate(lines, first):
        stripped = text.strip()
        if in_block:
            in_block = "*/" not in stripped
            continue
        odd = len(_TRIPLE.findall(text)) % 2 == 1
        if in_string:
            in_string = not odd
            continue
        if stripped.startswith(('"""', "'''")):
            in_string = odd
            continue
        if stripped.startswith("/*"):
            in_block = "*/" not in stripped[2:]
            continue
        if not stripped or stripped.startswith(_COMMENT_START):
            continue  # a comment opens no string (Go's csv docs: `"a ""quoted"""`)
        in_string = _opens_string(text)
        found.append((number, _without_trailing_comment(text)))
    return found


def _opens_string(code: str) -> bool:
    """Whether a line of code opens a multi-line string: three quotes not closed on the
    line, read left to right past its one-line strings, up to a comment."""
    at = 0
    while (match := _QUOTED.search(code, at)) is not None:
        at = match.end()
        if match.group().startswith(("#", "//")):
            return False
        if match.group() in ('"""', "'''"):
            close = code.find(match.group(), at)
            if close < 0:
                return True
            at = close + 3
    return False


#: Three quotes, or a one-line string, whichever starts first: the three quotes inside
#: `"v;a*=UTF-8'''%F0.txt"` (werkzeug's tests), or inside a Go raw string between
#: backquotes (`"""a""b"""`, encoding/csv's tests), open no multi-line string; a
#: comment ends what is read.
_QUOTED = re.compile(r'"""|\'\'\'|"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'|`[^`\n]*`|#.*|//.*')


#: What interpolates code into a string: Ruby's `#{x}`, JavaScript's and PHP's `${x}`, PHP's
#: `{$x}`; an f-string's `{x}` (`formatted`). A brace alone is text ("use `configure({...})`").
_INTERPOLATION = ("#{", "${", "{$")


def without_prose(text: str) -> str:
    """A line of code with the text of its prose strings blanked: a one-line string holding
    whitespace or longer than MAX_KEY_TEXT ("AuthenticationMiddleware must be installed"),
    a message, not a name looked up; a short key (`"on_close"`) and a string that may
    interpolate code (`f"{x} y"`, `` `${x} y` ``, `"#{x} y"`) stay."""

    def blanked(match: re.Match[str]) -> str:
        literal = match[0]
        inner = literal[1:-1]
        prose = len(inner) > MAX_KEY_TEXT or any(c.isspace() for c in inner)
        formatted = "f" in text[max(match.start() - 2, 0) : match.start()].lower()
        interpolates = any(m in inner for m in _INTERPOLATION) or (formatted and "{" in inner)
        return literal[0] * 2 if prose and not interpolates else literal

    return _LITERAL.sub(blanked, text)


def _without_trailing_comment(text: str) -> str:
    """A line without its trailing `#` or `//` comment (one inside a string stays)."""
    blanked = _LITERAL.sub(lambda m: " " * len(m[0]), text)
    comment = _TRAILING_COMMENT.search(blanked)
    return text[: comment.start()] if comment else text


def code_names(lines: list[str], start: int, end: int) -> tuple[dict[str, int], set[str]]:
    """Every name a stretch of code writes (1-based lines `start`..`end`), with the first
    line that writes it: identifiers outside comments, docstrings and strings, and the
    keys written as short strings (`"X-Forwarded-For"`, `"missingkey=error"` gives
    `missingkey`); and the names it declares: those on its first line (its name and
    parameters) and those assigned (`x = ...`, `self.x = ...`, `x := ...`, `x=...`)."""
    found: dict[str, int] = {}
    declared: set[str] = set()
    first = max(start, 1)
    for number, text in code_lines(lines[first - 1 : end], first):
        literals = _LITERAL.findall(text)
        code = _LITERAL.sub(" ", text)
        for name in _NAME.findall(code):
            found.setdefault(name, number)
        if number == start:
            declared.update(_NAME.findall(code))
        declared.update(_ASSIGNED.findall(code))
        for literal in literals:
            inner = literal[1:-1]
            if len(inner) > MAX_KEY_TEXT or any(c.isspace() for c in inner):
                continue
            for part in inner.split("="):
                if _KEY_TEXT.match(part):
                    found.setdefault(part, number)
    return found, declared


def idea_names(
    node: Node, lines: list[str], query: Query, exclude: frozenset[str] = frozenset()
) -> list[tuple[str, int]]:
    """The names in a definition's code that carry the idea's words (as the search index
    reads them: split, abbreviations and synonyms expanded), at most MAX_NAMES: each pick
    the name carrying most of the words not yet carried by an earlier pick (so that every
    word of the idea is represented before one word's names fill the list), a name the
    definition declares before one it only uses, ties in the order the code writes them.
    The definition's own name, owners and type parameters, keywords and `exclude` are left
    out."""
    start = node.line or 1
    own = set(node.qualname.split(".")) | exclude | _type_parameters(lines, start, node.name)
    candidates = []
    names, declared = code_names(lines, start, node.end_line or start)
    plain = _plain_values_used(lines, start, node.end_line or start, names, node.language)
    for name, line in names.items():
        if name in own or len(name) < 3 or is_keyword(name, node.language) or name in plain:
            continue
        matched = matched_words(query, " ".join(index_words(name)))
        if matched:
            bonus = DECLARED_BONUS if name in declared else 0.0
            candidates.append((line, name, matched, bonus))
    picked: list[tuple[str, int]] = []
    covered: Counter[str] = Counter()
    while candidates and len(picked) < MAX_NAMES:
        best = max(
            candidates,
            key=lambda c: (sum(v / (1 + covered[w]) for w, v in c[2].items()) + c[3], -c[0]),
        )
        candidates.remove(best)
        picked.append((best[1], best[0]))
        covered.update(best[2].keys())
    return picked


#: JavaScript's (and TypeScript's) built-in classes and namespaces that are not errors:
#: `Array` for "a list", `Date` for "a date" say nothing of the repository. Functions stay
#: (`setTimeout` is how a debounce is written).
_JS_PLAIN = frozenset(
    """Array ArrayBuffer Object String Number Boolean Symbol BigInt Map Set WeakMap WeakSet
    WeakRef Promise Date RegExp Function JSON Math Reflect Proxy DataView Int8Array
    Uint8Array Uint8ClampedArray Int16Array Uint16Array Int32Array Uint32Array Float32Array
    Float64Array BigInt64Array BigUint64Array Buffer""".split()
)
#: Go's predeclared types (`error` stays: an idea may be about errors), and the keywords
#: that other languages let name things (`type`, `map`, `select`).
_GO_PLAIN = frozenset(
    """bool byte complex64 complex128 float32 float64 int int8 int16 int32 int64 rune string
    uint uint8 uint16 uint32 uint64 uintptr any comparable type map select
    fallthrough""".split()
)
#: Java's boxed primitives and `java.lang` plain values.
_JAVA_PLAIN = frozenset(
    """Boolean Byte Character Double Float Integer Long Number Object Short String Void
    StringBuilder""".split()
)
#: The names a language gives every file for plain values, and Python's dunders (`list`,
#: `dict`, `str`, `object`, `__debug__`; JavaScript's `Array`, `Date`): no name the
#: repository chose, and no behaviour an idea could be about, as its functions (`open`,
#: `sorted`, `setTimeout` for a debounce) and its exceptions (`TimeoutError`) may be.
PLAIN_VALUES = {
    "python": frozenset(
        name
        for name, value in vars(builtins).items()
        if name.startswith("__")
        or (isinstance(value, type) and not issubclass(value, BaseException))
    ),
    "javascript": _JS_PLAIN,
    "typescript": _JS_PLAIN,
    "tsx": _JS_PLAIN,
    "go": _GO_PLAIN,
    "java": _JAVA_PLAIN,
}


def _plain_values_used(
    lines: list[str], start: int, end: int, names: dict[str, int], language: str | None
) -> set[str]:
    """The names among `names` that are the language's plain values (`PLAIN_VALUES`) and
    that this code only uses as such: never written as an attribute (`self.type`),
    assigned or passed by keyword (`type=`) or in a parameter's place (`(self, type)`),
    where they are the repository's names."""
    found = PLAIN_VALUES.get(language or "", frozenset()) & names.keys()
    if not found:
        return set()
    text = "\n".join(lines[start - 1 : end])
    return {
        name
        for name in found
        if not re.search(
            rf"\.{re.escape(name)}\b|\b{re.escape(name)}\s*=(?!=)|[(,]\s*{re.escape(name)}\s*[:=,)]",
            text,
        )
    }


def names_fact(
    store: GraphStore, touchpoint: Touchpoint, text: str, exclude: frozenset[str] = frozenset()
) -> Fact | None:
    """The names a touchpoint's code writes that carry the idea's words (parameters,
    attributes, the definitions it calls, keys and constants), each cited at the first
    line of the definition that writes it, read from the file as it is now (`exclude`:
    names already shown)."""
    node = touchpoint.node
    if node.kind is NodeKind.MODULE or not node.path:
        return None
    lines = file_lines(repository_root(store), node.path)
    if lines is None:
        return None
    owner = store.node(node.id.rpartition(".")[0]) if "." in node.id.partition("::")[2] else None
    if owner is not None and owner.line:  # a method's body writes its class's too
        exclude = exclude | _type_parameters(lines, owner.line, owner.name)
    found = idea_names(node, lines, parse(text), exclude)
    if not found:
        return None
    cited = tuple(_site(node.path, line, name) for name, line in found)
    shown = ", ".join(f"`{c.symbol}` ({c})" for c in cited)
    return Fact(
        "names",
        node.qualname,
        f"Names in {node.qualname} that carry the idea's words: {shown}.",
        cited,
    )


MAX_SHARED = 8  # names shown in the shared-names fact
MIN_SHARING = 2  # touchpoints that must write a name for it to be shared


def shared_names_fact(store: GraphStore, touched: list[Touchpoint]) -> Fact | None:
    """The state the touchpoints have in common: the names at least MIN_SHARING of them
    write at different lines (read from the files as they are now; a class and its method
    writing one line count once) that one of them assigns (not only in its signature, where
    it names its parameters and types: `TError = DefaultError` of `class Query<`) or that
    the index holds as an attribute, key or constant of a touchpoint or of its class. The
    state a feature lives in is what the definitions around it share, whatever the idea's
    words (`limit`, `count` of a file handler). At most MAX_SHARED, those more touchpoints
    write first, ties in the order they are first written; each cited where the first
    touchpoint writing it does."""
    nodes = [t.node for t in touched if t.node.kind is not NodeKind.MODULE and t.node.path]
    own = {part for node in nodes for part in node.qualname.split(".")}
    root = repository_root(store)
    sites: dict[str, list[Citation]] = {}
    state: set[str] = set()
    for node in nodes:
        lines = file_lines(root, node.path or "")
        if lines is None:
            continue
        start = node.line or 1
        names, declared = code_names(lines, start, node.end_line or start)
        signature = lines[start - 1 : _signature_end(lines, start, node.end_line or start)]
        first = {name for line in signature for name in _NAME.findall(line)}
        state.update(declared - first)
        end = node.end_line or start
        plain = _plain_values_used(lines, start, end, names, node.language)
        for name, line in names.items():
            if len(name) < 3 or is_keyword(name, node.language) or name in own or name in plain:
                continue
            site = _site(node.path or "", line, name)
            if site not in sites.setdefault(name, []):  # a class and its method: once
                sites[name].append(site)
    owners = {n.id.rpartition(".")[0] for n in nodes if "." in n.id.partition("::")[2]}
    for raw in store.search_raw(sorted(owners | {n.id for n in nodes})).values():
        state.update(item.rpartition(":")[0] for item in raw.split())
    order = {name: index for index, name in enumerate(sites)}
    shared = sorted(
        (name for name, cited in sites.items() if len(cited) >= MIN_SHARING and name in state),
        key=lambda name: (-len(sites[name]), order[name]),
    )[:MAX_SHARED]
    if not shared:
        return None
    cited = tuple(sites[name][0] for name in shared)
    shown = ", ".join(f"`{name}` ({len(sites[name])}, e.g. {sites[name][0]})" for name in shared)
    return Fact(
        "shared-names",
        "touchpoints",
        f"Names written by at least {MIN_SHARING} of the {len(nodes)} touchpoints, each "
        f"assigned by one of them or an attribute, key or constant it holds (how many write "
        f"it): {shown}.",
        cited,
    )


def _signature_end(lines: list[str], start: int, end: int) -> int:
    """The last line of a definition's signature: its first line and those its open
    brackets carry on to (`def f(` ... `):`, `class Query<` ... `> {`), within `end`."""
    depth = 0
    for number in range(max(start, 1), min(end, len(lines), start + MAX_SIGNATURE) + 1):
        code = _TRAILING_COMMENT.sub("", _LITERAL.sub(" ", lines[number - 1])).strip()
        depth += code.count("(") + code.count("[") - code.count(")") - code.count("]")
        depth += code.endswith("<") - code.startswith(">")
        if depth <= 0:
            return number
    return start


def _type_parameters(lines: list[str], start: int, name: str) -> set[str]:
    """The type parameters a definition declares after its name on its first lines
    (`class Query<TData = unknown, TError extends Error>`, Java's `<T extends Comparable<T>>`):
    placeholders for types, not names of the code."""
    text = " ".join(lines[start - 1 : start - 1 + MAX_SIGNATURE])
    at = re.search(rf"\b{re.escape(without_overload(name))}\s*<", text)
    if at is None:
        return set()
    found, depth, expecting = set(), 0, True
    for token in re.finditer(r"[<>,]|=>|[A-Za-z_$][\w$]*", text[at.end() - 1 :]):
        value = token.group()
        if value in "<>,":
            depth += {"<": 1, ">": -1, ",": 0}[value]
            expecting = value != ">" and depth == 1
            if depth == 0:
                break
        elif value != "=>":
            if expecting and depth == 1:
                found.add(value)
            expecting = False
    return found


MAX_SIGNATURE = 30  # lines a signature may span
MAX_MEMBERS = 12  # methods, and nested classes, shown per class touchpoint


def members_fact(store: GraphStore, touchpoint: Touchpoint, text: str) -> Fact | None:
    """The methods a class touchpoint defines (its own, not inherited ones), and the
    classes nested in it, each cited at its definition: at most MAX_MEMBERS of each, those
    in production code first, then those whose names carry more of the idea's words, ties
    in the order the file defines them; how many were left out is said. A change to a class
    is made in one of its methods (or of a class it holds: Java's `ZipFile` inflates in its
    `ZipFileInflaterInputStream`), and a person names them."""
    node = touchpoint.node
    if node.kind is not NodeKind.CLASS or not node.path:
        return None
    prefix = node.qualname + "."  # a Go type's methods may be in other files of its package
    found = sorted(
        (
            other
            for other in store.nodes_like(prefix, limit=2000)
            if other.kind in (NodeKind.METHOD, NodeKind.CLASS)
            and other.qualname.startswith(prefix)
            and "." not in other.qualname[len(prefix) :]
        ),
        key=lambda other: (other.path != node.path, other.path or "", other.line or 0),
    )
    first: dict[tuple[NodeKind, str], Node] = {}  # an overloaded method once, its first
    for member in found:
        first.setdefault((member.kind, without_overload(member.name)), member)
    methods = [m for m in first.values() if m.kind is NodeKind.METHOD]
    nested = [m for m in first.values() if m.kind is NodeKind.CLASS]
    if not methods and not nested:
        return None
    query = parse(text)
    parts: list[str] = []
    cited: tuple[Citation, ...] = ()
    for members, what in ((methods, "method(s)"), (nested, "nested class(es)")):
        if not members:
            continue
        carrying = {m.id: carried(query, m.name) for m in members}
        # production members first (Go's `export_test.go` adds methods for tests only);
        # stable: in file order among equals
        shown = sorted(members, key=lambda m: (is_test(m.path, m.id), -carrying[m.id]))
        shown = shown[:MAX_MEMBERS]
        sites = tuple(_site(m.path or node.path, m.line, without_overload(m.name)) for m in shown)
        left = len(members) - len(shown)
        more = f"; {left} more not shown" if left > 0 else ""
        parts.append(
            f"{len(members)} {what}: " + ", ".join(f"`{c.symbol}` ({c})" for c in sites) + more
        )
        cited += sites
    return Fact(
        "members",
        node.qualname,
        f"{node.qualname} ({node.path}:{node.line}) defines " + "; and ".join(parts) + ".",
        cited,
    )


MAX_ERRORS = 8  # errors named per touchpoint
#: A statement that raises or catches: Python's `raise X(...)` and `except (X, Y) as e:`,
#: Java's and JavaScript's `throw new X(...)` and `catch (X | Y e)`, Ruby's `rescue X`. The
#: names in it whose last part starts with a capital are the errors (`Timeout::Error`,
#: `click.Abort`) and the error codes written beside them (`AxiosError.ERR_X`).
_DOTTED = re.compile(r"[A-Za-z_$][\w$]*(?:(?:\.|::)[A-Za-z_$][\w$]*)*")  # `a.B`, `A::B`
_RAISES = re.compile(r"^\s*(?:raise|throw)\b")
_CATCHES = re.compile(r"^\s*(?:\}\s*)?(?:except|catch|rescue)\b")
#: A string that is still open at the line's end (a template literal, a message written
#: over several lines), and the rest of the line after its quote: text, not names.
_OPEN_STRING = re.compile(r"[\"'`].*$")
#: Ruby's percent strings: `%Q[Illegal argument]`, `%q(text)`, `%w[a b]` are text, not names.
_RUBY_PERCENT = re.compile(r"%[qQwWiI]?(?:\[[^\]\n]*\]|\([^)\n]*\)|\{[^}\n]*\}|<[^>\n]*>)")
#: Go returns its errors: a `return` of an error value (`ErrFormat`, by the convention that
#: names them `ErrX`) or of an error type's value (`&SyntaxError{...}`, `UnmarshalError(...)`).
_GO_RETURNS = re.compile(r"^\s*return\b")
_GO_ERROR = re.compile(r"(?:^|\.)(?:Err[A-Z0-9]\w*|[A-Z]\w*Error)$")


def errors_fact(store: GraphStore, touchpoint: Touchpoint) -> Fact | None:
    """The errors a touchpoint's code (a function's, a method's, a class's whole body)
    raises, or in Go returns, and those it catches, each once, cited at the first line that
    raises or catches it: what a change must keep raising, or may now raise. At most
    MAX_ERRORS."""
    node = touchpoint.node
    kinds = (NodeKind.FUNCTION, NodeKind.METHOD, NodeKind.CLASS)
    if node.kind not in kinds or not node.path:
        return None
    lines = file_lines(repository_root(store), node.path)
    if lines is None:
        return None
    body = lines[(node.line or 1) - 1 : node.end_line or node.line or 1]
    go = node.path.endswith(".go")
    raised: dict[str, int] = {}
    caught: dict[str, int] = {}
    for number, text in code_lines(body):
        returned = go and bool(_GO_RETURNS.match(text))
        raises = returned or bool(_RAISES.match(text))
        into = raised if raises else caught if _CATCHES.match(text) else None
        if into is None:
            continue
        if node.language == "ruby":
            text = _RUBY_PERCENT.sub(" ", text)
        code = _OPEN_STRING.sub("", _LITERAL.sub(" ", text))  # (a string going on below)
        for name in _DOTTED.findall(code):
            last = re.split(r"\.|::", name)[-1]
            known = name in raised or name in caught or is_keyword(last, node.language)
            if last[:1].isupper() and not known and (not returned or _GO_ERROR.search(name)):
                into[name] = (node.line or 1) + number - 1
    if not raised and not caught:
        return None
    parts = []
    cited: list[Citation] = []
    for verb, found in (("returns" if go else "raises", raised), ("catches", caught)):
        sites = [_site(node.path, line, name) for name, line in found.items()]
        sites = sites[: MAX_ERRORS - len(cited)]
        if sites:
            parts.append(f"{verb} " + ", ".join(f"`{c.symbol}` ({c})" for c in sites))
            cited += sites
    return Fact("errors", node.qualname, f"{node.qualname} {'; '.join(parts)}.", tuple(cited))
