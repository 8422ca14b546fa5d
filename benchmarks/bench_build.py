"""Benchmark `brownfield graph build` and a fresh query process on the standard library.

Standalone (never run by the tests):

    python benchmarks/bench_build.py [--files N] [--json]

`--files N` takes the first N files (sorted) and the `json` package, which the edit,
query and impact steps use.

Copies the running interpreter's standard library (`*.py` only) into a temporary git
repository, then measures, against the targets:

* baseline: read + tree-sitter parse + tags query of every file, in this process;
* full build (`graph build --full`) wall time, as a ratio to the baseline; also the CPU
  time of both (the build's every process), whose ratio a machine shared with other work
  disturbs less than the wall times' (it is not a target: informational);
* peak RSS of the build's process tree (`RUSAGE_CHILDREN`, so pool workers count);
* no-op rebuild and one-file rebuild wall time (a function appended; then, for
  information, an edit inside a function that is there);
* fresh `callers json.dumps` process wall time (best of 3).
* a fresh `impact --diff HEAD` process after one existing function changed (best of 3);
* a `callers` request to a started `brownfield mcp` server (best of 3).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

import tree_sitter
import tree_sitter_python

REPO_ROOT = Path(__file__).resolve().parents[1]
TAGS_SCM = REPO_ROOT / "grammars" / "python" / "tags.scm"
SKIP_DIRS = {"site-packages", "__pycache__"}
EDIT_TARGET = "json/encoder.py"
QUERY_SYMBOL = "json.dumps"
QUERY_RUNS = 3
IMPACT_FILE = "json/encoder.py"
IMPACT_LINE = "    def encode(self, o):"
MAX_IMPACT_S = 0.5
MAX_MCP_MS = 50

# Targets.
MAX_BUILD_RATIO = 3.0
MAX_NOOP_S = 1.0
MAX_ONE_FILE_S = 1.5
MAX_QUERY_S = 0.5
MAX_PEAK_MIB = 1.5 * 1024

GIT = [
    "git",
    "-c",
    "user.name=bench",
    "-c",
    "user.email=bench@example.invalid",
    "-c",
    "core.excludesFile=/dev/null",
    "-c",
    "commit.gpgSign=false",
]


def stdlib_files(limit: int | None) -> tuple[Path, list[str]]:
    root = Path(sysconfig.get_paths()["stdlib"])
    rels = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            if name.endswith(".py"):
                rels.append(Path(dirpath, name).relative_to(root).as_posix())
    rels.sort()
    if not limit:
        return root, rels
    # the edit, query and impact steps need json/ (json.dumps, json/encoder.py)
    return root, sorted({*rels[:limit], *(r for r in rels if r.startswith("json/"))})


def make_repo(src_root: Path, rels: list[str], dest: Path) -> None:
    for rel in rels:
        target = dest / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src_root / rel, target)
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "stdlib snapshot"]):
        subprocess.run([*GIT, *args], cwd=dest, check=True)


def count_lines(data: bytes) -> int:
    return data.count(b"\n") + (0 if data.endswith(b"\n") or not data else 1)


def baseline(repo: Path, rels: list[str]) -> tuple[float, float]:
    """Read, parse and run the tags query over every file; nothing else. Wall and CPU
    seconds."""
    language = tree_sitter.Language(tree_sitter_python.language())
    parser = tree_sitter.Parser(language)
    query = tree_sitter.Query(language, TAGS_SCM.read_text("utf-8"))
    start, cpu = time.perf_counter(), time.process_time()
    for rel in rels:
        source = (repo / rel).read_bytes()
        tree = parser.parse(source)
        tree_sitter.QueryCursor(query).matches(tree.root_node)
    return time.perf_counter() - start, time.process_time() - cpu


def children_cpu() -> float:
    """CPU seconds (user and system) of the finished child processes so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(cmd: list[str], problems: list[str], label: str) -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        problems.append(f"{label}: exit {done.returncode}: {done.stderr.strip()[-2000:]}")
    elif done.stderr.strip():
        problems.append(f"{label}: stderr: {done.stderr.strip()[-2000:]}")
    return elapsed, done.stdout


