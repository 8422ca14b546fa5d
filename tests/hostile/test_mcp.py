"""The MCP server on hostile input: malformed JSON-RPC is answered, path arguments stay
inside the repository, git takes no option from an argument, and no argument crashes a tool."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp.server.mcpserver.exceptions import ToolError
from mcp.shared.exceptions import MCPError

from brownfield.graph.builder import build
from brownfield.mcp_server import create_server
from tests.conftest import git_init, write_files
from tests.hostile.conftest import FILES

INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "test", "version": "1"},
    },
}


@pytest.fixture
def shop(repo: Path) -> Path:
    write_files(repo, FILES)
    git_init(repo)
    build(repo, workers=1)
    return repo


def test_malformed_json_rpc_gets_an_error_reply(shop: Path) -> None:
    lines = [
        "{not json",
        json.dumps(INITIALIZE),
        "[1, 2",
        '{"jsonrpc": "2.0", "id": 7}',  # JSON, but no message
        "\x00\xff garbage",
    ]
    done = subprocess.run(
        [sys.executable, "-m", "brownfield", "mcp", "--repo", str(shop)],
        input=("\n".join(lines) + "\n").encode("utf-8", "surrogateescape"),
        capture_output=True,
        timeout=60,
        check=False,
    )
    replies = [json.loads(line) for line in done.stdout.decode().splitlines()]
    errors = [(r["id"], r["error"]["code"]) for r in replies if "error" in r]
    assert errors == [(None, -32700), (None, -32700), (None, -32600), (None, -32700)]
    assert [r["id"] for r in replies if "result" in r] == [1]
    assert "Traceback" not in done.stderr.decode()


def session(root: Path) -> Client:
    return Client(
        StdioServerParameters(
            command=sys.executable,
            args=["-m", "brownfield", "mcp", "--repo", str(root)],
            env=dict(os.environ),
            cwd=str(root),
        )
    )


def test_tools_stay_inside_the_repository(shop: Path, tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    secret = tmp_path / "secret.py"
    secret.write_text("def leaked_name():\n    pass\n")
    os.symlink(secret, shop / "link.py")
    (shop / "docs").mkdir()
    (shop / "docs/spec.md").write_bytes(b"## Evidence\n\x00\x01\x02\xff")
    os.symlink(secret, shop / "docs/linked.md")
    cases: list[tuple[str, dict[str, Any], str]] = [
        ("impact", {"diff": f"--output={victim}"}, "error: cannot read the diff: not a commit"),
        ("impact", {"diff": f"--output={tmp_path / 'new.txt'}"}, "error: cannot read the diff"),
        ("impact", {"paths": [str(secret)]}, "error: path is outside the repository"),
        ("impact", {"paths": ["../secret.py"]}, "error: path is outside the repository"),
        ("impact", {"paths": ["link.py"]}, "error: path is outside the repository"),
        ("dependents", {"file": "../../../etc/passwd"}, "error: path is outside the repository"),
        ("verify", {"spec": "/etc/passwd"}, "error: path is outside the repository"),
        ("verify", {"spec": "docs/linked.md"}, "error: path is outside the repository"),
        ("verify", {"spec": "docs/spec.md"}, "error: cannot read docs/spec.md: it is a binary"),
        ("callers", {"symbol": "charge", "depth": 10**30}, "error: depth must be at most"),
    ]

    async def scenario() -> None:
        async with session(shop) as client:
            for tool, arguments, message in cases:
                with pytest.raises(MCPError) as raised:
                    await client.call_tool(tool, arguments)
                assert raised.value.message.startswith(message), (tool, raised.value.message)
                assert "\n" not in raised.value.message
                assert "leaked_name" not in raised.value.message

    asyncio.run(scenario())
    assert victim.read_text() == "precious\n"
    assert sorted(os.listdir(tmp_path)) == ["repo", "secret.py", "victim.txt"]


TEXT = st.one_of(
    st.text(max_size=30),
    st.sampled_from(
        [
            "",
            ".",
            "..",
            "../..",
            "/etc/passwd",
            "-o",
            "--output=x",
            "HEAD",
            "shop/pay.py",
            "charge",
            "shop.pay.charge",
            "\udcff",
            "\x1b[31m",
            "a\nb",
            "%",
            "_",
            "*",
            "::",
        ]
    ),
)
DEPTH = st.one_of(st.integers(min_value=-3, max_value=3), st.integers(), st.just(10**40))
ARGUMENTS = st.one_of(
    st.fixed_dictionaries({"symbol": TEXT, "depth": DEPTH}).map(lambda a: ("callers", a)),
    st.fixed_dictionaries({"symbol": TEXT, "min_confidence": TEXT}).map(lambda a: ("callees", a)),
    st.fixed_dictionaries({"file": TEXT, "depth": DEPTH}).map(lambda a: ("dependents", a)),
    st.fixed_dictionaries({"paths": st.lists(TEXT, max_size=3), "depth": DEPTH}).map(
        lambda a: ("impact", a)
    ),
    st.fixed_dictionaries({"diff": TEXT, "staged": st.booleans()}).map(lambda a: ("impact", a)),
    st.fixed_dictionaries({"text": TEXT, "limit": DEPTH}).map(lambda a: ("search", a)),
    st.fixed_dictionaries({"idea": TEXT, "limit": DEPTH}).map(lambda a: ("context", a)),
    st.fixed_dictionaries({"spec": TEXT}).map(lambda a: ("verify", a)),
)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("mcp-property") / "repo"
    write_files(root, FILES)
    git_init(root)
    build(root, workers=1)
    return root


@settings(
    max_examples=150,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(call=ARGUMENTS)
def test_no_tool_argument_crashes_a_tool_or_leaves_the_repository(
    built: Path, call: tuple[str, dict[str, Any]]
) -> None:
    """Whatever the arguments, a tool answers or fails with one `error: ...` line (or the
    SDK's own argument validation); it never raises anything else, and writes nothing."""
    tool, arguments = call
    server = create_server(built)
    before = sorted(os.listdir(built.parent))
    try:
        result = asyncio.run(server.call_tool(tool, arguments))
    except MCPError as exc:
        assert exc.message.startswith("error: ") and "\n" not in exc.message, exc.message
    except ToolError as exc:  # the SDK's validation of the arguments' types
        assert "validation error" in str(exc), exc
    else:
        assert not result.is_error, result
    assert sorted(os.listdir(built.parent)) == before
