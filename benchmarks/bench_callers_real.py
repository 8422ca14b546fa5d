"""Compare brownfield's direct caller sites with hand-labelled call sites in real code.

Standalone (never run by the tests; needs the Debian archive and/or the npm registry):

    python benchmarks/bench_callers_real.py [--corpus NAME ...] [--json] [--show-misses]
        [--misses-half tune|holdout|all]

What it does:

1. Reads every label file `benchmarks/callers_real/*.json` (a file that is not valid JSON,
   or lacks a required key, is skipped with a message: another helper may be writing it).
   A label file names a corpus, its language, how to fetch it (`fetch`), the folders to copy
   (`include`, relative to the fetched root; `exclude` lists folder names to leave out) and
   its `definitions`: a brownfield node id, the definition's path and line, its half
   (`tune` or `holdout`), its `callers` (every call site `path:line`, labelled by reading the
   code) and optionally `dispatch` (calls through an interface or a supertype, which may
   reach the definition at run time but do not call it statically).
2. Fetches each corpus, pinned, by `fetch.kind`:
   - `apt`: `{"packages": {"name": "version"}, "root": "/usr/share/..."}` (or `"package"` +
     `"version"`): installs the pinned versions with apt-get when dpkg has another version
     or none; `root` is the installed source folder, or a `.zip` (the JDK's `src.zip`);
   - `npm`: `{"package": "koa", "version": "2.15.3", "root": "package"}`: `npm pack` into a
     temporary folder and unpacks the tarball; `root` is relative to the unpacked tarball;
   - `pypi`: `{"package": "ujson", "version": "5.10.0", "root": "ujson-5.10.0"}`: the
     sdist from PyPI (`pip download --no-binary :all:`, nothing installed), unpacked;
     `root` is relative to the unpacked sdist's folder;
   - `path`: `{"root": "/some/folder"}`: an existing folder or zip, nothing installed.
3. Copies the `include` folders (or files) into a temporary git repository, keeping their
   paths, and runs `brownfield graph build --repo DIR --json` there.
4. For each labelled definition runs `brownfield callers ID --depth 1 --json --repo DIR`;
   its sites are the `site` fields of the distance-1 `calls` rows. An id brownfield does
   not know (exit status 1, or a start node that is not the id) is a miss for every
   labelled caller and is printed.
5. Compares sites per definition: both = labelled and found; extra = found, not labelled;
   missed = labelled, not found. Sites listed under `dispatch` count neither way (they are
   left out of brownfield's sites and of the labels) and are reported as a count. So do
   brownfield's own dispatch edges (resolution `dispatch` or `override`: a call that may
   reach the definition at run time, not one that names it): they are counted apart, as
   `bf-dyn` (those also labelled `dispatch` are in the `dispatch` count), and never as
   brownfield's sites, since the labels are the static calls.

Figures per corpus and per language, and per half (tune/holdout) of each language:
precision = both / brownfield, recall = both / labelled. Targets per language, on each
half (tune and holdout) and on both together: precision >= 95% and recall >= 85%, each
PASS or FAIL; the exit status is 0 when every language passes every target.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path

import bench_build

LABELS = Path(__file__).resolve().parent / "callers_real"
REQUIRED = ("corpus", "language", "fetch", "include", "definitions")
MIN_PRECISION = 0.95
MIN_RECALL = 0.85
BROWNFIELD = [sys.executable, "-m", "brownfield"]
QUERY_TIMEOUT_S = 300
#: Resolutions of dynamic dispatch: edges that may run the definition, not static calls.
DYNAMIC = frozenset({"dispatch", "override"})

GIT = bench_build.GIT  # one git identity and configuration for every benchmark


class CorpusError(Exception):
    """A corpus that could not be fetched or built; the run goes on without it."""


# ---------------------------------------------------------------------------- labels


def load_corpora(names: list[str] | None, problems: list[str]) -> list[dict]:
    """The label files, sorted by name; unreadable or incomplete ones are skipped."""
    corpora = []
    for path in sorted(LABELS.glob("*.json")):
        try:
            data = json.loads(path.read_text("utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            problems.append(f"skipped {path.name}: not valid JSON ({exc})")
            continue
        missing = [key for key in REQUIRED if not isinstance(data, dict) or key not in data]
        if missing:
            problems.append(f"skipped {path.name}: missing {', '.join(missing)}")
            continue
        if names and data["corpus"] not in names:
            continue
        data["label_file"] = path.name
        corpora.append(data)
    if names:
        unknown = sorted(set(names) - {c["corpus"] for c in corpora})
        problems.extend(f"no label file for corpus {name}" for name in unknown)
    return corpora


# ---------------------------------------------------------------------------- fetching


def fetch(corpus: dict, scratch: Path, problems: list[str]) -> Path:
    """Install or download the corpus's pinned source; the folder (or zip) it lives in."""
    spec = corpus["fetch"]
    kind = spec.get("kind")
    if kind == "apt":
        packages = dict(spec.get("packages") or {})
        if spec.get("package"):
            packages[spec["package"]] = spec.get("version", "")
        apt_install(packages, problems)
        root = Path(spec.get("root") or corpus["root"])
    elif kind == "npm":
        root = npm_unpack(spec["package"], spec["version"], scratch) / spec.get("root", "package")
    elif kind == "pypi":
        root = pypi_unpack(spec["package"], spec["version"], scratch) / spec.get("root", "")
    elif kind == "path":
        root = Path(spec.get("root") or corpus["root"])
    else:
        raise CorpusError(f"unknown fetch kind {kind!r}")
    if not root.exists():
        raise CorpusError(f"{root} does not exist after fetching")
    return root


