"""Find definitions for a text: SQLite's full-text index ranks them (FTS5 with the porter
stemmer, bm25 over the words of names, docstrings, parameters, assigned attributes and the
keys a definition reads; a person's words expanded into the words code uses), then code
knows better than word counts: production code before tests (unless the text is about
tests), examples, benchmarks, documentation and vendored copies after it, and a name the
text spells out exactly first of all. Overloads of one method (Java's `m`, `m~2`...) are
one hit: the best-ranked of them (a Ruby class method and its instance twin are two).
"""

from __future__ import annotations

import functools
import itertools
import math
import re
from dataclasses import dataclass, replace
from typing import Any

from brownfield.confine import read_bytes_inside
from brownfield.errors import BrownfieldError, UsageError
from brownfield.graph.facts import SINGLETON, without_overload
from brownfield.graph.roles import Role, role_at
from brownfield.graph.search_index import expression
from brownfield.graph.store import GraphStore
from brownfield.graph.thesaurus import OPPOSITE_OPERATIONS, idioms_read
from brownfield.graph.vocabulary import (
    STOP_WORDS,
    base_forms,
    compound,
    direct_terms,
    expanded,
    index_words,
    query_terms,
    words,
)
from brownfield.model import Node, NodeKind
from brownfield.query.declarations import declaring_javascript
from brownfield.query.freshness import repository_root

#: How much a definition's role keeps of its relevance (a text about tests keeps tests).
ROLE_WEIGHT = {
    Role.PRODUCTION: 1.0,
    Role.TEST: 0.15,
    Role.TEST_SUPPORT: 0.3,
    Role.EXAMPLE: 0.3,
    Role.BENCHMARK: 0.3,
    Role.DOCS: 0.3,
    Role.VENDORED: 0.2,
}
_ABOUT_TESTS = re.compile(r"\b(tests?|testing|unit[- ]tests?|specs?|fixtures?|coverage)\b", re.I)
_TOKEN = re.compile(r"[A-Za-z_][A-Za-z0-9_./:-]*(?:#[A-Za-z_][A-Za-z0-9_./:-]*)?")
#: "Add retries *to payment charges*": the thing a change is made to follows the preposition
#: after what is added; a definition matching it is the likelier place to change.
_TARGET = re.compile(
    r"^\s*(?:add|adds|adding|introduce|support|allow|enable|implement|put|bring|provide)\b"
    r"[^.;,]*?\b(?:to|into|in|for|on)\s+(?P<target>(?:(?!{ends})[^.;,])+)".format(
        # the target is the phrase after the preposition, up to the next clause ("so that
        # ...", "which ...") or preposition ("... with", "... by")
        ends=r"\b(?:so|that|which|who|whose|when|whenever|while|if|unless|instead|rather|"
        r"because|where|before|after|until|with|by|from|and|but|or)\b"
    ),
    re.I,
)
#: "When *reading a tar archive*, ...": what is being done when the change applies names
#: the code it applies in (the reader).
_WHILE_DOING = re.compile(r"^\s*(?:when|while|whenever)\s+(?P<doing>\w+ing)\b", re.I)
#: "Let *the default client* give up ...": what is let do something new is the likelier
#: place of the change; a class its first words name holds it (`Client` and its methods).
_SUBJECT = re.compile(r"^\s*(?:let|lets|make|makes)\s+(?P<subject>[^.;,]+)", re.I)
#: The people an idea lets do something ("let users ...", "let me ..."): no code of theirs.
_PERSONS = frozenset(
    """me us you whoever someone somebody anyone anybody everyone everybody people person
    user users caller callers operator operators program programs developer developers
    writer writers author authors admin admins administrator administrators""".split()
)
SUBJECT_WORDS = 3  # the subject's first words (stop words skipped) looked up as classes
MAX_SUBJECT_LOOKUP = 500  # nodes looked at for the classes ending in a subject's word
SUBJECT_FLOOR = 0.5  # a class the subject names scores at least this share of the best
TARGET_BONUS = 1.0  # a definition named by the target's words: relevance x (1 + this)
OPPOSITE_WEIGHT = 0.5  # one doing the opposite of the target's doing keeps this share
NAME_BONUS = 0.5  # a name carrying the text's (rarer) words: relevance x (1 + this x share)
_PARTICLES = frozenset({"up", "down", "in", "out", "on", "off", "over"})  # "log in", "back up"
#: The verb that frames a request, not what the code is called: "*keep* an access log",
#: "*have* the server notice ...", "*offer* a debounce mode", "*stop* the app from sending
#: ..." and "*stop* unpacking ..." (to prevent, to cease; "stop the server" is a shutdown).
_FRAME = re.compile(
    r"^\s*(?:keep|have|offer|stop(?=\s+[\w-]+ing\b|[^.;,]*\bfrom\b))(?![\w-])", re.I
)
#: A word written as code is: camel case (`setLevel`), or capitals before a word
#: (`TRPCError`, `HTTPAdapter`; not an acronym's plural, `URLs`, `IDs`).
_CODE_CASE = re.compile(r"[a-z][A-Z]|[A-Z]{2}[a-z]{2}")
_GO_RECEIVER = re.compile(r"\(\*?([A-Za-z_]\w*)\)\.(?=[A-Za-z_])")  # Go: `(*T).m`, `(T).m`
_QUOTED = re.compile(r"[\"'`]([^\"'`]+)[\"'`]")
#: A quoted text that is no name ("HTTPS://example.com", 'Not Found'): an example of what the
#: code handles, whose words are not searched (an apostrophe, "the client's", opens none).
_EXAMPLE = re.compile(r"(?<!\w)[\"'`](?![A-Za-z_$][\w.$-]*[\"'`])[^\"'`]+[\"'`]")
SYNONYM_STRENGTH = 0.5  # a word matched only through a synonym counts this much of a match
COVERAGE_FLOOR = 0.4  # a row matching one of many words keeps this share of its relevance
EXACT_BONUS = 2.0  # a name (or dotted name, id, path) the text spells out: relevance x (1 + this)
GENERATED_WEIGHT = 0.3  # a generated file's definitions keep this share: nobody edits them
#: The marks of a generated file in its first lines: Go's convention ("// Code generated
#: ... DO NOT EDIT.", https://go.dev/s/generatedcode) and the common `@generated`.
_GENERATED = re.compile(r"^\W*Code generated .*DO NOT EDIT|@generated\b", re.M)
DECLARATION_WEIGHT = 0.2  # a declaration of code beside it keeps this share (as vendored code)
HEADER_BYTES = 2048


