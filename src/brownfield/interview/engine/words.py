"""Reading an answer: answer words, option picks, evasive replies and observable criteria."""

from __future__ import annotations

import re
from dataclasses import dataclass

_WORD = re.compile(r"[a-z0-9]+")

SKIP = re.compile(r"^\s*skip\s*(?::\s*(?P<reason>.+))?$", re.I)
SKIP_ALL = re.compile(r"^\s*skip\s+all\s*(?::\s*(?P<reason>.+))?$", re.I)
YOU_DECIDE = frozenset(
    {"you decide", "i don't know", "i dont know", "whatever you think", "up to you", "your call"}
)
EVASIVE = frozenset(
    {
        "not sure",
        "unsure",
        "whatever",
        "idk",
        "dunno",
        "no idea",
        "maybe",
        "doesn't matter",
        "does not matter",
        "don't care",
        "dont care",
        "hmm",
        "n/a",
        "?",
        "...",
    }
)
#: Common verbs of ideas and answers (no part-of-speech tagging: a word list).
COMMON_VERBS = frozenset(
    """keep fail retry change add remove make take give get see run wait log call return raise
    use stay work go show break stop start send handle apply allow reject accept block skip
    say tell ask read write store save load check test pass try reach need want happen
    restore print email notify drop refuse follow open close delete create warn trust parse
    unpack encode decode verify validate merge render convert upload download fetch emit
    rename clean restart pause resume cancel abort refresh rotate let have set find look
    compress""".split()
)  # not the words as often nouns: "list", "count", "limit", "cache", "record", "report"
ENOUGH = frozenset({"enough", "let's go", "lets go", "build it"})
_IMPLEMENT = re.compile(
    r"^(?:(?:please|just|now|ok(?:ay)?|so|then|go ahead and|can you|could you|would you|"
    r"stop asking and|you can)[\s,]+)*"
    r"(?:implement|code|write|build|make|do|fix|ship|apply|program|start coding|start)\b"
    r"(?:\s+(?:it|this|that|them|the\s+(?:code|change|changes|fix|feature|implementation)|"
    r"everything|the\s+whole\s+thing|code))?(?:\s+(?:now|already|for me|yourself|right away))*"
    r"[\s.!]*$",
    re.I,
)
_CLARIFY = re.compile(
    r"^(what do you mean|what does|what is|what's|what are|why|how do you|how is|"
    r"which one|what would|can you explain|explain|what's the difference)\b",
    re.I,
)
_OBSERVABLE = re.compile(
    r"\d|\b(returns?|shows?|displays?|prints?|raises?|responds?|logs?|passes|fails?|status|"
    r"error|within|under|below|above|at most|at least|less than|more than|equals?|contains?|"
    r"rejects?|accepts?|blocks?|test)\b",
    re.I,
)
#: A request that sets a limit: a size, a count, a depth or a time it must stay within.
_LIMITING = re.compile(
    r"\b(?:limit\w*|caps?|capped|capping|max|maximum|at most|no more than|"
    r"(?:larger|bigger|longer|deeper|higher|greater) than|"
    r"too (?:long|large|big|many|deep|much)|time ?outs?|times? out|timed out|expire[sd]?|"
    r"exceed\w*)\b",
    re.I,
)
_NEGATION = re.compile(r"\b(not|isn't|isnt|doesn't|doesnt|no longer|never|wrong|incorrect)\b", re.I)
_EXPANSION = re.compile(r"\b(also|as well|in addition|additionally|plus|and then)\b", re.I)


@dataclass(frozen=True)
class Word:
    """An answer word and its argument (a skip reason...), or None for an ordinary answer."""

    kind: str  # skip | back | you-decide | enough | stop | clarify
    argument: str = ""


def answer_word(text: str) -> Word | None:
    clean = text.strip()
    lowered = clean.lower().rstrip(".!")
    skip = SKIP.match(clean)
    if skip:
        return Word("skip", (skip.group("reason") or "").strip())
    if lowered == "back":
        return Word("back")
    if lowered in YOU_DECIDE:
        return Word("you-decide")
    if lowered in ENOUGH:
        return Word("enough")
    if lowered in ("stop", "cancel", "abort"):
        return Word("stop")
    if clean.endswith("?") and (_CLARIFY.match(clean) or len(clean.split()) <= 12):
        return Word("clarify", clean)
    return None


