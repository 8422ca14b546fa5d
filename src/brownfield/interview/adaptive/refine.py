"""Refining a free-text answer (seed 004, Step 2b''): structure it, show it, confirm it.

A free-text answer that carries reasoning, constraints or scope is not scored as a lossy
one-line label. It is split, by fixed word rules, into Decision, Reasoning, Constraints,
Out of scope and Codebase context (identifiers the state can cite), shown back, and
confirmed with one question: send as-is, add a constraint, mark something out of scope, or
rewrite. Anything but send-as-is asks for the exact missing text, folds it in and asks again.
The pending refinement lives in the state, so a pause or `back` in the middle replays exactly.
"""

from __future__ import annotations

import re

from brownfield.interview.adaptive.enclosed import enclosed
from brownfield.interview.adaptive.state import AdaptiveState, Refinement, Round
from brownfield.interview.adaptive.statements import statement
from brownfield.interview.engine import words
from brownfield.interview.engine.loop import Feedback, Question, Verdict
from brownfield.interview.engine.records import CitationRecord, RefinedAnswer

MIN_WORDS = 6  # fewer words is a short answer: never refined
OPTIONS = ("Send as-is", "Add a constraint", "Mark something out of scope", "Rewrite")
MAX_CITATIONS = 5

#: "since" gives a reason, unless it counts time: "the total time since the first
#: subscription", "ever since", "since the last retry".
_SINCE = (
    r"(?<!time )(?<!elapsed )(?<!ever )(?<!long )(?<!passed )since"
    r"(?!\s+(?:the\s+|its\s+|their\s+|a\s+)?(?:first|last|previous|start|beginning|then|"
    r"startup|boot|\d))"
)
_REASON = rf"because|{_SINCE}|so that|in order to|given that|due to|otherwise"
_QUANTITY = (
    r"\b\d+(?:\.\d+)?\s*(?:ms|s|secs?|seconds?|mins?|minutes?|h|hours?|days?|times|"
    r"retries|attempts|requests|calls|items|rows|users|%|percent|kb|mb|gb)(?!\w)"
)
_CONSTRAINT = (
    r"\b(?:must|should(?:n't| not)|never|only|at most|at least|no more than|up to|within|"
    r"limits?|limited|max(?:imum)?|min(?:imum)?|unless|cannot|can't|not|no|without)\b"
)
_OUT = r"out[- ]of[- ]scope|not in scope|not part of this|non-goals?"
#: A clause "carries its own verb" when it opens with a modal or negation, or a short subject
#: and then one, or with a common imperative verb: only there is an answer split.
_MODAL = (
    r"must|should|shall|will|would|can|could|may|might|never|always|do not|don't|does not|"
    r"doesn't|did not|cannot|can't|need to|needs to|has to|have to|is|are|was|were|gets?"
)
_VERB = (
    r"use|keep|add|remove|change|log|retry|return|raise|skip|stop|send|store|cache|call|apply|"
    r"leave|make|allow|reject|support|handle|show|write|read|run|block|wait|fail|touch|give|"
    r"take|work|ask|set|expose|accept|drop|warn|report|limit|cap|time out|fall back|notify"
)
_SUBJECT = (
    r"(?:it|they|we|you|this|that|these|those|"
    r"(?:(?:the|a|an|all|every|each|no|any|its|their)\s+)?[\w./-]+(?:\s+[\w./-]+){0,2})"
)
_OWN_VERB = re.compile(
    rf"^(?:{_SUBJECT}\s+)?(?:{_MODAL})\b"
    rf"|^(?:(?:{_MODAL})\s+)?(?:not\s+)?(?:{_VERB})\b"
    rf"|^{_SUBJECT}\s+(?:{_VERB})s\b",
    re.I,
)
_MARKERS = re.compile(rf"\b(?:{_REASON}|{_OUT})\b|{_CONSTRAINT}|{_QUANTITY}", re.I)
_SENTENCE = re.compile(r"(?<=[.;!?])\s+|\n+")
#: Where a sentence may split: a comma or a conjunction; kept only before a clause with its
#: own verb, or a reason.
_JOINT = re.compile(
    rf",\s*(?:(?:and|but|or|so|then)\s+)?|\s+(?:and|but)\s+(?=\w)|\s+(?=(?:{_REASON})\b)", re.I
)
#: After "and", a noun and a plural verb: the verb is both nouns' ("message and level were").
_SHARED_VERB = re.compile(
    r"^(?!(?:they|we|you|these|those|both|all|it|this|that)\b)[\w.-]+\s+(?:were|are|have)\b",
    re.I,
)
_STARTS_REASON = re.compile(rf"^(?:{_REASON})\b", re.I)
_DROPPED_REASON = re.compile(r"^(?:because|since|given that)\s+", re.I)
#: An exclusion at the end of a clause ("retry, but not for declined cards"): cut off as out
#: of scope, the rest of the clause kept whole.
_TAIL_EXCLUSION = re.compile(
    r"(?:(?:,\s*|\s+)(?:but\s+not|except(?:\s+for)?|excluding|other\s+than|not\s+including)"
    r"|,\s*without)\s+(?:for\s+|in\s+|on\s+)?(?P<what>[^,;]+)$",
    re.I,
)
_OUT_PHRASE = re.compile(rf"\b(?:{_OUT})\b", re.I)
_OUT_HEAD = re.compile(r"^(?:out[- ]of[- ]scope|non-goals?)\s*:\s*", re.I)
_OUT_TAIL = re.compile(
    r"\s+(?:is|are)\s+(?:out[- ]of[- ]scope|not in scope|not part of this|a non-goal)$", re.I
)
_IS_CONSTRAINT = re.compile(rf"{_CONSTRAINT}|{_QUANTITY}", re.I)
_TOKEN = re.compile(r"[A-Za-z_][\w./-]*")
_WORDS = re.compile(r"[A-Za-z0-9_']+")
_FACT_ID = re.compile(r"\bF\d+\b")

