"""What the search index knows of each definition, read from its source text.

For every class, function, method and module: the words of its name (and of its owners and
file), its docstring or leading comment, its parameters, the attributes it assigns
(`self.timeout = ...`), and the keys it reads: string keys of configuration, settings and
environment lookups (`os.environ.get("PAYMENTS_API_KEY")`, `config["retries"]`,
`System.getProperty("jdk.httpclient.redirects.retrylimit")`) and the constants it names
(`DEFAULT_TIMEOUT_CONFIG`). Plain text rules, the same for every language but the comment
and docstring syntax: the index is a pointer into the code, never a claim about it.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterable
from functools import cache, lru_cache
from itertools import accumulate, chain, compress, islice
from operator import not_
from typing import NamedTuple

from brownfield.graph.declared import go_attributes, top_level_names
from brownfield.graph.search_keys import (
    ATTRIBUTE,
    COMMENT_START,
    ENVIRONMENT_WORDS,
    Attributes,
    Keys,
    outside,
)
from brownfield.graph.vocabulary import index_words, is_keyword
from brownfield.graph.vocabulary import words as words_of_name

MAX_DOC_LINES = 30
MAX_COMMENT_LINES = 2_000  # how far up a comment block above a definition is looked for
MAX_TEXT = 4000  # characters kept per column


class SearchRow(NamedTuple):
    """One definition's searchable text, by column, and the raw names it matched on."""

    id: str
    path: str
    kind: str
    name: str
    words: str
    doc: str
    params: str
    attrs: str
    keys: str
    body: str  # the words of the identifiers its body names (functions, methods, CLASS_BODIES)
    messages: str  # the words of its prose strings: the messages it raises, logs or prints
    raw: str  # `name:line` of its attributes and keys as written: what evidence can cite


_SEARCHED_KINDS = frozenset({"class", "function", "method", "module"})
_LINE_COMMENT = re.compile(r"^\s*(?://+|#+|--|\*+/|\*+|/\*+\*?|;+)\s?(.*?)\s*(?:\*/)?\s*$")
_DECORATOR = re.compile(r"^\s*(?:@|#\[|\[[A-Z])")
_DOCSTRING = re.compile(r'^\s*[rRbBuUfF]{0,2}("""|\'\'\'|"|\')')
_IDENTIFIER = re.compile(r"[A-Za-z_]\w*")


def _words_of(names: list[str]) -> str:
    """The searchable words of identifiers: split, compounds also as their parts, expanded
    both ways (an identifier's words are never stop words: `add` names a method)."""
    return _words_of_names(tuple(names)) if names else ""


def _joined_words(names: tuple[str, ...]) -> str:
    """The searchable words of these identifiers, each once, digits left out."""
    found = [word for name in names for word in index_words(name) if not word.isdigit()]
    return " ".join(dict.fromkeys(found))[:MAX_TEXT]


#: `_joined_words`, remembered: a file's definitions share their owners, folders and file
#: name, and many share names and parameters (`self`).
_words_of_names = lru_cache(maxsize=1 << 16)(_joined_words)


@cache
def _name_text(name: str) -> str:
    """`_words_of([name])`, remembered apart: names are many and mostly distinct, and
    would push the shared lists (owners, parameters) out of `_words_of_names`'s cache."""
    return _joined_words((name,))


def _python_docstring(lines: list[str], start: int, end: int) -> list[str]:
    """The docstring right after a Python signature (which may span lines)."""
    index = start
    while index < min(end, start + 12) and not _signature_end(lines[index]):
        index += 1
    index += 1
    if index >= len(lines) or index > end:
        return []
    first = lines[index]
    opened = _DOCSTRING.match(first)
    if not opened:
        return []
    quote = opened.group(1)
    body = first[opened.end() :]
    if quote in body:
        return [body.split(quote, 1)[0]]
    found = [body]
    for line in lines[index + 1 : index + MAX_DOC_LINES]:
        if quote in line:
            found.append(line.split(quote, 1)[0])
            break
        found.append(line)
    return found


