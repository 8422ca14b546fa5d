"""Decisions as statements: what an option label or a free-text answer says, as the spec
records it (no option numbers, framing words or answer particles), and the one-sentence goal
composed from each component's outcome and trigger and the main constraint.

Everything here is a fixed word rule, so that the sentence the person confirms at the
restate gate is reproducible from the state.
"""

from __future__ import annotations

import re

from brownfield.interview.adaptive.state import AdaptiveState, Component

#: Option labels that frame a value ("Exactly as stated: X"); the value is what follows.
FRAMES = ("Exactly as stated: ", "A smaller first step: ", "Yes: ", "No: ")
_PARTICLE = re.compile(
    r"^(?:yes|no|yeah|yep|nope|ok(?:ay)?|sure|right|well|so|hmm|indeed|correct)\s*[,:;.!-]+\s*",
    re.I,
)
_NOTHING = frozenset({"nothing is excluded", "no specific limits", "none", "nothing"})

#: Imperative verbs of option labels and their -ing forms, for the goal sentence.
_GERUNDS = {
    "keep": "keeping",
    "add": "adding",
    "update": "updating",
    "leave": "leaving",
    "use": "using",
    "change": "changing",
    "make": "making",
    "apply": "applying",
    "allow": "allowing",
    "return": "returning",
    "log": "logging",
    "reject": "rejecting",
    "retry": "retrying",
    "stop": "stopping",
    "run": "running",
    "handle": "handling",
}
_NEGATED = re.compile(r"^(?:do not|don't|never|must not|should not)\s+(\w+)\s*(.*)$", re.I)


def statement(text: str) -> str:
    """`Yes, only for checkout.` -> `Only for checkout`: frames and answer particles dropped,
    the first letter capitalised, no closing period."""
    clean = text.strip()
    for frame in FRAMES:
        if clean.startswith(frame):
            clean = clean[len(frame) :]
            break
    while True:
        shorter = _PARTICLE.sub("", clean, count=1)
        if shorter == clean or not shorter:
            break
        clean = shorter
    clean = clean.strip().rstrip(".").strip()
    first = clean.split(" ", 1)[0]
    if not re.fullmatch(r"[a-z][a-z'-]*", first):
        return clean  # an identifier (`retry_failed`, `app.cart`), a number: kept as typed
    return clean[:1].upper() + clean[1:]


#: The outcome option that needs the person's words: what more there is.
BIGGER = "Something bigger: the description is only part of it (say what)"


def compose(labels: list[str], note: str | None, description: str = "") -> str:
    """Picked options (and the person's note) as one statement: `A; B. Note: n`; "Something
    bigger" is the description and what the note adds to it."""
    if labels == [BIGGER] and note and description:
        return f"{statement(description)}; beyond that, {_lower_first(statement(note))}"
    text = "; ".join(statement(label) for label in labels)
    if note:
        text += f". Note: {statement(note)}"
    return text


#: The edge cases offered for every component: things to handle, not checks by themselves.
#: Go, Rust and C return their errors (`RETURNED_BY`); the other languages raise them.
EMPTY_INPUT, RAISED_INSIDE, RETURNED_BY, REPEATED_CALLS = (
    "Empty or missing input",
    "Errors raised inside ",
    "Errors returned by ",
    "Repeated or concurrent calls",
)
#: The files of the languages whose errors are values a function returns.
RETURNING_ERRORS = (".go", ".rs", ".c")


def edge_criterion(value: str) -> str:
    """An edge case as an acceptance check: an offered one is what the change handles
    (`Empty or missing input` -> `Handles empty or missing input`); the person's own
    words are kept as they are."""
    parts = [
        f"{'handles' if index else 'Handles'} {_lower_first(part)}"
        if part.startswith((EMPTY_INPUT, RAISED_INSIDE, RETURNED_BY, REPEATED_CALLS))
        else part
        for index, part in enumerate(value.split("; "))
    ]
    return "; ".join(parts)


def is_nothing(value: str | None) -> bool:
    """An answer that decides there is nothing to record ("Nothing is excluded")."""
    return (value or "").strip().rstrip(".").lower() in _NOTHING


