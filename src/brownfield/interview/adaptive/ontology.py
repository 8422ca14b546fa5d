"""The interview's ontology: the key entities after each round, matched across rounds.

After every numbered round the planner takes a snapshot of the entities the interview has
discussed so far (`extract`), matches it with the previous snapshot (`match`) and stores
both in `state.ontology_snapshots`. When ambiguity stalls, the next single question asks
which named thing is the core entity (`stall_reason`, `question`, `apply_answer`); the
answer decides the core entity of every later snapshot. Everything is a pure function of
the state, so a replayed interview gets the same snapshots. The rules are in
docs/interview.md ("Ontology").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime

from brownfield.graph.roles import is_test
from brownfield.graph.thesaurus import idioms_read
from brownfield.interview.adaptive.nouns import (
    LET_SUBJECT,
    nounlike,
    verb_at,
    without_quoted_phrases,
)
from brownfield.interview.adaptive.scoring import dimension_scores
from brownfield.interview.adaptive.state import (
    AdaptiveState,
    EntityType,
    OntologyEntity,
    OntologySnapshot,
    Round,
)
from brownfield.interview.engine import words
from brownfield.model import denies
from brownfield.query.context import STOP_WORDS
from brownfield.query.search import parse, stem

CORE: EntityType = "core domain"
SUPPORTING: EntityType = "supporting"
EXTERNAL: EntityType = "external system"
SLOT = "core_entity"  # the field of the ontology question
STALL_ROUNDS = 3  # ambiguity within STALL_BAND over this many rounds is a stall
STALL_BAND = 0.05
LONG_ROUNDS = 8  # ... or still above LONG_AMBIGUITY after this many rounds
LONG_AMBIGUITY = 0.30
MAX_OPTIONS = 4
#: A test is no key entity: an entity it calls or tests names it, up to this many (more
#: are counted: "called by 56 tests").
MAX_NAMED_TESTS = 3
_CODE_TOPICS = ("callers", "tests", "similar")  # facts whose citations name definitions
_IMPORT_TOPICS = ("framework", "test-framework")  # facts that name an outside library
_TOKEN = re.compile(r"[A-Za-z_][A-Za-z0-9_.]*[A-Za-z0-9_]|[A-Za-z]")
_IDENTIFIER = re.compile(r"[_.]|[a-z][A-Z]")


@dataclass
class _Draft:
    name: str
    source: str
    symbol: str | None = None
    path: str | None = None
    fields: list[str] = field(default_factory=list)
    relationships: set[str] = field(default_factory=set)


# -- extraction ----------------------------------------------------------------------------


def _local_name(symbol: str, path: str | None) -> str:
    """The name inside its file: `app.cart.Cart.add` in app/cart.py -> `Cart.add`; a
    namespace's, from the class its file is named after: `Symfony.Component.Console.Helper.
    QuestionHelper.ask` in Console/Helper/QuestionHelper.php -> `QuestionHelper.ask`."""
    parts = re.sub(r"\.[A-Za-z0-9]+$", "", path or "").split("/")
    if parts and parts[-1] == "__init__":
        parts.pop()
    for start in range(len(parts)):
        module = ".".join(parts[start:])
        if module and symbol.startswith(module + "."):
            return symbol[len(module) + 1 :]
    pieces = symbol.split(".")
    if parts and parts[-1] in pieces[:-1]:
        return ".".join(pieces[len(pieces) - 1 - pieces[::-1].index(parts[-1]) :])
    return pieces[-1]


def _definitions(state: AdaptiveState) -> tuple[dict[str, _Draft], dict[str, str]]:
    """Code definitions by qualified name (touchpoints, then names in facts) and known kinds."""
    found: dict[str, _Draft] = {}
    kinds = {_one(hop.symbol): hop.kind for hop in state.codebase_context}
    dropped = {tuple(node_id.split("::", 1)) for node_id in state.rejected_touchpoints}
    for touch in state.touchpoints:
        kinds[_one(touch.symbol)] = touch.kind
        found.setdefault(_one(touch.symbol), _Draft("", "touchpoint", touch.symbol, touch.path))
    for fact in state.established_facts:
        if fact.topic not in _CODE_TOPICS or denies(fact.statement):
            continue
        for citation in fact.citations:
            if _rejected(citation.path, citation.symbol, dropped):
                continue  # the person dropped it: no entity
            if citation.symbol and not is_test(citation.path, citation.symbol):  # a test: no entity
                found.setdefault(
                    _one(citation.symbol), _Draft("", "fact", citation.symbol, citation.path)
                )
    return found, kinds


def _rejected(path: str, symbol: str | None, dropped: set[tuple[str, ...]]) -> bool:
    """Whether a cited definition is a touchpoint the person dropped (`path::qualname`)."""
    return bool(symbol) and any(
        path == at and (symbol == name or (symbol or "").endswith(f".{name}"))
        for at, name in dropped
    )


def _one(symbol: str) -> str:
    """The name overloads share (`FileHandler.FileHandler~2` -> `FileHandler.FileHandler`,
    `Logger.getAnonymousLogger~2`): one entity, or one field, for all of them."""
    return _OVERLOAD_MARK.sub("", symbol)


_OVERLOAD_MARK = re.compile(r"~\d+(?=\.|$)")


def _members(state: AdaptiveState, symbol: str, local: str) -> list[str]:
    """The methods and attributes of a class, as touchpoints, facts and the context name them."""
    known = {t.symbol for t in state.touchpoints} | {h.symbol for h in state.codebase_context}
    known |= {c.symbol for f in state.established_facts for c in f.citations if c.symbol}
    known = {_one(name) for name in known}
    locals_ = {_one(h.via.partition("::")[2]) for h in state.codebase_context}
    members = {n[len(symbol) + 1 :] for n in known if n.startswith(symbol + ".")}
    members |= {n[len(local) + 1 :] for n in locals_ if n.startswith(local + ".")}
    return sorted(m for m in members if m and "." not in m)


def _owner(symbol: str, code: dict[str, _Draft], kinds: dict[str, str]) -> str:
    """The entity a name belongs to: a member of a class entity belongs to the class."""
    parent = symbol.rsplit(".", 1)[0]
    return parent if parent in code and kinds.get(parent) == "class" else symbol


def _relate(drafts: dict[str, _Draft], a: str, verb: str, b: str, back: str) -> None:
    if a in drafts and b in drafts and a != b:
        drafts[a].relationships.add(f"{verb} {drafts[b].name}")
        drafts[b].relationships.add(f"{back} {drafts[a].name}")


def _code_entities(state: AdaptiveState) -> dict[str, _Draft]:
    code, kinds = _definitions(state)
    drafts = {s: d for s, d in code.items() if _owner(s, code, kinds) == s}
    for symbol, draft in drafts.items():  # a file the person named is its path
        module = kinds.get(symbol) == "module"
        draft.name = draft.path or symbol if module else _local_name(symbol, draft.path)
    names = [d.name for d in drafts.values()]
    for symbol, draft in drafts.items():
        if names.count(draft.name) > 1:
            draft.name = symbol  # two definitions share a name: use the qualified names
        if kinds.get(symbol) == "class":
            draft.fields = _members(state, symbol, _local_name(symbol, draft.path))
    tests: dict[tuple[str, str], set[str]] = {}  # (entity, "called by"): the tests, by name
    for fact in state.established_facts:
        # "No resolved caller of X ...; 9 unresolved calls named `close` remain at ..." cites
        # what it looked at: "close calls X" would claim what the graph does not know
        if fact.topic not in ("callers", "tests") or not fact.citations or denies(fact.statement):
            continue
        subject = _owner(_one(fact.subject), code, kinds)
        sites = fact.citations[1:] if fact.topic == "callers" else fact.citations
        verb, back = ("calls", "called by") if fact.topic == "callers" else ("tests", "tested by")
        for site in sites:
            other = _owner(_one(site.symbol or ""), code, kinds)
            if (
                site.symbol
                and other not in drafts
                and is_test(site.path, site.symbol)
                and subject in drafts
            ):
                tests.setdefault((subject, back), set()).add(_local_name(other, site.path))
            else:
                _relate(drafts, other, verb, subject, back)
    for (subject, back), named in tests.items():
        if back == "tested by":  # a test that calls it is said once, as a caller
            named = named - tests.get((subject, "called by"), set())
            if not named:
                continue
        drafts[subject].relationships |= (
            {f"{back} {name}" for name in named}
            if len(named) <= MAX_NAMED_TESTS
            else {f"{back} {len(named)} tests"}
        )
    return drafts


def _external_entities(state: AdaptiveState, code: dict[str, _Draft]) -> dict[str, _Draft]:
    """Outside code: the libraries the project imports and the calls it makes out of it."""
    drafts: dict[str, _Draft] = {}

    def add(name: str, member: str, files: set[str], verb: str, back: str) -> None:
        draft = drafts.setdefault(f"external:{name}", _Draft(name, "external"))
        if member and member not in draft.fields:
            draft.fields = sorted([*draft.fields, member])
        for entity in code.values():
            if entity.path in files:
                entity.relationships.add(f"{verb} {name}")
                draft.relationships.add(f"{back} {entity.name}")

    for fact in state.established_facts:
        if fact.topic == "configuration":
            # the file reads it (often at module level): no definition of the file is said
            # to, since the fact does not say which one does
            for citation in fact.citations:
                name, _, member = (citation.symbol or "").partition(".")
                if name:
                    add(name, member, set(), "", "")
        elif fact.topic in _IMPORT_TOPICS:
            add(fact.subject, "", {c.path for c in fact.citations}, "uses", "used by")
    for hop in state.codebase_context:
        if hop.kind == "external":
            name, _, member = hop.symbol.partition(".")
            add(name, member, set(), "", "")
    return drafts


def _texts(state: AdaptiveState) -> list[str]:
    """The idea, then what the person typed in their own words (not picked options)."""
    typed = [r.answer or "" for r in state.rounds if r.answer_kind == "other"]
    notes = [r.note for r in state.rounds if r.note]
    return [state.description, *typed, *notes]


def _noun_entities(state: AdaptiveState, taken: list[_Draft]) -> dict[str, _Draft]:
    """Nouns of the idea, and nouns the person typed in at least two answers.

    A word is a token of 3 letters or more that is not a stop word (there is no part of
    speech tagging: a verb can pass), outside quoted phrases (examples of values), read
    after idioms ("sends back" is the response,
    "at the same time" concurrent: `idioms_read`); its forms are merged by stem. An identifier
    (`snake_case`, `camelCase`, dotted) is kept whole. A word that names a code or outside
    entity already found (same stem as its last name part) is that entity, not a noun. The
    people the idea lets do something ("let *callers* sort the files") are who asks, none.
    """
    persons = set(parse(state.description).persons)
    covered = {stem(d.name.rsplit(".", 1)[-1].lower()) for d in taken}
    covered |= {d.name.lower() for d in taken} | {(d.symbol or "").lower() for d in taken}
    seen: dict[str, tuple[str, set[int]]] = {}
    for number, text in enumerate(_texts(state)):
        read = idioms_read(without_quoted_phrases(text))
        previous = ""  # the word before, or "," where a clause starts
        matches = list(_TOKEN.finditer(read))
        for at, match in enumerate(matches):
            token = match.group(0)
            starts = not previous or bool(re.search(r"[,;:]", read[: match.start()][-3:]))
            after, previous = ("," if starts else previous), token.lower()
            whole = bool(_IDENTIFIER.search(token))
            word = token if whole else token.lower()
            if not whole and (word in STOP_WORDS or len(word) < 3 or not nounlike(word, number)):
                continue
            if number == 0 and word in persons:
                continue
            following = matches[at + 1].group(0).lower() if at + 1 < len(matches) else ""
            if not whole and number == 0 and verb_at(word, after, following):
                continue
            if (
                number == 0
                and word in words.COMMON_VERBS
                and LET_SUBJECT.match(read[: match.start()])
            ):
                continue  # what the subject of "let" does: "let the reader *skip* lines"
            key = word.lower() if whole else stem(word)
            if key in covered or any(c.endswith("." + key) for c in covered):
                continue
            seen.setdefault(key, (word, set()))[1].add(number)
    return {
        f"noun:{key}": _Draft(name, "noun")
        for key, (name, where) in seen.items()
        if 0 in where or len(where) >= 2
    }


def chosen_core(state: AdaptiveState) -> str | None:
    """The core entity the person named in the latest answered ontology question."""
    for r in reversed(state.rounds):
        if r.kind == "ontology" and r.answer_kind in ("option", "other", "auto-answer"):
            return r.answer
    return None


def extract(state: AdaptiveState) -> list[OntologyEntity]:
    """The key entities now: code definitions, outside systems, then nouns, typed.

    Core domain: the entity the person named core in an ontology question; before that,
    the best-ranked touchpoint outside test files (greenfield: the idea's first noun).
    External system: what the project imports or calls from outside its own code. Every
    other entity is supporting.
    """
    code = _code_entities(state)
    outside = _external_entities(state, code)
    nouns = _noun_entities(state, [*code.values(), *outside.values()])
    drafts = [*code.values(), *outside.values(), *nouns.values()]
    chosen = chosen_core(state)
    core = None
    if chosen:
        core = next((d for d in drafts if d.name.lower() == chosen.lower()), None)
        if core is None:
            core = _Draft(chosen, "person")
            drafts.append(core)
    if core is None:
        ranked = [d for d in code.values() if d.source == "touchpoint"]
        core = next((d for d in ranked if not is_test(d.path)), None)
        core = core or next(iter(nouns.values()), None)
    return [
        OntologyEntity(
            name=d.name,
            type=EXTERNAL if d.source == "external" else CORE if d is core else SUPPORTING,
            source=d.source,  # type: ignore[arg-type]
            symbol=d.symbol,
            fields=d.fields,
            relationships=sorted(d.relationships),
        )
        for d in drafts
    ]


# -- matching and stability ---------------------------------------------------------------


@dataclass(frozen=True)
class Match:
    stable: list[str]
    changed: list[str]  # "old -> new"
    new: list[str]
    removed: list[str]
    ratio: float | None
    reasoning: str


def _renamed(before: OntologyEntity, now: OntologyEntity) -> int:
    """Shared fields when `now` may be `before` renamed (same type, > half the fields), else 0."""
    if before.type != now.type or not before.fields or not now.fields:
        return 0
    shared = len(set(before.fields) & set(now.fields))
    return shared if shared * 2 > max(len(before.fields), len(now.fields)) else 0


def match(previous: list[OntologyEntity] | None, current: list[OntologyEntity]) -> Match:
    """Match a snapshot with the previous one.

    Stable: the same name in both. Changed: a current entity with a new name whose type is
    that of an unmatched previous entity and that shares more than half of the larger
    field list (the candidate sharing most wins; ties go to the earlier one). New: the
    rest of the current entities; removed: the previous ones left over. The stability ratio
    is (stable + changed) / current entities, rounded to 4 places; None for the first
    snapshot or when there are no entities.
    """
    if previous is None:
        names = [e.name for e in current]
        return Match([], [], names, [], None, "first snapshot: every entity is new")
    now_names = {e.name for e in current}
    before_names = {e.name for e in previous}
    stable = [e.name for e in current if e.name in before_names]
    left = [e for e in previous if e.name not in now_names]
    changed: list[str] = []
    new: list[str] = []
    notes: list[str] = []
    for entity in current:
        if entity.name in before_names:
            continue
        scored = [(_renamed(old, entity), -n, old) for n, old in enumerate(left)]
        best = max(scored, key=lambda s: s[:2], default=None)
        if best is None or best[0] == 0:
            new.append(entity.name)
            continue
        old = best[2]
        left.remove(old)
        changed.append(f"{old.name} -> {entity.name}")
        notes.append(
            f"{old.name} -> {entity.name} (same type, {best[0]} of "
            f"{max(len(old.fields), len(entity.fields))} fields shared)"
        )
    removed = [e.name for e in left]
    ratio = round((len(stable) + len(changed)) / len(current), 4) if current else None
    parts = [
        f"{len(stable)} stable by name",
        "renamed: " + "; ".join(notes) if notes else "no renames",
        f"new: {', '.join(new) or 'none'}",
        f"removed: {', '.join(removed) or 'none'}",
    ]
    return Match(stable, changed, new, removed, ratio, "; ".join(parts))


def observe(state: AdaptiveState) -> OntologySnapshot:
    """Take the snapshot of the round just recorded (`state.round_count`) and store it."""
    snapshots = state.ontology_snapshots
    if snapshots and snapshots[-1].round == state.round_count:
        snapshots.pop()  # the same round again: replace it
    entities = extract(state)
    found = match(snapshots[-1].entities if snapshots else None, entities)
    snapshot = OntologySnapshot(
        round=state.round_count,
        entities=entities,
        stable=found.stable,
        changed=found.changed,
        new=found.new,
        removed=found.removed,
        stability_ratio=found.ratio,
        matching_reasoning=found.reasoning,
    )
    snapshots.append(snapshot)
    return snapshot


def ratio_text(ratio: float | None) -> str:
    return "n/a" if ratio is None else f"{ratio:.2f}"


def progress_line(state: AdaptiveState) -> str | None:
    """The ontology line of the round's progress report, when this round has a snapshot."""
    if not state.ontology_snapshots or state.ontology_snapshots[-1].round != state.round_count:
        return None
    last = state.ontology_snapshots[-1]
    return (
        f"Ontology: {len(last.entities)} entities | Stability: {ratio_text(last.stability_ratio)}"
        f" | New: {len(last.new)} | Changed: {len(last.changed)} | Stable: {len(last.stable)}"
    )


# -- the ontology question ----------------------------------------------------------------


def _eligible(state: AdaptiveState) -> list[str]:
    """Entities that could be core: neither outside code nor defined in a test file; the
    current core first, then the latest snapshot's order."""
    if not state.ontology_snapshots:
        return []
    entities = state.ontology_snapshots[-1].entities
    eligible = [
        e
        for e in entities
        if e.type != EXTERNAL and not (e.symbol and is_test(_path_of(state, e.symbol), e.symbol))
    ]
    eligible.sort(key=lambda e: e.type != CORE)  # stable: keeps the snapshot order otherwise
    return [e.name for e in eligible]


def candidates(state: AdaptiveState) -> list[str]:
    """The options of the ontology question: the first MAX_OPTIONS eligible entities."""
    return _eligible(state)[:MAX_OPTIONS]


def _path_of(state: AdaptiveState, symbol: str) -> str | None:
    for touch in state.touchpoints:
        if touch.symbol == symbol:
            return touch.path
    for fact in state.established_facts:
        for citation in fact.citations:
            if citation.symbol == symbol:
                return citation.path
    return None


def stall_reason(state: AdaptiveState) -> str | None:
    """Why the next question must be the ontology question, or None.

    A stall: the ambiguity before the third-last round and after each of the last three
    rounds (all after the latest ontology question) spans at most 0.05. A long interview:
    round 8 or later, ambiguity still above 0.30, and no ontology question asked yet.
    Never while a follow-up is pending, a fact is disputed, or fewer than two entities
    could be core, nor again when the last one was answered with the entities it would
    offer now.
    """
    if state.phase != "interviewing" or state.step is not None:
        return None
    if any(fact.open_dispute for fact in state.established_facts) or len(candidates(state)) < 2:
        return None
    asked = [r for r in state.rounds if r.kind == "ontology"]
    last_asked = max((r.round for r in asked), default=0)
    recent = [r for r in state.rounds if r.round > last_asked and r.ambiguity is not None]
    answered = asked and asked[-1].answer_kind != "skip"
    if answered and asked[-1].options == list(question(state)[1]):
        return None  # the core is chosen among these very entities: asking again says nothing
    if len(recent) >= STALL_ROUNDS:
        window = recent[-STALL_ROUNDS:]
        first = window[0].ambiguity_before
        values = [first if first is not None else window[0].ambiguity or 0.0]
        values += [r.ambiguity or 0.0 for r in window]
        if round(max(values) - min(values), 4) <= STALL_BAND:
            return f"ambiguity has stayed within {STALL_BAND:.0%} for {STALL_ROUNDS} rounds"
    if not asked and state.round_count >= LONG_ROUNDS and state.current_ambiguity > LONG_AMBIGUITY:
        return f"ambiguity is still above {LONG_AMBIGUITY:.0%} after {state.round_count} rounds"
    return None


def question(state: AdaptiveState) -> tuple[str, tuple[str, ...]]:
    """The text and options of the ontology question, from the latest snapshot."""
    names = candidates(state)
    named = _eligible(state)[:6]
    text = (
        f"You've named {', '.join(named)}. Which named thing is the core entity, "
        "and which are supporting views?"
    )
    options = tuple(f"{name} is the core entity; the others support it" for name in names)
    return text, options


def _named(state: AdaptiveState, text: str) -> str:
    """The entity a free-text answer names (a whole-word match), else the text itself."""
    entities = state.ontology_snapshots[-1].entities if state.ontology_snapshots else []
    for entity in entities:
        if entity.name.lower() == text.lower():
            return entity.name
    for entity in entities:
        if re.search(rf"(?<![\w.]){re.escape(entity.name)}(?![\w.])", text, re.I):
            return entity.name
    return text


def apply_answer(
    state: AdaptiveState, question_text: str, text: str, word: str | None, when: datetime
) -> Round:
    """Record the ontology round: a picked option, typed name, you decide, or skip."""
    names = candidates(state)
    _, options = question(state)
    choice = words.choose(text, options)
    answer: str | None
    if word == "skip" or (word is None and words.is_evasive(text, "option")):
        answer, kind, chosen = "skipped", "skip", []
    elif word == "you-decide":
        answer, kind, chosen = names[0], "auto-answer", [1]
    elif choice.kind == "option":
        answer, kind, chosen = names[choice.chosen[0] - 1], "option", choice.chosen
    else:
        answer, kind, chosen = _named(state, choice.value), "other", []
    state.auto_answer_streak = state.auto_answer_streak + 1 if kind == "auto-answer" else 0
    state.round_count += 1
    state.updated_at = when
    record = Round(
        round=state.round_count,
        kind="ontology",
        slot=SLOT,
        question=question_text,
        options=list(options),
        answer=answer,
        answer_kind=kind,  # type: ignore[arg-type]
        selected=chosen,
        skip_reason=(text.partition(":")[2].strip() or None) if kind == "skip" else None,
        ambiguity_before=state.current_ambiguity,
        reported_ambiguity=state.reported_ambiguity,
        ambiguity=state.current_ambiguity,
        floor=state.ambiguity_floor,
        scores=dimension_scores(state),
        timestamp=when,
    )
    state.rounds.append(record)
    observe(state)
    return record


# -- the spec -----------------------------------------------------------------------------


def spec_section(state: AdaptiveState) -> list[str]:
    """Seed 004's `## Ontology (Key Entities)`, the final round's entities, and `## Ontology
    Convergence`, the table of every round."""
    snapshots = state.ontology_snapshots
    entities = snapshots[-1].entities if snapshots else extract(state)
    final = f"round {snapshots[-1].round}" if snapshots else "no round recorded"
    core = next((e.name for e in entities if e.type == CORE), "none")
    lines = [
        "## Ontology (Key Entities)",
        f"Key entities after the final round ({final}); core entity: {core}.",
        "",
        "| Entity | Type | Fields | Relationships |",
        "|--------|------|--------|---------------|",
        *[
            f"| {e.name} | {e.type} | {', '.join(e.fields) or '-'} "
            f"| {', '.join(e.relationships) or '-'} |"
            for e in entities
        ],
        "",
        "## Ontology Convergence",
        "| Round | Entity Count | New | Changed | Stable | Stability Ratio |",
        "|-------|-------------|-----|---------|--------|----------------|",
        *[
            f"| {s.round} | {len(s.entities)} | {len(s.new)} | {len(s.changed)} "
            f"| {len(s.stable)} | {ratio_text(s.stability_ratio)} |"
            for s in snapshots
        ],
    ]
    renames = [f"- Round {s.round}: {c}" for s in snapshots for c in s.changed]
    if renames:
        lines += ["", "Renamed (matched by type and fields):", *renames]
    return lines
