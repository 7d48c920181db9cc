"""Worst admitted inputs (issue 31), a script, not a test: ``python -m tests.benchmarks.worst_cases [KEY ...]``.

Every family may have a generator module ``tests/benchmarks/worst_<key>.py`` with a function ``cases()``
returning a list of dicts, each one input at the edge of what the family's domain admits for one
verifier path::

    {"name": str,             # short, unique within the family
     "path": str,             # in words: which verifier path / admission bound the case targets
     "params": dict,          # the instance parameters (validated by the family's schema here)
     "answer": callable,      # no arguments; returns the JSON value an answers line's "answer" holds
     "expect": "ACCEPT" | "REJECT"}

This runner discovers those modules (all of them, or the family keys given), builds each answer, times
the primary and the second verifier in-process (CPU seconds of this process, ``time.process_time``, and
wall seconds), and, unless ``--no-harness``, through the real harness with the default limits (own
processes, 60 s wall and 4 GiB per verifier, witness re-checks; wall seconds of each verifier as the
harness measured them, the two running at the same time). It checks that both in-process verdicts and
the harness's combined verdict equal ``expect`` (a mismatch is printed as ``MISMATCH`` and makes the exit
status 1), and prints one row per case: family, case, path, primary CPU, second CPU, harness wall
(primary/second), verdict (and reason), and the load average (1-minute) when the row finished. The load
average is printed at the start and at the end too: on a shared machine the CPU columns are the steadier
figures.

Options: ``--runs N`` times each verifier N times in-process and reports the medians (the harness once);
``--json OUT`` writes every row (and the load averages) as JSON; ``--case TEXT`` runs only the cases whose
name contains TEXT; ``--list`` lists the cases without running them; ``--costliest PREV_JSON K`` keeps each
family's K costliest cases of an earlier ``--json`` run; ``--no-in-process`` leaves the verdict to the
harness alone (its walls are then the figures); ``--load N`` runs N busy processes beside the cases (an
artificial load, for the "60 s at load 6" figure; the load average printed per row is the measured one). The harness receives the answer as
compact JSON (no spaces), so that the largest admitted answers stay under the 32 MiB answer limit.
"""
from __future__ import annotations

import argparse
import importlib
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
PACKAGE = "tests.benchmarks"
PREFIX = "worst_"
RUNNER = "worst_cases"
CASE_KEYS = {"name", "path", "params", "answer", "expect"}
EXPECTS = ("ACCEPT", "REJECT")


def load_average() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


def discover(keys: list[str] | None = None) -> dict[str, Any]:
    """``{key: module}`` of the generator modules present (``worst_<key>.py``), sorted by key; the keys
    asked for that have no module are an error."""
    found = sorted(p.stem[len(PREFIX):] for p in HERE.glob(f"{PREFIX}*.py") if p.stem != RUNNER)
    if keys:
        missing = [k for k in keys if k not in found]
        if missing:
            raise SystemExit(f"no worst-case generator for {', '.join(missing)} (present: {', '.join(found) or 'none'})")
        found = [k for k in found if k in keys]
    return {k: importlib.import_module(f"{PACKAGE}.{PREFIX}{k}") for k in found}


def validated_cases(key: str, module: Any) -> list[dict]:
    """The module's cases, with the interface checked (a broken generator is an error, not a row)."""
    cases = module.cases()
    if type(cases) is not list or not cases:
        raise SystemExit(f"{module.__name__}.cases() must return a non-empty list")
    names = set()
    for c in cases:
        if type(c) is not dict or set(c) != CASE_KEYS:
            raise SystemExit(f"{module.__name__}: a case must be a dict with exactly the keys {sorted(CASE_KEYS)}, "
                             f"got {sorted(c) if type(c) is dict else type(c).__name__}")
        if c["expect"] not in EXPECTS or not callable(c["answer"]) or type(c["params"]) is not dict:
            raise SystemExit(f"{module.__name__}: case {c['name']!r} has a bad expect/answer/params")
        if c["name"] in names:
            raise SystemExit(f"{module.__name__}: case name {c['name']!r} repeated")
        names.add(c["name"])
    return cases


