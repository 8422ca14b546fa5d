"""The search index: what it holds per definition, incremental builds equal to full ones,
plain words that find abbreviated identifiers and docstrings, production before tests, and
negative facts that say how complete they are."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from brownfield.graph.builder import build
from brownfield.graph.store import GraphStore
from brownfield.graph.vocabulary import compound, direct_terms, index_words, query_terms
from brownfield.model import Citation, Fact, Node, NodeKind
from brownfield.query import (
    code_names,
    context,
    evidence,
    project,
    reaching_tests,
    similar,
    traverse,
    written,
)
from brownfield.query import search as search_module
from brownfield.query.context import Touchpoint, touchpoints
from brownfield.query.declarations import is_type_declaration
from brownfield.query.evidence import callers_fact
from brownfield.query.own_code import own_code_fact
from brownfield.query.search import _own_name, carried, parse, rank, search, unfound
from brownfield.query.similar import further_fact, similar_fact
from tests.conftest import git_init, write_files

FILES = {
    "cli/params.py": '''
        import os

        DEFAULT_TIMEOUT = 30

        class Option:
            def __init__(self, name, envvar=None, multiple=False):
                self.envvar = envvar
                self.multiple = multiple

            def get_envvar_prefix(self, ctx):
                return os.environ.get("APP_ENV_PREFIX", "")

        def backoff_delay(attempt):
            """Sleep a little longer before each new try of the request."""
            return min(DEFAULT_TIMEOUT, 2 ** attempt)
        ''',
    "cli/runner.py": """
        from cli.params import backoff_delay

        def run(job):
            job.execute()
            return backoff_delay(1)
        """,
    "tests/test_params.py": """
        from cli.params import Option

        def test_option_reads_the_environment_variable_prefix():
            assert Option("x").get_envvar_prefix(None) == ""
        """,
}


@contextmanager
def opened(tmp_path: Path, files: dict[str, str] = FILES) -> Iterator[GraphStore]:
    """The store of `files` built in a repository under `tmp_path`, closed after use."""
    store = GraphStore.open(built(tmp_path, files))
    try:
        yield store
    finally:
        store.close()


def built(tmp_path: Path, files: dict[str, str] = FILES) -> Path:
    write_files(tmp_path, files)
    git_init(tmp_path)
    build(tmp_path, workers=1)
    return tmp_path


def index_rows(root: Path) -> list[tuple[object, ...]]:
    connection = sqlite3.connect(root / ".brownfield/graph.db")
    try:
        rows = connection.execute(
            "SELECT id, path, kind, name, words, doc, params, attrs, keys, body, raw, messages "
            "FROM search_docs ORDER BY id"
        ).fetchall()
        matches = connection.execute(
            "SELECT d.id FROM search JOIN search_docs d ON d.rowid = search.rowid "
            "WHERE search MATCH 'envvar OR sleep OR timeout' ORDER BY d.id"
        ).fetchall()
    finally:
        connection.close()
    return [*rows, ("fts", *matches)]


def test_the_index_holds_names_docstrings_parameters_attributes_and_keys(tmp_path: Path) -> None:
    root = built(tmp_path)
    rows = {row[0]: row for row in index_rows(root) if row[0] != "fts"}
    option_init = rows["cli/params.py::Option.__init__"]
    assert "envvar" in str(option_init[6]).split()  # parameters
    assert {"envvar", "multiple"} <= set(str(option_init[7]).split())  # assigned attributes
    prefix = rows["cli/params.py::Option.get_envvar_prefix"]
    assert "environment" in str(prefix[3]).split()  # env expanded in the name's words
    assert "app_env_prefix" in str(prefix[8]).split()  # the key it reads
    assert "APP_ENV_PREFIX:11" in str(prefix[10]).split()  # raw, with its line
    delay = rows["cli/params.py::backoff_delay"]
    assert str(delay[5]).startswith("Sleep a little longer")  # the docstring
    assert "DEFAULT_TIMEOUT:15" in str(delay[10]).split()  # a constant it reads
    assert {"min", "attempt"} <= set(str(delay[9]).split())  # the names its body uses
    assert "return" not in str(delay[9]).split()  # not the language's keywords


def test_a_rust_visibility_is_no_parameter_list(tmp_path: Path) -> None:
    """`pub(crate) fn retry_after(delay: Duration, attempts: u32)`: the parameters are in the
    second parenthesis, not `crate`."""
    files = {
        "src/lib.rs": """
            pub(crate) fn retry_after(delay: Duration, attempts: u32) -> Duration {
                delay * attempts
            }

            pub(in crate::net) fn dial(address: &str) -> bool {
                address.is_empty()
            }
            """,
    }
    root = built(tmp_path, files)
    rows = {row[0]: row for row in index_rows(root) if row[0] != "fts"}
    for node, parameters in (("retry_after", {"delay", "attempts"}), ("dial", {"address"})):
        words = set(str(rows[f"src/lib.rs::{node}"][6]).split())
        assert parameters <= words and "crate" not in words, words


def test_an_incremental_build_leaves_the_index_a_full_build_leaves(tmp_path: Path) -> None:
    root = built(tmp_path / "a")
    edited = {
        **FILES,
        "cli/runner.py": FILES["cli/runner.py"] + "\n        def retry_job(job):\n"
        '            """Run a job again."""\n            return run(job)\n',
    }
    del edited["tests/test_params.py"]
    (root / "tests/test_params.py").unlink()
    write_files(root, {"cli/runner.py": edited["cli/runner.py"]})
    build(root, workers=1)  # incremental: one file changed, one removed
    fresh = built(tmp_path / "b", edited)
    assert index_rows(root) == index_rows(fresh)
    assert any(row[0] == "cli/runner.py::retry_job" for row in index_rows(root))


def test_plain_words_find_abbreviated_identifiers_and_docstrings(tmp_path: Path) -> None:
    assert compound("envvar") == ("env", "var")
    assert {"environment", "variable"} <= set(index_words("envvar_list_splitter"))
    assert "timeout" in query_terms("time")
    with opened(tmp_path) as store:
        found = rank(store, "read the prefix from an environment variable", 3)
        assert found[0].node.id == "cli/params.py::Option.get_envvar_prefix"
        docstring_only = rank(store, "sleep longer before each new try", 1)
        assert docstring_only[0].node.id == "cli/params.py::backoff_delay"
        assert [h.node.id for h in search(store, "multiple", 5)][:1] == [
            "cli/params.py::Option.__init__"
        ]  # an assigned attribute


def test_production_code_comes_before_tests_unless_the_idea_is_about_tests(
    tmp_path: Path,
) -> None:
    with opened(tmp_path) as store:
        idea = "the option reads the environment variable prefix"
        found = [t.node.id for t in touchpoints(store, idea, limit=3)]
        # the method named by the idea's words (its class's among them), then its class,
        # not the test named after them word for word
        assert found[:2] == ["cli/params.py::Option.get_envvar_prefix", "cli/params.py::Option"]
        about_tests = [h.node.id for h in rank(store, f"a unit test for {idea}", 1)]
        assert about_tests == [
            "tests/test_params.py::test_option_reads_the_environment_variable_prefix"
        ]
        rejected = frozenset({"cli/params.py::Option.get_envvar_prefix"})
        assert all(t.node.id not in rejected for t in touchpoints(store, idea, 5, rejected))


def test_a_test_matching_every_word_still_comes_after_production_that_matches_one(
    tmp_path: Path,
) -> None:
    files = {
        "shop/basket.py": """
            def total(items):
                return sum(items)
            """,
        "tests/test_basket.py": """
            def test_basket_total_rounds_discounted_prices_to_whole_cents():
                assert round(0.125, 2) == 0.12
            """,
    }
    idea = "basket total rounds discounted prices to whole cents"
    with opened(tmp_path, files) as store:
        found = [t.node.id for t in touchpoints(store, idea, limit=2)]
        assert found == [
            "shop/basket.py::total",
            "tests/test_basket.py::test_basket_total_rounds_discounted_prices_to_whole_cents",
        ]
        about_tests = [t.node.id for t in touchpoints(store, f"a test: {idea}", limit=1)]
        assert about_tests == [found[1]]


def test_code_written_for_tests_comes_after_production_unless_the_idea_is_about_tests(
    tmp_path: Path,
) -> None:
    files = {
        "app/scheduler.py": """
            def schedule_delayed_job(job, delay):
                return job, delay
            """,
        "app/testing.py": """
            class VirtualScheduler:
                def schedule_delayed_job(self, job, delay):
                    \"\"\"Let a delayed job run after its delay, on a clock the test moves.\"\"\"
                    return job
            """,
    }
    with opened(tmp_path, files) as store:
        idea = "let a delayed job run after its delay"
        found = [h.node.id for h in rank(store, idea, 3)]
        assert found[0] == "app/scheduler.py::schedule_delayed_job"
        for_tests = [h.node.id for h in rank(store, f"in tests, {idea}", 3)]
        assert for_tests[0] == "app/testing.py::VirtualScheduler.schedule_delayed_job"


def test_a_timer_in_plain_words_finds_the_polling_code(tmp_path: Path) -> None:
    files = {
        "sync/poller.py": """
            def start_polling(fetch, every):
                return fetch, every
            """,
        "sync/cache.py": """
            def refresh_data(source):
                return source
            """,
    }
    with opened(tmp_path, files) as store:
        found = [h.node.id for h in rank(store, "refetch on a timer", 2)]
        assert found[0] == "sync/poller.py::start_polling"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("so that browsers don't all hit the server", ("browsers", "hit", "server")),
        ("if its work hasn't finished", ("work", "finished")),
        ("it won't matter and we can't wait", ("matter", "wait")),
        ("they're sure we'll know what I'd want", ("sure", "know")),
        ("the client\u2019s socket doesn\u2019t close", ("client", "socket", "close")),
    ],
)
def test_contractions_are_no_words_of_an_idea(text: str, expected: tuple[str, ...]) -> None:
    """ "don't" is "do not", never a word `don` searched for and named in facts."""
    assert parse(text).words == expected


def test_an_acronym_s_plural_is_one_word() -> None:
    """Python-Markdown: "Add an extension that turns URLs in text into links" searched for
    "ur" and "ls", and said it found no definition for them."""
    assert parse("Add an extension that turns URLs in text into links").words == (
        "extension", "turns", "urls", "text", "links",
    )  # fmt: skip
    assert set(index_words("parseURLs")) >= {"parse", "urls"}
    assert "ur" not in index_words("allIDs_for_URLsToCheck")
    assert index_words("HTTPServer")[:2] == ("http", "server")


def test_plain_phrases_code_names_otherwise(
    tmp_path: Path,
) -> None:
    files = {
        "app/focus.py": """
            def on_window_focus(listener):
                return listener
            """,
        "app/network.py": """
            def set_offline(flag):
                return flag
            """,
        "app/logs.py": """
            def set_logging_level(name):
                return name
            """,
        "app/headers.py": """
            def accepts_encodings(request):
                return request
            """,
        "app/calls.py": """
            def raise_not_found(procedure):
                return procedure

            def throttle_stream(source):
                return source

            def exist_check(value):
                return value
            """,
        "app/browser.py": """
            def open_browser_tab(url):
                return url

            def check_network_connection(host):
                return host

            def log_amount(value):
                return value
            """,
        "app/listing.py": """
            def list_commands(commands):
                return [c for c in commands if not c.hidden]

            def stay_in_list(command):
                return command
            """,
        "app/strings.py": """
            def has_prefix(text, start):
                return text.startswith(start)

            def has_suffix(text, end):
                return text.endswith(end)
            """,
        "app/settings.py": """
            def disable(setting):
                return setting

            def turn_page(offset):
                return offset
            """,
    }
    with opened(tmp_path, files) as store:
        cases = {
            "let apps turn off etags": "disable",
            "require the text to begin with a word": "has_prefix",
            "check that it ends with a dot": "has_suffix",
            "reload data when someone switches back to the browser tab": "on_window_focus",
            "pause while the device has no network connection": "set_offline",
            "turn the amount of logging up or down": "set_logging_level",
            "compress replies": "accepts_encodings",
            "when a client calls a procedure that doesn't exist": "raise_not_found",
            "smooth each burst": "throttle_stream",
            "let a command stay out of the listing": "list_commands",
        }
        found = {idea: rank(store, idea, 1)[0].node.name for idea in cases}
        assert found == cases


def test_a_negative_fact_names_the_unresolved_calls_that_remain(tmp_path: Path) -> None:
    with opened(tmp_path) as store:
        execute = [h for h in rank(store, "backoff_delay", 3)]
        assert execute[0].node.id == "cli/params.py::backoff_delay"
        run = next(t for t in touchpoints(store, "run a job", 5) if t.node.name == "run")
        fact = callers_fact(store, run)
        assert fact is not None
        assert fact.statement == (
            "No resolved caller of cli.runner.run (cli/runner.py:3) in the repository; "
            "no unresolved call is named `run` either."
        )
        similar = similar_fact(store, "add retries with backoff to jobs")
        assert similar.statement.startswith(
            "Definitions matching the idea's mechanism words (retries, backoff) in the "
            "full-text index"
        )  # what each shares with the idea, not a judgement of what it does
        assert 'cli.params.backoff_delay (cli/params.py:13) matches "retries", "backoff"' in (
            similar.statement
        )  # "try" in its docstring, "backoff" in its name
        assert 'cli.runner.run (cli/runner.py:3) matches "retries", "backoff"' in (
            similar.statement
        )  # it calls backoff_delay
        further = further_fact(store, "add retries with backoff to jobs", [])
        assert further is not None and "cli.runner.run (cli/runner.py:3)" in further.statement
        # what the similar mechanism cites already is not said again
        assert (
            further_fact(
                store,
                "add retries with backoff to jobs",
                [],
                frozenset(map(str, similar.citations)),
            )
            is None
        )
        nothing = similar_fact(store, "add caching to jobs")
        assert nothing.statement.startswith("The full-text index (names, docstrings")
        assert "for caching" in nothing.statement  # what was searched


def test_a_touchpoints_signature_and_what_it_calls_are_cited(tmp_path: Path) -> None:
    with opened(tmp_path) as store:
        nodes = {n.qualname: n for n in store.nodes_where("path", "cli/runner.py")}
        nodes |= {n.qualname: n for n in store.nodes_where("path", "tests/test_params.py")}
        run = own_code_fact(store, Touchpoint(nodes["cli.runner.run"], 1.0, ()))
        assert run is not None  # `job.execute()` is not resolved: not named
        assert run.statement == (
            "cli.runner.run (cli/runner.py:3) is declared `def run(job)` and calls "
            "cli.params.backoff_delay (cli/runner.py:5)."
        )
        assert [str(c) for c in run.citations] == ["cli/runner.py:3", "cli/runner.py:5"]
        test = nodes["tests.test_params.test_option_reads_the_environment_variable_prefix"]
        reads = own_code_fact(store, Touchpoint(test, 1.0, ()))
        assert reads is not None and "cli.params.Option.get_envvar_prefix" in reads.statement
        module = nodes["cli.runner"]  # only functions and methods
        assert own_code_fact(store, Touchpoint(module, 1.0, ())) is None


def test_an_exception_is_a_similar_mechanism_only_when_its_name_says_so(tmp_path: Path) -> None:
    files = {
        "net/errors.py": '''
            class TransportError(Exception):
                """Raised when a request failed and is not tried again."""

            class GaveUp(TransportError):
                """The request failed after every retry."""

            class RetryTimeout(TransportError):
                """Waiting for the next retry took too long."""
            ''',
        "net/send.py": '''
            def send_with_retries(request, retries=3):
                """Send the request; try again when it failed."""
                return request
            ''',
    }
    with opened(tmp_path, files) as store:
        ranked = [h.node.qualname for h in rank(store, "retry a failed request", 5)]
        assert "net.errors.GaveUp" in ranked  # the docstrings match
        statement = similar_fact(store, "retry a failed request").statement
        assert "net.send.send_with_retries (net/send.py:1)" in statement
        assert 'net.errors.RetryTimeout (net/errors.py:7) matches "retry"' in statement
        assert "GaveUp" not in statement and "TransportError" not in statement
        inflected = similar_fact(store, "retries after a failed request").statement
        assert "net.errors.RetryTimeout (net/errors.py:7)" in inflected  # "retries", `Retry`
        assert "GaveUp" not in inflected


def test_rust_unit_tests_in_the_file_they_test_are_tests(tmp_path: Path) -> None:
    """log's `Value::visit` is called from its file's `#[cfg(test)] mod tests`: those are
    tests reaching it, not production callers, and a crate with no test file has tests."""
    files = {
        "src/lib.rs": """
            pub fn visit(v: u32) -> u32 { v }

            pub fn unused() {}

            #[cfg(test)]
            mod tests {
                use super::*;

                #[test]
                fn visits() { visit(1); }
            }
            """,
    }
    with opened(tmp_path, files) as store:
        node = store.nodes(["src/lib.rs::visit"])["src/lib.rs::visit"]
        callers = evidence.callers_fact(store, Touchpoint(node, 1.0, ("visit",)))
        assert callers is not None
        assert "is called from only tests: 1 test(s), e.g. src.lib.tests.visits" in (
            callers.statement
        ), callers.statement
        tests = evidence.tests_fact(store, Touchpoint(node, 1.0, ("visit",)))
        assert tests.statement.startswith("1 test(s) reach src.lib.visit: src.lib.tests.visits")
        unused = store.nodes(["src/lib.rs::unused"])["src/lib.rs::unused"]
        none = evidence.tests_fact(store, Touchpoint(unused, 1.0, ("unused",))).statement
        assert "no test files" not in none and "inline `mod tests`" in none, none
        layout = [f.statement for f in project.project_facts(store) if f.topic == "test-layout"]
        assert layout == ["Tests live in inline test modules (`mod tests`) of src/lib.rs."]


def test_without_test_files_the_tests_fact_says_so(tmp_path: Path) -> None:
    """A package as published often ships no tests: "no test reaches it" then says why,
    not what unresolved calls might have reached it."""
    files = {
        "lib/parse.js": """
            function parse(text) {
              return text.split(",");
            }
            module.exports = { parse };
            """,
    }
    with opened(tmp_path / "bare", files) as store:
        node = store.nodes(["lib/parse.js::parse"])["lib/parse.js::parse"]
        fact = evidence.tests_fact(store, Touchpoint(node, 1.0, ("parse",)))
        assert fact.statement == (
            "No test reaches lib.parse.parse: the repository has no test files (looked for "
            "JavaScript tests (*.test.js, *.spec.js, files under test/, tests/, __tests__/, "
            "spec/))."
        )
        assert fact.citations == ()
    tested = {**files, "test/parse.test.js": "const { parse } = require('../lib/parse');\n"}
    with opened(tmp_path / "tested", tested) as store:
        node = store.nodes(["lib/parse.js::parse"])["lib/parse.js::parse"]
        fact = evidence.tests_fact(store, Touchpoint(node, 1.0, ("parse",)))
        assert fact.statement == (  # a test file requires it and calls nothing
            "No test reaches lib.parse.parse through resolved calls within 8 calls (looked for "
            "JavaScript tests (*.test.js, *.spec.js, files under test/, tests/, __tests__/, "
            "spec/)); no unresolved call is named `parse` either; but `parse` is written at 1 "
            "line(s) of 1 production file(s), e.g. lib/parse.js:4, which may reach it in a way "
            "the graph does not resolve."
        )  # its export; `const { parse } = require(...)` imports it: no line that may reach it


def test_the_tests_named_after_a_touchpoint_are_cited_first(tmp_path: Path) -> None:
    files = {
        "app/codec.py": """
            def parse_header(line):
                return line.split(":", 1)

            def read_message(lines):
                return [parse_header(line) for line in lines]
            """,
        "tests/test_misc.py": """
            from app.codec import parse_header, read_message

            def test_a_message_is_read():
                assert read_message(["a: b"])

            def test_round_trip():
                assert parse_header("a: b")
                assert parse_header("c: d")

            def test_a_bad_header_line_is_parsed():
                assert parse_header("nothing")
            """,
    }
    with opened(tmp_path, files) as store:
        node = store.nodes(["app/codec.py::parse_header"])["app/codec.py::parse_header"]
        fact = evidence.tests_fact(store, Touchpoint(node, 1.0, ("parse",)))
        # named after it first; then the nearest (a direct call before one through
        # read_message); then by place; each test once, at its first call
        assert fact.statement == (
            "3 test(s) reach app.codec.parse_header: "
            "tests.test_misc.test_a_bad_header_line_is_parsed (tests/test_misc.py:11), "
            "tests.test_misc.test_round_trip (tests/test_misc.py:7), "
            "tests.test_misc.test_a_message_is_read (tests/test_misc.py:4)."
        )


def test_the_tests_of_a_file_named_after_a_touchpoint_come_first(tmp_path: Path) -> None:
    files = {
        "app/ui.py": """
            def confirm(text):
                return input(text) == "y"

            def setup():
                return confirm("go?")

            def wizard():
                return setup()
            """,
        "tests/test_ui.py": """
            from app.ui import wizard

            def test_wizard():
                assert wizard()
            """,
        "tests/test_confirm.py": """
            from app.ui import setup

            def test_yes():
                assert setup()
            """,
        "tests/test_other.py": """
            from app.ui import setup

            def test_other():
                assert setup()
            """,
        "tests/test_misc.py": """
            from app.ui import confirm

            def test_direct():
                assert confirm("sure?")
            """,
    }
    with opened(tmp_path, files) as store:
        confirm = store.nodes(["app/ui.py::confirm"])["app/ui.py::confirm"]
        hops = evidence.ordered_tests(confirm, reaching_tests.tests_reaching(store, confirm))
        # the test calling it directly first, wherever it lives; then test_confirm.py, named
        # after confirm itself, as close as its module's own test file, test_ui.py, and
        # nearer; then the rest
        assert [h.node.qualname for h in hops] == [
            "tests.test_misc.test_direct",
            "tests.test_confirm.test_yes",
            "tests.test_ui.test_wizard",
            "tests.test_other.test_other",
        ]


def test_tests_are_found_several_calls_away_through_helpers(tmp_path: Path) -> None:
    files = {
        "app/chain.py": """
            def a():
                return b()

            def b():
                return c()

            def c():
                return d()

            def d():
                return e()

            def e():
                return 1
            """,
        "tests/helpers.py": """
            from app.chain import a

            def make():
                return a()
            """,
        "tests/test_chain.py": """
            from tests.helpers import make

            def test_chain():
                assert make() == 1
            """,
    }
    with opened(tmp_path, files) as store:
        e = Touchpoint(store.nodes(["app/chain.py::e"])["app/chain.py::e"], 1.0, ("e",))
        hops = reaching_tests.tests_reaching(store, e.node)
        # a() is four calls from e(); make(), a helper in tests/, reaches it at five and is
        # walked through to the test calling it, at six
        assert [(h.node.qualname, h.distance, str(h.site)) for h in hops] == [
            ("tests.test_chain.test_chain", 6, "tests/test_chain.py:4")
        ]
        # where its callers lie beyond the depth, the helper is where the chain starts
        assert [h.node.qualname for h in reaching_tests.tests_reaching(store, e.node, 5)] == [
            "tests.helpers.make"
        ]
        assert reaching_tests.tests_reaching(store, e.node, depth=4) == []
        assert "tests/test_chain.py:4" in evidence.tests_fact(store, e).statement


def test_a_helper_is_no_test_but_a_fixture_nothing_calls_is(tmp_path: Path) -> None:
    files = {
        "app/store.py": """
            def save(item):
                return [item]
            """,
        "tests/conftest.py": """
            import pytest
            from app.store import save

            @pytest.fixture
            def saved():
                return save(1)
            """,
        "tests/test_store.py": """
            from app.store import save

            def check_saved(item):
                assert save(item) == [item]

            def test_save_one():
                check_saved(1)

            class TestSaving:
                def test_two(self):
                    check_saved(2)

                def setup_method(self):
                    save(0)
            """,
        "store.go": """
            package store

            func Save(item int) []int { return []int{item} }
            """,
        "save_test.go": """
            package store

            import "testing"

            func testSaved(t *testing.T, item int) { Save(item) }

            func TestSave(t *testing.T) { testSaved(t, 1) }
            """,
    }
    with opened(tmp_path, files) as store:
        save = store.nodes(["app/store.py::save"])["app/store.py::save"]
        # check_saved is a helper: the two tests calling it reach save, it does not; the
        # fixture, which pytest hands to tests by name (no call), and the test class's own
        # setup stay
        assert sorted(h.node.qualname for h in reaching_tests.tests_reaching(store, save)) == [
            "tests.conftest.saved",
            "tests.test_store.TestSaving.setup_method",
            "tests.test_store.TestSaving.test_two",
            "tests.test_store.test_save_one",
        ]
        go = store.nodes(["store.go::Save"])["store.go::Save"]
        assert [h.node.name for h in reaching_tests.tests_reaching(store, go)] == ["TestSave"]


def test_helpers_calling_each_other_that_no_test_calls_are_kept(tmp_path: Path) -> None:
    helpers = """
        from app.tree import size

        def walk_even(node, depth):
            return size(node) + walk_odd(node, depth - 1) if depth else 0

        def walk_odd(node, depth):
            return size(node) + walk_even(node, depth - 1) if depth else 0
        """
    code = {"app/tree.py": "def size(node):\n    return 1\n"}
    built_with = {
        "tests/test_tree.py": helpers + "\ndef build(node):\n    return walk_even(node, 2)\n"
    }
    for root, files, expected in (
        # nothing calls `build` (a fixture, say): the chain starts there, not below it
        (tmp_path / "with", {**code, **built_with}, {"build"}),
        # the two lead to no test but each other: both stay, not none
        (tmp_path / "alone", {**code, "tests/test_tree.py": helpers}, {"walk_even", "walk_odd"}),
    ):
        with opened(root, files) as store:
            size = store.nodes(["app/tree.py::size"])["app/tree.py::size"]
            assert {h.node.name for h in reaching_tests.tests_reaching(store, size)} == expected


def test_a_test_no_name_marks_is_one_when_nothing_calls_it(tmp_path: Path) -> None:
    files = {
        "src/main/java/shop/Cart.java": """\
            package shop;

            public class Cart {
                public int total() { return 1; }
            }
            """,
        "src/test/java/shop/CartTest.java": """\
            package shop;

            import org.junit.jupiter.api.Test;

            class CartTest {
                private int totalOfNew() { return new Cart().total(); }

                @Test
                void emptyCartCostsOne() { assert totalOfNew() == 1; }

                @Test
                void totalIsStable() { assert totalOfNew() == totalOfNew(); }
            }
            """,
    }
    with opened(tmp_path, files) as store:
        total = "src/main/java/shop/Cart.java::Cart.total"
        hops = reaching_tests.tests_reaching(store, store.nodes([total])[total])
        # the helper is called, so walked through; the tests JUnit runs are called by none
        assert sorted({h.node.name for h in hops}) == ["emptyCartCostsOne", "totalIsStable"]


def test_overloads_of_one_method_are_one_hit(tmp_path: Path) -> None:
    root = built(
        tmp_path,
        {
            "src/demo/Parser.java": """\
                package demo;

                class Parser {
                    int parse(String text) { return 0; }
                    int parse(String text, int start) { return 1; }
                    int parse(char[] text, int start, int end) { return 2; }
                    int parseStrict(String text) { return 3; }
                }
            """,
        },
    )
    ids = [hit.node.id for hit in rank(GraphStore.open(root), "parse the text")]
    parse = [i for i in ids if i.rsplit("::", 1)[1].partition("~")[0] == "Parser.parse"]
    assert len(parse) == 1, ids
    assert any(i.endswith("::Parser.parseStrict") for i in ids), ids


def test_a_minified_line_gives_its_definitions_no_words_of_their_neighbours(
    tmp_path: Path,
) -> None:
    functions = "".join(
        f"function f{n}(a{n}){{return cfg.get('KEY_{n}')+this.count{n}=1}}" for n in range(100)
    )
    root = built(tmp_path, {"bundle.min.js": functions + "\n", "app.js": "function g(limit) {}\n"})
    rows = {row[0]: row for row in index_rows(root) if row[0] != "fts"}
    first = rows["bundle.min.js::f0"]
    assert first[6] == first[8] == first[9] == ""  # no parameters, keys or body words
    assert first[3] == "f"  # the name is still indexed (its words: digits dropped)
    assert "key_99" in str(rows["bundle.min.js"][8]).split()  # the file keeps its keys
    assert "limit" in str(rows["app.js::g"][6]).split()  # an ordinary file is unchanged


def test_the_names_a_touchpoint_writes_that_carry_the_idea_are_cited_where_written(
    tmp_path: Path,
) -> None:
    files = {
        "cli/params.py": '''
            import os

            class Option:
                envvar_list_splitter = None

                def value_from_envvar(self, ctx, nargs=1):
                    """Read the value of an environment variable (pass)."""
                    # the envvar of this option, if any
                    rv = os.environ.get(self.envvar)
                    if self.multiple and rv:
                        return rv.split(self.envvar_list_splitter)
                    return rv
            ''',
    }
    with opened(tmp_path, files) as store:
        node = store.node("cli/params.py::Option.value_from_envvar")
        assert node is not None
        idea = "read several values from one environment variable"
        fact = code_names.names_fact(store, Touchpoint(node, 1.0, ()), idea)
        assert fact is not None
        cited = [(c.symbol, c.line) for c in fact.citations]
        # the line of code, not the comment above it; the docstring's words are not names;
        # `several` reads `multiple`; the definition's own name is not repeated
        assert cited == [
            ("envvar", 9),
            ("envvar_list_splitter", 11),
            ("multiple", 10),
            ("environ", 9),
        ]
        assert fact.statement.startswith(
            "Names in cli.params.Option.value_from_envvar that carry the idea's words: "
            "`envvar` (cli/params.py:9), "
        )
        lines = (tmp_path / "cli/params.py").read_text().splitlines()
        assert all(name in lines[line - 1] for name, line in cited)  # every citation is true
        shown = frozenset({"envvar"})
        again = code_names.names_fact(store, Touchpoint(node, 1.0, ()), idea, shown)
        assert again is not None and "`envvar` " not in again.statement


def test_a_definitions_type_parameters_are_not_names_of_the_idea(tmp_path: Path) -> None:
    files = {
        "src/observer.ts": """
            export class QueryObserver<
              TQueryData = unknown,
              TError = Error,
            > {
              refetchData(data: TQueryData): TQueryData {
                const staleData = data
                return staleData
              }
            }
            """,
    }
    with opened(tmp_path, files) as store:
        node = store.node("src/observer.ts::QueryObserver")
        assert node is not None
        fact = code_names.names_fact(store, Touchpoint(node, 1.0, ()), "reload stale data")
        assert fact is not None
        shown = [c.symbol for c in fact.citations]
        assert "TQueryData" not in shown  # a placeholder for a type, carrying "data"
        assert {"staleData", "refetchData", "data"} <= set(shown)
        method = store.node("src/observer.ts::QueryObserver.refetchData")
        assert method is not None
        fact = code_names.names_fact(store, Touchpoint(method, 1.0, ()), "reload stale data")
        assert fact is not None and "TQueryData" not in fact.statement  # its class's
        assert "staleData" in fact.statement


def test_a_languages_plain_values_are_not_names_of_the_idea(tmp_path: Path) -> None:
    files = {
        "app/listing.py": """
            def visible(commands, help=None, type=None) -> list:
                shown = list(commands)
                if __debug__:
                    print(help, type, open)
                return [c for c in shown if not c.hidden]
            """,
        "app/debounce.js": """
            function debounceListing(items, wait) {
              clearTimeout(items.timer);
              if (!Array.isArray(items.entries)) return new Date();
              items.timer = setTimeout(() => items.flush(), wait);
            }
            """,
        "srv/conns.go": """
            package srv

            type Server struct {
                maxConns int32
                openConns int64
            }
            """,
        "srv/Limits.java": """
            class Limits {
                Integer maxConnections;
                Number count(String name) { return maxConnections; }
            }
            """,
    }
    idea = (
        "list, help, type, open, debug and hidden items, wait a timeout before the flush date; "
        "a number of connections, as a string"
    )
    with opened(tmp_path, files) as store:
        for node_id, kept in {
            # parameters, an attribute, a builtin function (behaviour an idea may be about)
            "app/listing.py::visible": {"help", "type", "hidden", "open"},
            "app/debounce.js::debounceListing": {"setTimeout", "clearTimeout", "items"},
            "srv/conns.go::Server": {"maxConns", "openConns"},
            "srv/Limits.java::Limits": {"maxConnections"},
        }.items():
            node = store.node(node_id)
            assert node is not None
            fact = code_names.names_fact(store, Touchpoint(node, 1.0, ()), idea)
            assert fact is not None
            shown = {c.symbol for c in fact.citations}
            assert kept <= shown, shown
            assert not shown & {"list", "__debug__"}, shown  # Python's plain values
            assert not shown & {"Array", "Date"}, shown  # JavaScript's built-in classes
            assert not shown & {"int32", "int64", "Integer", "Number", "String"}, shown
            assert "type" not in shown or node.language != "go", shown  # Go's keyword


def test_a_method_written_class_hash_method_is_a_mention_of_it() -> None:
    """Ruby, Javadoc and JSDoc write `Net::HTTP#connect`; "C#" and "#42" name nothing."""
    assert parse("Change Net::HTTP#connect to read it").mentions == ("Net::HTTP#connect",)
    assert parse("Port the C# client, see #42").mentions == ()
    # capitals before a word are code too (trpc's `TRPCError`), an acronym's plural is not
    assert parse("fail with TRPCError code TIMEOUT").mentions == ("TRPCError",)
    assert parse("HTTPAdapter retries URLs by IDs over HTTP").mentions == ("HTTPAdapter",)
    node = Node(
        "lib/net/http.rb::Net.HTTP.connect",
        NodeKind.METHOD,
        "connect",
        "net.http.Net.HTTP.connect",
        "lib/net/http.rb",
        3,
        5,
        "ruby",
    )
    assert all(
        search_module.names_node(node, m)
        for m in ("Net::HTTP#connect", "HTTP#connect", "Net.HTTP.connect", "connect")
    )
    assert not search_module.names_node(node, "Net::FTP#connect")


def test_inflected_words_take_their_base_forms_synonyms_and_nouns() -> None:
    assert "retry" in query_terms("trying")  # try -> retry, through the base form
    assert "failure" in query_terms("fails")
    assert "connection" in index_words("maxConns")  # an abbreviation's plural, indexed
    assert "io" not in direct_terms("output")  # `io` stands for input too: no bridge
    assert "depth" in direct_terms("deeply")  # the noun, not only a synonym
    assert "abort" in query_terms("cancelled")  # a doubled consonant: cancel -> abort
    # a base form of three letters: "give up after a few tries" finds `maxAttempts`
    assert "attempt" in query_terms("tries")


def test_plain_words_find_what_code_commonly_calls_the_same_thing(tmp_path: Path) -> None:
    files = {
        "prefs/store.py": """
            class Preferences:
                def export_node(self, stream):
                    return stream.write(self.dump())

                def import_node(self, stream):
                    return self.load(stream.read())

                def rename(self, old, new):
                    return (old, new)

            def set_level(logger, level):
                logger.level = level

            def describe(logger):
                return logger.name
            """,
        "cli/options.py": """
            def spelling_candidates(word, known):
                return [name for name in known if name[:2] == word[:2]]

            def parse_option(word, known):
                return known[word]
            """,
        "jar/cookies.py": """
            def all_cookies(jar):
                return list(jar)

            def dump_cookies(jar, stream):
                return stream.append(repr(jar))

            def deserialize_cookies(text):
                return dict(item.split("=") for item in text.split(";"))
            """,
    }
    with opened(tmp_path, files) as store:
        # what is saved to a file is dumped (serialized, pickled); loading it back is the
        # opposite
        saved = [h.node.id for h in rank(store, "save the cookies to a file", 1)]
        assert saved == ["jar/cookies.py::dump_cookies"]
        loaded = [h.node.id for h in rank(store, "load the cookies back", 1)]
        assert loaded == ["jar/cookies.py::deserialize_cookies"]
        # "restore" is an import, "backup" an export, the "verbosity" of logging its level
        restore = [h.node.id for h in rank(store, "restore the saved preferences", 2)]
        assert restore[0] == "prefs/store.py::Preferences.import_node"
        backup = [h.node.id for h in rank(store, "write a backup of the preferences", 2)]
        assert backup[0] == "prefs/store.py::Preferences.export_node"
        verbosity = [h.node.id for h in rank(store, "turn down the logging verbosity", 1)]
        assert verbosity == ["prefs/store.py::set_level"]
        # "suggest the closest name" is what a spelling checker's candidates do
        mistyped = [h.node.id for h in rank(store, "suggest the closest name when mistyped", 1)]
        assert mistyped == ["cli/options.py::spelling_candidates"]
    assert "mandatory" in query_terms("required")
    assert "nobody" not in parse("a value nobody passed in").words  # no "no body"


def test_a_retried_request_a_timestamp_a_canonical_form_and_what_is_safe_to_repeat(
    tmp_path: Path,
) -> None:
    files = {
        "net/client.py": """
            IDEMPOTENT_METHODS = ("GET", "HEAD", "PUT", "DELETE")

            def may_resend(method):
                return method in IDEMPOTENT_METHODS

            def max_attempts(limit):
                return max(limit, 0)

            def format_datetime(moment):
                return moment.isoformat()

            def normalize(url):
                return url.lower()
            """,
    }
    with opened(tmp_path, files) as store:

        def first(text: str) -> list[str]:  # the first definition (the module row aside)
            return [h.node.id for h in rank(store, text, 5) if "::" in h.node.id][:1]

        assert first("retried") == ["net/client.py::max_attempts"]  # retry's synonyms
        assert first("timestamps") == ["net/client.py::format_datetime"]
        assert first("the canonical form") == ["net/client.py::normalize"]
        assert first("requests that are safe to repeat") == ["net/client.py::may_resend"]


def test_an_unused_connection_is_idle_and_a_reused_one_pooled(tmp_path: Path) -> None:
    files = {
        "net/pool.py": """
            def evict_idle(pool, max_idle):
                return [c for c in pool if c.idle < max_idle]

            def recycle(pool, conn):
                pool.append(conn)

            def keepalive_header(conn):
                return conn.header
            """,
    }
    with opened(tmp_path, files) as store:

        def first(text: str) -> list[str]:  # the first definition (the module row aside)
            return [h.node.id for h in rank(store, text, 5) if "::" in h.node.id][:1]

        assert first("sitting unused") == ["net/pool.py::evict_idle"]
        assert first("reused") == ["net/pool.py::recycle"]
        assert first("kept-alive") == ["net/pool.py::keepalive_header"]


def test_common_code_abbreviations_are_found_by_the_words_they_stand_for(
    tmp_path: Path,
) -> None:
    assert {"header", "receive", "buffer"} <= set(index_words("recvBuf_hdr"))
    assert compound("charset") == ("charset",)  # a known word whole, not char + set
    assert compound("reload") == ("reload",)  # no `re` abbreviation: "reload" is no regex
    files = {
        "net/frames.py": """
            def parse_hdrs(raw):
                return raw.split(b"\\r\\n")

            def read_body(raw):
                return raw
            """,
    }
    with opened(tmp_path, files) as store:
        found = [h.node.id for h in rank(store, "parse the headers of a frame", 1)]
        assert found == ["net/frames.py::parse_hdrs"]


def test_the_standard_streams_are_found_by_their_plain_names(tmp_path: Path) -> None:
    """npm's debug writes to `process.stderr`: "instead of standard error" found nothing
    for "standard", and the interview said the code never uses the word (a body's words
    are held as written: the abbreviations of a word said missing are looked for too)."""
    assert {"standard", "error"} <= set(index_words("stderr"))
    files = {
        "lib/log.js": """
            function log(...args) {
              return process.stderr.write(args.join(' ') + '\\n');
            }

            function render(args) {
              return args.join(' ');
            }

            module.exports = { log, render };
            """,
    }
    with opened(tmp_path, files) as store:
        idea = "Send the lines to a file instead of standard error"
        fact = similar.unfound_fact(store, idea)
        assert fact is not None and '"standard"' not in fact.statement, fact.statement
        assert '"file"' in fact.statement


def test_the_next_matches_after_the_touchpoints_are_a_cited_fact(tmp_path: Path) -> None:
    names = ["charge", "refund", "invoice", "ship", "notify", "archive", "export", "audit"]
    files = {
        **{
            f"jobs/{name}.py": f"""
                def retry_{name}_job(job, attempts={n + 1}):
                    \"\"\"Retry the {name} job after a failure.\"\"\"
                    return [job] * attempts
                """
            for n, name in enumerate(names)
        },
        "tests/test_retry.py": """
            def test_retry_job_after_a_failure():
                assert True
            """,
    }
    with opened(tmp_path, files) as store:
        idea = "retry a job after a failure"
        first = [t.node.id for t in touchpoints(store, idea, 5)]
        assert len(first) == 5
        fact = similar.further_fact(store, idea, first)
        assert fact is not None and fact.topic == "further"
        further = [f"{c.path}::{c.symbol.rpartition('.')[2]}" for c in fact.citations]
        assert len(further) == 3  # eight matches, five of them shown before
        assert not set(further) & set(first)
        assert all(p.startswith("jobs/") for p in further)  # never the test
        for citation in fact.citations:  # every citation is the line defining it
            line = (tmp_path / citation.path).read_text().splitlines()[citation.line - 1]
            assert f"def {citation.symbol.rpartition('.')[2]}(" in line
        assert similar.further_fact(store, idea, first + further) is None


def test_a_generated_file_comes_after_the_code_people_write(tmp_path: Path) -> None:
    files = {
        "net/bundle.go": """
            // Code generated by a bundler. DO NOT EDIT.

            package net

            func limitOpenConnections(max int) int { return max }
            """,
        "net/server.go": """
            package net

            func limitConns(n int) int { return n }
            """,
        "net/names.go": """
            package net

            func hostName(h string) string { return h }

            func portNumber(p int) int { return p }
            """,
    }
    with opened(tmp_path, files) as store:
        found = [h.node.id for h in rank(store, "limit the connections", 5)]
        assert found.index("net/server.go::limitConns") < found.index(
            "net/bundle.go::limitOpenConnections"
        )


def test_a_declaration_of_javascript_beside_it_comes_after_the_code(tmp_path: Path) -> None:
    declaration = """
        /** Expand the variables a value names, like a shell does. */
        export function expandVariables(parsed: object): object;
        """
    files = {
        "lib/main.js": """
            function expandVariables (parsed) {
              return parsed
            }
            module.exports.expandVariables = expandVariables
            """,
        "lib/main.d.ts": declaration,  # declares lib/main.js: the change is made there
        "types/only.d.ts": declaration,  # declares no code beside it: kept as it is
    }
    with opened(tmp_path, files) as store:
        found = [h.node.id for h in rank(store, "let a value name variables like a shell", 9)]
        assert found[0] == "types/only.d.ts::expandVariables"
        assert found.index("lib/main.js::expandVariables") < found.index(
            "lib/main.d.ts::expandVariables"
        )


def test_a_class_is_called_through_its_constructor_in_every_language(tmp_path: Path) -> None:
    files = {
        "lib/command.js": """
            export class Command {
              constructor(name) {
                this.name = name;
              }
            }
            """,
        "index.js": """
            import { Command } from './lib/command.js';

            export const program = new Command();
            """,
        "src/main/java/app/Handler.java": """
            package app;

            public class Handler {
                public Handler() {}
                public Handler(int limit) {}
                static Handler make() { return new Handler(3); }
            }
            """,
    }
    with opened(tmp_path, files) as store:
        for class_id in ("lib/command.js::Command", "src/main/java/app/Handler.java::Handler"):
            node = store.node(class_id)
            assert node is not None
            fact = callers_fact(store, Touchpoint(node, 1.0, ()))
            assert fact is not None and "is called from 1 place(s)" in fact.statement, (
                fact and fact.statement
            )


def test_tests_reach_what_a_module_runs_when_loaded_and_a_lost_chain_is_said(
    tmp_path: Path,
) -> None:
    files = {
        "app/limits.py": """
            def init_depth():
                return 100

            MAX_DEPTH = init_depth()


            def walk_template(node):
                return node


            def walk(node):
                return walk_template(node)
            """,
        "app/render.py": """
            def render(renderer, node):
                return renderer.walk(node)
            """,
        "tests/test_limits.py": """
            from app import limits

            def test_depth():
                assert limits.MAX_DEPTH == 100
            """,
        "tests/test_render.py": """
            from app.render import render

            def test_render(renderer):
                assert render(renderer, 1) == 1
            """,
    }
    with opened(tmp_path, files) as store:
        init = store.node("app/limits.py::init_depth")
        assert init is not None
        fact = evidence.tests_fact(store, Touchpoint(init, 1.0, ()))
        assert fact.statement == (
            "1 test file(s) load app/limits.py, whose top-level code calls app.limits.init_depth "
            "(app/limits.py:4): tests/test_limits.py."
        ), fact.statement
        walk_template = store.node("app/limits.py::walk_template")
        assert walk_template is not None
        lost = evidence.tests_fact(store, Touchpoint(walk_template, 1.0, ()))
        assert lost.statement.startswith("No test reaches app.limits.walk_template"), lost
        assert lost.statement.endswith(  # `renderer.walk` is left unresolved
            "; no unresolved call is named `walk_template` either; but 1 unresolved call(s) "
            "name a caller on the way, e.g. `walk` at app/render.py:2, so a test may reach it "
            "through them."
        ), lost.statement


def test_a_docstrings_code_examples_are_not_its_words(tmp_path: Path) -> None:
    files = {
        "lib/option.js": """
            export class Option {
              /**
               * Specify implied option values.
               *
               * @example
               * program.addOption(new Option('--log', 'write logging information'));
               *
               * @param {object} impliedValues
               */
              implies(impliedValues) {
                return impliedValues;
              }
            }
            """,
    }
    root = built(tmp_path, files)
    rows = {row[0]: row for row in index_rows(root) if row[0] != "fts"}
    doc = str(rows["lib/option.js::Option.implies"][5])
    assert doc.startswith("Specify implied option values.")
    assert "logging" not in doc and "@param {object} impliedValues" in doc


def test_a_signature_ending_in_a_comment_keeps_its_docstring(tmp_path: Path) -> None:
    """platformdirs' `class Unix(PlatformDirsABC):  # noqa: PLR0904`: its docstring, which
    says environment variables override the folders, was not indexed."""
    files = {
        "dirs/unix.py": '''
            class Unix(Base):  # noqa: PLR0904
                """Folders overridden by environment variables."""

                def data_dir(self, sep="#"):  # type: ignore[override]
                    """Where the user's data lives."""
                    return sep

                def cache_dir(
                    self,
                ) -> str:  # pragma: no cover
                    """Where the cache lives."""
                    return ""
            ''',
    }
    root = built(tmp_path, files)
    rows = {row[0]: row for row in index_rows(root) if row[0] != "fts"}
    assert str(rows["dirs/unix.py::Unix"][5]) == "Folders overridden by environment variables."
    assert str(rows["dirs/unix.py::Unix.data_dir"][5]) == "Where the user's data lives."
    assert str(rows["dirs/unix.py::Unix.cache_dir"][5]) == "Where the cache lives."


def callers_of(store: GraphStore, node_id: str) -> Fact:
    """The callers fact of the definition `node_id`, which has one."""
    node = store.node(node_id)
    assert node is not None
    fact = callers_fact(store, Touchpoint(node, 1.0, ()))
    assert fact is not None
    return fact


def test_a_go_call_of_a_concrete_type_s_method_is_no_dispatch_to_another_type(
    tmp_path: Path,
) -> None:
    """httputil: `ClientConn.Do` calls `cc.Read(req)` on a `*ClientConn`; the answer for
    `ServerConn.Read` said that call may reach it "through dynamic dispatch". Go dispatches
    only through an interface's method (whose call the graph resolves to each type's)."""
    files = {
        "conn/conn.go": """
            package conn

            type Reader interface {
                Read() string
            }

            type Client struct{}

            func (c *Client) Read() string { return "client" }

            type Server struct{}

            func (s *Server) Read() string { return "server" }

            func Do(c *Client) string {
                return c.Read()
            }
            """,
    }
    with opened(tmp_path, files) as store:
        fact = callers_of(store, "conn/conn.go::Server.Read")
        assert "dynamic dispatch" not in fact.statement, fact.statement
        assert fact.statement.startswith("No resolved caller of conn.Server.Read")
        # the call it leaves out is said, with what rules it out
        assert "the 1 resolved call(s) named `Read` (e.g. conn.Client.Read at " in fact.statement
        assert "are made on other types and never run this one" in fact.statement
    files["conn/use.go"] = """
        package conn

        func Use(r Reader) string {
            return r.Read()
        }
        """
    with opened(tmp_path / "with_interface", files) as store:  # dispatch: a caller of both
        fact = callers_of(store, "conn/conn.go::Server.Read")
        assert "in production code: conn.Use (conn/use.go:4)" in fact.statement, fact.statement


def test_no_caller_of_a_method_names_the_calls_that_land_on_its_namesakes(
    tmp_path: Path,
) -> None:
    files = {
        "src/main/java/app/Client.java": """
            package app;

            public abstract class Client {
                public abstract int connectTimeout();
            }
            """,
        "src/main/java/app/ClientImpl.java": """
            package app;

            public class ClientImpl extends Client {
                public int connectTimeout() { return 3; }
                int twice() { return connectTimeout() * 2; }
            }
            """,
    }
    with opened(tmp_path, files) as store:
        fact = callers_of(store, "src/main/java/app/Client.java::Client.connectTimeout")
        assert fact.statement.startswith("No resolved caller of app.Client.connectTimeout")
        # `connectTimeout()` in ClientImpl runs ClientImpl's, or an override below it: never
        # the method of its base (jdk-util-regex: `Matcher.matches` "may reach" the unrelated
        # `Pattern.matches` "through dynamic dispatch")
        assert fact.statement.endswith(
            "; no unresolved call is named `connectTimeout` either; the 1 resolved call(s) named "
            "`connectTimeout` (e.g. app.ClientImpl.connectTimeout at "
            "src/main/java/app/ClientImpl.java:5) are made on other types and never run this "
            "one; connectTimeout is exported by package app: code outside the repository may "
            "call it."  # a library's method
        ), fact.statement
        fact = callers_of(store, "src/main/java/app/ClientImpl.java::ClientImpl.connectTimeout")
        assert "in production code: app.ClientImpl.twice" in fact.statement, fact.statement
    files["src/main/java/app/Pool.java"] = """
        package app;

        public class Pool {
            int size(Client client) { return client.connectTimeout(); }
        }
        """
    files["src/main/java/app/ClientImpl.java"] = files["src/main/java/app/ClientImpl.java"].replace(
        "int twice() { return connectTimeout() * 2; }", ""
    )
    with opened(tmp_path / "through_base", files) as store:
        # a call through the base may run the override: a caller of both (dispatch)
        fact = callers_of(store, "src/main/java/app/ClientImpl.java::ClientImpl.connectTimeout")
        assert "app.Pool.size (src/main/java/app/Pool.java:4)" in fact.statement, fact.statement


def test_a_rust_call_of_one_type_s_method_is_no_dispatch_to_another_type(tmp_path: Path) -> None:
    """rust-csv: "No resolved caller of Reader.from_path; but 1 resolved call(s) land on
    other methods named `from_path` (WriterBuilder.from_path ...): through dynamic dispatch
    some may reach this one", and the tests fact said the name written at that call "may
    reach it". A Rust call dispatches only through a trait's method, to its implementations."""
    files = {
        "src/lib.rs": """
            pub trait Open {
                fn open(&self) -> u8;
            }

            pub struct Reader;

            impl Reader {
                pub fn from_path() -> Reader { Reader }
            }

            impl Open for Reader {
                fn open(&self) -> u8 { 1 }
            }

            pub struct Writer;

            impl Writer {
                pub fn from_path() -> Writer { Writer }
            }

            impl Open for Writer {
                fn open(&self) -> u8 { 2 }
            }

            pub fn write() -> Writer {
                Writer::from_path()
            }

            pub fn open_any<T: Open>(item: &T) -> u8 {
                item.open()
            }

            #[cfg(test)]
            mod tests {
                #[test]
                fn writes() {
                    super::write();
                }
            }
            """,
    }
    with opened(tmp_path, files) as store:
        reader = store.node("src/lib.rs::Reader.from_path")
        assert reader is not None
        fact = callers_of(store, "src/lib.rs::Reader.from_path")
        assert fact.statement.startswith("No resolved caller of src.lib.Reader.from_path")
        assert "dynamic dispatch" not in fact.statement, fact.statement
        assert "written" not in fact.statement, fact.statement
        assert (
            "; the 1 resolved call(s) named `from_path` (e.g. src.lib.Writer.from_path at "
            "src/lib.rs:26) are made on other types and never run this one"
        ) in fact.statement, fact.statement
        tested = evidence.tests_fact(store, Touchpoint(reader, 1.0, ()))
        assert "written" not in tested.statement, tested.statement
        # a call through the trait may run either implementation
        fact = callers_of(store, "src/lib.rs::Reader.open")
        assert "src.lib.open_any" in fact.statement, fact.statement


def test_a_module_is_not_called_its_definitions_are(tmp_path: Path) -> None:
    """pino: naming a file adopted the module, and "lib.levels (lib/levels.js:1) is called
    from 11 place(s)" followed: calls of the functions it defines."""
    files = {
        "app/util.py": "def double(x):\n    return 2 * x\n",
        "app/main.py": "from app.util import double\n\n\ndef run():\n    return double(2)\n",
    }
    with opened(tmp_path, files) as store:
        fact = callers_of(store, "app/util.py")
    assert fact.statement.startswith(
        "The definitions of app.util (app/util.py) are called from 1 place(s) in production "
        "code: app.main.run (app/main.py:5)"
    ), fact.statement


def test_a_call_on_the_instance_itself_is_no_dispatch_to_an_unrelated_class(
    tmp_path: Path,
) -> None:
    """guzzlehttp/psr7: "No resolved caller of Header.parse ...; but 1 resolved call(s) land
    on other methods named `parse` (e.g. Uri.parse at src/Uri.php:70): through dynamic
    dispatch some may reach this one": `self::parse($uri)` in `Uri`, which only `Uri` or a
    class deriving from it answers (a Python `self.parse()` the same)."""
    files = {
        "src/Header.php": """<?php
            class Header
            {
                public static function parse($header) { return [$header]; }
            }
            """,
        "src/Uri.php": """<?php
            class Uri
            {
                public function __construct($uri) { $this->parts = self::parse($uri); }
                public static function parse($url) { return [$url]; }
            }
            """,
        "src/SafeUri.php": """<?php
            class SafeUri extends Uri
            {
                public static function parse($url) { return []; }
            }
            """,
        "app/shapes.py": """
            class Shape:
                def draw(self):
                    return self.outline()

                def outline(self):
                    return 1

            class Square(Shape):
                def outline(self):
                    return 4

            class Text:
                def outline(self):
                    return 0
            """,
    }
    with opened(tmp_path, files) as store:
        fact = callers_of(store, "src/Header.php::Header.parse")
        assert "dynamic dispatch" not in fact.statement, fact.statement
        assert (
            "the 1 resolved call(s) named `parse` (e.g. src.Uri.Uri.parse at src/Uri.php:4) are made "
            "on other types and never run this one"
        ) in fact.statement, fact.statement
        fact = callers_of(store, "app/shapes.py::Text.outline")
        assert "dynamic dispatch" not in fact.statement, fact.statement
        # an override below the class the call lands on may run
        fact = callers_of(store, "src/SafeUri.php::SafeUri.parse")
        assert "through dynamic dispatch some may reach this one" in fact.statement, fact.statement


def test_what_a_file_exports_whole_is_called_by_the_names_its_importers_bind(
    tmp_path: Path,
) -> None:
    """qs: "No resolved caller of lib.stringify.exports ...; no unresolved call is named
    `exports` either", while the tests call it 429 times as `qs.stringify(...)` (a
    `require('../')` the graph cannot follow): `lib/index.js` binds it to `stringify`. And
    the lines `module.exports = ...` of other files were said to maybe reach it."""
    files = {
        "lib/stringify.js": "function encode(value) {\n  return String(value);\n}\n\n"
        "module.exports = function (object) {\n  return encode(object);\n};\n",
        "lib/index.js": "var stringify = require('./stringify');\n\n"
        "module.exports = {\n  stringify: stringify\n};\n",
        "test/stringify.js": "var qs = require('../');\n\nqs.stringify({ a: 1 });\n",
    }
    with opened(tmp_path, files) as store:
        fact = callers_of(store, "lib/stringify.js::exports")
        assert fact.statement == (
            "No resolved caller of lib.stringify.exports (lib/stringify.js:5) in the "
            "repository; 1 unresolved call(s) named `exports` or `stringify` remain, e.g. "
            "test/stringify.js:3."
        ), fact.statement
        encode = store.node("lib/stringify.js::encode")
        assert encode is not None
        tested = evidence.tests_fact(store, Touchpoint(encode, 1.0, ()))
        assert "`stringify` at test/stringify.js:3" in tested.statement, tested.statement
        assert "lib/index.js:3" not in tested.statement, tested.statement  # its own exports
        found = traverse.callers(store, "lib/stringify.js::exports")
        assert found.unresolved is not None
        assert found.unresolved.to_json()["names"] == ["exports", "stringify"]


def test_a_class_nothing_constructs_says_where_its_members_are_called(tmp_path: Path) -> None:
    """jdk.httpserver: "No resolved caller of ServerConfig ...; but `ServerConfig` is
    written at 20 line(s) ..., which may reach it in a way the graph does not resolve": the
    graph resolves those lines, calls of its static methods (`ServerConfig.getIdleInterval()`)."""
    files = {
        "src/main/java/app/Config.java": """
            package app;

            class Config {
                static long idle() { return 30; }
                static long tick() { return idle() / 2; }
            }
            """,
        "src/main/java/app/Server.java": """
            package app;

            class Server {
                long wait() { return Config.idle(); }
            }
            """,
    }
    with opened(tmp_path, files) as store:
        fact = callers_of(store, "src/main/java/app/Config.java::Config")
    assert fact.statement == (
        "No resolved caller of app.Config (src/main/java/app/Config.java:3) in the repository; "
        "no unresolved call is named `Config` either; but its members are called from 1 "
        "place(s) outside it, e.g. app.Config.idle at src/main/java/app/Server.java:4."
    ), fact.statement
    assert len(fact.citations) == 1  # said, not cited: its later citations are callers
    files["src/main/java/app/Reader.java"] = """
        package app;

        interface Reader {
            String read();
        }
        """
    files["src/main/java/app/Fake.java"] = """
        package app;

        class Fake implements Reader {
            public String read() { return "fake"; }
        }
        """
    files["src/main/java/app/Use.java"] = """
        package app;

        class Use {
            String use(Reader reader) { return reader.read(); }
        }
        """
    with opened(tmp_path / "dispatch", files) as store:  # `reader.read()` may run Fake's
        fact = callers_of(store, "src/main/java/app/Fake.java::Fake")
    assert fact.statement.startswith("No resolved caller of app.Fake"), fact.statement
    assert "its members are called" not in fact.statement, fact.statement


def test_no_caller_of_a_constructor_names_no_other_class_s_constructor(tmp_path: Path) -> None:
    """ws: "No resolved caller of WebSocketServer.constructor ...; but 12 resolved call(s)
    land on other methods named `constructor` (e.g. Event.constructor ...): through dynamic
    dispatch some may reach this one": making an Event never runs a server's constructor."""
    files = {
        "lib/event.js": "class Event {\n  constructor(type) {\n    this.type = type;\n  }\n}\n"
        "function fire() {\n  return new Event('open');\n}\nmodule.exports = { Event, fire };\n",
        "lib/server.js": "class Server {\n  constructor(options) {\n    this.options = options;\n"
        "  }\n}\nmodule.exports = Server;\n",
    }
    with opened(tmp_path, files) as store:
        fact = callers_of(store, "lib/server.js::Server.constructor")
        assert fact.statement.startswith("No resolved caller of lib.server.Server.constructor")
        assert "dynamic dispatch" not in fact.statement, fact.statement
        assert "lib/event.js" not in {c.path for c in fact.citations}, fact.citations


def test_a_callers_count_says_how_many_same_name_calls_are_unresolved(tmp_path: Path) -> None:
    """query-core's `Query.fetch` "is called from 1 place(s)" while 7 `x.fetch(...)` calls
    on values the graph could not type may reach it: the fact says so, naming them in its
    text (its citations after the first are its callers, which others read as such)."""
    files = {
        "app/query.py": "class Query:\n    def fetch(self):\n        return 1\n\n"
        "def hydrate():\n    Query().fetch()\n",
        "app/client.py": "def run(cache):\n    cache.build().fetch()\n    cache.get().fetch()\n",
        "app/other.py": "class Other:\n    def fetch(self):\n        return 2\n",
    }
    with opened(tmp_path, files) as store:
        fact = callers_of(store, "app/query.py::Query.fetch")
    assert fact.statement == (
        "app.query.Query.fetch (app/query.py:2) is called from 1 place(s) in production code: "
        "app.query.hydrate (app/query.py:6); 2 call(s) named `fetch` the graph left "
        "unresolved may reach it too, e.g. app/client.py:2, app/client.py:3."
    )
    assert [str(c) for c in fact.citations] == ["app/query.py:2", "app/query.py:6"]


def test_a_caller_calling_twice_is_named_once_with_both_sites(tmp_path: Path) -> None:
    """requests' `HTTPAdapter` "is called from 2 place(s) in production code:
    Session.__init__ (sessions.py:502), Session.__init__ (sessions.py:503)": one caller,
    named once with its two sites; the count is of sites, every site cited once (tqdm's
    `examples.7zx.main (examples/7zx.py:72, examples/7zx.py:83, examples/7zx.py:72, ...`:
    a call of a class lands on its `__new__` and its `__init__`), and an example is no
    production code."""
    files = {
        "app/adapter.py": "class Adapter:\n    def __new__(cls):\n        return super().__new__(cls)\n\n"
        "    def __init__(self):\n        self.on = True\n",
        "app/session.py": "from app.adapter import Adapter\n\n\n"
        "def mount(table):\n    table['http'] = Adapter()\n    table['https'] = Adapter()\n\n\n"
        "def single(table):\n    table['file'] = Adapter()\n",
        "examples/demo.py": "from app.adapter import Adapter\n\n\ndef main():\n    Adapter()\n",
    }
    with opened(tmp_path, files) as store:
        fact = callers_of(store, "app/adapter.py::Adapter")
    assert fact.statement == (
        "app.adapter.Adapter (app/adapter.py:1) is called from 3 place(s) in production code: "
        "app.session.mount (app/session.py:5, app/session.py:6), "
        "app.session.single (app/session.py:10); 1 place(s) in test helpers, examples, "
        "benchmarks, docs or vendored code, e.g. examples.demo.main (examples/demo.py:5)."
    )
    assert [str(c) for c in fact.citations] == [
        "app/adapter.py:1",
        "app/session.py:5",
        "app/session.py:6",
        "app/session.py:10",
        "examples/demo.py:5",
    ]


def test_the_callers_facts_example_test_is_the_one_the_tests_fact_lists_first(
    tmp_path: Path,
) -> None:
    """httpx's `HTTPTransport.__init__`: "4 test(s), e.g. ...test_for_deprecated_proxy_params"
    where the tests fact listed `test_transport_for_request` first. The example is now the
    tests fact's first: a test before a helper, the definition's own test file's first,
    then the one named after it."""
    files = {
        "app/transport.py": "class Transport:\n    def __init__(self, retries=0):\n"
        "        self.retries = retries\n",
        "tests/test_all.py": "from app.transport import Transport\n\n"
        "def test_everything():\n    Transport()\n",
        "tests/test_transport.py": "from app.transport import Transport\n\n"
        "def transport_with_retries():\n    return Transport(retries=1)\n\n"
        "def test_other():\n    Transport()\n\n"
        "def test_transport_retries():\n    Transport(retries=2)\n",
    }
    with opened(tmp_path, files) as store:
        node = store.node("app/transport.py::Transport.__init__")
        assert node is not None
        fact = callers_fact(store, Touchpoint(node, 1.0, ()))
        tests = evidence.tests_fact(store, Touchpoint(node, 1.0, ()))
    assert fact is not None
    assert fact.statement.endswith(
        "only tests: 4 test(s), e.g. tests.test_transport.test_transport_retries "
        "(tests/test_transport.py:10)."
    ), fact.statement
    assert [str(c) for c in fact.citations[1:]] == [
        "tests/test_transport.py:10",
        "tests/test_transport.py:7",
        "tests/test_all.py:4",
        "tests/test_transport.py:4",  # the helper, last
    ]
    assert str(tests.citations[0]) == "tests/test_transport.py:10"


def test_no_caller_of_an_overload_names_the_calls_of_its_other_overloads(tmp_path: Path) -> None:
    """A constructor is never dispatched: the calls of its other overloads were picked by
    their arguments."""
    files = {
        "src/main/java/app/Handler.java": """
            package app;

            public class Handler {
                public Handler() { this("x"); }
                public Handler(String pattern) { }
                public Handler(String pattern, int limit) { }
            }
            """,
    }
    with opened(tmp_path, files) as store:
        overloads = [
            node
            for node in store.nodes_where("name", "Handler")
            if node.kind.value == "method" and node.line == 6
        ]
        assert len(overloads) == 1
        fact = callers_fact(store, Touchpoint(overloads[0], 1.0, ()))
        assert fact is not None
        assert "dynamic dispatch" not in fact.statement
        assert fact.statement.endswith(
            "; but 1 resolved call(s) land on its other overloads (e.g. app.Handler.Handler~2 "
            "at src/main/java/app/Handler.java:4), which the graph tells apart by their number "
            "of arguments and the types they show: some may be calls of this one; Handler is "
            "exported by package app: code outside the repository may call it."
        ), fact.statement


TWINS = {
    "net/clients.py": '''
        class Client:
            def __init__(self, timeout=5):
                """The time limit of every request."""
                self.timeout = timeout

        class AsyncClient:
            def __init__(self, timeout=5):
                """The time limit of every request."""
                self.timeout = timeout

        def request_timeout(request):
            """The time limit of one request."""
            return request.timeout
        ''',
}


def test_near_identical_definitions_are_one_touchpoint_with_the_twin_listed(
    tmp_path: Path,
) -> None:
    with opened(tmp_path, TWINS) as store:
        found = touchpoints(store, "the time limit of a request", limit=5)
        ids = [t.node.id for t in found]
        inits = [i for i in ids if i.endswith(".__init__")]
        assert len(inits) == 1  # one of the two constructors stands for both ...
        first = found[ids.index(inits[0])]
        twin = {"net/clients.py::Client.__init__", "net/clients.py::AsyncClient.__init__"}
        assert {first.node.id, *(t.id for t in first.twins)} == twin  # ... the other beside it
        assert first.to_json()["twins"][0]["citation"].startswith("net/clients.py:")
        assert "net/clients.py::request_timeout" in ids  # the slot goes to another definition


def _fields_then(cls: str, last: str) -> str:
    """A class whose `__init__` assigns `field_0`..`field_13` (lines 3-16), then `last`
    (line 17): 15 attributes, of which a settings fact shows 12."""
    body = "".join(f"        self.field_{n} = {n}\n" for n in range(14))
    return f"class {cls}:\n    def __init__(self):\n{body}        self.{last} = None\n"


def test_the_settings_fact_ranks_attributes_by_the_idea_and_says_how_many_it_left_out(
    tmp_path: Path,
) -> None:
    files = {"app/server.py": _fields_then("Server", "max_connections")}
    with opened(tmp_path, files) as store:
        node = store.nodes(["app/server.py::Server.__init__"])["app/server.py::Server.__init__"]
        fact = evidence.settings_fact(store, Touchpoint(node, 1.0, ()), "cap open connections")
        assert fact is not None
        assert fact.statement.startswith(
            "app.server.Server.__init__ sets or reads: `max_connections` (app/server.py:17), "
            "`field_0` "
            "(app/server.py:3)"
        )  # the attribute carrying the idea's words first, then the code's order
        assert fact.statement.endswith("; 3 more not shown.")  # 15 attributes, 12 shown
        assert [c.line for c in fact.citations][:2] == [17, 3]
        plain = evidence.settings_fact(store, Touchpoint(node, 1.0, ()))
        assert plain is not None and "`field_0` (app/server.py:3)" in plain.statement.split(",")[0]


def test_a_go_struct_declares_its_fields_its_methods_set_and_read_them(tmp_path: Path) -> None:
    """archive/tar's spec said "tar.Writer sets or reads: `err`, `hdr`, `pad`..." of the
    struct's field list: the declaration sets and reads nothing; and "No resolved caller of
    http.Server ... which may reach it" of a struct, which code builds, never calls."""
    files = {
        "srv/server.go": """
            package srv

            type Server struct {
            \tMaxConns int
            \tactive   int
            }

            func (s *Server) Accept() bool {
            \ts.active++
            \treturn s.active <= s.MaxConns
            }
            """,
        "srv/server_test.go": """
            package srv

            import "testing"

            func TestAccept(t *testing.T) {
            \ts := &Server{MaxConns: 1}
            \tif !s.Accept() {
            \t\tt.Fatal("refused")
            \t}
            }
            """,
    }
    with opened(tmp_path, files) as store:
        nodes = store.nodes(["srv/server.go::Server", "srv/server.go::Server.Accept"])
        struct = evidence.settings_fact(store, Touchpoint(nodes["srv/server.go::Server"], 1.0, ()))
        assert struct is not None
        assert struct.statement == (
            "srv.Server declares the fields: `MaxConns` (srv/server.go:4), `active` "
            "(srv/server.go:5)."
        )
        method = evidence.settings_fact(
            store, Touchpoint(nodes["srv/server.go::Server.Accept"], 1.0, ())
        )
        assert method is not None
        assert method.statement == "srv.Server.Accept sets or reads: `active` (srv/server.go:9)."
        # nor is it called: code builds and names it (a struct literal is no call)
        server = Touchpoint(nodes["srv/server.go::Server"], 1.0, ())
        callers = callers_fact(store, server)
        assert callers is not None
        assert callers.statement == (
            "srv.Server (srv/server.go:3) is a type, not code: nothing calls it; its name is "
            "written at 1 line(s) of 1 production file(s), e.g. srv/server.go:8."
        )
        assert evidence.tests_fact(store, server).statement == (
            "srv.Server (srv/server.go:3) is a type, not code: no test runs it; its name is "
            "written at 1 line(s) of 1 test file(s), e.g. srv/server_test.go:6."
        )


def test_the_settings_fact_puts_attributes_named_like_the_other_touchpoints_next(
    tmp_path: Path,
) -> None:
    files = {
        "app/env.py": _fields_then("Environment", "bytecode_cache"),
        "app/cache.py": "class BytecodeCache:\n    pass\n",
    }
    with opened(tmp_path, files) as store:
        ids = ["app/env.py::Environment.__init__", "app/cache.py::BytecodeCache"]
        nodes = store.nodes(ids)
        touched = Touchpoint(nodes[ids[0]], 1.0, ())
        text = "keep compiled templates on disk"  # no word of any attribute
        fact = evidence.settings_fact(store, touched, text, (nodes[ids[0]], nodes[ids[1]]))
        assert fact is not None
        assert fact.statement.startswith(
            "app.env.Environment.__init__ sets or reads: `bytecode_cache` (app/env.py:17), "
            "`field_0` (app/env.py:3)"
        )  # beside the class BytecodeCache, then the code's order
        alone = evidence.settings_fact(store, touched, text)
        assert alone is not None and "bytecode_cache" not in alone.statement  # 12 of 15 shown


def test_the_settings_fact_puts_attributes_set_by_members_named_for_the_idea_next(
    tmp_path: Path,
) -> None:
    hide = "    def hide_help(self):\n        self.field_13 = True\n"  # line 18
    files = {"app/option.py": _fields_then("Option", "unrelated") + hide}
    with opened(tmp_path, files) as store:
        node = store.nodes(["app/option.py::Option"])["app/option.py::Option"]
        touched = Touchpoint(node, 1.0, ())
        fact = evidence.settings_fact(store, touched, "say so in the help")
        assert fact is not None
        assert fact.statement.startswith(
            "app.option.Option sets or reads: `field_13` (app/option.py:16), "
            "`field_0` (app/option.py:3)"
        )  # set by hide_help, which carries "help"; then the code's order
        plain = evidence.settings_fact(store, touched, "keep compiled templates on disk")
        assert plain is not None and "field_13" not in plain.statement  # 12 of 15 shown


def test_the_top_level_fact_names_a_files_settings_that_carry_the_ideas_words(
    tmp_path: Path,
) -> None:
    files = {
        "app/render.py": "MAX_DEPTH = 10\nunrelated_name = 1\nTCP_NODELAY = True\n\n"
        "def render(node, level=0):\n"
        "    if level > MAX_DEPTH:\n"
        "        raise RecursionError(level)\n"
        "    return node\n",
        "app/walk.go": "package app\n\nvar maxWalkDepth = 100\n\nfunc Walk() {}\n",
    }
    with opened(tmp_path, files) as store:
        ids = ["app/render.py::render", "app/walk.go::Walk"]
        nodes = store.nodes(ids)
        touched = [Touchpoint(nodes[i], 1.0, ()) for i in ids]
        fact = evidence.top_level_fact(store, touched, "choose how deeply a page may nest")
        assert fact is not None
        assert fact.statement.endswith(
            "that carry the idea's words: `MAX_DEPTH` (app/render.py:1), "
            "`maxWalkDepth` (app/walk.go:3)."
        )  # "deeply" is a depth; `unrelated_name` carries no word of the idea
        assert [c.line for c in fact.citations] == [1, 3]
        assert evidence.top_level_fact(store, touched, "log every request") is None
        # "wait" finds `delay` as a synonym: not enough for a name to carry the idea
        assert evidence.top_level_fact(store, touched, "wait before each attempt") is None
        shown = (Citation("app/render.py", 1, symbol="os.environ.get"),)  # cited already
        again = evidence.top_level_fact(store, touched, "choose how deeply it nests", shown)
        assert again is not None and "MAX_DEPTH" not in again.statement


def test_the_shared_names_fact_names_the_state_several_touchpoints_write(tmp_path: Path) -> None:
    files = {
        "log/handler.py": """
            class FileHandler:
                def __init__(self, pattern, limit):
                    self.pattern = pattern
                    self.limit = limit
                    self.count = 0

                def publish(self, record):
                    self.count += 1
                    if self.count >= self.limit:
                        self.rotate()

                def rotate(self):
                    self.count = 0
                    return self.pattern
            """
    }
    with opened(tmp_path, files) as store:
        ids = ["FileHandler.__init__", "FileHandler.publish", "FileHandler.rotate"]
        nodes = store.nodes(f"log/handler.py::{i}" for i in ids)
        touched = [Touchpoint(nodes[f"log/handler.py::{i}"], 1.0, ()) for i in ids]
        fact = code_names.shared_names_fact(store, touched)
        assert fact is not None
        assert fact.statement.endswith(
            "(how many write it): `count` (3, e.g. log/handler.py:5), `pattern` (2, e.g. "
            "log/handler.py:2), `limit` (2, e.g. log/handler.py:2)."
        )  # cited where the first writes it (a parameter); `record`, in one only, is not shared
        assert [(c.line, c.symbol) for c in fact.citations] == [
            (5, "count"),
            (2, "pattern"),
            (2, "limit"),
        ]
        assert code_names.shared_names_fact(store, touched[2:]) is None  # one touchpoint


def test_a_signature_over_several_lines_names_no_state(tmp_path: Path) -> None:
    files = {
        "q/query.ts": """
            export class Query<
              TError = Error,
            > {
              state: number = 0;
              fetch(): TError | null {
                this.state = 1;
                return null;
              }
              cancel(): TError | null {
                this.state = 2;
                return null;
              }
            }
            """
    }
    with opened(tmp_path, files) as store:
        ids = ["Query", "Query.fetch", "Query.cancel"]
        nodes = store.nodes(f"q/query.ts::{i}" for i in ids)
        touched = [Touchpoint(nodes[f"q/query.ts::{i}"], 1.0, ()) for i in ids]
        fact = code_names.shared_names_fact(store, touched)
        assert fact is not None and "`state` (3, e.g. q/query.ts:4)" in fact.statement
        assert "TError" not in fact.statement  # a type parameter, as on a signature's one line


def test_a_typescript_predefined_type_is_no_state(tmp_path: Path) -> None:
    files = {
        "src/immer.ts": """
            export class Immer {
              autoFreeze: boolean = true;
              produce: Produce = (base: any, recipe?: any): any => {
                const seen: number = (base as any).size;
                return seen;
              };
              finish: Finish = (value: any): number => {
                const seen: number = (value as any).size;
                return seen;
              };
            }
            """
    }
    with opened(tmp_path, files) as store:
        ids = ["src/immer.ts::Immer", "src/immer.ts::Immer.produce", "src/immer.ts::Immer.finish"]
        nodes = store.nodes(ids)
        touched = [Touchpoint(nodes[i], 1.0, ()) for i in ids]
        fact = code_names.shared_names_fact(store, touched)
        assert fact is not None and "`seen` (2, e.g. src/immer.ts:4)" in fact.statement
        assert "`any`" not in fact.statement and "`number`" not in fact.statement


CLOSURES = {
    "app/undefined.py": '''
        def make_logging_undefined(logger):
            """Build an undefined value that logs."""

            def log_warning(undef):
                """Write a warning naming the missing value."""
                logger.warning("missing value %s", undef)

            return log_warning

        def render(value):
            """Print the value, or nothing."""
            return str(value)
        ''',
}


def test_a_local_function_is_folded_into_the_function_holding_it(tmp_path: Path) -> None:
    with opened(tmp_path, CLOSURES) as store:
        found = touchpoints(store, "write a warning naming the missing value", limit=5)
        ids = [t.node.id for t in found]
        holder = "app/undefined.py::make_logging_undefined"
        assert "app/undefined.py::make_logging_undefined.log_warning" not in ids
        assert ids[0] == holder  # the closure's match, at the function a change edits
        assert [n.id for n in found[0].inner] == [f"{holder}.log_warning"]
        assert found[0].to_json()["inner"] == [
            {"id": f"{holder}.log_warning", "citation": "app/undefined.py:4"}
        ]
        named = [t.node.id for t in touchpoints(store, "change `log_warning` to warn", limit=5)]
        assert f"{holder}.log_warning" in named  # named, it is a touchpoint of its own


def test_a_function_only_calling_itself_has_no_caller_but_itself(tmp_path: Path) -> None:
    """Ruby's OptionParser#load calls itself twice: "No resolved caller of ... load ...; no
    unresolved call is named `load` either" read as though nothing calls it."""
    files = {
        "app/tree.py": """
            def walk(node):
                for child in node.children:
                    walk(child)
            """,
    }
    with opened(tmp_path, files) as store:
        node = store.nodes(["app/tree.py::walk"])["app/tree.py::walk"]
        fact = callers_fact(store, Touchpoint(node, 1.0, ()))
        assert fact is not None
        assert fact.statement == (
            "No resolved caller of app.tree.walk (app/tree.py:1) in the repository but itself "
            "(at app/tree.py:3); no unresolved call is named `walk` either."
        )
        assert [str(c) for c in fact.citations] == ["app/tree.py:1", "app/tree.py:3"]


def test_a_namespace_or_folder_of_the_name_is_not_where_it_is_written(tmp_path: Path) -> None:
    """guzzlehttp/psr7's class `Message` was "written at 53 line(s) of 27 production
    file(s), e.g. src/AppendStream.php:7": `use Psr\\Http\\Message\\StreamInterface;`, a
    namespace of that name, as is a folder in a path (`'Psr/Http/Message/autoload.php'`)."""
    files = {
        "src/Message.php": """<?php
            namespace App;

            final class Message
            {
                public static function toString($m) { return (string) $m; }
            }
            """,
        "src/Stream.php": """<?php
            namespace App;

            use Psr\\Http\\Message\\StreamInterface;

            final class Stream
            {
                public function show($m) { return Message::toString($m); }
                public function load() { require_once 'Psr/Http/Message/autoload.php'; }
            }
            """,
    }
    with opened(tmp_path, files) as store:
        node = store.nodes(["src/Message.php::Message"])["src/Message.php::Message"]
        found = written.written(store, node, False)
        assert found is not None
        assert found.sites == [("src/Stream.php", 8)]  # `Message::toString($m)`


def test_a_re_export_of_a_whole_module_is_not_where_its_names_are_written(
    tmp_path: Path,
) -> None:
    """mobx: "No resolved caller of configure ...; but `configure` is written at 2 line(s)
    ..., e.g. src/internal.ts:34": `export * from "./api/configure"`, a re-export the graph
    follows."""
    files = {
        "src/api/configure.ts": "export function configure(options: object): void {}\n",
        "src/internal.ts": 'export * from "./api/configure"\nexport * as api from "./api/configure"\n',
    }
    with opened(tmp_path, files) as store:
        node = store.node("src/api/configure.ts::configure")
        assert node is not None
        found = written.written(store, node, False)
        assert found is not None and found.sites == []


def test_a_rust_path_through_a_crate_of_the_name_is_not_where_it_is_written(
    tmp_path: Path,
) -> None:
    """env_logger's `Logger::log` was "written at 8 line(s) of 4 production file(s), e.g.
    src/filter/mod.rs:61": `use log::{Level, LevelFilter, Metadata, Record};`, the crate
    `log`, which a function or a method never is (`log::max_level()` neither); its path
    `Logger::log` is."""
    files = {
        "src/lib.rs": """pub struct Logger;

            impl Logger {
                pub fn log(&self, record: &str) -> usize { record.len() }
            }
            """,
        "src/filter.rs": """use log::{Level, Record};
            use crate::Logger;

            pub fn check(level: log::Level) -> bool {
                log::max_level() >= level
            }

            pub fn writer() -> fn(&Logger, &str) -> usize {
                Logger::log
            }
            """,
    }
    with opened(tmp_path, files) as store:
        node = store.nodes(["src/lib.rs::Logger.log"])["src/lib.rs::Logger.log"]
        found = written.written(store, node, False)
        assert found is not None
        assert found.sites == [("src/filter.rs", 9)]


def test_a_ruby_visibility_declaration_is_not_where_a_method_is_written(tmp_path: Path) -> None:
    """Ruby's fileutils: "No resolved caller of FileUtils.cp_r ...; but `cp_r` is written at
    1 line(s) ..., e.g. fileutils.rb:464": `module_function :cp_r`, which declares how the
    method is called; an alias of it is a way to reach it."""
    files = {
        "lib/files.rb": """module Files
              def cp_r(src, dest)
                [src, dest]
              end
              module_function :cp_r

              def rm(path)
                path
              end
              private :rm, :cp_r
              alias_method :copy_tree, :cp_r
            end
            """,
    }
    with opened(tmp_path, files) as store:
        node = store.node("lib/files.rb::Files.cp_r")
        assert node is not None
        found = written.written(store, node, False)
        assert found is not None
        assert found.sites == [("lib/files.rb", 11)]


def test_a_ruby_constant_of_a_class_is_no_construction_of_it(tmp_path: Path) -> None:
    """Ruby's logger: "No resolved caller of Logger.initialize ...; but `Logger` is written
    at 1 line(s) ..., e.g. logger/log_device.rb:119": `Logger::ProgName`, a constant."""
    files = {
        "lib/logger.rb": """class Logger
              ProgName = "logger"

              def initialize(io)
                @io = io
              end
            end
            """,
        "lib/device.rb": """class Device
              def header
                "created by #{Logger::ProgName}"
              end

              def self.open(io)
                Logger::new(io)
              end
            end
            """,
    }
    with opened(tmp_path, files) as store:
        node = store.node("lib/logger.rb::Logger.initialize")
        assert node is not None
        found = written.written(store, node, False)
        assert found is not None
        assert found.sites == [("lib/device.rb", 7)]


def test_a_flat_negative_fact_names_where_the_name_is_written(tmp_path: Path) -> None:
    files = {
        "app/hooks.py": """
            def on_close(conn):
                return conn.close()

            HOOKS = {"close": on_close}
            """,
        "tests/test_hooks.py": """
            from app import hooks

            def test_hooks_table():
                assert hooks.HOOKS["close"] is hooks.on_close
            """,
    }
    with opened(tmp_path, files) as store:
        node = store.nodes(["app/hooks.py::on_close"])["app/hooks.py::on_close"]
        tests = evidence.tests_fact(store, Touchpoint(node, 1.0, ()))
        assert tests.statement.endswith(
            "either; but `on_close` is written at 1 line(s) of 1 test file(s), e.g. "
            "tests/test_hooks.py:4, which may reach it in a way the graph does not resolve."
        )
        assert ("tests/test_hooks.py", 4) in [(c.path, c.line) for c in tests.citations]
        callers = callers_fact(store, Touchpoint(node, 1.0, ()))
        assert callers is not None
        assert callers.statement.endswith(
            "; but `on_close` is written at 1 line(s) of 1 production file(s), e.g. "
            "app/hooks.py:4, which may reach it in a way the graph does not resolve."
        )  # the table that holds it, not its own definition
        other = store.nodes(["app/hooks.py::on_close"])["app/hooks.py::on_close"]
        written.MAX_WRITTEN_FILES, kept = 0, written.MAX_WRITTEN_FILES
        try:  # files left unread: the flat claim says so
            capped = evidence.tests_fact(store, Touchpoint(other, 1.0, ()))
        finally:
            written.MAX_WRITTEN_FILES = kept
        assert capped.statement.endswith(
            "either; `on_close` is written in none of the first 0 of the 1 test files (the "
            "other 1 were not read)."
        )


def test_a_namespace_is_not_found_for_the_words_of_the_classes_in_it(tmp_path: Path) -> None:
    """Ruby's `module Net` spans all of net/http.rb and ranked first for every word of its
    classes ("read from an environment variable": `read_timeout`, `ENV[...]`). A namespace
    (classes, no method of its own) keeps its own words; a class with methods keeps its
    inner classes' (Java's `HttpClientImpl.SelectorManager` is part of it)."""
    files = {
        "lib/net/http.rb": """
            module Net
              class HTTP
                def initialize(address)
                  @read_timeout = ENV["HTTP_READ_TIMEOUT"]
                end
              end
            end
            """,
        "lib/store.rb": """
            class Store
              def fetch(key)
                @items[key]
              end

              class Entry
                def initialize
                  @expires_at = ENV["STORE_EXPIRES_AT"]
                end
              end
            end
            """,
    }
    with opened(tmp_path, files) as store:
        found = [h.node.id for h in rank(store, "read timeout", 10)]
        assert "lib/net/http.rb::Net.HTTP" in found
        assert "lib/net/http.rb::Net" not in found
        keyed = [h.node.id for h in rank(store, "http read timeout environment variable", 10)]
        assert "lib/net/http.rb::Net" not in keyed[:2]
        expiring = [h.node.id for h in rank(store, "expires at", 10)]
        assert {"lib/store.rb::Store", "lib/store.rb::Store.Entry"} <= set(expiring)


def test_a_constructor_is_looked_for_by_its_class_and_no_declaration_is_a_site(
    tmp_path: Path,
) -> None:
    """Ruby's logger: "no resolved caller of Logger#initialize ... but `initialize` is written
    at logger/formatter.rb:11, logger/log_device.rb:14", the other classes' own `def
    initialize` lines. A Ruby or PHP constructor is looked for by its class's name, as
    Python's and JavaScript's are; a line declaring a definition of that name (another
    `def initialize`, the class reopened in another file) is no site; a base list is."""
    files = {
        "lib/logger.rb": """
            class Logger
              def initialize(dev)
                @dev = dev
              end
            end
            """,
        "lib/logger/formatter.rb": """
            class Logger
              class Formatter
                def initialize
                  @format = "%s"
                end
              end
            end
            """,
        "lib/app.rb": """
            class AppLogger < Logger
            end
            KINDS = [Logger]
            """,
        "src/Mailer.php": """
            <?php
            class Mailer {
                public function __construct($host) { $this->host = $host; }
            }
            function kinds() { return [Mailer::class]; }
            """,
    }
    with opened(tmp_path, files) as store:
        init = store.nodes_where("path", "lib/logger.rb")
        (constructor,) = [n for n in init if n.name == "initialize"]
        found = written.written(store, constructor, tests=False)
        assert found is not None
        assert (found.name, found.sites) == ("Logger", [("lib/app.rb", 1), ("lib/app.rb", 3)])
        (php,) = [n for n in store.nodes_where("path", "src/Mailer.php") if n.name == "__construct"]
        assert reaching_tests.called(php) == "Mailer"
        found = written.written(store, php, tests=False)
        assert found is not None and found.sites == [("src/Mailer.php", 5)]


def test_another_overload_s_declaration_is_no_site(tmp_path: Path) -> None:
    """java.util.Timer: "No resolved caller of Timer.schedule~3 ...; but `schedule` is
    written at Timer.java:202, Timer.java:219, Timer.java:296", the other overloads' own
    declaration lines, which call nothing. A line where another definition of the name
    starts is no site; a call is."""
    files = {
        "src/Timer.java": """
            class Timer {
                public void schedule(Runnable task, long delay) {
                    sched(task, delay, 0);
                }

                public void schedule(Runnable task, long delay, long period) {
                    sched(task, delay, period);
                }

                void again(Runnable task) { schedule(task, 1); }

                private void sched(Runnable task, long time, long period) {}
            }
            """,
    }
    with opened(tmp_path, files) as store:
        (second,) = [n for n in store.nodes_where("path", "src/Timer.java") if n.line == 6]
        assert second.name == "schedule"
        found = written.written(store, second, tests=False)
        assert found is not None and found.sites == [("src/Timer.java", 10)]


def test_a_ruby_instance_variable_is_no_site_of_a_method_of_its_name(tmp_path: Path) -> None:
    """pstore: "No resolved caller of PStore.abort ...; but `abort` is written at ...
    pstore.rb:336", which reads `if !@abort`: an instance variable, no call of `abort`."""
    files = {
        "lib/store.rb": """
            class Store
              def abort
                @abort = true
              end

              def commit_all
                save unless @abort
              end

              def save
              end
            end
            """,
        "lib/batch.rb": """
            def finish(store)
              store.abort if $stdin.eof?
              store.send(:abort)
            end
            """,
    }
    with opened(tmp_path, files) as store:
        (abort,) = [n for n in store.nodes_where("path", "lib/store.rb") if n.name == "abort"]
        found = written.written(store, abort, tests=False)
        assert found is not None and found.sites == [("lib/batch.rb", 2), ("lib/batch.rb", 3)]


def test_a_name_in_a_message_is_no_site_but_a_name_in_a_short_string_is(
    tmp_path: Path,
) -> None:
    """starlette's `assert "user" in self.scope, "AuthenticationMiddleware must be installed
    to access request.user"` named a class no code reaches there: a string of words is a
    message. A name alone in a string (`getattr(plugins, "on_close")`) may be looked up,
    and a string that interpolates code (`f"{on_close} ..."`) holds code."""
    files = {
        "app/hooks.py": """
            def on_close(conn):
                return conn.close()

            def check(conn):
                assert conn, "on_close must be registered before check"
                raise RuntimeError('on_close needs a connection, not ' + repr(conn))
            """,
        "app/plugins.py": """
            from app import hooks

            def find():
                return getattr(hooks, "on_close")

            def describe():
                return f"{hooks.on_close} and more"
            """,
        "app/public.py": """
            from app.hooks import (
                on_close,
            )
            """,
        "app/local.py": """
            from app import hooks

            def wrap(on_close):
                return on_close

            def local():
                on_close = None
                return on_close

            def passes(register):
                return register(on_close=hooks.on_close)
            """,
    }
    with opened(tmp_path, files) as store:
        node = store.nodes(["app/hooks.py::on_close"])["app/hooks.py::on_close"]
        callers = callers_fact(store, Touchpoint(node, 1.0, ()))
        assert callers is not None
        assert callers.statement.endswith(
            "; but `on_close` is written at 3 line(s) of 2 production file(s), e.g. "
            "app/local.py:11, app/plugins.py:4, app/plugins.py:7, which may reach it in a way "
            "the graph does not resolve."
        )  # not hooks.py:5 and :6, whose strings are messages, nor public.py's import, nor
        # the variables of wrap and local (local.py:3-8), which bind the name themselves
    java = {
        "src/Jar.java": """
            class Jar {
                static Jar open(String name) { return new Jar(); }
            }
            """,
        "src/Use.java": """
            class Use {
                Jar keep(Jar jar) {
                    return Jar.open("x");
                }
            }
            """,
        "lib/use.go": """
            package lib

            func keep(Jar int) int {
                return Jar
            }
            """,
    }
    with opened(tmp_path / "java", java) as store:
        node = store.nodes(["src/Jar.java::Jar"])["src/Jar.java::Jar"]
        found = written.written(store, node, tests=False)
        assert found is not None  # `(Jar jar` types a parameter in Java; in Go it binds one
        assert found.sites == [("src/Use.java", 2), ("src/Use.java", 3)]
    assert code_names.without_prose('x("on_close", "a b", `${y} z`, \'k\')') == (
        'x("on_close", "", `${y} z`, \'k\')'
    )
    # a brace in a message is no interpolation (mobx: "... or use `configure({
    # isolateGlobalState: true })`" was where `configure` is written); `#{}`, `${}`, `{$}`
    # and an f-string's braces are
    message = '35: "Make sure MobX is loaded once or use `configure({ isolated: true })`",'
    assert code_names.without_prose(message) == '35: "",'
    for kept in ('f"{name} failed"', 'rf"{name} failed"', '"#{name} failed"', "'${name} x'"):
        assert code_names.without_prose(kept) == kept
    # a variable of the same name is bound anew, not the definition (mobx's `let reaction:
    # Reaction` and `reaction = new Reaction(...)` beside its function `reaction`)
    rebound = written._rebinding("reaction")
    kept = ["x = reaction(a)", "handler = reaction", "this.reaction = reaction"]
    kept += ["#provider: reaction = fallback", "if reaction == 1:"]
    gone = ["let reaction: Reaction", "reaction = new Reaction(", "reaction := f()"]
    gone += ["def f(reaction=None):", "f(reaction=1)"]
    assert [line for line in kept if "reaction" not in rebound.sub(" ", line)] == []
    assert [line for line in gone if "reaction" in rebound.sub(" ", line)] == []


def test_a_type_is_named_not_called_and_its_facts_say_so(tmp_path: Path) -> None:
    """query-core's spec said "No resolved caller of TimeoutProvider ... which may reach it"
    and "No test reaches TimeoutProvider through resolved calls" of a type alias: no code
    calls or runs a type. Its facts say it is a type and where the code names it, a
    multi-line re-export (`export type {` ... `} from`) and import left out."""
    files = {
        "src/timer.ts": """
            export type Provider = { schedule: (ms: number) => number }
            export interface Clock { now(): number }
            export function useProvider(provider: Provider): number {
              return provider.schedule(1)
            }
            """,
        "src/index.ts": """
            export type {
              Provider,
              Clock,
            } from './timer'
            import {
              useProvider,
            } from './timer'
            const fallback: Provider = { schedule: (ms) => ms }
            export const start = () => useProvider(fallback)
            """,
        "test/timer.test.ts": """
            import { useProvider } from '../src/timer'
            const fake: Provider = { schedule: () => 0 }
            test('schedules', () => { useProvider(fake) })
            """,
    }
    with opened(tmp_path, files) as store:
        nodes = store.nodes(["src/timer.ts::Provider", "src/timer.ts::Clock"])
        provider = Touchpoint(nodes["src/timer.ts::Provider"], 1.0, ())
        callers = callers_fact(store, provider)
        assert callers is not None
        assert callers.statement == (
            "src.timer.Provider (src/timer.ts:1) is a type, not code: nothing calls it; its "
            "name is written at 2 line(s) of 2 production file(s), e.g. src/index.ts:8, "
            "src/timer.ts:3."
        )  # not index.ts:2, inside the re-export, nor the import's lines
        tests = evidence.tests_fact(store, provider)
        assert tests.statement == (
            "src.timer.Provider (src/timer.ts:1) is a type, not code: no test runs it; its "
            "name is written at 1 line(s) of 1 test file(s), e.g. test/timer.test.ts:2."
        )
        assert ("test/timer.test.ts", 2) in [(c.path, c.line) for c in tests.citations]
        clock = evidence.tests_fact(store, Touchpoint(nodes["src/timer.ts::Clock"], 1.0, ()))
        assert clock.statement == (
            "src.timer.Clock (src/timer.ts:2) is a type, not code: no test runs it; its name "
            "is written in none of the test files."
        )
        function = Touchpoint(
            store.nodes(["src/timer.ts::useProvider"])["src/timer.ts::useProvider"], 1.0, ()
        )
        called = callers_fact(store, function)
        assert called is not None and "is a type" not in called.statement


def test_a_negative_tests_fact_names_where_a_caller_on_the_way_is_written(
    tmp_path: Path,
) -> None:
    """The chain towards the tests stops at `asJson`, which the code calls only through a
    member keyed by a symbol that two objects bind (`this[kJson](...)` in a function both
    hold: which one runs depends on `this`, so the resolver does not guess): the tests fact
    says where that caller is written, and so does the fact about `asJson` itself."""
    files = {
        "lib/format.js": """
            const kJson = Symbol('json')
            function _asJson (record) { return String(record) }
            function asJson (record) { return _asJson(record) }
            const proto = { [kJson]: asJson, write }
            const debug = { [kJson]: String, write }
            function write (record) { return this[kJson](record) }
            module.exports = { proto, debug }
            """,
        "test/format.test.js": """
            const { proto } = require('../lib/format')
            test('write', () => { proto.write(1) })
            """,
    }
    with opened(tmp_path, files) as store:
        node = store.nodes(["lib/format.js::_asJson"])["lib/format.js::_asJson"]
        tests = evidence.tests_fact(store, Touchpoint(node, 1.0, ()))
        assert tests.statement.endswith(
            "either; but `asJson`, a caller on the way, is written at 1 line(s) of 1 "
            "production file(s), e.g. lib/format.js:4, which may reach it in a way the graph "
            "does not resolve."
        )
        assert ("lib/format.js", 4) in [(c.path, c.line) for c in tests.citations]
        top = store.nodes(["lib/format.js::asJson"])["lib/format.js::asJson"]
        own = evidence.tests_fact(store, Touchpoint(top, 1.0, ()))
        assert own.statement.endswith(
            "either; but `asJson` is written at 1 line(s) of 1 production file(s), e.g. "
            "lib/format.js:4, which may reach it in a way the graph does not resolve."
        )


def test_a_name_written_in_a_block_comment_or_after_a_hash_in_a_string_is_no_site(
    tmp_path: Path,
) -> None:
    """Go's package docs hold code examples in a `/* ... */` block whose lines start with
    no `*`: no line of it is code that may reach a definition."""
    files = {
        "srv/doc.go": """
            /*
            Package srv serves.

                s := &srv.Server{Addr: ":8080"}
            */
            package srv
            """,
        "srv/server.go": """
            package srv

            type Server struct{ Addr string }

            var label = "a #b"; var made = Server{} // a Server in a comment
            """,
    }
    with opened(tmp_path, files) as store:
        node = store.nodes(["srv/server.go::Server"])["srv/server.go::Server"]
        callers = callers_fact(store, Touchpoint(node, 1.0, ()))
        assert callers is not None
        assert callers.statement.endswith(
            "; its name is written at 1 line(s) of 1 production file(s), e.g. srv/server.go:5."
        )  # not doc.go:4 in the block comment; line 5's code after a string holding " #"
    lines = ['x = "a #b"  # c', "/* one", "Server", "*/", "y = 1 /* z */"]
    assert code_names.code_lines(lines) == [(1, 'x = "a #b" '), (5, "y = 1 /* z */")]
    # a comment, or a line's trailing comment, holding three quotes opens no string (Go's
    # encoding/csv documents `"a ""quoted-field"""`): the code after it is code
    lines = ['//\t"a ""quoted-field"""', "func f() {}", 'x = 1  # """', "y = 2"]
    assert code_names.code_lines(lines) == [(2, "func f() {}"), (3, "x = 1 "), (4, "y = 2")]
    # nor do three quotes inside a one-line string (werkzeug's `"v;a*=UTF-8'''%F0.txt"`)
    lines = ["(\"a*=UTF-8'''%F0'.txt\", 1),", "z = 3", 'doc = """one', "two", '"""', "w = 4"]
    assert [n for n, _ in code_names.code_lines(lines)] == [1, 2, 3, 6]
    # or inside a Go raw string (encoding/csv's tests)
    lines = ['{Input: `"a"b"`, Output: `"""a""b"""` + "\\n"},', "z := 3"]
    assert [n for n, _ in code_names.code_lines(lines)] == [1, 2]


