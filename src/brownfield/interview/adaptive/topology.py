"""Round 0's topology edits: the person reshapes the components the idea was read as."""

from __future__ import annotations

import re
from datetime import datetime

from brownfield.interview.adaptive import asking
from brownfield.interview.adaptive.slots import new_slots
from brownfield.interview.adaptive.state import AdaptiveState, Component, Deferral, Round
from brownfield.interview.engine.loop import Feedback, Question, Verdict
from brownfield.interview.engine.words import Word


def new_component(
    number: int, name: str, description: str, touchpoints: list[str], brownfield: bool
) -> Component:
    return Component(
        id=f"C{number}",
        name=name,
        description=description,
        touchpoints=touchpoints,
        slots=new_slots(brownfield),
    )


def edit_topology(state: AdaptiveState, text: str, when: datetime) -> bool:
    """Apply `add: X`, `remove N`, `merge N M[: name]`, `split N: A / B`, `defer N[: why]`;
    raises ValueError with a readable reason for anything else."""
    components = state.topology.components
    brownfield = state.type == "brownfield"
    changed = False

    def component(number: str) -> Component:
        index = int(number) - 1
        if not 0 <= index < len(components):
            raise ValueError(f"there is no component {number}")
        return components[index]

    commands = [c.strip() for c in re.split(r"[;\n]", text) if c.strip()]
    for command in commands:
        if m := re.fullmatch(r"add\s*:?\s*(.+)", command, re.I):
            name = m.group(1).strip()
            components.append(new_component(next_id(state), name, name, [], brownfield))
        elif m := re.fullmatch(r"remove\s+(\d+)", command, re.I):
            components.remove(component(m.group(1)))
        elif m := re.fullmatch(
            r"merge\s+(\d+)\s*(?:and|,|\s)\s*(\d+)(?:\s*:\s*(.+))?", command, re.I
        ):
            first, second = component(m.group(1)), component(m.group(2))
            first.name = (m.group(3) or f"{first.name} and {second.name}").strip()
            first.description = f"{first.description}; {second.description}"
            first.touchpoints = list(dict.fromkeys(first.touchpoints + second.touchpoints))
            components.remove(second)
        elif m := re.fullmatch(r"split\s+(\d+)\s*:\s*(.+)", command, re.I):
            old = component(m.group(1))
            parts = [p.strip() for p in m.group(2).split("/") if p.strip()]
            if len(parts) < 2:
                raise ValueError("split needs two parts: 'split N: A / B'")
            at = components.index(old)
            components.remove(old)
            for offset, part in enumerate(parts):
                made = new_component(next_id(state), part, part, old.touchpoints, brownfield)
                components.insert(at + offset, made)
        elif m := re.fullmatch(r"defer\s+(\d+)(?:\s*:\s*(.+))?", command, re.I):
            deferred = component(m.group(1))
            deferred.status = "deferred"
            state.topology.deferrals.append(
                Deferral(
                    component_id=deferred.id,
                    reason=(m.group(2) or "deferred by the person").strip(),
                    confirmed_at=when,
                )
            )
        else:
            raise ValueError(f"cannot read {command!r}")
        changed = True
    if not state.topology.active():
        raise ValueError("at least one component must stay active")
    if len(components) > 6:
        raise ValueError("at most 6 top-level components; merge some")
    return changed


def next_id(state: AdaptiveState) -> int:
    numbers = [int(c.id[1:]) for c in state.topology.components]
    return max(numbers, default=0) + 1


TOPOLOGY_HELP = (
    "Say what to change: 'add: NAME', 'remove N', 'merge N M', 'split N: A / B', "
    "'defer N: reason' (several separated by ';'), or 1 when it looks right."
)
OPTIONS = ("Looks right", "Add/remove/merge components", "Defer one or more components")


def question(state: AdaptiveState) -> Question:
    """Round 0: the components the idea was read as, to confirm or reshape."""
    listing = "\n".join(
        f"{n}. {c.name}: {c.description}" + (" (deferred)" if c.status == "deferred" else "")
        for n, c in enumerate(state.topology.components, 1)
    )
    count = len(state.topology.components)
    text = (
        f"I'm reading this as {count} top-level component(s):\n{listing}\n\n"
        "Is that topology right? Should any component be added, removed, merged, split, "
        "or explicitly deferred?"
    )
    return asking.question(
        state, "R0", "Round 0 | Topology confirmation | Ambiguity: not scored yet", text, OPTIONS
    )


def apply_answer(
    state: AdaptiveState, question: Question, text: str, word: Word | None, when: datetime
) -> Feedback:
    """Confirm the topology (1, yes...; `you decide` and `skip` keep it as read) or apply
    the edits the answer names."""
    if word is not None and word.kind == "enough":
        return Feedback(Verdict.REFUSED, f"Early exit is possible from round 3 on. {TOPOLOGY_HELP}")
    lowered = text.lower().strip().rstrip(".!")
    kept = word is not None and word.kind in ("you-decide", "skip")
    if kept or lowered in ("1", "looks right", "yes", "y", "ok", "right", "correct", "confirm"):
        asking.record(state, question, text, when)
        topology = state.topology
        topology.status, topology.confirmed_at = "confirmed", when
        state.phase = "interviewing"
        state.rounds.append(
            Round(
                round=0,
                kind="topology",
                question=question.text,
                answer=text,
                answer_kind="auto-answer" if kept else "option",
                timestamp=when,
            )
        )
        asking.rescore(state)
        return Feedback(
            Verdict.ACCEPTED,
            f"Topology confirmed: {len(topology.active())} active component(s).",
        )
    try:
        changed = edit_topology(state, text, when)
    except ValueError as exc:
        return Feedback(Verdict.REFUSED, f"{exc}. {TOPOLOGY_HELP}")
    if not changed:
        return Feedback(Verdict.REFUSED, TOPOLOGY_HELP)
    asking.record(state, question, text, when)
    return Feedback(Verdict.ACCEPTED, "Topology updated; please confirm it.")
