"""The timing and printing harness shared by the verifier benchmark scripts (``bench_<family>.py``).

``measure`` times one answer with both verifiers in-process (wall and CPU seconds) and through the
real harness (own processes, limits, witness re-checks; wall seconds) and warns on stderr when the
verdicts differ; ``print_table`` prints the rows, one per answer, with the witnesses of rejected answers.
"""
from __future__ import annotations

import json
import sys
import time
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Callable

from endless_exam.certificates.bounded import clip
from endless_exam.checker.verify import harness


def timed(fn: Callable, *args) -> tuple[Any, float]:
    """``fn(*args)`` and the wall-clock seconds it took."""
    out, wall, _ = timed_cpu(fn, *args)
    return out, wall


def timed_cpu(fn: Callable, *args) -> tuple[Any, float, float]:
    """``fn(*args)``, the wall-clock seconds and the CPU seconds of this process it took (on a loaded machine
    the CPU figure is the steadier one)."""
    started, cpu = time.perf_counter(), time.process_time()
    out = fn(*args)
    return out, time.perf_counter() - started, time.process_time() - cpu


@dataclass(frozen=True)
class Row:
    name: str
    size: int | None              # the number of listed elements, None for a compact answer
    status: str
    reason: str
    objective: str
    primary_in: float             # seconds in-process
    second_in: float
    primary_harness: float        # seconds through the harness
    second_harness: float
    primary_witness: Any
    second_witness: Any
    primary_cpu: float = 0.0      # CPU seconds in-process
    second_cpu: float = 0.0


def measure(family: str, primary: ModuleType, second: ModuleType, name: str, params: dict, answer: Any,
            compact: bool = False) -> Row:
    """``compact``: the harness gets the answer written without spaces (for answers near the 32 MiB limit)."""
    pv, p_in, p_cpu = timed_cpu(primary.check, params, answer)
    sv, s_in, s_cpu = timed_cpu(second.check, params, answer)
    text = json.dumps(answer, separators=(",", ":")) if compact else json.dumps(answer)
    res = harness.verify(family, params, text.encode(), "file")
    if (pv.status, pv.reason) != (sv.status, sv.reason) or pv.status.value != res.status.value:
        print(f"!! verdict mismatch in {name}: {pv.status} {sv.status} {res.status}", file=sys.stderr)
    return Row(name, len(answer) if isinstance(answer, list) else None, res.status.value, res.reason or "",
               str(res.objective or ""), p_in, s_in, res.primary_seconds, res.second_seconds, pv.witness, sv.witness,
               p_cpu, s_cpu)


def binary_points(count: int, length: int, seed: int) -> list[str]:
    """``count`` distinct random strings of ``length`` characters over 01 (a cap set, and progression-free in
    any F_q^n, q odd), in a shuffled order."""
    import random

    import numpy as np
    rng = np.random.default_rng(seed)
    pts: set[str] = set()
    while len(pts) < count:
        pts.add((rng.integers(0, 2, length, dtype=np.uint8) + 48).tobytes().decode("ascii"))
    out = sorted(pts)
    random.Random(seed).shuffle(out)
    return out


def print_table(rows: list[Row], size_label: str = "points") -> None:
    width = max([len("case")] + [len(r.name) for r in rows])
    print(f"{'case':<{width}} {size_label:>9} {'verdict':<8} {'reason':<19} {'objective':>9} {'prim in-proc':>12}"
          f" {'sec in-proc':>12} {'prim harness':>12} {'sec harness':>12} {'prim cpu':>9} {'sec cpu':>9}")
    for r in rows:
        size = "-" if r.size is None else str(r.size)
        print(f"{r.name:<{width}} {size:>9} {r.status:<8} {r.reason:<19} {r.objective:>9} {r.primary_in:>11.2f}s"
              f" {r.second_in:>11.2f}s {r.primary_harness:>11.2f}s {r.second_harness:>11.2f}s"
              f" {r.primary_cpu:>8.2f}s {r.second_cpu:>8.2f}s")
        if r.primary_witness or r.second_witness:
            print(f"{'':<{width}} witnesses: primary {clip(str(r.primary_witness))}, second {clip(str(r.second_witness))}")
