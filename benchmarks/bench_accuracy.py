"""Call-graph accuracy over the hand-written Python sample cases.

Every folder under `sample_repos/python-*` that holds a `callgraph.json` is one case,
built as its own repository in a temporary copy, through the command line
(`brownfield graph build`, then `graph export`). Caller-callee pairs (by dotted name) are
compared with the golden: true positives, false positives, false negatives; precision and
recall per feature group (the first folder under `sample_repos/`) and in total, then the
cases that are not exact, with their extra and missing pairs.

`callgraph.json` holds the static edges (the call-graph export leaves dynamic dispatch
out). A case may also hold `overrides.json`, the same shape, with the edges expected to be
labelled `override` (`self.m()` in a base class reaching a subclass's `m`): those are
scored apart, against the `override` edges of the JSON export (a case without the file
expects none).

    python benchmarks/bench_accuracy.py [--json] [--verbose] [--group NAME ...]

Deterministic: no sampling, no network; a few minutes (three commands per case).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

SAMPLES = Path(__file__).resolve().parents[1] / "sample_repos"
BROWNFIELD = [sys.executable, "-m", "brownfield"]
DISPATCH_LABEL = "override"

Pairs = set[tuple[str, str]]


def pairs(graph: dict[str, list[str]]) -> Pairs:
    return {(caller, callee) for caller, callees in graph.items() for callee in callees}


def brownfield(*args: str) -> str:
    done = subprocess.run([*BROWNFIELD, *args], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"brownfield {' '.join(args)}: {done.stderr.strip()[:300]}")
    return done.stdout


def run_case(case: Path, scratch: Path) -> tuple[Pairs, Pairs]:
    """The static pairs (the call-graph export) and the `override` pairs of one case."""
    copy = scratch / case.relative_to(SAMPLES)
    shutil.copytree(
        case,
        copy,
        symlinks=True,
        ignore=shutil.ignore_patterns(".brownfield", "callgraph.json", "overrides.json"),
    )
    brownfield("graph", "build", "--repo", str(copy), "--json")
    static = pairs(
        json.loads(brownfield("graph", "export", "--format", "callgraph-json", "--repo", str(copy)))
    )
    export = json.loads(brownfield("graph", "export", "--format", "json", "--repo", str(copy)))
    names = {node["id"]: node["qualname"] for node in export["nodes"]}
    dispatch = {
        (names.get(edge["src"], edge["src"]), names.get(edge["dst"], edge["dst"]))
        for edge in export["edges"]
        if edge["kind"] == "calls" and edge["resolution"] == DISPATCH_LABEL
    }
    return static, dispatch


def ratio(a: int, b: int) -> float:
    return a / b if b else 1.0


def score(counts: dict[str, int], expected: Pairs, actual: Pairs) -> None:
    counts["tp"] += len(expected & actual)
    counts["fp"] += len(actual - expected)
    counts["fn"] += len(expected - actual)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--verbose", action="store_true", help="show every wrong pair")
    parser.add_argument("--group", nargs="+", help="only these groups (python-args ...)")
    args = parser.parse_args()
    cases = sorted(
        p.parent
        for p in SAMPLES.rglob("callgraph.json")
        if p.parent.name.startswith("python-") or p.parent.parent.name.startswith("python-")
    )
    if args.group:
        cases = [c for c in cases if c.relative_to(SAMPLES).parts[0] in args.group]

    def empty() -> dict[str, int]:
        return {"cases": 0, "tp": 0, "fp": 0, "fn": 0}

    groups: dict[str, dict[str, int]] = defaultdict(empty)
    overrides = empty()
    wrong: list[dict[str, object]] = []
    with tempfile.TemporaryDirectory() as scratch:
        for case in cases:
            expected = pairs(json.loads((case / "callgraph.json").read_text()))
            override_file = case / "overrides.json"
            expected_dispatch = (
                pairs(json.loads(override_file.read_text())) if override_file.exists() else set()
            )
            actual, dispatch = run_case(case, Path(scratch))
            group = case.relative_to(SAMPLES).parts[0]
            counts = groups[group]
            counts["cases"] += 1
            score(counts, expected, actual)
            if expected_dispatch or dispatch:
                overrides["cases"] += 1
                score(overrides, expected_dispatch, dispatch)
            if expected != actual or expected_dispatch != dispatch:
                wrong.append(
                    {
                        "case": str(case.relative_to(SAMPLES)),
                        "extra": sorted(actual - expected),
                        "missing": sorted(expected - actual),
                        "extra_override": sorted(dispatch - expected_dispatch),
                        "missing_override": sorted(expected_dispatch - dispatch),
                    }
                )
    total = empty()
    rows = []
    for group, counts in sorted(groups.items()):
        for key in total:
            total[key] += counts[key]
        rows.append((group, counts))
    rows.append(("TOTAL (static edges)", total))
    rows.append((f"{DISPATCH_LABEL} edges", overrides))

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
        extra = len(item["extra"]) + len(item["extra_override"])  # type: ignore[arg-type]
        missing = len(item["missing"]) + len(item["missing_override"])  # type: ignore[arg-type]
        print(f"  {item['case']}: {extra} extra, {missing} missing")
        if args.verbose:
            for key, mark in (
                ("extra", "+"),
                ("missing", "-"),
                ("extra_override", "+ override"),
                ("missing_override", "- override"),
            ):
                for caller, callee in item[key]:  # type: ignore[attr-defined]
                    print(f"      {mark} {caller} -> {callee}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
