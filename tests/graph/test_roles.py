"""One rule per language for what a test is (and what is an example, a benchmark, docs or
vendored code), shared by every consumer."""

from __future__ import annotations

import pytest

from brownfield.graph.roles import (
    Role,
    closeness_of_tests,
    is_production,
    is_test,
    marked_as_test,
    name_tested,
    role_at,
    role_of,
    what_counts_as_tests,
)


@pytest.mark.parametrize(
    "path",
    [
        "tests/test_app.py",
        "pkg/test_core.py",
        "pkg/core_test.py",
        "conftest.py",
        "src/pkg/tests/helpers.py",
        "net/http/server_test.go",
        "go/ast/example_test.go",
        "src/test/java/org/x/ParserTest.java",
        "src/main/java/org/x/ParserTests.java",
        "test/jdk/java/util/zip/Basic.java",
        "lib/router.test.js",
        "src/app.spec.ts",
        "src/__tests__/app.tsx",
        "test/app.js",
        "spec/models/user_spec.rb",
        "test/user_test.rb",
        "MyLib.Tests/ParserTests.cs",
        "src/MyLib.UnitTests/Anything.cs",
        "tests/Unit/ParserTest.php",
        "tests/integration.rs",
        "src/parser_test.cc",
        "test/test_list.c",
    ],
)
def test_tests_are_recognised_in_every_language(path: str) -> None:
    assert role_of(path) is Role.TEST
    assert is_test(path)
    assert not is_production(path)


@pytest.mark.parametrize(
    "path",
    [
        "src/pkg/core.py",
        "pkg/contest.py",
        "net/http/server.go",
        "src/main/java/org/x/Parser.java",
        "src/main/java/org/x/Attestation.java",
        "lib/router.js",
        "src/app.ts",
        "app/models/user.rb",
        "MyLib/Parser.cs",
        "src/Parser.php",
        "src/lib.rs",
        "src/list.c",
    ],
)
def test_production_code_is_not_a_test(path: str) -> None:
    assert role_of(path) is Role.PRODUCTION
    assert not is_test(path)


@pytest.mark.parametrize(
    ("path", "role"),
    [
        ("examples/basic/app.py", Role.EXAMPLE),
        ("docs_src/tutorial/main.py", Role.EXAMPLE),
        ("benchmarks/bench_build.py", Role.BENCHMARK),
        # humantime: `#[bench]` functions that `cargo bench` runs, not tests; the interview
        # said "Tests live in benches/ (2 files)" of a crate whose tests are `mod test`s
        ("benches/datetime_parse.rs", Role.BENCHMARK),
        ("docs/conf.py", Role.DOCS),
        ("src/pkg/_vendor/six.py", Role.VENDORED),
        ("third_party/zlib/inflate.c", Role.VENDORED),
    ],
)
def test_examples_benchmarks_docs_and_vendored_code_are_told_apart(path: str, role: Role) -> None:
    assert role_of(path) is role
    assert not is_production(path) and not is_test(path)


@pytest.mark.parametrize(
    "path",
    [
        "src/click/testing.py",
        "src/internal/testing/TestScheduler.ts",
        "net/http/httptest/server.go",
        "pkg/testutils/fixtures.go",
        "lib/testkit/runner.rb",
        "core/src/testFixtures/java/org/x/FakeClock.java",
        "pkg/testing.py",
        "src/Console/Tester/CommandTester.php",
    ],
)
def test_code_written_for_tests_is_test_support(path: str) -> None:
    assert role_of(path) is Role.TEST_SUPPORT
    assert not is_production(path) and not is_test(path)  # no test reaches anything


@pytest.mark.parametrize(
    "path", ["net/http/latest.go", "pkg/latest/feed.go", "src/contest/entry.py", "app/testify.py"]
)
def test_names_that_only_contain_test_are_production(path: str) -> None:
    assert role_of(path) is Role.PRODUCTION


@pytest.mark.parametrize(
    ("path", "symbol", "role"),
    [
        # Rust's unit tests sit in the file they test, in `#[cfg(test)] mod tests { ... }`
        ("src/kv/value.rs", "src.kv.value.tests.test_visit", Role.TEST),
        ("src/kv/value.rs", "src/kv/value.rs::tests.test_visit.Extract", Role.TEST),
        ("src/lib.rs", "src.lib.test.helper", Role.TEST),
        ("src/kv/value.rs", "src.kv.value.Value.visit", Role.PRODUCTION),
        ("src/kv/value.rs", "src.kv.value.tests", Role.PRODUCTION),  # no definition inside
        ("src/kv/value.rs", "", Role.PRODUCTION),  # the file alone
        ("examples/demo.rs", "examples.demo.tests.run", Role.EXAMPLE),  # an example's own
        # no other language keeps tests in an inline module: a Python class `tests`
        ("pkg/checks.py", "pkg.checks.tests.run", Role.PRODUCTION),
    ],
)
def test_a_definition_in_an_inline_test_module_is_a_test(
    path: str, symbol: str, role: Role
) -> None:
    assert role_at(path, symbol) is role
    assert is_test(path, symbol) is (role is Role.TEST)
    assert is_production(path, symbol) is (role is Role.PRODUCTION)


