"""The words of code and of people: identifiers split into words (case, underscores, digits,
and compounds of known words such as `envvar` or `timeout`), common abbreviations expanded
both ways, and a person's words looked up with the synonyms code uses for them
(`thesaurus.py`: "time limit" for `timeout`, "log in" for `authenticate`).

The search index stores the expanded words of every definition; a query expands the
person's words the same way, so that either side may abbreviate.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from brownfield.graph.thesaurus import SYNONYMS

#: An identifier's words: `parseHTTPRequest_v2` -> parse, HTTP, Request, v, 2; an acronym's
#: plural is one (`URLs`, `IDs`).
_WORD = re.compile(r"[A-Z]{2,}s(?![a-z])|[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")

#: Abbreviation -> the words it stands for (both directions are indexed).
ABBREVIATIONS: dict[str, tuple[str, ...]] = {
    "env": ("environment",),
    "var": ("variable",),
    "vars": ("variables",),
    "cfg": ("config", "configuration"),
    "conf": ("config", "configuration"),
    "config": ("configuration",),
    "auth": ("authentication", "authorization", "authenticate"),
    "authn": ("authentication",),
    "authz": ("authorization",),
    "req": ("request",),
    "res": ("response", "result"),
    "resp": ("response",),
    "ctx": ("context",),
    "msg": ("message",),
    "err": ("error",),
    "exc": ("exception",),
    "db": ("database",),
    "dir": ("directory",),
    "num": ("number",),
    "no": ("number",),
    "cnt": ("count",),
    "idx": ("index",),
    "len": ("length",),
    "max": ("maximum",),
    "min": ("minimum",),
    "tmp": ("temporary",),
    "temp": ("temporary",),
    "info": ("information",),
    "init": ("initialize", "initialise"),
    "impl": ("implementation",),
    "fn": ("function",),
    "func": ("function",),
    "cb": ("callback",),
    "param": ("parameter",),
    "params": ("parameters",),
    "arg": ("argument",),
    "args": ("arguments",),
    "opt": ("option",),
    "opts": ("options",),
    "attr": ("attribute",),
    "attrs": ("attributes",),
    "val": ("value",),
    "src": ("source",),
    "dst": ("destination",),
    "dest": ("destination",),
    "str": ("string",),
    "buf": ("buffer",),
    "pkg": ("package",),
    "lib": ("library",),
    "util": ("utility",),
    "utils": ("utilities",),
    "conn": ("connection",),
    "sock": ("socket",),
    "proc": ("process",),
    "spec": ("specification",),
    "doc": ("document", "documentation"),
    "docs": ("documents", "documentation"),
    "repo": ("repository",),
    "ref": ("reference",),
    "prev": ("previous",),
    "cur": ("current",),
    "curr": ("current",),
    "ts": ("timestamp",),
    "tz": ("timezone",),
    "dt": ("datetime",),
    "ms": ("milliseconds",),
    "sec": ("seconds",),
    "secs": ("seconds",),
    "ttl": ("lifetime", "expiry"),
    "url": ("link",),
    "ip": ("address",),
    "ips": ("addresses",),
    "addr": ("address",),
    "id": ("identifier",),
    "uid": ("user", "identifier"),
    "pwd": ("password",),
    "passwd": ("password",),
    "usr": ("user",),
    "admin": ("administrator",),
    "mgr": ("manager",),
    "svc": ("service",),
    "srv": ("server",),
    "cli": ("command", "line"),
    "cmd": ("command",),
    "ui": ("interface",),
    "io": ("input", "output"),
    "async": ("asynchronous",),
    "sync": ("synchronous", "synchronize"),
    "gen": ("generate", "generator"),
    "calc": ("calculate",),
    "stat": ("statistic",),
    "stats": ("statistics",),
    "log": ("logging",),
    "fmt": ("format",),
    "exp": ("exponential", "expression"),
    "retries": ("retry",),
    "nb": ("number",),
    # more of the abbreviations code commonly writes
    "hdr": ("header",),
    "std": ("standard",),  # `stderr` splits as std + err
    "hdrs": ("headers",),
    "pos": ("position",),
    "rel": ("relative",),
    "abs": ("absolute",),
    "seq": ("sequence",),
    "iter": ("iterator", "iterate"),
    "elem": ("element",),
    "obj": ("object",),
    "prop": ("property",),
    "props": ("properties",),
    "cert": ("certificate",),
    "certs": ("certificates",),
    "enc": ("encode", "encoding"),
    "sig": ("signature",),
    "ver": ("version",),
    "desc": ("description",),
    "dflt": ("default",),
    "lvl": ("level",),
    "evt": ("event",),
    "img": ("image",),
    "pkt": ("packet",),
    "recv": ("receive",),
    "sz": ("size",),
    "ptr": ("pointer",),
    "ext": ("extension",),
    "fname": ("filename",),
    "fd": ("descriptor",),
    "perm": ("permission",),
    "perms": ("permissions",),
    "lang": ("language",),
    "char": ("character",),
    "chars": ("characters",),
    "regexp": ("regex", "pattern"),
}

#: A person's adjective or verb -> the noun code derives from it for the same thing
#: (English morphology, not a synonym: "how deep" is the depth, "how long" the length).
FORMS: dict[str, tuple[str, ...]] = {
    "deep": ("depth",),
    "deeply": ("depth",),
    "long": ("length",),
    "wide": ("width",),
    "high": ("height",),
    "strong": ("strength",),
    "separate": ("separator",),
    "separated": ("separator",),
    "delimited": ("delimiter",),
}

#: Words too common to say anything about code. "again" is none ("try again" is a retry);
#: "times" is one ("a couple of times" counts repetitions; its stem finds every timeout), so
#: are the people a request speaks of ("when someone types...").
STOP_WORDS = frozenset(
    """a an the and or but if then else so to of in on at by for with without from into onto
    over under about as is are was were be been being it its this that these those there here
    we you they i me my our your their them us he she his her do does did done doing have has
    had can could should would will shall may might must not no yes all any each every some
    such only also just very more most less least than too new add adds adding make makes
    making change changes changing update updates updating use uses using want wants need
    needs let lets allow allows when where which who what how why after before while during
    up down out off once same other so own both few nor per via get gets set sets
    please instead way ways thing things one two times someone somebody anyone anybody
    everyone everybody people person nobody nothing something anything everything
    above against am because below between further having hers herself him himself itself
    myself now ours ourselves theirs themselves through until whom yours yourself
    yourselves unless another although though whether either neither yet whereas upon
    toward towards among amongst besides beyond thus hence therefore however even ever
    others rather already actually still simply really somehow whose whoever whatever
    whichever wherever whenever somewhere anywhere everywhere nowhere elsewhere
    hasn doesn isn wasn aren weren didn haven hadn wouldn shouldn couldn mustn cannot
    ones etc today meantime whole normally particular made like""".split()
)

#: Keywords and literals of the languages read: words of the language, not names (a body
#: that says `pass` or `return` says nothing about what it does).
KEYWORDS = frozenset(
    """abstract and as assert async await boolean break byte case catch chan char class const
    continue def defer del delete do double elif else enum except export extends
    false final finally float for from func function global go goto if implements import in
    instanceof int interface is lambda let long new nil none nonlocal not null or package
    pass private protected public raise range return self short static struct super
    switch synchronized this throw throws true try typeof var void while with yield
    inline virtual typename namespace constexpr noexcept decltype nullptr unsigned sizeof
    mutable volatile extern typedef impl mut pub dyn fn elsif elseif endif foreach""".split()
)

#: C's keywords and standard integer types (`size_t` says nothing of a size the code is
#: about: every C function measuring memory names it).
_C_WORDS = """auto bool signed register restrict size_t ssize_t ptrdiff_t intptr_t uintptr_t
    int8_t int16_t int32_t int64_t uint8_t uint16_t uint32_t uint64_t wchar_t"""
#: The keywords of one language that are names in others, not names in its code: `end`
#: closes every Ruby block, where C++'s `v.end()` is a method; `type` opens a Go
#: declaration, where Python code names a variable `type`.
_OWN_KEYWORDS = {
    "ruby": "begin end rescue ensure unless until then module undef alias defined redo",
    "rust": "loop match where unsafe crate mod ref move trait use",
    "go": "fallthrough select type map",
    "php": "echo isset unset array use trait endwhile endfor endif",
    "javascript": "undefined",
    "c": _C_WORDS,
    "cpp": f"{_C_WORDS} template explicit friend using operator",
}
#: TypeScript's predefined types and type operators: `obj: any` writes no name `any`.
_TYPESCRIPT_WORDS = frozenset(
    """any unknown never string number bigint undefined keyof readonly infer declare
    satisfies""".split()
)
#: Keywords of one language written in exactly this case: C#'s `record` and `get` are
#: keywords, its `Record` and `Get()` names (and a keyword is never a C# identifier).
_EXACT_KEYWORDS = {
    "csharp": frozenset(
        """record readonly sealed internal override partial ref out params base object string
        decimal implicit explicit operator stackalloc unsafe fixed nameof get set init""".split()
    ),
    "typescript": _TYPESCRIPT_WORDS,
    "tsx": _TYPESCRIPT_WORDS,
}


@cache
def keywords(language: str | None) -> frozenset[str]:
    """The words that are no names in code of `language`, in any case (lowercase)."""
    return KEYWORDS | frozenset(_OWN_KEYWORDS.get(language or "", "").split())


def is_keyword(name: str, language: str | None) -> bool:
    """Whether `name`, as written in code of `language`, is one of its keywords."""
    return name.lower() in keywords(language) or name in _EXACT_KEYWORDS.get(language or "", ())


#: Known words for splitting lowercase compounds (`envvar` -> env var, `timeout` -> time out).
_KNOWN = frozenset(
    set(ABBREVIATIONS)
    | {w for words in ABBREVIATIONS.values() for w in words}
    | set(SYNONYMS)
    | set(
        """time out in put get set max min file name path key value list dict map type class
    call back hook handler error retry count size page user auth token login level mode
    read write open close start stop run load save store cache data base code line word
    http https api json yaml xml html text byte bytes char int float bool date day hour
    prefix suffix split join parse format print check test case node tree item items
    query route router request response client server host port proxy trust count limit
    default value values string number id ids url path dir env var vars config""".split()
    )
)


def words(identifier: str) -> list[str]:
    """`parseHTTPRequest_v2` -> ["parse", "http", "request", "v", "2"]."""
    return [word.lower() for word in _WORD.findall(identifier)]


@cache
def index_words(identifier: str) -> tuple[str, ...]:
    """The words an identifier is found by: its words, each compound also as its parts
    (`envvar` -> envvar, env, var), each with its expansions (`env` -> environment)."""
    found: list[str] = []
    for word in words(identifier):
        found.extend(_word_terms(word))
    return tuple(dict.fromkeys(found))


@cache
def _word_terms(word: str) -> tuple[str, ...]:
    """`index_words` of one word: identifiers are mostly distinct, their words are not."""
    found: list[str] = []
    for part in dict.fromkeys((word, *compound(word))):
        found.extend(_or_base_form(part, expanded))
    return tuple(dict.fromkeys(found))


def _or_base_form(word: str, expand: Callable[[str], tuple[str, ...]]) -> tuple[str, ...]:
    """`expand(word)` or, when that adds nothing, the word with what its first base form
    that expands gives (`conns` -> conns, conn, connection)."""
    found = expand(word)
    if len(found) == 1:
        form = next((f for f in base_forms(word)[1:] if len(expand(f)) > 1), None)
        if form is not None:
            found = (word, *expand(form))
    return found


#: A compound's parts that say nothing alone: `out` of "timeout", `up` of "lookup".
PARTICLES = frozenset("out up in down on off over".split())


@cache
def compound(word: str) -> tuple[str, ...]:
    """A word as two or three known words when it is a compound of them (`timeout`,
    `envvar`, `maxretries`), else the word itself."""
    if word in _KNOWN or len(word) < 5:
        return (word,)
    for cut in range(len(word) - 2, 1, -1):
        head, tail = word[:cut], word[cut:]
        if head in _KNOWN and len(tail) >= 2:
            rest = (tail,) if tail in _KNOWN else compound(tail)
            if all(part in _KNOWN for part in rest):
                return (head, *rest)
    return (word,)


@cache
def expanded(word: str) -> tuple[str, ...]:
    """A word with the words its abbreviation stands for, and the abbreviations that stand
    for it (`env` <-> `environment`)."""
    found = [word, *ABBREVIATIONS.get(word, ())]
    found += [short for short, longs in ABBREVIATIONS.items() if word in longs]
    return tuple(dict.fromkeys(found))


def base_forms(word: str) -> tuple[str, ...]:
    """A word and the dictionary forms it may be an inflection of (`trying` -> try,
    `fails` -> fail, `retries` and `retried` -> retry, `rotated` -> rotate, `cancelled` ->
    cancel), to look it up in the tables above; a form that is no entry of them finds
    nothing, so over-generating is harmless."""
    found = [word]
    for suffix, replacements in (
        ("ies", ("y",)),
        ("ied", ("y",)),
        ("es", ("", "e")),
        ("s", ("",)),
        ("ing", ("", "e")),
        ("ed", ("", "e")),
        ("ly", ("",)),
    ):
        stem = word[: -len(suffix)]
        if word.endswith(suffix) and len(stem) >= 2:  # a form of 3 letters: `tries` -> try
            found += [form for r in replacements if len(form := stem + r) >= 3]
            if suffix in ("ing", "ed") and stem[-1] == stem[-2] and stem[-1] not in "aeiou":
                found.append(stem[:-1])  # a doubled consonant: `cancelled`, `stopped`
    return tuple(dict.fromkeys(found))


def _entries(table: dict[str, tuple[str, ...]], word: str) -> list[str]:
    """The entries of `table` for a word or, when it has none, for its first base form
    that has some."""
    for form in base_forms(word):
        if form in table:
            return list(table[form])
    return []


@cache
def direct_terms(word: str) -> tuple[str, ...]:
    """A person's word as code may write it: the word (and its parts, when a compound), the
    words it abbreviates, and the noun code uses for it (`deeply` -> `depth`). No
    abbreviation of the word is added: the index holds every abbreviation with the words it
    stands for, and one standing for several (`io`) would bridge them ("input" -> `output`)."""
    parts = tuple(dict.fromkeys((word, *(p for p in compound(word) if p not in PARTICLES))))
    found = [t for part in parts for t in _longer(part)] if len(parts) > 1 else []
    found = found or list(_or_base_form(word, _longer))
    found += [t for form in _entries(FORMS, word) for t in _longer(form)]
    return tuple(dict.fromkeys(found))


def _longer(word: str) -> tuple[str, ...]:
    """A word and, when it is an abbreviation, the words it stands for."""
    return (word, *ABBREVIATIONS.get(word, ()))


@cache
def query_terms(word: str) -> tuple[str, ...]:
    """What to search for a person's word: its direct terms, and the words code uses for
    the same thing (its synonyms, expanded; an inflected word takes its base form's)."""
    found = list(direct_terms(word))
    for synonym in _entries(SYNONYMS, word):
        found.extend(_longer(synonym))
    return tuple(dict.fromkeys(found))