@dataclass(frozen=True)
class Query:
    """What a text asks for: the identifiers and paths it spells out, its words (each with
    the terms searched for it), and the words of its target ("add X to *Y*")."""

    mentions: tuple[str, ...]
    words: tuple[str, ...]
    about_tests: bool
    target: tuple[str, ...] = ()
    pairs: tuple[tuple[str, str], ...] = ()  # adjacent words code may join ("log", "in")
    subject: tuple[str, ...] = ()  # the first words of "let *X* do ...", as class names
    doing: tuple[str, ...] = ()  # what is being done when the change applies ("when *reading*")
    #: a word the repository writes only as two (`omitempty` as `omitEmpty`): its phrase
    respelled: tuple[tuple[str, str], ...] = ()
    #: the words of the people "let *X* do ..." names ("callers", "template authors"): who
    #: asks, no word of the code's (the facts about the idea's words leave them out)
    persons: tuple[str, ...] = ()

    def terms(self, word: str) -> tuple[str, ...]:
        """The terms searched for one of the words (`query_terms`, and its phrase)."""
        return query_terms(word) + tuple(p for w, p in self.respelled if w == word)

    def direct(self, word: str) -> tuple[str, ...]:
        """The word's own terms (`direct_terms`, and its phrase): no synonyms."""
        return direct_terms(word) + tuple(p for w, p in self.respelled if w == word)

    def groups(self) -> list[tuple[str, ...]]:
        return [self.terms(word) for word in self.words] + [
            tuple(words(mention)) for mention in self.mentions
        ]