_CHOICES = {
    "send as-is": 1,
    "send as is": 1,
    "send": 1,
    "as-is": 1,
    "as is": 1,
    "yes": 1,
    "y": 1,
    "ok": 1,
    "add a constraint": 2,
    "constraint": 2,
    "mark something out of scope": 3,
    "out of scope": 3,
    "rewrite": 4,
}
_ASK = {
    "constraint": ("Which constraint? Type it exactly as it should be kept.", "add a constraint"),
    "out-of-scope": ("What is out of scope? Type it exactly.", "mark out of scope"),
    "rewrite": ("Type the answer as it should read.", "rewrite"),
}
_STAGES = {2: "constraint", 3: "out-of-scope", 4: "rewrite"}


# -- when: the detection rule ------------------------------------------------------------


def applies(text: str, kind: str, word: words.Word | None) -> bool:
    """Free text (no option, no answer word, no fact id) of MIN_WORDS or more with a marker."""
    if kind != "other" or word is not None or _FACT_ID.search(text):
        return False  # an option, an answer word, or a correction of a fact ("F4 is wrong")
    return len(_WORDS.findall(text)) >= MIN_WORDS and _MARKERS.search(text) is not None


def has_structure(state: AdaptiveState, text: str) -> bool:
    """Whether refining finds more than a decision (a reason, a constraint, an exclusion):
    an answer that is only a decision is scored as typed, with no confirmation."""
    answer = structure(state, text)
    return bool(answer.reasoning or answer.constraints or answer.out_of_scope)


# -- what: the structure ------------------------------------------------------------------


