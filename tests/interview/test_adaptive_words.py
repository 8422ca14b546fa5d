"""Answer words and topology edits of the adaptive planner, in-process with scripted answers."""

from __future__ import annotations

from pathlib import Path

import pytest

from brownfield.graph.builder import build
from brownfield.graph.store import GraphStore
from brownfield.interview.adaptive.evidence import EvidenceSource
from brownfield.interview.adaptive.planner import AdaptivePlanner
from brownfield.interview.adaptive.start import Threshold, seed_state, suitability
from brownfield.interview.adaptive.state import AdaptiveState, Component
from brownfield.interview.engine.loop import Engine, Outcome
from brownfield.interview.engine.scripted import ScriptedAnswers
from tests.conftest import git_init, write_files
from tests.interview.test_adaptive import IDEA, sample


@pytest.fixture(scope="module")
def shop_store(tmp_path_factory: pytest.TempPathFactory) -> GraphStore:
    root = sample("shop", tmp_path_factory.mktemp("shop"))
    build(root, workers=1)
    return GraphStore.open(root)


def built(root: Path, files: dict[str, str]) -> GraphStore:
    """The open store of `files`, built in a git repository at `root`."""
    write_files(root, files)
    git_init(root)
    build(root, workers=1)
    return GraphStore.open(root)


def run(
    store: GraphStore, answers: list[str], idea: str = IDEA
) -> tuple[AdaptiveState, ScriptedAnswers, Outcome]:
    state = seed_state(idea, Threshold(0.05, "default"), store)
    script = ScriptedAnswers(answers)
    outcome = Engine(AdaptivePlanner(EvidenceSource(store)), script, lambda s: None).run(state)
    return state, script, outcome


def test_topology_edits_then_confirmation(shop_store: GraphStore) -> None:
    state, script, _ = run(
        shop_store,
        [
            "add: audit log of retries",
            "split 1: retry charges / backoff policy; defer 3: later",
            "merge 1 2: retrying charges",
            "bogus words",
            "1",
        ],
    )
    names = [(c.name, c.status) for c in state.topology.components]
    assert names == [("retrying charges", "active"), ("audit log of retries", "deferred")]
    assert state.topology.status == "confirmed"
    assert state.topology.deferrals[0].reason == "later"
    assert any(kind == "hint" and "cannot read 'bogus words'" in text for kind, text in script.told)


@pytest.mark.parametrize("answer", ["you decide", "I don't know", "skip"])
def test_the_words_the_hint_names_keep_the_topology_as_read(
    shop_store: GraphStore, answer: str
) -> None:
    """Round 0's hint says skip and you decide work: they keep the components as read (a
    user's "you decide" was refused as an unreadable topology edit)."""
    state, script, _ = run(shop_store, [answer, "stop"])
    assert state.topology.status == "confirmed"
    assert [c.name for c in state.topology.components] == [IDEA]
    assert not [text for kind, text in script.told if "cannot read" in text]
    (topology,) = [r for r in state.rounds if r.kind == "topology"]
    assert (topology.answer, topology.answer_kind) == (answer, "auto-answer")


def test_enough_at_the_topology_is_refused_as_in_the_first_rounds(
    shop_store: GraphStore,
) -> None:
    state, script, _ = run(shop_store, ["enough", "1", "stop"])
    assert any(
        kind == "hint" and text.startswith("Early exit is possible from round 3 on. Say what")
        for kind, text in script.told
    )
    assert state.topology.status == "confirmed"  # by the "1" after it


def test_you_decide_is_marked_and_capped(shop_store: GraphStore) -> None:
    state, _, _ = run(shop_store, ["1", "you decide"])
    outcome = next(s for s in state.topology.components[0].slots if s.name == "outcome")
    assert (outcome.filled_by, outcome.quality) == ("auto", 0.85)
    assert state.auto_answered_rounds == [1]
    assert state.rounds[-1].answer_kind == "auto-answer"
    assert state.ambiguity_floor == 0.1  # 0.05 unscored component + 0.05 x 1/1 auto-answers


def test_a_question_about_the_question_is_not_scored(shop_store: GraphStore) -> None:
    state, script, _ = run(shop_store, ["1", "what do you mean by outcome?", "1"])
    assert [q.id for q in script.asked[1:3]] == ["R1", "R1"]  # the same question, again
    told = next(text for _, text in script.told if "it matters because" in text)
    # what each option would mean here, not a restatement of the slot's name
    assert "What each answer would mean here:" in told
    assert "1. Exactly as stated: Add retries with backoff to payment charges: the spec " in told
    assert "records 'Add retries with backoff to payment charges' as the goal the spec states" in (
        told
    )
    assert [r.round for r in state.rounds if r.kind == "decision"] == [1]


def test_skip_with_a_reason_and_stop(shop_store: GraphStore) -> None:
    state, _, outcome = run(shop_store, ["1", "skip: not decided yet", "stop"])
    assert outcome is Outcome.COMPLETE
    assert state.status == "cancelled"
    skipped = next(r for r in state.rounds if r.answer_kind == "skip")
    assert skipped.answer == "skipped: not decided yet"


def test_evasive_answers_fill_nothing_and_are_named(shop_store: GraphStore) -> None:
    state, _, _ = run(shop_store, ["1", "not sure"])
    last = state.rounds[-1]
    assert [t.kind for t in last.triggers] == ["evasive"]
    assert last.ambiguity == last.ambiguity_before


