"""An idea cut into its clauses: one component each (see `start._components`).

There is no part-of-speech tagging: the joints are commas, semicolons and joining words,
and a few rules of English say which pieces are no clause of their own (a condition, a
contrast, a purpose, a relative clause, a participle, examples, a noun joined by "and").
"""

from __future__ import annotations

import re

from brownfield.graph.vocabulary import STOP_WORDS
from brownfield.interview.adaptive.enclosed import enclosed
from brownfield.interview.engine.words import COMMON_VERBS
from brownfield.query.context import idea_words

#: Where an idea's clauses meet: a comma or semicolon followed by a space ("ids=1,2,3" is one
#: value), or a joining word. "also" joins a clause only after one of them ("..., also log",
#: "and also log"): on its own it is an adverb inside one ("let flags *also* be read from").
_JOINT = re.compile(
    r"\s*(?:[;,](?=\s|$)(?:\s*also\b)?|\band then\b|\bthen\b|\band(?:\s+also)?\b|\bplus\b)\s*"
)


def split_clauses(idea: str) -> list[str]:
    """The idea cut at its joints, except inside brackets or quotes: "(ids=1, 2 and 3)" and
    "`a, b`" are one thing the person wrote, not two clauses; nor after a colon, but at a
    semicolon ("an access log: who asked, for what and the status" lists one log's parts).
    A piece with one key word and no preposition is no clause of its own but part of the
    next one (of the one before, when last): "read and write CSV files" is one thing done
    to the files. A bare "and" between two nouns joins them, not two clauses (see
    `_joins_nouns`)."""
    inside = enclosed(idea)
    colon = idea.find(": ")  # what follows a colon spells out one thing: "a log: who, what"
    joints = [
        j
        for j in _JOINT.finditer(idea)
        if j.start() not in inside
        and j.end() - 1 not in inside
        and (colon < 0 or j.start() < colon or ";" in j.group(0))
        and not _joins_nouns(idea, j)
        and not _pairs_places(idea, j)
        and not _HELD.search(idea, 0, j.start())
    ]
    kept_joints: list[re.Match[str]] = []
    for joint in joints:
        if not _continues(idea, kept_joints[-1] if kept_joints else None, joint):
            kept_joints.append(joint)
    joints = kept_joints
    starts = [0, *(j.end() for j in joints)]
    spans = [
        (begin, end)
        for begin, end in zip(starts, [*(j.start() for j in joints), len(idea)], strict=True)
        if idea[begin:end].strip(" ,;.")  # "..., also accept": no empty piece between
    ]

    def part_of_another(begin: int, end: int) -> bool:  # one key word, and no preposition
        text = idea[begin:end].strip()  # ("for orders" borrows its verb: `completed`)
        return len(idea_words(text).keywords) == 1 and not _PREPOSITION.match(text)

    kept: list[tuple[int, int]] = []
    start: int | None = None
    for index, (begin, end) in enumerate(spans):
        begin = begin if start is None else start
        start = begin if part_of_another(begin, end) and index < len(spans) - 1 else None
        if start is None:
            kept.append((begin, end))
    if len(kept) > 1 and part_of_another(*kept[-1]):
        kept[-2:] = [(kept[-2][0], kept[-1][1])]
    return [idea[begin:end] for begin, end in _qualified(idea, kept)]


#: A piece that opens so says how, when, why or instead of what another piece is done, or
#: gives examples of it, or what it is done like: "give up after three attempts, *instead
#: of asking forever*"; "*When someone keeps typing*, give up"; "..., *so it stays logged
#: in*"; "..., *such as ../../etc/passwd*"; "reject it, *with a client error*, *the way form
#: fields are already turned away*"; "select the rows between, *like in a file manager*";
#: "show it as a caption, *both with and without highlighting*"; "ask again when an answer
#: fails validation, *but give up after a few tries*"; "an extra, *even chattier* tier".
_QUALIFIER = re.compile(
    r"(?:instead of|rather than|but|not only|not just|without|unless|except|so|even|"
    r"only if|only when|when|whenever|if|once|before|after|until|while|such as|"
    r"for example|for instance|e\.g\.|i\.e\.|with|the way|the same way|in the same way|"
    r"as in|just as|just like|much like|like|both|either)(?!\w)",
    re.I,
)
#: A piece that opens with a participle says how the one before is done: "..., *separated
#: by commas*"; "..., *waiting a little longer each time*".
_PARTICIPLE = re.compile(
    r"(?:[a-z]{3,}(?:ing|ed)(?<!eed)|written|given|taken|shown|known|seen|done|made|sent|kept"
    r"|held|built|found|thrown|drawn|chosen|broken|hidden|bound|left)\b",
    re.I,
)
#: What follows a verb (its object, a particle): determiners, pronouns, particles.
_OBJECT_WORDS = frozenset(
    """the a an this that these those every each all any some no its their his her our
    my your them it they he she we you us him so back up down out off""".split()
)
#: What opens a clause of its own, or follows a verb: those and the prepositions. A noun
#: is followed by a preposition as often as a verb ("passwords and *tokens in* the
#: context"), so a preposition second says nothing.
_FUNCTION_WORDS = _OBJECT_WORDS | frozenset("in on to for from with at into by as".split())


