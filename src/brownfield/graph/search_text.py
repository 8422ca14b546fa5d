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
from collections.abc import Iterable, Sequence
from functools import cache, lru_cache
from itertools import accumulate, chain, compress, islice
from operator import not_
from typing import NamedTuple

from brownfield.graph.declared import go_attributes, top_level_names
from brownfield.graph.vocabulary import KEYWORDS, index_words
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
    body: str  # the words of the identifiers its body names (methods: their own lines)
    raw: str  # `name:line` of its attributes and keys as written: what evidence can cite


_SEARCHED_KINDS = frozenset({"class", "function", "method", "module"})
Spans = Sequence[tuple[int, int]]  # offsets into a file's text, the end excluded
_LINE_COMMENT = re.compile(r"^\s*(?://+|#+|--|\*+/|\*+|/\*+\*?|;+)\s?(.*?)\s*(?:\*/)?\s*$")
_DECORATOR = re.compile(r"^\s*(?:@|#\[|\[[A-Z])")
_DOCSTRING = re.compile(r'^\s*[rRbBuUfF]{0,2}("""|\'\'\'|"|\')')
# The lookahead (and `_CONSTANT`'s letter before its lookbehind) change no match: they let
# the regex engine skip quickly to where one may start.
_ATTRIBUTE = re.compile(
    r"(?=[stc$@])"
    r"(?:\b(?:self|this|cls)\s*(?:\.|->)|\$this->|@)([A-Za-z_]\w*)\s*(?:\+|-|\*|/|\|\||\?\?)?=(?!=)"
)
_KEY_CALL = re.compile(
    r"(?:getenv|Getenv|LookupEnv|environ(?:\.get)?|env(?:\.get)?|(?:\bget|Get)\w*Property|getInteger|"
    r"getBoolean|getLong|get|setdefault|config|settings|options|option|conf|param|params|"
    r"header|headers|cookie|fetch|lookup|Value|value)\s*[\(\[]\s*(?:[\w.]+\s*,\s*)?"
    r"[\"']([A-Za-z_][\w.\-]{1,80})[\"']"
)
_SUBSCRIPT_KEY = re.compile(r"\[\s*[\"']([A-Za-z_][\w.\-]{1,80})[\"']\s*\]")
#: A key a switch compares (`case "missingkey":`, `case 'timeout':`): the first of a case's
#: strings; not the name of a type (`switch (typeof chunk) { case 'string': ...`).
_CASE = r"case\s+[\"'](?!{types}[\"'])([A-Za-z_][\w.\-]{{1,80}})[\"']".format(
    types="(?:string|number|boolean|object|function|undefined|symbol|bigint)"
)
_CASE_KEY = re.compile(r"(?=c)\b" + _CASE)
#: A setting read as a member of a configuration object (`config.maxRedirects`,
#: `settings.DEBUG`, `options.timeout`), not a method called on it (`config.get(...)`),
#: nor words of a string ending there (`"java.util.logging.config.file"` reads no `file`).
_CONFIG_MEMBER = re.compile(
    r"(?=[cosp])\b(?:config|conf|cfg|options|opts|settings|params)\.([A-Za-z_]\w*)\b"
    r"(?!\s*\()(?![\w.]*[\"'`])"
)
_PROCESS_ENV = re.compile(r"\b(?:process\.env|ENV|os\.environ)\.([A-Z_][A-Z0-9_]*)\b")
_CONSTANT = re.compile(r"([A-Z](?<!\w[A-Z])[A-Z0-9]*(?:_[A-Z0-9]+)+)\b")  # \b[A-Z]...
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
    while index < min(end, start + 12) and not lines[index].rstrip().endswith(":"):
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
    """Identifiers between the signature's first parenthesis and its match."""
    text = " ".join(lines[start : min(end + 1, start + 12)])
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


def _body_words(body: str) -> str:
    """The words of the identifiers a body names (not its strings nor its keywords), each
    once."""
    names = [n for n in _IDENTIFIER.findall(_STRING.sub(" ", body)) if n.lower() not in KEYWORDS]
    return _words_of_body(names)


