"""The adaptive interview end to end on sample repositories, through a real subprocess."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from brownfield.graph.builder import build
from brownfield.graph.store import GraphStore
from brownfield.interview.adaptive.asking import Clock
from brownfield.interview.adaptive.established import add_fact
from brownfield.interview.adaptive.evidence import EvidenceSource
from brownfield.interview.adaptive.rounds import EvidenceRounds
from brownfield.interview.adaptive.state import AdaptiveState, Component
from brownfield.interview.adaptive.statements import edge_criterion
from brownfield.interview.adaptive.topology import new_component
from brownfield.interview.session import load_any
from brownfield.query.context import touchpoints
from tests.conftest import git_init, write_files

SAMPLES = Path(__file__).resolve().parents[2] / "sample_repos"
IDEA = "Add retries with backoff to payment charges"
NOW = "2026-11-29T12:00:00Z"
SLUG = "add-retries-with-backoff-to-payment-char"


def sample(name: str, tmp_path: Path) -> Path:
    root = tmp_path / name
    shutil.copytree(SAMPLES / name, root, ignore=shutil.ignore_patterns(".brownfield", "docs"))
    git_init(root)
    return root


def interview(root: Path, answers: list[str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "brownfield", "interview", *args],
        input="".join(a + "\n" for a in answers),
        capture_output=True,
        text=True,
        cwd=root,
        env={**os.environ, "BROWNFIELD_NOW": NOW},
        check=False,
    )


def state_of(root: Path) -> AdaptiveState:
    state = load_any(root / f"docs/INTERVIEW-{SLUG}.yaml")
    assert isinstance(state, AdaptiveState)
    return state


def finished(root: Path, idea: str, answers: int = 40) -> AdaptiveState:
    """The state of an interview of `idea`, every question given its recommended option
    (`answers` of them at most), run to its end."""
    done = interview(root, ["1"] * answers, idea)
    assert done.returncode == 0, done.stderr
    state = load_any(next((root / "docs").glob("INTERVIEW-*.yaml")))
    assert isinstance(state, AdaptiveState)
    return state


#: Topology, then the recommended option of every question the person gets.
COOPERATIVE = ["1"] * 15


def test_facts_are_cited_and_never_asked(tmp_path: Path) -> None:
    root = sample("shop", tmp_path)
    done = interview(root, COOPERATIVE, IDEA)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "Interview threshold: 5% (source: default)"
    state = state_of(root)
    callers = next(f for f in state.established_facts if f.subject == "app.payments.gateway.charge")
    assert callers.source == "evidence"
    assert [str(c) for c in callers.citations] == [
        "app/payments/gateway.py:8",
        "app/cart.py:17",
        "app/jobs/billing.py:9",
        "tests/test_gateway.py:8",
    ]
    assert "app.cart.checkout (app/cart.py:17)" in callers.statement
    configured = next(f for f in state.established_facts if f.topic == "configuration")
    assert [str(c) for c in configured.citations] == ["app/payments/gateway.py:5"]
    assert configured.round == callers.round  # found in the same evidence round, not asked
    tests = {f.subject: f for f in state.established_facts if f.topic == "tests"}
    assert tests["app.payments.gateway.charge"].round == callers.round  # with its callers
    assert tests["app.payments.gateway.charge"].statement == (
        "2 test(s) reach app.payments.gateway.charge: tests.test_gateway.test_charge_rejects_"
        "zero (tests/test_gateway.py:8), tests.test_cart.test_checkout_total (tests/test_cart.py:8)."
    )
    assert tests["app.jobs.billing.retry_failed"].statement.startswith(
        "No test reaches app.jobs.billing.retry_failed through resolved calls"
    )  # its only caller is the nightly job
    spec = (root / f"docs/specs/{SLUG}.md").read_text()
    location = spec.split("## Test Location\n")[1].split("\n\n")[0].splitlines()
    assert location[0].startswith("- 2 test(s) reach app.payments.gateway.charge: ")
    assert location[-1].startswith("- Tests live in tests/ (2 files)")  # the layout last
    fact_slots = {"touchpoints_confirmed", "similar_mechanism", "test_location"}
    asked = [r for r in state.rounds if r.kind in ("decision", "auto-answer", "closure")]
    assert not [r for r in asked if r.slot in fact_slots]
    assert [r.slot for r in state.rounds if r.kind == "evidence"][:1] == ["touchpoints_confirmed"]
    # the question counter only counts the person's rounds
    assert "Evidence  F4" in done.stdout or "Evidence" not in done.stdout  # quiet when piped


def test_decisions_have_evidence_built_options(tmp_path: Path) -> None:
    root = sample("shop", tmp_path)
    interview(root, COOPERATIVE, IDEA)
    state = state_of(root)
    impact = next(r for r in state.rounds if r.slot == "caller_impact")
    assert impact.kind == "decision"
    # the production callers only: the test that calls charge is not a call site to decide on
    assert impact.options[0] == (
        "Apply it to both call sites (app.cart.checkout (app/cart.py:17), "
        "app.jobs.billing.retry_failed (app/jobs/billing.py:9))"
    )
    trigger = next(r for r in state.rounds if r.slot == "trigger")
    # charge is the second touchpoint (retry_failed the first): the option says it is called
    assert (
        trigger.options[0]
        == "Called from app.cart.checkout (app/cart.py:17), where it calls charge"
    )


def test_ambiguity_falls_then_rises_on_a_contradiction(tmp_path: Path) -> None:
    root = sample("shop", tmp_path)
    assert interview(root, ["1", "1", "1", "1", "1"], IDEA).returncode == 2
    callers = next(
        f
        for f in state_of(root).established_facts
        if f.topic == "callers" and f.subject == "app.payments.gateway.charge"
    )
    disputed = callers.id  # the person names the fact they dispute
    done = interview(
        root,
        [f"{disputed} is wrong: charge is not called from checkout"],
        "--resume",
        f"docs/INTERVIEW-{SLUG}.yaml",
    )
    assert done.returncode == 2  # input ended: paused
    state = state_of(root)
    scored = [r for r in state.rounds if r.kind in ("decision", "evidence")]
    values = [r.ambiguity for r in scored]
    assert all(a is not None for a in values)
    assert values[:-1] == sorted(values[:-1], reverse=True)  # falls while answers come in
    last = scored[-1]
    assert [t.kind for t in last.triggers] == ["contradiction"]
    assert last.ambiguity is not None and last.ambiguity > values[-2]  # rises
    assert [f.id for f in state.established_facts if f.disputed] == [disputed]
    assert state.ambiguity_floor >= 0.10


def test_suitability_gate_skips_a_clear_small_request(tmp_path: Path) -> None:
    root = sample("shop", tmp_path)
    done = interview(
        root, [], "Fix charge() in app/payments/gateway.py so that it returns status paid"
    )
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    assert lines[0] == "Interview threshold: 5% (source: default)"
    assert lines[1].startswith("No interview needed: the request names a file path")
    assert len(lines) == 2
    assert not (root / "docs").exists() and not (root / ".brownfield").exists()
    forced = interview(
        root,
        [],
        "Fix charge() in app/payments/gateway.py so that it returns status paid",
        "--force",
    )
    assert forced.returncode == 2 and (root / "docs").exists()


def test_the_gates_direct_path_cites_the_code_when_a_graph_is_built(tmp_path: Path) -> None:
    from brownfield.graph.builder import build

    root = sample("shop", tmp_path)
    build(root)
    store = root / ".brownfield" / "graph.db"
    before = store.stat().st_mtime_ns
    done = interview(
        root, [], "Fix charge() in app/payments/gateway.py so that it returns status paid"
    )
    assert done.returncode == 0
    gate = done.stdout.splitlines()[1]
    assert gate.startswith("No interview needed: the request names a file path")
    cited = gate.partition(" The code it leads to: ")[2]
    assert cited.startswith("app.payments.gateway.charge (app/payments/gateway.py:")
    line = int(cited.split(":", 2)[1].split(")")[0])
    source = (root / "app/payments/gateway.py").read_text().splitlines()
    assert source[line - 1].lstrip().startswith("def charge(")  # the citation is true
    assert store.stat().st_mtime_ns == before and not (root / "docs").exists()
    gateway = root / "app/payments/gateway.py"
    gateway.write_text("\n\n" + gateway.read_text())  # its lines moved: not cited
    again = interview(root, [], "Fix charge() in app/payments/gateway.py so that it returns paid")
    assert "app/payments/gateway.py:" not in again.stdout.splitlines()[1]


def test_early_exit_writes_an_early_exit_spec(tmp_path: Path) -> None:
    root = sample("shop", tmp_path)
    # the review still follows an early exit: "enough" at its first question ends it
    done = interview(
        root, ["1", "enough", "1", "1", "enough", "1", "enough", "1"], IDEA, "--non-interactive"
    )
    assert done.returncode == 0, done.stdout + done.stderr
    state = state_of(root)
    assert state.exit_reason == "early-exit"
    spec = (root / f"docs/specs/{SLUG}.md").read_text()
    assert "- Status: early-exit | Exit: early-exit" in spec
    assert "Early exit is possible from round 3 on." in done.stderr


def test_pause_and_resume_give_the_same_spec(tmp_path: Path) -> None:
    straight = sample("shop", tmp_path / "a")
    assert interview(straight, COOPERATIVE, IDEA).returncode == 0
    paused = sample("shop", tmp_path / "b")
    first = interview(paused, COOPERATIVE[:4], IDEA)
    assert first.returncode == 2
    assert (
        f"Interview paused. Resume with: brownfield interview --resume docs/INTERVIEW-{SLUG}.yaml"
        in first.stdout
    )
    second = interview(paused, COOPERATIVE[4:], "--resume", f"docs/INTERVIEW-{SLUG}.yaml")
    assert second.returncode == 0, second.stderr
    spec_a = (straight / f"docs/specs/{SLUG}.md").read_text()
    spec_b = (paused / f"docs/specs/{SLUG}.md").read_text()
    # The two interviews differ only by their random id, and so by the artifact's hash.
    assert without_ids(spec_a) == without_ids(spec_b)
    artifact_a = (straight / "docs/interview.yaml").read_text()
    assert without_ids(artifact_a) == without_ids((paused / "docs/interview.yaml").read_text())


def without_ids(text: str) -> str:
    return re.sub(r"(interview_sha256|interview_id): \S+", r"\1: X", text)


def test_back_replays_to_the_same_state(tmp_path: Path) -> None:
    direct = sample("shop", tmp_path / "a")
    interview(direct, ["1", "1", "2"], IDEA)
    undone = sample("shop", tmp_path / "b")
    interview(undone, ["1", "1", "3", "back", "2"], IDEA)
    a, b = state_of(direct), state_of(undone)
    assert [r.answer for r in a.rounds] == [r.answer for r in b.rounds]
    assert a.current_ambiguity == b.current_ambiguity


def test_verify_passes_then_fails_after_an_edit(tmp_path: Path) -> None:
    root = sample("shop", tmp_path)
    assert interview(root, COOPERATIVE, IDEA).returncode == 0
    spec = f"docs/specs/{SLUG}.md"
    ok = subprocess.run(
        [sys.executable, "-m", "brownfield", "verify", spec],
        cwd=root,
        capture_output=True,
        text=True,
    )
    assert ok.returncode == 0, ok.stdout
    assert ok.stdout.endswith("0 moved or vanished\n")
    gateway = root / "app/payments/gateway.py"
    gateway.write_text(gateway.read_text().replace("def charge(", "def charge_card("))
    bad = subprocess.run(
        [sys.executable, "-m", "brownfield", "verify", spec],
        cwd=root,
        capture_output=True,
        text=True,
    )
    assert bad.returncode == 1
    assert "vanished" in bad.stdout and "app/payments/gateway.py:8 `charge`" in bad.stdout


def tracked_hashes(root: Path) -> dict[str, str]:
    listing = subprocess.run(
        ["git", "-C", str(root), "ls-files"], capture_output=True, text=True, check=True
    )
    return {p: hashlib.sha256((root / p).read_bytes()).hexdigest() for p in listing.stdout.split()}


def test_a_whole_interview_changes_no_tracked_file(tmp_path: Path) -> None:
    root = sample("shop", tmp_path)
    before = tracked_hashes(root)
    assert interview(root, COOPERATIVE, IDEA).returncode == 0
    assert tracked_hashes(root) == before
    written = {p.relative_to(root).parts[0] for p in root.rglob("*") if p.is_file()} - {".git"}
    assert written - {"app", "tests", "README.md", "callgraph.json"} == {".brownfield", "docs"}


def test_second_sample_repository(tmp_path: Path) -> None:
    root = sample("python-packages-relative", tmp_path)
    idea = "Change how add_tax rounds prices for discounts"
    state = finished(root, idea, 15)
    assert state.type == "brownfield"
    assert state.touchpoints[0].symbol == "shop.pricing.add_tax"
    callers = next(f for f in state.established_facts if f.subject == "shop.pricing.add_tax")
    assert any(c.path == "shop/orders/cart.py" for c in callers.citations)


@pytest.mark.parametrize(
    ("args", "config", "line"),
    [
        (["--threshold", "0.2"], None, "Interview threshold: 20% (source: --threshold)"),
        # seed 004's precedence: the settings first, then the mode flag, then the default
        (
            ["--deep"],
            "interview:\n  ambiguity_threshold: 0.3\n",
            "Interview threshold: 30% (source: .brownfield/config.yaml)",
        ),
        (
            ["--threshold", "0.2"],
            "interview:\n  ambiguity_threshold: 0.3\n",
            "Interview threshold: 30% (source: .brownfield/config.yaml)",
        ),
        (["--deep"], None, "Interview threshold: 35% (source: mode default (--deep))"),
        (
            [],
            "interview:\n  ambiguity_threshold: 0.3\n",
            "Interview threshold: 30% (source: .brownfield/config.yaml)",
        ),
        (["--quick"], None, "Interview threshold: 60% (source: mode default (--quick))"),
    ],
)
def test_threshold_resolution(
    tmp_path: Path, args: list[str], config: str | None, line: str
) -> None:
    root = sample("shop", tmp_path)
    if config:
        (root / ".brownfield").mkdir()
        (root / ".brownfield/config.yaml").write_text(config)
    done = interview(root, [], IDEA, *args)
    assert done.stdout.splitlines()[0] == line
    assert state_of(root).threshold_source in line


GOLDENS = Path(__file__).resolve().parents[1] / "goldens"


#: A careful person's session (the README's demo): a refined outcome with a reason and an
#: exclusion, typed non-goals and criteria, an option picked with a note, two triggers, a
#: limit with a pasted link, a final free-form answer, the restate gate, stop here.
CAREFUL = (
    (Path(__file__).resolve().parents[2] / "sample_repos/answers/adaptive-careful.txt")
    .read_text()
    .splitlines()
)


def test_golden_spec_and_requirements(tmp_path: Path) -> None:
    """Goldens reviewed line by line against the shop sample and the careful person's
    answers; regenerate only on purpose."""
    root = sample("shop", tmp_path)
    assert interview(root, CAREFUL, IDEA).returncode == 0
    for actual, golden in (
        (root / f"docs/specs/{SLUG}.md", "spec-shop.md"),
        (root / "docs/REQUIREMENTS.md", "requirements-shop.md"),
    ):
        expected = (GOLDENS / golden).read_text()
        assert without_ids(actual.read_text()) == without_ids(expected), golden


def test_interview_runs_unchanged_on_a_javascript_repository(tmp_path: Path) -> None:
    root = sample("javascript-basic", tmp_path)
    done = interview(root, COOPERATIVE, "Add caching to repository find lookups")
    assert done.returncode == 0, done.stderr
    state = load_any(root / "docs/INTERVIEW-add-caching-to-repository-find-lookups.yaml")
    assert isinstance(state, AdaptiveState)
    language = next(f for f in state.established_facts if f.topic == "language")
    assert "javascript" in language.statement
    callers = next(f for f in state.established_facts if f.subject == "src.lib.repo.Repo.find")
    # Repo.find (src/lib/repo.js:5) is called from Service.run at src/app.js:10 and from
    # refresh at src/lib/repo.js:36 (below the class Mirror)
    assert [str(c) for c in callers.citations] == [
        "src/lib/repo.js:5",
        "src/app.js:10",
        "src/lib/repo.js:36",
    ]
    spec = (root / "docs/specs/add-caching-to-repository-find-lookups.md").read_text()
    assert "src/lib/repo.js:5" in spec
    # no file is a test: said once, not once per touchpoint, and the test location says so
    assert [f.statement for f in state.established_facts if "test" in f.topic] == [
        "The repository has no test files (looked for JavaScript tests (*.test.js, *.spec.js, "
        "files under test/, tests/, __tests__/, spec/))."
    ]
    location = spec.split("## Test Location\n")[1].split("\n\n")[0]
    assert location.startswith("- The repository has no test files (looked for JavaScript")
    assert not [f for r in state.lateral_reviews for f in r.findings if "tests reach" in f.text]


def test_a_named_symbol_is_adopted_and_a_rejected_touchpoint_dropped(tmp_path: Path) -> None:
    root = sample("shop", tmp_path)
    first = state_of_after(root, ["1"])
    assert first.topology.components[0].touchpoints[0] == "app/jobs/billing.py::retry_failed"
    done = interview(
        root,
        [
            "Retry inside charge and price it from cart.Cart.total and cart.Cart.add, not "
            "retry_failed",
            "1",
            "1",
        ],
        "--resume",
        f"docs/INTERVIEW-{SLUG}.yaml",
    )
    assert done.returncode == 2
    assert "Dropped app/jobs/billing.py::retry_failed from the touchpoints" in done.stdout
    assert "Adopted app.cart.Cart.total (app/cart.py:12) as a touchpoint" in done.stdout
    state = state_of(root)
    component = state.topology.components[0]
    assert state.rejected_touchpoints == ["app/jobs/billing.py::retry_failed"]
    assert component.touchpoints[:2] == ["app/cart.py::Cart.total", "app/cart.py::Cart.add"]
    assert "app/jobs/billing.py::retry_failed" not in component.touchpoints
    adopted = next(t for t in state.touchpoints if t.id == "app/cart.py::Cart.total")
    assert adopted.named_in_round == 1
    # the next rounds re-target: the evidence is about the new touchpoints
    callers = [f.subject for f in state.established_facts if f.topic == "callers"]
    assert callers[:1] == ["app.cart.Cart.total"]
    assert "app.jobs.billing.retry_failed" not in callers


def test_a_named_file_is_a_touchpoint_but_no_caller_target(tmp_path: Path) -> None:
    """csv: "the change goes in src/reader.rs" adopted the module, then asked "Must existing
    callers of reader keep working unchanged?" and "reader is called from 2 place(s)": a
    file is called nowhere, its definitions are; the callers questions are about one."""
    root = sample("shop", tmp_path)
    answers = ["1", "Retry the charge, in app/payments/gateway.py", *["1"] * 40]
    assert interview(root, answers, IDEA).returncode == 0
    state = state_of(root)
    (component,) = state.topology.active()
    assert component.touchpoints[0] == "app/payments/gateway.py"  # the module
    asked = {r.slot: r.question for r in state.rounds if r.kind == "decision"}
    assert asked["compatibility"].startswith("Must existing callers of charge keep working")
    assert asked["caller_impact"].startswith("charge is called from ")


def test_a_touchpoint_named_where_the_change_goes_comes_first(tmp_path: Path) -> None:
    """zip: "...; ZipOutputStream.putNextEntry is where entries are written", answering what
    happens, left the questions about existing callers on `ZipEntry`, the first match; a
    name in an acceptance check ("raises PaymentDeclined") says where nothing goes."""
    root = sample("shop", tmp_path)
    first = state_of_after(root, ["1"])
    touchpoints = first.topology.components[0].touchpoints
    assert touchpoints[:3] == [
        "app/jobs/billing.py::retry_failed",
        "app/payments/gateway.py::charge",
        "app/payments/errors.py::PaymentDeclined",
    ]
    answers = [
        "Retry declined payments inside gateway.charge",
        "1",
        "A third failure raises PaymentDeclined",
        *["1"] * 40,
    ]
    done = interview(root, answers, "--resume", f"docs/INTERVIEW-{SLUG}.yaml")
    assert done.returncode == 0, done.stderr
    assert "Moved app.payments.gateway.charge first among the touchpoints." in done.stdout
    # named before a definition the answer adopts, the first touchpoint stays before it
    again = sample("shop", tmp_path / "again")
    said = ["1", "Retry inside billing.retry_failed and cart.Cart.total", *["1"] * 40]
    assert interview(again, said, IDEA).returncode == 0
    order = state_of(again).topology.components[0].touchpoints[:2]
    assert order == ["app/jobs/billing.py::retry_failed", "app/cart.py::Cart.total"]
    state = state_of(root)
    assert state.topology.components[0].touchpoints[:3] == [
        "app/payments/gateway.py::charge",
        "app/jobs/billing.py::retry_failed",
        "app/payments/errors.py::PaymentDeclined",
    ]
    asked = {r.slot: r.question for r in state.rounds if r.kind == "decision"}
    assert asked["acceptance"].startswith("If you saw")  # named there: nothing moved
    assert (
        asked["change_points"]
        .splitlines()[1]
        .endswith("charge (app/payments/gateway.py:8) (recommended)")
    )


def test_a_definition_named_in_words_where_the_change_goes_comes_first(tmp_path: Path) -> None:
    """trpc: "none of these; it goes in the procedure builder" names `ProcedureBuilder` in
    words; said where nothing goes ("payment declined" in a non-goal), it moves nothing, and
    an exception said in what happens ("the payment declined error stays") is what is seen,
    not where the change goes."""
    root = tmp_path / "shop"
    shutil.copytree(SAMPLES / "shop", root, ignore=shutil.ignore_patterns(".brownfield", "docs"))
    policy = "class RetryPolicy:\n    def delay(self, attempt):\n        return 2 ** attempt\n"
    (root / "app/payments/policy.py").write_text(policy)
    git_init(root)
    answers = [
        "1",
        "Retry the charge as the retry policy says; the payment declined error stays",
        "Nothing about the payment declined error changes",
        *["1"] * 40,
    ]
    done = interview(root, answers, IDEA)
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("Moved app.payments.policy.RetryPolicy first") == 1
    assert "Moved app.payments.errors.PaymentDeclined" not in done.stdout
    found = state_of(root).topology.components[0].touchpoints
    assert found[0] == "app/payments/policy.py::RetryPolicy"
    assert found.index("app/payments/errors.py::PaymentDeclined") > 0


def state_of_after(root: Path, answers: list[str]) -> AdaptiveState:
    assert interview(root, answers, IDEA).returncode == 2
    return state_of(root)


def test_the_further_matches_never_name_a_rejected_touchpoint(tmp_path: Path) -> None:
    root = sample("shop", tmp_path)
    build(root, workers=1)
    store = GraphStore.open(root)
    try:
        rejected = "app/jobs/billing.py::retry_failed"
        ranked = [t.node.id for t in touchpoints(store, IDEA, 10)]
        assert rejected in ranked[:5]
        kept = [i for i in ranked[:5] if i != rejected]
        component = Component(id="C1", name=IDEA, description=IDEA, touchpoints=kept)
        source = EvidenceSource(store)

        def cited(
            rejections: list[str], topic: str = "further", named: frozenset[str] = frozenset()
        ) -> list[str]:
            facts = [f for f in source.similar(component, rejections, named) if f.topic == topic]
            return [c.symbol or "" for f in facts for c in f.citations]

        # sixth once it is no touchpoint, but the similar mechanism names it: said once
        assert "app.jobs.billing.retry_failed" in cited([], "similar")
        assert "app.jobs.billing.retry_failed" not in cited([])
        assert cited([]) == ["app.payments.errors.PaymentDeclined.__init__"]
        declined = "app/payments/errors.py::PaymentDeclined.__init__"  # rejected: not named
        assert "app.payments.errors.PaymentDeclined.__init__" not in cited([rejected, declined])
        assert not {"app.cart.checkout", "app.payments.gateway.charge"} & set(cited([]))
        # a further match another part's fact named is not named again
        assert cited([]) and not cited([], named=frozenset({"app/payments/errors.py:2"}))
        # the similar-mechanism round passes what earlier further facts cite
        part = new_component(1, "Retries", IDEA, kept, True)
        state = AdaptiveState(
            slug="s",
            description=IDEA,
            created_at=datetime(2026, 1, 1, tzinfo=UTC),
            updated_at=datetime(2026, 1, 1, tzinfo=UTC),
            threshold=0.05,
            threshold_source="default",
            type="brownfield",
            type_reason="test",
        )
        state.topology.components = [part]
        rounds = EvidenceRounds(source, Clock())
        slot = next(s for s in part.slots if s.name == "similar_mechanism")
        further = [f for f in rounds.facts_for(state, part, slot) if f.topic == "further"]
        assert len(further) == 1
        add_fact(state, further[0], "evidence", 1)  # said for an earlier part
        assert not [f for f in rounds.facts_for(state, part, slot) if f.topic == "further"]
    finally:
        store.close()


def test_errors_are_returned_in_go_and_raised_in_python(tmp_path: Path) -> None:
    """Go returns its errors: "Errors raised inside" a Go function asks about what Go has
    not; the shop's Python raises them."""
    go = finished(sample("go-basic", tmp_path), "Refuse to add an item twice to the store")
    edges = next(r for r in go.rounds if r.slot == "edge_cases")
    errors = [o for o in edges.options if o.startswith("Errors ")]
    assert len(errors) == 1 and errors[0].startswith("Errors returned by "), edges.options
    python = finished(sample("shop", tmp_path), "Add retries with backoff to payment charges")
    edges = next(r for r in python.rounds if r.slot == "edge_cases")
    errors = [o for o in edges.options if o.startswith("Errors ")]
    assert len(errors) == 1 and errors[0].startswith("Errors raised inside "), edges.options
    assert edge_criterion("Errors returned by Store.Add") == "Handles errors returned by Store.Add"