def _clauses(sentence: str) -> list[str]:
    """A sentence's clauses: split at a comma or conjunction only where what follows carries
    its own verb (or gives a reason), never on a negation inside a clause, nor inside
    brackets or quotes."""
    clauses = [""]
    position = 0
    inside = enclosed(sentence)
    for joint in _JOINT.finditer(sentence):
        if joint.start() in inside or joint.end() - 1 in inside:
            continue
        following = sentence[joint.end() :]
        if joint.group().strip().lower() == "and" and _SHARED_VERB.match(following):
            continue  # "whose message and level were logged": one subject of two nouns
        if _OWN_VERB.match(following) or _STARTS_REASON.match(following):
            clauses[-1] += sentence[position : joint.start()]
            clauses.append("")
            position = joint.end()
    clauses[-1] += sentence[position:]
    return [c for c in (_clean(c) for c in clauses) if c]


def _clean(piece: str) -> str:
    return piece.strip().rstrip(".;,!").strip()


def structure(state: AdaptiveState, text: str) -> RefinedAnswer:
    """Decision, Reasoning, Constraints, Out of scope and Codebase context of `text`.

    Sentences split into clauses only before a clause with its own verb or a reason word. A
    clause opening with a reason word is Reasoning (a sentence opening "Because A, B" goes on
    after its first comma); a clause that names scope ("X is out of scope", "non-goal: X") is
    Out of scope, and so is an exclusion closing a clause ("..., but not for X", "except X"),
    cut off with the rest kept whole. The first remaining clause is the Decision; later ones
    with a constraint word, a negation or a quantity are Constraints; the rest join the
    Decision. An answer that only excludes is its own Decision, never both.
    """
    reasoning: list[str] = []
    constraints: list[str] = []
    out: list[str] = []
    decision: list[str] = []
    for sentence in _SENTENCE.split(text.strip()):
        queue = _clauses(sentence)
        if queue and _STARTS_REASON.match(queue[0]) and len(queue) == 1 and ", " in queue[0]:
            reason, _, rest = queue[0].partition(", ")
            queue = [reason, _clean(rest)]
        for piece in queue:
            if _OUT_PHRASE.search(piece):
                out.append(_OUT_TAIL.sub("", _OUT_HEAD.sub("", piece)))
                continue
            tail = _TAIL_EXCLUSION.search(piece)
            if tail and piece[: tail.start()].strip():
                out.append(_clean(tail.group("what")))
                piece = _clean(piece[: tail.start()])
            if _STARTS_REASON.match(piece):
                reasoning.append(_DROPPED_REASON.sub("", piece))
            elif decision and _IS_CONSTRAINT.search(piece):
                constraints.append(piece)
            else:
                decision.append(piece)
    if not decision:  # the answer is about what is excluded: that is its decision
        decision, out = [text.strip().rstrip(".")], []
    answer = RefinedAnswer(
        original=text.strip(),
        decision="; ".join(decision),
        reasoning=[p for p in reasoning if p],
        constraints=constraints,
        out_of_scope=[p for p in out if p],
    )
    answer.codebase = verified(state, _all_text(answer))
    return answer


def _all_text(answer: RefinedAnswer) -> str:
    return " ".join([answer.decision, *answer.reasoning, *answer.constraints, *answer.out_of_scope])


