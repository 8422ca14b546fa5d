"""Compare brownfield's direct caller sites with jedi's call references on real packages.

Standalone (never run by the tests; needs network access to PyPI):

    python benchmarks/bench_oracle.py [--packages rich click ...] [--sample N] [--seed S]
                                      [--show-disagreements] [--json]

What it does:

1. Makes a temporary virtual environment and installs, pinned, the packages below plus
   jedi (the oracle). jedi is only ever installed there, never into the project.
2. Copies each package's installed source folder(s) (unchanged, without `__pycache__`)
   into its own temporary git repository and builds brownfield's graph over it.
3. Samples definitions deterministically: functions and methods of the package (not
   lambdas, not `__dunder__` methods, which are called implicitly, not classes), that
   have a *textual call candidate* somewhere in the repository (`name(` other than at
   the `def`, or `@...name` as a decorator). The filter is a plain text search, so it
   favours neither tool; a seeded `random.Random` then picks `--sample` of them (sorted
   by node id first).
4. brownfield: `callers(store, node_id, depth=1)`; a site is `path:line` of each hop.
5. jedi: `Script(path=..., project=Project(repo)).get_references(line, column)` on the
   definition's name, in a worker process that runs in the temporary environment. A
   reference counts when it is in the repository, is not a definition, and is a call:
   the name is the callee of a call (directly followed by a `(...)` trailer, as in
   `f(x)`, `obj.f(x)`, `await obj.f(x)`) or it ends a decorator (`@f`, `@mod.f`,
   `@f(...)`: a decorator is called with the function). Its site is `path:line` where
   the *call expression starts* (the first line of `a.b(...).f(...)`), which is the line
   brownfield gives a call.
6. Compares the two sets of sites per definition. Disagreements that were checked by hand
   are in `bench_oracle_verdicts.json` next to this script, keyed by package, version,
   definition and site, with `call` (does the site really call the definition?) and a
   reason. brownfield-only sites confirmed there count towards precision.

Figures: precision-like = (both + brownfield-only confirmed by hand) / brownfield;
recall-like = both / jedi. Targets: >= 95% and >= 80%, over all sampled packages.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
import venv
from pathlib import Path

import bench_build

from brownfield.graph.builder import build
from brownfield.graph.repository import open_store
from brownfield.graph.store import GraphStore
from brownfield.model import NodeKind
from brownfield.query.traverse import callers

VERDICTS = Path(__file__).resolve().with_name("bench_oracle_verdicts.json")

#: package -> (pinned version, top-level folders of its installed source)
PACKAGES: dict[str, tuple[str, tuple[str, ...]]] = {
    "rich": ("15.0.0", ("rich",)),
    "click": ("8.5.1", ("click",)),
    "attrs": ("26.1.0", ("attr", "attrs")),
    "httpx": ("0.28.1", ("httpx",)),
}
ORACLE = {"jedi": "0.20.1", "parso": "0.8.7"}
DEFAULT_SAMPLE = 50
DEFAULT_SEED = 10
JEDI_TIMEOUT_S = 120  # per definition

MIN_PRECISION = 0.95
MIN_RECALL = 0.80

GIT = bench_build.GIT  # one git identity and configuration for every benchmark

# Runs inside the temporary environment: reads a job (a JSON file), writes sites (JSON).
JEDI_WORKER = r'''
import json, os, signal, sys, time

import jedi
import parso

with open(sys.argv[1], encoding="utf-8") as fh:
    job = json.load(fh)
repo = job["repo"]
jedi.settings.cache_directory = job["cache"]
project = jedi.Project(repo)
grammar = parso.load_grammar()
modules = {}


def module(path):
    if path not in modules:
        with open(path, encoding="utf-8") as fh:
            modules[path] = grammar.parse(fh.read())
    return modules[path]


def definition_name(tree, name, line, end_line):
    """The (line, column) of the `def` name of the function at brownfield's lines."""
    found = [
        leaf
        for leaf in tree.get_used_names().get(name, [])
        if leaf.parent.type == "funcdef"
        and leaf.parent.name is leaf
        and line <= leaf.start_pos[0] <= end_line
    ]
    return min(found, key=lambda leaf: leaf.start_pos).start_pos if found else None