def test_enough_before_round_three_is_refused(shop_store: GraphStore) -> None:
    _, script, _ = run(shop_store, ["1", "enough"])
    assert ("hint", "Early exit is possible from round 3 on.") in script.told


def test_scope_expansion_reopens_the_boundary(shop_store: GraphStore) -> None:
    state, _, _ = run(
        shop_store, ["1", "1", "1", "1", "1", "Retry charges and also email the customer"]
    )
    expansion = [t for r in state.rounds for t in r.triggers if t.kind == "scope-expansion"]
    assert expansion and expansion[0].slot == "non_goals"
    boundary = next(s for s in state.topology.components[0].slots if s.name == "non_goals")
    assert boundary.filled_by is None


@pytest.mark.parametrize(
    ("idea", "needed"),
    [
        ("Fix charge() in app/payments/gateway.py so that it returns status paid", False),
        ("See #42: checkout must reject empty carts", False),
        ("Add retries with backoff to payment charges", True),
        ("Change app/payments/gateway.py", True),  # names a path but not what done looks like
        # a new option or callback: its name, default and reach are the person's decisions
        (
            "Add an option to `EntityAdapterOptions` for a callback that decides how an entity "
            "and its changes are combined, instead of always overwriting top-level fields",
            True,
        ),
        ("Add a new `retries` setting to charge() so that a declined charge is retried", True),
        ("Fix charge() so that the retries option is read from its settings", False),
    ],
)
def test_suitability_gate(idea: str, needed: bool) -> None:
    assert (suitability(idea) is None) is needed


def test_a_file_name_alone_is_a_path_only_where_the_repository_has_it(tmp_path: Path) -> None:
    write_files(tmp_path, {"app/gateway.js": "function charge() {}\n"})
    git_init(tmp_path)
    named = "Fix gateway.js so that charge returns paid"
    assert suitability(named, tmp_path) is not None  # the repository's file: no interview
    product = "The Fetch adapter should reject big bodies as the Node.js adapter does"
    assert suitability(product, tmp_path) is None  # a product's name: interview
    assert suitability(product) is not None  # (without a repository, read as a file)


@pytest.mark.parametrize("in_git", [True, False])
def test_a_path_is_a_path_only_where_it_names_the_repository_s_code(
    tmp_path: Path, in_git: bool
) -> None:
    write_files(tmp_path, {"app/gateway.py": "def charge():\n    return 1\n"})
    if in_git:
        git_init(tmp_path)
    assert suitability("Fix app/gateway.py so that charge returns paid", tmp_path) is not None
    new_file = "Add app/refunds.py so that refunds are recorded"  # a new file in its folder
    assert suitability(new_file, tmp_path) is not None
    example = "Collapse dot segments like /a/./b/../c so that equal addresses compare equal"
    assert suitability(example, tmp_path) is None  # an example of what the code handles
    outside = "Refuse names like ../../etc/passwd so that nothing lands outside the folder"
    assert suitability(outside, tmp_path) is None
    assert suitability(example) is not None  # (without a repository, read as a path)


def test_greenfield_without_a_graph() -> None:
    state = seed_state("Build a todo app", Threshold(0.05, "default"), None, "no source files")
    assert (state.type, state.type_reason) == ("greenfield", "no source files")
    assert {s.dimension for s in state.topology.components[0].slots} == {
        "goal",
        "constraints",
        "criteria",
    }


def test_adaptive_skip_all_and_coverage_on_the_artifact(shop_store: GraphStore) -> None:
    from brownfield.interview.review.receipts import new_receipts
    from brownfield.interview.session import build_artifact

    state, _, _ = run(shop_store, ["1", "skip: ask the team", "skip all: out of time", "1"])
    artifact = build_artifact(state, "INTERVIEW-x.yaml")
    answers = {q.id: q.answer for q in artifact.questions}
    assert answers["R1"] is not None and answers["R1"].skip_reason == "ask the team"
    never_asked = [q for q in artifact.questions if q.id.startswith("S:")]
    assert never_asked and {q.answer.skip_reason for q in never_asked if q.answer} == {
        "out of time"
    }
    assert answers["FFF"] is not None and answers["FFF"].skip_reason == "out of time"
    assert artifact.summary.remaining_gaps  # the bypass lists what is still open
    receipts = new_receipts(artifact, state.review, [])
    assert [r["event"] for r in receipts][:2] == ["skip_all", "skip"]
    assert new_receipts(artifact, state.review, receipts) == []  # replaying adds nothing


def test_adaptive_coverage_follow_up_fills_the_gap(shop_store: GraphStore) -> None:
    # skip the edge-case question; coverage comes back to it once
    answers = ["1", "1", "1", "1", "1", "1", "1", "skip", "1", "1", "1", "1", "1", "1", "1"]
    state, script, _ = run(shop_store, answers)
    asked = [q.id for q in script.asked]
    assert "FFF" in asked and "CFU1" in asked
    followup = state.review.followups[0]
    assert (followup.rule, followup.target) == ("missing-edge-cases", "C1:edge_cases")
    # the follow-up offers what the round offered, and "1" picks it (it was recorded as "1")
    assert followup.options[0] == "Empty or missing input"
    shown = next(q for q in script.asked if q.id == "CFU1")
    assert "\n  1. Empty or missing input\n" in shown.text
    edge = next(s for s in state.topology.components[0].slots if s.name == "edge_cases")
    assert (edge.filled_by, edge.value) == ("person", "Empty or missing input")


