"""Benchmark `brownfield graph build` on a JavaScript/TypeScript corpus from npm.

Standalone (never run by the tests; needs the npm registry):

    python benchmarks/bench_build_js.py [--packages a b c] [--json] [--repeat N]

Installs a few popular packages, pinned, with npm (scripts disabled) into a temporary folder,
copies their JavaScript and TypeScript sources into a temporary git repository, then
prints the same figures as `bench_build.py` against the same targets: the baseline (read,
parse and run each language's tags query, in one process), the full build and its ratio
to the baseline, peak memory, and the no-op rebuild. The baseline and the full build are
each timed `--repeat` times (alternating) and the fastest run of each counts.
"""

from __future__ import annotations

import argparse
import json
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_build
import tree_sitter

from brownfield.graph.languages import LANGUAGES, language_for
from brownfield.graph.parser import grammars_dir

#: Pinned top-level packages (their dependencies come as npm resolves them).
PACKAGES = [
    "lodash@4.17.21",
    "express@4.21.2",
    "date-fns@4.1.0",
    "rxjs@7.8.1",
    "axios@1.7.9",
    "zod@3.25.76",
]
FAMILY = {"javascript", "typescript", "tsx"}
MAX_FILE = 2 * 1024 * 1024  # brownfield's default cap; bigger (bundled) files are left out


def corpus(packages: list[str], dest: Path) -> list[str]:
    with tempfile.TemporaryDirectory(prefix="bf-npm-") as tmp:
        subprocess.run(
            [
                "npm",
                "install",
                "--no-audit",
                "--no-fund",
                "--ignore-scripts",
                "--silent",
                "--prefix",
                tmp,
                *packages,
            ],
            check=True,
        )
        modules = Path(tmp) / "node_modules"
        rels = []
        for path in sorted(modules.rglob("*")):
            rel = path.relative_to(modules).as_posix()
            if path.is_file() and language_for(rel) in FAMILY and path.stat().st_size <= MAX_FILE:
                target = dest / rel
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(path, target)
                rels.append(rel)
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "npm corpus"]):
        subprocess.run([*bench_build.GIT, *args], cwd=dest, check=True)
    return rels


def baseline(repo: Path, rels: list[str]) -> float:
    """Read, parse and run the language's tags query over every file; nothing else."""
    tools = {}
    for language in FAMILY:
        spec = LANGUAGES[language]
        grammar = tree_sitter.Language(
            getattr(__import__(spec.grammar_module), spec.grammar_function)()
        )
        tags = grammars_dir() / (spec.queries or language) / "tags.scm"
        tools[language] = (
            tree_sitter.Parser(grammar),
            tree_sitter.Query(grammar, tags.read_text()),
        )
    start = time.perf_counter()
    for rel in rels:
        parser, query = tools[language_for(rel) or ""]
        tree = parser.parse((repo / rel).read_bytes())
        tree_sitter.QueryCursor(query).matches(tree.root_node)
    return time.perf_counter() - start


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--packages", nargs="+", default=PACKAGES)
    ap.add_argument("--json", action="store_true")
    ap.add_argument(
        "--repeat",
        type=int,
        default=3,
        help="time the baseline and the full build this many times each, alternating, and "
        "keep the fastest of each (the machine may be shared; default 3)",
    )
    args = ap.parse_args()
    problems: list[str] = []
    with tempfile.TemporaryDirectory(prefix="bf-bench-js-") as tmp:
        repo = Path(tmp) / "corpus"
        repo.mkdir()
        rels = corpus(args.packages, repo)
        lines = sum(bench_build.count_lines((repo / r).read_bytes()) for r in rels)
        bases, fulls = [], []
        for _ in range(max(1, args.repeat)):
            bases.append(baseline(repo, rels))
            fulls.append(bench_build.build(repo, True, problems, "full build"))
        base = min(bases)
        full_s, full = min(fulls, key=lambda timed: timed[0])
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        noop_s, noop = bench_build.build(repo, False, problems, "no-op rebuild")
    if noop.get("parsed"):
        problems.append(f"no-op rebuild parsed {noop.get('parsed')} files")
    results = {
        "packages": args.packages,
        "files": len(rels),
        "lines": lines,
        "baseline_s": base,
        "baseline_runs_s": bases,
        "full_build_s": full_s,
        "full_build_runs_s": [seconds for seconds, _ in fulls],
        "full_build_ratio": full_s / base,
        "peak_rss_mib": peak,
        "noop_rebuild_s": noop_s,
        "full_build_summary": {
            k: full.get(k) for k in ("parsed", "skipped", "unresolved", "edges")
        },
        "problems": problems,
    }
    checks = {
        "full build / baseline": results["full_build_ratio"] <= bench_build.MAX_BUILD_RATIO,
        "no-op rebuild": noop_s < bench_build.MAX_NOOP_S,
        "peak RSS": peak < bench_build.MAX_PEAK_MIB,
    }
    results["all_pass"] = all(checks.values()) and not problems
    if args.json:
        print(json.dumps(results, indent=2, default=str))
    else:
        print(f"packages                   {' '.join(args.packages)}")
        print(f"files                      {len(rels):,}")
        print(f"lines                      {lines:,}")
        print(f"baseline (read+parse+tags) {base:.2f} s")
        print(f"full build                 {full_s:.2f} s")
        print(
            f"full build / baseline      {full_s / base:.2f}x  "
            f"target <= {bench_build.MAX_BUILD_RATIO:g}x "
            f"{'PASS' if checks['full build / baseline'] else 'FAIL'}"
        )
        print(
            f"peak RSS (children)        {peak:.0f} MiB  {'PASS' if checks['peak RSS'] else 'FAIL'}"
        )
        print(
            f"no-op rebuild              {noop_s:.2f} s  target < {bench_build.MAX_NOOP_S:g} s "
            f"{'PASS' if checks['no-op rebuild'] else 'FAIL'}"
        )
        print(f"full build summary: {results['full_build_summary']}")
        for problem in problems:
            print(f"problem: {problem}")
    return 0 if results["all_pass"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