def test_the_rule_says_what_it_looked_for() -> None:
    said = what_counts_as_tests(["a/b.go", "c/d.py"])
    assert "*_test.go" in said and "test_*.py" in said


@pytest.mark.parametrize(
    ("test_file", "tested"),
    [
        ("tests/test_sessions.py", "session"),
        ("pkg/core_test.py", "core"),
        ("archive/zip/reader_test.go", "reader"),
        ("src/test/java/x/GZIPInputStreamTest.java", "gzipinputstream"),
        ("src/test/java/x/ParserTests.java", "parser"),
        ("src/test/java/x/TestParser.java", "parser"),
        ("src/test/java/x/ParserIT.java", "parser"),
        ("src/tests/coerce.test.ts", "coerce"),
        ("lib/router.spec.js", "router"),
        ("spec/models/user_spec.rb", "user"),
        ("tests/conftest.py", "conftest"),  # no mark: `Test` ends no camel-case word here
        ("tests/testing.py", "testing"),
        ("net/http/latest_test.go", "latest"),
    ],
)
def test_a_test_file_is_named_after_what_it_tests(test_file: str, tested: str) -> None:
    assert name_tested(test_file) == tested


@pytest.mark.parametrize(
    ("test_file", "code", "affinity"),
    [
        ("tests/middleware/test_session.py", "starlette/middleware/sessions.py", 0),
        ("archive/zip/reader_test.go", "archive/zip/reader.go", 0),
        ("src/test/java/x/GZIPInputStreamTest.java", "src/main/java/x/GZIPInputStream.java", 0),
        ("src/tests/coerce.test.ts", "src/classic/coerce.ts", 0),
        ("tests/test_routing.py", "werkzeug/routing/converters.py", 1),
        ("archive/zip/fuzz_test.go", "archive/zip/reader.go", 2),
        ("encoding/json/bench_test.go", "encoding/json/encode.go", 2),
        ("tests/conftest.py", "jinja2/environment.py", 3),
    ],
)
def test_a_files_own_tests_are_told_from_others(test_file: str, code: str, affinity: int) -> None:
    assert closeness_of_tests(test_file, code) == affinity


@pytest.mark.parametrize(
    ("path", "name", "runs"),
    [
        ("tests/test_app.py", "test_login", True),
        ("tests/test_app.py", "TestLogin.test_bad_password", True),
        ("tests/test_app.py", "TestLogin.setup_method", True),
        ("tests/test_app.py", "test_login.handler", True),
        ("tests/test_app.py", "", True),
        ("tests/test_app.py", "make_user", False),
        ("tests/conftest.py", "client", False),
        ("spec/user_spec.rb", "", True),
        ("test/user_test.rb", "UserTest.test_name", True),
        ("test/user_test.rb", "UserTest.build_user", False),
        ("net/http/serve_test.go", "TestServeFile", True),
        ("net/http/serve_test.go", "BenchmarkServe", True),
        ("net/http/serve_test.go", "ExampleServe", True),
        ("net/http/serve_test.go", "FuzzServe", True),
        ("net/http/serve_test.go", "Test", True),
        ("net/http/serve_test.go", "testServe", False),
        ("net/http/serve_test.go", "Testing", False),
        ("net/http/serve_test.go", "testServer.start", False),
        ("lib/router.test.js", "", True),
        ("lib/router.test.js", "expectRoute", False),
        ("src/app.spec.ts", "Fake.constructor", False),
        # no name marks a Java, C# or PHP test (`@Test`, `[Fact]` do): each counts as a
        # test only when nothing calls it (`reaching_tests`)
        ("src/test/java/org/x/ParserTest.java", "ParserTest.parsesEmpty", False),
        ("tests/ParserTest.php", "ParserTest.helper", False),
    ],
)
def test_a_test_is_told_from_a_helper_of_its_file(path: str, name: str, runs: bool) -> None:
    assert marked_as_test(path, name) is runs