_CODE_WORD = re.compile(r"[._:#(]\w|[a-z][A-Z]")  # a word as code writes it


def _lower_first(text: str) -> str:
    """The text going on inside a sentence: its first letter lower-case, but for a name
    written in capitals (`CLI`, `HTTPClient`) or as code (`Document.new`, `PaymentDeclined`)
    and "I" ("A user" -> "a user")."""
    first = text.split(" ", 1)[0]
    kept = text[:2] == "I " or (text[:2] == text[:2].upper() and text[1:2] != " ")
    return text if kept or _CODE_WORD.search(first) else text[:1].lower() + text[1:]


def _gerund(verb: str) -> str:
    lowered = verb.lower()
    if lowered in _GERUNDS:
        return _GERUNDS[lowered]
    return (lowered[:-1] if lowered.endswith("e") and len(lowered) > 2 else lowered) + "ing"


#: A cited name, whole whatever it holds (`Observer.#find`, `Box[T].get`): up to a space,
#: the bracket of its citation or the punctuation after it.
_NAME = r"([^\s(,;]+)"


def trigger_clause(value: str) -> str:
    """`Called from app.cart.checkout (app/cart.py:17)` -> `when app.cart.checkout calls it`;
    `Called from res.json (lib/response.js:249), where it calls res.send` -> `when res.json
    calls res.send`."""
    text = statement(value)
    called = [name.rstrip(".:") for name in re.findall(rf"\bCalled from {_NAME}", text, re.I)]
    if called and text.lower().startswith("called from"):
        what = re.search(rf", where it calls {_NAME}", text)
        callee = what.group(1).rstrip(".:") if what else "it"
        return f"when {' or '.join(called)} calls {callee}"
    lowered = text.lower()
    if lowered.startswith("a person, through"):
        return "when a person uses " + text.split("through", 1)[1].strip()
    if lowered.startswith("a scheduled or background job"):
        return "from a scheduled or background job"
    if re.match(r"^(?:when|whenever|on|after|before|every|each|from|at)\b", lowered):
        return _lower_first(text)
    return f"triggered by {_lower_first(text)}"


def constraint_clause(value: str) -> str:
    """`Keep charge's signature for every caller` -> `keeping charge's signature ...`;
    `Do not change X` -> `without changing X`; anything else -> `while <it>`."""
    text = statement(value).split(". Note: ")[0].split(";")[0].strip()
    negated = _NEGATED.match(text)
    if negated:
        rest = f" {negated.group(2)}" if negated.group(2) else ""
        return f"without {_gerund(negated.group(1))}{rest}"
    first, _, rest = text.partition(" ")
    if first.lower() in _GERUNDS:
        return f"{_gerund(first)} {rest}".strip()
    return f"while {_lower_first(text)}"


def _filled(component: Component, name: str) -> str | None:
    slot = next((s for s in component.slots if s.name == name), None)
    if slot is None or slot.filled_by not in ("person", "auto") or not slot.value:
        return None
    return None if is_nothing(slot.value) else slot.value


def goal_sentence(state: AdaptiveState) -> str:
    """One sentence: each component's outcome (and trigger: said once, last, when every
    component has the same), then the main constraint."""
    parts: list[str] = []
    active = state.topology.active()
    triggers = [_filled(component, "trigger") for component in active]
    shared = triggers[0] if len(active) > 1 and len(set(triggers)) == 1 else None
    for component, trigger in zip(active, triggers, strict=True):
        outcome = statement(_filled(component, "outcome") or component.description)
        part = outcome + (f", {trigger_clause(trigger)}" if trigger and not shared else "")
        parts.append(part if not parts else _lower_first(part))
    sentence = ", and ".join(parts) if len(parts) < 3 else "; ".join(parts)
    if shared:
        sentence += f", {trigger_clause(shared)}"
    for name in ("compatibility", "non_goals", "limits"):
        value = next((v for c in active if (v := _filled(c, name))), None)
        if value:
            sentence += f", {constraint_clause(value)}"
            break
    return sentence.rstrip(".") + "."