def parse(text: str) -> Query:
    text = _GO_RECEIVER.sub(r"\1.", text)  # `(*Reader).readRecord` is `Reader.readRecord`
    mentions = [m.strip() for m in _QUOTED.findall(text) if m.strip()]
    found: list[str] = []
    read = _FRAME.sub(" ", idioms_read(_EXAMPLE.sub(" ", text)), count=1)
    for token in _TOKEN.findall(read):
        token = token.rstrip(".:-")
        if any(mark in token for mark in "_./:#") or _CODE_CASE.search(token):
            mentions.append(token.rstrip("()"))
        for word in words(token):
            if word not in STOP_WORDS and len(word) > 1 and word not in found:
                found.append(word)
    told = _SUBJECT.search(idioms_read(text))  # "let tasks *time out*" is what they do
    subject = _leading(told.group("subject")) if told else ()
    persons = _persons(told.group("subject")) if told else ()
    aimed = _TARGET.search(text)
    target = tuple(w for w in words(aimed.group("target")) if w in found) if aimed else ()
    doing = _WHILE_DOING.search(text)
    plain = re.findall(r"[a-z]+", read.lower())
    pairs = tuple(
        dict.fromkeys(
            (a, b)
            for a, b in itertools.pairwise(plain)
            if a not in STOP_WORDS and len(a) > 1 and (b not in STOP_WORDS or b in _PARTICLES)
        )
    )
    return Query(
        tuple(dict.fromkeys(mentions)),
        tuple(found),
        bool(_ABOUT_TESTS.search(text)),
        target,
        tuple(p for p in pairs if "".join(p) not in found),
        subject,
        (doing.group("doing").lower(),) if doing else (),
        persons=tuple(w for w in persons if w in found),
    )


def _leading(phrase: str) -> tuple[str, ...]:
    """A phrase's first SUBJECT_WORDS words, up to the stop word after them or a person
    (`_PERSONS`: what follows is what the person does), each as the class name it would
    be: a hyphenated compound is one word ("command-line switch" -> `CommandLine`,
    `Switch`: a command-line switch is no `Command`)."""
    taken: list[str] = []
    for token in phrase.split():
        parts = [part for part in words(token) if len(part) > 1]  # "client's" -> client
        if parts and parts[0] in _PERSONS:
            break  # what follows a person is what the person does
        if not parts or parts[0] in STOP_WORDS:
            if taken:
                break
            continue
        taken.append("".join(part.capitalize() for part in parts))
        if len(taken) == SUBJECT_WORDS:
            break
    return tuple(taken)


def _persons(phrase: str) -> tuple[str, ...]:
    """The people (`_PERSONS`) among the phrase's first SUBJECT_WORDS words: those the idea
    lets do something ("let *callers* ...", "let template *authors* ..."; a word before
    one, "template", may be the code's). "Let the client retry" names none."""
    tokens = [part for token in phrase.split()[:SUBJECT_WORDS] for part in words(token)]
    return tuple(word for word in tokens if word in _PERSONS)


def _subject_classes(store: GraphStore, subject: tuple[str, ...]) -> list[Node]:
    """The classes the subject's words (or two of them joined) name: "the default client"
    -> `Client` (and `DefaultClient`, where one is declared); where none is so named, the
    classes whose names end in one of the words ("the client" -> `HttpClient`)."""
    names = set(subject) | {a + b for a, b in itertools.pairwise(subject)}
    names |= {_singular(name) for name in subject}
    exact = [
        node
        for name in sorted(names)
        for node in store.nodes_where("name", name)
        if node.kind is NodeKind.CLASS
    ]
    return exact or [
        node
        for name in subject
        for node in store.nodes_like(name, MAX_SUBJECT_LOOKUP)
        if node.kind is NodeKind.CLASS and node.name.endswith(name) and node.name != name
    ]


