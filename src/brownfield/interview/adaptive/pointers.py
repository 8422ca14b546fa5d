"""The person's pointers into the code: a definition the person names is adopted as a
touchpoint at once (first in its component where the answer says where the change goes,
else after the others; never from what must not change); a touchpoint the person rejects ("not
retry_failed", "nor X", "ignore X", "X is not relevant", "X isn't what I mean") is dropped, is never
one again, and what was answered from the code about it is asked of the code again, so that
the next round re-targets."""

from __future__ import annotations

import re

from brownfield.interview.adaptive.contradictions import decisions
from brownfield.interview.adaptive.evidence import EvidenceSource
from brownfield.interview.adaptive.slots import shown
from brownfield.interview.adaptive.state import AdaptiveState, Component, TouchpointRecord
from brownfield.interview.engine import words
from brownfield.model import NodeKind
from brownfield.query.context import exception_classes
from brownfield.query.search import dotted

_KEPT = re.compile(
    r"\b(?:do not|don't|never|without)\s+(?:change|changing|touch|touching|modify|modifying|"
    r"edit|editing|alter|altering)\s+(?:the\s+|its\s+|any\s+)?(?P<what>[\w:#]+(?:\s+[\w:#]+)?)"
    r"\s*(?=$|[.;,]|\s+(?:and|or|but)\b)",
    re.I,
)
_KINDS = frozenset("operator class function method module type struct interface helper".split())
_OPTIONS = re.compile(r"\n  1\. ")  # where a question's listed options begin
_BARE = re.compile(r"[\w.:#$\\]+")  # one name, however qualified (`zip.Reader.init`)


#: The slots whose question is about the first touchpoint's callers: an answer dropping
#: touchpoints decides none of them ("Must existing callers of buildStream keep working
#: unchanged?" answered "buildStream is not relevant"); they are asked of the next one.
ABOUT_A_TOUCHPOINT = frozenset({"compatibility", "caller_impact", "trigger"})
#: The slots whose answer says what changes: a touchpoint named there is the first one.
WHERE_IT_GOES = frozenset({"outcome", "change_points"})
#: The slot whose answer says what must not change: a name there is no pointer.
SAYS_WHAT_STAYS = "non_goals"


def retargets(slot_name: str, messages: list[str]) -> bool:
    """Whether the answer to `slot_name`, which `follow` said `messages` of, dropped a
    touchpoint the slot's question was about: the slot stays open."""
    return slot_name in ABOUT_A_TOUCHPOINT and any(m.startswith("Dropped ") for m in messages)


def rejected(state: AdaptiveState, component: Component, text: str) -> list[str]:
    """The component's touchpoints the text rejects, by name or qualified name (or its end,
    `Net::HTTP#start` as Ruby writes it)."""
    records = [r for r in state.touchpoints if r.id in component.touchpoints]
    found = []
    for name in words.rejected_names(text):
        qualified = dotted(name)
        named = [r.id for r in records if f".{r.symbol}".endswith(f".{qualified}")]
        found += [node_id for node_id in named[:1] if node_id not in found]
    return found


def kept(state: AdaptiveState, component: Component, text: str) -> list[str]:
    """The component's touchpoints a non-goal says not to change, named in words as the
    code names them ("Do not change the timeout operator": rxjs's `timeout`; "... the
    writer": Go's `Writer.Close`, a method of `Writer`)."""
    found = []
    for match in _KEPT.finditer(text):
        said = match["what"].split()
        said = said[:-1] if len(said) > 1 and said[-1].lower() in _KINDS else said
        key = "".join(said).replace("_", "").lower()
        for record in state.touchpoints:
            parts = record.symbol.split(".")
            names = parts[-2:] if record.kind == "method" else parts[-1:]
            if record.id in component.touchpoints and record.id not in found:
                found += [record.id] * any(n.replace("_", "").lower() == key for n in names)
    return found


def follow(
    state: AdaptiveState,
    component: Component,
    text: str,
    evidence: EvidenceSource | None,
    number: int,
    whole: str | None = None,
    slot_name: str = "",
) -> list[str]:
    """Apply the pointers of an answer; the messages that say what changed. `whole` is all
    the person typed where `text` is only what is scored (a refined answer's decision and
    reasons): a rejection stands wherever it is said ("RetryError is not what I mean", read
    as a constraint), a name in a constraint ("do not touch X") adopts nothing. A touchpoint
    named where the person says what changes (`WHERE_IT_GOES`) comes first: "...;
    ZipOutputStream.putNextEntry is where entries are written" left the questions about
    existing callers on `ZipEntry`, the first match; there, a name said in words counts
    too ("it goes in the procedure builder")."""
    messages = []
    dropped = rejected(state, component, whole or text)
    if slot_name == SAYS_WHAT_STAYS:
        dropped += [i for i in kept(state, component, whole or text) if i not in dropped]
    for node_id in dropped:
        drop(state, node_id, number)
        messages.append(f"Dropped {node_id} from the touchpoints; the code is asked again.")
    if evidence is None:
        return messages
    adopted = 0  # named first, first among the touchpoints
    said = evidence.mentioned(text)
    named = [node for _, node, _ in said]
    # "Request.readHeaders" where Request defines no readHeaders: said so, not kept quiet
    absent = {node.id: f" (it defines no `{member}`)" for _, node, member in said if member}
    if slot_name in WHERE_IT_GOES:  # where the change goes, said in words
        named += [n for _, n in evidence.spelled_out(text) if n not in named]
    if slot_name == SAYS_WHAT_STAYS:  # "do not change how DigitList rounds": no pointer
        named = []
    refused = _refused(whole or text)
    for node in named:  # a name rejected here is adopted neither: "WalkDir::new is not it"
        if node.id in state.rejected_touchpoints or f".{node.qualname}".endswith(refused):
            continue
        # what goes wrong is seen, not where it goes: "... raises REXML::ParseException"
        goes = slot_name in WHERE_IT_GOES and not (
            slot_name == "outcome" and exception_classes(evidence.store, {node.id})
        )
        if node.id in component.touchpoints:
            at = component.touchpoints.index(node.id)
            if goes and at >= adopted:  # in the order named
                if at > adopted:
                    component.touchpoints.insert(adopted, component.touchpoints.pop(at))
                    reopen(state, component)
                    messages.append(
                        f"Moved {node.qualname} first among the touchpoints"
                        f"{absent.get(node.id, '')}."
                    )
                adopted += 1
            continue
        if not any(t.id == node.id for t in state.touchpoints):
            state.touchpoints.append(
                TouchpointRecord(
                    id=node.id,
                    symbol=node.qualname,
                    kind=node.kind.value,
                    path=node.path or "",
                    line=node.line or 1,
                    score=0.0,
                    named_in_round=number,
                )
            )
        if goes:
            component.touchpoints.insert(adopted, node.id)
            adopted += 1
        else:  # named as what is seen ("ends with a CancelledError"), not where it goes
            component.touchpoints.append(node.id)
        reopen(state, component)
        messages.append(
            f"Adopted {node.qualname} ({node.path}:{node.line}) as a touchpoint"
            f"{absent.get(node.id, '')}."
        )
    return messages


