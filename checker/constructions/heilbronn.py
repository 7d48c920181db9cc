"""Deterministic Heilbronn constructions in the unit square for the bench-v1 instances n = 26, 40, 46, 48, 50.

Method (``checker/constructions/_heilbronn_search.py``): a seeded target-level local search on the
10,000 x 10,000 grid in exact integer arithmetic, starting from uniform random points, ``MOVES`` = 100,000
proposals per instance with ``random.Random(SEED)`` (about 5-15 s of CPU per instance, about a minute for
the five). The objective written to a fixture is computed by both verifiers of the project (which
must agree); the run also requires it to reach the bench-v1 reference of the instance. ``--verify``
re-checks every fixture with the second verifier.

The family's documented baseline (``endless-exam instance heilbronn --baseline``; registry ``baselines.py``):
``baseline(params, log)`` and ``domain(params)`` at the end of this module, the seeded search of
``_heilbronn_search.py`` on the grid (domain: n <= 300); ``baseline_search`` and ``domain`` serve
heilbronn_shape too.
"""
from __future__ import annotations

import sys
import time
from fractions import Fraction

from . import both_verifiers, document, require, run_generator, verify_fixtures, write_fixture
from ._baseline import Baseline, Log
from ._heilbronn_search import search, square_inside, square_sample

INSTANCES = (46, 26, 40, 50, 48)
MOVES = 100_000
SEED = 1


def objective(family: str, params: dict, answer) -> Fraction:
    """The objective as both verifiers compute it (they must agree and accept)."""
    res = both_verifiers(family, params, answer)
    require(res.valid, f"{family} {params}: verifiers disagree: {res.primary} {res.second}")
    return Fraction(res.objective)


def text(f: Fraction) -> str:
    return f"{f.numerator}/{f.denominator}" if f.denominator != 1 else str(f.numerator)


def reference(family: str, params: dict) -> Fraction | None:
    """The bench-v1 reference of the instance, read from the bundled suite data (the suites package sits
    above the generators and is not imported here)."""
    from endless_exam import fixtures

    for inst in fixtures.read_json("suites", "bench-v1.json")["instances"]:
        if inst["family"] == family and inst["params"] == params:
            return Fraction(inst["reference"])
    return None


def write_all() -> None:
    for n in INSTANCES:
        started = time.time()
        a_min, points = search(n, square_inside, square_sample, SEED, MOVES)
        params = {"n": n}
        f = objective("heilbronn", params, points)
        require(f == Fraction(a_min, 2 * 10_000 ** 2), f"n={n}: search and verifiers disagree on the objective")
        ref = reference("heilbronn", params)
        require(ref is None or f >= ref, f"n={n}: {f} does not reach the reference {ref}")
        method = (f"Seeded target-level local search on the 10,000 x 10,000 grid (exact integer areas; "
                  f"simulated annealing, temperature 0.5 -> 0.02; random.Random({SEED}), {MOVES:,} move proposals from uniform random points; "
                  f"checker/constructions/_heilbronn_search.py). Smallest doubled area {a_min} grid units.")
        path = write_fixture(f"n{n}.json", document("heilbronn", params, points, text(f), method))
        ratio = "" if ref is None else f", ratio {float(f / ref):.4f}"
        print(f"{path.name}: n={n} objective {text(f)} ~ {float(f):.6g}{ratio} ({time.time() - started:.1f}s)")


def _verify(doc: dict) -> tuple[bool, str]:
    from endless_exam.crosscheck.families import load as load_second

    v = load_second("heilbronn").check(doc["params"], doc["answer"])
    return v.valid and text(Fraction(v.objective)) == doc["objective"], f"n={doc['params']['n']} {doc['objective']}"


def verify_all() -> int:
    return verify_fixtures("heilbronn", _verify)


# ---- the documented baseline and its domain (the registry is baselines.py) ------------------------------

HEILBRONN_MOVES = 100_000
HEILBRONN_SEED = 1
MAX_HEILBRONN_BASELINE = 300    # heilbronn*: the search holds every triangle of every point (0.9 GB at n = 300)


def baseline_search(params: dict, inside, sample, where: str, log: Log) -> Baseline:
    """The baseline of both Heilbronn families: the seeded search in the domain given by ``inside`` and
    ``sample`` (``where`` says it in words)."""
    a_min, points = search(params["n"], inside, sample, HEILBRONN_SEED, HEILBRONN_MOVES)
    return Baseline(points, f"Seeded target-level local search {where} (exact integer areas; simulated annealing, "
                            f"temperature 0.5 -> 0.02; random.Random({HEILBRONN_SEED}), {HEILBRONN_MOVES:,} move "
                            f"proposals from uniform random points; checker/constructions/_heilbronn_search.py). "
                            f"Smallest doubled area {a_min} grid units.",
                    {"seed": HEILBRONN_SEED, "moves": HEILBRONN_MOVES})


def baseline(params: dict, log: Log) -> Baseline:
    return baseline_search(params, square_inside, square_sample, "on the 10,000 x 10,000 grid", log)


def domain(params: dict) -> str | None:
    """Also the domain of heilbronn_shape's baseline (the same search)."""
    if params["n"] > MAX_HEILBRONN_BASELINE:
        return (f"the heilbronn baseline (a local search that keeps all C(n, 3) triangles in memory, n^3 growth) "
                f"needs n <= {MAX_HEILBRONN_BASELINE}")
    return None


def main(argv=None) -> int:
    return run_generator(argv, write_all, verify_all)


if __name__ == "__main__":
    sys.exit(main())