#: A comment ending a line (`# noqa: B903`, `# type: ignore`): no quote in it, so none of a
#: string's (`def f(sep="#"):` ends at its colon).
_TRAILING_COMMENT = re.compile(r"\s*#[^\"']*$")


def _signature_end(line: str) -> bool:
    """Whether a Python signature's line is its last: it ends in a colon, before any comment
    (`class Unix(PlatformDirsABC):  # noqa: PLR0904` has a docstring too)."""
    return _TRAILING_COMMENT.sub("", line.rstrip()).endswith(":")


def _leading_comment(lines: list[str], start: int) -> list[str]:
    """The first MAX_DOC_LINES lines of the comment block right above a definition
    (decorators and annotations skipped): a long comment says what the definition does at
    its top, and ends with examples and tags."""
    index = start - 1
    while index >= 0 and _DECORATOR.match(lines[index]):
        index -= 1
    found: list[str] = []
    while index >= 0 and len(found) < MAX_COMMENT_LINES:
        match = _LINE_COMMENT.match(lines[index])
        if not match or not lines[index].strip():
            break
        found.append(match.group(1))
        index -= 1
    return found[::-1][:MAX_DOC_LINES]


_EXAMPLE_TAG = re.compile(r"^\s*@example\b")
_FENCE = re.compile(r"^\s*(?:```|~~~)")
_TAG = re.compile(r"^\s*@\w+")
_DOCTEST = re.compile(r"^\s*(?:>>>|\.\.\.)\s")


def _prose(doc: list[str]) -> list[str]:
    """A docstring's or comment's prose: without its code examples (a JSDoc or Javadoc
    `@example` section, up to the next tag; a Markdown code block between ``` fences;
    Python doctest lines), whose words are those of other code, not of what the definition
    does."""
    kept: list[str] = []
    in_example = in_fence = False
    for line in doc:
        if _FENCE.match(line):
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        if _EXAMPLE_TAG.match(line):
            in_example = True
            continue
        if in_example and not _TAG.match(line):
            continue
        in_example = False
        if not _DOCTEST.match(line):
            kept.append(line)
    return kept


def _top_comment(lines: list[str]) -> list[str]:
    """A file's opening comment block (after a `#!` line)."""
    found: list[str] = []
    for line in lines[1:] if lines and lines[0].startswith("#!") else lines:
        match = _LINE_COMMENT.match(line)
        if not match or not line.strip() or len(found) >= MAX_DOC_LINES:
            break
        found.append(match.group(1))
    return found


def _parameters(lines: list[str], start: int, end: int) -> list[str]:
    """Identifiers between the signature's first parenthesis and its match (after Rust's
    `pub(crate)`, a visibility)."""
    text = _VISIBILITY.sub(" ", " ".join(lines[start : min(end + 1, start + 12)]))
    opening = text.find("(")
    if opening < 0:
        return []
    depth, close = 0, len(text)
    for bracket in _PARENTHESIS.finditer(text, opening):
        if bracket.group() == "(":
            depth += 1
        else:
            depth -= 1
            if depth == 0:
                close = bracket.start()
                break
    inside = _QUOTED.sub(" ", text[opening + 1 : close])
    return _IDENTIFIER.findall(inside)


_PARENTHESIS = re.compile(r"[()]")
_VISIBILITY = re.compile(r"\bpub\s*\(\s*(?:crate|super|self|in\s+[\w:]+)\s*\)")
_QUOTED = re.compile(r"[\"'][^\"']*[\"']")


_STRING = re.compile(r"\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'")
_STRING_PARTS = re.compile(f"({_STRING.pattern})")  # `re.split` keeps what a group matched
_IDENTIFIER_PARTS = re.compile(f"({_IDENTIFIER.pattern})")
MAX_BODY_NAMES = 200
#: A definition's text read for its keys and words, at most (a module reads all of its file).
MAX_BODY = 50_000
#: A definition on one line longer than this is minified code: its own words are not told
#: apart from its neighbours', so none are read (each definition reading the whole line made
#: a minified file's build quadratic).
LONG_LINE = 2_000
#: The languages whose classes without methods are searched by their bodies' words too: a
#: JavaScript or TypeScript class made by a call (zod's `const $ZodNumber =
#: $constructor("$ZodNumber", (inst, def) => {...})`, its interface of the same name merged
#: into it) has its code there, and an interface the names of the settings it holds
#: (typescript and tstune halves of the grounding benchmark: precision@5 0.400/0.500 ->
#: 0.400/0.533, recall@10 0.463/0.634 -> 0.481/0.646; Python's and Rust's classes lost).
CLASS_BODIES = frozenset({"javascript", "typescript", "tsx"})


