"""The grounding benchmark's ranking figures in seconds: precision@5, recall@10 and tests@5 of
the touchpoints, computed in this process from the graphs `bench_grounding.py --repos DIR`
keeps, for trying a ranking change (a weight, a rule) before the full run.

Standalone (never run by the tests):

    python benchmarks/bench_grounding.py --repos DIR ...   # fetches and builds, once
    python benchmarks/rank_grounding.py --repos DIR [--half NAME ...] [--show]

The figures are those `bench_grounding.py --rankings-only` prints for the same code (its
own `ranking`), without a subprocess per scenario and without rebuilding
the graphs: a change to the build (the parser, the search index's rows) needs
`bench_grounding.py` again. Every half but the blind ones (`BLIND`: `sealed2`, `ruby`,
`rustblind`, `phpblind`) is measured by default; a blind half may be measured, its total row
only (see `bench_grounding.py`).

Beside the benchmark's figures it prints strict ones (`P@5s`, `R@10s`, informational):
a touchpoint counts only when it is a gold definition or nested in one, never a class
for holding a gold method. The benchmark's rule lets a class count for every gold method
it holds, so a change that lifts classes lifts its figures without finding what was
asked: at stop 62 a class scored from its matching methods took precision@5 from 0.468
to 0.484 in total and the strict one from 0.353 to 0.342 (dropped). A ranking change
should lift both.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from bench_grounding import CONTEXT_LIMIT, HALVES, SCENARIOS, ranking

from brownfield.graph.store import GraphStore
from brownfield.query.context import touchpoints

BLIND = ("sealed2", "ruby", "rustblind", "phpblind")  # never tuned on: no per-scenario output


Figures = tuple[float, float, int, float, float]


def measure(scenario: dict, store: GraphStore, root: Path, show: bool) -> Figures:
    """Precision@5, recall@10 and tests@5 of one scenario (printing its top ten if `show`),
    by `bench_grounding.ranking`, the benchmark's own rules; then precision@5 and
    recall@10 by the strict rule (`within`)."""
    found = touchpoints(store, scenario["idea"], CONTEXT_LIMIT)
    ranked = ranking(scenario, root, [t.to_json() for t in found])
    gold = scenario["gold"]
    recall = len(ranked.found) / len(gold)
    ids = [item["id"] for item in ranked.top]
    strict5 = sum(any(within(i, g) for g in gold) for i in ids[:5]) / 5
    strict10 = sum(any(within(i, g) for i in ids) for g in gold) / len(gold)
    if show:
        print(
            f"{scenario['id']}  P@5 {ranked.precision5:.2f}  R@10 {recall:.2f}  {scenario['idea']}"
        )
        for item in ranked.top:
            mark = "G" if item["gold"] else " "
            print(f"  {item['rank']:2} {mark} {item['score']:7.3f}  {item['id']}")
        missed = [g for g in scenario["gold"] if g not in ranked.found]
        if missed:
            print(f"  missed: {', '.join(missed)}")
    return ranked.precision5, recall, ranked.tests5, strict5, strict10


def within(touchpoint: str, gold: str) -> bool:
    """The strict rule: a touchpoint is the gold definition or nested in it (`X.m` when
    `X` is gold), never a class holding it; modules never count."""
    both = "::" in touchpoint and "::" in gold
    return both and (touchpoint == gold or touchpoint.startswith(gold + "."))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repos", type=Path, required=True, help="bench_grounding's --repos")
    parser.add_argument("--half", action="append", choices=HALVES, help="only this half")
    parser.add_argument("--show", action="store_true", help="print each scenario's top ten")
    args = parser.parse_args(argv)
    halves = args.half or [h for h in HALVES if h not in BLIND]
    if args.show and set(BLIND) & set(halves):
        parser.error(f"--show prints no scenario of {' or '.join(BLIND)}, the blind halves")
    scenarios = [s for s in json.loads(SCENARIOS.read_text())["scenarios"] if s["half"] in halves]
    rows: dict[str, list[Figures]] = {}
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
    print(f"{'half':16} {'P@5':>5} {'R@10':>5} {'tests@5':>7} {'P@5s':>5} {'R@10s':>5}")
    for name, group in [*((h, rows[h]) for h in halves if h in rows), ("total", every)]:
        n = len(group)
        precision, recall, _, strict5, strict10 = (
            sum(figures[at] for figures in group) / n for at in range(5)
        )
        tests = sum(figures[2] for figures in group)
        label = f"{name} ({n})"
        print(f"{label:16} {precision:5.3f} {recall:5.3f} {tests:7} {strict5:5.3f} {strict10:5.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