def describe_fetch(spec: dict) -> str:
    """One line naming what `fetch` installs, for corpora whose labels give no `install`."""
    if spec.get("kind") == "npm":
        return f"npm pack {spec.get('package')}@{spec.get('version')}"
    if spec.get("kind") == "pypi":
        return f"pip download --no-binary :all: {spec.get('package')}=={spec.get('version')}"
    packages = dict(spec.get("packages") or {})
    if spec.get("package"):
        packages[spec["package"]] = spec.get("version", "")
    pins = " ".join(f"{name}={version}" for name, version in sorted(packages.items()))
    return f"{spec.get('kind')} {pins or spec.get('root', '')}".strip()


def dpkg_version(package: str) -> str | None:
    out = subprocess.run(
        ["dpkg-query", "-W", "-f=${Status}|${Version}", package],
        capture_output=True,
        text=True,
    )
    status, _, version = out.stdout.partition("|")
    return version if out.returncode == 0 and "installed" in status.split() else None


def apt_install(packages: dict[str, str], problems: list[str]) -> None:
    """Install `name=version` for each package whose installed version differs."""
    wanted = [
        f"{name}={version}" if version else name
        for name, version in sorted(packages.items())
        if dpkg_version(name) is None or (version and dpkg_version(name) != version)
    ]
    if not wanted:
        return
    command = ["apt-get", "install", "-y", "--no-install-recommends", *wanted]
    env = {"DEBIAN_FRONTEND": "noninteractive", "PATH": "/usr/sbin:/usr/bin:/sbin:/bin"}
    done = subprocess.run(command, capture_output=True, text=True, env=env)
    if done.returncode != 0:  # the package lists may be missing or old: update once, retry
        subprocess.run(["apt-get", "update"], capture_output=True, text=True, env=env)
        done = subprocess.run(command, capture_output=True, text=True, env=env)
    if done.returncode != 0:
        raise CorpusError(f"apt-get install {' '.join(wanted)} failed: {done.stderr[-500:]}")
    for name, version in packages.items():
        got = dpkg_version(name)
        if version and got != version:
            problems.append(f"{name}: installed {got}, pinned {version}")