def _median(values: list[float]) -> float:
    return statistics.median(values) if values else 0.0


def _timed(verifier: Any, params: dict, answer: Any, runs: int) -> tuple[Any, float, float]:
    """(verdict, median CPU s, median wall s) of ``runs`` in-process checks."""
    cpus, walls, verdict = [], [], None
    for _ in range(runs):
        started, cpu = time.perf_counter(), time.process_time()
        verdict = verifier.check(params, answer)
        cpus.append(time.process_time() - cpu)
        walls.append(time.perf_counter() - started)
    return verdict, _median(cpus), _median(walls)


def run_case(key: str, case: dict, runs: int, use_harness: bool, in_process: bool = True) -> dict:
    from endless_exam.checker.families import load as load_primary
    from endless_exam.crosscheck.families import load as load_second

    primary, second = load_primary(key), load_second(key)
    params = primary.schema.validate_params(case["params"])
    started = time.perf_counter()
    answer = case["answer"]()
    build = time.perf_counter() - started
    if in_process:
        pv, p_cpu, p_wall = _timed(primary, params, answer, runs)
        sv, s_cpu, s_wall = _timed(second, params, answer, runs)
    else:                                           # the harness alone decides (its verdict stands for both)
        pv = sv = None
        p_cpu = p_wall = s_cpu = s_wall = 0.0
    row = {"family": key, "case": case["name"], "path": case["path"], "expect": case["expect"],
           "params": case["params"], "build_s": round(build, 3),
           "primary_cpu": round(p_cpu, 3), "primary_wall": round(p_wall, 3),
           "second_cpu": round(s_cpu, 3), "second_wall": round(s_wall, 3),
           "primary": f"{pv.status.value} {pv.reason or ''}".strip() if pv else None,
           "second": f"{sv.status.value} {sv.reason or ''}".strip() if sv else None,
           "harness": None, "harness_primary_wall": None, "harness_second_wall": None, "payload_bytes": None}
    verdicts = [pv.status.value, sv.status.value] if in_process else []
    if use_harness:
        from endless_exam.checker.verify import harness

        payload = json.dumps(answer, separators=(",", ":")).encode()
        res = harness.verify(key, params, payload, "file")
        row.update(harness=f"{res.status.value} {res.reason or ''}".strip(),
                   harness_primary_wall=round(res.primary_seconds, 3),
                   harness_second_wall=round(res.second_seconds, 3), payload_bytes=len(payload))
        verdicts.append(res.status.value)
    row["ok"] = bool(verdicts) and all(v == case["expect"] for v in verdicts) and (not in_process or pv.reason == sv.reason)
    row["load"] = load_average()
    return row


def _fmt(x: float | None) -> str:
    return "-" if x is None else f"{x:.2f}"


def print_header() -> None:
    print(f"{'family':<16} {'case':<34} {'prim cpu':>8} {'sec cpu':>8} {'harness wall p/s':>17} "
          f"{'verdict':<28} {'load':<15} path")