def test_owners_that_are_other_classes_are_no_twins(tmp_path: Path) -> None:
    files = {
        "cli/options.py": '''
            class Option:
                def __init__(self, timeout=5):
                    """The time limit of every request."""
                    self.timeout = timeout

            class OptionParser:
                def __init__(self, timeout=5):
                    """The time limit of every request."""
                    self.timeout = timeout
            ''',
    }
    with opened(tmp_path, files) as store:
        found = touchpoints(store, "the time limit of a request", limit=5)
        ids = [t.node.id for t in found]
        assert "cli/options.py::Option.__init__" in ids  # a parser is not a variant of
        assert "cli/options.py::OptionParser.__init__" in ids  # an option: both are listed
        assert all(not t.twins for t in found)


def test_no_caller_names_the_calls_of_its_name_that_resolve_outside_the_repository(
    tmp_path: Path,
) -> None:
    files = {
        "lib/app.js": """
            const http = require('http')

            class Application {
              listen (...args) {
                const server = http.createServer(() => {})
                return server.listen(...args)
              }
            }

            module.exports = Application
            """,
    }
    with opened(tmp_path, files) as store:
        fact = callers_of(store, "lib/app.js::Application.listen")
        assert fact.statement == (
            "No resolved caller of lib.app.Application.listen (lib/app.js:4) in the repository; "
            "no unresolved call is named `listen` either; 1 call(s) named `listen` resolve "
            "outside the repository (e.g. to http.createServer.listen at lib/app.js:6)."
        ), fact.statement
        assert "lib/app.js:6" in [str(c) for c in fact.citations]