def test_a_question_without_options_does_not_hint_at_picking_one(shop_store: GraphStore) -> None:
    """The final free-form question has no options; its hint said "A number picks an
    option", and a person answering "1" had "1" recorded under Also Recorded."""
    _, script, _ = run(shop_store, ["1"] * 15)
    hints = {q.id: q.hint for q in script.asked}
    assert hints["R1"].startswith("A number picks an option; skip, back")
    assert hints["FFF"] == "Type your answer; skip, back, you decide, enough, stop also work."


def test_an_override_calling_the_method_it_overrides_is_no_caller_to_decide_on(
    tmp_path: Path,
) -> None:
    files = {
        "app/errors.py": """
            class Failure(Exception):
                def __init__(self, message):
                    self.message = message

            class Declined(Failure):
                def __init__(self, message, code):
                    super().__init__(message)
                    self.code = code

            class Other:
                def __init__(self, message):
                    Failure.__init__(self, message)
            """,
        "app/pay.py": """
            from app.errors import Failure

            def charge(amount):
                raise Failure("declined")
            """,
    }
    store = built(tmp_path, files)
    try:
        sites, extending = EvidenceSource(store)._production_callers("app/errors.py::Failure")
    finally:
        store.close()
    # Declined.__init__ extends the constructor it overrides; Other is no subclass: a caller
    assert sorted(sites) == [
        "app.errors.Other.__init__ (app/errors.py:12)",
        "app.pay.charge (app/pay.py:4)",
    ]
    assert extending == ["app.errors.Declined.__init__ (app/errors.py:7)"]


def test_no_test_site_is_offered_or_filled_where_no_test_reaches(tmp_path: Path) -> None:
    """Where no test reaches a touchpoint, its tests fact cites the unresolved same-name
    calls it looked at, in production code: neither the acceptance option ("a new test
    beside ...") nor a skipped acceptance filled from evidence may call those tests."""
    from brownfield.interview.adaptive.state import Component, EstablishedFact, TouchpointRecord
    from brownfield.interview.engine.records import CitationRecord
    from brownfield.interview.spec.autofill import _answer

    files = {
        "app/server.py": """
            class Server:
                def close(self):
                    return None
            """,
        "app/peers.py": """
            def drop(peer):
                peer.close()
            """,
        "tests/test_peers.py": """
            from app.peers import drop

            def test_drop():
                assert drop is not None
            """,
    }
    store = built(tmp_path, files)
    try:
        touched = "app/server.py::Server.close"
        component = Component(id="C1", name="drop", description="drop", touchpoints=[touched])
        source = EvidenceSource(store)
        (fact,) = source.tests(component)
        sites = source.test_sites(component)
        state = seed_state("drop peers", Threshold(0.05, "default"), store)
    finally:
        store.close()
    assert fact.statement.startswith("No test reaches app.server.Server.close"), fact.statement
    assert "app/peers.py:2" in [str(c) for c in fact.citations]  # what it looked at
    assert sites == []
    state.touchpoints = [
        TouchpointRecord(
            id=touched, symbol=fact.subject, kind="method", path="app/server.py", line=2, score=1
        )
    ]
    state.established_facts = [
        EstablishedFact(
            id="F1",
            topic="tests",
            subject=fact.subject,
            statement=fact.statement,
            source="evidence",
            round=1,
            citations=[CitationRecord(path=c.path, line=c.line) for c in fact.citations],
        )
    ]
    assert _answer(state, component, "acceptance") is None
    tested = CitationRecord(path="tests/test_peers.py", line=5, symbol="test_drop")
    state.established_facts[0].citations.append(tested)  # a test among them is one
    assert _answer(state, component, "acceptance") == (
        "the 1 existing test(s) that reach app.server.Server.close still pass",
        (tested,),
    )


def test_the_settings_and_members_of_the_class_holding_a_touched_method_are_shown(
    tmp_path: Path,
) -> None:
    from brownfield.interview.adaptive.state import Component

    files = {
        "app/flags.py": """
            class FlagSet:
                def __init__(self):
                    self.formal = {}
                    self.actual = {}

                def parse(self, arguments):
                    for name in arguments:
                        self.visit(name)

                def visit(self, name):
                    return name
            """,
    }
    store = built(tmp_path, files)
    try:
        component = Component(
            id="C1",
            name="parse",
            description="read flags from the environment",
            touchpoints=["app/flags.py::FlagSet.parse", "app/flags.py::FlagSet.visit"],
        )
        statements = [f.statement for f in EvidenceSource(store).configuration(component)]
    finally:
        store.close()
    held = [s for s in statements if s.startswith("app.flags.FlagSet ")]
    assert held == [  # once for both methods, where each attribute is first assigned
        "app.flags.FlagSet sets or reads: `formal` (app/flags.py:3), `actual` (app/flags.py:4).",
        "app.flags.FlagSet (app/flags.py:1) defines 3 method(s): `__init__` (app/flags.py:2), "
        "`parse` (app/flags.py:6), `visit` (app/flags.py:10).",
    ]


