"""Which library where, by measurement (a script, not a test): ``python -m tests.benchmarks.bench_libraries``.

The design names gmpy2 and galois for the primary verifier; this script measures what they would bring
against what the primary uses now, and prints the figures that README's library table quotes:

* import cost (CPU seconds of a fresh isolated interpreter importing the library, minus a bare one) of
  numpy, python-flint, sympy, z3, gmpy2 and galois;
* finite-field ranks over GF(3) as trifference's hyperplane criterion computes them (random k x n
  matrices, k = 12, n = 64..1024, and 64 x 64): python-flint ``nmod_mat.rank`` against galois
  ``np.linalg.matrix_rank`` on ``galois.GF(3)`` arrays;
* exact integers where the issue suggested gmpy2: LABS energies (numpy int64 correlation, exact by the
  range argument in ``checker/families/labs.py``) against a gmpy2 ``mpz`` loop; Heilbronn smallest doubled
  area (numpy int64 outer products) against a gmpy2 triple loop; decimal text of a 6,000-digit objective
  (the largest a family can produce) with ``str`` (inside a verifier process), ``decimal`` (the caller's
  process, whose digit limit stays) and gmpy2.

gmpy2 and galois are not dependencies: their rows need them installed (``pip install gmpy2 galois`` in a
scratch environment; ``--python PATH`` runs the import and galois rows with that interpreter), otherwise
they say "not installed".
"""
from __future__ import annotations

import argparse
import random
import resource
import statistics
import subprocess
import sys
import time

_RANK_GALOIS = r"""
import sys, time, random
import numpy as np
import galois
GF = galois.GF(3)
k, n, reps = (int(a) for a in sys.argv[1:4])
rng = random.Random(1)
mats = [GF(np.array([[rng.randrange(3) for _ in range(n)] for _ in range(k)], dtype=np.int64)) for _ in range(reps)]
np.linalg.matrix_rank(mats[0])          # galois compiles its kernels (numba) on the first call: not timed
t = time.perf_counter()
ranks = [int(np.linalg.matrix_rank(m)) for m in mats]
print((time.perf_counter() - t) / reps, sum(ranks))
"""


def _cpu_of(python: str, code: str, reps: int = 5) -> float | None:
    """Median CPU seconds of ``python -I -c code`` (None if it fails)."""
    times = []
    for _ in range(reps):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        done = subprocess.run([python, "-I", "-c", code], capture_output=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if done.returncode != 0:
            return None
        times.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    return statistics.median(times)


def imports(python: str) -> None:
    bare = _cpu_of(python, "pass")
    print(f"import cost (CPU s beyond a bare interpreter's {bare:.3f} s, median of 5, {python}):")
    for module in ("numpy", "flint", "sympy", "z3", "gmpy2", "galois"):
        cpu = _cpu_of(python, f"import {module}")
        print(f"  {module:<8} " + ("not installed" if cpu is None else f"{cpu - bare:.3f} s"))


def _best(fn, reps: int) -> float:
    best = float("inf")
    for _ in range(reps):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def ranks(python: str) -> None:
    from flint import nmod_mat

    print("GF(3) rank of a random k x n matrix (trifference's hyperplane criterion), seconds per rank:")
    rng = random.Random(1)
    for k, n in ((12, 64), (12, 256), (12, 1024), (64, 64)):
        reps = 200
        mats = [nmod_mat(k, n, [rng.randrange(3) for _ in range(k * n)], 3) for _ in range(reps)]
        t = time.perf_counter()
        for m in mats:
            m.rank()
        flint_s = (time.perf_counter() - t) / reps
        done = subprocess.run([python, "-I", "-c", _RANK_GALOIS, str(k), str(n), "20"], capture_output=True, text=True)
        galois_txt = ("not installed" if done.returncode != 0
                      else f"{float(done.stdout.split()[0]):.2e} s ({float(done.stdout.split()[0]) / flint_s:.0f}x)")
        print(f"  {k:>2} x {n:<5} python-flint {flint_s:.2e} s   galois {galois_txt}")


def integers() -> None:
    try:
        import gmpy2
    except ImportError:
        gmpy2 = None
    from endless_exam.checker.families import _planar
    from endless_exam.checker.families.labs import energy

    rng = random.Random(2)
    print("exact integers (best of 3, seconds):")
    for n in (2_000, 20_000):
        seq = tuple(rng.choice((1, -1)) for _ in range(n))
        np_s = _best(lambda: energy(seq), 3)
        line = f"  LABS energy N = {n:<6} numpy int64 {np_s:.4f}"
        if gmpy2 is not None and n <= 2_000:
            s = [gmpy2.mpz(x) for x in seq]

            def mpz_energy():
                return sum(sum((s[i] * s[i + k] for i in range(n - k)), gmpy2.mpz(0)) ** 2 for k in range(1, n))

            assert int(mpz_energy()) == energy(seq)
            line += f"   gmpy2 loop {_best(mpz_energy, 1):.4f}"
        print(line)
    for n in (60, 400):
        pts = tuple((rng.randrange(10_001), rng.randrange(10_001)) for _ in range(n))
        np_s = _best(lambda: _planar.min_double_area(pts), 3)
        line = f"  Heilbronn n = {n:<4}    numpy int64 {np_s:.4f}"
        if gmpy2 is not None and n <= 60:
            p = [(gmpy2.mpz(x), gmpy2.mpz(y)) for x, y in pts]

            def mpz_area():
                best = None
                for i in range(n):
                    for j in range(i + 1, n):
                        for k in range(j + 1, n):
                            a = abs((p[j][0] - p[i][0]) * (p[k][1] - p[i][1]) - (p[j][1] - p[i][1]) * (p[k][0] - p[i][0]))
                            best = a if best is None or a < best else best
                return best

            assert int(mpz_area()) == _planar.min_double_area(pts)[0]
            line += f"   gmpy2 loop {_best(mpz_area, 1):.4f}"
        print(line)
    import decimal

    value = 3 ** 12_575      # 6,000 digits: about the largest exact objective a family can produce
    previous = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        str_s = _best(lambda: str(value), 20)
    finally:
        sys.set_int_max_str_digits(previous)
    dec_s = _best(lambda: str(decimal.Decimal(value)), 20)
    line = f"  6,000-digit objective to text: str {str_s:.2e}   decimal {dec_s:.2e}"
    if gmpy2 is not None:
        line += f"   gmpy2 {_best(lambda: gmpy2.mpz(value).digits(10), 20):.2e}"
    print(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--python", default=sys.executable,
                        help="interpreter for the import and galois rows (one that has galois and gmpy2)")
    args = parser.parse_args()
    imports(args.python)
    ranks(args.python)
    integers()


if __name__ == "__main__":
    main()