def test_a_name_carrying_the_ideas_words_ranks_above_a_definition_merely_holding_them(
    tmp_path: Path,
) -> None:
    """`Option` holds every word of the idea (its methods' keys and attributes are its
    own), `Option.get_envvar_prefix` is named by them: the name ranks first. The bonus is
    for production names: the test named after the idea word for word stays below both."""
    with opened(tmp_path) as store:
        found = [
            h.node.id for h in rank(store, "the option reads the environment variable prefix", 4)
        ]
        assert found[:2] == ["cli/params.py::Option.get_envvar_prefix", "cli/params.py::Option"]
        assert found.index(
            "tests/test_params.py::test_option_reads_the_environment_variable_prefix"
        ) > found.index("cli/params.py::Option.__init__")


def test_an_annotated_assignment_declares_its_name_not_its_type() -> None:
    lines = [
        "def connect(",
        "    host,",
        "    retries: int = 3,",
        "    verbose: bool = False,",
        "):",
        "    limit: Optional[int] = None",
        "    count := 0",
    ]
    _, declared = code_names.code_names(lines, 1, len(lines))
    assert {"retries", "verbose", "limit"} <= declared
    assert not {"int", "bool", "Optional"} & declared


def test_a_synonym_never_names_what_every_constructor_is_called(tmp_path: Path) -> None:
    """ "start" once expanded to `init`: every `__init__` matched the idea by its name. And
    "again" is a word ("try again" is a retry), "times" is not (it counts repetitions)."""
    files = {
        "app/worker.py": '''
            class Worker:
                def __init__(self, name):
                    self.name = name

            class Queue:
                def __init__(self, size):
                    self.size = size

            def begin_job(worker):
                """Begin the worker's job."""
                return worker.name
            ''',
        "app/transport.py": '''
            class TransportTimeout(Exception):
                """Raised when the transport timed out waiting for a reply."""

            class Transport:
                def __init__(self, retries=0):
                    self.retries = retries
            ''',
    }
    with opened(tmp_path, files) as store:
        started = [h.node.id for h in rank(store, "start the job", 3)]
        assert started[0] == "app/worker.py::begin_job"
        assert not any(node.endswith("__init__") for node in started)
        again = {h.node.id for h in rank(store, "try it again a couple of times", 2)}
        assert again == {"app/transport.py::Transport", "app/transport.py::Transport.__init__"}
        assert "retry" in query_terms("again")