def test_a_part_touching_no_production_code_is_never_asked_about_its_callers(
    tmp_path: Path,
) -> None:
    root = sample("shop", tmp_path)
    idea = (
        "Add retries with backoff to payment charges, and send a weekly newsletter to subscribers"
    )
    state = finished(root, idea)
    charges, newsletter = state.topology.active()
    assert charges.touchpoints and not newsletter.touchpoints
    asked = [r for r in state.rounds if r.component == newsletter.id and r.kind != "evidence"]
    assert not [r for r in asked if r.slot in ("compatibility", "caller_impact")]
    assert not [r for r in asked if "0 place(s)" in r.question or "callers of" in r.question]
    untouched = next(f for f in state.established_facts if f.topic == "touchpoints")
    assert untouched.statement.startswith(
        "No touchpoint in production code carries the words of 'Send a weekly newsletter"
    )
    for name in ("touchpoints_confirmed", "compatibility", "caller_impact"):
        slot = next(s for s in newsletter.slots if s.name == name)
        assert slot.filled_by == "evidence" and untouched.id in slot.fact_ids, name
    placed = next(r for r in asked if r.slot == "change_points")
    assert placed.options[0] == "Into new code"  # no "Change ..." of code it does not touch
    edges = next(r for r in asked if r.slot == "edge_cases")
    assert "Errors raised inside the new code" in edges.options  # not inside "Send a ..."
    limits = next(r for r in asked if r.slot == "limits")
    assert not [o for o in limits.options if "slower" in o]  # no code of its own to slow
    # the other part still decides about its callers
    assert [r.slot for r in state.rounds if r.component == charges.id].count("caller_impact") == 1