def verified(state: AdaptiveState, text: str) -> list[CitationRecord]:
    """Identifiers of `text` the state can cite, in the order they are mentioned.

    A word matches, exactly and case-sensitively, a touchpoint's or an evidence fact's
    qualified name, its last part (three characters or more) or its file path; a call site
    of the codebase context matches by its symbol. Nothing else is shown.
    """
    known: dict[str, CitationRecord] = {}

    def add(names: list[str], record: CitationRecord) -> None:
        for name in names:
            if len(name) >= 3:
                known.setdefault(name, record)

    for touch in state.touchpoints:
        record = CitationRecord(path=touch.path, line=touch.line, symbol=touch.symbol)
        add([touch.symbol, touch.symbol.rsplit(".", 1)[-1], touch.path], record)
    for fact in state.established_facts:
        if fact.source == "evidence" and fact.citations and not fact.open_dispute:
            first = fact.citations[0]
            record = CitationRecord(path=first.path, line=first.line, symbol=fact.subject)
            add([fact.subject, fact.subject.rsplit(".", 1)[-1]], record)
    for relation in state.codebase_context:
        path, _, line = relation.site.rpartition(":")
        if path and line.isdigit():
            record = CitationRecord(path=path, line=int(line), symbol=relation.symbol)
            add([relation.symbol, relation.symbol.rsplit(".", 1)[-1]], record)
    found: dict[str, CitationRecord] = {}
    for token in _TOKEN.findall(text):
        match = known.get(token.rstrip("./-"))
        if match is not None:
            found.setdefault(f"{match.symbol}@{match.path}:{match.line}", match)
    return list(found.values())[:MAX_CITATIONS]


def parts(answer: RefinedAnswer) -> list[tuple[str, list[str]]]:
    """The named parts after the decision, empty ones left out."""
    named = [
        ("Reasoning", answer.reasoning),
        ("Constraints", answer.constraints),
        ("Out of scope", answer.out_of_scope),
        ("Codebase context (verified)", [f"{c.symbol} ({c})" for c in answer.codebase]),
    ]
    return [(title, items) for title, items in named if items]


def render(answer: RefinedAnswer) -> list[str]:
    """The structure as shown to the person."""
    lines = [f"  Decision: {answer.decision}"]
    for title, items in parts(answer):
        lines.append(f"  {title}:")
        lines += [f"    - {item}" for item in items]
    return lines


def interpretation(answer: RefinedAnswer) -> str:
    """What is scored: the decision and its reasons (boundaries are not read as claims)."""
    return "; ".join([answer.decision, *answer.reasoning])


# -- how: the confirmation --------------------------------------------------------------


def start(state: AdaptiveState, question: Question, component: str, slot: str, text: str) -> None:
    """Hold the round: the answer waits for its confirmation."""
    state.refinement = Refinement(
        question_id=question.id,
        question=question.text,
        component=component,
        slot=slot,
        draft=structure(state, text),
    )


def original_question(pending: Refinement) -> Question:
    """The round's question, as it was asked before the refinement."""
    return Question(
        id=pending.question_id,
        phase="interviewing",
        field=pending.slot,
        text=pending.question,
        required=True,
        hint="",
        progress="",
    )


def question(state: AdaptiveState) -> Question:
    """The one confirmation question, or the follow-up that asks for the missing text."""
    pending = state.refinement
    assert pending is not None
    number = state.round_count + 1
    name = next(
        (c.name for c in state.topology.components if c.id == pending.component),
        pending.component,
    )
    header = (
        f"Refine | Round {number} | Component: {name} | Slot: {pending.slot.replace('_', ' ')} "
        f"| Ambiguity: {state.current_ambiguity:.0%}"
    )
    if pending.stage != "confirm":
        return Question(
            id=f"R{number}.refine.{pending.stage}",
            phase=state.phase,
            field="refine",
            text=_ASK[pending.stage][0],
            required=True,
            hint="Type the text; skip goes back to the confirmation unchanged.",
            progress=header,
        )
    listing = "\n".join(f"  {n}. {option}" for n, option in enumerate(OPTIONS, 1))
    text = "\n".join(
        [
            "I read your answer as:",
            *render(pending.draft),
            "",
            "Is anything lost before this is scored?",
            listing,
            "  (or type more context to add)",
        ]
    )
    return Question(
        id=f"R{number}.refine",
        phase=state.phase,
        field="refine",
        text=text,
        required=True,
        hint="1 sends it; 2, 3 or 4 ask for the missing text; other text is added as context.",
        progress=header,
    )


