"""Searches that try to close the gaps between the bundled constructions and the references (issue 19 item 5).

Not a test and not a generator: it runs documented, seeded search methods within a stated budget on the
bench-v1 instances where the bundled construction falls short of the reference, prints per instance what was
tried and the best objective reached, and writes every construction it finds (better than the bundled one)
to ``--out DIR`` (default ``gap-search-out/``) as ``{"answer": ...}`` files that ``endless-exam verify
--family F --params P FILE --json`` re-checks with both verifiers. Nothing under ``fixtures/`` or the
references is changed. Budgets are counted in candidate evaluations or moves (machine-independent, so a run
is reproducible with the same seed); the CPU seconds are printed next to them.

    .venv/bin/python -m tests.benchmarks.search_gaps degdiam [--only d,k] [--tail] [--out DIR]
    .venv/bin/python -m tests.benchmarks.search_gaps covering [--only v,k,t] [--out DIR]

Methods:
* degdiam: hill climb on the voltages of cyclic lifts (``checker/constructions/_lift_search.py``), for
  increasing orders V = b*n above the bundled one and every base size b in ``LIFT_BASES`` dividing V.
* covering: see ``checker/constructions/covering.py`` (fixed-size annealing and the structured
  constructions named there).
"""
from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from endless_exam.checker.constructions import _lift_search as lifts
from endless_exam.checker.constructions import degdiam as dd

# (d, k): (bundled order, reference)
DEGDIAM = {(4, 5): (205, 364), (7, 3): (140, 168), (4, 4): (87, 104), (3, 7): (174, 196), (6, 3): (98, 111),
           (5, 4): (210, 212), (3, 6): (96, 132)}
LIFT_BASES = (1, 2, 3, 4, 6, 8, 10, 12)
# Budgets in work units: one candidate evaluation of a lift with base size b costs b*d*(b*k + 20) units
# (b sources, k levels, b*d/2 darts rotated both ways, plus the per-candidate overhead), measured at
# 0.1-0.19 microseconds each (2-core machine, loaded).
UNITS_PER_ORDER = 30_000_000        # per (V, b): about 4 s CPU
UNITS_PER_INSTANCE = 1_500_000_000  # all orders and bases of one instance together: about 3-4 CPU minutes
SEED = 1