def test_an_idiom_is_read_as_what_it_means_not_word_by_word(tmp_path: Path) -> None:
    """ "Open at the same time" is about concurrency: read word by word, "time" found every
    timeout. "Let the program choose" asks for an option."""
    assert parse("once too many are open at the same time").words == ("many", "open", "concurrent")
    # "at once" is concurrent for what is open or runs; otherwise it says "together"
    assert parse("cap the streams open at once").words == ("cap", "streams", "open", "concurrent")
    assert parse("report every problem in the input at once").words == (
        "report",
        "problem",
        "input",
    )
    assert "time" not in parse("giving up after a couple of tries").words
    assert parse("let users set the limit when someone asks").words == ("limit", "asks")
    # fillers say how, not what: "rather than", "already", "still" name nothing of the code
    assert parse("reload rather than poll, as it already and still does").words == (
        "reload",
        "poll",
    )
    # nor do pronouns and fillers of time and degree: "drop the ones that stop answering"
    assert parse("today drop the ones, etc, that normally stop, not whole peers").words == (
        "drop",
        "stop",
        "peers",
    )
    # a contraction's stem is no word; running out of time is a timeout
    assert parse("if it hasn't finished, it ran out of time").words == ("finished", "timeout")
    # conjunctions: "as long as they come back" is no length
    assert parse("stay logged in as long as they come back").words == (
        "stay",
        "login",
        "come",
        "back",
    )
    assert "authenticate" in query_terms(parse("log in with a token").words[0])
    # a login that runs out expires: no `run`, no `RuntimeError`
    assert parse("the login should run out after two weeks").words == ("login", "expire", "weeks")
    # what is made read-only is frozen; "hard-coded" says how a value is written, not what
    assert parse("results made read-only").words == ("results", "readonly")  # "made" is no word
    assert "freeze" in query_terms("readonly")
    assert parse("raise the hard-coded limit").words == ("raise", "limit")
    # a regular expression is what code calls a regex, a regexp or a pattern
    assert parse("drop records matching a regular expression").words == (
        "drop",
        "records",
        "matching",
        "regexp",
    )
    assert {"regex", "pattern"} <= set(query_terms("regexp"))
    # "how long" asks for a duration: no `long` (a Java or C integer type, `longest`)
    assert parse("choose how long the client waits").words == ("choose", "client", "waits")
    # what takes too long times out: no length (net/smtp's `len` "carried" the idea's words)
    assert parse("give up when the server takes too long to answer").words[-3:] == (
        "server",
        "timeout",
        "answer",
    )
    # and so does what runs too long, or is let time out (rake's `LateTime` is no timeout)
    assert parse("let tasks time out when they run too long").words == ("tasks", "timeout")
    assert parse("retry a request that timed out").words == ("retry", "request", "timeout")
    # what is too short is under a minimum length (zod's `_minLength`)
    assert parse("reject a string that is too short").words[-2:] == ("min", "length")
    # a comparative is its adjective's: files bigger than a size have a size
    assert {"size", "max"} <= set(query_terms("bigger")) & set(query_terms("larger"))
    # relative and indefinite words name nothing ("whose", "somewhere", "whenever")
    assert parse("an entry whose name lands somewhere, whenever it is read").words == (
        "entry",
        "name",
        "lands",
        "read",
    )
    # how long a token stays valid is when it expires
    assert parse("a token stays valid for an hour").words == ("token", "expire", "hour")
    # who stays logged in between visits is kept in a session
    assert "session" in query_terms(parse("stay logged in").words[1])
    assert parse("compress what the server sends back").words == ("compress", "server", "response")
    assert "property" in query_terms("setting") and "filesystem" in query_terms("disk")
    # a table of contents is a `toc`; what is hidden from a log is redacted or masked
    assert parse("skip a heading in the table of contents").words == ("skip", "heading", "toc")
    assert {"redact", "mask"} <= set(query_terms("hide"))
    removed = parse("warn of a flag that will be removed in the next major version")
    assert removed.words == ("warn", "flag", "deprecated")  # not `version`
    files = {
        "srv/limits.go": """
            package srv

            // readTimeout is how long a read may take.
            func readTimeout(seconds int) int { return seconds }

            // maxActiveConns caps the connections served concurrently.
            func maxActiveConns(n int) int { return n }
            """,
        "srv/option.go": """
            package srv

            // Option sets one of the server's options.
            func Option(name string) string { return name }

            func hostName(h string) string { return h }
            """,
    }
    with opened(tmp_path, files) as store:
        open_at_once = rank(store, "limit the connections open at the same time", 1)
        assert open_at_once[0].node.id == "srv/limits.go::maxActiveConns"
        chosen = [h.node.id for h in rank(store, "let the program choose", 5)]
        assert chosen[:2] == ["srv/option.go", "srv/option.go::Option"]  # its file, then it