def _joins_nouns(idea: str, joint: re.Match[str]) -> bool:
    """Whether a bare "and" (no comma before it) joins two nouns ("the original file name
    *and* modification time"), not two clauses ("save the cookies to a file *and* load them
    back"): the word after it is no common verb nor a function word, and the one after
    that no object ("load *them*", "email *the* receipt") nor particle ("turn *off*")."""
    if joint.group(0).strip() != "and" or idea[: joint.start()].rstrip().endswith((",", ";")):
        return False
    following = re.findall(r"[A-Za-z0-9'./<>:-]+", idea[joint.end() :])[:2]
    if len(following) < 2:
        return False
    first, second = (word.lower() for word in following)
    return not (first in COMMON_VERBS or first in _FUNCTION_WORDS or second in _OBJECT_WORDS)


#: Words of place, direction and time that "and" pairs inside one clause: "rendered *above
#: and below* the visible rows", "*before and after* the upgrade", "*in and out*".
_PLACES = frozenset(
    """above below before after over under up down in out on off inside outside into onto
    to from within without behind beyond left right top bottom front back""".split()
)


def _pairs_places(idea: str, joint: re.Match[str]) -> bool:
    """Whether a bare "and" joins two words of place, direction or time (`_PLACES`): one
    clause says where both ways, not two clauses."""
    if joint.group(0).strip() != "and":
        return False
    before = re.findall(r"[A-Za-z]+", idea[: joint.start()])[-1:]
    after = re.findall(r"[A-Za-z]+", idea[joint.end() :])[:1]
    return bool(before and after) and {before[0].lower(), after[0].lower()} <= _PLACES


#: A modifier key held down is held while the next action is done: "hold Shift *and*
#: click a row" is one gesture, not two clauses.
_HELD = re.compile(
    r"\b(?:hold|holds|holding|press|presses|pressing)\s+(?:down\s+)?(?:the\s+)?"
    r"(?:shift|ctrl|control|alt|option|cmd|command|meta|super|fn)(?:\s+key)?(?:\s+down)?\s*$",
    re.I,
)


#: Words that open a clause inside a sentence: what follows them up to the next comma has a
#: subject of its own ("before *the library* gives up and reports ...").
_SUBORDINATE = re.compile(
    r"\b(?:before|after|until|unless|because|once|while|when|whenever|if|which|who|that)\b",
    re.I,
)


def _continues(idea: str, previous: re.Match[str] | None, joint: re.Match[str]) -> bool:
    """Whether a bare "and" goes on with a clause opened inside the piece before it, not a
    new one: "... before the library gives up *and* reports a loop", "which checks the
    value *and* aborts the replay". An idea's own clauses are orders, in the base form of
    their verbs ("save the cookies *and* load them back"); so a word after the "and" that
    is a common verb in that form starts a clause of its own."""
    if joint.group(0).strip() != "and" or idea[: joint.start()].rstrip().endswith((",", ";")):
        return False
    begin = previous.end() if previous else 0
    if not _SUBORDINATE.search(idea, begin, joint.start()):
        return False
    following = re.findall(r"[A-Za-z']+", idea[joint.end() :])[:1]
    return bool(following) and following[0].lower() not in COMMON_VERBS


#: A piece that opens so describes what the piece before it names: "... servers that offer
#: the LOGIN method, *which asks for the user name*".
_RELATIVE = re.compile(r"(?:which|who|whom|whose|that)\b", re.I)