def name_at(tree, pos):
    """The name leaf that starts at `pos` (parso may answer the leaf that ends there)."""
    leaf = tree.get_leaf_for_position(pos, include_prefixes=True)
    while leaf is not None and leaf.start_pos < pos:
        leaf = leaf.get_next_leaf()
    return leaf if leaf is not None and leaf.start_pos == pos else None


def call_line(leaf):
    """The line where the call that `leaf` is the callee of starts, or None."""
    if leaf is None or leaf.type != "name":
        return None
    parent = leaf.parent
    if parent.type == "decorator":  # @name
        return parent.start_pos[0]
    if parent.type == "trailer" and parent.children[0] == "." and parent.children[1] is leaf:
        expr, after = parent.parent, parent.get_next_sibling()
    elif parent.type in ("atom_expr", "power"):
        expr, after = parent, leaf.get_next_sibling()
    else:
        return None
    if after is not None and after.type == "trailer" and after.children[0] == "(":
        return expr.start_pos[0]
    if after is None and expr.parent.type == "decorator":  # @module.name
        return expr.parent.start_pos[0]
    return None


class Timeout(Exception):
    pass


def on_alarm(signum, frame):
    raise Timeout()


signal.signal(signal.SIGALRM, on_alarm)
results = {}
for d in job["defs"]:
    path = os.path.join(repo, d["path"])
    entry = results[d["id"]] = {"sites": [], "error": None, "seconds": 0.0}
    pos = definition_name(module(path), d["name"], d["line"], d["end_line"])
    if pos is None:
        entry["error"] = "definition name not found"
        continue
    entry["position"] = list(pos)
    signal.alarm(job["timeout"])
    started = time.perf_counter()
    try:
        refs = jedi.Script(path=path, project=project).get_references(*pos)
    except Timeout:
        entry["error"] = "timeout"
        continue
    except Exception as exc:  # an oracle crash is reported, not fatal
        entry["error"] = f"{type(exc).__name__}: {exc}"[:300]
        continue
    finally:
        signal.alarm(0)
        entry["seconds"] = round(time.perf_counter() - started, 2)
    sites = set()
    for ref in refs:
        if ref.module_path is None or ref.is_definition():
            continue
        ref_path = str(ref.module_path)
        if not ref_path.startswith(repo + os.sep) or not ref_path.endswith(".py"):
            continue
        line = call_line(name_at(module(ref_path), (ref.line, ref.column)))
        if line is not None:
            rel = os.path.relpath(ref_path, repo).replace(os.sep, "/")
            sites.add((rel, line))
    entry["sites"] = sorted(sites)
