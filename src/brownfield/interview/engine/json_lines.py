"""The JSON-lines conversation for agents: one JSON object per line each way.

Questions go out as JSON (`ensure_ascii`: nothing in them can steer a terminal); answers
come in as any line, parsed leniently by `parse_json_answer`, which never fails.
"""

from __future__ import annotations

import json
from typing import TextIO

from brownfield.interview.engine.loop import Question


class JsonConversation:
    """The JSON-lines protocol for agents: one JSON object per line each way."""

    def __init__(self, stdin: TextIO, stdout: TextIO) -> None:
        self.stdin, self.stdout = stdin, stdout

    def emit(self, data: dict[str, object]) -> None:
        self.stdout.write(json.dumps(data, sort_keys=True) + "\n")
        self.stdout.flush()

    def ask(self, question: Question) -> str | None:
        self.emit({"type": "question", **question.to_json()})
        line = self.stdin.readline()
        if not line:
            return None
        return parse_json_answer(line)

    def tell(self, message: str, kind: str = "info") -> None:
        self.emit({"type": kind, "text": message})

    def report(self, event: str, fields: dict[str, object], text: str) -> None:
        self.emit({**fields, "type": event})


def parse_json_answer(line: str) -> str:
    """`{"answer": "..."}`, a JSON string, or (leniently) the raw line. Any text is an
    answer: JSON that does not parse (nested too deeply for the parser included) is taken
    as the raw line; what it holds is made clean text at intake (see `intake`)."""
    text = line.strip()
    if text.startswith(("{", '"')):
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):  # JSONDecodeError is a ValueError
            return text
        if isinstance(data, str):
            return data
        if isinstance(data, dict) and isinstance(data.get("answer"), str):
            return str(data["answer"])
    return text