def npm_unpack(package: str, version: str, scratch: Path) -> Path:
    """`npm pack package@version` into `scratch`, unpacked; the folder holding `package/`."""
    where = scratch / "npm" / f"{package.replace('/', '__')}-{version}"
    where.mkdir(parents=True)
    done = subprocess.run(
        ["npm", "pack", f"{package}@{version}", "--pack-destination", str(where), "--silent"],
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise CorpusError(f"npm pack {package}@{version} failed: {done.stderr[-500:]}")
    tarball = where / done.stdout.strip().splitlines()[-1]
    with tarfile.open(tarball) as archive:
        archive.extractall(where, filter="data")
    return where


def pypi_unpack(package: str, version: str, scratch: Path) -> Path:
    """The sdist of `package==version` from PyPI, unpacked into `scratch`; the folder
    holding its top folder (`ujson-5.10.0/`). Nothing is installed."""
    where = scratch / "pypi" / f"{package}-{version}"
    where.mkdir(parents=True)
    command = [sys.executable, "-m", "pip", "download", "--no-binary", ":all:", "--no-deps"]
    command += ["--quiet", f"{package}=={version}", "-d", str(where)]
    done = subprocess.run(command, capture_output=True, text=True)
    sdists = sorted(where.glob("*.tar.gz")) + sorted(where.glob("*.zip"))
    if done.returncode != 0 or not sdists:
        raise CorpusError(f"pip download {package}=={version} failed: {done.stderr[-500:]}")
    if sdists[0].suffix == ".zip":
        with zipfile.ZipFile(sdists[0]) as archive:
            archive.extractall(where)
    else:
        with tarfile.open(sdists[0]) as archive:
            archive.extractall(where, filter="data")
    return where


# ---------------------------------------------------------------------------- repository


def excluded(rel: str, exclude: set[str]) -> bool:
    return any(part in exclude for part in rel.split("/"))


def make_repo(root: Path, include: list[str], exclude: set[str], dest: Path) -> int:
    """Copy the included folders and files of `root` (a folder or a zip) into a new git
    repository at `dest`, keeping their relative paths; the number of files copied."""
    dest.mkdir(parents=True)
    copied = 0
    if root.is_file() and zipfile.is_zipfile(root):
        with zipfile.ZipFile(root) as archive:
            for member in archive.infolist():
                name = member.filename
                inside = any(
                    name == item or name.startswith(item.rstrip("/") + "/") for item in include
                )
                if member.is_dir() or not inside or excluded(name, exclude):
                    continue
                target = dest / name
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(archive.read(member))
                copied += 1
    else:
        for item in include:
            source = root / item
            if source.is_file():
                paths = [source]
            elif source.is_dir():
                paths = sorted(p for p in source.rglob("*") if p.is_file())
            else:
                raise CorpusError(f"{source} is not in the fetched corpus")
            for path in paths:
                rel = path.relative_to(root).as_posix()
                if excluded(rel, exclude) or path.is_symlink():
                    continue
                target = dest / rel
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(path, target)
                copied += 1
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "corpus snapshot"]):
        subprocess.run([*GIT, *args], cwd=dest, check=True, capture_output=True)
    return copied


