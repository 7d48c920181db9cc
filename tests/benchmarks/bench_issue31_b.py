"""Issue 31, perf-b's inputs (a script, not a test): ``python -m tests.benchmarks.bench_issue31_b [--runs N]``.

In-process CPU seconds (``time.process_time``; BLAS threads included), the median of ``--runs`` interleaved
runs after one warm-up, of ``check`` of both verifiers (parse included), with the load average before and
after, beside the public release's figure as issue 31 recorded it (its primary, in-process, load about
1.4; not re-measured here):

* the three inputs on which the public release was faster: trifference ``spoiled(random_words(128, 500,
  5))`` m = 1 (upstream 0.06 s), shannon q = 7, d = 256, 3,000 random words (valid, and with a confusable
  pair last; upstream 0.35 s), matmul <6,6,6> with 864 dense terms (upstream 0.109 s);
* the input it decides and we refused: matmul <11,11,11> with 5,323 dense products (upstream 17 s);
* issue 31 case 3: trifference near-affine lists (a rank-8 code of length 1,024 with 27 or 9 of its
  words replaced, m = 100, and 27 at m = 20; before: 97 s / 182 s, 57 s / timeout, 49 s primary).
"""
from __future__ import annotations

from endless_exam import crosscheck  # noqa: F401  (first: sets SYMPY_GROUND_TYPES=python before anything imports sympy)

import argparse
import random
import statistics
import sys
import time

from endless_exam.checker.families import load as _load_primary
from endless_exam.crosscheck.families import load as _load_second


def _load() -> str:
    with open("/proc/loadavg") as f:
        return f.read().split()[0]


def _shannon_words(pair_last: bool) -> list[str]:
    rnd = random.Random(7)
    words: dict[str, None] = {}
    while len(words) < 3000:
        words.setdefault("".join(rnd.choice("0123456") for _ in range(256)), None)
    out = list(words)
    if pair_last:
        x = out[-2]
        out = out[:-1] + [x[:-1] + str((int(x[-1]) + 1) % 7)]
    return out


def cases():
    from tests.benchmarks import bench_trifference as bt
    from tests.benchmarks.bench_matmul import dense_padded
    from tests.families.trifference.test_trifference_vectors import near_affine
    yield ("trifference", "500 random words n=128 m=1, last spoiled", {"n": 128, "m": 1, "representation": "certified"},
           lambda: bt.spoiled(bt.random_words(128, 500, 5)), "0.06 s")
    yield ("shannon", "3,000 random words q=7 d=256 (valid)", {"q": 7, "d": 256}, lambda: _shannon_words(False), "0.35 s")
    yield ("shannon", "3,000 random words q=7 d=256, confusable pair last", {"q": 7, "d": 256},
           lambda: _shannon_words(True), "0.35 s")
    yield ("matmul", "<6,6,6> 864 dense terms", {"n": 6, "m": 6, "p": 6}, lambda: dense_padded(6, 6, 6, 864, 5), "0.109 s")
    yield ("matmul", "<11,11,11> 5,323 dense products (was SIZE_LIMIT)", {"n": 11, "m": 11, "p": 11},
           lambda: dense_padded(11, 11, 11, 5323, 5), "17 s")
    for replace, m in ((27, 100), (9, 100), (27, 20)):
        yield ("trifference", f"case 3: rank-8 n=1024, {replace} replaced, m={m}",
               {"n": 1024, "m": m, "representation": "certified"},
               lambda replace=replace: near_affine(1024, 8, replace, 31), "-")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--only", help="a substring of the case names")
    args = ap.parse_args(argv)
    print(f"{'family':<12} {'case':<52} {'verdict':<22} {'primary':>9} {'second':>9} {'upstream':>9}  load")
    for family, name, params, build, upstream in cases():
        if args.only and args.only not in name:
            continue
        answer = build()
        primary, second = _load_primary(family), _load_second(family)
        before = _load()
        pv, sv = primary.check(params, answer), second.check(params, answer)          # warm-up
        times: dict[str, list[float]] = {"p": [], "s": []}
        runs = args.runs if "11,11,11" not in name else max(1, min(args.runs, 3))
        for _ in range(runs):
            for key, module in (("p", primary), ("s", second)):
                started = time.process_time()
                module.check(params, answer)
                times[key].append(time.process_time() - started)
        verdict = f"{pv.status.value} {pv.reason or ''}/{sv.status.value}"
        print(f"{family:<12} {name:<52} {verdict:<22} {statistics.median(times['p']):>8.3f}s "
              f"{statistics.median(times['s']):>8.3f}s {upstream:>9}  {before}-{_load()}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