def test_two_words_the_repository_writes_as_one_are_searched_as_one(tmp_path: Path) -> None:
    files = {
        "app/session.py": """
            def cleanup(session):
                return session

            def clean_name(text):
                return text

            def begin_session(user):
                return user
            """,
    }
    with opened(tmp_path, files) as store:
        assert parse("let people clean up twice").pairs == (("clean", "up"),)
        assert rank(store, "clean up the session", 1)[0].node.id == "app/session.py::cleanup"
        assert parse("back up the file").pairs == (("back", "up"),)  # no `backup` here:
        assert "backup" not in [w for h in rank(store, "back up the file", 3) for w in h.matched]


def test_two_words_one_identifier_joins_in_a_comment_stay_two_words(tmp_path: Path) -> None:
    files = {
        "src/thunk.ts": """
            /** The result of dispatching an asyncAction: abort() cancels it. */
            export class ThunkResult {}

            export function createAsyncThunk(action: string, timeout: number) {
              return [action, timeout]
            }
            """,
    }
    with opened(tmp_path, files) as store:
        hits = rank(store, "give an async action a time limit", 2)
        assert hits[0].node.name == "createAsyncThunk"
        assert {"async", "action"} <= set(hits[0].matched)


def test_two_words_are_not_joined_into_a_stem_of_a_longer_word(tmp_path: Path) -> None:
    files = {
        "app/io.py": """
            # LimitReader reads at most size bytes.
            class LimitReader:
                def read(self, size):
                    return size

            def time_limit(seconds):
                return seconds
            """,
    }
    with opened(tmp_path, files) as store:  # the docstring's `limitreader` stems to `limitread`
        hits = rank(store, "a time limit read from the environment", 3)
        assert hits[0].node.id == "app/io.py::time_limit"
        assert {"time", "limit"} <= set(hits[0].matched)  # "limit" is still a word of it


