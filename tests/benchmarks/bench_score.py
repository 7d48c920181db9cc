"""Scoring throughput benchmark (a script, not a test): ``python -m tests.benchmarks.bench_score [N]``.

Scores N (default 1,000) cap-set answers of mixed validity end to end — answers.jsonl parsing, both
verifiers in their own processes, witness re-checks of rejections, the progress file and scores.json —
at ``--jobs 1`` and ``--jobs 2``, and prints answers per second. The calls belong to a synthetic suite
(the scorer takes any instances; several calls share an instance, so their ratios are averaged); answers cycle through: valid product caps (d = 4..10), valid literal
caps, a planted line, a duplicate, a type confusion, an expansion bomb, raw model text, and a
non-stop finish reason.

It also prints the per-answer overhead of process isolation: ``harness.verify`` of a trivial answer (a
one-point cap, both verifiers, no witness re-check) repeated R times (default 200) at one and two
concurrent callers, per answer, minus the time the two checks themselves take in-process. Next to the
answers per second of the scoring runs it prints the CPU time per answer of all processes (the scorer,
the verifier processes and their zygotes), a figure that does not depend on the load of a shared machine.
Usage: ``python -m tests.benchmarks.bench_score [N] [--overhead-only] [--reps R]``.
"""
from __future__ import annotations

import argparse
import itertools
import json
import os
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

from endless_exam.checker.verify import harness
from endless_exam.checker.scoring import score
from endless_exam.checker.suites.instances import Instance, instance_id

CAP4 = ["00", "01", "10", "11"]


def _answers(n: int) -> tuple[list[Instance], list[dict]]:
    insts, rows = [], []
    for i in range(n):
        d = 4 + i % 7
        params = {"d": d}
        insts.append(Instance("bench", f"b1-capset-{i}", "B1", i, instance_id("capset", params), "capset", params,
                              "max", 2 ** d, "construction", None, None, None))
        kind = i % 8
        pts = ["".join(t) for t in itertools.product("01", repeat=d)]
        if kind == 0:
            factors = [CAP4] * (d // 2) + ([["0", "1"]] if d % 2 else [])
            row = {"answer": {"answer": {"product": factors}}}
        elif kind == 1:
            row = {"answer": pts}
        elif kind == 2:
            row = {"answer": pts + ["2" * d]}           # 0..0 + 1..1 + 2..2 = 0: a line
        elif kind == 3:
            row = {"answer": pts + [pts[-1]]}
        elif kind == 4:
            row = {"answer": pts[:-1] + [1.0]}
        elif kind == 5:
            row = {"answer": {"product": [["0", "1", "2"]] * d}}   # 3^d > 60,000 for d >= 11, else a line
        elif kind == 6:
            row = {"content": "Here is my cap set:\n```json\n" + json.dumps({"answer": pts}) + "\n```"}
        else:
            row = {"answer": pts, "finish_reason": "length"}
        row["call_id"] = f"b1-capset-{i}"
        rows.append(row)
    return insts, rows


TRIVIAL = json.dumps({"answer": ["0000"]}).encode()


def _in_process_seconds(reps: int) -> float:
    """Seconds per answer that the two checks of TRIVIAL take in-process (no processes)."""
    from endless_exam.certificates.worker import handle
    from endless_exam.checker.families import load as load_primary
    from endless_exam.crosscheck.families import load as load_second

    header = {"op": "check", "family": "capset", "params": {"d": 4}, "kind": "file"}
    for load in (load_primary, load_second):
        handle(header, TRIVIAL, load)      # warm: imports
    t = time.perf_counter()
    for _ in range(reps):
        for load in (load_primary, load_second):
            handle(header, TRIVIAL, load)
    return (time.perf_counter() - t) / reps


def overhead(jobs: int, reps: int) -> tuple[float, float]:
    """(answers per second, overhead ms per answer) of harness.verify on TRIVIAL with `jobs` concurrent callers."""
    def one(_i: int) -> str:
        return harness.verify("capset", {"d": 4}, TRIVIAL, "file").status.value

    one(0)                                 # warm: a run starts its verifier processes once
    t = time.perf_counter()
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        statuses = set(pool.map(one, range(reps)))
    dt = time.perf_counter() - t
    if statuses != {"ACCEPT"}:
        print(f"warning: trivial answer gave {statuses}", file=sys.stderr)
    return reps / dt, 1000 * (dt / reps - _in_process_seconds(20) / jobs)


def _proc_cpu(pid: int) -> float:
    """utime + stime + cutime + cstime of a live process, in seconds."""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return sum(int(x) for x in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def _cpu() -> float:
    """CPU seconds of this process, of its reaped children and of the running zygotes with their reaped
    children (the load-independent figure)."""
    t = os.times()
    total = t.user + t.system + t.children_user + t.children_system
    pid_of = getattr(harness, "zygote_pid", None)   # absent before the zygotes (one process per request)
    if pid_of is not None:
        for worker in (harness.PRIMARY, harness.SECOND):
            pid = pid_of(worker)
            if pid is not None:
                total += _proc_cpu(pid)
    return total


def main() -> int:
    ap = argparse.ArgumentParser(prog="python -m tests.benchmarks.bench_score")
    ap.add_argument("n", nargs="?", type=int, default=1000, help="answers to score (default 1000)")
    ap.add_argument("--reps", type=int, default=200, help="trivial answers for the overhead figure (default 200)")
    ap.add_argument("--overhead-only", action="store_true")
    args = ap.parse_args()
    n, reps = args.n, args.reps
    print(f"per-answer overhead: harness.verify of a trivial answer (both verifiers), {reps} times")
    for jobs in (1, 2):
        rate, ms = overhead(jobs, reps)
        print(f"--jobs {jobs}: {rate:7.1f} answers/s  overhead {ms:6.1f} ms per answer")
    if args.overhead_only:
        return 0
    insts, rows = _answers(n)
    with tempfile.TemporaryDirectory() as tmp:
        answers = os.path.join(tmp, "answers.jsonl")
        with open(answers, "w") as fh:
            for row in rows:
                fh.write(json.dumps(row) + "\n")
        print(f"{n} cap-set answers (d = 4..10, mixed validity), both verifiers per answer")
        for jobs in (1, 2):
            out = os.path.join(tmp, f"scores-{jobs}.json")
            harness.verify("capset", {"d": 4}, TRIVIAL, "file")     # warm: start the verifiers' zygotes
            c0 = _cpu()
            t = time.perf_counter()
            doc = score.run(answers, out, tuple(insts), suite="bench", allow_partial=True, jobs=jobs,
                            duplicates="mean", log=lambda m: None)
            dt = time.perf_counter() - t
            cpu = _cpu() - c0
            statuses: dict[str, int] = {}
            for r in doc["calls_scored"]:
                statuses[r["status"]] = statuses.get(r["status"], 0) + 1
            print(f"--jobs {jobs}: {dt:7.1f} s  {n / dt:6.2f} answers/s  {1000 * cpu / n:6.1f} ms CPU per answer "
                  f"(all processes)  statuses {dict(sorted(statuses.items()))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