def _singular(name: str) -> str:
    """A class name's singular form, its capitals kept: "tasks" -> `Task`, "entries" ->
    `Entry`, `CommandLine` as it is (a class is named for one of its instances)."""
    lower = name.lower()
    if not lower.endswith("s") or lower.endswith(("ss", "us", "is")):  # `Status`: no plural
        return name
    form = (base_forms(lower)[1:2] or (lower,))[0]  # the first form a plural ending drops
    pairs = enumerate(zip(lower, form, strict=False))
    kept = next((i for i, (a, b) in pairs if a != b), len(form))
    return name[:kept] + form[kept:]


def _joined(store: GraphStore, query: Query) -> Query:
    """The query with each pair of its words that the repository writes as one word in its
    place ("log in" -> `login`, not `log`): code joins what people say in two. And the
    other way round: a word no row holds, which the repository writes as two (`omitEmpty`
    for "omitempty"), is searched as those two, one after the other."""
    kept = list(query.words)
    for a, b in query.pairs:
        if _written_as_one(store, a + b):
            kept = [w for w in kept if w not in (a, b)] + [a + b]
    respelled = tuple(
        (word, phrase)
        for word in dict.fromkeys(kept)
        if (phrase := _written_as_two(store, word)) is not None
    )
    return replace(query, words=tuple(dict.fromkeys(kept)), pairs=(), respelled=respelled)


MIN_RESPELLED = 6  # a word this long or longer may be two the code writes apart
_PART = 3  # and each of the two this long at least


def _written_as_two(store: GraphStore, word: str) -> str | None:
    """The two words, as a phrase, that `word` is when no row holds it but a row holds
    them one after the other ("omit empty"); None otherwise, and for a word the
    vocabulary splits already (`envvar`)."""
    if len(word) < MIN_RESPELLED or compound(word) != (word,):
        return None
    if store.search(expression([query_terms(word)]), 1):
        return None
    for cut in range(_PART, len(word) - _PART + 1):
        phrase = f"{word[:cut]} {word[cut:]}"
        if store.search(expression([(phrase,)]), 1):
            return phrase
    return None


def _written_as_one(store: GraphStore, joined: str) -> bool:
    """Whether the repository writes `joined` as a word of its own (or its plural): not a
    stem of a longer one ("limit read" is not `LimitReader`), nor two words of one
    identifier (a comment's `asyncAction` writes "async action" as code does)."""
    forms = {joined, joined + "s"}
    for match in store.search(expression([(joined,)]), 5):
        for token in re.findall(r"[A-Za-z0-9]+", match.text):
            if token.lower() in forms and not _CAMEL_HUMP.search(token):
                return True
    return False


_CAMEL_HUMP = re.compile(r"[a-z0-9][A-Z]")


@dataclass(frozen=True)
class SearchHit:
    """A definition, how relevant it is, and which of the text's words it matched."""

    score: float
    node: Node
    matched: tuple[str, ...] = ()
    raw: tuple[str, ...] = ()  # `name:line` of the attributes and keys the text matched

    def to_json(self) -> dict[str, Any]:
        return {
            "score": round(self.score, 3),
            "id": self.node.id,
            "symbol": self.node.qualname,
            "kind": self.node.kind.value,
            "path": self.node.path,
            "line": self.node.line,
            "matched": list(self.matched),
            "keys": list(self.raw),
        }


def _spelled(node: Node, mentions: tuple[str, ...]) -> bool:
    return (node.path or "") in mentions or any(names_node(node, m) for m in mentions)


def dotted(mention: str) -> str:
    """A name as Ruby, C++, Rust and Javadoc write it, as a qualified name is written:
    `Net::HTTP#connect` is `Net.HTTP.connect`."""
    return mention.replace("::", ".").replace("#", ".")


def last_name(mention: str) -> str:
    """The name a mention ends with, after its path and owners (`connect` of
    `lib/net/http.rb::Net::HTTP#connect`); empty when it ends with a separator."""
    return re.split(r"::|[/.#]", mention)[-1]


