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
    if lowered in ("enough", "let's go", "lets go", "build it"):
        return Word("enough")
    if lowered in ("stop", "cancel", "abort"):
        return Word("stop")
    if clean.endswith("?") and (_CLARIFY.match(clean) or len(clean.split()) <= 12):
        return Word("clarify", clean)
    return None


def pick(text: str, options: tuple[str, ...] | list[str]) -> tuple[str, str, list[int]]:
    """(value, "option"|"other", chosen numbers): `2`, `1, 3`, or free text."""
    numbers = re.findall(r"\d+", text)
    if numbers and re.fullmatch(r"[\d\s,;and]+", text.strip()):
        chosen = [int(n) for n in numbers if 1 <= int(n) <= len(options)]
        if chosen and len(chosen) == len(numbers):
            return "; ".join(options[n - 1] for n in chosen), "option", chosen
    return text.strip(), "other", []


def is_evasive(text: str, kind: str) -> bool:
    """A non-answer: a hedge word, or two words or fewer of free text to a decision."""
    lowered = text.strip().lower().rstrip(".!")
    if lowered in EVASIVE:
        return True
    return kind == "other" and len(_WORD.findall(lowered)) <= 2 and lowered not in ("yes", "no")


def is_observable(text: str) -> bool:
    """A criterion someone could check: a number or an observable verb."""
    return bool(_OBSERVABLE.search(text))


def mentions_negation(text: str) -> bool:
    return bool(_NEGATION.search(text))


def mentions_expansion(text: str) -> bool:
    return bool(_EXPANSION.search(text))


def words_of(text: str) -> set[str]:
    return set(_WORD.findall(text.lower()))