def test_an_exception_class_is_no_caller_target(tmp_path: Path) -> None:
    """The code raising an exception is no caller whose behaviour a change decides: the
    questions about existing callers are about a function the idea touches."""
    root = tmp_path / "pay"
    write_files(
        root,
        {
            "app/errors.py": '''
                class PaymentDeclined(Exception):
                    """A declined payment: the card issuer refused it, for a reason."""
                ''',
            "app/gateway.py": '''
                from app.errors import PaymentDeclined


                def charge(card, amount):
                    """Charge the card; a declined payment raises PaymentDeclined."""
                    if not card:
                        raise PaymentDeclined("no card")
                    return amount


                def refund(card, amount):
                    if amount < 0:
                        raise PaymentDeclined("negative")
                    return -amount
                ''',
            "app/cart.py": """
                from app.gateway import charge


                def checkout(cart):
                    return charge(cart.card, cart.total)
                """,
        },
    )
    git_init(root)
    state = finished(root, "Tell the customer the reason a declined payment gives")
    (component,) = state.topology.active()
    assert component.touchpoints[0] == "app/errors.py::PaymentDeclined"
    asked = {r.slot: r for r in state.rounds if r.kind != "evidence"}
    assert asked["compatibility"].question.startswith("Must existing callers of charge ")
    assert "PaymentDeclined" not in asked["caller_impact"].question
    assert not [o for o in asked["trigger"].options if "PaymentDeclined" in o]


