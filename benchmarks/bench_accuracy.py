"""Call-graph accuracy over the hand-written sample cases.

Every folder under `sample_repos/` that holds a `callgraph.json` is one case, built as its
own repository in a temporary copy. Caller-callee pairs (by dotted name) are compared with
the golden: true positives, false positives, false negatives; precision and recall per
feature group (the first folder under `sample_repos/`) and in total, then the cases that
are not exact, with their extra and missing pairs.

    python benchmarks/bench_accuracy.py [--json] [--verbose]
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

from brownfield.graph.builder import build
from brownfield.graph.store import GraphStore
from brownfield.query.export import callgraph

SAMPLES = Path(__file__).resolve().parents[1] / "sample_repos"


def pairs(graph: dict[str, list[str]]) -> set[tuple[str, str]]:
    return {(caller, callee) for caller, callees in graph.items() for callee in callees}


def run_case(case: Path, scratch: Path) -> dict[str, list[str]]:
    copy = scratch / case.relative_to(SAMPLES)
    shutil.copytree(
        case, copy, symlinks=True, ignore=shutil.ignore_patterns(".brownfield", "callgraph.json")
    )
    build(copy, workers=1)
    store = GraphStore.open(copy)
    try:
        return callgraph(store)
    finally:
        store.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--verbose", action="store_true", help="show every wrong pair")
    args = parser.parse_args()
    cases = sorted(
        p.parent
        for p in SAMPLES.rglob("callgraph.json")
        if p.parent.name.startswith("python-") or p.parent.parent.name.startswith("python-")
    )
    groups: dict[str, dict[str, int]] = defaultdict(lambda: {"cases": 0, "tp": 0, "fp": 0, "fn": 0})
    wrong: list[dict[str, object]] = []
    with tempfile.TemporaryDirectory() as scratch:
        for case in cases:
            expected = pairs(json.loads((case / "callgraph.json").read_text()))
            actual = pairs(run_case(case, Path(scratch)))
            group = case.relative_to(SAMPLES).parts[0]
            counts = groups[group]
            counts["cases"] += 1
            counts["tp"] += len(expected & actual)
            counts["fp"] += len(actual - expected)
            counts["fn"] += len(expected - actual)
            if expected != actual:
                wrong.append(
                    {
                        "case": str(case.relative_to(SAMPLES)),
                        "extra": sorted(actual - expected),
                        "missing": sorted(expected - actual),
                    }
                )
    total = {"cases": 0, "tp": 0, "fp": 0, "fn": 0}
    rows = []
    for group, counts in sorted(groups.items()):
        for key in total:
            total[key] += counts[key]
        rows.append((group, counts))
    rows.append(("TOTAL", total))

    def ratio(a: int, b: int) -> float:
        return a / b if b else 1.0

    if args.json:
        print(
            json.dumps(
                {
                    "groups": {
                        g: {
                            **c,
                            "precision": ratio(c["tp"], c["tp"] + c["fp"]),
                            "recall": ratio(c["tp"], c["tp"] + c["fn"]),
                        }
                        for g, c in rows
                    },
                    "not_exact": wrong,
                },
                indent=2,
            )
        )
        return 0
    print(
        f"{'group':<28} {'cases':>5} {'tp':>5} {'fp':>4} {'fn':>4} {'precision':>9} {'recall':>7}"
    )
    for group, c in rows:
        precision, recall = ratio(c["tp"], c["tp"] + c["fp"]), ratio(c["tp"], c["tp"] + c["fn"])
        print(
            f"{group:<28} {c['cases']:>5} {c['tp']:>5} {c['fp']:>4} {c['fn']:>4} "
            f"{precision:>9.3f} {recall:>7.3f}"
        )
    print(f"\n{len(wrong)} case(s) not exact:")
    for item in wrong:
        print(f"  {item['case']}: {len(item['extra'])} extra, {len(item['missing'])} missing")  # type: ignore[arg-type]
        if args.verbose:
            for caller, callee in item["extra"]:  # type: ignore[attr-defined]
                print(f"      + {caller} -> {callee}")
            for caller, callee in item["missing"]:  # type: ignore[attr-defined]
                print(f"      - {caller} -> {callee}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