def test_the_members_of_a_class_ranked_fourth_or_fifth_are_shown(tmp_path: Path) -> None:
    from brownfield.interview.adaptive.state import Component

    files = {
        "app/server.py": """
            def serve(server):
                return server.accept()

            def close(server):
                return server.stop()

            def shutdown(server):
                return server.stop()

            class Server:
                def track_conn(self, conn):
                    self.active = conn

                def accept(self):
                    return self.active
            """,
    }
    store = built(tmp_path, files)
    try:
        component = Component(
            id="C1",
            name="serve",
            description="cap the connections a server keeps open",
            touchpoints=[
                "app/server.py::serve",
                "app/server.py::close",
                "app/server.py::shutdown",
                "app/server.py::Server",  # fourth: its members are shown all the same
            ],
        )
        statements = [f.statement for f in EvidenceSource(store).configuration(component)]
    finally:
        store.close()
    assert (
        "app.server.Server (app/server.py:10) defines 2 method(s): "
        "`track_conn` (app/server.py:11), `accept` (app/server.py:14)." in statements
    )


def test_callers_are_gathered_for_five_production_touchpoints_and_no_test(tmp_path: Path) -> None:
    from brownfield.interview.adaptive.state import Component

    files = {
        "app/jobs.py": "".join(
            f"def job_{n}():\n    return {n}\n\n\ndef run_{n}():\n    return job_{n}()\n\n\n"
            for n in range(5)
        ),
        "tests/test_jobs.py": "from app.jobs import job_0\n\n\ndef test_job():\n    assert job_0() == 0\n",
    }
    store = built(tmp_path, files)
    try:
        component = Component(
            id="C1",
            name="jobs",
            description="run the jobs",
            touchpoints=[
                "app/jobs.py::job_0",
                "tests/test_jobs.py::test_job",  # a test: no callers fact for it
                "app/jobs.py::job_1",
                "app/jobs.py::job_2",
                "app/jobs.py::job_3",
            ],
        )
        subjects = [f.subject for f in EvidenceSource(store).callers(component)]
    finally:
        store.close()
    assert subjects == ["app.jobs.job_0", "app.jobs.job_1", "app.jobs.job_2", "app.jobs.job_3"]


def test_a_touchpoints_own_test_file_comes_first_in_its_tests_and_the_acceptance_option(
    tmp_path: Path,
) -> None:
    """Tests of other files (a fuzz test, a conftest fixture) may reach a touchpoint too,
    and sort before its own test file by name: the tests fact and the "a new test beside"
    option start with the test file named after the touchpoint's file."""
    files = {
        "app/reader.py": """
            def open_archive(name):
                return name
            """,
        "tests/conftest.py": """
            from app.reader import open_archive

            def archive():
                return open_archive("fixture")
            """,
        "tests/test_fuzz.py": """
            from app.reader import open_archive

            def test_fuzz():
                assert open_archive("x")
            """,
        "tests/test_reader.py": """
            from app.reader import open_archive

            def test_open():
                assert open_archive("a.zip") == "a.zip"
            """,
    }
    store = built(tmp_path, files)
    try:
        touched = "app/reader.py::open_archive"
        component = Component(id="C1", name="open", description="open", touchpoints=[touched])
        source = EvidenceSource(store)
        (fact,) = source.tests(component)
        sites = source.test_sites(component)
    finally:
        store.close()
    assert fact.statement.startswith(
        "3 test(s) reach app.reader.open_archive: tests.test_reader.test_open "
        "(tests/test_reader.py:4), tests.test_fuzz.test_fuzz (tests/test_fuzz.py:4), "
        "tests.conftest.archive (tests/conftest.py:4)"
    ), fact.statement
    # cited where the test is defined, by name
    assert sites[0] == "tests.test_reader.test_open (tests/test_reader.py:3)"


def test_the_acceptance_option_cites_a_test_that_reaches_before_one_naming_a_touchpoint(
    tmp_path: Path,
) -> None:
    """zod: no resolved test reached `$ZodNaN`, the first touchpoint, and "a new test
    beside" took a type-level line naming it (`z.nan() satisfies z.core.$ZodNaN`) over the
    tests reaching the next touchpoint, the NaN check."""
    files = {
        "app/schemas.py": """
            class NanSchema:
                kind = "nan"

            def check_nan(value):
                return value != value
            """,
        "tests/test_types.py": """
            from app import schemas

            def test_kinds():
                assert schemas.NanSchema.kind
                assert issubclass(schemas.NanSchema, object)
            """,
        "tests/test_check.py": """
            from app.schemas import check_nan

            def test_check_nan():
                assert check_nan(float("nan"))
            """,
    }
    store = built(tmp_path, files)
    try:
        component = Component(
            id="C1",
            name="nan",
            description="reject nan",
            touchpoints=["app/schemas.py::NanSchema", "app/schemas.py::check_nan"],
        )
        source = EvidenceSource(store)
        first, second = source.tests(component)
        sites = source.test_sites(component)
    finally:
        store.close()
    assert first.statement.startswith("No test reaches app.schemas.NanSchema"), first.statement
    assert "tests/test_types.py:5" in [str(c) for c in first.citations]
    assert second.statement.startswith("1 test(s) reach app.schemas.check_nan"), second.statement
    assert sites[0] == "tests.test_check.test_check_nan (tests/test_check.py:3)"


