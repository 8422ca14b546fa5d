"""The MCP server, through the SDK's own client over stdio, in a subprocess."""

from __future__ import annotations

import asyncio
import os
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp.shared.exceptions import MCPError

from tests.conftest import git_init

SAMPLES = Path(__file__).resolve().parents[1] / "sample_repos"
IDEA = "Add retries with backoff to payment charges"
TOOLS = {
    "graph_build",
    "callers",
    "callees",
    "dependents",
    "impact",
    "search",
    "context",
    "verify",
    "interview_start",
    "interview_answer",
    "interview_status",
}


@pytest.fixture
def shop(tmp_path: Path) -> Path:
    root = tmp_path / "shop"
    shutil.copytree(SAMPLES / "shop", root, ignore=shutil.ignore_patterns(".brownfield", "docs"))
    git_init(root)
    return root


def session(root: Path) -> Client:
    return Client(
        StdioServerParameters(
            command=sys.executable,
            args=["-m", "brownfield", "mcp", "--repo", str(root)],
            env={**os.environ, "BROWNFIELD_NOW": "2026-11-29T12:00:00Z"},
            cwd=str(root),
        )
    )


async def call(client: Client, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    result = await client.call_tool(tool, arguments)
    assert not result.is_error, result.content
    assert isinstance(result.structured_content, dict)
    return result.structured_content


def test_tools_answer_like_the_command_line(shop: Path) -> None:
    async def scenario() -> None:
        async with session(shop) as client:
            listed = await client.list_tools()
            assert {tool.name for tool in listed.tools} == TOOLS
            assert all(tool.input_schema["type"] == "object" for tool in listed.tools)
            built = await call(client, "graph_build", {})
            assert built["parsed"] == 9
            callers = await call(client, "callers", {"symbol": "app.payments.gateway.charge"})
            assert [hop["site"] for hop in callers["results"]] == [
                "app/cart.py:17",
                "app/jobs/billing.py:9",
                "tests/test_gateway.py:8",
            ]
            gateway = shop / "app/payments/gateway.py"
            gateway.write_text(gateway.read_text().replace("must be positive", "must be > 0"))
            impact = await call(client, "impact", {"diff": "HEAD", "depth": 1})
            assert [c["id"] for c in impact["changed"]] == ["app/payments/gateway.py::charge"]
            assert impact["summary"] == (
                "1 definitions changed, 3 callers affected in 3 files, 1 tests"
            )
            found = await call(client, "search", {"text": "refund"})
            assert found["results"][0]["id"] == "app/payments/gateway.py::refund"
            context = await call(client, "context", {"idea": IDEA, "limit": 1})
            assert context["touchpoints"][0]["id"] == "app/jobs/billing.py::retry_failed"
            depends = await call(client, "dependents", {"file": "app/payments/gateway.py"})
            assert "app/cart.py" in {hop["id"] for hop in depends["results"]}

    asyncio.run(scenario())


def test_a_whole_interview_through_the_tools(shop: Path) -> None:
    async def scenario() -> None:
        async with session(shop) as client:
            step = await call(client, "interview_start", {"idea": IDEA})
            assert step["status"] == "paused" and step["question"]["id"] == "R0"
            state_path = step["state_path"]
            status = await call(client, "interview_status", {"state_path": state_path})
            assert status["status"] == "in_progress"
            for _ in range(30):
                step = await call(
                    client, "interview_answer", {"state_path": state_path, "answer": "1"}
                )
                if step["status"] != "paused":
                    break
            assert step["status"] == "complete", step["events"][-3:]
            spec = step["events"][-1]["spec_path"]
            assert (shop / spec).is_file()
            checked = await call(client, "verify", {"spec": str(shop / spec)})
            assert checked["checked"] > 0
            assert {r["status"] for r in checked["results"]} == {"ok"}
            done = await call(client, "interview_status", {"state_path": state_path})
            assert done["status"] == "complete"

    asyncio.run(scenario())


ERRORS = [
    ("callers", {"symbol": "no_such_symbol"}, "error: unknown symbol"),
    ("callees", {"symbol": "no_such_symbol"}, "error: unknown symbol"),
    ("dependents", {"file": "missing.py"}, "error: "),
    ("impact", {"diff": "no-such-revision"}, "error: cannot read the diff"),
    ("impact", {"depth": -1}, "error: depth must be 0 or more"),
    ("search", {"text": "x", "limit": 0}, "error: "),
    ("context", {"idea": "anything", "limit": 0}, "error: "),
    ("verify", {"spec": "missing.md"}, "error: "),
    ("interview_start", {"idea": "x", "mode": "nonsense"}, "error: unknown --mode"),
    ("interview_answer", {"state_path": "missing.yaml", "answer": "1"}, "error: no interview"),
    ("interview_status", {"state_path": "missing.yaml"}, "error: no interview"),
]


def test_every_tool_fails_with_the_command_line_message(shop: Path) -> None:
    assert {tool for tool, _, _ in ERRORS} | {"graph_build"} == TOOLS

    async def fails(client: Client, tool: str, arguments: dict[str, Any], message: str) -> None:
        with pytest.raises(MCPError) as raised:
            await client.call_tool(tool, arguments)
        assert raised.value.message.startswith(message), (tool, raised.value.message)
        assert "\n" not in raised.value.message
        assert raised.value.data["exit_code"] in (1, 2)  # as the command would exit

    async def scenario() -> None:
        async with session(shop) as client:
            await call(client, "graph_build", {})
            for tool, arguments, message in ERRORS:
                await fails(client, tool, arguments, message)
            (shop / ".brownfield/graph.db").write_bytes(b"not a database" * 100)
            await fails(client, "graph_build", {}, "error: the graph store")

    asyncio.run(scenario())
