"""Heavy tails of the z3 oracles (a script, not a test): solve-time distributions on the tests' inputs.

Step 1, record the inputs the tests give the oracles (``z3_trace.py``, a pytest plugin)::

    Z3_TRACE=/tmp/capset.pkl .venv/bin/python -m pytest -q -p tests.scripts.z3_trace tests/families/capset/test_capset_properties.py

Step 2, call every recorded input again, many times, in this process (z3's internal state -- the ids of
the terms built before -- changes its search order, so the same input can take very different times)::

    .venv/bin/python -m tests.scripts.z3_tails /tmp/capset.pkl --repeat 20 --cap-ms 20000 [--only capset.decide]

``--variant _spherical=/tmp/before.py`` (a file from ``git show REV:crosscheck/oracle/_spherical.py``)
replays the same inputs on another version of a module, for before/after figures.

For each entry point it prints the number of distinct inputs, the calls made, the median, the 99th
percentile and the maximum seconds of one call, the calls slower than 1 s and the ``unknown`` results
(a call is given ``min(recorded timeout, --cap-ms)``, so ``unknown`` here includes "slower than the
cap"), and the slowest input, then the input whose own calls spread widest (its median and maximum). Inputs recorded with a deliberately tiny timeout (the tests of the
``unknown`` path) or from tests that replace ``Solver.check`` are skipped.
"""
from __future__ import annotations

import argparse
import importlib
import importlib.util
import pickle
import statistics
import sys
import time


def _load(paths):
    records = []
    for path in paths:
        with open(path, "rb") as fh:
            records.extend(pickle.load(fh)["records"])
    return records


def _distinct(records, only):
    seen, out = set(), []
    for r in records:
        if r["args"] is None or r["status"] in ("raised",) or (only and r["fn"] not in only):
            continue
        if "unknown" in (r["test"] or "") or (r["kwargs"] or {}).get("timeout_ms", 10 ** 9) < 1000:
            continue
        key = (r["fn"], pickle.dumps((r["args"], sorted((r["kwargs"] or {}).items()))))
        if key not in seen:
            seen.add(key)
            out.append(r)
    return out


def _function(fn_name: str, variants: dict[str, str]):
    module, name = fn_name.split(".")
    if module in variants:                       # another version of the module, e.g. before a change
        full = f"endless_exam.crosscheck.oracle.{module}_variant"
        if full not in sys.modules:
            spec = importlib.util.spec_from_file_location(full, variants[module])
            sys.modules[full] = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(sys.modules[full])
        return getattr(sys.modules[full], name)
    return getattr(importlib.import_module(f"endless_exam.crosscheck.oracle.{module}"), name)


def _size(args) -> str:
    first = args[0] if args else None
    return f"{len(first)} items" if isinstance(first, (list, tuple)) else repr(first)[:30]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("traces", nargs="+")
    ap.add_argument("--repeat", type=int, default=10, help="calls per distinct input")
    ap.add_argument("--cap-ms", type=int, default=20_000, help="the most z3 time one call is given")
    ap.add_argument("--only", action="append", default=[], help="entry point(s), e.g. matmul.decide")
    ap.add_argument("--variant", action="append", default=[], metavar="MODULE=FILE",
                    help="load oracle MODULE from FILE instead (e.g. _spherical=/tmp/old.py, from git show)")
    ap.add_argument("--budget", type=float, default=600.0, help="seconds per entry point at most")
    args = ap.parse_args(argv)

    inputs = _distinct(_load(args.traces), set(args.only))
    by_fn: dict[str, list[dict]] = {}
    for r in inputs:
        by_fn.setdefault(r["fn"], []).append(r)
    print(f"{'entry point':34} {'inputs':>6} {'calls':>6} {'median s':>9} {'p99 s':>7} {'max s':>7} "
          f"{'>1s':>4} {'unknown':>7}  slowest input")
    for fn_name, rs in sorted(by_fn.items()):
        fn = _function(fn_name, dict(v.split("=", 1) for v in args.variant))
        times, unknown, slow, worst = [], 0, 0, (0.0, None)
        per_input: dict[int, list[float]] = {}
        stop = time.monotonic() + args.budget
        for rep in range(args.repeat):
            for r in rs:
                kwargs = dict(r["kwargs"] or {})
                kwargs["timeout_ms"] = min(kwargs.get("timeout_ms", 120_000), args.cap_ms)
                started = time.perf_counter()
                out = fn(*r["args"], **kwargs)
                sec = time.perf_counter() - started
                times.append(sec)
                per_input.setdefault(id(r), []).append(sec)
                status = out[0] if isinstance(out, tuple) else "value"
                unknown += status == "unknown"
                slow += sec > 1
                if sec > worst[0]:
                    worst = (sec, f"{_size(r['args'])} from {r['test']} -> {status}")
            if time.monotonic() > stop:
                break
        times.sort()
        p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
        print(f"{fn_name:34} {len(rs):6d} {len(times):6d} {statistics.median(times):9.4f} {p99:7.3f} "
              f"{times[-1]:7.3f} {slow:4d} {unknown:7d}  {worst[1]}", flush=True)
        # the same input called again: the largest spread (max / median of its own calls)
        spread = max(per_input.values(), key=lambda ts: max(ts) / max(statistics.median(ts), 1e-6))
        print(f"{'':34} same input, widest spread: median {statistics.median(spread):.4f} s, "
              f"max {max(spread):.3f} s over {len(spread)} calls", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