def test_a_named_attribute_of_a_class_points_at_the_class(tmp_path: Path) -> None:
    """click: "read the defaults into Context.default_map" named no definition (an
    attribute), so nothing was adopted; the class holding it is what the person points at."""
    files = {
        "app/ctx.py": """
            class Context:
                def __init__(self):
                    self.default_map = {}

                def lookup_default(self, name):
                    return self.default_map.get(name)

            def defaults():
                return {}
            """,
    }
    store = built(tmp_path, files)
    try:
        source = EvidenceSource(store)

        def named(text: str) -> list[str]:
            return [node.id for node in source.named(text)]

        assert named("read them into Context.default_map") == ["app/ctx.py::Context"]
        assert named("use Context.lookup_default()") == ["app/ctx.py::Context.lookup_default"]
        assert named("keep self.default_map as it is") == []  # `self` is no class
        assert named("like ctx.default_map") == []  # the module is no class
        assert named("like ctx.defaults") == ["app/ctx.py::defaults"]
        # jdk.httpserver: "Request.readHeaders", which Request does not define, was cited at
        # Request's line as if it were there, and adopting Request did not say so
        from brownfield.interview.adaptive.pointers import cited

        said = "read them into Context.default_map"
        assert [m for _, _, m in source.mentioned(said)] == ["default_map"]
        assert cited(said, source, "change_points", []) == said
        assert cited("Context.lookup_default", source, "change_points", []) == (
            "Context.lookup_default (app/ctx.py:5)"
        )
    finally:
        store.close()


def test_the_counterpart_of_a_touchpoint_is_evidence_a_pair_once(tmp_path: Path) -> None:
    from brownfield.interview.adaptive.state import Component

    files = {
        "app/codec.py": """
            def encode_header(name):
                return name.encode()

            def decode_header(data):
                return data.decode()
            """,
    }
    store = built(tmp_path, files)

    def counterpart_facts(*touchpoints: str) -> list:
        component = Component(
            id="C1",
            name="encode",
            description="store the file name in the header",
            touchpoints=list(touchpoints),
        )
        facts = EvidenceSource(store).configuration(component)
        return [f for f in facts if f.topic == "counterpart"]

    try:
        (fact,) = counterpart_facts("app/codec.py::encode_header")
        # both are touchpoints: each is the other's counterpart, said once
        both = counterpart_facts("app/codec.py::encode_header", "app/codec.py::decode_header")
    finally:
        store.close()
    assert fact.statement.startswith(
        "app.codec.decode_header (app/codec.py:4) is named for the opposite of "
        "app.codec.encode_header (app/codec.py:1)"
    )
    assert [c.symbol for c in fact.citations] == [
        "app.codec.decode_header",
        "app.codec.encode_header",
    ]
    assert [f.subject for f in both] == ["app.codec.encode_header"]


def test_after_three_answers_left_to_me_no_question_is_about_callers_nobody_has(
    tmp_path: Path,
) -> None:
    """The rhythm guard (a decision of the person's after three rounds without them) asked
    Ruby's logger "Apply it to all 0 call sites ()": the callers questions are moot where no
    production code calls the touchpoint, and the code settles them once the person answered."""
    store = built(
        tmp_path,
        {
            "app/log.py": '''
                def write_line(message):
                    """Write one log line to the log file."""
                    return message
                ''',
        },
    )
    state, script, _ = run(
        store,
        ["1", "you decide", "you decide", "you decide", "1", "1", "1", "stop"],
        "Write each log line as JSON",
    )
    asked = [q.field for q in script.asked]
    assert asked[:4] == ["", "outcome", "non_goals", "acceptance"]
    assert "caller_impact" not in asked and "compatibility" not in asked
    assert not [q.text for q in script.asked if "0 call site" in q.text]
    impact = next(s for s in state.topology.components[0].slots if s.name == "caller_impact")
    assert impact.filled_by == "evidence"


def test_a_ruby_name_written_class_hash_method_is_followed(tmp_path: Path) -> None:
    """Ruby (and Javadoc) write a method `Net::HTTP#finish`: the answer "Change
    Net::HTTP#finish ..., not Net::HTTP#proxy_user" adopted nothing and dropped nothing."""
    store = built(
        tmp_path,
        {
            "lib/net/http.rb": """
                module Net
                  class HTTP
                    def connect
                      @open_timeout = ENV["HTTP_OPEN_TIMEOUT"]
                    end

                    def proxy_user
                      ENV["HTTP_PROXY_USER"]
                    end

                    def finish
                      @socket = nil
                    end

                    def read_timeout
                      @read_timeout = ENV["HTTP_READ_TIMEOUT"]
                    end

                    def request_time_limit
                      @request_time_limit
                    end
                  end
                end
                """,
        },
    )
    idea = "Let HTTP requests give up after a time limit read from an environment variable"
    answer = "Change Net::HTTP#finish to close on the time limit, not Net::HTTP#proxy_user"
    state, script, _ = run(store, ["1", answer, "stop"], idea)
    (component,) = state.topology.components
    told = "\n".join(text for _, text in script.told)
    assert "lib/net/http.rb::Net.HTTP.proxy_user" in state.rejected_touchpoints
    assert "Dropped lib/net/http.rb::Net.HTTP.proxy_user from the touchpoints" in told
    assert "Adopted lib.net.http.Net.HTTP.finish (lib/net/http.rb:11) as a touchpoint." in told
    assert component.touchpoints[0] == "lib/net/http.rb::Net.HTTP.finish"