def _body_words(body: str, language: str) -> str:
    """The words of the identifiers a body names (not its strings nor its language's
    keywords), each once."""
    names = [n for n in _IDENTIFIER.findall(_STRING.sub(" ", body)) if not is_keyword(n, language)]
    return _words_of_body(names)


class _Names:
    """The identifiers a file's text names, in order, not in its strings and not keywords,
    found once; a definition's are those of its lines (neither a string nor an identifier
    spans lines, so these are the ones found in the definition's text alone)."""

    def __init__(self, text: str, language: str) -> None:
        # Split (not searched) with the matches kept, the odd parts are the matches and
        # every offset is a sum of lengths: no match object is made.
        parts = _STRING_PARTS.split(text)
        self.text = text
        self.templates = language in _TEMPLATE_LANGUAGES
        self.strings = parts[1::2]
        self.string_starts = list(accumulate(map(len, parts), initial=0))[1::2]
        parts[1::2] = [" " * len(string) for string in parts[1::2]]  # offsets kept
        pieces = _IDENTIFIER_PARTS.split("".join(parts))
        names = pieces[1::2]
        found = {name for name in set(names) if is_keyword(name, language)}
        kept = list(map(not_, map(found.__contains__, names)))
        self.names = list(compress(names, kept))
        starts = list(accumulate(map(len, pieces), initial=0))[1::2]
        self.starts = list(compress(starts, kept))

    def messages(self, low: int, high: int) -> str:
        """The words of the prose strings between offsets `low` and `high`."""
        at, to = bisect_left(self.string_starts, low), bisect_left(self.string_starts, high)
        templates = self.text[low:high] if self.templates else ""
        return _prose_words(self.strings[at:to], self.string_starts[at:to], templates)

    def within(self, low: int, high: int) -> list[str]:
        """The names between offsets `low` and `high` (at line boundaries)."""
        return self.names[bisect_left(self.starts, low) : bisect_left(self.starts, high)]


_PLACEHOLDER = re.compile(r"\$?\{[^{}]*\}|%[-#0-9.]*[a-zA-Z]|\\[ntr]")
_LETTERS = re.compile(r"[A-Za-z]{2,}")
_TEMPLATE = re.compile(r"`[^`]*`")  # a template literal, read in these languages:
_TEMPLATE_LANGUAGES = frozenset({"javascript", "typescript"})


def _prose_words(strings: list[str], starts: list[int], text: str) -> str:
    """The words of the strings (quoted, as found, at offsets `starts`) and of the template
    literals of `text` that read as prose: two words or more with a space between them,
    placeholders (`{key}`, `${key}`, `%s`) and escapes aside. Not a docstring's (the doc's
    words): a string right after an empty one (`""` `"Load it."` `""`)."""
    found: list[str] = []
    quoted = [
        string
        for i, string in enumerate(strings)
        if not (i and len(strings[i - 1]) == 2 and starts[i] == starts[i - 1] + 2)
    ]
    for string in [*quoted, *_TEMPLATE.findall(text)]:
        inner = _PLACEHOLDER.sub(" ", string[1:-1])
        letters = _LETTERS.findall(inner)
        if len(letters) >= 2 and " " in inner.strip():
            found.extend(word.lower() for word in letters)
    return " ".join(dict.fromkeys(found))[:MAX_TEXT]


def _strings_words(text: str, language: str) -> str:
    """`_prose_words` of a text read alone (a body cut inside a line)."""
    found = list(_STRING.finditer(text))
    templates = text if language in _TEMPLATE_LANGUAGES else ""
    return _prose_words([m.group() for m in found], [m.start() for m in found], templates)


