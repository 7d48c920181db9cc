"""Scoring throughput benchmark (a script, not a test): ``python -m tests.benchmarks.bench_score [N]``.

Scores N (default 1,000) cap-set answers of mixed validity end to end — answers.jsonl parsing, both
verifiers in their own processes, witness re-checks of rejections, the progress file and scores.json —
at ``--jobs 1`` and ``--jobs 2``, and prints answers per second. The calls belong to a synthetic suite
(the scorer takes any instances; several calls share an instance, so their ratios are averaged); answers cycle through: valid product caps (d = 4..10), valid literal
caps, a planted line, a duplicate, a type confusion, an expansion bomb, raw model text, and a
non-stop finish reason.
"""
from __future__ import annotations

import itertools
import json
import os
import sys
import tempfile
import time

from endless_exam.checker import score
from endless_exam.checker.suites import Instance, instance_id

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


def main() -> int:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    insts, rows = _answers(n)
    with tempfile.TemporaryDirectory() as tmp:
        answers = os.path.join(tmp, "answers.jsonl")
        with open(answers, "w") as fh:
            for row in rows:
                fh.write(json.dumps(row) + "\n")
        print(f"{n} cap-set answers (d = 4..10, mixed validity), both verifiers per answer")
        for jobs in (1, 2):
            out = os.path.join(tmp, f"scores-{jobs}.json")
            t = time.perf_counter()
            doc = score.run(answers, out, tuple(insts), suite="bench", allow_partial=True, jobs=jobs,
                            duplicates="mean", log=lambda m: None)
            dt = time.perf_counter() - t
            statuses: dict[str, int] = {}
            for r in doc["calls_scored"]:
                statuses[r["status"]] = statuses.get(r["status"], 0) + 1
            print(f"--jobs {jobs}: {dt:7.1f} s  {n / dt:6.2f} answers/s  statuses {dict(sorted(statuses.items()))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
