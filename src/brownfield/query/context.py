"""The touchpoints of an idea: the definitions and files its words name, ranked.

Words of the idea are matched against definition names (split on snake_case and
camelCase) and path segments; an exact symbol or path mention scores highest. The
matches are then ranked by personalized PageRank over the call and import edges around
them, so that central definitions rise and isolated name collisions fall.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from brownfield.graph.store import GraphStore
from brownfield.model import EdgeKind, Node, NodeKind
from brownfield.query.search import words

STOP_WORDS = frozenset(
    """a an the and or but if then else so to of in on at by for with without from into onto
    over under about as is are was were be been being it its this that these those there here
    we you they i me my our your their them us he she his her do does did done doing have has
    had can could should would will shall may might must not no yes all any each every some
    such only also just very more most less least than too new add adds adding make makes
    making change changes changing update updates updating use uses using want wants need
    needs let lets allow allows when where which who what how why after before while during
    up down out off again once same other so own both few nor per via get gets set sets""".split()
)

_QUOTED = re.compile(r"[\"'`]([^\"'`]+)[\"'`]")
_TOKEN = re.compile(r"[A-Za-z_][A-Za-z0-9_./:-]*")


def stem(word: str) -> str:
    """A crude, deterministic English stem, the same for a word's common forms.

    `charge`, `charges`, `charged`, `charging` -> `charg`; `retry`, `retries` -> `retry`.
    """
    for suffix in ("ing", "ed", "es", "s"):
        if word.endswith(suffix) and not word.endswith("ss") and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            break
    if word.endswith("e") and len(word) > 3:
        word = word[:-1]
    if word.endswith("i") and len(word) > 3:
        word = word[:-1] + "y"
    return word


@dataclass(frozen=True)
class IdeaWords:
    """What an idea says: whole mentions (symbols, paths, quoted text) and key words."""

    mentions: tuple[str, ...]
    keywords: tuple[str, ...]


def idea_words(text: str) -> IdeaWords:
    mentions: list[str] = [m.strip() for m in _QUOTED.findall(text) if m.strip()]
    keywords: list[str] = []
    for token in _TOKEN.findall(text):
        token = token.rstrip(".:-")
        if any(mark in token for mark in "_./:") or re.search(r"[a-z][A-Z]", token):
            mentions.append(token.rstrip("()"))
        for word in words(token):
            if word not in STOP_WORDS and len(word) > 1 and stem(word) not in keywords:
                keywords.append(stem(word))
    return IdeaWords(tuple(dict.fromkeys(mentions)), tuple(keywords))


@dataclass(frozen=True)
class Touchpoint:
    """A definition or file the idea touches, with why and how strongly."""

    node: Node
    score: float
    matched: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.node.id,
            "symbol": self.node.qualname,
            "kind": self.node.kind.value,
            "path": self.node.path,
            "line": self.node.line,
            "score": round(self.score, 3),
            "matched": list(self.matched),
        }


def _match(node: Node, idea: IdeaWords) -> tuple[float, tuple[str, ...]]:
    """Match quality: 10 per exact symbol or path mention, 3 per name word, 1 per path word."""
    score = 0.0
    matched: list[str] = []
    names = {node.name, node.qualname, node.id, node.path or ""}
    for mention in idea.mentions:
        if mention in names or node.qualname.endswith("." + mention):
            score += 10
            matched.append(mention)
    name_words = {stem(w) for w in words(node.name)}
    path_words = {stem(w) for w in words(node.path or "")} - name_words
    for keyword in idea.keywords:
        if keyword in name_words:
            score += 3
            matched.append(keyword)
        elif keyword in path_words:
            score += 1
            matched.append(keyword)
    return score, tuple(dict.fromkeys(matched))


def touchpoints(store: GraphStore, text: str, limit: int = 5) -> list[Touchpoint]:
    """The best `limit` definitions (or files) for an idea; empty when nothing matches."""
    idea = idea_words(text)
    candidates: dict[str, Node] = {}
    for term in (*idea.mentions, *idea.keywords):
        last = term.replace("::", ".").replace("/", ".").split(".")[-1] or term
        for node in store.nodes_like(last, limit=500):
            if node.kind is not NodeKind.EXTERNAL:
                candidates[node.id] = node
    scored = {}
    for node in candidates.values():
        score, matched = _match(node, idea)
        if node.kind is NodeKind.MODULE and score < 10:
            continue  # a file is a touchpoint only when the idea names it
        if score > 0:
            scored[node.id] = (score, matched)
    if not scored:
        return []
    rank = _centrality(store, {node_id: s for node_id, (s, _) in scored.items()})
    found = [
        Touchpoint(candidates[node_id], score * (1 + rank.get(node_id, 0.0)), matched)
        for node_id, (score, matched) in scored.items()
    ]
    found.sort(key=lambda t: (-round(t.score, 6), t.node.kind is NodeKind.MODULE, t.node.id))
    return found[:limit]


def _centrality(store: GraphStore, seeds: dict[str, float]) -> dict[str, float]:
    """Personalized PageRank over calls and imports around the matches, scaled to 0..1.

    Power iteration in plain Python: the neighbourhood is small, and networkx's PageRank
    would pull in NumPy and SciPy for it.
    """
    edges = store.edges_into(seeds, [EdgeKind.CALLS, EdgeKind.IMPORTS])
    edges += store.edges_out_of(seeds, [EdgeKind.CALLS, EdgeKind.IMPORTS])
    links = sorted({(e.src, e.dst) for e in edges if e.src != e.dst})
    nodes = sorted(set(seeds) | {n for link in links for n in link})
    out: dict[str, list[str]] = {n: [] for n in nodes}
    for src, dst in links:
        out[src].append(dst)
    total = sum(seeds.values())
    teleport = {n: seeds.get(n, 0.0) / total for n in nodes}
    rank = dict(teleport)
    damping = 0.85
    for _ in range(50):
        dangling = sum(rank[n] for n in nodes if not out[n])
        new = {n: (1 - damping + damping * dangling) * teleport[n] for n in nodes}
        for src in nodes:
            if out[src]:
                share = damping * rank[src] / len(out[src])
                for dst in out[src]:
                    new[dst] += share
        if sum(abs(new[n] - rank[n]) for n in nodes) < 1e-9:
            rank = new
            break
        rank = new
    top = max((rank[n] for n in seeds), default=0.0)
    return {n: rank[n] / top for n in seeds} if top else {}