def lift_bases(d: int, V: int) -> list[int]:
    """The base sizes b of LIFT_BASES with a d-regular lift of order V (b | V, n >= 3, b*d even)."""
    return [b for b in LIFT_BASES if V % b == 0 and V // b >= 3 and (d * b) % 2 == 0]


def degdiam_search(d: int, k: int, out: Path, tail: bool = False) -> dict:
    bundled, ref = DEGDIAM[(d, k)]
    started, spent = time.process_time(), 0
    best, V, fails, tried = None, bundled + 1, 0, []
    while spent < UNITS_PER_INSTANCE and V <= ref and fails < 12:
        hit = None
        bases = lift_bases(d, V)
        if not bases:                 # no lift of this order (odd d needs an even base): not a failure
            V += 1
            continue
        for b in bases:
            n, unit = V // b, b * d * (b * k + 20)
            if UNITS_PER_INSTANCE - spent < unit:
                break
            used, darts = lifts.climb(d, k, b, n, min(UNITS_PER_ORDER, UNITS_PER_INSTANCE - spent) // unit, SEED,
                                      random_base=dd.random_base)
            spent += used * unit
            tried.append((V, b, used, darts is not None))
            if darts is not None:
                hit = (b, n, darts)
                break
        if not hit and UNITS_PER_INSTANCE - spent < bases[0] * d * (bases[0] * k + 20):
            break                     # the budget is spent
        print(f"  d={d} k={k} V={V}: {'found b=%d' % hit[0] if hit else 'none'} "
              f"({spent:,} units, {time.process_time() - started:.0f} s CPU)", flush=True)
        if hit:
            best, fails = (V,) + hit, 0
            V += max(1, V // 100)
        else:
            fails += 1
            V += 1
    # --tail: the budget left (the scan stopped at the reference or after 12 failures in a row) goes to
    # the smallest order above the best one that has a lift, split evenly over its bases
    V = (best[0] if best else bundled) + 1
    while not lift_bases(d, V):
        V += 1
    bases = lift_bases(d, V)
    share = (UNITS_PER_INSTANCE - spent) // len(bases)
    for b in bases if tail and share >= UNITS_PER_ORDER else ():
        n, unit = V // b, b * d * (b * k + 20)
        used, darts = lifts.climb(d, k, b, n, share // unit, SEED + 1, random_base=dd.random_base)
        spent += used * unit
        tried.append((V, b, used, darts is not None))
        print(f"  d={d} k={k} V={V} b={b} (remaining budget, seed {SEED + 1}): {'found' if darts else 'none'} "
              f"({spent:,} units, {time.process_time() - started:.0f} s CPU)", flush=True)
        if darts is not None:
            best = (V, b, n, darts)
            break
    row = {"family": "degdiam", "params": {"d": d, "k": k}, "bundled": bundled, "reference": ref,
           "best": best[0] if best else None, "work_units": spent,
           "cpu_s": round(time.process_time() - started, 1), "orders_tried": tried}
    if best:
        V, b, n, darts = best
        adj = dd.lift_adjacency(b, n, darts)
        edges = sorted({(min(x, y), max(x, y)) for x in range(V) for y in adj[x]})
        path = out / f"degdiam_d{d}_k{k}_V{V}.json"
        path.write_text(json.dumps({"answer": [list(e) for e in edges]}) + "\n", encoding="utf-8")
        row.update(file=str(path), b=b, n=n, darts=[list(x) for x in darts])
    return row


# (v, k, t): (bundled, reference, [(label, what, seed, moves per step, total moves, temperature)]).
# "start=greedy" runs the generator's greedy start and shrink-and-repair on the named sub-problem with a
# larger budget than the fixture's; "start=bundled" starts shrink-and-repair from the bundled covering.
COVERING = {
    (24, 6, 3): (117, 116, [("C(22,4,2) for the Witt construction (needs 39)", "pairs22", 5, 300_000, 10_000_000, 0.3),
                            ("whole C(24,6,3) from the bundled 117", "bundled", 1, 200_000, 3_000_000, 0.5)]),
    (30, 6, 3): (235, 225, [("inner partial C(15,6,3) of the Kirkman construction (needs 25)", "inner15", 5, 200_000,
                             4_000_000, 0.5),
                            ("whole C(30,6,3) from the bundled 235", "bundled", 1, 200_000, 2_000_000, 0.5)]),
    (18, 7, 4): (154, 126, [("whole C(18,7,4) from the bundled 154", "bundled", 1, 200_000, 6_000_000, 0.3)]),
}


def covering_search(key: tuple[int, int, int], out: Path) -> dict:
    from endless_exam.checker.constructions import covering as cov
    from endless_exam.checker.constructions import fixture_dir

    v, k, t = key
    bundled, ref, plans = COVERING[key]
    row: dict = {"family": "covering", "params": {"v": v, "k": k, "t": t}, "bundled": bundled, "reference": ref,
                 "tried": []}
    best_total = None
    for label, what, seed, step, total, temperature in plans:
        started = time.process_time()
        if what == "bundled":
            doc = json.loads((fixture_dir("covering") / f"v{v}_k{k}_t{t}.json").read_text(encoding="utf-8"))
            s = cov.Search(v, k, t, seed)
            for block in doc["answer"]:
                s.add_block(block)
            blocks, spent = cov.shrink_and_repair(s, step, total, temperature, log=_quiet)
            result = sorted(blocks)
        elif what == "pairs22":
            s = cov.Search(22, 4, 2, seed)
            s.greedy()
            pairs, spent = cov.shrink_and_repair(s, step, total, temperature, log=_quiet)
            result = sorted(cov.extend_by_two(cov.witt_s3622(), pairs, 22))
            label += f": reached {len(pairs)}"
        else:  # inner15: the Kirkman construction with a longer inner search
            classes = cov.kirkman_classes()
            lines = [line for cls in classes for line in cls]
            s = cov.Search(15, 6, 3, seed, precovered=lines)
            s.greedy()
            inner, spent = cov.shrink_and_repair(s, step, total, temperature, log=_quiet)
            mixed = [sorted(list(a) + [x + 15 for x in b]) for cls in classes for a in cls for b in cls]
            result = sorted(mixed + [list(b) for b in inner] + [[x + 15 for x in b] for b in inner])
            label += f": reached {len(inner)}"
        ok = cov.is_covering(result, v, k, t)
        cpu = round(time.process_time() - started, 1)
        row["tried"].append({"method": label, "seed": seed, "moves_per_step": step, "moves": spent,
                             "temperature": temperature, "cpu_s": cpu, "size": len(result), "covering": ok})
        print(f"  C({v},{k},{t}) {label}: {len(result)} blocks ({spent:,} moves, {cpu} s CPU)", flush=True)
        if ok and (best_total is None or len(result) < len(best_total)):
            best_total = result
    row["best"] = len(best_total) if best_total else None
    if best_total and len(best_total) < bundled:
        path = out / f"covering_v{v}_k{k}_t{t}_b{len(best_total)}.json"
        path.write_text(json.dumps({"answer": best_total}) + "\n", encoding="utf-8")
        row["file"] = str(path)
    return row


def _quiet(message: str) -> None:
    pass


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("family", choices=("degdiam", "covering"))
    ap.add_argument("--only", help="one instance, e.g. 4,5 or 24,6,3")
    ap.add_argument("--out", default="gap-search-out")
    ap.add_argument("--tail", action="store_true",
                    help="degdiam: spend the budget the scan left on the next order above the best (seed 2)")
    args = ap.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    rows = []
    if args.family == "degdiam":
        keys = [tuple(int(x) for x in args.only.split(","))] if args.only else list(DEGDIAM)
        for d, k in keys:
            rows.append(degdiam_search(d, k, out, args.tail))
            print(json.dumps({x: rows[-1][x] for x in rows[-1] if x not in ("orders_tried", "darts")}), flush=True)
    else:
        keys = [tuple(int(x) for x in args.only.split(","))] if args.only else list(COVERING)
        for key in keys:
            rows.append(covering_search(key, out))
            print(json.dumps(rows[-1]), flush=True)
    (out / f"{args.family}_summary.json").write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