class _Names:
    """The identifiers a file's text names, in order, not in its strings and not keywords,
    found once; a definition's are those of its lines (neither a string nor an identifier
    spans lines, so these are the ones found in the definition's text alone)."""

    def __init__(self, text: str) -> None:
        # Split (not searched) with the matches kept, the odd parts are the matches and
        # every offset is a sum of lengths: no match object is made.
        parts = _STRING_PARTS.split(text)
        parts[1::2] = [" " * len(string) for string in parts[1::2]]  # offsets kept
        pieces = _IDENTIFIER_PARTS.split("".join(parts))
        names = pieces[1::2]
        keywords = {name for name in set(names) if name.lower() in KEYWORDS}
        kept = list(map(not_, map(keywords.__contains__, names)))
        self.names = list(compress(names, kept))
        starts = list(accumulate(map(len, pieces), initial=0))[1::2]
        self.starts = list(compress(starts, kept))

    def within(self, low: int, high: int) -> list[str]:
        """The names between offsets `low` and `high` (at line boundaries)."""
        return self.names[bisect_left(self.starts, low) : bisect_left(self.starts, high)]


def _words_of_body(names: list[str]) -> str:
    """The words of the first MAX_BODY_NAMES distinct names, in order."""
    first = islice(dict.fromkeys(names), MAX_BODY_NAMES)
    return " ".join(dict.fromkeys(chain.from_iterable(map(_name_words, first))))[:MAX_TEXT]


#: `vocabulary.words` of a name, remembered (a file names the same identifiers again and again).
_name_words = cache(words_of_name)


_KEY_PATTERNS = (_KEY_CALL, _SUBSCRIPT_KEY, _CASE_KEY, _CONFIG_MEMBER, _PROCESS_ENV, _CONSTANT)
#: `_KEY_CALL` from its bracket on, and the words it may follow (longest first): its matches
#: are found from their brackets (`_key_calls`), far fewer places than its words' letters.
_KEY_TAIL = re.compile(r"[\(\[]\s*+(?:[\w.]++\s*+,\s*+)?+[\"']([A-Za-z_][\w.\-]{1,80})[\"']")
_KEY_WORDS = sorted(
    """getenv Getenv LookupEnv environ environ.get env env.get Property getInteger
    getBoolean getLong get setdefault config settings options option conf param params
    header headers cookie fetch lookup Value value""".split(),
    key=len,
    reverse=True,
)
#: One of the words, ending where the search ends (`endpos`): searched from the longest
#: word's length before that, the leftmost match is the longest word.
_KEY_WORD_BEFORE = re.compile("(?:" + "|".join(map(re.escape, _KEY_WORDS)) + r")\Z")
_LONGEST_KEY_WORD = len(_KEY_WORDS[0])


def _key_calls(text: str) -> list[tuple[int, int, str]]:
    """`_KEY_CALL.finditer(text)` as (start, end, key): each match of the bracket and key
    (which hold no bracket after the first, so none hides another) preceded, across
    whitespace, by one of the words, from the longest such word's start (the leftmost
    start the regex would find; a word holds no quote, so no match starts inside another)."""
    found = []
    for match in _KEY_TAIL.finditer(text):
        end = match.start()
        while end > 0 and text[end - 1].isspace():
            end -= 1
        word = _KEY_WORD_BEFORE.search(text, max(0, end - _LONGEST_KEY_WORD), end)
        if word is not None and word.group() == "Property":  # a getter's: `getNetProperty`
            start = word.start()
            while start > 0 and (text[start - 1].isalnum() or text[start - 1] == "_"):
                start -= 1
            getter = text[start : word.start()]
            if not getter.startswith("get"):
                if "Get" not in getter:
                    continue
                start += getter.index("Get")
            found.append((start, match.end(), match.group(1)))
        elif word is not None:
            found.append((word.start(), match.end(), match.group(1)))
    return found


#: `_ATTRIBUTE` by its alternatives: each starts with a literal, which the regex engine
#: finds far faster than the shared lookahead finds every `s`, `t` and `c` (see `_assignments`).
_ASSIGNED = r"([A-Za-z_]\w*)\s*(?:\+|-|\*|/|\|\||\?\?)?=(?!=)"
_ATTRIBUTE_WORDS = [
    re.compile(word + r"\s*(?:\.|->)" + _ASSIGNED) for word in ("self", "this", "cls")
]
_ATTRIBUTE_SIGILS = [re.compile(r"\$this->" + _ASSIGNED), re.compile("@" + _ASSIGNED)]