json.dump(results, sys.stdout)
'''


def make_env(where: Path, packages: list[str]) -> Path:
    """A virtual environment holding the pinned packages and jedi; its interpreter."""
    venv.EnvBuilder(with_pip=True, symlinks=True).create(where)
    python = where / "bin" / "python"
    pins = [f"{name}=={PACKAGES[name][0]}" for name in packages]
    pins += [f"{name}=={version}" for name, version in ORACLE.items()]
    subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check", *pins],
        check=True,
        capture_output=True,
    )
    return python


def site_packages(python: Path) -> Path:
    out = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True,
        capture_output=True,
        text=True,
    )
    return Path(out.stdout.strip())


def installed_version(python: Path, dist: str) -> str:
    out = subprocess.run(
        [str(python), "-c", f"import importlib.metadata as m; print(m.version({dist!r}))"],
        check=True,
        capture_output=True,
        text=True,
    )
    return out.stdout.strip()


def make_repo(site: Path, folders: tuple[str, ...], dest: Path) -> None:
    dest.mkdir(parents=True)
    for folder in folders:
        shutil.copytree(site / folder, dest / folder, ignore=shutil.ignore_patterns("__pycache__"))
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "package snapshot"]):
        subprocess.run([*GIT, *args], cwd=dest, check=True, capture_output=True)


def python_files(repo: Path) -> list[str]:
    return sorted(
        p.relative_to(repo).as_posix()
        for p in repo.rglob("*.py")
        if ".brownfield" not in p.relative_to(repo).parts
    )


def textual_calls(repo: Path, files: list[str]) -> dict[str, int]:
    """How many times each name occurs call-shaped (`name(`, `@...name`), not after `def`."""
    call = re.compile(r"\b(\w+)\s*\(|@(?:\w+\.)*(\w+)")
    counts: dict[str, int] = {}
    for rel in files:
        for line in (repo / rel).read_text("utf-8", "replace").splitlines():
            text = re.sub(r"^\s*(?:async\s+)?(?:def|class)\s+\w+", "", line)
            for match in call.finditer(text):
                name = match.group(1) or match.group(2)
                counts[name] = counts.get(name, 0) + 1
    return counts


def sample_definitions(
    store: GraphStore, repo: Path, package: str, size: int, seed: int
) -> tuple[list, int]:
    files = python_files(repo)
    called = textual_calls(repo, files)
    candidates = []
    for rel in files:
        for node in store.nodes_where("path", rel):
            if node.kind not in (NodeKind.FUNCTION, NodeKind.METHOD) or node.line is None:
                continue
            name = node.name
            if name.startswith("<") or (name.startswith("__") and name.endswith("__")):
                continue
            if called.get(name):
                candidates.append(node)
    candidates.sort(key=lambda n: n.id)
    rng = random.Random(f"{seed}:{package}")
    picked = rng.sample(candidates, min(size, len(candidates)))
    return sorted(picked, key=lambda n: n.id), len(candidates)


def start_jedi(python: Path, repo: Path, defs: list, scratch: Path) -> subprocess.Popen:
    worker = scratch / "jedi_worker.py"
    if not worker.exists():
        worker.write_text(JEDI_WORKER, "utf-8")
    job = {
        "repo": str(repo),
        # one cache per worker: workers sharing one read each other's half-written pickles
        "cache": str(scratch / f"jedi-cache-{repo.name}"),
        "timeout": JEDI_TIMEOUT_S,
        "defs": [
            {"id": n.id, "path": n.path, "name": n.name, "line": n.line, "end_line": n.end_line}
            for n in defs
        ],
    }
    job_file = scratch / f"jedi_job_{repo.name}.json"
    job_file.write_text(json.dumps(job), "utf-8")
    return subprocess.Popen(
        [str(python), str(worker), str(job_file)],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
    )


def brownfield_sites(store: GraphStore, node_id: str) -> dict[str, str]:
    """Direct caller sites of `node_id`: `path:line` -> the calling node's id and how the
    call was resolved."""
    sites: dict[str, str] = {}
    for hop in callers(store, node_id, depth=1).hops:
        if hop.site is not None:
            how = hop.resolution.value if hop.resolution else "?"
            sites.setdefault(f"{hop.site.path}:{hop.site.line}", f"{hop.node.id} ({how})")
    return sites


def load_verdicts() -> dict[tuple[str, str, str, str], dict]:
    if not VERDICTS.exists():
        return {}
    data = json.loads(VERDICTS.read_text("utf-8"))
    return {(v["package"], v["version"], v["definition"], v["site"]): v for v in data["verdicts"]}


def source_line(repo: Path, site: str) -> str:
    path, _, line = site.rpartition(":")
    try:
        lines = (repo / path).read_text("utf-8", "replace").splitlines()
        return lines[int(line) - 1].strip()[:110]
    except (OSError, IndexError, ValueError):
        return ""


def ratio(num: int, den: int) -> float | None:
    return num / den if den else None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--packages", nargs="+", choices=sorted(PACKAGES), default=list(PACKAGES))
    ap.add_argument("--sample", type=int, default=DEFAULT_SAMPLE, help="definitions per package")
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    ap.add_argument("--show-disagreements", action="store_true", help="list every disagreement")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args()

    verdicts = load_verdicts()
    started = time.perf_counter()
    results: dict = {"python": sys.version.split()[0], "seed": args.seed, "packages": {}}
    disagreements: list[dict] = []
    problems: list[str] = []

    with tempfile.TemporaryDirectory(prefix="bf-oracle-") as tmp:
        scratch = Path(tmp)
        python = make_env(scratch / "venv", args.packages)
        site = site_packages(python)
        results["oracle"] = {name: installed_version(python, name) for name in ORACLE}
        prepared = []
        for package in args.packages:
            version, folders = PACKAGES[package]
            got = installed_version(python, package)
            if got != version:
                problems.append(f"{package}: installed {got}, pinned {version}")
            repo = scratch / "repos" / package
            make_repo(site, folders, repo)
            summary = build(repo)
            store = open_store(repo)
            defs, candidates = sample_definitions(store, repo, package, args.sample, args.seed)
            proc = start_jedi(python, repo, defs, scratch)
            prepared.append((package, version, repo, store, defs, candidates, summary, proc))

        for package, version, repo, store, defs, candidates, summary, proc in prepared:
            try:
                ours = {n.id: brownfield_sites(store, n.id) for n in defs}
            finally:
                store.close()
            out, err = proc.communicate()
            if proc.returncode != 0:
                problems.append(f"{package}: jedi worker exit {proc.returncode}: {err[-2000:]}")
                theirs_raw: dict = {}
            else:
                theirs_raw = json.loads(out)
            row = compare(package, version, repo, defs, ours, theirs_raw, verdicts, disagreements)
            row.update(
                candidates=candidates,
                files=summary.parsed,
                lines=summary.lines,
            )
            seconds = [entry.get("seconds", 0.0) for entry in theirs_raw.values()]
            row["jedi_seconds"] = round(sum(seconds), 1)
            row["jedi_slowest_s"] = max(seconds, default=0.0)
            for def_id, entry in theirs_raw.items():
                if entry.get("error"):
                    problems.append(f"{package}: jedi on {def_id}: {entry['error']}")
            results["packages"][package] = row

    total = {
        key: sum(r[key] for r in results["packages"].values())
        for key in (
            "definitions",
            "brownfield",
            "jedi",
            "both",
            "brownfield_only",
            "jedi_only",
            "bf_only_confirmed",
            "bf_only_refuted",
            "jedi_only_confirmed",
            "jedi_only_refuted",
        )
    }
    add_figures(total)
    results["total"] = total
    results["checks"] = {
        "precision_like": {
            "value": total["precision_like"],
            "target": f">= {MIN_PRECISION:.0%}",
            "pass": (total["precision_like"] or 0) >= MIN_PRECISION,
        },
        "recall_like": {
            "value": total["recall_like"],
            "target": f">= {MIN_RECALL:.0%}",
            "pass": (total["recall_like"] or 0) >= MIN_RECALL,
        },
    }
    results["problems"] = problems
    results["all_pass"] = all(c["pass"] for c in results["checks"].values())
    results["elapsed_s"] = round(time.perf_counter() - started, 1)
    if args.show_disagreements:
        results["disagreements"] = disagreements

    if args.json:
        print(json.dumps(results, indent=2, sort_keys=True))
    else:
        print_text(results, disagreements if args.show_disagreements else None)
    return 0 if results["all_pass"] else 1


def compare(
    package: str,
    version: str,
    repo: Path,
    defs: list,
    ours: dict[str, dict[str, str]],
    theirs_raw: dict,
    verdicts: dict,
    disagreements: list[dict],
) -> dict:
    row = {
        "version": version,
        "definitions": len(defs),
        "brownfield": 0,
        "jedi": 0,
        "both": 0,
        "brownfield_only": 0,
        "jedi_only": 0,
        "bf_only_confirmed": 0,
        "bf_only_refuted": 0,
        "jedi_only_confirmed": 0,
        "jedi_only_refuted": 0,
        "jedi_errors": 0,
    }
    for node in defs:
        entry = theirs_raw.get(node.id) or {"sites": [], "error": "missing"}
        if entry.get("error"):
            row["jedi_errors"] += 1
            continue  # no oracle answer: leave the definition out of both sides
        mine = ours[node.id]
        theirs = {f"{path}:{line}" for path, line in entry["sites"]}
        row["brownfield"] += len(mine)
        row["jedi"] += len(theirs)
        row["both"] += len(theirs & mine.keys())
        for side, sites in (("brownfield", mine.keys() - theirs), ("jedi", theirs - mine.keys())):
            row[f"{side}_only"] += len(sites)
            prefix = "bf_only" if side == "brownfield" else "jedi_only"
            for site in sorted(sites):
                verdict = verdicts.get((package, version, node.id, site))
                if verdict is not None:
                    row[f"{prefix}_confirmed" if verdict["call"] else f"{prefix}_refuted"] += 1
                disagreements.append(
                    {
                        "package": package,
                        "version": version,
                        "definition": node.id,
                        "definition_line": node.line,
                        "site": site,
                        "found_by": side,
                        "caller": mine.get(site),
                        "source": source_line(repo, site),
                        "verdict": verdict,
                    }
                )
    add_figures(row)
    return row


def add_figures(row: dict) -> None:
    row["precision_like"] = ratio(row["both"] + row["bf_only_confirmed"], row["brownfield"])
    row["recall_like"] = ratio(row["both"], row["jedi"])
    # recall against jedi's sites minus those shown by hand not to be calls of the definition
    row["recall_hand_adjusted"] = ratio(row["both"], row["jedi"] - row["jedi_only_refuted"])


def pct(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.1%}"


def print_text(r: dict, disagreements: list[dict] | None) -> None:
    oracle = ", ".join(f"{k} {v}" for k, v in sorted(r["oracle"].items()))
    print(f"python {r['python']}; oracle: {oracle}; seed {r['seed']}")
    header = (
        f"{'package':<16} {'defs':>5} {'bf':>5} {'jedi':>5} {'both':>5} {'bf-only':>8} "
        f"{'(hand +/-)':>10} {'jedi-only':>9} {'(hand +/-)':>10} {'precision':>9} "
        f"{'recall':>7} {'adj.rec':>7}"
    )
    print(header)

    def line(label: str, row: dict) -> str:
        bf_hand = f"{row['bf_only_confirmed']}/{row['bf_only_refuted']}"
        jedi_hand = f"{row['jedi_only_confirmed']}/{row['jedi_only_refuted']}"
        return (
            f"{label:<16} {row['definitions']:>5} {row['brownfield']:>5} {row['jedi']:>5} "
            f"{row['both']:>5} {row['brownfield_only']:>8} {bf_hand:>10} "
            f"{row['jedi_only']:>9} {jedi_hand:>10} {pct(row['precision_like']):>9} "
            f"{pct(row['recall_like']):>7} {pct(row['recall_hand_adjusted']):>7}"
        )

    for package, row in r["packages"].items():
        print(line(f"{package} {row['version']}", row))
    print(line("total", r["total"]))
    for package, row in r["packages"].items():
        print(
            f"  {package}: {row['files']} files, {row['lines']:,} lines, "
            f"{row['candidates']} candidate definitions, {row['jedi_errors']} jedi errors, "
            f"jedi {row['jedi_seconds']} s (slowest definition {row['jedi_slowest_s']} s)"
        )
    print(
        "  hand +/-: disagreements checked by hand (bench_oracle_verdicts.json) that are / are "
        "not real calls of the definition"
    )
    for name, check in r["checks"].items():
        status = "PASS" if check["pass"] else "FAIL"
        print(f"{name:<15} {pct(check['value']):>7}  target {check['target']:<6} {status}")
    for problem in r["problems"]:
        print(f"PROBLEM: {problem}")
    if disagreements is not None:
        print()
        print("disagreements (found_by, site, definition, [hand verdict]):")
        for d in disagreements:
            v = d["verdict"]
            mark = "" if v is None else (" [call]" if v["call"] else " [not a call]")
            caller = f"  in {d['caller']}" if d["caller"] else ""
            print(
                f"  {d['package']:<6} {d['found_by']:<10} {d['site']:<34} "
                f"-> {d['definition']}{mark}\n      {d['source']}{caller}"
            )
    print(f"elapsed {r['elapsed_s']} s")
    print("ALL PASS" if r["all_pass"] else "SOME TARGETS FAILED")


if __name__ == "__main__":
    sys.exit(main())
