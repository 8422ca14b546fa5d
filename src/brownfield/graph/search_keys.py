"""The attributes and keys a file's text names, found once per file and told per definition
by its span: attributes assigned (`self.timeout = ...`, `this.x =`, `$this->x =`, `@x =`),
string keys of configuration, settings and environment lookups (`os.environ.get("X")`,
`config["retries"]`, `System.getProperty("a.b")`), the events a definition emits
(`this.emit('level-change', ...)`), keys a switch compares, settings read as
members of a configuration object, and the constants a definition names; in Ruby also the
attributes `attr_accessor` declares and the symbol keys a hash is read by. Plain text rules,
the same for every language but Ruby's: pointers into the code for the search index, never
claims.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Sequence

Spans = Sequence[tuple[int, int]]  # offsets into a file's text, the end excluded

# The lookahead (and `_CONSTANT`'s letter before its lookbehind) change no match: they let
# the regex engine skip quickly to where one may start.
ATTRIBUTE = re.compile(
    r"(?=[stc$@])"
    r"(?:\b(?:self|this|cls)\s*(?:\.|->)|\$this->|@)([A-Za-z_]\w*)\s*(?:\+|-|\*|/|\|\||\?\?)?=(?!=)"
)
_KEY_CALL = re.compile(
    r"(?:getenv|Getenv|LookupEnv|environ(?:\.get)?|env(?:\.get)?|(?:\bget|Get)\w*Property|getInteger|"
    r"getBoolean|getLong|get|setdefault|config|settings|options|option|conf|param|params|"
    r"header|headers|cookie|fetch|lookup|Value|value|emit)\s*[\(\[]\s*(?:[\w.]+\s*,\s*)?"
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


#: A line that starts as a comment does (`_LINE_COMMENT`'s markers), up to a name in it.
COMMENT_START = re.compile(r"[ \t]*(?://|#|--|\*|/\*|;)")


#: Ruby's declared attributes, `attr_accessor :read_timeout, :open_timeout`: each symbol.
_RUBY_DECLARED = re.compile(r"\battr_(?:accessor|reader|writer)\b[ \t(]*(?::\w+[ \t]*,[ \t]*)*:\w+")
_SYMBOL = re.compile(r":(\w+)")
#: A Ruby hash read by a symbol key: `options[:timeout]`, `opts.fetch(:level, 1)`,
#: `config.dig(:log, :level)` (its first). Not in other languages: `buf[:n]` slices.
_RUBY_SYMBOL_KEY = re.compile(
    r"(?:\[(?=\s*:\w+\s*\])|\b(?:fetch|dig|key\?|has_key\?|include\?|delete)(?:\(|[ \t]+(?=:)))"
    r"\s*:([A-Za-z_]\w*)"
)
#: A hash's own methods, which Ruby calls without brackets (`options.dup`).
_HASH_METHODS = """dup clone freeze keys values size length count empty any none merge update
    delete each each_pair each_key map select reject to_h to_a to_s inspect include key
    has_key fetch dig compact slice except""".split()
#: Ruby's `_CONFIG_MEMBER`: Ruby calls a method without brackets (`options.include? :proxy`,
#: `opts.each { ... }`, `options.delete :x`); a member asked (`?`) or banged (`!`), given a
#: block, a symbol or a string, or one of a hash's own methods reads no setting.
_RUBY_CONFIG_MEMBER = re.compile(
    r"(?=[cosp])\b(?:config|conf|cfg|options|opts|settings|params)\."
    rf"(?!(?:{'|'.join(_HASH_METHODS)})\b)([A-Za-z_]\w*)\b"
    r"(?![?!(])(?![ \t]*(?:\{|do\b|:\w|[\"']))(?![\w.]*[\"'`])"
)
_KEY_PATTERNS = (_KEY_CALL, _SUBSCRIPT_KEY, _CASE_KEY, _CONFIG_MEMBER, _PROCESS_ENV, _CONSTANT)
_LANGUAGE_KEYS = {  # each language's patterns where they differ from `_KEY_PATTERNS`
    "ruby": (
        *(_RUBY_CONFIG_MEMBER if p is _CONFIG_MEMBER else p for p in _KEY_PATTERNS),
        _RUBY_SYMBOL_KEY,
    )
}
#: `_KEY_CALL` from its bracket on, and the words it may follow (longest first): its matches
#: are found from their brackets (`_key_calls`), far fewer places than its words' letters.
_KEY_TAIL = re.compile(r"[\(\[]\s*+(?:[\w.]++\s*+,\s*+)?+[\"']([A-Za-z_][\w.\-]{1,80})[\"']")
_KEY_WORDS = sorted(
    """getenv Getenv LookupEnv environ environ.get env env.get Property getInteger
    getBoolean getLong get setdefault config settings options option conf param params
    header headers cookie fetch lookup Value value emit""".split(),
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


#: `ATTRIBUTE` by its alternatives: each starts with a literal, which the regex engine
#: finds far faster than the shared lookahead finds every `s`, `t` and `c` (see `_assignments`).
_ASSIGNED = r"([A-Za-z_]\w*)\s*(?:\+|-|\*|/|\|\||\?\?)?=(?!=)"
_ATTRIBUTE_WORDS = [
    re.compile(word + r"\s*(?:\.|->)" + _ASSIGNED) for word in ("self", "this", "cls")
]
_ATTRIBUTE_SIGILS = [re.compile(r"\$this->" + _ASSIGNED), re.compile("@" + _ASSIGNED)]


def _assignments(text: str) -> list[tuple[int, int, str]]:
    """`ATTRIBUTE.finditer(text)` as (start, end, name): the matches of its alternatives
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
        if not COMMENT_START.match(text, text.rfind("\n", 0, match[0]) + 1, match[0])
    ]


