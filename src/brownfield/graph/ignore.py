"""`.gitignore` rules for folders outside git, where `git ls-files` cannot list files."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True)
class IgnoreRule:
    """One line of a `.gitignore`, anchored at the folder that holds the file."""

    base: str  # folder of the .gitignore, "" for the root
    pattern: re.Pattern[str]
    negated: bool
    directory_only: bool


@lru_cache(maxsize=512)
def _translate(glob: str) -> str:
    """Translate a gitignore glob (already stripped of anchors) into a regex."""
    out: list[str] = []
    i = 0
    while i < len(glob):
        char = glob[i]
        if glob.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
        elif glob.startswith("/**", i) and i + 3 == len(glob):
            out.append("/.*")
            i += 3
        elif glob.startswith("**", i):
            out.append(".*")
            i += 2
        elif char == "*":
            out.append("[^/]*")
            i += 1
        elif char == "?":
            out.append("[^/]")
            i += 1
        elif char == "[":
            end = glob.find("]", i + 1)
            if end == -1:
                out.append(re.escape(char))
                i += 1
            else:
                body = glob[i + 1 : end].replace("\\", "\\\\")
                if body.startswith("!"):
                    body = "^" + body[1:]
                out.append(f"[{body}]")
                i = end + 1
        elif char == "\\" and i + 1 < len(glob):
            out.append(re.escape(glob[i + 1]))
            i += 2
        else:
            out.append(re.escape(char))
            i += 1
    return "".join(out)


def parse_rules(text: str, base: str) -> list[IgnoreRule]:
    """The rules of one `.gitignore` file found in folder `base`."""
    rules: list[IgnoreRule] = []
    for raw in text.splitlines():
        line = raw.rstrip()
        if not line or line.startswith("#"):
            continue
        negated = line.startswith("!")
        if negated:
            line = line[1:]
        directory_only = line.endswith("/")
        line = line.rstrip("/")
        if not line:
            continue
        anchored = "/" in line
        line = line.lstrip("/")
        regex = _translate(line)
        if not anchored:
            regex = "(?:.*/)?" + regex
        rules.append(IgnoreRule(base, re.compile(f"^{regex}$"), negated, directory_only))
    return rules


def is_ignored(rel_path: str, is_dir: bool, rules: list[IgnoreRule]) -> bool:
    """Whether the last matching rule ignores `rel_path` (POSIX, relative to the root)."""
    ignored = False
    for rule in rules:
        if rule.directory_only and not is_dir:
            continue
        if rule.base:
            prefix = rule.base + "/"
            if not rel_path.startswith(prefix):
                continue
            local = rel_path[len(prefix) :]
        else:
            local = rel_path
        if rule.pattern.match(local):
            ignored = not rule.negated
    return ignored