def test_what_starts_a_change_is_a_call_of_a_method_not_the_building_of_its_class(
    tmp_path: Path,
) -> None:
    """The idea matches the class best, but building an `Uploader` starts no upload: the
    trigger is offered from the callers of its method, though the method's own words match
    far less (it is the class's), the caller most code goes through first."""
    root = tmp_path / "store"
    write_files(
        root,
        {
            "app/uploader.py": '''
                class Uploader:
                    """Uploads files to the storage server over the network; a failed
                    upload of a file is not retried, the network error is raised."""

                    def __new__(cls, server):
                        return super().__new__(cls)

                    def __init__(self, server):
                        self.server = server

                    def push(self, data):
                        """Send one file to the server."""
                        return self.server.put(data)
                ''',
            "app/alerts.py": """
                from app.uploader import Uploader


                def on_alarm(sender: Uploader, report):
                    return sender.push(report)
                """,
            "app/client.py": """
                from app.alerts import on_alarm
                from app.uploader import Uploader


                class Client:
                    def __init__(self, server):
                        self.uploader = Uploader(server)

                    def put(self, data):
                        return self.uploader.push(data)


                def save(client, data):
                    return client.put(data)


                def sync(client, items):
                    for item in items:
                        client.put(item)
                    on_alarm(client.uploader, items)
                """,
        },
    )
    git_init(root)
    idea = "Retry a failed upload of a file a few times when the network fails"
    state = finished(root, idea)
    (component,) = state.topology.active()
    assert component.touchpoints[0] == "app/uploader.py::Uploader"
    scores = state.touchpoint_scores()
    assert scores.get("app/uploader.py::Uploader.push", 0) < scores["app/uploader.py::Uploader"] / 3
    trigger = next(r for r in state.rounds if r.slot == "trigger" and r.kind != "evidence")
    assert trigger.options[:2] == [
        "Called from app.client.Client.put (app/client.py:10), where it calls Uploader.push",
        "Called from app.alerts.on_alarm (app/alerts.py:5), where it calls Uploader.push",
    ]
    # building it is one call site, though the call lands on its `__new__` and `__init__`
    impact = next(r for r in state.rounds if r.slot == "caller_impact" and r.kind != "evidence")
    assert (
        impact.options[0]
        == "Apply it to its one call site (app.client.Client.__init__ (app/client.py:7))"
    )