def asks_to_implement(text: str) -> bool:
    """A request to implement now ("just write the code", "implement it"), which the
    interview refuses; words that only name the target ("an implementation plan") are not."""
    clean = text.strip()
    lowered = clean.lower().rstrip(".!")
    if lowered in ENOUGH or len(clean.split()) > 10:
        return False
    return bool(_IMPLEMENT.match(clean)) and bool(
        re.search(
            r"\b(it|this|that|them|code|change|changes|fix|feature|implementation|"
            r"everything|thing|now|coding|already|yourself)\b",
            lowered,
        )
    )


#: Option picks: `2`, `o2`, `1, 3`, `1 and 3`, `1 3`, then an optional `: note`. Each
#: separator can match its text one way only (a comma or `and` with the spaces around it,
#: or spaces alone), so that a long hostile answer cannot make the match backtrack
#: exponentially (`1   1   1 ... x`).
_CHOICE = re.compile(
    r"^\s*(?P<refs>o?\d+(?:(?:\s*(?:,|and)\s*|\s+)o?\d+)*)\s*(?::\s*(?P<note>.*))?$", re.I
)


@dataclass(frozen=True)
class Choice:
    """An answer to a question with options: picked options (1-based), or free text."""

    value: str
    kind: str  # option | other
    chosen: list[int]
    note: str | None = None
    labels: tuple[str, ...] = ()  # the picked options' labels, in the order picked


def choose(text: str, options: tuple[str, ...] | list[str]) -> Choice:
    """`2`, `o2`, `2: a note` or `1, 3: a note` pick options (by number or option id);
    anything else is free text. A pick names options that exist, or it is free text."""
    match = _CHOICE.match(text)
    if match:
        refs = [int(ref.lstrip("oO")) for ref in re.findall(r"o?\d+", match["refs"], re.I)]
        note = (match["note"] or "").strip() or None
        if refs and all(1 <= ref <= len(options) for ref in refs):
            chosen = list(dict.fromkeys(refs))
            labels = tuple(options[n - 1] for n in chosen)
            value = "; ".join(labels)
            return Choice(
                value + (f" (note: {note})" if note else ""), "option", chosen, note, labels
            )
    return Choice(text.strip(), "other", [])


def pick(text: str, options: tuple[str, ...] | list[str]) -> tuple[str, str, list[int]]:
    """(value, "option"|"other", chosen numbers) for a single choice."""
    choice = choose(text, options)
    return choice.value, choice.kind, choice.chosen


def is_evasive(text: str, kind: str) -> bool:
    """A non-answer: a hedge word, or two words or fewer of free text to a decision."""
    lowered = text.strip().lower().rstrip(".!")
    if lowered in EVASIVE:
        return True
    return kind == "other" and len(_WORD.findall(lowered)) <= 2 and lowered not in ("yes", "no")


def is_observable(text: str) -> bool:
    """A criterion someone could check: a number or an observable verb."""
    return bool(_OBSERVABLE.search(text))


def sets_a_limit(text: str) -> bool:
    """Whether a request sets a limit ("Limit how deeply elements may nest", "reject
    bodies larger than a configured size", "time out when it takes too long")."""
    return bool(_LIMITING.search(text))


def mentions_negation(text: str) -> bool:
    return bool(_NEGATION.search(text))


def mentions_expansion(text: str) -> bool:
    return bool(_EXPANSION.search(text))


def words_of(text: str) -> set[str]:
    return set(_WORD.findall(text.lower()))


#: A rejection of a definition the person names: "not X", "nor X", "ignore X", "X is not
#: relevant", "X is not it", "X isn't what I mean", "X has nothing to do with it".
REJECTION = re.compile(
    r"(?:\bnot|\bnor|\bneither|\bignore|\bforget|\bdrop|\bexclude|\bleave out|\bnever mind)"
    r"\s+`?(?P<a>[\w./:#]+)`?"
    r"(?!\s+(?:is|are|was|be|been|called|used|changed|touched)\b)"
    r"|`?(?P<b>[\w./:#]+)`?\s+(?:is|was)(?:(?:\s+not|n't)\s+(?:relevant|involved|it\b|"
    r"part of (?:this|it)|the (?:right|one|place)|what I (?:mean|meant|want|wanted))|"
    r"\s+(?:irrelevant|unrelated|the wrong (?:one|place)|wrong here))"
    r"|`?(?P<c>[\w./:#]+)`?\s+has\s+nothing\s+to\s+do\s+with",
    re.I,
)


def rejected_names(text: str) -> list[str]:
    """The names the text rejects (`REJECTION`), as written."""
    return [
        (match["a"] or match["b"] or match["c"] or "").rstrip(".,;:")
        for match in REJECTION.finditer(text)
    ]
