"""What the adaptive interview must learn per component (slots), and how each is asked.

A slot is a `fact` (answered from the code when the code can) or a `decision` (always asked
to the person). Questions expose assumptions; their options are built from the evidence.
"""

from __future__ import annotations

from dataclasses import dataclass

from brownfield.graph.roles import is_production, what_counts_as_tests
from brownfield.interview.adaptive.evidence import EvidenceSource
from brownfield.interview.adaptive.state import AdaptiveState, Component, Slot
from brownfield.interview.adaptive.statements import (
    BIGGER,
    EMPTY_INPUT,
    FRAMES,
    RAISED_INSIDE,
    REPEATED_CALLS,
    RETURNED_BY,
    RETURNING_ERRORS,
    is_nothing,
    statement,
)
from brownfield.interview.engine import words

MULTIPLE_CHOICE = frozenset({"change_points"})  # slots where several options may be picked
#: What options name in place of a touchpoint when a component has none in production code.
NEW_CODE = "the new code"


@dataclass(frozen=True)
class SlotSpec:
    name: str
    dimension: str
    kind: str  # fact | decision
    weight: float
    brownfield_only: bool = False


SLOT_SPECS: tuple[SlotSpec, ...] = (
    SlotSpec("outcome", "goal", "decision", 0.5),
    SlotSpec("trigger", "goal", "decision", 0.2),
    SlotSpec("change_points", "goal", "decision", 0.3, brownfield_only=True),
    SlotSpec("non_goals", "constraints", "decision", 0.4),
    SlotSpec("compatibility", "constraints", "decision", 0.3, brownfield_only=True),
    SlotSpec("limits", "constraints", "decision", 0.3),
    SlotSpec("acceptance", "criteria", "decision", 0.6),
    SlotSpec("edge_cases", "criteria", "decision", 0.25),
    SlotSpec("test_location", "criteria", "fact", 0.15),
    SlotSpec("touchpoints_confirmed", "context", "fact", 0.3, brownfield_only=True),
    SlotSpec("caller_impact", "context", "decision", 0.3, brownfield_only=True),
    SlotSpec("similar_mechanism", "context", "fact", 0.2, brownfield_only=True),
    SlotSpec("no_dispute", "context", "fact", 0.2, brownfield_only=True),
)

#: How each dimension is asked about (seed 004's question styles).
STYLE = {
    "goal": "What exactly happens when...?",
    "constraints": "What are the boundaries?",
    "criteria": "How do we know it works?",
    "context": "How does this fit?",
}


def new_slots(brownfield: bool) -> list[Slot]:
    return [
        Slot(name=spec.name, dimension=spec.dimension, kind=spec.kind, weight=spec.weight)  # type: ignore[arg-type]
        for spec in SLOT_SPECS
        if brownfield or not spec.brownfield_only
    ]


@dataclass(frozen=True)
class Prompt:
    """A decision question: the text and its 2 to 4 options, the first one recommended."""

    text: str
    options: tuple[str, ...]
    why: str


def _touch(state: AdaptiveState, component: Component) -> list[tuple[str, str]]:
    """(symbol, citation) of the component's touchpoints, best first."""
    return [(t.symbol, f"{t.path}:{t.line}") for t in state.touchpoints_of(component)]


def _errors(touched: list[tuple[str, str]]) -> str:
    """How the first touchpoint's language has errors: raised inside, or returned by."""
    path = touched[0][1].rpartition(":")[0] if touched else ""
    return RETURNED_BY if path.endswith(RETURNING_ERRORS) else RAISED_INSIDE


def _by_caller(sites: list[str]) -> list[str]:
    """`symbol (path:line)` call sites with one entry per caller, its sites together:
    `handle (app.js:175, app.js:178)`, in the order the callers first appear."""
    grouped: dict[str, list[str]] = {}
    for site in sites:
        symbol, _, where = site.rpartition(" (")
        grouped.setdefault(symbol or site, []).append(where.rstrip(")") if symbol else "")
    return [
        f"{symbol} ({', '.join(w for w in where if w)})" if any(where) else symbol
        for symbol, where in grouped.items()
    ]


def _short(state: AdaptiveState, symbol: str) -> str:
    """How options name a touchpoint (`shown`)."""
    kinds = {t.symbol: t.kind for t in state.touchpoints}
    return shown(symbol, kinds.get(symbol, ""))