def build_graph(repo: Path) -> dict:
    done = subprocess.run(
        [*BROWNFIELD, "graph", "build", "--repo", str(repo), "--json"],
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise CorpusError(f"brownfield graph build failed: {done.stderr[-1000:]}")
    return json.loads(done.stdout)


def brownfield_callers(repo: Path, node_id: str) -> tuple[dict[str, dict] | None, str]:
    """Direct caller sites of `node_id` (`path:line` -> its row), or None and why when
    brownfield does not know the id."""
    done = subprocess.run(
        [*BROWNFIELD, "callers", node_id, "--depth", "1", "--json", "--repo", str(repo)],
        capture_output=True,
        text=True,
        timeout=QUERY_TIMEOUT_S,
    )
    if done.returncode != 0:
        return None, (done.stderr.strip() or f"exit status {done.returncode}")[:300]
    answer = json.loads(done.stdout)
    starts = [start["id"] for start in answer.get("start", [])]
    if starts != [node_id]:
        return None, f"the id names {starts or 'nothing'}"
    sites: dict[str, dict] = {}
    for row in answer.get("results", []):
        if row.get("distance") == 1 and row.get("relation") == "calls" and row.get("site"):
            known = sites.get(row["site"])
            if known is None or (known.get("resolution") in DYNAMIC and not is_dynamic(row)):
                sites[row["site"]] = row  # a static edge at a site wins over a dispatch one
    return sites, ""


def is_dynamic(row: dict) -> bool:
    return row.get("resolution") in DYNAMIC


# ---------------------------------------------------------------------------- comparing


def source_line(repo: Path, site: str) -> str:
    path, _, line = site.rpartition(":")
    try:
        lines = (repo / path).read_text("utf-8", "replace").splitlines()
        return lines[int(line) - 1].strip()[:120]
    except (OSError, IndexError, ValueError):
        return ""


def empty_row() -> dict:
    return {
        "definitions": 0,
        "unknown": 0,
        "labelled": 0,
        "brownfield": 0,
        "both": 0,
        "dispatch_reported": 0,
        "dynamic": 0,
    }


def add_figures(row: dict) -> dict:
    row["precision"] = row["both"] / row["brownfield"] if row["brownfield"] else None
    row["recall"] = row["both"] / row["labelled"] if row["labelled"] else None
    return row


def run_corpus(corpus: dict, scratch: Path, problems: list[str]) -> dict:
    """Fetch, copy, build and query one corpus; its per-definition results."""
    started = time.perf_counter()
    root = fetch(corpus, scratch, problems)
    repo = scratch / "repos" / corpus["corpus"]
    files = make_repo(root, corpus["include"], set(corpus.get("exclude") or []), repo)
    summary = build_graph(repo)
    results = []
    for definition in corpus["definitions"]:
        node_id = definition["id"]
        labelled = set(definition.get("callers") or [])
        dispatch = set(definition.get("dispatch") or [])
        found, why = brownfield_callers(repo, node_id)
        entry = {
            "id": node_id,
            "half": definition.get("half", "tune"),
            "known": found is not None,
            "why_unknown": why,
            "labelled": sorted(labelled - dispatch),
            "dispatch_reported": sorted(dispatch & set(found or {})),
            "dynamic": sorted(
                site
                for site, row in (found or {}).items()
                if is_dynamic(row) and site not in dispatch
            ),
            "both": [],
            "missed": [],
            "extra": [],
        }
        found = {
            site: row
            for site, row in (found or {}).items()
            if site not in dispatch and not is_dynamic(row)
        }
        entry["brownfield"] = sorted(found)
        entry["both"] = sorted(labelled & found.keys())
        entry["missed"] = [
            {"site": site, "source": source_line(repo, site)}
            for site in sorted(labelled - found.keys() - dispatch)
        ]
        entry["extra"] = [
            {
                "site": site,
                "source": source_line(repo, site),
                "caller": found[site].get("id"),
                "resolution": found[site].get("resolution"),
            }
            for site in sorted(found.keys() - labelled)
        ]
        results.append(entry)
    return {
        "corpus": corpus["corpus"],
        "language": corpus["language"],
        "install": corpus.get("install") or describe_fetch(corpus["fetch"]),
        "files_copied": files,
        "files_parsed": summary.get("parsed"),
        "lines": summary.get("lines"),
        "diagnostics": len(summary.get("diagnostics") or []),
        "build_seconds": summary.get("elapsed_seconds"),
        "seconds": round(time.perf_counter() - started, 1),
        "definitions": results,
    }


def tally(entries: list[dict]) -> dict:
    row = empty_row()
    for entry in entries:
        row["definitions"] += 1
        row["unknown"] += 0 if entry["known"] else 1
        row["labelled"] += len(entry["labelled"])
        row["brownfield"] += len(entry["brownfield"])
        row["both"] += len(entry["both"])
        row["dispatch_reported"] += len(entry["dispatch_reported"])
        row["dynamic"] += len(entry["dynamic"])
    return add_figures(row)


def summarize(runs: list[dict]) -> dict:
    """Rows per corpus, per language and per language half, and the checks."""
    corpora = {run["corpus"]: tally(run["definitions"]) for run in runs}
    by_language: dict[str, list[dict]] = {}
    for run in runs:
        by_language.setdefault(run["language"], []).extend(run["definitions"])
    languages = {}
    checks = {}
    for language, entries in sorted(by_language.items()):
        row = tally(entries)
        row["halves"] = {
            half: tally([e for e in entries if e["half"] == half]) for half in ("tune", "holdout")
        }
        languages[language] = row
        checks[language] = {
            f"{figure} {part}": check(figure, figures)
            for part, figures in (("all", row), *row["halves"].items())
            for figure in ("precision", "recall")
            if part == "all" or figures["definitions"]
        }
    return {"corpora": corpora, "languages": languages, "checks": checks}


def check(figure: str, row: dict) -> dict:
    """One target: the figure of a row against its minimum."""
    target = MIN_PRECISION if figure == "precision" else MIN_RECALL
    value = row[figure]
    return {"value": value, "target": target, "pass": value is not None and value >= target}


# ---------------------------------------------------------------------------- output


def pct(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.1%}"


def table_line(label: str, row: dict) -> str:
    return (
        f"{label:<34} {row['definitions']:>5} {row['unknown']:>7} {row['labelled']:>8} "
        f"{row['brownfield']:>5} {row['both']:>5} {pct(row['precision']):>9} "
        f"{pct(row['recall']):>7} {row['dispatch_reported']:>9} {row['dynamic']:>6}"
    )


def print_text(report: dict, show_misses: bool, misses_half: str = "tune") -> None:
    header = (
        f"{'corpus / language':<34} {'defs':>5} {'unknown':>7} {'labelled':>8} {'bf':>5} "
        f"{'both':>5} {'precision':>9} {'recall':>7} {'dispatch':>9} {'bf-dyn':>6}"
    )
    runs = report["runs"]
    for run in runs:
        print(
            f"{run['corpus']}: {run['install']}; {run['files_copied']} files copied, "
            f"{run['files_parsed']} parsed, {run['lines']:,} lines, {run['diagnostics']} "
            f"diagnostics, build {run['build_seconds']} s, total {run['seconds']} s"
        )
    print(header)
    for name, row in report["summary"]["corpora"].items():
        print(table_line(name, row))
    for language, row in report["summary"]["languages"].items():
        print(table_line(f"{language} (all)", row))
        for half, half_row in row["halves"].items():
            print(table_line(f"  {language} {half}", half_row))
    print("  dispatch: sites labelled as calls through an interface/supertype that brownfield")
    print("  reported (counted neither in brownfield's sites nor in the labels); bf-dyn:")
    print("  brownfield's other dispatch/override edges (not labelled dispatch; not counted)")
    for language, checks in report["summary"]["checks"].items():
        for name, result in checks.items():
            status = "PASS" if result["pass"] else "FAIL"
            print(
                f"{language:<12} {name:<18} {pct(result['value']):>7}  target >= "
                f"{result['target']:.0%}  {status}"
            )
    for run in runs:
        for entry in run["definitions"]:
            if not entry["known"]:
                print(f"UNKNOWN to brownfield: {entry['id']} ({entry['why_unknown']})")
    for problem in report["problems"]:
        print(f"PROBLEM: {problem}")
    if show_misses:
        for run in runs:
            print()
            print(f"{run['corpus']}: missed (labelled, not found) and extra (found, not labelled)")
            for entry in run["definitions"]:
                if not entry["missed"] and not entry["extra"]:
                    continue
                if misses_half != "all" and entry["half"] != misses_half:
                    continue
                print(f"  {entry['id']} [{entry['half']}]")
                for miss in entry["missed"]:
                    print(f"    missed {miss['site']}\n        {miss['source']}")
                for extra in entry["extra"]:
                    print(
                        f"    extra  {extra['site']}  in {extra['caller']} "
                        f"({extra['resolution']})\n        {extra['source']}"
                    )
    print(f"elapsed {report['elapsed_s']} s")
    print("ALL PASS" if report["all_pass"] else "SOME TARGETS FAILED")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", nargs="+", metavar="NAME", help="only these corpora")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--show-misses", action="store_true", help="print every missed and extra site")
    ap.add_argument(
        "--misses-half",
        choices=("tune", "holdout", "all"),
        default="tune",
        help="whose misses --show-misses prints (default: tune; tune on tune only)",
    )
    args = ap.parse_args()

    started = time.perf_counter()
    problems: list[str] = []
    corpora = load_corpora(args.corpus, problems)
    runs = []
    with tempfile.TemporaryDirectory(prefix="bf-callers-real-") as tmp:
        for corpus in corpora:
            try:
                runs.append(run_corpus(corpus, Path(tmp), problems))
            except (CorpusError, OSError, subprocess.SubprocessError) as exc:
                problems.append(f"{corpus['corpus']}: {exc}")
    summary = summarize(runs)
    report = {
        "python": sys.version.split()[0],
        "runs": runs,
        "summary": summary,
        "problems": problems,
        "all_pass": bool(summary["checks"])
        and all(c["pass"] for checks in summary["checks"].values() for c in checks.values()),
        "elapsed_s": round(time.perf_counter() - started, 1),
    }
    if args.json:
        print(json.dumps(report, indent=2, sort_keys=True))
    else:
        print_text(report, args.show_misses, args.misses_half)
    return 0 if report["all_pass"] else 1


if __name__ == "__main__":
    sys.exit(main())