def print_row(r: dict) -> None:
    hw = "-" if r["harness"] is None else f"{_fmt(r['harness_primary_wall'])}/{_fmt(r['harness_second_wall'])}"
    verdict = r["harness"] or r["primary"]
    if not r["ok"]:
        verdict = f"MISMATCH p={r['primary']} s={r['second']} h={r['harness']} expect={r['expect']}"
    print(f"{r['family']:<16} {r['case']:<34} {r['primary_cpu']:>7.2f}s {r['second_cpu']:>7.2f}s {hw:>17} "
          f"{verdict:<28} {r['load']:<15} {r['path']}", flush=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tests.benchmarks.worst_cases", description=__doc__.split("\n")[0])
    ap.add_argument("keys", nargs="*", metavar="KEY", help="family keys (default: every worst_<key>.py present)")
    ap.add_argument("--harness", action=argparse.BooleanOptionalAction, default=True,
                    help="also verify through the harness with the default limits (default: yes)")
    ap.add_argument("--runs", type=int, default=1, help="in-process runs per verifier; medians are reported")
    ap.add_argument("--json", metavar="OUT", help="write the rows as JSON to OUT")
    ap.add_argument("--case", metavar="TEXT", help="only the cases whose name contains TEXT")
    ap.add_argument("--list", action="store_true", help="list the cases, run nothing")
    ap.add_argument("--in-process", action=argparse.BooleanOptionalAction, default=True,
                    help="time both verifiers in-process (default: yes); without, the harness alone decides")
    ap.add_argument("--costliest", nargs=2, metavar=("PREV_JSON", "K"),
                    help="only each family's K cases with the largest CPU of either verifier in PREV_JSON")
    ap.add_argument("--load", type=int, default=0, metavar="N",
                    help="run N busy processes beside the cases (an artificial load; waits 90 s for the load "
                         "average to rise, and stops them at the end)")
    args = ap.parse_args(argv)
    if args.runs < 1:
        ap.error("--runs must be at least 1")
    modules = discover(args.keys or None)
    todo = [(key, c) for key, m in modules.items() for c in validated_cases(key, m)
            if args.case is None or args.case in c["name"]]
    if args.costliest:
        todo = _costliest(todo, Path(args.costliest[0]), int(args.costliest[1]))
    busy = _start_load(args.load)
    try:
        return _run(args, todo)
    finally:
        for proc in busy:
            proc.kill()
            proc.wait()


def _costliest(todo: list, previous: Path, k: int) -> list:
    """The K cases per family with the largest max(primary CPU, second CPU) in a previous --json file."""
    rows = json.loads(previous.read_text())["rows"]
    cost = {(r["family"], r["case"]): max(r["primary_cpu"], r["second_cpu"]) for r in rows}
    keep = set()
    for family in {key for key, _ in todo}:
        ranked = sorted((c for key, c in todo if key == family), key=lambda c: -cost.get((family, c["name"]), 0.0))
        keep.update((family, c["name"]) for c in ranked[:k])
    return [(key, c) for key, c in todo if (key, c["name"]) in keep]


def _start_load(count: int) -> list:
    import subprocess
    # each in its own session: with the kernel's autogroup scheduling (on here), processes of one session
    # share one CPU share, so N busy loops of one session would slow a verifier like one; N sessions load it
    # as N independent jobs would
    busy = [subprocess.Popen([sys.executable, "-c", "while True: pass"], start_new_session=True)
            for _ in range(count)]
    if busy:
        time.sleep(90)
    return busy


def _run(args, todo: list) -> int:
    if args.list:
        for key, c in todo:
            print(f"{key:<16} {c['name']:<34} {c['expect']:<7} {json.dumps(c['params'])[:60]:<60} {c['path']}")
        return 0
    start_load = load_average()
    print(f"load average at start: {start_load}  ({len(todo)} cases, runs={args.runs}, "
          f"harness={'yes' if args.harness else 'no'}, in-process={'yes' if args.in_process else 'no'}, "
          f"artificial load={args.load}; CPU = time.process_time of this process)", flush=True)
    print_header()
    rows = []
    for key, c in todo:
        row = run_case(key, c, args.runs, args.harness, args.in_process)
        rows.append(row)
        print_row(row)
    end_load = load_average()
    print(f"load average at end: {end_load}")
    bad = [r for r in rows if not r["ok"]]
    if bad:
        print(f"{len(bad)} case(s) with a verdict other than expected: "
              + ", ".join(f"{r['family']}/{r['case']}" for r in bad), file=sys.stderr)
    if args.json:
        Path(args.json).write_text(json.dumps({"load_start": start_load, "load_end": end_load, "runs": args.runs,
                                               "harness": args.harness, "in_process": args.in_process,
                                               "artificial_load": args.load, "rows": rows}, indent=1) + "\n")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
