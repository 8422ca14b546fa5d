"""What the code already does like an idea: similar definitions, the matches after the
touchpoints, and the idea's words the code never uses; each a fact with its citations."""

from __future__ import annotations

from brownfield.graph.roles import is_production
from brownfield.graph.store import GraphStore
from brownfield.graph.vocabulary import index_words
from brownfield.model import Fact, Node, NodeKind
from brownfield.query.context import exception_classes, touchpoints
from brownfield.query.evidence import definition_citation
from brownfield.query.search import matched_words, parse, rank, unfound

#: What the full-text index holds of a definition, as the facts name what they searched.
INDEXED = (
    "names, docstrings, parameters, attributes, keys, the identifiers bodies name and the "
    "messages they hold"
)


def similar_fact(store: GraphStore, text: str) -> Fact:
    """Production definitions that may already do something like the idea, each with the
    words it matches (a word match, not a judgement of what it does): the full-text index
    (names, docstrings, parameters, attributes, keys; abbreviations and plain words
    expanded) searched for the idea's mechanism, its words but those of the thing it is
    done to ("add *retries with backoff* to payment charges"); when none, what was searched."""
    query = parse(text)
    asked = [w for w in query.words if w not in query.persons] or list(query.words)
    mechanism = [w for w in asked if w not in query.target] or asked
    definitions = (NodeKind.FUNCTION, NodeKind.METHOD, NodeKind.CLASS)
    hits = [
        hit
        for hit in rank(store, " ".join(mechanism), 40)
        if hit.node.kind in definitions
        and hit.matched
        and is_production(hit.node.path, hit.node.id)
    ]
    found = [hit.node for hit in hits]
    matched = {hit.node.id: hit.matched for hit in hits}
    # an exception class says what goes wrong, not how anything is done: one is like the
    # idea only when its own name carries the idea's words, in any form ("retries" and
    # `RetryTimeout`)
    raised = exception_classes(store, {n.id for n in found if n.kind is NodeKind.CLASS})

    def named(node: Node) -> bool:
        held = matched_words(query, " ".join(index_words(node.name)))
        return any(held.get(word) == 1.0 for word in mechanism)

    nodes = [n for n in found if n.id not in raised or named(n)][:5]
    if not nodes:
        return Fact(
            "similar",
            "similar mechanism",
            "The full-text index (names, docstrings, parameters, attributes, keys) finds no "
            f"production function, method or class for {', '.join(mechanism) or 'the idea'}.",
        )
    return Fact(
        "similar",
        "similar mechanism",
        f"Definitions matching the idea's mechanism words ({', '.join(mechanism)}) in the "
        f"full-text index ({INDEXED}): "
        + "; ".join(
            f"{n.qualname} ({n.path}:{n.line}) matches "
            + ", ".join(f'"{word}"' for word in matched[n.id])
            for n in nodes
        )
        + ".",
        tuple(definition_citation(n) for n in nodes),
    )


MAX_FURTHER = 5  # further matches shown after a component's touchpoints


def further_fact(
    store: GraphStore, text: str, shown: list[str], cited: frozenset[str] = frozenset()
) -> Fact | None:
    """The production definitions the idea matches next, after the touchpoints `shown`
    (and any the person rejected, passed in `shown` too; None when there are none) and
    those another fact cites already (`cited`, as `path:line`: the similar mechanism's,
    an earlier part's further matches): where to look when the first five miss."""
    ranked = touchpoints(store, text, 2 * MAX_FURTHER, frozenset(shown))
    found = [
        t.node
        for t in ranked
        if is_production(t.node.path, t.node.id) and str(definition_citation(t.node)) not in cited
    ]
    nodes = found[:MAX_FURTHER]
    if not nodes:
        return None
    return Fact(
        "further",
        "further matches",
        "The idea's words also match, after its touchpoints: "
        + ", ".join(f"{n.qualname} ({n.path}:{n.line})" for n in nodes)
        + ".",
        tuple(definition_citation(n) for n in nodes),
    )


def unfound_fact(store: GraphStore, text: str) -> Fact | None:
    """The words of the idea the code never uses, in any form searched: what the person
    may name otherwise, or what is new to the code (None when every word is found)."""
    missing = unfound(store, text)
    if not missing:
        return None
    return Fact(
        "vocabulary",
        "the idea's words",
        f"The full-text index ({INDEXED}) finds no definition for "
        + ", ".join(f'"{word}"' for word in missing)
        + ", searched with their abbreviations, base forms and synonyms, and inside names: "
        "the code may call it otherwise (name the code if you know it), or it is new to the "
        "code.",
    )