def test_the_ideas_words_no_definition_holds_are_said(tmp_path: Path) -> None:
    with opened(tmp_path) as store:
        fact = similar.unfound_fact(store, "compress the environment variable prefix")
        assert fact is not None and fact.topic == "vocabulary"
        assert '"compress"' in fact.statement
        assert "environment" not in fact.statement and "prefix" not in fact.statement
        assert similar.unfound_fact(store, "read the environment variable prefix") is None
        # the people the idea lets do something are who asks, no word of the code's
        # (rust-walkdir: 'finds no definition for "callers"' in every "let callers" idea)
        assert similar.unfound_fact(store, "let callers read the environment variable") is None
        fact = similar.unfound_fact(store, "let operators compress the prefix")
        assert fact is not None and '"compress"' in fact.statement
        assert "operators" not in fact.statement


def test_the_mechanism_words_leave_out_the_people_the_idea_lets_act(tmp_path: Path) -> None:
    with opened(tmp_path) as store:
        statement = similar_fact(store, "let callers add retries with backoff").statement
        assert statement.startswith(
            "Definitions matching the idea's mechanism words (retries, backoff) in"
        )


def test_a_word_the_code_writes_as_two_is_searched_as_two(tmp_path: Path) -> None:
    """ "omitempty" is no word of the code; `omitEmpty` is: the idea's word is found, and
    not said to be new to the code. A word the code holds is not split ("together")."""
    files = {
        "enc/fields.go": """
            package enc

            type field struct {
                name      string
                omitEmpty bool
            }

            func typeFields(tag string) field {
                return field{name: tag, omitEmpty: tag == "x"}
            }

            // together joins two names.
            func together(a, b string) string {
                return a + b
            }
            """,
    }
    with opened(tmp_path, files) as store:
        hits = rank(store, "leave a field out when omitempty is set", 3)
        assert [h.node.id for h in hits[:2]] == [
            "enc/fields.go::typeFields",
            "enc/fields.go::field",
        ]
        assert "omitempty" in hits[0].matched
        assert similar.unfound_fact(store, "the omitempty field") is None
        fact = similar.unfound_fact(store, "omitzero together")
        assert fact is not None and '"omitzero"' in fact.statement  # no "zero" here
        assert rank(store, "get together", 1)[0].matched == ("together",)


def test_when_reading_the_writer_is_not_where_the_change_goes(tmp_path: Path) -> None:
    """ "When reading an archive, ..." applies while reading: the writer's methods and a
    function named for writing keep OPPOSITE_WEIGHT of their score; a class named for the
    operation (`NameFormat`) is no writer, and what the idea does not frame stays as it was."""
    files = {
        "arc/reader.go": """
            package arc

            type Reader struct{ r int }

            // next reads the header of the next archive entry and checks its name.
            func (tr *Reader) next(name string) string {
                return name
            }
            """,
        "arc/writer.go": """
            package arc

            type Writer struct{ w int }

            // writeHeader writes the header of an archive entry with its name.
            func (tw *Writer) writeHeader(name string) string {
                return name
            }

            // writeEntryName writes the name of an archive entry in the header.
            func writeEntryName(name string) string {
                return name
            }
            """,
        "arc/format.go": """
            package arc

            // NameFormat checks the name of an archive entry in a header.
            type NameFormat struct{ entry int }
            """,
    }
    with opened(tmp_path, files) as store:
        idea = "When reading an archive, reject an entry header whose name climbs out"
        ranked = [h.node.id for h in rank(store, idea, 5)]
        assert ranked.index("arc/reader.go::Reader.next") < ranked.index(
            "arc/writer.go::Writer.writeHeader"
        )
        assert ranked.index("arc/format.go::NameFormat") < ranked.index(
            "arc/writer.go::writeEntryName"
        )
        plain = [h.node.id for h in rank(store, "reject an entry header whose name climbs out", 5)]
        assert plain.index("arc/writer.go::writeEntryName") < plain.index(
            "arc/reader.go::Reader.next"
        )  # not framed by reading: the writer's words match more


def test_a_class_touchpoint_lists_its_methods_wherever_its_language_defines_them(
    tmp_path: Path,
) -> None:
    """A class's own methods, those carrying the idea's words first, each cited at its
    definition: a Go type's methods in another file of the package count, a Java overload
    once, under the name the line holds (so `verify` finds it)."""
    files = {
        "cache/store.py": """
            class Store:
                def load(self, key):
                    return key

                def save_bucket(self, key, value):
                    return value

                class Inner:
                    def hidden(self):
                        return 0
            """,
        "pkg/state.go": """
            package pkg

            type state struct{ depth int }
            """,
        "pkg/exec.go": """
            package pkg

            func (s *state) walk() int { return s.depth }
            """,
        "pkg/export_test.go": """
            package pkg

            func (s *state) ExportDepthLimit() int { return s.depth }
            """,
        "src/Client.java": """
            class Client {
                void connect() {}
                void connect(int timeout) {}
                void close() {}
            }
            """,
    }
    with opened(tmp_path, files) as store:

        def members(node_id: str, idea: str) -> evidence.Fact | None:
            node = store.node(node_id)
            assert node is not None, node_id
            return code_names.members_fact(store, Touchpoint(node, 1.0, ()), idea)

        python = members("cache/store.py::Store", "save templates to a bucket")
        assert python is not None
        assert [(c.symbol, str(c)) for c in python.citations] == [
            ("save_bucket", "cache/store.py:5"),  # it carries the idea's words
            ("load", "cache/store.py:2"),
            ("Inner", "cache/store.py:8"),  # a nested class, after; not its method `hidden`
        ]
        go = members("pkg/state.go::state", "limit depth")
        assert go is not None  # a method for tests only comes after, whatever its words
        assert [str(c) for c in go.citations] == ["pkg/exec.go:3", "pkg/export_test.go:3"]
        java = members("src/Client.java::Client", "connect")
        assert java is not None
        assert [(c.symbol, c.line) for c in java.citations] == [("connect", 2), ("close", 4)]
        assert java.statement.startswith(
            "src.Client.Client (src/Client.java:1) defines 2 method(s): "
        )
        method = store.node("cache/store.py::Store.load")
        assert method is not None
        assert code_names.members_fact(store, Touchpoint(method, 1.0, ()), "x") is None


def test_the_classes_nested_in_a_class_are_its_members_too(tmp_path: Path) -> None:
    """Java's `ZipFile` inflates in a class it holds, `ZipFileInflaterInputStream`: a
    change to the class may be made there, so the classes nested in it are shown after its
    methods (those carrying the idea's words first); a class nested deeper is its holder's."""
    files = {
        "src/Archive.java": """
            class Archive {
                void open() {}
                static class Entry {
                    void read() {}
                }
                class InflaterStream {
                    class Buffer {}
                }
            }
            """,
        "app/box.py": """
            class Box:
                class Lid:
                    pass
            """,
    }
    with opened(tmp_path, files) as store:
        nodes = store.nodes(["src/Archive.java::Archive", "app/box.py::Box"])
        java, python = (
            code_names.members_fact(store, Touchpoint(nodes[i], 1.0, ()), "inflate an entry")
            for i in ("src/Archive.java::Archive", "app/box.py::Box")
        )
    assert java is not None and python is not None
    assert java.statement == (
        "src.Archive.Archive (src/Archive.java:1) defines 1 method(s): `open` "
        "(src/Archive.java:2); and 2 nested class(es): `Entry` (src/Archive.java:3), "
        "`InflaterStream` (src/Archive.java:6)."
    )
    assert (
        python.statement
        == "app.box.Box (app/box.py:1) defines 1 nested class(es): `Lid` (app/box.py:2)."
    )


def test_function_words_of_an_idea_are_not_searched() -> None:
    """'unless', 'another', 'however'... say how the idea's parts relate, not what the code
    is named: they are no key words (a spec listed 'unless' among the words it searched)."""
    from brownfield.query.search import parse

    words = parse("Stop sending visitors to another site unless it is allowed, however").words
    assert "unless" not in words and "another" not in words and "however" not in words
    assert {"visitors", "site", "allowed"} <= set(words)


SIZES = {
    "app/a_short.py": '''
        def refresh_token(session):
            """Renew the session token before it expires."""
            return session
        ''',
    "app/b_long.py": '''
        def refresh_token(session):
            """Renew the session token before it expires."""
            if session.expired:
                session.token = None
            if session.token is None:
                session.token = session.issue()
            session.renewed = True
            session.save()
            return session
        ''',
}


def test_a_longer_definition_ranks_above_an_equal_match_of_one_line(tmp_path: Path) -> None:
    """Both match the idea alike (the short one first by id); the one with a body where
    the behaviour lives comes first."""
    with opened(tmp_path, SIZES) as store:
        found = touchpoints(store, "renew the session token earlier", 2)
        assert [t.node.id for t in found] == [
            "app/b_long.py::refresh_token",
            "app/a_short.py::refresh_token",
        ]


def test_a_wrapper_calling_only_its_namesake_hands_its_place_to_it(tmp_path: Path) -> None:
    files = {
        "flags/flagset.py": '''
            class FlagSet:
                def print_defaults(self):
                    for flag in self.flags:
                        print(flag.name, flag.default)
                        print(flag.usage)

            command_line = FlagSet()


            def print_defaults():
                """Print the default of every flag of the command line."""
                command_line.print_defaults()


            def print_usage():
                """Print the usage and the defaults of every flag of the command line."""
                print("usage:")
                command_line.print_defaults()
            ''',
    }
    with opened(tmp_path, files) as store:
        found = touchpoints(store, "print the defaults of every flag", limit=5)
        ids = [t.node.id for t in found]
        method = "flags/flagset.py::FlagSet.print_defaults"
        assert "flags/flagset.py::print_defaults" not in ids  # listed with what it calls
        assert ids[0] == method
        assert [n.id for n in found[0].twins] == ["flags/flagset.py::print_defaults"]
        assert "flags/flagset.py::print_usage" in ids  # two calls: a definition of its own


def test_a_wrapper_of_a_wrapper_hands_its_place_to_the_last_of_them(tmp_path: Path) -> None:
    files = {
        "flags/flagset.py": '''
            class Printer:
                def print_defaults(self, flags):
                    for flag in flags:
                        print(flag.name, flag.default)
                        print(flag.usage)


            class FlagSet:
                def __init__(self):
                    self.printer = Printer()

                def print_defaults(self):
                    self.printer.print_defaults([])


            command_line = FlagSet()


            def print_defaults():
                """Print the default of every flag of the command line."""
                command_line.print_defaults()
            ''',
    }
    with opened(tmp_path, files) as store:
        found = touchpoints(store, "print the defaults of every flag", limit=5)
        ids = [t.node.id for t in found]
        assert ids[0] == "flags/flagset.py::Printer.print_defaults"
        assert "flags/flagset.py::FlagSet.print_defaults" not in ids  # handed on, whatever
        assert "flags/flagset.py::print_defaults" not in ids  # the order they are met in
        assert {n.id for n in found[0].twins} == {
            "flags/flagset.py::FlagSet.print_defaults",
            "flags/flagset.py::print_defaults",
        }


def test_an_exception_class_the_idea_does_not_name_ranks_below_the_code(tmp_path: Path) -> None:
    files = {
        "net/errors.py": '''
            class TransportError(Exception):
                """Raised when a request failed: try it again later."""


            class PoolClosed(TransportError):
                """The pool was closed while a request was waiting; try the request again."""


            class RequestTooLarge(TransportError):
                """A request failed: its body is too large to try again."""
            ''',
        "net/transport.py": '''
            class Transport:
                def send(self, request, attempts=1):
                    """Send the request; a failed one is sent again up to `attempts` times."""
                    return self.pool.handle(request)
            ''',
    }
    with opened(tmp_path, files) as store:
        found = touchpoints(store, "try a failed request again a couple of times", limit=5)
        ids = [t.node.id for t in found]
        assert ids[0] == "net/transport.py::Transport.send"
        # an exception whose name carries an idea word ("request") is not demoted
        assert ids.index("net/errors.py::RequestTooLarge") < ids.index("net/errors.py::PoolClosed")
        before = {t.node.id: t.score for t in found}
    with opened(tmp_path / "b", files) as store:
        named = touchpoints(store, "try a failed request again when the pool closed", limit=5)
        scores = {t.node.id: t.score for t in named}
        assert scores["net/errors.py::PoolClosed"] > before["net/errors.py::PoolClosed"]


def test_an_exception_named_by_an_idea_word_in_another_form_is_not_demoted(
    tmp_path: Path,
) -> None:
    files = {
        "net/errors.py": '''
            class PoolTimeout(Exception):
                """Raised when retries of a failed request waited too long."""


            class RetryTimeout(Exception):
                """Raised when retries of a failed request waited too long."""
            ''',
    }
    with opened(tmp_path, files) as store:
        found = touchpoints(store, "give up the retries of a failed request", limit=5)
        scores = {t.node.id: t.score for t in found}
        # "retries" is RetryTimeout's "retry": the same words, only PoolTimeout is demoted
        assert scores["net/errors.py::RetryTimeout"] > 2 * scores["net/errors.py::PoolTimeout"]


def test_an_exception_named_only_by_a_word_of_failure_the_idea_uses_is_demoted(
    tmp_path: Path,
) -> None:
    """schedule: "When a job raises an exception, ... log the error" ranked `ScheduleError`
    ("Base schedule exception") first: its name carries "error", as every exception's
    may; that is no word of the idea's saying which one."""
    files = {
        "sched/errors.py": '''
            class ScheduleError(Exception):
                """Base schedule exception, raised when a job fails."""


            class JobError(Exception):
                """Base schedule exception, raised when a job fails."""
            ''',
    }
    with opened(tmp_path, files) as store:
        found = touchpoints(store, "when a job raises an exception, log the error", limit=5)
        scores = {t.node.id: t.score for t in found}
        # `JobError` carries "job": only ScheduleError is demoted
        assert scores["sched/errors.py::JobError"] > 2 * scores["sched/errors.py::ScheduleError"]


def test_a_typescript_type_ranks_below_the_code_unless_it_holds_settings(
    tmp_path: Path,
) -> None:
    files = {
        "src/retry.ts": """
            export interface RetryState {
              failureCount: number
              retryDelay: number
            }

            export type RetryAction = { type: 'retry'; retryDelay: number }

            export interface RetryOptions {
              retryDelay?: number
            }

            export function retryDelayFor(state: RetryState): number {
              return state.retryDelay * 2
            }
            """,
        # code beside it, so that "retry" is no word nearly every definition holds (bm25
        # weighs such a word next to nothing, and a match on it alone is no touchpoint)
        "src/queue.ts": """
            export function enqueue(items: string[], item: string): void { items.push(item) }
            export function dequeue(items: string[]): string | undefined { return items.shift() }
            export function peek(items: string[]): string | undefined { return items[0] }
            export function size(items: string[]): number { return items.length }
            export function clear(items: string[]): void { items.length = 0 }
            """,
    }
    with opened(tmp_path, files) as store:
        idea = "change the retry delay"
        scores = {t.node.name: t.score for t in touchpoints(store, idea, limit=10)}
        assert scores["retryDelayFor"] > scores["RetryState"]
        assert scores["retryDelayFor"] > scores["RetryAction"]
        # the settings a caller passes are where a new setting goes: not demoted
        assert scores["RetryOptions"] > scores["RetryState"]
    with opened(tmp_path / "b", files) as store:
        named = touchpoints(store, "change the retry delay of `RetryState`", limit=10)
        assert named[0].node.name == "RetryState"  # a type the idea names is not demoted


def test_a_member_of_a_typescript_type_nothing_implements_ranks_below_the_code(
    tmp_path: Path,
) -> None:
    """A function an interface declares (`backoff(attempt: number): number`) is a shape's
    member: with no class implementing it, the code is the object or function that
    provides it, and the member keeps the type's share, as the type does."""
    files = {
        "src/retry.ts": """
            export interface RetryPolicy {
              backoff(attempt: number): number
              giveUp: (attempt: number) => boolean
            }

            export interface RetryOptions {
              backoff?: (attempt: number) => number
            }

            // the exponential backoff of a retry attempt
            export function nextDelay(attempt: number): number {
              return 2 ** attempt * 100
            }
            """,
        "src/queue.ts": """
            export function enqueue(items: string[], item: string): void { items.push(item) }
            export function dequeue(items: string[]): string | undefined { return items.shift() }
            export function peek(items: string[]): string | undefined { return items[0] }
            export function size(items: string[]): number { return items.length }
            """,
    }
    idea = "change the backoff of a retry attempt"
    with opened(tmp_path, files) as store:
        scores = {t.node.id: t.score for t in touchpoints(store, idea, limit=10)}
        member = scores["src/retry.ts::RetryPolicy.backoff"]
        assert scores["src/retry.ts::nextDelay"] > member
        # a member of the settings a caller passes is where a new setting goes: kept
        assert scores["src/retry.ts::RetryOptions.backoff"] > member
    with opened(tmp_path / "b", files) as store:
        named = touchpoints(store, "change the retry attempt `backoff`", limit=10)
        assert named[0].node.id == "src/retry.ts::RetryPolicy.backoff"  # named: not demoted