def test_a_rejection_said_beside_the_decision_is_followed(tmp_path: Path) -> None:
    """requests: "Retry inside HTTPAdapter.send; RetryError is not what I mean" was refined
    into a decision and a constraint, and the pointers read only the decision: `RetryError`
    stayed a touchpoint, offered as a change point. A rejection stands wherever it is said,
    in the words people use for one ("is not what I mean", "isn't the one")."""
    store = built(
        tmp_path,
        {
            "app/errors.py": '''
                class RetryError(Exception):
                    """Raised when a request failed and every retry of it failed too."""
                ''',
            "app/adapter.py": '''
                from app.errors import RetryError


                class Adapter:
                    def send(self, request):
                        """Send a request; a failed request is not retried."""
                        if request is None:
                            raise RetryError("no request")
                        return request
                ''',
        },
    )
    idea = "Retry a failed request a few times before giving up"
    first = run(store, ["1", "stop"], idea)[0]
    assert "app/errors.py::RetryError" in first.topology.components[0].touchpoints
    for answer in (
        "Retry inside Adapter.send; RetryError is not what I mean",
        "Retry inside Adapter.send, because RetryError isn't the one",
    ):
        state, script, _ = run(store, ["1", answer, "1", "stop"], idea)
        told = "\n".join(text for _, text in script.told)
        assert state.refined_rounds == [1]  # read as a decision and a constraint or reason
        assert state.rejected_touchpoints == ["app/errors.py::RetryError"], answer
        assert "Dropped app/errors.py::RetryError from the touchpoints" in told
        assert "app/errors.py::RetryError" not in state.topology.components[0].touchpoints


def test_a_name_a_test_helper_shares_names_the_production_definition(tmp_path: Path) -> None:
    """tqdm: "Change format_interval so that it prints days and hours" adopted nothing, as
    a test file defines a helper of the same name: the one production definition so named
    is the pointer (two in production code are still none)."""
    store = built(
        tmp_path,
        {
            "app/meter.py": '''
                def format_interval(seconds):
                    """As a clock writes it: 1:05."""
                    return f"{seconds // 60}:{seconds % 60:02d}"


                def format_meter(done, total, elapsed):
                    """The progress line: how much is done and the time left."""
                    return f"{done}/{total} {format_interval(elapsed)}"
                ''',
            "tests/test_perf.py": """
                def test_speed():
                    def format_interval(seconds):
                        return str(seconds)

                    assert format_interval(3) == "3"
                """,
        },
    )
    idea = "Show the time left in hours when the progress takes longer than a day"
    answer = "Change format_interval so that it prints days and hours"
    first = run(store, ["1", "stop"], idea)[0]
    assert "app/meter.py::format_interval" not in first.topology.components[0].touchpoints
    state, script, _ = run(store, ["1", answer, "1", "stop"], idea)
    told = "\n".join(text for _, text in script.told)
    assert "Adopted app.meter.format_interval (app/meter.py:1) as a touchpoint." in told
    assert state.topology.components[0].touchpoints[0] == "app/meter.py::format_interval"
    # a name two production definitions share points at neither
    write_files(tmp_path, {"app/clock.py": "def format_interval(seconds):\n    return seconds\n"})
    build(tmp_path, workers=1)
    state, script, _ = run(store, ["1", answer, "1", "stop"], idea)
    assert "Adopted" not in "\n".join(text for _, text in script.told)


def test_a_class_named_is_the_class_not_its_file_or_its_constructors(tmp_path: Path) -> None:
    """Naming a Java or PHP class adopted nothing: the file `ForkJoinPool.java` and the
    constructors `ForkJoinPool.ForkJoinPool` are named so too. And a method was not found
    when 50 other names held its own (`DB.conn` among `connect`, `connOpen`, ...)."""
    others = "".join(f"func conn{i}() int {{ return {i} }}\n\n" for i in range(60))
    store = built(
        tmp_path,
        {
            "src/app/WorkerPool.java": """
                package app;

                public class WorkerPool {
                    public WorkerPool() { this(4); }
                    public WorkerPool(int size) { }
                    public void start() { }
                }
                """,
            "src/Handler/StreamHandler.php": """
                <?php
                namespace Log\\Handler;

                class StreamHandler
                {
                    public function write(array $record): void { }
                }
                """,
            "db/a_conns.go": "package db\n\n" + others,
            "db/db.go": "package db\n\ntype DB struct{}\n\nfunc (db *DB) conn() int { return 1 }\n",
        },
    )
    source = EvidenceSource(store)
    assert [n.id for n in source.named("Change WorkerPool so that it names its threads")] == [
        "src/app/WorkerPool.java::WorkerPool"
    ]
    assert [n.id for n in source.named("Change \\Log\\Handler\\StreamHandler")] == [
        "src/Handler/StreamHandler.php::StreamHandler"
    ]
    assert [n.id for n in source.named("Log it in DB.conn")] == ["db/db.go::DB.conn"]
    # a file named where a definition of it is named is where the definition is, no pointer
    # of its own (pino: "the level is set by setLevel in lib/levels.js" adopted the module
    # too, first, and every question then asked about `levels`)
    assert [n.id for n in source.named("it is WorkerPool.start in src/app/WorkerPool.java")] == [
        "src/app/WorkerPool.java::WorkerPool.start"
    ]
    assert [n.id for n in source.named("db/db.go, then DB.conn")] == ["db/db.go::DB.conn"]