def cited(value: str, evidence: EvidenceSource | None, slot_name: str, rejected: list[str]) -> str:
    """An answer with the places of the definitions it names, each after its first mention,
    so that the spec cites what the person pointed at: an answer that is only a name, and
    every name where the answer says where the change goes ("Signer.__init__ and
    Signer.verify_signature" -> "Signer.__init__ (itsdangerous/signer.py:129) and ...", and
    a name said in words there: "the procedure builder (...procedureBuilder.ts:211)"); a
    `rejected` one is not pointed at ("not Security.entity_expansion_limit; ...")."""
    bare = value.strip().strip("`").removesuffix("()")
    if evidence is None or not (slot_name in WHERE_IT_GOES or _BARE.fullmatch(bare)):
        return value
    refused = _refused(value)
    for mention, node, missing in evidence.mentioned(value):
        if node.kind is NodeKind.MODULE or node.id in rejected or missing:
            continue  # a member the class does not define is cited nowhere
        if f".{node.qualname}".endswith(refused):
            continue
        at = re.search(rf"(?<![\w.]){re.escape(mention)}(?:\(\))?+`?+(?![\w.(]| \()", value)
        if at:
            value = f"{value[: at.end()]} ({node.path}:{node.line}){value[at.end() :]}"
    if slot_name in WHERE_IT_GOES:  # said in words: "the procedure builder (...:211)"
        for words_said, node in evidence.spelled_out(value):
            if node.id in rejected or f".{node.qualname}".endswith(refused):
                continue
            at = re.search(rf"\b{re.escape(words_said)}\b(?! \()", value, re.I)
            if at:
                value = f"{value[: at.end()]} ({node.path}:{node.line}){value[at.end() :]}"
    return value


def _refused(text: str) -> tuple[str, ...]:
    """The ends of the qualified names the text rejects (`.WalkDir.new`)."""
    return tuple(f".{dotted(name)}" for name in words.rejected_names(text))


def drop(state: AdaptiveState, node_id: str, number: int) -> None:
    """Drop a touchpoint everywhere; reopen what the code answered about the components,
    and what the person answered about the touchpoint (`ABOUT_A_TOUCHPOINT`): pino's
    "Keep genLog's signature" and "Apply it to all 7 call sites" of genLog stood as
    constraints after "not genLog; change setLevel"."""
    state.rejected_touchpoints.append(node_id)
    names = [shown(t.symbol, t.kind) for t in state.touchpoints if t.id == node_id]
    state.touchpoints = [t for t in state.touchpoints if t.id != node_id]
    for component in state.topology.components:
        if node_id in component.touchpoints:
            component.touchpoints.remove(node_id)
            reopen(state, component)
            for name in names:
                _reask(state, component, name, number)


def _reask(state: AdaptiveState, component: Component, name: str, number: int) -> None:
    """The slots about a touchpoint the person answered while the round named it (its
    question or the answer: "Must existing callers of genLog ...?", "Called from X,
    where it calls genLog") are asked again, of the touchpoint now first; the decision is
    withdrawn, not deleted (the next answer is no contradiction of it), and the answer
    stays in the transcript."""
    named = re.compile(rf"(?<!\w){re.escape(name)}(?!\w)")
    for slot in component.slots:
        if slot.name not in ABOUT_A_TOUCHPOINT or slot.filled_by != "person":
            continue
        asked = [r for r in state.rounds if r.round == slot.round and r.slot == slot.name]
        # the question itself, and the answer: an option the person did not pick is not
        # what they said ("Who or what starts ...?" answered in their own words)
        said = [f"{_OPTIONS.split(r.question, 1)[0]}\n{r.answer or ''}" for r in asked]
        if any(named.search(text) for text in said):
            for fact in decisions(state, component.id):
                if fact.slot == f"{component.id}:{slot.name}":
                    fact.withdrawn = f"{name} was dropped from the touchpoints in round {number}"
            slot.filled_by, slot.quality, slot.fact_ids, slot.value = None, 0.0, [], None


def reopen(state: AdaptiveState, component: Component) -> None:
    """The slots the code answered for this component are asked of the code again."""
    for slot in component.slots:
        if slot.filled_by == "evidence" and slot.name != "no_dispute":
            slot.filled_by, slot.quality, slot.fact_ids, slot.value = None, 0.0, [], None
