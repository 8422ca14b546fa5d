"""Established facts: what the code (or the person) settled, recorded with citations."""

from __future__ import annotations

import re
from collections import Counter

from brownfield.interview.adaptive.state import AdaptiveState, EstablishedFact
from brownfield.interview.engine.records import CitationRecord
from brownfield.model import Fact


def cite(fact: Fact) -> list[CitationRecord]:
    return [
        CitationRecord(path=c.path, line=c.line, end_line=c.end_line, symbol=c.symbol)
        for c in fact.citations
    ]


def add_fact(state: AdaptiveState, fact: Fact, source: str, round_number: int) -> EstablishedFact:
    record = EstablishedFact(
        id=f"F{sum(1 for f in state.established_facts if f.id.startswith('F')) + 1}",
        topic=fact.topic,
        subject=fact.subject,
        statement=fact.statement,
        citations=cite(fact),
        source=source,  # type: ignore[arg-type]
        round=round_number,
    )
    state.established_facts.append(record)
    return record


def established(state: AdaptiveState, fact: Fact) -> EstablishedFact | None:
    """The fact established already that says what `fact` says: the same statement, or the
    same topic and subject in the same words and citations in another order (a list of
    names ranked by another component's words: "`NETRC` (...), `NETRC_FILES` (...)")."""
    words = None
    for known in state.established_facts:
        if known.statement == fact.statement:
            return known
        if known.topic == fact.topic and known.subject == fact.subject:
            words = words or _words(fact.statement)
            if _words(known.statement) == words:
                return known
    return None


def _words(statement: str) -> Counter[str]:
    return Counter(re.findall(r"[^\s,;()]+", statement.rstrip(".")))


def evidence_line(fact: EstablishedFact) -> str:
    return f"Evidence  {fact.id}  {fact.statement}"