def build(repo: Path, full: bool, problems: list[str], label: str) -> tuple[float, dict]:
    cmd = [sys.executable, "-m", "brownfield", "graph", "build", "--repo", str(repo), "--json"]
    if full:
        cmd.insert(5, "--full")
    elapsed, out = run(cmd, problems, label)
    try:
        summary = json.loads(out)
    except json.JSONDecodeError:
        problems.append(f"{label}: output is not JSON: {out.strip()[:500]}")
        summary = {}
    return elapsed, summary


def pick_edit_target(repo: Path, rels: list[str]) -> str:
    if EDIT_TARGET in rels:
        return EDIT_TARGET
    by_size = sorted(rels, key=lambda r: (repo / r).stat().st_size)
    return by_size[len(by_size) // 2]


def console_script() -> str | None:
    found = shutil.which("brownfield")
    if found:
        return found
    sibling = Path(sys.executable).parent / "brownfield"
    return str(sibling) if sibling.is_file() else None


def best_of(cmd: list[str], problems: list[str], label: str) -> tuple[float, str]:
    times, out = [], ""
    for _ in range(QUERY_RUNS):
        elapsed, out = run(cmd, problems, label)
        times.append(elapsed)
    return min(times), out


def mcp_callers_ms(repo: Path) -> float:
    """Start `brownfield mcp` (the SDK's client over stdio), then time callers requests:
    the best of QUERY_RUNS, in milliseconds."""
    import asyncio

    from mcp import Client
    from mcp.client.stdio import StdioServerParameters

    async def measure() -> float:
        server = StdioServerParameters(
            command=sys.executable, args=["-m", "brownfield", "mcp", "--repo", str(repo)]
        )
        async with Client(server) as client:
            times = []
            for _ in range(QUERY_RUNS):
                start = time.perf_counter()
                await client.call_tool("callers", {"symbol": QUERY_SYMBOL})
                times.append(time.perf_counter() - start)
        return min(times) * 1000

    return asyncio.run(measure())


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--files", type=int, default=None, help="only the first N files (sorted), and json/"
    )
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args()

    problems: list[str] = []
    results: dict = {"python": sys.version.split()[0]}
    src_root, rels = stdlib_files(args.files)

    with tempfile.TemporaryDirectory(prefix="bf-bench-") as tmp:
        repo = Path(tmp) / "stdlib"
        repo.mkdir()
        make_repo(src_root, rels, repo)
        lines = sum(count_lines((repo / r).read_bytes()) for r in rels)
        results.update(files=len(rels), lines=lines)

        results["baseline_s"], results["baseline_cpu_s"] = baseline(repo, rels)

        cpu_before = children_cpu()
        full_s, full_sum = build(repo, True, problems, "full build")
        full_cpu = children_cpu() - cpu_before
        peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        results.update(
            full_build_s=full_s,
            full_build_ratio=full_s / results["baseline_s"],
            full_build_cpu_s=full_cpu,
            full_build_cpu_ratio=full_cpu / results["baseline_cpu_s"],
            load_average=os.getloadavg()[0],
            peak_rss_mib=peak_kib / 1024,
        )
        results["full_build_summary"] = {
            k: full_sum.get(k)
            for k in (
                "parsed",
                "unchanged",
                "resolved",
                "skipped",
                "unresolved",
                "lines",
                "elapsed_seconds",
            )
        }
        results["full_build_diagnostics"] = len(full_sum.get("diagnostics", []))
        if full_sum and full_sum.get("parsed") != len(rels):
            problems.append(f"full build parsed {full_sum.get('parsed')} of {len(rels)} files")

        noop_s, noop_sum = build(repo, False, problems, "no-op rebuild")
        results.update(noop_rebuild_s=noop_s, noop_parsed=noop_sum.get("parsed"))
        if noop_sum and noop_sum.get("parsed"):
            problems.append(f"no-op rebuild parsed {noop_sum.get('parsed')} files")

        target = pick_edit_target(repo, rels)
        with open(repo / target, "a", encoding="utf-8") as fh:
            fh.write("\n\ndef _bench_added(value):\n    return dumps(value) if value else None\n")
        one_s, one_sum = build(repo, False, problems, "one-file rebuild")
        results.update(
            one_file_target=target,
            one_file_rebuild_s=one_s,
            one_file_parsed=one_sum.get("parsed"),
            one_file_resolved=one_sum.get("resolved"),
        )
        if one_sum and one_sum.get("parsed") != 1:
            problems.append(f"one-file rebuild parsed {one_sum.get('parsed')} files, not 1")

        # An edit inside a function that is there (the lines after it move): every file
        # that read the module is resolved again, where an appended function (above) is
        # read by name. Informational: the target is the edit above, issue 2's.
        encoder = repo / IMPACT_FILE
        if encoder.exists() and IMPACT_LINE in encoder.read_text("utf-8"):
            text = encoder.read_text("utf-8")
            encoder.write_text(text.replace(IMPACT_LINE, IMPACT_LINE + "\n        o = o", 1))
            body_s, body_sum = build(repo, False, problems, "body-edit rebuild")
            results.update(body_edit_s=body_s, body_edit_resolved=body_sum.get("resolved"))

        # One existing function changed (not rebuilt): what a fresh `impact` answers.
        encoder = repo / IMPACT_FILE
        if encoder.exists():
            text = encoder.read_text("utf-8")
            encoder.write_text(text.replace(IMPACT_LINE, IMPACT_LINE + "\n        # bench", 1))
            impact_args = [sys.executable, "-m", "brownfield", "impact", "--diff", "HEAD"]
            i_s, i_out = best_of([*impact_args, "--repo", str(repo)], problems, "impact")
            results["impact_s"] = i_s
            results["impact_summary"] = (i_out.strip().splitlines() or [""])[-1]

        results["mcp_callers_ms"] = mcp_callers_ms(repo)

        query_args = ["callers", QUERY_SYMBOL, "--repo", str(repo)]
        q_s, q_out = best_of(
            [sys.executable, "-m", "brownfield", *query_args], problems, "query (python -m)"
        )
        results["query_python_m_s"] = q_s
        results["query_output_lines"] = len(q_out.splitlines())
        script = console_script()
        results["console_script"] = script
        results["query_console_script_s"] = (
            best_of([script, *query_args], problems, "query (console script)")[0]
            if script
            else None
        )

    query_times = [
        t for t in (results["query_python_m_s"], results["query_console_script_s"]) if t is not None
    ]
    checks = {
        "full_build_ratio": (
            results["full_build_ratio"] <= MAX_BUILD_RATIO,
            f"<= {MAX_BUILD_RATIO:g}x baseline",
        ),
        "noop_rebuild_s": (results["noop_rebuild_s"] < MAX_NOOP_S, f"< {MAX_NOOP_S:g} s"),
        "one_file_rebuild_s": (
            results["one_file_rebuild_s"] < MAX_ONE_FILE_S,
            f"< {MAX_ONE_FILE_S:g} s",
        ),
        "query_python_m_s": (results["query_python_m_s"] < MAX_QUERY_S, f"< {MAX_QUERY_S:g} s"),
        "peak_rss_mib": (results["peak_rss_mib"] < MAX_PEAK_MIB, f"< {MAX_PEAK_MIB:g} MiB"),
    }
    if results["query_console_script_s"] is not None:
        checks["query_console_script_s"] = (
            results["query_console_script_s"] < MAX_QUERY_S,
            f"< {MAX_QUERY_S:g} s",
        )
    checks["mcp_callers_ms"] = (results["mcp_callers_ms"] < MAX_MCP_MS, f"< {MAX_MCP_MS:g} ms")
    if "impact_s" in results:
        checks["impact_s"] = (results["impact_s"] < MAX_IMPACT_S, f"< {MAX_IMPACT_S:g} s")
    results["checks"] = {k: {"pass": ok, "target": t} for k, (ok, t) in checks.items()}
    results["all_pass"] = all(ok for ok, _ in checks.values()) and not problems
    results["problems"] = [
        p if n == 1 else f"{p} (x{n})"
        for p, n in dict.fromkeys(problems, 0).items()
        for n in [problems.count(p)]
    ]

    if args.json:
        print(json.dumps(results, indent=2, sort_keys=True, default=str))
    else:
        print_text(results, checks, min(query_times) if query_times else None)
    return 0 if results["all_pass"] else 1