def test_a_weak_touchpoint_is_no_caller_target(tmp_path: Path) -> None:
    """The idea is about `redirect`, which no code here calls: the callers of a definition
    matching a word or two of it (`log_visit`, from "visitors") are no callers whose
    behaviour the change decides, so no question asks about them."""
    root = tmp_path / "web"
    write_files(
        root,
        {
            "app/response.py": '''
                def redirect(response, address):
                    """Redirect the visitor to another address: the Location header."""
                    response.headers["Location"] = address
                    response.status = 302
                    return response
                ''',
            "app/stats.py": '''
                def log_visit(counts, page):
                    """Count the visitors of a page."""
                    counts[page] = counts.get(page, 0) + 1
                    return counts
                ''',
            "app/views.py": """
                from app.stats import log_visit


                def home(counts):
                    log_visit(counts, "home")
                    return "home"
                """,
        },
    )
    git_init(root)
    idea = "Stop the redirect from sending visitors to another website when the address is unsafe"
    state = finished(root, idea)
    (component,) = state.topology.active()
    assert component.touchpoints[:2] == ["app/response.py::redirect", "app/stats.py::log_visit"]
    scores = state.touchpoint_scores()
    assert scores["app/stats.py::log_visit"] < scores["app/response.py::redirect"] / 3
    asked = {r.slot: r for r in state.rounds if r.kind != "evidence"}
    assert "compatibility" not in asked and "caller_impact" not in asked
    assert not [o for r in asked.values() for o in r.options if "home" in o]
    # the same repository, asked about counting visits: log_visit's callers are asked about
    done = interview(root, ["1"] * 40, "Count each visitor of a page once a day")
    assert done.returncode == 0, done.stderr
    latest = max((root / "docs").glob("INTERVIEW-count*.yaml"))
    state = load_any(latest)
    assert isinstance(state, AdaptiveState)
    asked = {r.slot: r for r in state.rounds if r.kind != "evidence"}
    assert asked["compatibility"].question.startswith("Must existing callers of log_visit ")