def _assignments(text: str) -> list[tuple[int, int, str]]:
    """`_ATTRIBUTE.finditer(text)` as (start, end, name): the matches of its alternatives
    (a word's only after a non-word character, as its `\\b` requires) from the left, each
    kept unless it starts inside the one kept before (`$this->a =` holds `this->a =`; no
    other match can start inside one, whose name is followed by `=`, not `.` or `->`)."""
    found: list[tuple[int, int, str]] = []
    for pattern in _ATTRIBUTE_WORDS:
        for match in pattern.finditer(text):
            start = match.start()
            before = text[start - 1] if start else " "
            if not (before.isalnum() or before == "_"):
                found.append((start, match.end(), match.group(1)))
    for pattern in _ATTRIBUTE_SIGILS:
        found += [(m.start(), m.end(), m.group(1)) for m in pattern.finditer(text)]
    found.sort()
    kept: list[tuple[int, int, str]] = []
    for item in found:
        if not kept or item[0] >= kept[-1][1]:
            kept.append(item)
    return kept


#: What `_PROCESS_ENV` needs in a text to match at all (most files have none of them).
_PROCESS_ENV_WORDS = ("process.env", "ENV", "os.environ")

#: `_CASE_KEY`, `_CONFIG_MEMBER` and `_PROCESS_ENV` without their leading `\b` (and
#: lookahead): starting with their words, the regex engine finds where one may start far
#: faster (`_CASE_KEY` scanned 10x slower); `_after_non_word` checks the boundary.
_WORD_STARTED = {
    _CASE_KEY: re.compile(_CASE),
    _CONFIG_MEMBER: re.compile(
        r"(?:config|conf|cfg|options|opts|settings|params)\.([A-Za-z_]\w*)\b"
        r"(?!\s*\()(?![\w.]*[\"'`])"
    ),
    _PROCESS_ENV: re.compile(r"(?:process\.env|ENV|os\.environ)\.([A-Z_][A-Z0-9_]*)\b"),
}


def _after_non_word(pattern: re.Pattern[str], text: str) -> list[tuple[int, int, str]]:
    r"""`re.compile(r"\b" + pattern.pattern).finditer(text)` as (start, end, group 1), for a
    pattern whose every match starts with a word character (so `\b` there says that no word
    character comes before): a match after one is passed over, and the search goes on from
    the next character (a match may start inside it), as the regex engine's would."""
    found: list[tuple[int, int, str]] = []
    at, search = 0, pattern.search
    while (match := search(text, at)) is not None:
        start = match.start()
        if start and (text[start - 1].isalnum() or text[start - 1] == "_"):  # `\w` before
            at = start + 1
            continue
        found.append((start, match.end(), match.group(1)))
        at = match.end()
    return found


