"""The codebase context of an interview: the relationships around the touched files, those
reaching a touchpoint first, nearer first, then those whose names carry more of the idea's
words, bounded per file."""

from __future__ import annotations

from pathlib import Path

from brownfield.interview.adaptive.start import Threshold, _components, seed_state
from brownfield.interview.adaptive.state import Relationship
from brownfield.model import Node, NodeKind
from brownfield.query.context import Touchpoint
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


def test_a_relationship_reaches_a_touchpoint_or_its_constructor() -> None:
    ids = {"app/pay.py::Declined", "app/pay.py::charge"}
    assert relationship("app.jobs.run", "app/pay.py::charge", "x:1").reaches(ids)
    assert relationship("app.jobs.run", "app/pay.py::Declined.__init__", "x:1").reaches(ids)
    assert not relationship("app.jobs.run", "app/pay.py::Declined.reason", "x:1").reaches(ids)
    assert not relationship("app.jobs", "app/pay.py", "x:1").reaches(ids)


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


def test_the_state_keeps_production_relationships_before_tests_carrying_more_words(
    tmp_path: Path,
) -> None:
    """click's spec for "default option values ... in a config file" kept fifteen tests
    named after options and defaults around click/core.py and not one production caller;
    an idea about tests keeps the tests."""
    tests = "".join(
        f"def test_retry_declined_charge_{n:02}():\n    charge_payment()\n\n\n" for n in range(20)
    )
    store = build_graph(
        tmp_path,
        {
            "app/pay.py": "def charge_payment():\n    pass\n",
            "app/jobs.py": "from app.pay import charge_payment\n\n\n"
            "def nightly():\n    charge_payment()\n",
            "tests/test_pay.py": "from app.pay import charge_payment\n\n\n" + tests,
        },
    )

    def kept(idea: str) -> list[str]:
        state = seed_state(idea, Threshold(0.05, "default"), store)
        return [r.symbol for r in state.codebase_context if r.file == "app/pay.py"]

    assert kept("Retry a payment charge when it is declined")[:2] == [
        "app.jobs.nightly",
        "app.jobs",
    ]
    about_tests = kept("Test that a declined payment charge is retried")
    assert about_tests[0].startswith("tests.test_pay.test_retry_declined_charge_")
    assert "app.jobs.nightly" not in about_tests  # fifteen tests carry more of its words


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
    assert lines[10] == "- and 1 more relationship(s) in the state file's codebase_context"


def test_relationships_reaching_a_touchpoint_come_before_the_files_own_helpers(
    tmp_path: Path,
) -> None:
    """koa's spec showed ten lines of request.js's helpers calling each other (`host calls
    get`) and none of the touchpoints' callers."""
    helpers = "".join(f"def h{n:02}():\n    lookup()\n\n\n" for n in range(20))
    store = build_graph(
        tmp_path,
        {
            "app/req.py": "def lookup():\n    pass\n\n\n"
            + helpers
            + 'def accepts_encodings():\n    """Which encodings the client accepts."""\n',
            "app/app.py": "from app.req import accepts_encodings, lookup\n\n\n"
            "def respond():\n    accepts_encodings()\n\n\n"
            "def handle():\n    lookup()\n",
        },
    )
    state = seed_state(
        "Compress replies when the client accepts encodings", Threshold(0.05, "default"), store
    )
    assert "app.req.accepts_encodings" in [t.symbol for t in state.touchpoints]
    kept = [(r.symbol, r.via) for r in state.codebase_context if r.file == "app/req.py"]
    assert kept[0] == ("app.app.respond", "app/req.py::accepts_encodings")
    assert {symbol for symbol, _ in kept[1:3]} == {"app.app", "app.app.handle"}
    assert all(symbol.startswith("app.req.h") for symbol, _ in kept[3:])
    from brownfield.interview.spec.compile import technical_context

    assert technical_context(state)[len(state.touchpoints)].startswith(
        "- app.app.respond calls app/req.py::accepts_encodings at app/app.py:5 "
    )