def test_a_weak_touchpoint_the_best_one_calls_is_a_caller_target(tmp_path: Path) -> None:
    """`send` holds one word of the idea, far fewer than `retry_all`, which nothing calls;
    but `retry_all` calls it: the idea's best match reaches it, so its other callers are
    asked about (the shop's `charge`, called by `retry_failed`, the same)."""
    root = tmp_path / "uploads"
    write_files(
        root,
        {
            "app/jobs.py": '''
                from app.transport import send


                def retry_all(failed, backoff):
                    """Retry every failed upload again, waiting `backoff` seconds more each time."""
                    for item in failed:
                        send(item)
                ''',
            "app/transport.py": '''
                def send(item):
                    """Upload one item."""
                    return item
                ''',
            "app/views.py": """
                from app.transport import send


                def save(item):
                    return send(item)
                """,
        },
    )
    git_init(root)
    state = finished(root, "Retry failed uploads again with a longer backoff each time")
    (component,) = state.topology.active()
    assert component.touchpoints[:2] == ["app/jobs.py::retry_all", "app/transport.py::send"]
    scores = state.touchpoint_scores()
    assert scores["app/transport.py::send"] < scores["app/jobs.py::retry_all"] / 3
    asked = {r.slot: r for r in state.rounds if r.kind != "evidence"}
    assert asked["compatibility"].question.startswith("Must existing callers of send ")