def _in_code(text: str, found: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """The matches not on a line that starts as a comment: a Javadoc's `{@systemProperty
    java.util.logging.config.file}` reads no `file`."""
    return [
        match
        for match in found
        if not _COMMENT_START.match(text, text.rfind("\n", 0, match[0]) + 1, match[0])
    ]


class _Matches:
    """A pattern's matches in a file's text (its group 1), found once and then told per
    definition by its span: finding them again in every definition's text cost a file's
    nesting depth times. A match lies within a span when it starts and ends inside it;
    spans start at a line's start and end at a line's end, which no match of these
    patterns straddles but by spanning lines, so the matches are those of the span's text."""

    def __init__(self, pattern: re.Pattern[str], text: str) -> None:
        self.found = (
            _key_calls(text)
            if pattern is _KEY_CALL
            else _assignments(text)
            if pattern is _ATTRIBUTE
            else _in_code(text, _after_non_word(_WORD_STARTED[pattern], text))
            if pattern in _WORD_STARTED
            else [(m.start(), m.end(), m.group(1)) for m in pattern.finditer(text)]
        )
        self.starts = [start for start, _, _ in self.found]

    def within(self, low: int, high: int) -> list[str]:
        """The matches between offsets `low` and `high`, in order."""
        return [name for _, name in self.within_at(low, high)]

    def within_at(self, low: int, high: int) -> list[tuple[int, str]]:
        """The matches between offsets `low` and `high`, in order, each with its start."""
        found, index, kept = self.found, bisect_left(self.starts, low), []
        while index < len(found) and found[index][0] < high:
            if found[index][1] <= high:
                kept.append((found[index][0], found[index][2]))
            index += 1
        return kept


class _Keys:
    """The keys a file's text reads, found once and then told per definition by its span."""

    def __init__(self, text: str) -> None:
        every = [
            _Matches(pattern, text)
            for pattern in _KEY_PATTERNS
            if pattern is not _PROCESS_ENV or any(word in text for word in _PROCESS_ENV_WORDS)
        ]
        self.found = [matches for matches in every if matches.found]  # (most find none)

    def within(self, low: int, high: int, nested: Spans = ()) -> list[str]:
        """The keys read between offsets `low` and `high`, not in `nested`, by pattern."""
        keys = (_outside(found.within_at(low, high), nested) for found in self.found)
        return list(dict.fromkeys(key for found in keys for _, key in found))


def _outside(found: list[tuple[int, str]], nested: Spans) -> list[tuple[int, str]]:
    """The (offset, name) found outside the `nested` spans (offsets, the end excluded)."""
    if not nested:  # (all but a namespace's)
        return found
    return [(at, name) for at, name in found if not any(a <= at < b for a, b in nested)]


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
    file_keys = _Keys(joined)
    file_attrs = _Matches(_ATTRIBUTE, joined)
    file_names: _Names | None = None  # made when a function or method asks
    folders = [part for part in path.split("/")[:-1]]
    file_name = path.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    found = []
    # A namespace's attributes and keys are its own, not its classes' (Ruby's `module Net`,
    # all of net/http.rb); a class with methods keeps its inner classes' (Java's).
    classes = [(n[5], n[6]) for n in nodes if n[1] == "class" and n[4] == path and n[5] and n[6]]
    methods = {n[3].rpartition(".")[0] for n in nodes if n[1] == "method"}
    for node_id, kind, name, qualname, node_path, line, end_line, _ in nodes:
        if kind not in _SEARCHED_KINDS or node_path != path:
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
                else [(low + m.start(), m.group(1)) for m in _ATTRIBUTE.finditer(body)]
                if cut
                else file_attrs.within_at(low, high)
            )
            for at, attribute in _outside(found_attrs, nested):  # cited where first assigned
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
        if file_names is None and kind in ("function", "method") and not cut:
            file_names = _Names(joined)
        keys = (
            []
            if minified
            else file_keys.within(low, high, nested)
            if kind != "module"
            else file_keys.within(0, len(joined))
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
                    dict.fromkeys([*(k.lower() for k in keys), *_words_of(keys).split()])
                )[:MAX_TEXT]
                if keys
                else "",
                body=(
                    ""
                    if kind not in ("function", "method") or minified
                    else _words_of_body(file_names.within(low, high))
                    if file_names is not None and not cut
                    else _body_words(body)
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
            if at >= 0 and not _COMMENT_START.match(joined, offsets[row], at):
                found.append(f"{name}:{row + 1}")
                continue
        at = joined.find(name, low, high)
        while at >= 0:
            after = at + len(name)
            if not (_in_word(joined, at - 1) or _in_word(joined, after)):
                row = bisect_right(offsets, at) - 1
                if not _COMMENT_START.match(joined, offsets[row], at):
                    found.append(f"{name}:{row + 1}")
                    break
            at = joined.find(name, after, high)
    return found


#: A line that starts as a comment does (`_LINE_COMMENT`'s markers), up to a name in it.
_COMMENT_START = re.compile(r"[ \t]*(?://|#|--|\*|/\*|;)")


def _in_word(text: str, at: int) -> bool:
    """Whether the character at `at` (if any) continues an identifier."""
    return 0 <= at < len(text) and (text[at].isalnum() or text[at] in "_$")
