"""The codebase context of an interview: the relationships around the touched files,
nearer first, then those whose names carry more of the idea's words, bounded per file."""

from __future__ import annotations

from pathlib import Path

from brownfield.interview.adaptive.start import Threshold, seed_state
from brownfield.interview.adaptive.state import Relationship
from tests.conftest import build_graph


def relationship(symbol: str, via: str, site: str, distance: int = 1) -> Relationship:
    return Relationship(
        file="app/pay.py",
        distance=distance,
        relation="calls",
        symbol=symbol,
        kind="function",
        site=site,
        via=via,
    )


def test_relationship_names_are_the_last_names_of_caller_and_callee() -> None:
    assert relationship("app.jobs.Job.run", "app/pay.py::Gateway.charge", "x:1").names() == (
        "run",
        "charge",
    )
    assert relationship("app.jobs", "app/pay.py", "x:1").names() == ("jobs", "")


def test_the_state_keeps_the_relationships_carrying_the_ideas_words(tmp_path: Path) -> None:
    callers = "".join(f"def a{n:02}():\n    charge_payment()\n\n\n" for n in range(20))
    store = build_graph(
        tmp_path,
        {
            "app/pay.py": 'def charge_payment():\n    """Charge once: a declined one is not retried."""\n',
            "app/jobs.py": "from app.pay import charge_payment\n\n\n"
            + callers
            + "def retry_declined():\n    charge_payment()\n",
        },
    )
    state = seed_state(
        "Retry a payment charge when it is declined", Threshold(0.05, "default"), store
    )
    kept = [r.symbol for r in state.codebase_context if r.file == "app/pay.py"]
    assert len(kept) == 15  # bounded per file
    assert kept[0] == "app.jobs.retry_declined"  # the last caller in the file, at distance 1


def test_the_spec_cites_each_caller_and_target_once_with_its_other_sites_counted() -> None:
    """Technical Context: a caller calling one target at five sites takes one line of the
    ten, not five (the others would be pushed out of the spec by repeats)."""
    from brownfield.interview.spec.compile import technical_context

    state = seed_state("retry a declined charge", Threshold(0.05, "default"), None)
    state.codebase_context = [
        relationship("app.jobs.retry", "app/pay.py::charge", f"app/jobs.py:{line}")
        for line in (7, 9, 11, 13, 15)
    ] + [relationship(f"app.pay.f{n}", "app/pay.py::audit", f"app/pay.py:{n}") for n in range(10)]
    lines = technical_context(state)
    assert lines[0] == (
        "- app.jobs.retry calls app/pay.py::charge at app/jobs.py:7 and 4 more site(s) "
        "(distance 1 from app/pay.py)"
    )
    assert [line.split(" at ")[1].split(" (")[0] for line in lines[1:10]] == [
        f"app/pay.py:{n}" for n in range(9)
    ]
    assert (
        lines[10]
        == "- and 1 more relationship(s) (0 from tests) in the state file's codebase_context"
    )