def _words_of_body(names: list[str]) -> str:
    """The words of the first MAX_BODY_NAMES distinct names, in order."""
    first = islice(dict.fromkeys(names), MAX_BODY_NAMES)
    return " ".join(dict.fromkeys(chain.from_iterable(map(_name_words, first))))[:MAX_TEXT]


#: `vocabulary.words` of a name, remembered (a file names the same identifiers again and again).
_name_words = cache(words_of_name)


def rows_for(
    path: str,
    language: str,
    source: bytes,
    nodes: list[tuple[str, str, str, str, str | None, int | None, int | None, str | None]],
    fields: dict[str, list[tuple[str, int]]] | None = None,
) -> list[SearchRow]:
    """The search rows of one file's definitions (node rows as the builder stores them);
    `fields` are its classes' (`declared.class_fields`): cited by the settings facts, not
    searched."""
    text = source.decode("utf-8", "replace")
    lines = text.splitlines()
    joined = "\n".join(lines)  # the text as the definitions' bodies are cut from it
    offsets = list(accumulate((len(line) + 1 for line in lines), initial=0))
    file_keys = Keys(joined, language)
    file_attrs = Attributes(joined, language)
    file_names: _Names | None = None  # made when a function or method asks
    folders = [part for part in path.split("/")[:-1]]
    file_name = path.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    found = []
    # A namespace's attributes and keys are its own, not its classes' (Ruby's `module Net`,
    # all of net/http.rb); a class with methods keeps its inner classes' (Java's).
    classes = [(n[5], n[6]) for n in nodes if n[1] == "class" and n[4] == path and n[5] and n[6]]
    methods = {n[3].rpartition(".")[0] for n in nodes if n[1] == "method"}
    # an accessor a field declaration makes (Ruby's `attr_reader :x`) is the field: its
    # class's, cited, never a definition of its own here
    accessors = {(f"{c}.{name}", at) for c, names in (fields or {}).items() for name, at in names}
    for node_id, kind, name, qualname, node_path, line, end_line, _ in nodes:
        if kind not in _SEARCHED_KINDS or node_path != path:
            continue
        if kind == "method" and (node_id.partition("::")[2].rstrip("="), line) in accessors:
            continue
        start = min((line or 1) - 1, max(len(lines) - 1, 0))
        end = min((end_line or line or 1) - 1, len(lines) - 1)
        nested = [  # a namespace: a class holding classes and no method
            (offsets[min(a, len(lines)) - 1], offsets[min(b, len(lines))])
            for a, b in (classes if kind == "class" and qualname not in methods else ())
            if start < a <= b <= end + 1 and (a, b) != (line, end_line)
        ]
        minified = kind != "module" and start == end and len(lines[start]) > LONG_LINE
        low, high = offsets[start], min(offsets[start] + MAX_BODY, offsets[end + 1] - 1)
        cut = high < offsets[end + 1] - 1  # a long body, cut inside a line: read its text
        body = joined[low:high] if cut and not minified else ""
        owners = qualname.split(".")[:-1] if kind != "module" else []
        assigned: dict[str, int] = {}  # an attribute's first assignment (its offset)
        if kind == "module":
            doc = _python_docstring(["x:", *lines], 0, 1) if language == "python" else []
            doc = doc or _top_comment(lines)
            params: list[str] = []
            attrs = top_level_names(language, text)
        else:
            doc = _python_docstring(lines, start, end) if language == "python" else []
            doc = doc or _leading_comment(lines, start)
            params = (
                [] if minified else _parameters(lines, start, start if kind == "class" else end)
            )
            found_attrs = (
                []
                if minified
                else [(low + m.start(), m.group(1)) for m in ATTRIBUTE.finditer(body)]
                if cut
                else file_attrs.within_at(low, high)
            )
            for at, attribute in outside(found_attrs, nested):  # cited where first assigned
                assigned.setdefault(attribute, at)
            attrs = list(assigned)
        # Go's fields and receiver writes are cited (the settings facts), not searched: as
        # words they lifted big structs (blind recall@10 0.60 -> 0.56, unseen 0.63 -> 0.61).
        go = language == "go" and kind != "module" and not minified
        cited = go_attributes(lines, start, end) if go else []
        declared = fields.get(node_id.partition("::")[2], []) if fields and kind == "class" else []
        for field, line_number in declared:
            if field not in assigned and 0 < line_number <= len(lines):
                assigned[field] = offsets[line_number - 1]  # cited where declared
                cited.append(field)
        coded = kind in ("function", "method") or (
            kind == "class" and language in CLASS_BODIES and qualname not in methods and not nested
        )
        if file_names is None and coded and not cut:
            file_names = _Names(joined, language)
        keys = (
            []
            if minified
            else file_keys.within(low, high, nested)
            if kind != "module"
            else file_keys.within(0, len(joined))
        )
        reads_environment = (  # any key: the words "environment variable" say so
            kind != "module" and not minified and file_keys.reads_environment(low, high, nested)
        )
        found.append(
            SearchRow(
                id=node_id,
                path=path,
                kind=kind,
                name=_name_text(name),
                words=_words_of([*owners, *folders, file_name]),
                doc=" ".join(" ".join(_prose(doc)).split())[:MAX_TEXT] if doc else "",
                params=_words_of(params),
                attrs=_words_of(attrs),
                keys=" ".join(
                    dict.fromkeys(
                        [
                            *(ENVIRONMENT_WORDS if reads_environment else ()),
                            *(k.lower() for k in keys),
                            *_words_of(keys).split(),
                        ]
                    )
                )[:MAX_TEXT]
                if keys or reads_environment
                else "",
                body=(
                    ""
                    if not coded or minified
                    else _words_of_body(file_names.within(low, high))
                    if file_names is not None and not cut
                    else _body_words(body, language)
                ),
                messages=(
                    ""
                    if not coded or minified
                    else file_names.messages(low, high)
                    if file_names is not None and not cut
                    else _strings_words(body, language)
                ),
                raw=" ".join(
                    _located(joined, offsets, start, end, [*attrs, *cited, *keys], assigned, keys)
                )[:MAX_TEXT]
                if attrs or cited or keys
                else "",
            )
        )
    return found


