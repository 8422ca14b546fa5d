"""Round 0's topology edits: the person reshapes the components the idea was read as."""

from __future__ import annotations

import re
from datetime import datetime

from brownfield.interview.adaptive.slots import new_slots
from brownfield.interview.adaptive.state import AdaptiveState, Component, Deferral


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