def spelled_by(store: GraphStore, mention: str) -> list[Node]:
    """The repository's definitions a mention spells (`names_node`): looked up by the name it
    ends with, then among the first 50 whose names, qualified names or paths hold that (a
    path; `DB.conn` was none of the first 50 definitions whose names hold `conn`); a file's
    path is that file's module (`pino.js` was none of the first 50 holding `js`)."""
    files = [n for n in store.nodes_where("path", mention) if n.kind is NodeKind.MODULE]
    if files:  # `pino.js`: the file itself, whatever else names `js`
        return files
    last = last_name(mention) or mention
    nodes = [*store.nodes_where("name", last), *store.nodes_like(last, limit=50)]
    return [
        node
        for node in {node.id: node for node in nodes}.values()
        if node.kind is not NodeKind.EXTERNAL and names_node(node, mention)
    ]


def names_node(node: Node, mention: str) -> bool:
    """Whether a mention spells a definition's name, qualified name (or its end) or id, as
    written or `dotted`."""
    for form in dict.fromkeys((mention, dotted(mention))):
        if form in (node.name, node.qualname, node.id) or node.qualname.endswith("." + form):
            return True
    return False


@functools.cache
def stem(word: str) -> str:
    """A word's common forms made one: plurals, -ing, -ed, -ly and a final e dropped
    (`charges`, `charged`, `charge` -> `charg`; `retries`, `retried`, `retry` -> `retry`;
    `exceeds`, `exceeded` -> `exceed`: a word ending in -eed has no -ed to drop)."""
    if word.endswith(("ies", "ied")) and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")) and len(word) > 3:
        word = word[:-1]
    for suffix in ("ingly", "edly", "ing", "ed", "ly"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            if suffix == "ed" and word.endswith("eed"):  # exceed, proceed: no -ed form
                break
            word = word[: -len(suffix)]
            break
    return word[:-1] if word.endswith("e") and len(word) > 3 else word


def matched_words(query: Query, text: str) -> dict[str, float]:
    """The text's words that the row holds, in any of their common forms: 1 for the word
    itself (or its abbreviation), SYNONYM_STRENGTH when only a synonym matched."""
    have = {stem(w) for w in re.findall(r"[a-z0-9]+", text.lower())}
    found = {}
    for word in query.words:
        if any(_held(t, have) for t in query.direct(word)):
            found[word] = 1.0
        elif any(_held(t, have) for t in query.terms(word)):
            found[word] = SYNONYM_STRENGTH
    return found


def _held(term: str, have: set[str]) -> bool:
    """Whether the stems `have` hold a term (each word of a phrase)."""
    return all(stem(part) in have for part in term.split())


def carried(query: Query, *names: str) -> float:
    """How much of the idea identifiers carry: `matched_words` of their words (split,
    abbreviations expanded), each of the idea's words once."""
    words = " ".join(word for name in names for word in index_words(name))
    return sum(matched_words(query, words).values())


def rank(store: GraphStore, text: str, limit: int = 20, pool: int = 300) -> list[SearchHit]:
    """The definitions (and modules) best matching `text`, best first."""
    query = _joined(store, parse(text))
    wanted = expression(query.groups())
    matches = store.search(wanted, pool)
    subject = _subject_classes(store, query.subject)
    pooled = {m.id for m in matches}
    missing = [node.id for node in subject if node.id not in pooled]
    matches += store.search(wanted, len(missing), missing)  # named: found if rarely worded
    nodes = store.nodes(m.id for m in matches)
    owners = {node.qualname for node in subject}
    for mention in query.mentions:  # a name spelled out is found even if rarely worded
        for node in spelled_by(store, mention):
            nodes.setdefault(node.id, node)
    relevance = {m.id: m.relevance for m in matches}
    top = max(relevance.values(), default=1.0) or 1.0
    texts = {m.id: m.text for m in matches}
    raws = {m.id: m.raw for m in matches}
    names = {m.id: m.name for m in matches}
    matched_of = {node_id: matched_words(query, texts.get(node_id, "")) for node_id in nodes}
    paths = {node.path for node in nodes.values() if node.path}
    generated = _generated(store, paths)
    declaring = declaring_javascript(store, paths)
    rarity = _rarity(query, matched_of)
    hits = []
    for node_id, node in nodes.items():
        score = relevance.get(node_id, 0.0) / top
        if _spelled(node, query.mentions):
            score = max(score, 0.5) * (1 + EXACT_BONUS)
        elif node.qualname in owners:
            score = max(score, SUBJECT_FLOOR)
        role = role_at(node.path or "", node.id)
        testing = role in (Role.TEST, Role.TEST_SUPPORT)
        weight = 1.0 if query.about_tests and testing else ROLE_WEIGHT[role]
        weight_of_role = weight
        if node.path in generated:
            weight *= GENERATED_WEIGHT
        if node.path in declaring:
            weight *= DECLARATION_WEIGHT
        matched = matched_of[node_id]
        if query.words:  # more of the text's (rarer) words matched, the likelier
            covered = sum(rarity[w] * v for w, v in matched.items()) / sum(rarity.values())
            weight *= COVERAGE_FLOOR + (1 - COVERAGE_FLOOR) * covered
        named = matched_words(query, names.get(node_id, node.name))
        held = any(node.qualname == o or node.qualname.startswith(o + ".") for o in owners)
        if held or any(named.get(w) == 1.0 for w in query.target) or _does(query, node):
            weight *= 1 + TARGET_BONUS
        elif _undoes(query, node):
            weight *= OPPOSITE_WEIGHT
        if query.words and weight_of_role == 1.0:  # a name among names of its role
            own = matched_words(query, _own_name(node, names.get(node_id, "")))
            share = sum(rarity[w] * v for w, v in own.items()) / sum(rarity.values())
            weight *= 1 + NAME_BONUS * share
        raw = tuple(
            r for r in raws.get(node_id, "").split() if _matches_raw(r.rpartition(":")[0], query)
        )
        hits.append(SearchHit(score * weight, node, tuple(matched), raw))
    hits.sort(key=lambda hit: (-round(hit.score, 9), len(hit.node.qualname), hit.node.id))
    best: dict[str, SearchHit] = {}  # one hit per overload family, its best-ranked one
    for hit in hits:  # (a Ruby class method is no overload of its instance twin: `m~self`)
        apart = SINGLETON if hit.node.id.endswith(SINGLETON) else ""
        best.setdefault(without_overload(hit.node.id) + apart, hit)
    return list(best.values())[:limit]


def _does(query: Query, node: Node) -> bool:
    """Whether a definition is, or is held by, the doer of the target's doing ("reading"
    -> `Reader`, `Reader.Next`; "parsing" -> `NumberParser`)."""
    doers = {stem(w) + "er" for w in (*query.target, *query.doing) if w.endswith("ing")}
    return bool(doers) and not doers.isdisjoint(words(node.qualname))


def _undoes(query: Query, node: Node) -> bool:
    """Whether a definition does the opposite of what the target is doing ("when reading
    a tar archive, report ...": `Writer.writePAXHeader`, a method named for writing and
    held by the writer): a function or method whose name holds the opposite operation
    (`thesaurus.OPPOSITE_OPERATIONS`), or one named or held by its doer (`Writer`); a class
    named for the operation is not its doer (`DecimalFormat` parses too)."""
    verbs, doers = _opposite_of(
        frozenset(stem(w) for w in (*query.target, *query.doing) if w.endswith("ing"))
    )
    if not verbs:
        return False
    own = {stem(w.lower()) for w in words(node.name)}
    owner = node.qualname.rpartition(".")[0].rsplit(".", 1)[-1]
    if node.kind in (NodeKind.FUNCTION, NodeKind.METHOD) and not own.isdisjoint(verbs):
        return True
    return not doers.isdisjoint(own | {stem(w.lower()) for w in words(owner)})


@functools.cache
def _opposite_of(doing: frozenset[str]) -> tuple[frozenset[str], frozenset[str]]:
    """The stems of the operations opposite to those `doing` stems name, and of their doers
    ("read" -> write, writer)."""
    verbs: set[str] = set()
    for a, b in OPPOSITE_OPERATIONS:
        for this, other in ((a, b), (b, a)):
            forms = {stem(this), stem(this + "ing"), stem(this.removesuffix("e") + "ing")}
            if not doing.isdisjoint(forms):
                verbs.add(stem(other))
    doers = {stem(verb + ending) for verb in verbs for ending in ("er", "r")}
    return frozenset(verbs), frozenset(doers)


_CONSTRUCTORS = frozenset({"__init__", "__new__", "constructor"})


def _own_name(node: Node, name: str) -> str:
    """The words a definition is called by: its name's, and for a method or a constructor
    (`__init__`, `constructor`, a Java constructor named as its class) its class's too
    (`GZIPOutputStream.writeHeader` writes a gzip header)."""
    owner = node.qualname.rpartition(".")[0].rsplit(".", 1)[-1]
    base = without_overload(node.name)
    if owner and (node.kind is NodeKind.METHOD or base in _CONSTRUCTORS or base == owner):
        return f"{name or node.name} {' '.join(words(owner))}"
    return name or node.name


def _generated(store: GraphStore, paths: set[str]) -> set[str]:
    """The paths whose first lines mark them as generated (read from the repository)."""
    root = repository_root(store)
    found = set()
    for path in sorted(paths):
        try:
            head = read_bytes_inside(root, path)[:HEADER_BYTES]
        except BrownfieldError:
            continue
        if _GENERATED.search(head.decode("utf-8", "replace")):
            found.add(path)
    return found


def _rarity(query: Query, matched_of: dict[str, dict[str, float]]) -> dict[str, float]:
    """How telling each of the text's words is among the candidates: log(1 + n / (1 + the
    candidates holding it)), so that a word most candidates hold (the package's own name,
    `error`) counts less towards coverage than the rare word that says what is meant."""
    total = len(matched_of)
    held = {w: sum(1 for m in matched_of.values() if w in m) for w in query.words}
    return {w: math.log(1 + total / (1 + held[w])) for w in query.words}


MIN_INSIDE = 5  # a shorter word is inside too many names it has nothing to do with ("end")


def unfound(store: GraphStore, text: str) -> tuple[str, ...]:
    """The text's words that no row of the index holds in any form the search tries (the
    word, its expansions, its base form, its synonyms), nor as a word starting with one of
    its abbreviations: a body's words are held as written (`process.stderr` holds no
    "standard", nor `std`), and a word said missing must be. Nor is a word of MIN_INSIDE
    letters or more (or its base form) written inside a definition's or file's name: an
    identifier run together is one word of the index (`iscommentline` holds "comment").
    The people the text lets do something ("let *callers* ...") are no word of the code's."""
    query = _joined(store, parse(text))
    return tuple(
        w
        for w in query.words
        if w not in query.persons
        and not store.search(_any_form(query, w), 1)
        and not any(store.nodes_like(f, 1) for f in base_forms(w) if len(f) >= MIN_INSIDE)
    )


def _any_form(query: Query, word: str) -> str:
    """An FTS5 query for the word's terms, or a word starting with an abbreviation of it."""
    prefixes = [f'"{short}" *' for short in expanded(word)[1:] if short.isalpha()]
    return " OR ".join([expression([query.terms(word)]), *prefixes])


def _matches_raw(raw: str, query: Query) -> bool:
    """Whether an attribute or key of a definition carries one of the text's words."""
    have = set(index_words(raw))
    return any(
        all(part in have for part in term.split())
        for word in query.words
        for term in query.terms(word)
    )


def search(store: GraphStore, text: str, limit: int = 20) -> list[SearchHit]:
    """`brownfield search`: definitions matching `text`, best first."""
    if limit < 1:
        raise UsageError(f"--limit must be 1 or more, not {limit}")
    if not text.strip():
        raise UsageError("give a text to search for")
    return rank(store, text, limit)