def _located(
    joined: str,
    offsets: list[int],
    start: int,
    end: int,
    names: list[str],
    known: dict[str, int],
    keys: Iterable[str] = (),
) -> list[str]:
    """`name:line` for each name: at the line of its `known` offset, else at the first line
    of lines `start`..`end` that holds it as a word outside a comment line (no name holds
    a newline); none for a name only comments hold (`// const ZOD_ERROR = ...`, a
    `'username'` in a doc comment's example): a citation is a line that has it. A key read
    as a string (`c.set('class', ...)`) is cited where it is quoted, if it is: a keyword
    (`class TocTreeprocessor:`) or a word of the code may come first."""
    found = []
    low = offsets[start] if start < len(offsets) else len(joined)
    high = offsets[end + 1] if end + 1 < len(offsets) else len(joined)
    quoted = set(keys)
    for name in dict.fromkeys(names):
        if name in known:
            found.append(f"{name}:{bisect_right(offsets, known[name])}")
            continue
        if name in quoted:
            at = min(
                (i for q in "'\"`" if (i := joined.find(q + name + q, low, high)) >= 0),
                default=-1,
            )
            row = bisect_right(offsets, at) - 1
            if at >= 0 and not COMMENT_START.match(joined, offsets[row], at):
                found.append(f"{name}:{row + 1}")
                continue
        at = joined.find(name, low, high)
        while at >= 0:
            after = at + len(name)
            if not (_in_word(joined, at - 1) or _in_word(joined, after)):
                row = bisect_right(offsets, at) - 1
                if not COMMENT_START.match(joined, offsets[row], at):
                    found.append(f"{name}:{row + 1}")
                    break
            at = joined.find(name, after, high)
    return found


def _in_word(text: str, at: int) -> bool:
    """Whether the character at `at` (if any) continues an identifier."""
    return 0 <= at < len(text) and (text[at].isalnum() or text[at] in "_$")
