"""The interview's ontology: extraction, matching across rounds, and the stall question."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from brownfield.interview.adaptive import ontology
from brownfield.interview.adaptive.state import (
    AdaptiveState,
    EstablishedFact,
    OntologyEntity,
    OntologySnapshot,
    Round,
    TouchpointRecord,
)
from brownfield.interview.engine.records import CitationRecord as Citation
from brownfield.interview.review.artifact import load_artifact
from tests.interview.test_adaptive import COOPERATIVE, IDEA, SLUG, interview, sample, state_of

MOMENT = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)


def entity(name: str, kind: str = "supporting", fields: tuple[str, ...] = ()) -> OntologyEntity:
    return OntologyEntity(name=name, type=kind, source="touchpoint", fields=list(fields))  # type: ignore[arg-type]


# -- matching -------------------------------------------------------------------------------


def test_a_renamed_entity_is_changed_not_new_and_removed() -> None:
    before = [
        entity("charge", "core domain"),
        entity("Cart", fields=("add", "items", "total")),
        entity("retries"),
    ]
    after = [
        entity("charge", "core domain"),
        entity("ShoppingCart", fields=("add", "items", "checkout")),  # 2 of 3 fields shared
        entity("backoff"),
    ]
    found = ontology.match(before, after)
    assert found.stable == ["charge"]
    assert found.changed == ["Cart -> ShoppingCart"]
    assert found.new == ["backoff"]
    assert found.removed == ["retries"]
    assert found.ratio == round(2 / 3, 4)  # (stable + changed) / current entities
    assert "Cart -> ShoppingCart (same type, 2 of 3 fields shared)" in found.reasoning


def test_a_rename_needs_the_same_type_and_more_than_half_the_fields() -> None:
    before = [entity("Cart", fields=("add", "items")), entity("Order", fields=("id",))]
    half = [entity("Basket", fields=("add", "total"))]  # 1 of 2: exactly half, not more
    assert ontology.match(before, half).changed == []
    other_type = [entity("Order2", "core domain", fields=("id",))]
    assert ontology.match(before, other_type).changed == []
    no_fields = [entity("Thing")]
    assert ontology.match([entity("Stuff")], no_fields).new == ["Thing"]
    best = [entity("Basket", fields=("add", "items", "total"))]  # 2 of 3 with Cart
    assert ontology.match(before, best).changed == ["Cart -> Basket"]


def test_stability_is_not_applicable_on_the_first_snapshot_or_without_entities() -> None:
    first = ontology.match(None, [entity("charge")])
    assert first.ratio is None and first.new == ["charge"]
    assert ontology.match([entity("charge")], []).ratio is None


# -- the stall rule --------------------------------------------------------------------------


def bare_state(ambiguities: list[float], start: float = 1.0) -> AdaptiveState:
    """An interviewing state whose rounds 1..n ended at `ambiguities`."""
    state = AdaptiveState(
        slug="s",
        description="Add retries to charges",
        created_at=MOMENT,
        updated_at=MOMENT,
        threshold=0.05,
        threshold_source="default",
        type="brownfield",
        type_reason="test",
        phase="interviewing",
    )
    before = start
    for number, value in enumerate(ambiguities, 1):
        state.rounds.append(
            Round(
                round=number,
                kind="decision",
                question="q",
                ambiguity_before=before,
                ambiguity=value,
                timestamp=MOMENT,
            )
        )
        before = value
    state.round_count = len(ambiguities)
    state.current_ambiguity = before
    state.ontology_snapshots.append(
        OntologySnapshot(
            round=state.round_count,
            entities=[
                entity("charge", "core domain"),
                entity("retries"),
                entity("os", "external system"),
            ],
        )
    )
    return state


def test_three_flat_rounds_are_a_stall() -> None:
    # the window: the ambiguity before the third-last round, then after each of the last three
    reason = "ambiguity has stayed within 5% for 3 rounds"
    assert ontology.stall_reason(bare_state([0.8, 0.78, 0.77, 0.76])) == reason
    assert ontology.stall_reason(bare_state([0.8, 0.78, 0.77, 0.75])) == reason  # 5%: flat
    assert ontology.stall_reason(bare_state([0.81, 0.78, 0.77, 0.75])) is None  # 6%: moving
    assert ontology.stall_reason(bare_state([0.8, 0.8])) is None  # too few rounds


def test_a_long_interview_above_thirty_percent_is_a_stall_once() -> None:
    values = [0.95, 0.87, 0.79, 0.71, 0.63, 0.55, 0.47, 0.39]
    state = bare_state(values)
    assert ontology.stall_reason(state) == "ambiguity is still above 30% after 8 rounds"
    state.rounds[3].kind = "ontology"  # asked already: the long rule does not repeat it
    assert ontology.stall_reason(state) is None


def test_the_window_restarts_after_an_ontology_question() -> None:
    state = bare_state([0.8, 0.8, 0.8, 0.8, 0.8])
    state.rounds[3].kind = "ontology"  # round 4; only round 5 came after it
    assert ontology.stall_reason(state) is None


def test_a_core_chosen_among_the_same_entities_is_not_asked_again() -> None:
    state = bare_state([0.8, 0.8, 0.8, 0.8, 0.8, 0.8, 0.8])
    asked = state.rounds[2]  # round 3: the core was chosen; rounds 4-7 are flat again
    asked.kind, asked.answer_kind = "ontology", "option"
    asked.options = list(ontology.question(state)[1])
    assert ontology.stall_reason(state) is None
    asked.answer_kind = "skip"  # skipped: the stall may ask it again
    assert ontology.stall_reason(state) == "ambiguity has stayed within 5% for 3 rounds"
    asked.answer_kind = "option"
    state.ontology_snapshots[-1].entities.append(entity("backoff"))  # a new candidate since
    assert ontology.stall_reason(state) == "ambiguity has stayed within 5% for 3 rounds"


def test_no_ontology_question_without_two_candidates_or_during_a_follow_up() -> None:
    state = bare_state([0.8, 0.8, 0.8])
    state.ontology_snapshots[-1].entities = [entity("charge", "core domain")]
    assert ontology.stall_reason(state) is None
    state = bare_state([0.8, 0.8, 0.8])
    state.step = "early-exit"
    assert ontology.stall_reason(state) is None


def test_old_state_files_without_snapshots_still_load() -> None:
    data = bare_state([0.8]).model_dump(mode="json")
    del data["ontology_snapshots"]
    assert AdaptiveState.model_validate(data).ontology_snapshots == []


# -- end to end on the shop sample -------------------------------------------------------------


def test_spec_has_the_ontology_and_its_convergence_table(tmp_path: Path) -> None:
    root = sample("shop", tmp_path)
    assert interview(root, COOPERATIVE, IDEA).returncode == 0
    state = state_of(root)
    numbered = [r.round for r in state.rounds if r.round > 0]
    assert [s.round for s in state.ontology_snapshots] == numbered  # one snapshot per round
    final = {e.name: e for e in state.ontology_snapshots[-1].entities}
    # the top touchpoint is the core entity: retry_failed, the existing retry loop
    assert final["retry_failed"].type == "core domain" and final["charge"].type == "supporting"
    assert final["os"].type == "external system" and final["os"].fields == ["environ.get"]
    assert final["pytest"].type == "external system"
    # a class's members are its fields only where the interview names them: PaymentDeclined
    # is a touchpoint whose methods fact names `__init__`; Cart's are in no fact
    assert final["PaymentDeclined"].fields == ["__init__"]
    assert "Cart" not in final or final["Cart"].fields == []
    assert "called by checkout" in final["charge"].relationships
    assert final["retries"].source == "noun"
    spec = (root / f"docs/specs/{SLUG}.md").read_text()
    assert (
        "## Ontology (Key Entities)\n"
        "Key entities after the final round (round 11); core entity: retry_failed." in spec
    )
    assert (
        "## Ontology Convergence\n| Round | Entity Count | New | Changed | Stable | Stability Ratio |"
        in spec
    )
    assert "| 1 | 9 | 9 | 0 | 0 | n/a |" in spec
    # os (the environment read in charge's file) comes with the evidence: 1 new of 10, 9
    # stable; the tests calling charge and checkout come too, as what calls them, not as
    # key entities of their own
    assert "| 4 | 10 | 1 | 0 | 9 | 0.90 |" in spec
    assert "called by test_checkout_total" in final["checkout"].relationships
    assert "called by test_charge_rejects_zero" in final["charge"].relationships
    assert not [name for name in final if name.startswith("test_")]


def test_tests_are_no_key_entities_and_many_are_counted() -> None:
    """A touchpoint called by many tests (a real project's Session: 56) lists them as a
    count, not one entity and one relationship each; a few are named."""
    state = bare_state([0.8])
    state.touchpoints = [
        TouchpointRecord(id="s.py::S", symbol="s.S", kind="class", path="s.py", line=1, score=1.0),
        TouchpointRecord(
            id="s.py::f", symbol="s.f", kind="function", path="s.py", line=9, score=0.9
        ),
    ]
    many = [
        Citation(path="tests/test_s.py", line=n, symbol=f"tests.test_s.test_{n}") for n in range(4)
    ]
    few = [Citation(path="tests/test_s.py", line=20, symbol="tests.test_s.test_f")]
    for subject, tests in (("s.S", many), ("s.f", few)):
        state.established_facts.append(
            EstablishedFact(
                id=f"F{len(state.established_facts) + 1}",
                topic="callers",
                subject=subject,
                statement=f"{subject} is called from only tests: {len(tests)} test(s)",
                citations=[Citation(path="s.py", line=1, symbol=subject), *tests],
                source="evidence",
                round=1,
            )
        )
    found = {e.name: e for e in ontology.extract(state)}
    assert not [name for name in found if "test_" in name]
    assert found["S"].relationships == ["called by 4 tests"]
    assert found["f"].relationships == ["called by test_f"]
    # the tests fact names test_f again, and test_g, which reaches f through S: test_f is
    # said once, as what calls f
    reach = [*few, Citation(path="tests/test_s.py", line=30, symbol="tests.test_s.test_g")]
    state.established_facts.append(
        EstablishedFact(
            id="F3",
            topic="tests",
            subject="s.f",
            statement="2 test(s) reach s.f: ...",
            citations=reach,
            source="evidence",
            round=1,
        )
    )
    found = {e.name: e for e in ontology.extract(state)}
    assert found["f"].relationships == ["called by test_f", "tested by test_g"]


def test_repeated_skips_stall_into_the_ontology_question(tmp_path: Path) -> None:
    root = sample("shop", tmp_path)
    done = interview(root, ["1", "skip", "skip", "skip", "2"], IDEA)
    assert done.returncode == 2  # input ended: paused
    assert (
        "Round 4 | Ontology | Why now: ambiguity has stayed within 5% for 3 rounds" in done.stdout
    )
    assert "Which named thing is the core entity, and which are supporting views?" in done.stdout
    assert "1. retry_failed is the core entity; the others support it (recommended)" in done.stdout
    state = state_of(root)
    asked = state.rounds[4]
    assert (asked.round, asked.kind, asked.slot) == (4, "ontology", "core_entity")
    assert (asked.answer, asked.answer_kind, asked.selected) == ("charge", "option", [2])
    assert asked.options[0] == "retry_failed is the core entity; the others support it"
    assert len(state.rounds) == len(state.answers)  # one question per round, no extra one
    core = [e.name for e in state.ontology_snapshots[-1].entities if e.type == "core domain"]
    assert core == ["charge"]  # the person's pick, not the recommendation
    questions = {q.id: q for q in load_artifact(root / "docs/interview.yaml").questions}
    assert questions["R4"].phase == "ontology"


def test_a_typed_core_entity_and_back_replay(tmp_path: Path) -> None:
    typed = sample("shop", tmp_path / "a")
    interview(typed, ["1", "skip", "skip", "skip", "I think payment is what this is about"], IDEA)
    state = state_of(typed)
    assert (state.rounds[4].answer, state.rounds[4].answer_kind) == ("payment", "other")
    core = [e.name for e in state.ontology_snapshots[-1].entities if e.type == "core domain"]
    assert core == ["payment"]
    undone = sample("shop", tmp_path / "b")
    interview(
        undone,
        ["1", "skip", "skip", "skip", "2", "back", "I think payment is what this is about"],
        IDEA,
    )
    again = state_of(undone)
    assert again.ontology_snapshots == state.ontology_snapshots
    assert [r.answer for r in again.rounds] == [r.answer for r in state.rounds]


def test_question_words_and_adjectives_of_a_change_are_not_entities() -> None:
    state = bare_state([])
    state.description = "Reject incoming orders whose customer is blocked"
    names = {e.name for e in ontology.extract(state)}
    assert {"orders", "customer"} <= names, names
    assert not {"whose", "incoming"} & names, names
    state.description = "Let users set how long the client waits for a short answer"
    names = {e.name for e in ontology.extract(state)}
    assert {"client", "answer"} <= names, names
    assert not {"long", "short"} & names, names  # how long: a duration, no thing
    state.description = "Warn about a long queue"
    names = {e.name for e in ontology.extract(state)}
    assert "queue" in names and "long" not in names, names


def test_the_people_the_idea_lets_act_are_no_entity() -> None:
    """php-symfony-finder: "Which named thing is the core entity ...? callers is the core
    entity" for "Let callers sort the found files by their size"."""
    state = bare_state([])
    state.description = "Let callers sort the found files by their size"
    names = {e.name for e in ontology.extract(state)}
    assert {"files", "size"} <= names, names
    assert "callers" not in names, names
    state.description = "Reject orders from blocked callers"  # no one let act: a thing
    assert "callers" in {e.name for e in ontology.extract(state)}


def test_an_idiom_is_one_entity_of_what_it_means() -> None:
    state = bare_state([])
    state.description = "Compress what the server sends back when too many are open at once"
    names = {e.name for e in ontology.extract(state)}
    assert {"server", "response", "concurrent"} <= names, names
    assert not {"sends", "back", "once"} & names, names


def test_adverbs_participles_and_ones_of_the_idea_are_not_entities() -> None:
    state = bare_state([])
    state.description = "Check every connection periodically and drop the ones that vanished"
    names = {e.name for e in ontology.extract(state)}
    assert "connection" in names, names
    assert not {"periodically", "ones", "vanished"} & names, names
    assert "drop" not in names, names  # a common verb after "and" is a verb
    state.description = "Keep the reply of a family of servers"
    assert {"reply", "family", "servers"} <= {e.name for e in ontology.extract(state)}
    state.description = "Stop unpacking an entry once it has grown past a size limit"
    names = {e.name for e in ontology.extract(state)}
    assert {"entry", "size", "limit"} <= names, names
    assert not {"grown", "past"} & names, names  # an irregular participle, a preposition
    # tenacity: "made" and "spent" were entities of the spec's ontology
    state.description = (
        "When retrying gives up, say in the error how many attempts were made and how long "
        "was spent sleeping between them"
    )
    names = {e.name for e in ontology.extract(state)}
    assert {"error", "attempts"} <= names, names
    assert not {"made", "spent", "say"} & names, names
    state.description = "Save the cookies to a file so it stays logged in, for whoever chooses"
    names = {e.name for e in ontology.extract(state)}
    assert {"cookies", "file"} <= names, names
    assert not {"stays", "chooses"} & names, names  # an -s form after "it" is its verb
    state.description = "Fill in the phrase (like 'Not Found') or send a 'payload too large' error"
    names = {e.name for e in ontology.extract(state)}
    assert {"phrase", "error"} <= names, names
    assert not {"found", "payload", "large"} & names, names  # quoted examples of values
    state.description = "Let me name the 'time' field, which the users' logs don't show"
    assert {"time", "field", "users", "logs"} <= {e.name for e in ontology.extract(state)}
    state.description = "When a server sends a response without a reason, fill one in"
    names = {e.name for e in ontology.extract(state)}
    assert {"server", "response", "reason"} <= names, names
    assert "sends" not in names, names  # an -s form between a noun and "a" is its verb
    state.description = (
        "Cap how many bytes of uploaded files a submission spills, and give callers a way"
    )
    names = {e.name for e in ontology.extract(state)}
    assert {"bytes", "files", "submission", "callers"} <= names, names  # nouns before "a"


def test_what_a_negative_fact_looked_at_is_no_entity_nor_relationship() -> None:
    from brownfield.interview.adaptive.state import EstablishedFact, TouchpointRecord
    from brownfield.interview.engine.records import CitationRecord

    state = bare_state([])
    state.description = "Drop silent peers"
    state.touchpoints = [
        TouchpointRecord(
            id="lib/server.js::Server.close",
            symbol="lib.server.Server.close",
            kind="method",
            path="lib/server.js",
            line=172,
            score=1.0,
        ),
        TouchpointRecord(
            id="lib/server.js::abort",
            symbol="lib.server.abort",
            kind="function",
            path="lib/server.js",
            line=508,
            score=0.9,
        ),
    ]
    site = CitationRecord(path="lib/deflate.js", line=132, symbol="close")
    caller = CitationRecord(path="lib/server.js", line=388, symbol="lib.server.upgrade")
    state.established_facts = [
        EstablishedFact(
            id="F1",
            topic="callers",
            subject="lib.server.Server.close",
            source="evidence",
            round=4,
            statement="No resolved caller of lib.server.Server.close (lib/server.js:172) "
            "in the repository; 1 unresolved call(s) named `close` remain, e.g. lib/deflate.js:132.",
            citations=[CitationRecord(path="lib/server.js", line=172), site],
        ),
        EstablishedFact(
            id="F2",
            topic="callers",
            subject="lib.server.abort",
            source="evidence",
            round=4,
            statement="lib.server.abort (lib/server.js:508) is called from 1 place(s) in "
            "production code: lib.server.upgrade (lib/server.js:388).",
            citations=[CitationRecord(path="lib/server.js", line=508), caller],
        ),
    ]
    entities = {e.name: e for e in ontology.extract(state)}
    assert "close" not in entities, entities
    assert entities["Server.close"].relationships == []
    assert entities["upgrade"].relationships == ["calls abort"]


def test_an_ideas_verbs_where_they_stand_are_not_entities() -> None:
    """No part-of-speech tagging, but where a word stands says enough: a clause's first
    word, a common verb after "and", "to" or "that", an -ing form after "without" or
    "stop" are actions; the things they are done to stay."""
    state = bare_state([])
    state.description = (
        "Have the server notice peers that vanished without saying goodbye: check on every "
        "open connection every so often and drop the ones that stop answering"
    )
    names = {e.name for e in ontology.extract(state)}
    assert {"server", "peers", "connection", "goodbye"} <= names, names
    assert not {"check", "drop", "stop", "saying", "answering"} & names, names
    state.description = "Let people read and write CSV files"
    names = {e.name for e in ontology.extract(state)}
    assert {"csv", "files"} <= names and not {"read", "write"} & names, names
    state.description = "Let people keep default values in a file; let operators turn it up"
    names = {e.name for e in ontology.extract(state)}
    assert {"values", "file"} <= names and not {"keep", "turn"} & names, names
    # what the subject of "let" does, and what follows a form of "be", are no entities
    state.description = "Let the reader skip lines when the connection is reset or closed"
    names = {e.name for e in ontology.extract(state)}
    assert {"reader", "lines", "connection"} <= names, names
    assert not {"skip", "reset", "closed"} & names, names
    state.description = "Use the default answer within a time limit, across commands"
    names = {e.name for e in ontology.extract(state)}
    assert not {"within", "across"} & names, names
    state.description = "Let the default client retry failed requests"
    names = {e.name for e in ontology.extract(state)}
    assert "client" in names and "retry" not in names, names


def test_a_namespaced_method_is_named_from_its_class() -> None:
    """symfony/console: "You've named ..., Symfony.Component.Console.Helper.QuestionHelper.ask,
    ..." where `QuestionHelper.ask` says it (a PHP namespace is no folder of the file)."""
    state = bare_state([0.8])
    state.touchpoints = [
        TouchpointRecord(
            id=f"Console/{folder}/{cls}.php::Symfony.Component.Console.{folder}.{cls}.ask",
            symbol=f"Symfony.Component.Console.{folder}.{cls}.ask",
            kind="method",
            path=f"Console/{folder}/{cls}.php",
            line=9,
            score=1.0,
        )
        for folder, cls in (("Helper", "QuestionHelper"), ("Style", "SymfonyStyle"))
    ]
    names = {e.name for e in ontology.extract(state)}
    assert {"QuestionHelper.ask", "SymfonyStyle.ask"} <= names, names
    # a file the person named is its path, beside the class it holds
    state.touchpoints = [
        TouchpointRecord(id=i, symbol=s, kind=k, path="src/reader.rs", line=n, score=1.0)
        for i, s, k, n in (
            ("src/reader.rs", "src.reader", "module", 1),
            ("src/reader.rs::Reader", "src.reader.Reader", "class", 9),
        )
    ]
    names = {e.name for e in ontology.extract(state)}
    assert {"src/reader.rs", "Reader"} <= names and "reader" not in names, names


def test_the_overloads_of_a_method_are_one_entity() -> None:
    """Java's `FileHandler(String)` and `FileHandler(String, int, int)` (ids `FileHandler`,
    `FileHandler~2`...) are one constructor: one entity, and one field of a class."""
    state = bare_state([0.8])
    state.touchpoints = [
        TouchpointRecord(
            id=f"x/Files.java::Files.copy{mark}",
            symbol=f"x.Files.copy{mark}",
            kind="method",
            path="x/Files.java",
            line=line,
            score=1.0,
        )
        for mark, line in (("", 10), ("~2", 20))
    ] + [
        TouchpointRecord(
            id="x/Log.java::Log", symbol="x.Log", kind="class", path="x/Log.java", line=1, score=0.5
        )
    ]
    state.established_facts.append(
        EstablishedFact(
            id="F1",
            topic="callers",
            subject="x.Files.copy~2",
            statement="x.Files.copy~2 is called from 1 place(s) in production code: x.Main.run",
            citations=[
                Citation(path="x/Files.java", line=20, symbol="x.Files.copy~2"),
                Citation(path="x/Main.java", line=5, symbol="x.Main.run"),
                Citation(path="x/Log.java", line=9, symbol="x.Log.write~3"),
            ],
            source="evidence",
            round=1,
        )
    )
    found = {e.name: e for e in ontology.extract(state)}
    assert not [name for name in found if "~" in name], found
    assert found["copy"].relationships == ["called by Log", "called by run"]
    assert found["Log"].fields == ["write"]
