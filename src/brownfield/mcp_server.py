"""`brownfield mcp`: the query layer and the interview as MCP tools, over stdio.

Each tool returns exactly the JSON the matching command prints with `--json`, and fails
with an MCP error whose message is the command's one line (`error: ...`). Read-only
toward the repository, like the command line: only `.brownfield/` and the artifact folder
are written. Path arguments are confined to the repository, text arguments must be valid
Unicode, and a line that is not JSON gets the JSON-RPC parse error (-32700), which the
SDK's stdio transport would otherwise drop.
"""

from __future__ import annotations

import io
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import anyio
from mcp.server.mcpserver import MCPServer
from mcp.server.stdio import stdio_server
from mcp.shared.exceptions import MCPError
from mcp.shared.message import SessionMessage
from mcp_types import INVALID_REQUEST, PARSE_ERROR, ErrorData, JSONRPCError

from brownfield.confine import read_text_inside, relative_inside, resolve_inside
from brownfield.errors import BrownfieldError, UsageError
from brownfield.graph.builder import build
from brownfield.graph.repository import check_repository, open_store
from brownfield.graph.store import GraphStore
from brownfield.text import check_text, one_line

T = TypeVar("T")
Json = dict[str, Any]


def create_server(repo: Path) -> MCPServer:
    """An MCP server answering for the repository at `repo`."""
    root = check_repository(repo)
    server = _Server("brownfield", instructions=INSTRUCTIONS)

    def with_store(action: Callable[[GraphStore], T]) -> T:
        store = open_store(root)
        try:
            return action(store)
        finally:
            store.close()

    @server.tool()
    def graph_build() -> Json:
        """Build or refresh the code graph (incremental); what `graph build --json` prints."""
        return _answer(lambda: build(root).to_json())

    @server.tool()
    def callers(symbol: str, depth: int = 1, min_confidence: str | None = None) -> Json:
        """Who calls SYMBOL (a node id, dotted name or bare name), to DEPTH, with call sites."""
        from brownfield.query.traverse import callers as walk

        return _answer(
            lambda: with_store(
                lambda s: walk(s, _text(symbol), depth, _optional_text(min_confidence))
            ).to_json()
        )

    @server.tool()
    def callees(symbol: str, depth: int = 1, min_confidence: str | None = None) -> Json:
        """What SYMBOL calls, to DEPTH, with call sites."""
        from brownfield.query.traverse import callees as walk

        return _answer(
            lambda: with_store(
                lambda s: walk(s, _text(symbol), depth, _optional_text(min_confidence))
            ).to_json()
        )

    @server.tool()
    def dependents(file: str, depth: int = 1) -> Json:
        """The files that import FILE (repository-relative), call into it or subclass it."""
        from brownfield.query.traverse import dependents as walk

        return _answer(
            lambda: with_store(
                lambda s: walk(s, relative_inside(root, _text(file)), depth)
            ).to_json()
        )

    @server.tool()
    def impact(
        paths: list[str] | None = None,
        diff: str | None = None,
        staged: bool = False,
        depth: int = 2,
    ) -> Json:
        """What a change touches: the definitions of PATHS, or the lines changed against DIFF
        (a revision), the staged changes, or (by default) the unstaged ones; then who
        reaches them, by distance, with tests marked."""
        from brownfield.query.impact import impact as measure

        return _answer(
            lambda: with_store(
                lambda s: measure(
                    s, [_text(p) for p in paths or []] or None, _optional_text(diff), staged, depth
                )
            ).to_json()
        )

    @server.tool()
    def search(text: str, limit: int = 20) -> Json:
        """Definitions matching TEXT, best first."""
        from brownfield.query.search import search as find

        return _answer(
            lambda: {
                "query": text,
                "results": [
                    hit.to_json() for hit in with_store(lambda s: find(s, _text(text), limit))
                ],
            }
        )

    @server.tool()
    def context(idea: str, limit: int = 5) -> Json:
        """The code IDEA touches (the interview's touchpoints), with callers, callees, tests."""
        from brownfield.query.idea_context import idea_context

        return _answer(
            lambda: {
                "idea": idea,
                "touchpoints": [
                    item.to_json()
                    for item in with_store(lambda s: idea_context(s, _text(idea), limit))
                ],
            }
        )

    @server.tool()
    def verify(spec: str) -> Json:
        """Re-check the citations of a spec written by the interview (a file inside the
        repository: absolute, or relative to it)."""
        from brownfield.interview.spec.verify import verify_json, verify_spec

        def check() -> Json:
            read_text_inside(root, _text(spec))  # outside, missing, binary, not UTF-8: one line
            return verify_json(Path(spec), verify_spec(resolve_inside(root, spec), root))

        return _answer(check)

    @server.tool()
    def interview_start(idea: str, mode: str = "adaptive") -> Json:
        """Start an interview about IDEA (mode adaptive or phases). Returns the JSON-lines
        events up to the first question; answer it with interview_answer(state_path, ...)."""
        return _answer(lambda: _interview(root, [], idea=idea, mode=_text(mode)))

    @server.tool()
    def interview_answer(state_path: str, answer: str) -> Json:
        """Answer the pending question of the interview saved at STATE_PATH. Returns the
        events up to the next question, or the finished artifacts."""
        return _answer(
            lambda: _interview(root, [answer], resume_path=_state_file(root, state_path))
        )

    @server.tool()
    def interview_status(state_path: str) -> Json:
        """Where the interview saved at STATE_PATH stands."""
        return _answer(lambda: _status(root, _state_file(root, state_path)))

    return server


