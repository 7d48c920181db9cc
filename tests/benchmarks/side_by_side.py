"""Median in-process timings of both verifiers on the inputs of issue 8, item 5 (used by ``bench_<family>.py``).

Issue 8 measured the public release's primary verifier in-process against ours, side by side on one
machine, and listed the inputs on which the public release was faster. ``median_rows`` times the
``check`` function of our primary and of our second verifier on each such input (``runs`` interleaved
runs after one warm-up, median quoted), checks that the verdicts agree and that the second verifier
confirms the primary's witness, and ``print_rows`` prints them beside the public release's figure as
the issue recorded it (measured on this kind of machine, not re-measured here).
"""
from __future__ import annotations

import statistics
import sys
import time
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from endless_exam.certificates.reasons import WITNESS_REASONS

RUNS = 9


@dataclass(frozen=True)
class MedianRow:
    name: str
    status: str
    reason: str
    primary: float          # median seconds of primary.check, in-process
    second: float           # median seconds of second.check, in-process
    upstream: str           # the public release's figure as recorded in issue 8


def median_rows(primary: ModuleType, second: ModuleType, cases: list[tuple[str, dict, Any, str]],
                runs: int = RUNS) -> list[MedianRow]:
    rows = []
    for name, params, answer, upstream in cases:
        pv, sv = primary.check(params, answer), second.check(params, answer)          # warm-up
        if (pv.status, pv.reason, pv.objective) != (sv.status, sv.reason, sv.objective):
            print(f"!! verdict mismatch in {name}: {pv.status} {pv.reason} / {sv.status} {sv.reason}", file=sys.stderr)
        if pv.reason in WITNESS_REASONS:
            ok, message = second.witness_holds(params, answer, pv.witness)
            if not ok:
                print(f"!! second verifier does not confirm the primary's witness in {name}: {message}", file=sys.stderr)
        times: dict[str, list[float]] = {"primary": [], "second": []}
        for _ in range(runs):
            for key, module in (("primary", primary), ("second", second)):
                started = time.perf_counter()
                module.check(params, answer)
                times[key].append(time.perf_counter() - started)
        rows.append(MedianRow(name, pv.status.value, pv.reason or "", statistics.median(times["primary"]),
                              statistics.median(times["second"]), upstream))
    return rows


def print_rows(rows: list[MedianRow], runs: int = RUNS) -> None:
    print(f"issue 8 item 5 inputs: median of {runs} in-process runs of check(params, answer) "
          "(parsing included); 'public' is the public release's primary as issue 8 recorded it")
    width = max([len("case")] + [len(r.name) for r in rows])
    print(f"{'case':<{width}} {'verdict':<8} {'reason':<19} {'primary':>9} {'second':>9} {'public':>9}")
    for r in rows:
        print(f"{r.name:<{width}} {r.status:<8} {r.reason:<19} {r.primary:>8.4f}s {r.second:>8.4f}s {r.upstream:>9}")