def respond(state: AdaptiveState, text: str) -> Feedback | RefinedAnswer:
    """Apply one answer to the pending refinement; the confirmed answer on send-as-is."""
    pending = state.refinement
    assert pending is not None
    clean = text.strip()
    word = words.answer_word(clean)
    draft = pending.draft
    if pending.stage != "confirm":
        stage = pending.stage
        if word is not None and word.kind == "skip":
            pending.stage = "confirm"
            draft.steps = [*draft.steps, f"{_ASK[stage][1]}: nothing added"]
            return Feedback(Verdict.ACCEPTED, "Nothing added.")
        if word is not None or len(clean) < 3 or _non_answer(clean):
            return Feedback(Verdict.REFUSED, "Type the text itself, or skip.")
        steps = [*draft.steps, f"{_ASK[stage][1]}: {clean}"]
        if stage == "rewrite":
            draft = structure(state, clean)
        elif stage == "constraint":
            draft.constraints = [*draft.constraints, clean]
        else:
            draft.out_of_scope = [*draft.out_of_scope, clean]
        draft.steps = steps
        draft.codebase = verified(state, _all_text(draft))
        pending.draft, pending.stage = draft, "confirm"
        return Feedback(Verdict.ACCEPTED)
    _, kind, chosen = words.pick(clean, OPTIONS)
    choice = chosen[0] if kind == "option" else _CHOICES.get(clean.lower().rstrip(".!"))
    if choice == 1:
        draft.steps = [*draft.steps, "send as-is"]
        return draft
    if choice in _STAGES:
        pending.stage = _STAGES[choice]  # type: ignore[assignment]
        return Feedback(Verdict.ACCEPTED)
    if word is not None or _non_answer(clean) or words.is_evasive(clean, "other"):
        return Feedback(
            Verdict.REFUSED, "Answer 1 (send as-is), 2, 3 or 4, or type more context to add."
        )
    draft.reasoning = [*draft.reasoning, clean]
    draft.steps = [*draft.steps, f"add context: {clean}"]
    draft.codebase = verified(state, _all_text(draft))
    return Feedback(Verdict.ACCEPTED, "Added as context.")


def _non_answer(text: str) -> bool:
    """A hedge or `skip all`: never folded in as text."""
    return text.lower().rstrip(".!") in words.EVASIVE or words.SKIP_ALL.match(text) is not None


# -- where it lands: the spec -----------------------------------------------------------


def current(state: AdaptiveState) -> list[Round]:
    """Refined rounds whose answer still fills its slot (a later answer supersedes one)."""
    slots = {(c.id, s.name): s for c in state.topology.active() for s in c.slots if s.filled_by}
    found = []
    for r in state.rounds:
        slot = slots.get((r.component or "", r.slot or ""))
        if r.refined is not None and slot is not None and slot.round == r.round:
            found.append(r)
    return found


def constraints(state: AdaptiveState) -> list[str]:
    """The person's refined constraints, for the spec's Constraints."""
    return [
        f"{statement(c)} (round {r.round})"
        for r in current(state)
        if r.refined
        for c in r.refined.constraints
    ]


def out_of_scope(state: AdaptiveState) -> list[str]:
    """What the person marked out of scope, for the spec's Non-Goals."""
    return [
        f"{statement(o)} (round {r.round})"
        for r in current(state)
        if r.refined
        for o in r.refined.out_of_scope
    ]


def spec_section(state: AdaptiveState) -> list[str]:
    """`## Refined Answers` (after a blank line); nothing when no answer was refined."""
    lines = []
    for r in current(state):
        if r.refined is None:
            continue
        lines += ["", f"### Round {r.round}: {(r.slot or '').replace('_', ' ')}"]
        lines += [f"- Decision: {r.refined.decision}"]
        lines += [f"- {title}: {'; '.join(items)}" for title, items in parts(r.refined)]
        lines += [f"- Confirmed: {' -> '.join(r.refined.steps)}"]
    return ["", "## Refined Answers", *lines] if lines else []
