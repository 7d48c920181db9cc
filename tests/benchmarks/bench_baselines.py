"""Baseline benchmark (a script, not a test): ``python -m tests.benchmarks.bench_baselines [FAMILY ...]``.

For one new parameter choice per family (outside every bundled suite; the same choices as
``tests/cli/test_instance.py``) and a few larger ones, runs ``endless-exam instance FAMILY --params P --baseline``
in-process and prints the objective, the seconds the baseline took in its child process, and the verdicts of
both verifiers. Target: every row well within the default budget of 300 s on a two-core machine.
"""
from __future__ import annotations

import json
import sys
import time

from endless_exam.certificates.params import validate
from endless_exam.checker.verify import harness
from endless_exam.checker.suites import new_instance

CHOICES = [
    ("capset", {"d": 5}), ("capset", {"d": 12}), ("labs", {"N": 30}), ("labs", {"N": 1000}), ("schur", {"k": 9}),
    ("schur", {"k": 12}), ("trifference", {"n": 30, "m": 2, "representation": "certified"}), ("mols", {"n": 28}),
    ("shannon", {"q": 7, "d": 7}), ("corners", {"n": 40}), ("corners", {"n": 300}), ("apfree_q", {"q": 7, "n": 2}),
    ("kissing", {"d": 6}), ("matmul", {"n": 2, "m": 3, "p": 5}), ("matmul", {"n": 6, "m": 6, "p": 6}),
    ("kissing_theta", {"d": 8, "cos100": 30}), ("kakeya", {"q": 5, "n": 3}), ("degdiam", {"d": 3, "k": 2}),
    ("degdiam", {"d": 5, "k": 2}), ("heilbronn", {"n": 8}), ("heilbronn_shape", {"n": 8, "T": [[0, 0], [10000, 0], [0, 10000]]}),
    ("lineq", {"a": 1, "b": 1, "n": 60}), ("covering", {"v": 9, "k": 4, "t": 2}), ("covering", {"v": 20, "k": 6, "t": 3}),
]


def main(argv: list[str]) -> int:
    wanted = set(argv)
    print(f"{'family':<16} {'params':<44} {'objective':>22} {'baseline s':>10} {'verify s':>9}  verifiers")
    for family, params in CHOICES:
        if wanted and family not in wanted:
            continue
        p = validate(family, params)
        started = time.perf_counter()
        b = new_instance.run_baseline(family, p, new_instance.DEFAULT_BUDGET_S)
        mid = time.perf_counter()
        res = new_instance.verified(family, p, b, time_limit=60.0, memory_limit=harness.DEFAULT_MEMORY_LIMIT)
        done = time.perf_counter()
        print(f"{family:<16} {json.dumps(params)[:44]:<44} {str(res.objective)[:22]:>22} {mid - started:>10.2f} "
              f"{done - mid:>9.2f}  {res.primary.status.value}/{res.second.status.value}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
