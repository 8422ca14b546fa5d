"""Several components: how an idea is cut into them, and a question they share asked once."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from brownfield.interview.adaptive import contradictions, deciding
from brownfield.interview.adaptive.established import add_fact, established
from brownfield.interview.adaptive.evidence import CallerTarget
from brownfield.interview.adaptive.slots import prompt_for
from brownfield.interview.adaptive.state import AdaptiveState, EstablishedFact
from brownfield.interview.adaptive.topology import new_component
from brownfield.interview.engine.records import CitationRecord
from brownfield.interview.spec.compile import compile_spec
from brownfield.model import Citation, Fact

T = datetime(2026, 1, 1, tzinfo=UTC)


def two_components(touchpoints: tuple[list[str], list[str]]) -> AdaptiveState:
    state = AdaptiveState(
        slug="s",
        description="audit checkout and billing",
        created_at=T,
        updated_at=T,
        threshold=0.05,
        threshold_source="default",
        type="greenfield",
        type_reason="test",
    )
    state.topology.components = [
        new_component(1, "Audit checkout", "audit checkout", touchpoints[0], False),
        new_component(2, "Audit billing", "audit billing", touchpoints[1], False),
    ]
    state.topology.status = "confirmed"
    return state


def slot_of(state: AdaptiveState, index: int, name: str):  # type: ignore[no-untyped-def]
    return next(s for s in state.topology.components[index].slots if s.name == name)


def code_fact(
    fact_id: str, topic: str, subject: str, statement: str, citations: list[CitationRecord]
) -> EstablishedFact:
    """A fact the code answered in round 4."""
    return EstablishedFact(
        id=fact_id,
        topic=topic,
        subject=subject,
        statement=statement,
        source="evidence",
        round=4,
        citations=citations,
    )


def test_a_question_reading_the_same_for_two_components_is_asked_once_and_fills_both() -> None:
    state = two_components(([], []))
    first, second = state.topology.components
    slot = slot_of(state, 0, "non_goals")
    shared = deciding.shared(state, first, slot, None)
    assert shared == [second]
    slot.value, slot.filled_by, slot.quality, slot.round = "Nothing is excluded", "person", 1.0, 3
    deciding.answer_shared(state, slot, shared, 3)
    other = slot_of(state, 1, "non_goals")
    assert (other.value, other.filled_by, other.round) == ("Nothing is excluded", "person", 3)


def test_a_shared_question_stays_shared_when_the_review_panel_folds_options_into_it() -> None:
    """The panel's options are this component's: with them compared, the same question was
    asked again for the next component (`Must existing callers of Part.FileName keep
    working unchanged?` twice on Go's mime/multipart)."""
    from brownfield.interview.adaptive.planner import AdaptivePlanner
    from brownfield.interview.adaptive.state import LateralReview

    state = two_components(([], []))
    state.phase = "interviewing"
    for component in state.topology.components:
        for slot in component.slots:
            if slot.name != "non_goals":
                slot.value, slot.filled_by, slot.quality, slot.round = "x", "person", 1.0, 1
    state.lateral_reviews.append(
        LateralReview(
            round=state.round_count + 1,
            trigger="initial -> progress",
            component=state.topology.components[0].id,
            slot="non_goals",
            folded=["The smallest version: only change the audit log"],
        )
    )
    question = AdaptivePlanner(None).next_question(state)
    assert question is not None and question.field == "non_goals"
    assert "The smallest version: only change the audit log" in question.text
    assert "(The same question stands for 'Audit billing'" in question.text


def test_what_a_component_itself_does_is_asked_of_each() -> None:
    """zod: "UUID v7 validator" and "custom error message", both "Exactly as stated: {}",
    were asked what happens once, and the goal said the one answer twice."""
    state = two_components(([], []))
    first = state.topology.components[0]
    for name in ("outcome", "acceptance"):
        assert deciding.shared(state, first, slot_of(state, 0, name), None) == []


def test_a_question_already_answered_elsewhere_is_not_shared() -> None:
    state = two_components(([], []))
    first = state.topology.components[0]
    answered = slot_of(state, 1, "non_goals")
    answered.value, answered.filled_by = "Do not change the behaviour of existing callers", "person"
    slot = slot_of(state, 0, "non_goals")
    assert deciding.shared(state, first, slot, None) == []


def test_a_clause_starting_with_a_preposition_borrows_the_clause_before_it() -> None:
    from brownfield.interview.adaptive.start import _components

    names = [
        c.name
        for c in _components("Add an audit log to checkout and to the billing job", [], False)
    ]
    assert names == ["Add an audit log to checkout", "Add an audit log to the billing job"]
    names = [
        c.name for c in _components("Cache lookups for users, for orders and for items", [], False)
    ]
    assert names == [
        "Cache lookups for users",
        "Cache lookups for orders",
        "Cache lookups for items",
    ]


def test_an_idea_is_not_cut_inside_brackets_quotes_or_a_comma_separated_value() -> None:
    from brownfield.interview.adaptive.start import _components

    idea = (
        "Let callers send a list in the query string as one comma-separated value "
        "(ids=1,2,3, or ids=4, 5 and 6) instead of repeating the key for each item"
    )
    assert [c.description for c in _components(idea, [], False)] == [idea]
    quoted = 'Accept "yes, please" as a confirmation, and log each confirmation to the audit file'
    assert [c.description for c in _components(quoted, [], False)] == [
        'Accept "yes, please" as a confirmation',
        "log each confirmation to the audit file",
    ]
    assert [c.description for c in _components("Cache users, then cache orders", [], False)] == [
        "Cache users",
        "cache orders",
    ]


def test_a_word_alone_between_joints_is_part_of_the_next_clause_not_lost() -> None:
    from brownfield.interview.adaptive.start import _components

    idea = "Let people read and write CSV files that wrap fields in single quotes"
    assert [c.description for c in _components(idea, [], False)] == [idea]
    assert [c.description for c in _components("Compress large responses and log", [], False)] == [
        "Compress large responses and log"
    ]


def test_a_condition_or_a_contrast_is_part_of_a_clause_not_a_component() -> None:
    from brownfield.interview.adaptive.start import _components

    def cut(idea: str) -> list[str]:
        return [c.description for c in _components(idea, [], False)]

    contrast = "Retry a declined charge three times, instead of failing at the first decline"
    assert cut(contrast) == [contrast]
    condition = "When the gateway times out twice, retry the charge with a longer backoff"
    assert cut(condition) == [condition]
    listed = "Keep an access log: one line per request saying who asked, for what and the status"
    assert cut(listed) == [listed]  # what follows a colon spells out one thing
    assert cut("Two changes: retry declined charges; log every failure") == [
        "Two changes: retry declined charges",
        "log every failure",
    ]
    assert cut("Log every refund, without storing the card number, and email the receipt") == [
        "Log every refund, without storing the card number",
        "email the receipt",
    ]
    for one in (
        "Read every value from one environment variable, separated by commas",
        "Retry a failed charge twice, waiting a little longer each time",
        "Save the session to a file, so the user stays logged in between runs",
        "Refuse archive names that land outside the folder, such as ../../etc/passwd",
        "Store the original file name and modification time in the archive header",
        "Reject a refund over the limit, with a clear error, the way declined charges are",
        "Cancel a slow export from outside, the same way an upload is cancelled",
        "Find the receipt even when it is not first, as in exports from the old system",
        "Select every row between the two clicked, like in a file manager",
        "Let a receipt name its file, written like receipt-42.pdf in the header",
        "Hide the card number wherever it shows up in a refund, at any nesting depth",
        "Hide passwords and tokens in the context of log records before they are written",
        "Ask again when someone types an answer that fails validation, but give up after a "
        "few tries",
        "Give buyers an extra, even cheaper shipping tier below the standard one",
    ):
        assert cut(one) == [one]  # a participle, a purpose, examples, two nouns joined, a
        # manner, a likeness, where it is done and a degree ("even cheaper")
    assert cut("Save the cookies to a file and load them back on the next run") == [
        "Save the cookies to a file",
        "load them (the cookies) back on the next run",  # what "them" stands for
    ]  # a verb and its object: a clause of its own
    relative = (
        "Sign in to mail servers that offer LOGIN, which asks for the user and then the password"
    )
    assert cut(relative) == [relative]  # a relative clause describes what the one before names
    assert cut("Retry declined charges, which the gateway rejects, and log every refund") == [
        "Retry declined charges, which the gateway rejects",
        "log every refund",
    ]


def test_the_order_things_come_in_is_part_of_a_clause_not_a_component() -> None:
    """ "..., largest first" says how the clause before it sorts (php-symfony-finder: "Largest
    first" was a component of its own, and every question was asked twice)."""
    from brownfield.interview.adaptive.start import _components

    def cut(idea: str) -> list[str]:
        return [c.description for c in _components(idea, [], False)]

    for one in (
        "Let callers sort the refunds by their amount, largest first",
        "List the orders, most recent first",
        "Sort the receipts by name, folders last",
    ):
        assert cut(one) == [one]
    # a verb first, or more than three words: an order of its own
    assert cut("Cache the orders, log them first") == [
        "Cache the orders",
        "log them (the orders) first",
    ]
    assert cut("Sort the orders by date, then refund the oldest first") == [
        "Sort the orders by date",
        "refund the oldest first",
    ]


def test_a_pronoun_object_says_what_it_stands_for() -> None:
    """ "Restore them" searches nothing: the clause names what "them" is, the first phrase
    of the clause before it that opens with a determiner (past the subject "let X" gives),
    up to a stop word or a comma."""
    from brownfield.interview.adaptive.clauses import referred

    before = "Let users back up their saved settings to a JSON file"
    assert referred("restore them from one", before) == (
        "restore them (their saved settings) from one"
    )
    assert referred("read it back", "Store the original file name, and the time") == (
        "read it (the original file name) back"
    )
    assert referred("read them back", "Store the file name and modification time in it") == (
        "read them (the file name and modification time) back"
    )
    assert referred("load them", "Save the cookies and the keys") == "load them (the cookies)"
    # the subject of "let" is no object; a clause with no determiner phrase names nothing
    assert referred("log them", "Let the client retry failed requests") == "log them"
    assert referred("log them", "Retry failed requests") == "log them"
    assert referred("log the failures", before) == "log the failures"  # no pronoun
    assert referred("so it stays logged in", before) == "so it stays logged in"  # a subject
    assert referred("load them back", "") == "load them back"
    # "them" stands for several things: a phrase naming one is passed over
    values = "Let values in the settings file refer to the variables of the shell"
    assert referred("fill them in", values) == "fill them (the variables) in"
    assert referred("fill them in", values.rsplit(" to ", 1)[0]) == "fill them in"


def test_an_and_inside_a_clause_with_its_own_subject_goes_on_with_that_clause() -> None:
    from brownfield.interview.adaptive.start import _components

    def cut(idea: str) -> list[str]:
        return [c.description for c in _components(idea, [], False)]

    for one in (
        # the library gives up and (the library) reports: one clause, not "Reports a loop"
        "Let users raise the retry limit before the gateway gives up and reports a failure",
        "Accept the check operation, which compares the value and aborts the replay if not",
        "When a refund is large and the customer is new, hold it for review",
        "Add a hook that decides how the old order and the new one are merged on update",
        "When a refund is replayed onto an order, also check the order's total",
        # "so that" opens a clause a condition interrupts: it goes on after the condition
        "Add a setting so that, when a refund is large, only a manager may approve it",
    ):
        assert cut(one) == [one]
    # a fence written inline opens a quote nothing closes: the rest is still cut
    fence = "Name the file, written like ```{.py}, and show it, both with and without colours"
    assert cut(fence) == [
        "Name the file, written like ```{.py}",
        "show it (the file), both with and without colours",
    ]
    # "and" between two words of place or time says where (when) both ways: one clause
    # (@tanstack/virtual-core: "rendered above" and "Below the visible ones" were two)
    for paired in (
        "Let callers choose how many extra rows are rendered above and below the visible "
        "ones separately, instead of one number for both directions",
        "Log the order's total before and after a refund",
    ):
        assert cut(paired) == [paired]
    # a modifier key held down is held while the next action is done: one gesture
    shift = "Let users hold Shift and click an order to refund every order up to it"
    assert cut(shift) == [shift]
    assert cut("Hold the order and email the customer") == ["Hold the order", "email the customer"]
    # "also" joins a clause after a comma or an "and"; on its own it is an adverb inside one
    also = "Let command-line flags also be read from environment variables when not given"
    assert cut(also) == [also]
    for two in (
        "Hold the order, also email the customer",
        "Hold the order and also email the customer",
    ):
        assert [c.split(" (")[0] for c in cut(two)] == ["Hold the order", two.rsplit("also ")[1]]
    # an order in its verb's base form is a clause of its own, even after a "when"
    assert cut("Retry the charge when the gateway times out and email the customer") == [
        "Retry the charge when the gateway times out",
        "email the customer",
    ]


class _Evidence:
    """The evidence a prompt reads besides its caller target: no code outside the
    repository calls a touchpoint."""

    def outside_callers(self, component: object) -> None:
        return None


class _OneCaller(_Evidence):
    """The one part of the evidence the caller-impact question reads."""

    def caller_target(
        self, component: object, scores: object, started: bool = False
    ) -> CallerTarget:
        return CallerTarget("app.pay.charge", ["app.cart.checkout (app/cart.py:17)"])


def test_one_call_site_is_asked_about_as_one() -> None:
    state = two_components(([], []))
    state.topology.components = [
        new_component(1, "Retry charges", "retry charges", ["app/pay.py::charge"], True)
    ]
    component = state.topology.components[0]
    prompt = prompt_for(state, component, slot_of(state, 0, "caller_impact"), _OneCaller())  # type: ignore[arg-type]
    assert prompt.text.endswith("Should 'Retry charges' apply to it?"), prompt.text
    assert prompt.options[0] == "Apply it to its one call site (app.cart.checkout (app/cart.py:17))"


class _ExtendedByASubclass(_Evidence):
    """tenacity's `BaseRetrying`: two callers construct it, and two subclasses' `__init__`
    extend its `__init__` (`super().__init__(...)`), which the callers fact counts too."""

    def caller_target(
        self, component: object, scores: object, started: bool = False
    ) -> CallerTarget:
        return CallerTarget(
            "app.retrying.Retrying",
            ["app.retrying.Retrying.copy (app/retrying.py:40)", "app.api.wrap (app/api.py:9)"],
            (
                "app.aio.AsyncRetrying.__init__ (app/aio.py:12)",
                "app.web.Web.__init__ (app/web.py:8)",
            ),
            builds=True,
        )


def test_the_call_sites_asked_about_say_which_overrides_are_left_out() -> None:
    state = two_components(([], []))
    state.topology.components = [
        new_component(1, "Say how long", "say how long", ["app/retrying.py::Retrying"], True)
    ]
    component = state.topology.components[0]
    slot = slot_of(state, 0, "caller_impact")
    prompt = prompt_for(state, component, slot, _ExtendedByASubclass())  # type: ignore[arg-type]
    assert prompt.text.startswith(
        "Retrying is called from 2 place(s) (besides 2 override(s) in subclasses extending it, "
        "e.g. app.aio.AsyncRetrying.__init__ (app/aio.py:12)): app.retrying.Retrying.copy "
        "(app/retrying.py:40), app.api.wrap (app/api.py:9). "
    ), prompt.text
    assert prompt.options[0].startswith("Apply it to both call sites (")
    # building a Retrying starts nothing: its call sites come after the person
    trigger = prompt_for(state, component, slot_of(state, 0, "trigger"), _ExtendedByASubclass())  # type: ignore[arg-type]
    assert trigger.options[:2] == (
        "A person, through the existing interface",
        "Called from app.retrying.Retrying.copy (app/retrying.py:40)",
    ), trigger.options


class _TwoSitesOneCaller(_Evidence):
    def caller_target(
        self, component: object, scores: object, started: bool = False
    ) -> CallerTarget:
        return CallerTarget(
            "app.pay.charge",
            ["app.cart.checkout (app/cart.py:17)", "app.cart.checkout (app/cart.py:21)"],
        )


def test_two_call_sites_in_one_caller_are_named_once() -> None:
    state = two_components(([], []))
    state.topology.components = [
        new_component(1, "Retry charges", "retry charges", ["app/pay.py::charge"], True)
    ]
    component = state.topology.components[0]
    evidence = _TwoSitesOneCaller()
    impact = prompt_for(state, component, slot_of(state, 0, "caller_impact"), evidence)  # type: ignore[arg-type]
    assert impact.options[0] == (
        "Apply it to both call sites (app.cart.checkout (app/cart.py:17, app/cart.py:21))"
    )
    trigger = prompt_for(state, component, slot_of(state, 0, "trigger"), evidence)  # type: ignore[arg-type]
    assert [o for o in trigger.options if o.startswith("Called from")] == [
        "Called from app.cart.checkout (app/cart.py:17, app/cart.py:21)"
    ]


def test_a_decision_of_several_components_says_whose_it_is_in_the_spec(tmp_path: Path) -> None:
    state = two_components(([], []))
    for index, component in enumerate(state.topology.components):
        slot = slot_of(state, index, "non_goals")
        contradictions.record(state, component, slot, "Nothing is excluded", 3)
    facts = compile_spec(state, tmp_path).split("## Established Facts")[1].split("##")[0]
    assert "- D1 [person, round 3] Nothing is excluded (for 'Audit checkout')" in facts
    assert "- D2 [person, round 3] Nothing is excluded (for 'Audit billing')" in facts
    state.topology.components = state.topology.components[:1]  # one component: no need
    state.established_facts = state.established_facts[:1]
    assert "- D1 [person, round 3] Nothing is excluded\n" in compile_spec(state, tmp_path)


def test_a_trigger_every_component_shares_is_said_once_in_the_goal() -> None:
    from brownfield.interview.adaptive.statements import goal_sentence

    state = two_components(([], []))
    for index in (0, 1):
        trigger = slot_of(state, index, "trigger")
        trigger.value, trigger.filled_by = (
            "Called from app.cart.checkout (app/cart.py:17)",
            "person",
        )
    assert goal_sentence(state) == (
        "Audit checkout, and audit billing, when app.cart.checkout calls it."
    )
    slot_of(state, 1, "trigger").value = "A person, through the existing interface"
    assert goal_sentence(state) == (
        "Audit checkout, when app.cart.checkout calls it, and audit billing, when a person "
        "uses the existing interface."
    )


def test_an_offered_edge_case_is_an_acceptance_check_the_persons_own_words_stay() -> None:
    from brownfield.interview.adaptive.decisions import acceptance

    state = two_components(([], []))
    picked = slot_of(state, 0, "edge_cases")
    picked.value, picked.filled_by = "Empty or missing input; Errors raised inside charge", "person"
    typed = slot_of(state, 1, "edge_cases")
    typed.value, typed.filled_by = "A missing API key fails at once", "person"
    assert acceptance(state) == [
        "Handles empty or missing input; handles errors raised inside charge",
        "A missing API key fails at once",
    ]


class _MethodCaller(_Evidence):
    def caller_target(
        self, component: object, scores: object, started: bool = False
    ) -> CallerTarget:
        return CallerTarget("smtp.cramMD5Auth.Next", ["smtp.Client.Auth (net/smtp/smtp.go:222)"])


def test_a_method_is_named_with_its_class_in_options() -> None:
    from brownfield.interview.adaptive.state import TouchpointRecord

    state = two_components(([], []))
    touched = "net/smtp/auth.go::cramMD5Auth.Next"
    state.topology.components = [new_component(1, "Log in", "log in", [touched], True)]
    state.touchpoints = [
        TouchpointRecord(
            id=touched,
            symbol="smtp.cramMD5Auth.Next",
            kind="method",
            path="net/smtp/auth.go",
            line=101,
            score=1.0,
        )
    ]
    component = state.topology.components[0]
    prompt = prompt_for(state, component, slot_of(state, 0, "compatibility"), _MethodCaller())  # type: ignore[arg-type]
    assert prompt.text == "Must existing callers of cramMD5Auth.Next keep working unchanged?"
    limits = prompt_for(state, component, slot_of(state, 0, "limits"), _MethodCaller())  # type: ignore[arg-type]
    assert "It must not make cramMD5Auth.Next noticeably slower" in limits.options


@pytest.mark.parametrize(
    "idea",
    [
        "Limit how large the incoming request headers may be",
        "Cap the number of parts a multipart form may have",
        "Reject requests whose body is larger than a configured size",
        "Let a procedure time out when its resolver takes too long",
        "Let signed tokens expire after a maximum age chosen per serializer",
    ],
)
def test_a_request_that_sets_a_limit_is_asked_its_value(idea: str) -> None:
    """h11: "Limit how large the incoming request headers may be" was asked "Are there
    performance, security or data limits ... must respect?", "No specific limits"
    recommended: what the request itself contradicts. The value it leaves open is asked."""
    state = two_components(([], []))
    state.topology.components = [new_component(1, idea, idea, [], True)]
    component = state.topology.components[0]
    limits = prompt_for(state, component, slot_of(state, 0, "limits"), None)
    assert limits.text.startswith(f"'{idea}' sets a limit: what value should it take")
    assert "No specific limits" not in limits.options
    assert limits.options[0] == "A default that callers may change"


def test_a_request_that_sets_no_limit_is_asked_the_limits_it_must_respect() -> None:
    state = two_components(([], []))
    idea = "Add retries with backoff to payment charges"
    state.topology.components = [new_component(1, idea, idea, [], True)]
    limits = prompt_for(state, state.topology.components[0], slot_of(state, 0, "limits"), None)
    assert limits.text.startswith("Are there performance, security or data limits")
    assert limits.options[0] == "No specific limits"


def test_a_touchpoint_the_person_named_is_the_first_the_panel_and_options_name() -> None:
    """click: after "... into Context.default_map", Context was adopted first in the
    component, but the contrarian's "Not at all: leave X as it is", the filled-in change
    point, the spec's Technical Context and the brief for a coding agent named the
    search's first touchpoint first, as the state file lists them."""
    from brownfield.interview.adaptive import panel
    from brownfield.interview.adaptive.state import TouchpointRecord
    from brownfield.interview.handoff import brief
    from brownfield.interview.spec.autofill import _answer
    from brownfield.interview.spec.compile import technical_context

    state = two_components(([], []))
    ids = ["click/utils.py::get_app_dir", "click/core.py::Context"]
    state.touchpoints = [
        TouchpointRecord(
            id=node_id,
            symbol=node_id.replace("/", ".").replace(".py::", "."),
            kind="class",
            path=node_id.split("::")[0],
            line=9,
            score=score,
            named_in_round=named,
        )
        for node_id, score, named in zip(ids, (1.0, 0.0), (None, 1), strict=True)
    ]
    state.topology.components = [new_component(1, "Defaults", "defaults", ids[::-1], True)]
    component = state.topology.components[0]
    review = panel.convene(state, component, slot_of(state, 0, "change_points"), "t", 5)
    assert [f.option for f in review.findings if f.persona == "contrarian"] == [
        "Not at all: leave click.core.Context as it is"
    ]
    answer = _answer(state, component, "change_points")
    assert answer is not None and answer[0] == "change click.core.Context"
    assert [t["symbol"] for t in brief(state)["touchpoints"]] == [
        "click.core.Context",
        "click.utils.get_app_dir",
    ]
    assert technical_context(state)[:2] == [
        "- Touchpoint: click.core.Context (click/core.py:9)",
        "- Touchpoint: click.utils.get_app_dir (click/utils.py:9)",
    ]


def test_the_technical_context_lists_a_test_touchpoint_first_for_an_idea_about_tests() -> None:
    """werkzeug, "Add tests for parsing multipart form data when the boundary is missing":
    the test already there, the component's first touchpoint, was listed last."""
    from brownfield.interview.adaptive.state import TouchpointRecord
    from brownfield.interview.spec.compile import technical_context

    state = two_components(([], []))
    ids = ["tests/test_form.py::test_missing_boundary", "app/form.py::parse_multipart"]
    state.touchpoints = [
        TouchpointRecord(
            id=node_id,
            symbol=node_id.split("::")[1],
            kind="function",
            path=node_id.split("::")[0],
            line=3,
            score=1.0,
        )
        for node_id in ids
    ]
    state.topology.components = [new_component(1, "Form", "form", ids, True)]

    def listed(idea: str) -> list[str]:
        state.description = idea
        return [line.split(" (")[0] for line in technical_context(state)[:2]]

    assert listed("Add tests for a missing multipart boundary") == [
        "- Touchpoint: test_missing_boundary",
        "- Touchpoint: parse_multipart",
    ]
    assert listed("Reject a missing multipart boundary") == [
        "- Touchpoint: parse_multipart",
        "- Touchpoint: test_missing_boundary",
    ]


class _SecondTouchpointCalled(_Evidence):
    def caller_target(
        self, component: object, scores: object, started: bool = False
    ) -> CallerTarget:
        return CallerTarget(
            "lib.response.res.send", ["lib.response.res.json (lib/response.js:249)"]
        )


def test_a_trigger_through_a_lower_touchpoint_says_what_it_calls() -> None:
    from brownfield.interview.adaptive.state import TouchpointRecord
    from brownfield.interview.adaptive.statements import trigger_clause

    state = two_components(([], []))
    ids = ["lib/response.js::res.redirect", "lib/response.js::res.send"]
    state.topology.components = [new_component(1, "Redirect", "redirect", ids, True)]
    state.touchpoints = [
        TouchpointRecord(
            id=node_id,
            symbol=f"lib.response.{node_id.split('::')[1]}",
            kind="method",
            path="lib/response.js",
            line=line,
            score=1.0,
        )
        for node_id, line in zip(ids, (815, 126), strict=True)
    ]
    component = state.topology.components[0]
    prompt = prompt_for(state, component, slot_of(state, 0, "trigger"), _SecondTouchpointCalled())  # type: ignore[arg-type]
    first = "Called from lib.response.res.json (lib/response.js:249), where it calls res.send"
    assert prompt.options[0] == first
    assert trigger_clause(first) == "when lib.response.res.json calls res.send"
    assert trigger_clause("Called from app.cart.checkout (app/cart.py:17)") == (
        "when app.cart.checkout calls it"
    )
    private = "Called from src.observer.Observer.#findMatching (src/observer.ts:381)"
    assert trigger_clause(private) == "when src.observer.Observer.#findMatching calls it"
    # the person's own words go on lower-case but for a name written in capitals
    assert (
        trigger_clause("A user setting logger.level") == "triggered by a user setting logger.level"
    )
    assert trigger_clause("CLI users") == "triggered by CLI users"
    assert trigger_clause("HTTPClient.send") == "triggered by HTTPClient.send"
    assert trigger_clause("I run it by hand") == "triggered by I run it by hand"
    # REXML: "Document.new with a string source" went on as "document.new ..."
    assert trigger_clause("Document.new with a string source") == (
        "triggered by Document.new with a string source"
    )
    assert trigger_clause("PaymentDeclined handlers") == "triggered by PaymentDeclined handlers"
    assert trigger_clause("Cron at midnight") == "triggered by cron at midnight"


def test_an_evidence_line_shows_the_cited_name_before_the_facts_subject(tmp_path: Path) -> None:
    """A class's method cited on a line that also names the class (its return type): the
    Evidence token is the method, which is what the citation says is there."""
    from brownfield.interview.spec.compile import evidence_items

    (tmp_path / "app").mkdir()
    (tmp_path / "app/env.py").write_text(
        "class Template:\n    def render(self) -> 'Template':\n        return self\n"
    )
    state = two_components(([], []))
    state.established_facts = [
        code_fact(
            "F1",
            "members",
            "app.env.Template",
            "app.env.Template (app/env.py:1) defines 1 method(s): `render` (app/env.py:2).",
            [CitationRecord(path="app/env.py", line=2, symbol="render")],
        )
    ]
    assert [(i.line, i.needle) for i in evidence_items(state, tmp_path)] == [(2, "render")]
    (item,) = evidence_items(state, tmp_path)
    assert item.claim == "F1: app.env.Template (app/env.py:1) defines 1 method(s)..."


def test_the_test_location_lists_tests_that_reach_before_lines_naming_a_touchpoint() -> None:
    """zod's spec listed "No test reaches $ZodNaN ...; but `$ZodNaN` is written at ..." first
    and the three tests reaching the NaN check after it."""
    from brownfield.interview.adaptive.decisions import test_location

    def fact(n: int, topic: str, statement: str, path: str) -> EstablishedFact:
        return code_fact(f"F{n}", topic, "s", statement, [CitationRecord(path=path, line=n)])

    state = two_components(([], []))
    state.established_facts = [
        fact(1, "test-layout", "Tests live in tests/ (2 files).", "tests/test_a.py"),
        fact(2, "tests", "No test reaches app.Nan through resolved calls.", "tests/test_a.py"),
        fact(3, "tests", "1 test(s) reach app.check: tests.test_b.test_c.", "tests/test_b.py"),
    ]
    assert [line.rsplit("(", 1)[1] for line in test_location(state)] == [
        "F3, from the code)",
        "F2, from the code)",
        "F1, from the code)",
    ]


def test_the_evidence_lists_the_lines_a_fact_shows_and_counts_the_rest(tmp_path: Path) -> None:
    """A count's sites ("12 test(s) reach X") are not 12 evidence items: the fact's first six
    and those its statement names are, the rest are counted once (a line two facts cite is
    one line), and what is listed is what `verify` re-reads."""
    from brownfield.interview.spec.compile import compile_spec, evidence_items
    from brownfield.interview.spec.verify import verify_spec

    (tmp_path / "tests").mkdir()
    (tmp_path / "tests/test_x.py").write_text(
        "".join(f"def test_{n}():\n    run()\n" for n in range(1, 13))
    )
    sites = [CitationRecord(path="tests/test_x.py", line=2 * n, symbol="run") for n in range(1, 13)]
    state = two_components(([], []))
    state.established_facts = [
        code_fact(
            "F1",
            "tests",
            "app.run",
            "12 test(s) reach app.run: tests.test_x.test_11 (tests/test_x.py:22) ...",
            sites,
        ),
        code_fact(
            "F2",
            "callers",
            "app.run",
            "app.run is called from 3 test(s).",
            [sites[9], sites[11], sites[0]],
        ),
    ]
    listed = [item.line for item in evidence_items(state, tmp_path)]
    assert listed == [2, 4, 6, 8, 10, 12, 20, 22, 24]  # F1's six and its test_11; F2's three
    spec = compile_spec(state, tmp_path)
    assert "- Not listed: 3 more line(s) the facts cite for what they count (F1 3)," in spec
    (tmp_path / "spec.md").write_text(spec)
    assert [c.line for c in verify_spec(tmp_path / "spec.md", tmp_path)] == listed


def test_every_evidence_needle_is_found_where_it_is_cited_as_verify_finds_it(
    tmp_path: Path,
) -> None:
    """What `verify` checks right after the interview holds: a needle is a whole word of its
    line (`_when`, not the `when` inside it), a constructor's class stands for its
    `__init__`, an overload's name is shown without its `~N`, and a line shown by its code
    is not cut inside a word."""
    from brownfield.interview.spec.compile import evidence_items
    from brownfield.interview.spec.verify import holds_word

    (tmp_path / "app").mkdir()
    lines = [
        "def when(x):",
        "    return _when(x)",
        "client = Client(transport=MockTransport(app), authentication=auth, timeout=5, x=1)",
        "    Manifest(InputStream is, String jarFilename) throws IOException {",
        "    results = [compute(value) for value in values_seen_so_far_in_this_run_long]",
    ]
    (tmp_path / "app/mod.py").write_text("\n".join(lines) + "\n")
    cited = [
        (2, "app.mod.when", "app.mod._when"),
        (3, "app.mod.test_client", "app.mod.Client.__init__"),
        (4, "app.Manifest.Manifest~3", "app.Manifest.Manifest~3"),
        (5, "app.mod.caller", "app.mod.compute_all"),
    ]
    state = two_components(([], []))
    state.established_facts = [
        code_fact(
            f"F{n}",
            "callers",
            subject,
            f"{subject} is called from {symbol} (app/mod.py:{line}).",
            [CitationRecord(path="app/mod.py", line=line, symbol=symbol)],
        )
        for n, (line, symbol, subject) in enumerate(cited, 1)
    ]
    items = evidence_items(state, tmp_path)
    assert [(i.line, i.needle) for i in items] == [
        (2, "_when"),
        (3, "Client"),
        (4, "Manifest"),
        (5, "results = [compute(value) for value in"),
    ]
    assert all(holds_word(i.needle, lines[i.line - 1]) for i in items)
    assert holds_word("f(a, b", "x = f(a, b=1)")  # a needle ending in a non-word character


def test_an_evidence_claim_is_its_facts_headline_not_the_whole_list() -> None:
    from brownfield.interview.spec.compile import MAX_HEADLINE, headline

    assert headline("X sets or reads: `a` (a.py:1), `b` (a.py:2).") == "X sets or reads..."
    assert headline("Tests live in tests/ (2 files).") == "Tests live in tests/ (2 files)"
    assert headline("Y (a.py:3) is called from 1 place(s): z (b.py:4).") == (
        "Y (a.py:3) is called from 1 place(s)..."  # a citation's colon is no end
    )
    long = "Names " + "written by many " * 20 + "touchpoints: `x` (a.py:1)."
    cut = headline(long)
    assert cut.endswith("...") and len(cut) <= MAX_HEADLINE + 3 and cut[:-3] == cut[:-3].rstrip()


def test_an_evidence_claim_at_a_test_shows_the_part_of_the_fact_naming_it() -> None:
    from brownfield.interview.spec.compile import headline

    fact = (
        "c (g.py:8) is called from 1 place(s) in production code: k (a.py:17); "
        "1 test(s), e.g. t (tests/t.py:8)."
    )
    assert headline(fact, "a.py:17") == "c (g.py:8) is called from 1 place(s) in production code..."
    assert headline(fact, "tests/t.py:8") == (
        "c (g.py:8) is called from 1 place(s) in production code... 1 test(s), e.g. t (tests/t.py:8)"
    )
    assert headline(fact, "tests/t.py:80") == headline(fact)  # a site the list does not give


def test_a_fact_restated_in_another_order_is_the_one_established() -> None:
    """Two components rank a touchpoint's keys by their own words: the second round's
    statement lists the same keys, cited the same, in another order; it is the fact
    established already, not a new one. Other keys, or another subject, are new."""
    state = two_components((["a.py::get"], ["a.py::get"]))
    cited = (Citation("a.py", 3), Citation("a.py", 7))
    first = add_fact(
        state,
        Fact(
            "settings", "a.get", "a.get sets or reads: `NETRC` (a.py:3), `FILES` (a.py:7).", cited
        ),
        "evidence",
        1,
    )
    again = Fact(
        "settings", "a.get", "a.get sets or reads: `FILES` (a.py:7), `NETRC` (a.py:3).", cited
    )
    assert established(state, again) is first
    other_key = Fact("settings", "a.get", "a.get sets or reads: `FILES` (a.py:7), `HOME` (a.py:3).")
    other_subject = Fact("settings", "a.put", again.statement, cited)
    assert established(state, other_key) is None
    assert established(state, other_subject) is None


@pytest.mark.parametrize(
    ("answer", "disputed"),
    [
        ("not that one; it belongs in LoopContext in jinja2/runtime.py", False),
        ("Not the constructor. LoopContext is where it goes", False),
        ("that is wrong, but LoopContext is right", False),
        ("LoopContext is not what the code says", True),
        ("no, LoopContext does not iterate like that", True),
    ],
)
def test_a_negation_disputes_only_what_its_own_clause_names(answer: str, disputed: bool) -> None:
    """jinja2: "not that one; it belongs in LoopContext in jinja2/runtime.py", answering
    which definition should change, was read as disputing what the code says of
    LoopContext ("The code shows: Names in jinja2.runtime.LoopContext ... You said this is
    wrong"): its "not" is of another clause."""
    from brownfield.interview.adaptive.triggers import detect_contradiction
    from brownfield.model import Fact

    state = two_components(([], []))
    idea = "Let templates limit how many times a loop may run"
    state.topology.components = [new_component(1, idea, idea, [], True)]
    statement = "Names in jinja2.runtime.LoopContext that carry the idea's words: `iter`."
    fact = add_fact(state, Fact("names", "jinja2.runtime.LoopContext", statement), "evidence", 4)
    component = state.topology.components[0]
    found = detect_contradiction(state, component, slot_of(state, 0, "change_points"), answer)
    assert bool(found) is disputed
    assert fact.disputed is disputed


def test_what_the_person_answered_about_a_dropped_touchpoint_is_asked_again() -> None:
    """pino: "not genLog; change setLevel", answering which definition should change, left
    "Keep genLog's signature and behaviour for every caller" and "Apply it to all 7 call
    sites" (genLog's) as the spec's constraints; a trigger the person wrote in their own
    words is about no touchpoint and stays."""
    from brownfield.interview.adaptive import pointers
    from brownfield.interview.adaptive.state import Round, TouchpointRecord

    ids = ["lib/tools.js::genLog", "lib/levels.js::setLevel"]
    state = two_components(([], []))
    idea = "Let the log level be changed while the program runs"
    state.topology.components = [new_component(1, idea, idea, list(ids), True)]
    state.touchpoints = [
        TouchpointRecord(
            id=i, symbol=s, kind="function", path=i.partition("::")[0], line=1, score=1.0
        )
        for i, s in zip(ids, ["lib.tools.genLog", "lib.levels.setLevel"], strict=True)
    ]
    asked = {
        "compatibility": ("Must existing callers of genLog keep working unchanged?", "Keep"),
        "trigger": (  # options naming genLog the person did not pick
            "Who or what starts it: which caller?\n  1. Called from a, where it calls genLog"
            "\n  2. A person, through the existing interface\n  (or type your own answer)",
            "a user setting logger.level",
        ),
        "caller_impact": ("genLog is called from 7 place(s): a, b. Apply to all?", "All 7"),
        "limits": ("Must genLog respect limits?", "No specific limits"),
    }
    component = state.topology.components[0]
    for number, (name, (question, answer)) in enumerate(asked.items(), start=5):
        slot = slot_of(state, 0, name)
        slot.filled_by, slot.value, slot.quality, slot.round = "person", answer, 1.0, number
        contradictions.record(state, component, slot, answer, number)
        state.rounds.append(
            Round(
                round=number,
                kind="decision",
                slot=name,
                question=question,
                answer=answer,
                timestamp=datetime(2026, 1, 1, tzinfo=UTC),
            )
        )
    pointers.follow(state, component, "not genLog; change setLevel", None, 9)
    assert component.touchpoints == ["lib/levels.js::setLevel"]
    filled = {s.name: s.value for s in component.slots if s.filled_by == "person"}
    assert filled == {"trigger": "a user setting logger.level", "limits": "No specific limits"}
    # withdrawn, not deleted: answering again about setLevel contradicts nothing
    withdrawn = [f.statement for f in state.established_facts if f.withdrawn]
    assert withdrawn == ["Keep", "All 7"]
    again = slot_of(state, 0, "compatibility")
    assert contradictions.find(state, component, again, "Keep setLevel", "1") is None
    assert [r.answer for r in state.rounds] == [
        "Keep",
        "a user setting logger.level",
        "All 7",
        "No specific limits",
    ]  # the transcript keeps all


def test_a_rejected_touchpoint_is_dropped_everywhere_and_its_question_asked_again() -> None:
    """pino: "buildStream is not relevant, nor multistream; ..." answering "Must existing
    callers of buildStream keep working unchanged?" dropped buildStream only: "nor
    multistream" disputed what the code says of multistream ("You said this is wrong"), the
    ontology still offered both, and the answer was kept as the compatibility decision."""
    from brownfield.interview.adaptive import ontology, pointers
    from brownfield.interview.adaptive.state import TouchpointRecord
    from brownfield.interview.adaptive.triggers import detect_contradiction

    ids = ["lib/transport.js::buildStream", "lib/multistream.js::multistream", "lib/a.js::kept"]
    state = two_components(([], []))
    idea = "Let the logger read its level from the environment"
    state.topology.components = [new_component(1, idea, idea, list(ids), True)]
    state.touchpoints = [
        TouchpointRecord(
            id=i,
            symbol=i.replace(".js::", ".").replace("/", "."),
            kind="function",
            path=i.partition("::")[0],
            line=1,
            score=1.0,
        )
        for i in ids
    ]
    component = state.topology.components[0]
    site = CitationRecord(path="lib/multistream.js", line=1, symbol="lib.multistream.multistream")
    fact = code_fact("F1", "callers", "lib.multistream.multistream", "It is called.", [site])
    state.established_facts.append(fact)
    answer = "buildStream is not relevant, nor multistream; the level is set in normalize"
    messages = pointers.follow(state, component, answer, None, 5)
    assert component.touchpoints == ["lib/a.js::kept"], messages
    assert pointers.retargets("compatibility", messages)
    assert not pointers.retargets("change_points", messages)  # "not X; it is Y" decides it
    assert not detect_contradiction(state, component, slot_of(state, 0, "compatibility"), answer)
    assert not fact.disputed
    names = {entity.symbol for entity in ontology.extract(state)}
    assert "lib.multistream.multistream" not in names and "lib.a.kept" in names


def test_rejecting_a_method_disputes_nothing_the_code_says_of_its_class() -> None:
    """REXML: "not Security.entity_expansion_limit; change BaseParser#pull_event" dropped
    the method and then asked "The code shows: Names in REXML.Security that carry the
    idea's words ... You said this is wrong. Confirm F21"."""
    from brownfield.interview.adaptive import pointers
    from brownfield.interview.adaptive.state import TouchpointRecord
    from brownfield.interview.adaptive.triggers import detect_contradiction

    ids = ["lib/security.rb::REXML.Security.limit", "lib/parser.rb::REXML.Parser.pull"]
    state = two_components(([], []))
    idea = "Limit entity expansion depth when parsing documents"
    state.topology.components = [new_component(1, idea, idea, list(ids), True)]
    state.touchpoints = [
        TouchpointRecord(
            id=i, symbol=s, kind="method", path=i.partition("::")[0], line=1, score=1.0
        )
        for i, s in zip(
            ids, ["lib.security.REXML.Security.limit", "lib.parser.REXML.Parser.pull"], strict=True
        )
    ]
    site = CitationRecord(path="lib/security.rb", line=4, symbol="limit")
    fact = code_fact(
        "F1", "names", "lib.security.REXML.Security", "Names in Security: `limit`.", [site]
    )
    state.established_facts.append(fact)
    component = state.topology.components[0]
    answer = "not Security.limit; change Parser#pull"
    pointers.follow(state, component, answer, None, 5)
    assert component.touchpoints == ["lib/parser.rb::REXML.Parser.pull"]
    assert not detect_contradiction(state, component, slot_of(state, 0, "change_points"), answer)
    assert not fact.disputed


def test_a_rejection_beside_a_name_disputes_nothing_the_code_says() -> None:
    """Go's encoding/csv: "r.readLine, not Reader.FieldPos" dropped FieldPos, then asked
    "The code shows: csv.Reader.readLine ... is declared ... You said this is wrong"."""
    from brownfield.interview.adaptive.triggers import detect_contradiction

    state = two_components(([], []))
    site = CitationRecord(path="encoding/csv/reader.go", line=250, symbol="readLine")
    fact = code_fact("F1", "signature", "csv.Reader.readLine", "It is declared.", [site])
    state.established_facts.append(fact)
    component = state.topology.components[0]
    slot = slot_of(state, 0, "non_goals")
    assert not detect_contradiction(state, component, slot, "r.readLine, not Reader.FieldPos")
    assert not detect_contradiction(state, component, slot, "Reader.readLine is not it")
    assert not fact.disputed
    # a negation of what the code says of it still disputes it
    assert detect_contradiction(state, component, slot, "r.readLine is not declared like that")
    assert fact.disputed


def test_an_inconsistency_is_one_of_the_answer_just_given() -> None:
    """jinja2: the outcome "Only change do_truncate" and the non-goal "Do not change
    do_truncate" made every later answer "inconsistent": "Must existing callers of
    do_wordwrap keep working unchanged?" was asked until the answers ran out."""
    from brownfield.interview.adaptive.triggers import detect

    state = two_components(([], []))
    component = state.topology.components[0]
    for name, value in (
        ("outcome", "Only change do_truncate"),
        ("non_goals", "Do not change do_truncate"),
    ):
        slot = slot_of(state, 0, name)
        slot.value, slot.filled_by, slot.quality = value, "person", 1.0
    later = slot_of(state, 0, "acceptance")
    later.value, later.filled_by, later.quality = "It renders a b...", "person", 1.0
    assert detect(state, component, later, later.value) == []
    assert later.filled_by == "person"
    boundary = slot_of(state, 0, "non_goals")
    assert [t.kind for t in detect(state, component, boundary, boundary.value)] == ["inconsistency"]
    assert boundary.filled_by is None  # the answer just given is asked again