def test_a_relationship_ranks_by_the_ideas_words_a_touchpoint_distance_and_file() -> None:
    from brownfield.interview.adaptive.start import relevance
    from brownfield.query.search import parse

    query, ids = parse("retry a declined charge"), {"app/pay.py::bill"}
    reaching = relationship("app.jobs.run", "app/pay.py::bill", "app/jobs.py:3")
    beside = relationship("app.jobs.run", "app/pay.py::audit", "app/jobs.py:4")
    inside = relationship("app.pay.log", "app/pay.py::audit", "app/pay.py:9")
    worded = relationship("app.jobs.retry_declined", "app/pay.py::audit", "app/jobs.py:8", 2)
    ranked = sorted([inside, worded, beside, reaching], key=lambda r: relevance(r, query, ids))
    assert ranked == [worded, reaching, beside, inside]


def test_the_spec_shows_calls_from_other_files_before_the_touched_files_own() -> None:
    from brownfield.interview.spec.compile import technical_context

    state = seed_state("retry a declined charge", Threshold(0.05, "default"), None)
    state.codebase_context = [
        relationship(f"app.pay.f{n}", "app/pay.py::audit", f"app/pay.py:{n}") for n in range(3)
    ] + [relationship("app.jobs.retry", "app/pay.py::audit", "app/jobs.py:7")]
    assert technical_context(state)[0].startswith("- app.jobs.retry calls app/pay.py::audit ")


def test_each_component_touches_the_code_its_own_words_find(tmp_path: Path) -> None:
    """ "read them back when unpacking" shares the file name and modification time with the
    clause before it: its touchpoints are those its own words (read, back, unpacking) match,
    the reading side, not every writer that holds a file's name or time."""
    store = build_graph(
        tmp_path,
        {
            "archive/writer.py": '''
                def write_name(stream, entry):
                    """Store the file name of an entry in the archive we write."""
                    stream.write(entry.name.encode())


                def write_time(stream, entry):
                    """Store the modification time of a file in the archive header."""
                    stream.write(int(entry.mtime).to_bytes(4, "little"))


                def file_header(entry):
                    """The header of a file we store: its name, size and modification time."""
                    return (entry.name, entry.size, entry.mtime)
                ''',
            "archive/reader.py": '''
                def read_entry(stream):
                    """Read an entry back when unpacking."""
                    return stream.read()
                ''',
        },
    )
    idea = (
        "Store each file's name and modification time in the archives we write, "
        "and read them back when unpacking"
    )
    state = seed_state(idea, Threshold(0.05, "default"), store)
    first, second = state.topology.components
    assert second.touchpoints == ["archive/reader.py::read_entry"]
    assert {"archive/writer.py::write_name", "archive/writer.py::write_time"} <= set(
        first.touchpoints
    )


def test_a_component_picks_its_own_touchpoints_beyond_the_ideas_first_five() -> None:
    """The idea's five best are all writers; the reader its second clause's own words match
    ranks seventh: that component touches it. The first keeps the idea's touchpoints that
    match its words, those it shares with the second too."""

    def found(name: str, score: float, *matched: str) -> Touchpoint:
        node = Node(f"a.py::{name}", NodeKind.FUNCTION, name, f"a.{name}", "a.py", 1, 2, "python")
        return Touchpoint(node, score, matched)

    pool = [found(f"write_{n}", 9.0 - n, "store", "name", "time") for n in range(6)]
    pool.append(found("read_entry", 1.0, "name", "read", "unpacking"))
    idea = "Store each file's name and time when writing, and read them back when unpacking"
    first, second = _components(idea, pool[:5], True, pool)
    assert second.touchpoints == ["a.py::read_entry"]
    assert first.touchpoints == [f"a.py::write_{n}" for n in range(5)]


def test_the_first_component_keeps_the_words_it_shares_with_a_later_one() -> None:
    """ "Stop re-fetching on a timer ..., and pick the timer back up ...": the polling code
    matches the timer, which both clauses name; it stays the first component's."""

    def found(name: str, *matched: str) -> Touchpoint:
        node = Node(f"a.ts::{name}", NodeKind.FUNCTION, name, f"a.{name}", "a.ts", 1, 2, "ts")
        return Touchpoint(node, 1.0, matched)

    pool = [found("poll", "timer", "back"), found("fetch", "fetching", "data")]
    idea = (
        "Stop re-fetching data on a timer while offline, "
        "and pick the timer back up once the connection returns"
    )
    first, second = _components(idea, pool, True, pool)
    assert first.touchpoints == ["a.ts::poll", "a.ts::fetch"]
    assert second.touchpoints == ["a.ts::poll"]