def test_a_go_interface_member_keeps_its_score(tmp_path: Path) -> None:
    """A Go interface is implemented by any type with its methods, which no declaration
    says (the index sees no implementation): its members are not demoted as members of a
    TypeScript interface nothing implements are (net/smtp's `Auth.Start`, gold for "sign
    in with the LOGIN method", fell out of the top ten)."""
    files = {
        "smtp/auth.go": """
            package smtp

            // Auth is implemented by an SMTP authentication mechanism.
            type Auth interface {
                // Start begins an authentication with a server.
                Start(server string) (string, error)
            }

            type plainAuth struct{}

            // Start begins a plain authentication.
            func (a *plainAuth) Start(server string) (string, error) { return "", nil }
            """,
        "src/auth.ts": """
            export interface Mechanism {
              start(server: string): string
            }
            """,
    }
    with opened(tmp_path, files) as store:
        ids = ["smtp/auth.go::Auth.Start", "src/auth.ts::Mechanism.start"]
        nodes = store.nodes(ids)
        found = [Touchpoint(nodes[i], 1.0, ("start",)) for i in ids]
        scores = {t.node.id: t.score for t in context._shapes(store, found, ())}
    assert scores == {"smtp/auth.go::Auth.Start": 1.0, "src/auth.ts::Mechanism.start": 0.5}


def test_what_is_being_done_when_a_change_applies_names_its_code(tmp_path: Path) -> None:
    """ "When reading an archive, ..." applies in the code that reads, not in the code that
    writes entries with the same words."""
    files = {
        "tar/reader.go": """
            package tar

            // Reader reads the entries of an archive.
            type Reader struct{}

            // Next returns the next entry of the archive and its name.
            func (r *Reader) Next() (*Header, error) { return nil, nil }
            """,
        "tar/writer.go": """
            package tar

            // Writer writes the entries of an archive.
            type Writer struct{}

            // writeHeader writes a header, rejecting an absolute path.
            func (w *Writer) writeHeader(h *Header) error { return nil }
            """,
    }
    idea = "When reading an archive, reject an entry whose name is an absolute path."
    assert parse(idea).doing == ("reading",)
    assert parse("While sorting rows, keep blanks last").doing == ("sorting",)
    assert parse("When I sort rows, keep blanks last").doing == ()  # no doing: a condition
    with opened(tmp_path, files) as store:
        ids = [t.node.id for t in touchpoints(store, idea, limit=5)]
        # the reader (and what it holds) before the writer, which has more of the words,
        # and keeps half its score (`_undoes`)
        assert ids[:3] == [
            "tar/reader.go::Reader",
            "tar/reader.go::Reader.Next",
            "tar/writer.go::Writer.writeHeader",
        ]


def test_a_go_or_java_interface_ranks_below_the_code_that_implements_it(tmp_path: Path) -> None:
    """An interface states a contract: the behaviour a change alters is in the code."""
    files = {
        "xml/read.go": """
            package xml

            // Unmarshaler decodes an XML element into a struct field of its own; a
            // field missing from the struct is skipped when decoding an element.
            type Unmarshaler interface {
                UnmarshalXML(d *Decoder) error
            }

            // Decoder reads an XML document.
            type Decoder struct{ Strict bool }

            // unmarshalField fills a struct field.
            func (d *Decoder) unmarshalField(name string) error { return nil }
            """,
        "text/Parser.java": """
            package text;

            public interface Parser {
                Number parse(String text);
            }

            public @interface Strict {}

            class NumberParser implements Parser {
                public Number parse(String text) {
                    return Integer.valueOf(text);
                }
            }
            """,
    }
    with opened(tmp_path, files) as store:
        found = touchpoints(store, "decode an XML element into a struct field", limit=5)
        scores = {t.node.id: t.score for t in found}
        assert scores["xml/read.go::Decoder.unmarshalField"] > scores["xml/read.go::Unmarshaler"]
        kinds = {
            node_id: is_type_declaration(tmp_path, store.nodes([node_id])[node_id])
            for node_id in (
                "xml/read.go::Unmarshaler",
                "xml/read.go::Decoder",
                "text/Parser.java::Parser",
                "text/Parser.java::Strict",
                "text/Parser.java::NumberParser",
            )
        }
    assert kinds == {
        "xml/read.go::Unmarshaler": True,
        "xml/read.go::Decoder": False,  # a struct holds data, and the settings an option adds
        "text/Parser.java::Parser": True,
        "text/Parser.java::Strict": False,  # an annotation type
        "text/Parser.java::NumberParser": False,
    }


def test_a_csharp_or_php_interface_and_a_rust_trait_are_type_declarations(
    tmp_path: Path,
) -> None:
    """As Go's and Java's interfaces: a contract, named and implemented, never called."""
    files = {
        "Shapes.cs": """
            namespace Shapes
            {
                public partial interface IShape { double Area(); }
                public class Square : IShape { public double Area() { return 1.0; } }
            }
            """,
        "lib.rs": """
            pub trait Shape { fn area(&self) -> f64; }
            pub struct Square;
            impl Shape for Square { fn area(&self) -> f64 { 1.0 } }
            """,
        "shapes.php": """
            <?php
            interface Shape { public function area(): float; }
            class Square implements Shape { public function area(): float { return 1.0; } }
            """,
    }
    with opened(tmp_path, files) as store:
        ids = ["Shapes.cs::IShape", "Shapes.cs::Square", "lib.rs::Shape", "lib.rs::Square"]
        ids += ["shapes.php::Shape", "shapes.php::Square"]
        nodes = store.nodes(ids)
        kinds = {node_id: is_type_declaration(tmp_path, nodes[node_id]) for node_id in ids}
        callers = callers_fact(store, Touchpoint(nodes["Shapes.cs::IShape"], 1.0, ()))
    assert kinds == {
        "Shapes.cs::IShape": True,
        "Shapes.cs::Square": False,
        "lib.rs::Shape": True,
        "lib.rs::Square": False,
        "shapes.php::Shape": True,
        "shapes.php::Square": False,
    }
    assert callers is not None
    assert callers.statement.startswith(
        "Shapes.IShape (Shapes.cs:3) is a type, not code: nothing calls it; its name is "
        "written at 1 line(s) of 1 production file(s), e.g. Shapes.cs:4"
    )


def test_an_idea_asking_for_a_setting_lifts_the_settings_type_beside_the_code(
    tmp_path: Path,
) -> None:
    files = {
        "src/ws.ts": """
            export interface ConnectionOptions {
              keepAlive?: boolean
            }

            export function handleConnection(socket: Socket, opts: ConnectionOptions) {
              const subscriptions = new Map()
              socket.on('subscribe', (id: string) => subscriptions.set(id, true))
            }
            """,
        "src/other.ts": """
            export interface ServerOptions {
              port?: number
            }
            """,
    }
    with opened(tmp_path, files) as store:
        plain = [t.node.name for t in touchpoints(store, "count the socket subscriptions", 5)]
        assert "ConnectionOptions" not in plain
        asked = touchpoints(store, "let me cap the socket subscriptions", 5)
        names = [t.node.name for t in asked]
        assert names[0] == "handleConnection"
        assert "ConnectionOptions" in names  # the settings type beside the code
        assert "ServerOptions" not in names  # not beside it
        moded = touchpoints(store, "offer a strict mode for socket subscriptions", 5)
        assert "ConnectionOptions" in [t.node.name for t in moded]  # a mode is a setting


def test_the_class_an_idea_lets_do_something_holds_its_touchpoints(tmp_path: Path) -> None:
    files = {
        "web/server.py": '''
            class Server:
                def serve(self, timeout=None):
                    """Serve requests; each gives up after the time limit (`timeout`)."""
                    return self.loop(timeout)
            ''',
        "web/client.py": '''
            class Client:
                def send(self, request, timeout=None):
                    """Send one request; it gives up after `timeout` seconds."""
                    return self.transport.send(request, timeout)
            ''',
    }
    idea = "Let the client give up after a time limit read from the environment."
    assert parse(idea).subject == ("Client", "Abort")  # "give up", as idioms read it
    assert parse("Let the client's pool wait.").subject == ("Client", "Pool", "Wait")
    hyphenated = "Let a command-line switch read its values from the environment."
    assert parse(hyphenated).subject == ("CommandLine", "Switch", "Read")  # no `Command`
    with opened(tmp_path, files) as store:
        ids = [t.node.id for t in touchpoints(store, idea, limit=3)]
        assert ids[0] == "web/client.py::Client.send"
        hits = {hit.node.id: hit.score for hit in rank(store, idea, 10)}
        assert hits["web/client.py::Client"] >= 0.5 * max(hits.values())  # named: found
    unlet = "Give up after a time limit read from the environment in the client."
    assert parse(unlet).subject == ()


def test_the_people_an_idea_lets_do_something_are_no_class(tmp_path: Path) -> None:
    """ "Let programs *store* the name": what follows the people an idea speaks of is what
    they do, no class to lift (a `Store` there is a word collision, not the subject)."""
    assert parse("Let programs store the name of the file").subject == ()
    assert parse("Let me cap how many sockets are open").subject == ()
    assert parse("Let whoever runs the debugger choose the time").subject == ()
    assert parse("Let template authors loop over numbers").subject == ("Template",)
    files = {
        "app/store.py": '''
            class Store:
                """A key-value store of settings."""

                def get(self, key):
                    return self.values[key]
            ''',
        "app/archive.py": '''
            def write_header(out, name):
                """Write the archive header: the original file name of the entry."""
                out.write(name)
            ''',
    }
    idea = "Let programs store the original file name"
    with opened(tmp_path, files) as store:
        assert touchpoints(store, idea)[0].node.id == "app/archive.py::write_header"
        hits = {hit.node.id: hit.score for hit in rank(store, idea, 10)}
        assert hits["app/store.py::Store"] < 0.5 * max(hits.values())  # not lifted as named


def test_a_series_of_look_alike_definitions_is_one_touchpoint(tmp_path: Path) -> None:
    typed = "\n\n".join(
        f'''
            def {kind}_option(name, default):
                """Define a {kind} option of the command line with a default value."""
                return define(name, default)
        '''
        for kind in ("string", "int", "float", "bool")
    )
    files = {
        "opts/define.py": typed,
        "opts/parse.py": '''
            def parse_options(argv):
                """Parse the command line: each option takes its value or its default."""
                return [arg for arg in argv]
            ''',
    }
    with opened(tmp_path, files) as store:
        found = touchpoints(store, "a default value for every option of the command line", 5)
        ids = [t.node.id for t in found]
        series = [i for i in ids if i.startswith("opts/define.py::")]
        assert len(series) == 1  # one place to look, the others listed with it
        (first,) = [t for t in found if t.node.id == series[0]]
        assert len(first.twins) == 3
        assert "opts/parse.py::parse_options" in ids


def test_a_search_among_given_definitions_keeps_their_relevance(tmp_path: Path) -> None:
    with opened(tmp_path) as store:
        query = '("envvar") OR ("attempt")'
        everywhere = {m.id: m.relevance for m in store.search(query, 50)}
        option = "cli/params.py::Option"
        assert option in everywhere and len(everywhere) > 1
        (only,) = store.search(query, 50, [option])
        assert only.id == option and only.relevance == everywhere[option]
        assert store.search(query, 50, []) == []  # among nothing: nothing
        assert store.search(query, 50, ["cli/runner.py::nowhere"]) == []


def test_the_errors_a_touchpoint_raises_and_catches_are_named_at_their_lines(
    tmp_path: Path,
) -> None:
    files = {
        "app/ask.py": '''
            def prompt(text, retries=3):
                """Ask until the answer converts."""
                try:
                    return convert(input(text))
                except (UsageError, click.BadParameter) as error:
                    raise Abort() from None
                except KeyboardInterrupt:
                    raise
                # raise NotAnError() in a comment is no raise
            ''',
        "src/Store.java": """
            class Store {
                void load(String name) {
                    try {
                        read(name);
                    } catch (IOException | SecurityException e) {
                        throw new InvalidFormatException(e);
                    }
                }
            }
            """,
        "lib/follow.js": """
            function follow(url) {
              if (url.startsWith('http:')) {
                throw new AxiosError('downgrade refused', AxiosError.ERR_DOWNGRADE);
              }
              return url;
            }
            """,
    }
    with opened(tmp_path, files) as store:
        nodes = store.nodes(
            ["app/ask.py::prompt", "src/Store.java::Store.load", "lib/follow.js::follow"]
        )
        statements = [
            fact.statement
            for fact in (
                code_names.errors_fact(store, Touchpoint(n, 1.0, ())) for n in nodes.values()
            )
            if fact is not None
        ]
    assert sorted(statements) == [
        "app.ask.prompt raises `Abort` (app/ask.py:6); catches `UsageError` (app/ask.py:5), "
        "`click.BadParameter` (app/ask.py:5), `KeyboardInterrupt` (app/ask.py:7).",
        "lib.follow.follow raises `AxiosError` (lib/follow.js:3), `AxiosError.ERR_DOWNGRADE` (lib/follow.js:3).",
        "src.Store.Store.load raises `InvalidFormatException` (src/Store.java:6); catches "
        "`IOException` (src/Store.java:5), `SecurityException` (src/Store.java:5).",
    ]


def test_a_subject_no_class_is_named_after_finds_the_class_ending_in_it(tmp_path: Path) -> None:
    files = {
        "net/http_client.py": '''
            class HttpClient:
                def connect_timeout(self):
                    """The time limit, if one was set."""
                    return self.timeout
            ''',
        "net/pool.py": '''
            class ConnectionPool:
                def purge(self):
                    """Close the connections opened past their time limit setting."""
                    return [c for c in self.idle if c.expired()]
            ''',
    }
    idea = "Let the client take its time limit for opening connections from a setting."
    with opened(tmp_path, files) as store:
        ids = [hit.node.id for hit in rank(store, idea, 10)]
    assert ids[:3] == [
        "net/http_client.py::HttpClient.connect_timeout",
        "net/http_client.py::HttpClient",  # above the pool's better-worded method
        "net/pool.py::ConnectionPool.purge",
    ]


def test_a_plural_subject_finds_its_class_and_what_it_does_is_no_subject(tmp_path: Path) -> None:
    files = {
        "lib/task.rb": """
            class Task
              def execute(args)
                @actions.each { |act| act.call(self, args) }
              end
            end
            """,
        "lib/late_time.rb": """
            # A time that comes after any other time.
            class LateTime
              def to_s
                '<LATE TIME>'
              end
            end
            """,
    }
    idea = "Let tasks time out when they run too long."
    with opened(tmp_path, files) as store:
        ids = [hit.node.id for hit in rank(store, idea, 10)]
    # "tasks" is `Task`; "time out" is what they do, no class ending in `Time`
    assert ids[0] == "lib/task.rb::Task"
    assert "lib/late_time.rb::LateTime" not in ids[:2]


def test_a_subject_s_class_name_is_its_singular_and_nothing_else() -> None:
    from brownfield.query.search import _singular

    names = ("Tasks", "Entries", "Classes", "Status", "Logging", "Matched", "CommandLine")
    assert [_singular(name) for name in names] == [
        "Task",
        "Entry",
        "Class",
        "Status",
        "Logging",  # no plural: `Logg` is no class of it
        "Matched",
        "CommandLine",
    ]


def test_a_ruby_rescue_is_a_catch_and_a_percent_string_no_error(tmp_path: Path) -> None:
    files = {
        "lib/fetch.rb": """
            def fetch(url)
              raise %Q[Illegal URL "#{url}"] if url.empty?
              raise %q(Still Empty) if url.strip.empty?
              get(url)
            rescue Timeout::Error, IOError
              raise FetchFailed, url
            end
            """,
    }
    with opened(tmp_path, files) as store:
        (node,) = store.nodes(["lib/fetch.rb::fetch"]).values()
        fact = code_names.errors_fact(store, Touchpoint(node, 1.0, ()))
    assert fact is not None
    assert fact.statement.endswith(
        "raises `FetchFailed` (lib/fetch.rb:6); catches `Timeout::Error` (lib/fetch.rb:5), "
        "`IOError` (lib/fetch.rb:5)."
    )  # a `%Q[...]` string names no error


def test_where_tests_live_is_cited_at_a_test_of_the_main_test_folder(tmp_path: Path) -> None:
    """Not at the first line (a licence header) of the first test file by name, which may
    lie in another folder."""
    files = {
        "pkg/core.go": "package pkg\n\nfunc Run() int { return 1 }\n",
        "pkg/core_test.go": '// Copyright 2024 Someone.\n\npackage pkg\n\nimport "testing"\n\n'
        "func TestRun(t *testing.T) {\n\tif Run() != 1 {\n\t\tt.Fail()\n\t}\n}\n",
        "pkg/more_test.go": 'package pkg\n\nimport "testing"\n\nfunc TestMore(t *testing.T) {}\n',
        "a/x_test.go": 'package a\n\nimport "testing"\n\nfunc TestX(t *testing.T) {}\n',
    }
    with opened(tmp_path, files) as store:
        (fact,) = [f for f in project.project_facts(store) if f.topic == "test-layout"]
    assert fact.statement == "Tests live in pkg/ (2 files), a/ (1 file)."
    assert [str(c) for c in fact.citations] == ["pkg/core_test.go:7"]


def test_the_language_with_most_files_comes_first(tmp_path: Path) -> None:
    """tomlkit: "Language: go (13 files), python (29 files)", its Go files a test runner."""
    files = {
        "lib/a.py": "def a():\n    return 1\n",
        "lib/b.py": "def b():\n    return 2\n",
        "tests/runner/main.go": "package main\n\nfunc main() {}\n",
    }
    with opened(tmp_path, files) as store:
        (fact,) = [f for f in project.project_facts(store) if f.topic == "language"]
    assert fact.statement == "Language: python (2 files), go (1 file)."


def test_the_repositorys_own_package_is_no_framework(tmp_path: Path) -> None:
    """A repository that is `requests` (src layout) imports itself from its tests, once by
    an alias module the graph cannot resolve: no "requests is imported in 1 file(s)"
    framework fact; a library it does import (`flask`) still is one."""
    files = {
        "src/requests/__init__.py": "def get(url):\n    return url\n",
        "tests/test_get.py": "import requests\nfrom requests.packages.urllib3 import PoolManager\n"
        "import flask\n\ndef test_get():\n    assert requests.get('u') == 'u'\n",
    }
    with opened(tmp_path, files) as store:
        facts = project.project_facts(store)
    assert [f.subject for f in facts if f.topic == "framework"] == ["Flask"]


def test_a_chain_through_code_outside_any_definition_is_said_to_go_on(tmp_path: Path) -> None:
    files = {
        "app/core.py": """
            def check(value):
                return value > 0
            """,
        "app/handlers.py": """
            from app.core import check

            HANDLERS = {}
            HANDLERS["check"] = check(1)
            """,
        "app/__init__.py": """
            from app.handlers import HANDLERS
            """,
        "tests/test_app.py": """
            import app

            def test_handlers():
                assert app.HANDLERS["check"]
            """,
    }
    with opened(tmp_path, files) as store:
        check = store.node("app/core.py::check")
        assert check is not None
        fact = evidence.tests_fact(store, Touchpoint(check, 1.0, ()))
        assert fact.statement.endswith(
            "no unresolved call is named `check` either; but the chain goes on through code "
            "outside any named definition in app/handlers.py (app/handlers.py:4), which no "
            "test imports directly, so a test loading it through another module may reach it."
        ), fact.statement
        assert [str(c) for c in fact.citations] == ["app/handlers.py:4"]


