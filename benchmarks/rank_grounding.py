"""The grounding benchmark's ranking figures in seconds: precision@5, recall@10 and tests@5 of
the touchpoints, computed in this process from the graphs `bench_grounding.py --repos DIR`
keeps, for trying a ranking change (a weight, a rule) before the full run.

Standalone (never run by the tests):

    python benchmarks/bench_grounding.py --repos DIR ...   # fetches and builds, once
    python benchmarks/rank_grounding.py --repos DIR [--half NAME ...] [--show]

The figures are those `bench_grounding.py --rankings-only` prints for the same code (its
rules: `related`, `is_test_path`), without a subprocess per scenario and without rebuilding
the graphs: a change to the build (the parser, the search index's rows) needs
`bench_grounding.py` again. Every half but `sealed2` is measured by default; `sealed2` is
the blind figure (see `bench_grounding.py`): it may be measured, its total row only.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from bench_grounding import CONTEXT_LIMIT, HALVES, SCENARIOS, is_test_path, related

from brownfield.graph.store import GraphStore
from brownfield.query.context import touchpoints

BLIND = "sealed2"  # never tuned on: no per-scenario output


def measure(scenario: dict, store: GraphStore, root: Path, show: bool) -> tuple[float, float, int]:
    """Precision@5, recall@10 and tests@5 of one scenario (printing its top ten if `show`)."""
    found = touchpoints(store, scenario["idea"], CONTEXT_LIMIT)
    gold = scenario["gold"]
    hits = [any(related(t.node.id, g) for g in gold) for t in found]
    precision = sum(hits[:5]) / len(hits[:5]) if hits else 0.0
    recall = sum(any(related(t.node.id, g) for t in found) for g in gold) / len(gold)
    tests = 0
    if not scenario["about_tests"]:
        tests = sum(is_test_path(t.node.path or "", root, t.node.line or 0) for t in found[:5])
    if show:
        print(f"{scenario['id']}  P@5 {precision:.2f}  R@10 {recall:.2f}  {scenario['idea']}")
        for rank, (touchpoint, hit) in enumerate(zip(found, hits, strict=True), 1):
            print(f"  {rank:2} {'G' if hit else ' '} {touchpoint.score:7.3f}  {touchpoint.node.id}")
        missed = [g for g in gold if not any(related(t.node.id, g) for t in found)]
        if missed:
            print(f"  missed: {', '.join(missed)}")
    return precision, recall, tests


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repos", type=Path, required=True, help="bench_grounding's --repos")
    parser.add_argument("--half", action="append", choices=HALVES, help="only this half")
    parser.add_argument("--show", action="store_true", help="print each scenario's top ten")
    args = parser.parse_args(argv)
    halves = args.half or [h for h in HALVES if h != BLIND]
    if args.show and BLIND in halves:
        parser.error(f"--show prints no scenario of {BLIND}, the blind half")
    scenarios = [s for s in json.loads(SCENARIOS.read_text())["scenarios"] if s["half"] in halves]
    rows: dict[str, list[tuple[float, float, int]]] = {}
    stores: dict[str, GraphStore] = {}
    for scenario in scenarios:
        root = args.repos / scenario["repo"]
        if not (root / ".brownfield").is_dir():
            print(f"error: no graph of {scenario['repo']} in {args.repos}", file=sys.stderr)
            print("run bench_grounding.py --repos with that folder first", file=sys.stderr)
            return 2
        if scenario["repo"] not in stores:
            stores[scenario["repo"]] = GraphStore.open(root, writable=False)
        figures = measure(scenario, stores[scenario["repo"]], root, args.show)
        rows.setdefault(scenario["half"], []).append(figures)
    every = [figures for half in halves for figures in rows.get(half, [])]
    print(f"{'half':16} {'P@5':>5} {'R@10':>5} {'tests@5':>7}")
    for name, group in [*((h, rows[h]) for h in halves if h in rows), ("total", every)]:
        n = len(group)
        precision = sum(p for p, _, _ in group) / n
        recall = sum(r for _, r, _ in group) / n
        label = f"{name} ({n})"
        print(f"{label:16} {precision:5.3f} {recall:5.3f} {sum(t for _, _, t in group):7}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