def shown(symbol: str, kind: str) -> str:
    """How questions and options name a definition: its name, with its class for a method
    ("Next" alone says little: `cramMD5Auth.Next`)."""
    parts = symbol.split(".")
    return ".".join(parts[-2:]) if kind == "method" else parts[-1]


def prompt_for(
    state: AdaptiveState, component: Component, slot: Slot, evidence: EvidenceSource | None
) -> Prompt:
    """The question for a decision slot, with options built from what the graph found."""
    name = component.name
    touched = _touch(state, component)
    top = _short(state, touched[0][0]) if touched else NEW_CODE
    scores, started = state.touchpoint_scores(), slot.name == "trigger"
    target = evidence.caller_target(component, scores, started) if evidence else None
    callers, extending = (target.sites, target.extending) if target else ([], ())
    called = _short(state, target.symbol) if target else top  # what the callers call
    by_caller = _by_caller(callers)
    if slot.name == "outcome":
        options = [f"{FRAMES[0]}{component.description}"]
        if touched:
            options.append(f"{FRAMES[1]}only change {touched[0][0]} ({touched[0][1]})")
        options.append(BIGGER)
        return Prompt(
            f"When '{name}' is done, what exactly happens that does not happen today?",
            tuple(options),
            "the outcome is the first thing every other decision depends on",
        )
    if slot.name == "trigger":
        # callers of a touchpoint below the top one say what they call: "Called from
        # res.json" alone read as the trigger of a redirect change that res.send is not
        beside = (
            f", where it calls {called}"
            if target and touched and target.symbol != touched[0][0]
            else ""
        )
        options = [f"Called from {c}{beside}" for c in by_caller[:2]]
        outside = evidence.outside_callers(component) if evidence else None
        person, job = "A person, through the existing interface", "A scheduled or background job"
        # building an object starts nothing by itself: tenacity's "Called from
        # BaseRetrying.copy", which copies a retrying object, came first for "when retrying
        # gives up, say how many attempts were made"
        options = [person, *options, job] if target and target.builds else [*options, person, job]
        if outside and (not target or target.symbol != outside[0]):  # it comes first
            options.insert(
                0,
                f"Code outside the repository that calls {_short(state, outside[0])} through "
                f"{outside[1][0]}",
            )
        return Prompt(
            f"Who or what starts '{name}': which caller, user action or schedule?",
            tuple(options[:4]),
            "nobody has said what sets this in motion",
        )
    if slot.name == "change_points":
        if not touched:
            return Prompt(
                f"No existing definition carries the words of '{name}'. Where does it go?",
                ("Into new code", "Into existing code the search did not find (name it)"),
                "the idea matched no definition for it, and new code needs a place",
            )
        options = [f"Change {symbol} ({where})" for symbol, where in touched[:3]]
        options.append("None of these: it needs new code beside them")
        return Prompt(
            f"Which of these existing definitions should change for '{name}'?",
            tuple(options),
            "the idea matched these definitions, but matching is not deciding",
        )
    if slot.name == "non_goals":
        files = list(dict.fromkeys(where.split(":")[0] for _, where in touched))
        files = [f for f in files if is_production(f)]
        options = ["Do not change the behaviour of existing callers"]
        if files:
            options.append(f"No changes outside {', '.join(files[:2])}")
        options.append("Nothing is excluded")
        return Prompt(
            f"What must '{name}' explicitly NOT do or change?",
            tuple(options),
            "no boundary is set, so the scope can grow without anyone deciding it",
        )
    if slot.name == "compatibility":
        return Prompt(
            f"Must existing callers of {called} keep working unchanged?",
            (
                f"Yes: keep {called}'s signature and behaviour for every caller",
                f"No: {called} may change; update every caller with it",
                f"Add a new entry point beside {called} and leave it as it is",
            ),
            f"{len(callers)} caller(s) depend on {called}'s current behaviour",
        )
    if slot.name == "limits" and words.sets_a_limit(component.description):
        return Prompt(  # "No specific limits" would contradict the request
            f"'{name}' sets a limit: what value should it take, and may callers change it? "
            "(say the number if you know it)",
            (
                "A default that callers may change",
                "A fixed value for every caller",
                "No default: callers always give it",
            ),
            "the idea sets a limit, and its value is not stated",
        )
    if slot.name == "limits":
        return Prompt(
            f"Are there performance, security or data limits '{name}' must respect?",
            (
                "No specific limits",
                *([f"It must not make {top} noticeably slower"] if touched else []),
                "It must handle untrusted input safely",
            ),
            "limits decide the design, and none is stated",
        )
    if slot.name == "acceptance":
        tests = evidence.test_sites(component) if evidence else []
        options = []
        if tests:
            options.append(f"A new test beside {tests[0]} shows the new behaviour and passes")
        options += [
            "A command or request returns the expected result (say which, with a number)",
            "The existing tests still pass and one new test covers the change",
        ]
        return Prompt(
            f"If you saw '{name}' finished, what observable check would make you say "
            "'yes, that's it'? (ideally a number)",
            tuple(options[:3]),
            "without a testable criterion nobody can tell when this is done",
        )
    if slot.name == "edge_cases":
        return Prompt(
            f"Which edge cases must '{name}' handle?",
            (EMPTY_INPUT, f"{_errors(touched)}{top}", REPEATED_CALLS),
            "edge cases are where a change usually breaks",
        )
    if slot.name == "test_location":
        where = [t.split(":")[0] for _, t in touched[:1]]
        return Prompt(
            f"Where should the tests for '{name}' live?",
            (
                f"As the language expects: {what_counts_as_tests(where)}",
                "Beside the code they test",
                "In a separate tests/ folder at the top of the repository",
            ),
            "no test in the repository reaches this code, so there is no layout to follow",
        )
    if slot.name == "caller_impact":
        every = ", ".join(by_caller[:3]) + (" ..." if len(by_caller) > 3 else "")
        folders = sorted({c.split("(")[-1].split("/")[0] for c in callers if "/" in c})
        count = {1: "its one call site", 2: "both call sites"}.get(
            len(callers), f"all {len(callers)} call sites"
        )
        options = [f"Apply it to {count} ({every})"]
        if len(folders) > 1:
            options.append(f"Only the call sites under {folders[0]}/")
        options.append("Keep the current callers' behaviour; new behaviour is opt-in")
        # the callers fact counts the overrides extending it too: said, not contradicted
        besides = (
            f" (besides {len(extending)} override(s) in subclasses extending it, e.g. "
            f"{extending[0]})"
            if extending
            else ""
        )
        return Prompt(
            f"{called} is called from {len(callers)} place(s){besides}: {every}. "
            f"Should '{name}' apply to {'it' if len(callers) == 1 else 'all of them'}?",
            tuple(options),
            f"{len(callers)} call site(s) depend on {called} and no one decided their fate",
        )
    # a fact the code could not answer, or a disputed one, becomes a decision
    return Prompt(
        f"The code could not settle '{slot.name.replace('_', ' ')}' for '{name}'. What is right?",
        ("Leave it as the code shows", "Something else (say what)"),
        "the evidence is missing or disputed",
    )