#: A read of the process's environment, whatever the key (`os.environ.get(name)`,
#: `os.getenv`, Go's `os.Getenv` and `os.LookupEnv`, Java's `System.getenv`, `process.env`,
#: Ruby's `ENV[...]` and `ENV.fetch`, Rust's `env::var`, C's `getenv`, PHP's `$_ENV`). The
#: lookahead names every alternative's first character: the regex engine skips to those
#: (5x faster over the standard library's files that hold "env" at all).
_ENVIRONMENT_READ = re.compile(
    r"(?=[gGLepE$])"
    r"(\b(?:getenv|Getenv|LookupEnv|environ)\b|\bprocess\.env\b|\bENV\s*(?:\[|\.fetch\b)"
    r"|\benv::vars?(?:_os)?\b|\$_ENV\b)"
)
#: The words a definition reading the environment gets in its keys: what it does, as an
#: idea says it ("from an environment variable").
ENVIRONMENT_WORDS = ("environment", "variable")


class Matches:
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
            if pattern is ATTRIBUTE
            else _ruby_declared(text)
            if pattern is _RUBY_DECLARED
            else _in_code(text, _after_non_word(_WORD_STARTED[pattern], text))
            if pattern in _WORD_STARTED
            else _in_code(text, [(m.start(), m.end(), m.group(1)) for m in pattern.finditer(text)])
            if pattern is _ENVIRONMENT_READ
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


def _ruby_declared(text: str) -> list[tuple[int, int, str]]:
    """The attributes Ruby's `attr_accessor` and its kin declare, each where it is written."""
    return [
        (match.start() + symbol.start(), match.start() + symbol.end(), symbol.group(1))
        for match in _RUBY_DECLARED.finditer(text)
        for symbol in _SYMBOL.finditer(match.group())
    ]


class Attributes:
    """The attributes a file's text assigns (`ATTRIBUTE`), and Ruby's declared ones, found
    once and then told per definition by its span."""

    def __init__(self, text: str, language: str) -> None:
        self.assigned = Matches(ATTRIBUTE, text)
        ruby = language == "ruby" and "attr_" in text
        self.declared = Matches(_RUBY_DECLARED, text) if ruby else None

    def within_at(self, low: int, high: int) -> list[tuple[int, str]]:
        """The attributes between offsets `low` and `high`, in order, each with its start."""
        found = self.assigned.within_at(low, high)
        return sorted(found + self.declared.within_at(low, high)) if self.declared else found


class Keys:
    """The keys a file's text reads, found once and then told per definition by its span."""

    def __init__(self, text: str, language: str = "") -> None:
        every = [
            Matches(pattern, text)
            for pattern in _LANGUAGE_KEYS.get(language, _KEY_PATTERNS)
            if pattern is not _PROCESS_ENV or any(word in text for word in _PROCESS_ENV_WORDS)
        ]
        self.found = [matches for matches in every if matches.found]  # (most find none)
        reads = any(word in text for word in ("env", "Env", "ENV"))
        self.environment = Matches(_ENVIRONMENT_READ, text) if reads else None

    def reads_environment(self, low: int, high: int, nested: Spans = ()) -> bool:
        """Whether the text between `low` and `high`, not in `nested`, reads the environment."""
        found = self.environment
        return found is not None and bool(outside(found.within_at(low, high), nested))

    def within(self, low: int, high: int, nested: Spans = ()) -> list[str]:
        """The keys read between offsets `low` and `high`, not in `nested`, by pattern."""
        keys = (outside(found.within_at(low, high), nested) for found in self.found)
        return list(dict.fromkeys(key for found in keys for _, key in found))


def outside(found: list[tuple[int, str]], nested: Spans) -> list[tuple[int, str]]:
    """The (offset, name) found outside the `nested` spans (offsets, the end excluded)."""
    if not nested:  # (all but a namespace's)
        return found
    return [(at, name) for at, name in found if not any(a <= at < b for a, b in nested)]