def _qualified(idea: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The spans with each qualifying piece joined to the one before it (to the one after
    it, when first): a condition, a contrast, a purpose or examples are part of a clause,
    no component; so are a relative clause and a participle's, of the clause before it."""
    kept: list[tuple[int, int]] = []
    pending: int | None = None  # the start of a first piece that qualifies the next one
    open_ended = False  # the last kept clause stops at a word that opens one ("so that,")
    for begin, end in spans:
        piece = idea[begin:end].strip()
        if pending is not None:
            begin, pending = pending, None
        elif kept and (
            open_ended
            or _RELATIVE.match(piece)
            or _PARTICIPLE.match(piece)
            or _ordered(piece)
            or _modifies(piece, idea[kept[-1][0] : kept[-1][1]])
        ):
            kept[-1] = (kept[-1][0], end)
            open_ended = open_ended and bool(_QUALIFIER.match(piece))  # "so that, when x, y"
            continue
        elif _QUALIFIER.match(piece):
            if kept:
                kept[-1] = (kept[-1][0], end)
                continue
            if len(spans) > 1:
                pending = begin
                continue
        kept.append((begin, end))
        open_ended = bool(_OPENING_END.search(piece))
    return kept


#: A piece ending so has its clause still to come: "Add a setting *so that*, when results
#: are frozen, only copies get locked" (a piece of one key word took in the condition).
_OPENING_END = re.compile(
    r"\b(?:so that|such that|so|that|because|whether)\s*"
    rf"(?:,\s*{_QUALIFIER.pattern}[^,;]*)?$",
    re.I,
)


_PREPOSITION = re.compile(r"(?:to|for|into|in|on|from|with|at)\b", re.I)
_ORDER = re.compile(r"^(?:[\w-]+\s+){1,2}(?:first|last)$", re.I)


def _ordered(piece: str) -> bool:
    """Whether a piece says in what order the clause before it gives things ("sort the
    files by size, *largest first*", "*most recent first*", "*directories last*"): two or
    three words ending in "first" or "last", the first no verb ("*log it* first" is an
    order of its own)."""
    return bool(_ORDER.match(piece)) and piece.split()[0].lower() not in COMMON_VERBS


def _modifies(piece: str, before: str) -> bool:
    """Whether a piece opening with a preposition says where or how the clause before it is
    done ("... in a logged object, *at any nesting depth*"), not what else it is done to:
    that one borrows the clause's words up to the same preposition (`completed`)."""
    opening = _PREPOSITION.match(piece)
    return opening is not None and f" {opening.group(0).lower()} " not in f" {before.lower()}"


def completed(clause: str, before: str) -> str:
    """A clause that starts with a preposition ("... to checkout and *to the nightly job*")
    borrows what the clause before it says up to the same preposition: "Add an audit log
    *to the nightly job*"."""
    opening = _PREPOSITION.match(clause)
    if opening is None:
        return clause
    cut = before.lower().rfind(f" {opening.group(0).lower()} ")
    return f"{before[:cut]} {clause}" if cut > 0 else clause


#: A clause whose verb's object is a pronoun: "*load them* back on the next run".
_PRONOUN_OBJECT = re.compile(r"^\s*(?P<verb>\w+)\s+(?P<pronoun>them|it|those|these)\b", re.I)
_LETTING = frozenset({"let", "lets", "make", "makes", "allow", "allows"})
_DETERMINER = frozenset({"the", "a", "an", "its", "their", "his", "her", "our", "my", "your"})


def referred(clause: str, before: str) -> str:
    """A clause whose object is a pronoun says what it stands for: the first phrase of the
    clause before it that opens with a determiner (past the subject of "let/make X ..."), up
    to the first stop word or comma after it ("and" between two words goes on: "the file
    name and modification time"). "Save *the cookies* a program has collected to a file,
    and load them back" -> "load them (the cookies) back": "them" alone searches nothing,
    and the clause's touchpoints were the login code its other words matched. "Them",
    "these" and "those" stand for several things: a phrase ending in no plural and holding
    no "and" or "or" is passed over ("let values in *the settings file refer* to ...")."""
    pronoun = _PRONOUN_OBJECT.match(clause)
    if pronoun is None or pronoun.group("verb").lower() in STOP_WORDS or not before.split():
        return clause  # ("so it stays ...": no verb's object)
    written = before.split()
    tokens = [token.strip(",;:.") for token in written]
    first = 2 if tokens[0].lower() in _LETTING else 1  # "let the client ...": its subject
    several = pronoun.group("pronoun").lower() != "it"
    for opening in range(first, len(tokens)):
        if tokens[opening].lower() not in _DETERMINER:
            continue
        taken = _phrase(tokens, written, opening)
        if len(taken) > 1 and (not several or _plural(taken)):
            return f"{clause[: pronoun.end()]} ({' '.join(taken)}){clause[pronoun.end() :]}"
    return clause


def _phrase(tokens: list[str], written: list[str], opening: int) -> list[str]:
    """The phrase opening with the determiner at `opening`: up to the first stop word or
    comma after it ("and" between two words goes on)."""
    taken = [tokens[opening]]
    rest = list(zip(tokens[opening + 1 :], written[opening + 1 :], strict=True))
    for index, (token, as_written) in enumerate(rest):
        joined = token.lower() in ("and", "or") and _plain(rest[index + 1 : index + 2])
        if not joined and (not token.isalpha() or token.lower() in STOP_WORDS):
            break
        taken.append(token)
        if token != as_written:  # a comma or colon ends the phrase: "the file, written ..."
            break
    while taken[-1].lower() in ("and", "or"):
        taken.pop()
    return taken


def _plural(phrase: list[str]) -> bool:
    """Whether a phrase names several things: two joined by "and" or "or", or a last word
    ending as a plural does ("cookies", not "class" or "status")."""
    last = phrase[-1].lower()
    joined = any(word.lower() in ("and", "or") for word in phrase)
    return joined or (last.endswith("s") and not last.endswith(("ss", "us", "is")))


def _plain(following: list[tuple[str, str]]) -> bool:
    """Whether the next word goes on a noun phrase after "and": a word, no stop word
    ("the file name *and modification* time", not "the cookies *and the* ...")."""
    return (
        bool(following) and following[0][0].isalpha() and following[0][0].lower() not in STOP_WORDS
    )