#: What each slot records, for the clarification of a question about it.
MEANING = {
    "outcome": "the goal the spec states",
    "trigger": "what starts the new behaviour",
    "change_points": "the existing code the change is allowed to touch",
    "non_goals": "what the spec says this change will not do",
    "compatibility": "what existing callers may expect afterwards",
    "limits": "a limit the change must respect",
    "acceptance": "the check that says it is done",
    "edge_cases": "the cases the tests must cover",
    "test_location": "where the new tests go",
    "caller_impact": "which existing call sites get the new behaviour",
}


def explain(component: Component, slot: Slot, prompt: Prompt) -> str:
    """A clarification: why the question matters and what each option would record."""
    what = MEANING.get(slot.name, slot.name.replace("_", " "))
    lines = [
        f"This round decides {what} for '{component.name}'; it matters because {prompt.why}.",
        "What each answer would mean here:",
    ]
    for n, option in enumerate(prompt.options, 1):
        recorded = statement(option)
        if is_nothing(recorded):
            meaning = "nothing is recorded for it; the spec says so"
        else:
            meaning = f"the spec records '{recorded}' as {what}"
        lines.append(f"  {n}. {option}: {meaning}")
    lines.append(
        "  Your own words are recorded as you type them. 'you decide' takes option 1, "
        "marked as my pick. Pick a number, or type your answer."
    )
    return "\n".join(lines)
