"""Deterministic Heilbronn constructions in the triangles T1..T5 of the bench-v1 ``heilbronn_shape`` instances.

Method (``checker/constructions/_heilbronn_search.py``): the seeded target-level local search of the
square generator with the domain the closed triangle T (exact integer edge-sign membership; starting
points by rejection sampling in T's bounding box), ``MOVES`` = 100,000 proposals per instance with
``random.Random(SEED)`` (about 5-15 s of CPU per instance, about a minute for the five). The objective
(smallest triangle area / area of T) is computed by both verifiers (which must agree) and must reach the
instance's bench-v1 reference. ``--verify`` re-checks every fixture with the second verifier.

The family's documented baseline (``endless-exam instance heilbronn_shape --baseline``; registry
``baselines.py``): ``baseline(params, log)`` and ``domain(params)`` at the end of this module, the same seeded
search inside T (``baseline_search`` and the domain of heilbronn.py).
"""
from __future__ import annotations

import sys
import time
from fractions import Fraction

from . import document, require, run_generator, verify_fixtures, write_fixture
from ._baseline import Baseline, Log
from ._heilbronn_search import search, triangle_domain
from .heilbronn import baseline_search, objective, reference, text
from .heilbronn import domain as square_domain

MOVES = 100_000
SEED = 1


def instances() -> list[dict]:
    """The parameters of bench-v1's heilbronn_shape instances, read from the bundled suite data."""
    from endless_exam import fixtures

    return [dict(i["params"]) for i in fixtures.read_json("suites", "bench-v1.json")["instances"]
            if i["family"] == "heilbronn_shape"]


def write_all() -> None:
    for k, params in enumerate(instances(), start=1):
        started = time.time()
        triangle = [tuple(v) for v in params["T"]]
        inside, sample = triangle_domain(triangle)
        a_min, points = search(params["n"], inside, sample, SEED, MOVES)
        f = objective("heilbronn_shape", params, points)
        (ax, ay), (bx, by), (cx, cy) = triangle
        area_t = abs((bx - ax) * (cy - ay) - (by - ay) * (cx - ax))
        require(f == Fraction(a_min, area_t), f"T{k}: search and verifiers disagree on the objective")
        ref = reference("heilbronn_shape", params)
        require(ref is None or f >= ref, f"T{k}: {f} does not reach the reference {ref}")
        method = (f"Seeded target-level local search inside T (exact integer areas and membership; "
                  f"simulated annealing, temperature 0.5 -> 0.02; random.Random({SEED}), {MOVES:,} move proposals from uniform random points of T; "
                  f"checker/constructions/_heilbronn_search.py). Smallest doubled area {a_min} of {area_t} (T).")
        name = f"T{k}_n{params['n']}.json"
        path = write_fixture(name, document("heilbronn_shape", params, points, text(f), method))
        ratio = "" if ref is None else f", ratio {float(f / ref):.4f}"
        print(f"{path.name}: objective {text(f)} ~ {float(f):.6g}{ratio} ({time.time() - started:.1f}s)")


def _verify(doc: dict) -> tuple[bool, str]:
    from endless_exam.crosscheck.families import load as load_second

    v = load_second("heilbronn_shape").check(doc["params"], doc["answer"])
    return v.valid and text(Fraction(v.objective)) == doc["objective"], f"n={doc['params']['n']} {doc['objective']}"


def verify_all() -> int:
    return verify_fixtures("heilbronn_shape", _verify)


# ---- the documented baseline and its domain (the registry is baselines.py) ------------------------------

def baseline(params: dict, log: Log) -> Baseline:
    inside, sample = triangle_domain([tuple(v) for v in params["T"]])
    return baseline_search(params, inside, sample, "inside T", log)


def domain(params: dict) -> str | None:
    return square_domain(params)          # the same search, the same limit on n


def main(argv=None) -> int:
    return run_generator(argv, write_all, verify_all)


if __name__ == "__main__":
    sys.exit(main())