def test_a_touchpoints_signature_is_quoted_as_its_file_writes_it(tmp_path: Path) -> None:
    files = {
        "app/pool.py": """
            class Pool:
                def grow(
                    self,
                    size: int,  # how many more
                    colour="#fff",
                ) -> None:
                    return None
            """,
        "server/serve.go": """
            package server

            type Server struct{}

            func (srv *Server) Serve(limit int,
                name string) error {
                return nil
            }
            """,
        "web/app.ts": """
            export function handle(req: Request, opts = { depth: (1) }): Promise<void> {
              return Promise.resolve();
            }
            """,
        "web/trim.js": """
            const trim = range => {
              while (range.length > 1) {
                range = range.slice(1)
              }
              return range
            }
            module.exports = trim
            """,
        "lib/device.rb": """
            class Device
              def shift
                File.open(@name, File::WRONLY) do |lock|
                  lock.flock(File::LOCK_EX)
                end
              end

              def add message, level = 1
                message
              end
            end
            """,
    }
    with opened(tmp_path, files) as store:
        expected = {
            # Ruby's parentheses are optional: a header without them is its first line (it
            # read on to `File.open(...)`: "`def shift File.open(@name, File::WRONLY) do`")
            "lib/device.rb::Device.shift": "lib.device.Device.shift (lib/device.rb:2) is "
            "declared `def shift`.",
            "lib/device.rb::Device.add": "lib.device.Device.add (lib/device.rb:8) is "
            "declared `def add message, level = 1`.",
            "app/pool.py::Pool.grow": "app.pool.Pool.grow (app/pool.py:2) is declared "
            '`def grow(self, size: int, colour="#fff") -> None`.',
            "server/serve.go::Server.Serve": "server.Server.Serve (server/serve.go:5) is "
            "declared `func (srv *Server) Serve(limit int, name string) error`.",
            "web/app.ts::handle": "web.app.handle (web/app.ts:1) is declared `export function "
            "handle(req: Request, opts = { depth: (1) }): Promise<void>`.",
            # semver: a lone parameter without parentheses read on into the body, up to its
            # `while (cursor < range.length)`
            "web/trim.js::trim": "web.trim.trim (web/trim.js:1) is declared `const trim = range`.",
        }
        for node_id, statement in expected.items():
            node = store.node(node_id)
            assert node is not None, node_id
            fact = own_code_fact(store, Touchpoint(node, 1.0, ()))
            assert fact is not None and fact.statement == statement  # (calls nothing here)
            assert [str(c) for c in fact.citations] == [f"{node.path}:{node.line}"]
        pool = store.node("app/pool.py::Pool")
        assert pool is not None  # a class: its constructor's own fact says it
        assert own_code_fact(store, Touchpoint(pool, 1.0, ())) is None
        (tmp_path / "web/app.ts").unlink()  # the file gone since the build: nothing quoted
        handle = store.node("web/app.ts::handle")
        assert handle is not None
        assert own_code_fact(store, Touchpoint(handle, 1.0, ())) is None
        serve = tmp_path / "server/serve.go"  # changed since: its lines may have moved
        serve.write_text("// a new first line\n" + serve.read_text())
        served = store.node("server/serve.go::Server.Serve")
        assert served is not None
        assert own_code_fact(store, Touchpoint(served, 1.0, ())) is None


def test_a_configuration_read_by_a_computed_name_is_said_apart_from_a_named_one(
    tmp_path: Path,
) -> None:
    files = {
        "app/env.py": """
            import os


            def netrc_file():
                return os.environ.get("NETRC")


            def proxy(key):
                return os.environ.get(key) or os.environ.get(key.upper())


            def again():
                return os.environ.get("NETRC") == "1"
            """,
    }
    with opened(tmp_path, files) as store:
        node = store.node("app/env.py::proxy")
        assert node is not None
        fact = evidence.configuration_fact(store, Touchpoint(node, 1.0, ()))
        assert fact is not None
        # a key read again is named where it is (werkzeug: `os.environ.get("WERKZEUG_RUN_MAIN")`
        # was "by a name not written there": the index cites the first line writing it)
        assert fact.statement == (
            "app/env.py reads its configuration from the environment: `NETRC` at "
            "app/env.py:5; `NETRC` at app/env.py:13; by a name not written there at "
            "app/env.py:9."
        )


def test_a_key_only_comments_hold_is_cited_nowhere(tmp_path: Path) -> None:
    """A commented-out constant and a key in a doc comment's example are no names the file
    reads: cited at the file's first line, they were cited where they are not."""
    files = {
        "src/errors.ts": """
            import { base } from "./base";

            // const ZOD_ERROR: symbol = Symbol.for("zod.error");
            export const LIMIT_DEFAULT = 5;

            /**
             * Example:
             *   path: [ 'username' ],
             */
            export function report(input: string): string {
              return input + base + LIMIT_DEFAULT;
            }
            """,
        "src/base.ts": """
            export const base = "x";
            """,
    }
    root = built(tmp_path, files)
    rows = {row[0]: row for row in index_rows(root) if row[0] != "fts"}
    raw = str(rows["src/errors.ts"][10]).split()
    assert "LIMIT_DEFAULT:4" in raw
    assert not [item for item in raw if item.startswith(("ZOD_ERROR:", "username:"))], raw


def test_an_import_of_a_name_is_no_site_where_it_may_be_reached(tmp_path: Path) -> None:
    """A package re-exporting a function (`from .gateway import refund`) is followed by the
    graph: a call through it would be a resolved or unresolved call, not a hidden one."""
    files = {
        "app/__init__.py": """
            from .gateway import charge, refund
            """,
        "app/gateway.py": """
            def charge(amount):
                return amount


            def refund(payment):
                return payment


            HANDLERS = {"refund": refund}
            """,
    }
    with opened(tmp_path, files) as store:
        fact = callers_of(store, "app/gateway.py::refund")
        assert fact.statement.endswith(
            "; but `refund` is written at 1 line(s) of 1 production file(s), e.g. "
            "app/gateway.py:9, which may reach it in a way the graph does not resolve."
        ), fact.statement  # the table, not the package's import


def test_a_method_is_called_by_its_class_name_too(tmp_path: Path) -> None:
    """`GZIPOutputStream.writeHeader` is the gzip stream's header writer: the words of its
    class name it as much as its own do (the name bonus counts them), and a function's
    holder does not (a local function is its holder's business, not its name)."""
    files = {
        "zip/GZIPOutputStream.java": """
            package zip;

            class GZIPOutputStream {
                /** Writes the header. */
                private void writeHeader(long modified) {
                    out.write(modified);
                }
            }
            """,
        "zip/pack.js": """
            function gzipAll(items) {
              function writeHeader(item) { return item; }
              return items.map(writeHeader);
            }
            """,
    }
    with opened(tmp_path, files) as store:
        method_id = "zip/GZIPOutputStream.java::GZIPOutputStream.writeHeader"
        local_id = "zip/pack.js::gzipAll.writeHeader"
        nodes = store.nodes([method_id, local_id])
        method, local = nodes[method_id], nodes[local_id]
        query = parse("write the header of gzip files")
        assert carried(query, _own_name(method, "")) == 3.0  # write, header, gzip
        assert carried(query, _own_name(local, "")) == 2.0


def test_a_quoted_example_value_is_not_searched_for_its_words() -> None:
    """A quoted text that is no name ("HTTPS://example.com", 'Not Found') shows what the
    code handles, not what it is called: its words (example, com, found) would match
    whatever mentions them. A quoted name ('test', `maxBodySize`) is searched as ever, and
    an apostrophe is no quote."""
    idea = parse(
        'Let a begins-with check pass "HTTPS://example.com" for "https://", fill in the '
        "phrase (like 'OK' or 'Not Found'), accept the 'test' operation and `maxBodySize`, "
        "in the client's socket and the users' names"
    )
    assert {"example", "com", "https", "found"}.isdisjoint(idea.words)
    assert {"begins", "check", "phrase", "ok", "test", "max", "body", "size"} <= set(idea.words)
    assert {"client", "socket", "users", "names"} <= set(idea.words)
    assert "HTTPS://example.com" in idea.mentions  # a name spelled out is still looked up


def test_making_is_no_word_to_search() -> None:
    """tenacity: "how many attempts were made" searched for "made", which no code names: the
    similar-mechanism fact listed it among the idea's mechanism words and said the index
    finds no definition for it. ("say" is one: "and say so in the help" is a part of an
    idea of its own; "many" too: marshmallow's schemas take `many=True`.)"""
    idea = parse("When retrying gives up, say in the error how many attempts were made")
    assert "made" not in idea.words, idea.words
    assert {"retrying", "say", "error", "many", "attempts"} <= set(idea.words)


def test_like_is_no_word_to_search() -> None:
    """humantime: "durations, like 1.5h" matched `parse_rfc3339_weak` by its docstring's
    "RFC3339-like timestamp"; "like" introduces an example or says what the person wants
    ("I'd like ..."), never what the code does."""
    for text in ("Accept fractional durations, like 1.5h", "I'd like rotating logs hourly"):
        assert "like" not in parse(text).words, text
    assert "likes" in parse("Count the likes of a post").words


def test_a_word_run_together_in_a_name_is_no_word_the_code_never_uses(tmp_path: Path) -> None:
    """iniconfig's `iscommentline`: the index holds it as one word, and the interview said it
    "finds no definition for "comments"". A short word inside a name ("end" in `append`)
    says nothing, and stays unfound."""
    files = {
        "ini/parse.py": """
            def iscommentline(line):
                return line.lstrip()[:1] in "#;"

            def collect(lines, out):
                out.append(lines)
            """,
    }
    with opened(tmp_path, files) as store:
        missing = unfound(store, "Allow comments at the end of a line after a semicolon")
        assert "comments" not in missing
        assert {"semicolon", "end"} <= set(missing)


def test_what_a_change_is_added_to_ends_where_the_next_clause_starts() -> None:
    """ "Add a date converter to URL rules so that /<date:day> hands the view a date" adds
    it to the rules: what the rules then do ("so that ...", "which ...", "instead of ...")
    is no part of the target, whose words lift the definitions they name. Nor is a
    preposition past a comma the target's ("Add a setting so that, when ..., ... into the
    state": the setting is added to nothing named)."""
    assert parse(
        "Add a date converter to URL rules so that /<date:day> hands the view a date object"
    ).target == ("url", "rules")
    assert parse(
        "Add an option to the XML decoder so that decoding into a struct fails with an error"
    ).target == ("xml", "decoder")
    assert parse(
        "Add a strict mode to number parsing so that input like 12abc is rejected"
    ).target == ("number", "parsing")
    assert (
        parse(
            "Add a setting so that, when results are made read-only, only copies get locked, "
            "instead of walking deep into large new data I assign into the state"
        ).target
        == ()
    )
    # what follows the target in its own clause stays: "to cap how many mutations may run"
    assert parse("Add an option on the MutationCache to cap how many mutations run").target[:3] == (
        "mutation",
        "cache",
        "cap",
    )


def test_cannot_is_a_negation_not_a_word_of_the_idea() -> None:
    """ "can't" is read as "can not", two stop words; "cannot" was searched (and listed as
    a key entity of the idea) as if the code could be named after it."""
    for idea in (
        "so a tiny archive cannot exhaust memory",
        "so a tiny archive can't exhaust memory",
    ):
        assert parse(idea).words == ("tiny", "archive", "exhaust", "memory")


def test_the_verb_framing_a_request_is_no_word_of_it() -> None:
    """ "Stop the app from sending visitors ..." asks to prevent something: `stop` matched
    every closing and shutdown function. A request's framing verb (keep, have, offer; stop
    before "from" or a gerund) is no word of it; "stop the server" is a shutdown, and
    "keep-alive" a word of its own (`keepalive`)."""
    assert "stop" not in parse("Stop the app from sending visitors elsewhere").words
    assert "stop" not in parse("Stop unpacking an archive entry past a limit").words
    assert "keep" not in parse("Keep an access log for the web server").words
    assert "offer" not in parse("Offer a debounce mode for reactions").words
    assert "stop" in parse("Stop the server when a signal arrives").words
    assert "keepalive" in parse("Keep-alive pings every minute").words


def test_a_typescript_type_named_as_its_value_is_code(tmp_path: Path) -> None:
    """`interface $StartsWith {...}` followed by `const $StartsWith = make(...)` is one
    node: the value's type and the value, whose body is the code a change edits, not a
    shape ranked at half its score."""
    files = {
        "src/checks.ts": """
            export interface $StartsWith {
              prefix: string;
            }

            export const $StartsWith: Maker<$StartsWith> = make("$StartsWith", (inst, def) => {
              inst.check = (value: string) => value.startsWith(def.prefix);
            });

            export interface StartsWithParams {
              prefix: string;
            }
            """,
    }
    with opened(tmp_path, files) as store:
        nodes = store.nodes(["src/checks.ts::$StartsWith", "src/checks.ts::StartsWithParams"])
        assert not is_type_declaration(tmp_path, nodes["src/checks.ts::$StartsWith"])
        assert is_type_declaration(tmp_path, nodes["src/checks.ts::StartsWithParams"])


def test_a_name_spelled_out_is_found_among_many_holding_it(tmp_path: Path) -> None:
    """`DB.conn` named in an answer was not found: the lookup took the first 50 definitions
    whose names hold `conn` (`conn0` ... `conn59` came first). (The search finds it by its
    words as well.)"""
    others = "".join(f"func conn{i}() int {{ return {i} }}\n\n" for i in range(60))
    files = {
        "db/a_conns.go": "package db\n\n" + others,
        "db/db.go": "package db\n\ntype DB struct{}\n\nfunc (db *DB) conn() int { return 1 }\n",
    }
    with opened(tmp_path, files) as store:
        assert [n.id for n in search_module.spelled_by(store, "DB.conn")] == ["db/db.go::DB.conn"]
        found = [hit.node.id for hit in rank(store, "Log a warning in DB.conn", 5)]
    assert found[0] == "db/db.go::DB.conn", found


def test_code_reading_an_environment_variable_is_found_by_saying_so(tmp_path: Path) -> None:
    """The key's own words say nothing of the environment (`APP_LIMIT`), nor do the names:
    reading the environment is what the definition does, and the idea says it; a docstring
    merely mentioning an environment comes after."""
    write_files(
        tmp_path,
        {
            "app/limits.py": '''
                import os

                def read_settings():
                    return int(os.getenv("APP_LIMIT", "10"))

                def limit_of(value, limit):
                    """The limit of a value in its runtime environment."""
                    return min(value, limit)
                '''
        },
    )
    with opened(tmp_path, {}) as store:
        found = [hit.node.id for hit in rank(store, "take the limit from an environment variable")]
    assert found[0] == "app/limits.py::read_settings"
    assert "app/limits.py::limit_of" in found


def test_a_ruby_class_method_and_its_instance_twin_are_two_hits_and_never_each_others_callers(
    tmp_path: Path,
) -> None:
    """`Shape.kind` (on the class) calls `def self.kind`, never `def kind`: search lists
    both, and the instance method's "no caller" names the class method's calls as made on
    the class, not as overloads the graph may have told apart wrongly."""
    files = {
        "lib/shape.rb": """
            class Shape
              def self.kind
                "shape"
              end

              def kind
                "instance"
              end
            end

            puts Shape.kind
            """,
    }
    with opened(tmp_path, files) as store:
        assert sorted(hit.node.id for hit in search(store, "kind")) == [
            "lib/shape.rb::Shape.kind",
            "lib/shape.rb::Shape.kind~self",
        ]
        (instance,) = [n for n in store.nodes_where("name", "kind") if n.line == 6]
        fact = callers_fact(store, Touchpoint(instance, 1.0, ()))
    assert fact is not None
    assert "overload" not in fact.statement and "dispatch" not in fact.statement
    assert fact.statement.endswith(
        "; the 1 resolved call(s) of its class method of the same name (e.g. "
        "lib.shape.Shape.kind~self at lib/shape.rb:11) are made on the class and never reach "
        "this one."
    ), fact.statement
    assert [str(c) for c in fact.citations][-1:] == ["lib/shape.rb:11"]


def test_no_caller_of_an_operator_says_the_graph_follows_no_operator_s_call(
    tmp_path: Path,
) -> None:
    """`a == b` calls `Money#==` without naming it: "no unresolved call is named `==`"
    would read as "nothing compares two Money", which the code contradicts."""
    files = {
        "lib/money.rb": """
            class Money
              attr_reader :cents

              def initialize(cents)
                @cents = cents
              end

              def ==(other)
                cents == other.cents
              end
            end

            puts Money.new(1) == Money.new(1)
            """,
    }
    with opened(tmp_path, files) as store:
        (equals,) = store.nodes_where("name", "==")
        fact = callers_fact(store, Touchpoint(equals, 1.0, ()))
    assert fact is not None
    assert "no unresolved call is named" not in fact.statement
    assert fact.statement.endswith(
        "; `==` is an operator, called without its name, and the graph follows no such call: "
        "it may have callers all the same."
    ), fact.statement


def test_no_caller_of_a_rust_operator_trait_s_method_says_how_it_is_called(
    tmp_path: Path,
) -> None:
    """`table[0]` calls `index` of `impl Index<usize> for Table`, a `for` loop calls `next`
    of `impl Iterator for Rows`: neither spells the name, and "no unresolved call is named
    `index` either" read as "nothing indexes a Table". A `next` of an inherent impl is
    called by its name, and its answer stays flat."""
    files = {
        "src/lib.rs": """
            use std::ops::Index;

            pub struct Table {
                cells: Vec<String>,
            }

            impl<'a> Index<usize> for Table {
                type Output = String;

                fn index(&self, at: usize) -> &String {
                    &self.cells[at]
                }
            }

            pub struct Rows {
                left: u32,
            }

            impl Iterator for Rows {
                type Item = u32;

                fn next(&mut self) -> Option<u32> {
                    self.left.checked_sub(1)
                }
            }

            pub struct Cursor {
                at: u32,
            }

            impl Cursor {
                pub fn next(&mut self) -> u32 {
                    self.at + 1
                }
            }

            pub fn first(table: &Table, rows: Rows) -> String {
                for _ in rows {}
                table[0].clone()
            }
            """,
    }
    with opened(tmp_path, files) as store:

        def said(qualname: str) -> str:
            (node,) = [n for n in store.all_nodes() if n.id == f"src/lib.rs::{qualname}"]
            fact = callers_fact(store, Touchpoint(node, 1.0, ()))
            assert fact is not None
            return fact.statement

        assert (
            "; `index` implements Rust's `Index`, which `x[i]` calls without its name, and "
            "the graph follows no such call: it may have callers all the same"
        ) in said("Table.index")
        assert "implements Rust's `Iterator`, which a `for` loop calls" in said("Rows.next")
        assert "implements Rust" not in said("Cursor.next")


def test_no_caller_of_a_protocol_method_says_the_language_may_call_it(
    tmp_path: Path,
) -> None:
    """Go's `fmt` calls a `String()`, Java's concatenation a `toString()`, PHP's string
    conversion a `__toString()`, Python's `==` an `__eq__`: "no unresolved call is named
    `String` either" read as "nothing prints a Money". A method of no protocol (`Strings`)
    keeps the flat answer."""
    files = {
        "money/money.go": """
            package money

            type Money struct{ Cents int }

            func (m Money) String() string { return "money" }

            func (m Money) Strings() []string { return nil }
            """,
        "src/Money.java": """
            class Money {
                public String toString() { return "money"; }
            }
            """,
        "src/Money.php": """
            <?php
            class Money {
                public function __toString(): string { return "money"; }
            }
            """,
        "money.py": """
            class Money:
                def __eq__(self, other):
                    return True
            """,
    }
    with opened(tmp_path, files) as store:

        def said(node_id: str) -> str:
            node = store.node(node_id)
            assert node is not None, node_id
            fact = callers_fact(store, Touchpoint(node, 1.0, ()))
            assert fact is not None
            return fact.statement

        go = said("money/money.go::Money.String")
        assert "`String` may be called without its name, by `fmt`'s printing" in go, go
        assert "by string concatenation" in said("src/Money.java::Money.toString")
        assert "by string conversion" in said("src/Money.php::Money.__toString")
        assert "one of Python's special methods" in said("money.py::Money.__eq__")
        assert "no unresolved call is named `Strings` either" in said(
            "money/money.go::Money.Strings"
        )


def test_a_definition_is_found_by_the_words_of_its_messages(tmp_path: Path) -> None:
    """What a function says when it fails (or logs, or prints) names what it does in plain
    words: tomli's duplicate keys are found by "Cannot declare {key} twice" alone."""
    files = {
        "toml/parse.py": '''
            def create_dict_rule(src, pos, out):
                key = parse_key(src, pos)
                if out.flags.is_(key, EXPLICIT_NEST):
                    raise suffixed_err(src, pos, f"Cannot declare {key} twice")
                out.data.get_or_create_nest(key)


            def parse_key(src, pos):
                """Parse a dotted key at `pos`."""
                return tuple(src[pos:].split("."))


            def suffixed_err(src, pos, msg):
                return ValueError(msg + " at " + str(pos))
            ''',
    }
    with opened(tmp_path, files) as store:
        found = touchpoints(store, "let a document declare the same table twice", 1)
        assert [t.node.id for t in found] == ["toml/parse.py::create_dict_rule"]


def test_an_exception_class_s_methods_come_after_the_code_raising_it(tmp_path: Path) -> None:
    """An exception's constructor matches an idea by the words its message or docstring
    says, as the class does: it keeps EXCEPTION_WEIGHT of its score, the class's own."""
    files = {
        "cache/errors.py": '''
            class StaleError(LookupError):
                def __init__(self, key):
                    """Raised when a cache entry is read after it expired and was dropped."""
                    super().__init__(key)
            ''',
        "cache/store.py": '''
            def read(table, key):
                """Read an entry of the cache: None if it expired."""
                return table.get(key)
            ''',
    }
    with opened(tmp_path, files) as store:
        found = touchpoints(store, "drop expired cache entries when they are read", 2)
        assert [t.node.id for t in found] == [
            "cache/store.py::read",
            "cache/errors.py::StaleError.__init__",
        ]


def test_a_match_on_words_every_definition_holds_is_no_touchpoint(tmp_path: Path) -> None:
    # every definition of a one-file package holds its file's words ("invoice"): bm25 gives
    # such a word next to no weight, and a match on it alone is no place to start a change
    files = {
        "billing/invoice.py": """
            def parse_due_date(text):
                \"\"\"Read the due date from the header.\"\"\"
                return text


            class Invoice:
                def total(self):
                    return 0


            def render(invoice):
                return str(invoice)
            """,
    }
    with opened(tmp_path, files) as store:
        idea = "accept invoice due dates written with two-digit years"
        found = [t.node.id for t in touchpoints(store, idea, limit=5)]
        assert found == ["billing/invoice.py::parse_due_date"]