def test_facts_two_components_share_are_shown_once(tmp_path: Path) -> None:
    """Both parts of the idea touch the same code: the second evidence round names the
    facts the first one showed instead of printing them again."""
    root = sample("shop", tmp_path)
    idea = "Add retries with backoff to payment charges, and log every declined payment charge"
    done = interview(root, ["1"] * 40, idea, "--json")
    assert done.returncode == 0, done.stderr
    evidence = [
        json.loads(line)["text"]
        for line in done.stdout.splitlines()
        if line.startswith("{") and json.loads(line).get("type") == "evidence"
    ]
    printed = [text.split()[1] for text in evidence if re.match(r"Evidence  F\d+  ", text)]
    assert printed and len(printed) == len(set(printed))  # no fact printed twice
    again = [text for text in evidence if "(shown before) settle" in text]
    assert again and all(text.endswith("too.") for text in again)
    state = load_any(next((root / "docs").glob("INTERVIEW-*.yaml")))
    assert isinstance(state, AdaptiveState)
    first, second = state.topology.active()
    settled = [s for c in (first, second) for s in c.slots if s.name == "touchpoints_confirmed"]
    assert all(s.filled_by == "evidence" for s in settled)
    assert set(settled[0].fact_ids) & set(settled[1].fact_ids)  # the same facts settle both


