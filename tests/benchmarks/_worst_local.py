"""A stand-alone run of one ``worst_<key>.py`` module (perf-a's families, issue 31): each case's primary and
second in-process (CPU and wall seconds, ``common.timed_cpu``), the verdict against the case's ``expect``,
and the load average. The shared runner (``tests/benchmarks/worst_cases.py``) also times the harness;
this one exists so that the generators can be run alone: ``python -m tests.benchmarks.worst_degdiam [NAME ...]``.
"""
from __future__ import annotations

import sys
from types import ModuleType

from endless_exam.checker.families import load as _load_primary
from endless_exam.crosscheck.families import load as _load_second
from tests.benchmarks.common import timed_cpu


def run(key: str, module: ModuleType, names: list[str]) -> int:
    primary, second = _load_primary(key), _load_second(key)
    bad = 0
    for case in module.cases():
        if names and not any(case["name"].startswith(n) for n in names):
            continue
        answer = case["answer"]()
        rows = []
        for label, verifier in (("primary", primary), ("second", second)):
            verdict, wall, cpu = timed_cpu(verifier.check, case["params"], answer)
            ok = verdict.status.value == case["expect"]
            bad += not ok
            rows.append(f"{label} {verdict.status.value:<6} {verdict.reason or '':<18} cpu {cpu:6.2f}s wall {wall:6.2f}s"
                        f"{'' if ok else '  !! expected ' + case['expect']}")
        load = open("/proc/loadavg").read().split()[:3]
        print(f"{key} | {case['name']} | {case['path']}\n    " + "\n    ".join(rows) + f"\n    load {' '.join(load)}",
              flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit("run a worst_<key> module instead")
