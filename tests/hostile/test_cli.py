"""The command line on hostile arguments and names: one error line, nothing written or
read outside, nothing that steers the terminal."""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path

import pytest

from tests.conftest import git_init, write_files
from tests.hostile.conftest import assert_one_error_line, run, run_process


def test_git_never_takes_an_option_from_the_diff_argument(shop: Path, tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    missing = tmp_path / "created.txt"
    for target in (victim, missing):
        for args in (
            (f"--diff=--output={target}",),
            ("--diff", f"--output={target}"),
            ("--diff", "-o"),
        ):
            code, _, err = run("impact", *args, "--repo", str(shop))
            assert_one_error_line(code, err, "error: cannot read the diff: not a commit")
    assert victim.read_text() == "precious\n"
    assert not missing.exists()
    code, _, err = run("impact", "--diff", "HEAD~5", "--repo", str(shop))
    assert_one_error_line(code, err, "error: cannot read the diff: not a commit: HEAD~5")


def test_impact_paths_stay_inside_the_repository(shop: Path, tmp_path: Path) -> None:
    secret = tmp_path / "secret.py"
    secret.write_text("def leaked_name():\n    pass\n")
    os.symlink(secret, shop / "link.py")
    os.symlink(tmp_path, shop / "up")
    for path in ("link.py", "up/secret.py", "../secret.py", str(secret), "shop/../../secret.py"):
        code, out, err = run("impact", path, "--repo", str(shop))
        assert_one_error_line(code, err, "error: path is outside the repository")
        assert "leaked_name" not in out + err
    code, _, err = run("impact", "nothing.py", "--repo", str(shop))
    assert_one_error_line(code, err, "error: no such file in the repository")
    os.mkfifo(shop / "pipe.py")
    code, _, err = run("impact", "pipe.py", "--repo", str(shop))
    assert_one_error_line(code, err, "error: not a readable regular file")


def test_a_symlink_in_a_diff_is_not_read_through(shop: Path, tmp_path: Path) -> None:
    secret = tmp_path / "secret.py"
    secret.write_text("def leaked_name():\n    pass\n")
    os.unlink(shop / "shop/pay.py")  # a tracked file becomes a link out: a typechange diff
    os.symlink(secret, shop / "shop/pay.py")
    code, out, err = run("impact", "--diff", "HEAD", "--json", "--repo", str(shop))
    assert code == 0, err
    assert "leaked_name" not in out
    assert {c["status"] for c in json.loads(out)["changed"]} == {"deleted"}


@pytest.mark.parametrize("command", ["dependents", "dependencies"])
def test_file_arguments_stay_inside_the_repository(shop: Path, command: str) -> None:
    code, _, err = run(command, "../../etc/passwd", "--repo", str(shop))
    assert_one_error_line(code, err, "error: path is outside the repository")


def test_export_output_errors_are_one_line(shop: Path, tmp_path: Path) -> None:
    for target, message in (
        (tmp_path / "missing" / "graph.json", "error: cannot write"),
        (tmp_path, "error: cannot write"),
    ):
        code, _, err = run("graph", "export", "-o", str(target), "--repo", str(shop))
        assert_one_error_line(code, err, message)
    assert not (tmp_path / "missing").exists()


def test_export_output_replaces_a_symlink_instead_of_writing_through(
    shop: Path, tmp_path: Path
) -> None:
    victim = tmp_path / "victim"
    victim.write_text("precious\n")
    link = tmp_path / "graph.json"
    os.symlink(victim, link)
    code, _, err = run("graph", "export", "-o", str(link), "--repo", str(shop))
    assert code == 0, err
    assert victim.read_text() == "precious\n"
    assert not link.is_symlink() and link.read_text().startswith("{")


@pytest.mark.parametrize("command", ["search", "callers", "callees", "context"])
def test_arguments_that_are_not_utf8_are_one_line(shop: Path, command: str) -> None:
    done = run_process(command, b"charge\xff\xfe", "--repo", str(shop))
    err = done.stderr.decode()
    assert_one_error_line(done.returncode, err, "error: the ")
    assert "is not valid UTF-8: 'charge\ufffd\ufffd'" in err


@pytest.mark.parametrize(
    ("command", "message"),
    [
        ("search", "error: give a text"),
        ("context", "error: give an idea"),
        ("callers", "error: give a symbol"),
        ("callees", "error: give a symbol"),
    ],
)
def test_a_blank_text_is_a_usage_error(shop: Path, command: str, message: str) -> None:
    code, out, err = run(command, " \t ", "--repo", str(shop))
    assert_one_error_line(code, err, message)
    assert code == 2 and not out


@pytest.mark.parametrize(
    "symbol", ["::", "#", "a::::b", "~self", "::charge", "charge#", "%", "_", "a::" * 3000]
)
def test_a_symbol_written_with_separators_or_wildcards_is_one_line(shop: Path, symbol: str) -> None:
    """`URI::Generic.port` and `Shape#area` are read as dotted names; separators alone, a
    lone `~self`, SQL's wildcards and a huge name name nothing, in one line."""
    code, out, err = run("callers", symbol, "--repo", str(shop))
    assert_one_error_line(code, err, f"error: unknown symbol: {symbol[:40]}")
    assert code == 1 and not out


def test_a_path_that_is_not_utf8_is_one_line(shop: Path) -> None:
    done = run_process("dependents", b"shop/\xff.py", "--repo", str(shop))
    assert_one_error_line(done.returncode, done.stderr.decode(), "error: the path is not valid")


@pytest.mark.parametrize(
    "args",
    [
        ("impact", "shop/pay.py"),
        ("callers", "shop.pay.charge"),
        ("dependents", "shop/pay.py"),
        ("graph", "query", "--file", "shop/pay.py"),
    ],
)
def test_a_huge_depth_is_a_usage_error_at_once(shop: Path, args: tuple[str, ...]) -> None:
    started = time.monotonic()
    code, _, err = run(*args, "--depth", "99999999999999999999999", "--repo", str(shop))
    assert_one_error_line(code, err, "error: --depth must be at most 1000")
    assert code == 2 and time.monotonic() - started < 5
    code, out, err = run(*args, "--depth", "1000", "--repo", str(shop))
    assert code == 0, err


def test_names_from_the_repository_cannot_steer_the_terminal(repo: Path) -> None:
    red = "\x1b[31m"
    write_files(
        repo,
        {
            f"{red}evil.py": "def charge():\n    pass\n",
            "caller.py": "def pay():\n    charge()\n",
            "rtl\u202eyp.py": "def charge_rtl():\n    charge()\n",
        },
    )
    git_init(repo)
    outputs = []
    for args in (
        ("graph", "build"),
        ("search", "charge"),
        ("callers", f"{red}evil.charge"),
        ("dependents", f"{red}evil.py"),
        ("impact", f"{red}evil.py"),
        ("context", "charge"),
        ("graph", "query", "--file", f"{red}evil.py"),
    ):
        code, out, err = run(*args, "--repo", str(repo))
        assert code == 0, (args, err)
        outputs.append(out)
    text = "\n".join(outputs)
    assert "\\x1b[31mevil" in text
    assert "\x1b" not in text and "\u202e" not in text
    code, _, err = run("callers", f"{red}missing\nsecond line", "--repo", str(repo))
    assert_one_error_line(code, err, "error: unknown symbol: \\x1b[31mmissing second line")


def test_mermaid_labels_are_escaped(repo: Path) -> None:
    write_files(
        repo,
        {
            'odd"]; click n0 "javascript:alert(1)"; x["y.py': "def f():\n    pass\n",
            "plain.py": "def g():\n    pass\n",
        },
    )
    code, out, err = run("graph", "build", "--repo", str(repo))
    assert code == 0, err
    code, out, _ = run("graph", "export", "--format", "mermaid", "--repo", str(repo))
    assert code == 0
    labels = [line for line in out.splitlines() if "[" in line]
    for line in labels:
        inside = line.split('["', 1)[1].rsplit('"]', 1)[0]
        assert not set(re.sub(r"#\w+;", "", inside)) & set('"[]<>|;#\\`'), line
    assert any("#quot;" in line for line in labels)
    assert any(line.endswith('["plain.g"]') for line in labels)


def test_a_file_turned_into_a_pipe_or_a_link_out_is_stale_not_read(
    shop: Path, tmp_path: Path
) -> None:
    """Freshness hashes the files an answer cites: a named pipe would block it forever."""
    os.unlink(shop / "shop/pay.py")
    os.mkfifo(shop / "shop/pay.py")
    os.symlink(tmp_path / "missing.py", shop / "other.py")
    os.unlink(shop / "shop/cart.py")
    os.symlink("/dev/zero", shop / "shop/cart.py")
    done = run_process("callers", "shop.pay.charge", "--json", "--repo", str(shop))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["stale"] == ["shop/cart.py", "shop/pay.py"]