def test_code_outside_the_repository_is_offered_as_the_trigger_of_what_it_calls(
    tmp_path: Path,
) -> None:
    """serde_json: the top touchpoint, `SeqAccess.next_element_seed`, is called by serde
    through the trait it implements, and no code here calls it; the recommended trigger was
    the caller of a lower touchpoint. A mapping's `__getitem__` is called by whoever
    indexes it, and by `Mapping.get`, outside the repository."""
    root = tmp_path / "plugins"
    write_files(
        root,
        {
            "app/registry.py": '''
                from collections.abc import Mapping


                class PluginRegistry(Mapping):
                    def __init__(self, plugins):
                        self._plugins = dict(plugins)

                    def __getitem__(self, name):
                        """The plugin registered under a name: a KeyError for no plugin
                        registered so."""
                        return self._plugins[name]

                    def __iter__(self):
                        return iter(self._plugins)

                    def __len__(self):
                        return len(self._plugins)
                ''',
            "app/listing.py": '''
                def sorted_plugins(registry):
                    """The plugins, sorted."""
                    return sorted(registry)
                ''',
            "app/main.py": """
                from app.listing import sorted_plugins


                def main(registry):
                    print(sorted_plugins(registry))
                """,
        },
    )
    git_init(root)
    state = finished(root, "Find a registered plugin by its name whatever its letter case")
    (component,) = state.topology.active()
    assert component.touchpoints[0] == "app/registry.py::PluginRegistry.__getitem__"
    (trigger,) = [r for r in state.rounds if r.slot == "trigger"]
    assert trigger.options[0] == (
        "Code outside the repository that calls PluginRegistry.__getitem__ through "
        "collections.abc.Mapping"
    )
    # `sorted_plugins` holds only "plugin", a word nearly every definition here holds: it is
    # no touchpoint, and its caller no trigger ("Called from app.main.main ...")
    assert "app/listing.py::sorted_plugins" not in component.touchpoints
    assert not any("sorted_plugins" in option for option in trigger.options)