def test_a_file_named_by_its_path_is_its_module(tmp_path: Path) -> None:
    """pino: "the level is handled by normalize in pino.js" adopted nothing: `pino.js` was
    looked up by the name it ends with, `js`, among the first 50 definitions holding it."""
    files = {f"lib/part{i:02}.js": f"function part{i:02}js() {{ return {i} }}\n" for i in range(60)}
    files["pino.js"] = "function pino(opts) { return opts }\nmodule.exports = pino\n"
    store = built(tmp_path, files)
    source = EvidenceSource(store)
    assert [n.id for n in source.named("the level is handled by normalize in pino.js")] == [
        "pino.js"
    ]


def test_a_java_constructor_calling_its_base_s_is_no_caller_to_decide_on(tmp_path: Path) -> None:
    """java.beans: `IndexedPropertyChangeEvent`'s constructor calls `super(...)`, its base
    `PropertyChangeEvent`'s: a constructor is named for its class, so the two names differ,
    and it was asked about as a call site of `PropertyChangeEvent`."""
    files = {
        "src/main/java/app/Event.java": """
            package app;

            public class Event {
                public Event(String name) {}
                public Event(String name, int index) {}
            }
            """,
        "src/main/java/app/IndexedEvent.java": """
            package app;

            public class IndexedEvent extends Event {
                public IndexedEvent(String name, int index) {
                    super(name, index);
                }
            }
            """,
        "src/main/java/app/Bus.java": """
            package app;

            public class Bus {
                public Event fire(String name) {
                    return new Event(name);
                }
            }
            """,
    }
    store = built(tmp_path, files)
    try:
        sites, extending = EvidenceSource(store)._production_callers(
            "src/main/java/app/Event.java::Event"
        )
    finally:
        store.close()
    assert sites == ["app.Bus.fire (src/main/java/app/Bus.java:5)"]
    assert extending == ["app.IndexedEvent.IndexedEvent (src/main/java/app/IndexedEvent.java:5)"]


def test_a_bare_name_is_a_pointer_not_a_hedge_and_is_cited(shop_store: GraphStore) -> None:
    # two words by count, but a definition's name: adopted, and cited where the spec says it
    state, _, _ = run(shop_store, ["1", "Cart.total"])
    last = state.rounds[-1]
    assert [t.kind for t in last.triggers] != ["evasive"]
    assert last.answer == "Cart.total (app/cart.py:12)"
    assert state.topology.components[0].touchpoints[0] == "app/cart.py::Cart.total"
    # a name no definition has is no pointer: it stays a hedge
    hedged, _, _ = run(shop_store, ["1", "Kart.total"])
    assert [t.kind for t in hedged.rounds[-1].triggers] == ["evasive"]


def test_names_in_what_must_not_change_or_what_is_seen_are_not_where_it_goes(
    shop_store: GraphStore,
) -> None:
    """java.text: "Do not change how DigitList rounds ..." adopted DigitList as the first
    touchpoint, and the next questions asked about DigitList's callers; react-query: "ends
    with a CancelledError" in a check made CancelledError the first change point."""
    state, _, _ = run(
        shop_store,
        [
            "1",
            "1",
            "Do not change how Cart.total sums prices",
            "A check shows Cart.add returns the cart with 2 items",
        ],
    )
    assert [r.slot for r in state.rounds[2:4]] == ["non_goals", "acceptance"]
    found = state.topology.components[0].touchpoints
    assert "app/cart.py::Cart.total" not in found  # what must not change points nowhere
    assert found[0] == "app/jobs/billing.py::retry_failed"  # the code's first stays first
    assert found[-1] == "app/cart.py::Cart.add"  # what a check sees: after the others


def test_names_where_the_change_goes_are_cited_once(shop_store: GraphStore) -> None:
    from brownfield.interview.adaptive.pointers import cited

    evidence = EvidenceSource(shop_store)
    said = "Cart.total and `Cart.add()`, not refunds"
    assert cited(said, evidence, "change_points", []) == (
        "Cart.total (app/cart.py:12) and `Cart.add()` (app/cart.py:9), not refunds"
    )
    assert cited(cited(said, evidence, "outcome", []), evidence, "outcome", []) == cited(
        said, evidence, "outcome", []
    )  # a cited name is not cited again
    assert cited(said, evidence, "acceptance", []) == said  # elsewhere only a bare name is
    assert cited("Cart.total", evidence, "acceptance", []) == "Cart.total (app/cart.py:12)"
    # trpc: "the procedure builder and callProcedure" cited callProcedure only
    assert cited("in the retry failed job", evidence, "change_points", []) == (
        "in the retry failed (app/jobs/billing.py:5) job"
    )
    # REXML: "Not Security.entity_expansion_limit (lib/rexml/security.rb:12); change ..."
    dropped = ["app/cart.py::Cart.total"]
    assert cited("not Cart.total; Cart.add", evidence, "change_points", dropped) == (
        "not Cart.total; Cart.add (app/cart.py:9)"
    )