def print_text(r: dict, checks: dict, _best_query: float | None) -> None:
    def verdict(key: str) -> str:
        ok, target = checks[key]
        return f"target {target:<20} {'PASS' if ok else 'FAIL'}"

    rows = [
        ("python", r["python"], ""),
        ("files", f"{r['files']:,}", ""),
        ("lines", f"{r['lines']:,}", ""),
        ("baseline (read+parse+tags)", f"{r['baseline_s']:.2f} s", ""),
        ("full build", f"{r['full_build_s']:.2f} s", ""),
        ("full build / baseline", f"{r['full_build_ratio']:.2f}x", verdict("full_build_ratio")),
        (
            "CPU: full build (all processes) / baseline",
            f"{r['full_build_cpu_s']:.1f} / {r['baseline_cpu_s']:.1f} s",
            f"= {r['full_build_cpu_ratio']:.2f}x (informational)",
        ),
        ("load average (1 min) after the full build", f"{r['load_average']:.2f}", ""),
        ("peak RSS (children)", f"{r['peak_rss_mib']:.0f} MiB", verdict("peak_rss_mib")),
        ("no-op rebuild", f"{r['noop_rebuild_s']:.2f} s", verdict("noop_rebuild_s")),
        (
            f"one-file rebuild ({r['one_file_target']})",
            f"{r['one_file_rebuild_s']:.2f} s",
            verdict("one_file_rebuild_s"),
        ),
    ]
    if "body_edit_s" in r:
        rows.append(
            (
                f"one-file rebuild, an edit inside a function ({IMPACT_FILE})",
                f"{r['body_edit_s']:.2f} s",
                f"{r['body_edit_resolved']} files resolved (informational)",
            )
        )
    rows += [
        (
            f"query, python -m (best of {QUERY_RUNS})",
            f"{r['query_python_m_s']:.3f} s",
            verdict("query_python_m_s"),
        ),
    ]
    if r["query_console_script_s"] is not None:
        rows.append(
            (
                f"query, console script (best of {QUERY_RUNS})",
                f"{r['query_console_script_s']:.3f} s",
                verdict("query_console_script_s"),
            )
        )
    else:
        rows.append(("query, console script", "not found", ""))
    if "impact_s" in r:
        rows.append(
            (
                f"impact --diff HEAD, one function (best of {QUERY_RUNS})",
                f"{r['impact_s']:.3f} s",
                verdict("impact_s"),
            )
        )
    rows.append(
        (
            f"MCP callers request after start-up (best of {QUERY_RUNS})",
            f"{r['mcp_callers_ms']:.1f} ms",
            verdict("mcp_callers_ms"),
        )
    )
    width = max(len(label) for label, _, _ in rows)
    for label, value, extra in rows:
        print(f"{label:<{width}}  {value:>12}  {extra}".rstrip())
    if "impact_summary" in r:
        print(f"impact: {r['impact_summary']}")
    s = r["full_build_summary"]
    print(
        f"full build summary: parsed={s['parsed']} resolved={s['resolved']} "
        f"skipped={s['skipped']} unresolved={s['unresolved']} "
        f"diagnostics={r['full_build_diagnostics']} "
        f"(self-reported {s['elapsed_seconds']} s)"
    )
    print(
        f"rebuilds: no-op parsed={r['noop_parsed']}; one-file parsed={r['one_file_parsed']} "
        f"resolved={r['one_file_resolved']}; query printed {r['query_output_lines']} lines"
    )
    for problem in r["problems"]:
        print(f"PROBLEM: {problem}")
    print("ALL PASS" if r["all_pass"] else "SOME TARGETS FAILED")


if __name__ == "__main__":
    sys.exit(main())