INSTRUCTIONS = (
    "brownfield answers questions about this repository's code with path:line citations. "
    "Before changing code: `impact` for what a diff touches, `context` for what an idea "
    "touches, `callers`/`callees` for one symbol. Cite the returned path:line instead of "
    "re-reading files. To turn an idea into a cited spec, drive interview_start / "
    "interview_answer until an event of type 'complete'."
)


#: JSON-RPC's "invalid params": what every brownfield error is from the caller's side
INVALID_PARAMS = -32602


def _text(value: str) -> str:
    """A text argument, refused when it holds lone surrogates (JSON can carry them as
    `\\udcff` escapes; SQLite and git cannot take them) or a NUL (which no command-line
    argument can hold, and no git argument or path can take)."""
    if "\0" in value:
        raise UsageError(f"an argument holds a NUL character: {value!r}")
    return check_text(value, "an argument")


def _optional_text(value: str | None) -> str | None:
    return None if value is None else _text(value)


def _answer(compute: Callable[[], Json]) -> Json:
    """The tool's JSON, or an MCP error carrying the command line's one-line message (and
    its exit code as data)."""
    try:
        return compute()
    except BrownfieldError as exc:
        message = f"error: {one_line(exc)}"
        raise MCPError(INVALID_PARAMS, message, {"exit_code": exc.exit_code}) from None


def _interview(root: Path, answers: list[str], **how: Any) -> Json:
    """Run the interview command's own flow with these answers, collecting its JSON lines."""
    from brownfield.interview.engine.json_lines import JsonConversation
    from brownfield.interview.flow import interview

    out = io.StringIO()
    stdin = io.StringIO("".join(json.dumps({"answer": a}) + "\n" for a in answers))
    interview(root, JsonConversation(stdin, out), **how)
    events = [json.loads(line) for line in out.getvalue().splitlines() if line.strip()]
    questions = [e for e in events if e.get("type") == "question"]
    last = events[-1] if events else {}
    return {
        "events": events,
        "question": questions[-1] if last.get("type") == "paused" and questions else None,
        "status": last.get("type", ""),
        "state_path": last.get("state_path"),
    }


def _state_file(root: Path, given: str) -> Path:
    """A state path as an event gave it: absolute, or relative to the repository or to the
    server's working folder; confined to the repository either way (a path outside, or a
    symlink leading out, is one line naming it, never its content). The path is returned
    as given (not resolved), so that the session still sees a symlinked docs folder."""
    text = _text(given)
    for base in (root, Path.cwd()):
        candidate = Path(os.path.join(base, text))
        if os.path.lexists(candidate):
            resolve_inside(root, candidate)
            return candidate
    resolve_inside(root, text)
    raise BrownfieldError(f"no interview state at {given}")


def _status(root: Path, state_path: Path) -> Json:
    from brownfield.interview.session import resume

    state = resume(root, state_path).state  # read only: no lock, nothing written
    return {
        "state_path": str(state_path),
        "status": getattr(state, "status", ""),
        "state": json.loads(state.model_dump_json()),
    }


def serve(repo: Path) -> None:
    """Run the server on stdin/stdout until the client closes it."""
    create_server(repo).run("stdio")


class _ParseErrorReplies:
    """The read side of the stdio transport, answering what the SDK cannot read.

    The SDK's stdio reader turns a line it cannot validate into an exception on this
    stream, and the server then drops it silently; JSON-RPC wants an error response with
    a null id: -32700 for text that is not JSON, -32600 for JSON that is not a message.
    """

    def __init__(self, inner: Any, replies: Any) -> None:
        self._inner = inner
        self._replies = replies

    @property
    def last_context(self) -> Any:
        return getattr(self._inner, "last_context", None)

    async def receive(self) -> Any:
        while True:
            item = await self._inner.receive()
            if not isinstance(item, ValueError):  # a message, or another transport failure
                return item
            details = item.errors() if hasattr(item, "errors") else []  # pydantic's list
            not_json = any(error.get("type") == "json_invalid" for error in details)
            code, message = (
                (PARSE_ERROR, "Parse error") if not_json else (INVALID_REQUEST, "Invalid Request")
            )
            error = JSONRPCError(
                jsonrpc="2.0", id=None, error=ErrorData(code=code, message=message)
            )
            await self._replies.send(SessionMessage(error))

    async def aclose(self) -> None:
        await self._inner.aclose()

    def __aiter__(self) -> _ParseErrorReplies:
        return self

    async def __anext__(self) -> Any:
        try:
            return await self.receive()
        except (anyio.EndOfStream, anyio.ClosedResourceError):
            raise StopAsyncIteration from None

    async def __aenter__(self) -> _ParseErrorReplies:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()


class _Server(MCPServer):
    """The SDK's server, with stdio reads that answer malformed lines (see above)."""

    async def run_stdio_async(self) -> None:
        async with stdio_server() as (read_stream, write_stream):
            lowlevel = self._lowlevel_server  # the SDK's own runner, as in its run_stdio_async
            await lowlevel.run(
                _ParseErrorReplies(read_stream, write_stream),
                write_stream,
                lowlevel.create_initialization_options(),
            )