@pytest.mark.parametrize(
    ("non_goal", "dropped"),
    [
        # rxjs: "Do not change the timeout operator" was followed by "Must existing callers
        # of timeout keep working unchanged?" and a goal keeping timeout's signature
        ("Do not touch the refund function", ["app/payments/gateway.py::refund"]),
        ("Don't change retry_failed, or the receipts", ["app/jobs/billing.py::retry_failed"]),
        ("Do not change how refund works", []),  # how it works, not the definition
        ("Do not change the nightly job", []),  # no touchpoint is so named
    ],
)
def test_a_non_goal_naming_a_touchpoint_in_words_drops_it(
    shop_store: GraphStore, non_goal: str, dropped: list[str]
) -> None:
    state, _, _ = run(shop_store, ["1", "1", non_goal])
    assert state.rounds[2].slot == "non_goals"
    assert state.rejected_touchpoints == dropped


def test_an_exception_said_in_the_outcome_is_not_where_it_goes(shop_store: GraphStore) -> None:
    """REXML: "... raises REXML::ParseException" answering what happens made ParseException
    the first touchpoint, and the goal's trigger and constraints were about its callers."""
    state, _, _ = run(shop_store, ["1", "A charge that fails twice ends in PaymentDeclined"])
    found = state.topology.components[0].touchpoints
    assert found[0] == "app/jobs/billing.py::retry_failed"
    assert found.index("app/payments/errors.py::PaymentDeclined") > 0
    # a definition that is no exception is still moved first
    state, _, _ = run(shop_store, ["1", "Cart.total adds the retry fee"])
    assert state.topology.components[0].touchpoints[0] == "app/cart.py::Cart.total"


def test_callers_are_asked_of_what_the_person_pointed_at(shop_store: GraphStore) -> None:
    """monolog: "A handler wrapped by DeduplicationHandler skips a record ..." adopted
    DeduplicationHandler, which no code here calls, and the next question was "Must
    existing callers of ChromePHPHandler.send keep working unchanged?", a match of the idea's
    words that the person's pointer leaves aside."""
    state, script, _ = run(
        shop_store, ["1", "Cart.add records a retry fee on the cart"] + ["1"] * 6
    )
    assert state.topology.components[0].touchpoints[0] == "app/cart.py::Cart.add"
    asked = [q.text.splitlines()[0] for q in script.asked]
    assert not [q for q in asked if "callers of charge" in q]
    # a pointer at code that is called: the questions are about its callers
    state, script, _ = run(shop_store, ["1", "Cart.total adds a retry fee"] + ["1"] * 3)
    assert "Must existing callers of Cart.total keep working unchanged?" in [
        q.text.splitlines()[0] for q in script.asked
    ]


def test_something_bigger_is_the_description_and_what_the_person_adds(
    shop_store: GraphStore,
) -> None:
    """werkzeug: "3: it should also watch files under templates/" made the goal "Something
    bigger: the description is only part of it (say what). Note: It should also ..."."""
    state, script, _ = run(shop_store, ["1", "3", "3: also refund a charge that failed twice"])
    assert ("hint", "Say what more: '3: it also ...'.") in script.told  # the pick alone
    assert state.rounds[1].answer == (
        "Add retries with backoff to payment charges; beyond that, also refund a charge that "
        "failed twice"
    )


def test_adopting_the_class_of_a_member_it_lacks_says_so(shop_store: GraphStore) -> None:
    _, script, _ = run(shop_store, ["1", "Cart.refund_all records the retry fee"])
    told = "\n".join(text for _, text in script.told)
    assert "app.cart.Cart (app/cart.py:4) as a touchpoint (it defines no `refund_all`)." in told


def test_a_name_rejected_in_the_answer_is_neither_adopted_nor_cited(
    shop_store: GraphStore,
) -> None:
    """walkdir: "WalkDir::new is not it; IntoIter::handle_entry" adopted `WalkDir::new` (no
    touchpoint yet), it became the change point, and the spec cited it as pointed at."""
    from brownfield.interview.adaptive.pointers import cited

    state, script, _ = run(shop_store, ["1", "Cart::add is not it; Cart::total adds the fee"])
    found = state.topology.components[0].touchpoints
    assert "app/cart.py::Cart.add" not in found and found[0] == "app/cart.py::Cart.total"
    said = "Cart::add is not it; Cart::total"
    assert cited(said, EvidenceSource(shop_store), "change_points", []) == (
        "Cart::add is not it; Cart::total (app/cart.py:12)"
    )
    # nor is what the code says of the class it names disputed
    assert not [t for r in state.rounds for t in r.triggers if t.kind == "contradiction"]


def test_no_question_is_asked_forever(
    shop_store: GraphStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whatever lowers an answer again and again (jinja2's inconsistency did, on every later
    answer), a slot is asked at most MAX_ASKS times and the interview ends."""
    from collections import Counter

    from brownfield.interview.adaptive import deciding, triggers
    from brownfield.interview.adaptive.planner import MAX_ASKS

    def always(state, component, slot, text):  # type: ignore[no-untyped-def]
        return [triggers._inconsistent(component, slot, "always")]

    monkeypatch.setattr(deciding, "detect", always)
    state, _, outcome = run(shop_store, ["1"] * 200)
    asked = Counter((r.component, r.slot) for r in state.rounds if r.slot)
    assert max(asked.values()) == MAX_ASKS
    assert state.phase in ("complete", "review", "restate") or outcome is Outcome.COMPLETE
