"""Corners verifier benchmark (a script, not a test): ``python -m tests.benchmarks.bench_corners``.

Prints the wall-clock seconds of the primary and the second verifier, in-process and through the real
harness (own process, limits, witness re-checks), on the largest allowed inputs (n = 2000, 60,000
points, digit specs at the node limit):

* A: a valid diff set at n = 2000 describing 59,900-60,000 points (translated ternary digits, cut to
  the point limit), as a literal list of points (the largest valid literal answer);
* A2: a valid set of about 60,000 points on long diagonals |x - y| >= 906 (rows of up to a few
  hundred points: the largest same-row pair count a valid diff set reaches);
* B: A with one extra point completing a corner, appended last (the second's point scan finds it
  at the end; the primary scans every row pair);
* C: 60,000 random distinct points of the 2000 x 2000 grid (corners everywhere);
* D: one full row plus 58,000 points in other rows (maximal row-pair count for the primary);
* E: the same diff set as A as a digit spec at the node limit: length 18, allowed {0, 1}
  (2^18 + ... + 2 = 524,286 nodes > 480,000: EXPANSION_LIMIT, decided by counting) and a digit spec
  with sum_squares whose node count is just below the limit (base 51, all digits, length 7, k = 15423:
  479,866 nodes, 2,660 elements, counted then enumerated; almost all fall outside the range);
* F: the largest reference construction (n = 185).
* G-K, large grids (issue 21, n up to 10^9; the sparse paths): G 50 random points at n = 10^6 with a
  corner completed by the last point; H one row of 60,000 points at n = 10^6 (valid; the primary
  picks the column view, 0 pairs); I the primary's top: three lines (a row, a column and an
  anti-diagonal) of 15,490 points each at n = 10^6, 1.2e8 pairs in every view, just under the bound
  (valid); J the same with a corner planted in the highest rows; K 60,000 random points of a
  20,000 x 20,000 window at n = 10^9 (corners near the start).
* L-P, literal lists beyond the former 60,000-point cap (issue 21, second pass): L the 232,064 points of
  the diagonals x - y = d for d + 1999 with no ternary digit 2 (3-AP-free), n = 2,000, valid; M the
  same with a point completing a corner appended last; N 1,400,000 random points at n = 10^9 (about
  31 MB of compact JSON; valid); O the product set {1000 i} x {0..429} at n = 10^6 (184,900 points,
  valid: every anti-diagonal holds one point, rows and columns 430: as corner points its points need
  7.95 * 10^7 lookups, as right points one each, the role the second takes since issue 31); P 2,800,000
  random points of the 2,000 x 2,000 grid (about the most a 32 MiB answer holds there; corners everywhere).
* Q-T (issue 31; ``worst_corners.py`` builds them): Q the product set {1000 i} x {0..459} (211,600
  points; 9.7 * 10^7 lookups as corner points, refused before); R at n = 10^9 a row, a column and an
  anti-diagonal of 15,492 points each (every view just under ``MAX_PAIRS``) and 1.7 million isolated
  points (29.7 MiB): the primary's pruned scan forms no pair (no row point has a second point in its
  column); S the three lines with a second point far up the column of every row point (the pruned scan
  still forms and looks up all 1.2e8 pairs: the primary's top); T S with the 1.7 million isolated points.
``python -m tests.benchmarks.bench_corners L M`` runs only the named cases.
Then the inputs of issue 8 item 5 (B, C, D) as medians of several in-process runs beside the public
release's recorded figure (0.11-0.19 s for the three).
Targets on a two-core machine: both verifiers well under 10 s (the limit is 60 s per verifier).
"""
from __future__ import annotations

import random
import sys

from endless_exam import fixtures
from endless_exam.certificates.forms import digits
from endless_exam.checker.families import load as _load_primary
primary = _load_primary("corners")
from endless_exam.crosscheck.families import load as _load_second
second = _load_second("corners")
from tests.benchmarks import side_by_side
from tests.benchmarks.common import measure, print_table, timed

N = 2000


def _ternary(length: int) -> list[int]:
    out = [0]
    for i in range(length):
        out = out + [v + 3 ** i for v in out]
    return sorted(out)


def _diffs_under_limit(n: int, limit: int = 60_000) -> list[int]:
    """Translated ternary differences, the heaviest first, while the point count stays <= limit."""
    tset = _ternary(8)
    c = tset[len(tset) // 2]
    diffs = sorted((t - c for t in tset if abs(t - c) < n), key=abs)
    out, total = [], 0
    for d in diffs:
        if total + n - abs(d) > limit:
            continue
        out.append(d)
        total += n - abs(d)
    return sorted(out)


def case_a():
    diffs = _diffs_under_limit(N)
    pts = [[x, x - d] for d in diffs for x in range(N) if 0 <= x - d < N]
    return pts


def case_a2():
    """Valid, with long rows: D = +-(1999 - T) for the ternary set T (3-AP free on each side, and
    no progression mixes signs because every |d| >= 906), the longest diagonals dropped until the
    point count is at most 60,000; rows then hold up to |D| points."""
    tset = [t for t in _ternary(7)]
    side = sorted(1999 - t for t in tset)                      # 906..1999
    diffs = [d for s in side for d in (s, -s)]
    diffs.sort(key=abs, reverse=True)
    out, total = [], 0
    for d in diffs:
        if total + N - abs(d) <= 60_000:
            out.append(d)
            total += N - abs(d)
    return [[x, x - d] for d in out for x in range(N) if 0 <= x - d < N], len(out)


def case_b():
    pts = case_a()
    have = {tuple(p) for p in pts}
    for x, y in pts:                       # find a point whose corner completion is missing and on the grid
        for d in (1, 2, 3):
            q, r = (x + d, y), (x, y + d)
            if q in have and r not in have and r[1] < N:
                return pts[:-1] + [[r[0], r[1]]] if len(pts) >= 60_000 else pts + [[r[0], r[1]]]
    raise SystemExit("no corner to plant")


def case_c():
    rng = random.Random(3)
    cells = rng.sample(range(N * N), 60_000)
    return [[c // N, c % N] for c in cells]


def case_d():
    rng = random.Random(4)
    pts = [[x, 0] for x in range(N)]
    cells = rng.sample(range(N, N * N), 58_000)
    return pts + [[c % N, c // N] for c in cells]


def three_lines(size: int) -> list[list[int]]:
    """A row, a column and an anti-diagonal of ``size`` points each (n = 10^6), corner-free: every view
    has size (size - 1) / 2 same-line pairs."""
    return ([[100_000 + i, 0] for i in range(size)] + [[0, 200_000 + i] for i in range(size)]
            + [[300_000 + i, 600_000 - i] for i in range(size)])


ONLY: set[str] = set()


def _row(name, params, answer, rows, compact=False):
    if ONLY and name.split()[0] not in ONLY:
        return
    rows.append(measure("corners", primary, second, name, params, answer() if callable(answer) else answer,
                        compact=compact))


def case_l() -> list[list[int]]:
    diffs = [s - (N - 1) for s in range(2 * N - 1) if "2" not in _base3(s)]
    return [[x, x - d] for d in diffs for x in range(N) if 0 <= x - d < N]


def _base3(v: int) -> str:
    out = ""
    while v:
        v, r = divmod(v, 3)
        out += str(r)
    return out or "0"


def case_m() -> list[list[int]]:
    pts = case_l()
    have = set(map(tuple, pts))
    row = sorted(x for x, y in pts if y == 1000)
    for x2 in row[1:]:
        d = x2 - row[0]
        if 1000 + d < N and (row[0], 1000 + d) not in have:
            return pts + [[row[0], 1000 + d]]
    raise SystemExit("no corner to plant")


def case_n() -> list[list[int]]:
    rnd, seen = random.Random(31), set()
    while len(seen) < 1_400_000:
        seen.add((rnd.randrange(10 ** 9), rnd.randrange(10 ** 9)))
    return [list(p) for p in seen]


def case_p() -> list[list[int]]:
    cells = random.Random(32).sample(range(N * N), 2_800_000)
    return [[c % N, c // N] for c in cells]


def main() -> int:
    rows: list = []
    params = {"n": N}
    _row("A valid literal list n=2000", params, case_a(), rows)
    pts, size = case_a2()
    _row(f"A2 valid, {size} long diagonals", params, pts, rows)
    _row("B A + corner planted last", params, case_b(), rows)
    _row("C 60,000 random points", params, case_c(), rows)
    _row("D full row + 58,000 points", params, case_d(), rows)
    diffs = _diffs_under_limit(N)
    _row("A' same set as diff_set list", params, {"diff_set": diffs}, rows)
    _row("E1 digit spec 2^1..2^18 nodes", params,
         {"diff_set": {"base": 3, "allowed": [0, 1], "length": 18, "offset": -100}}, rows)
    spec = {"base": 51, "allowed": list(range(51)), "length": 7, "sum_squares": 15423, "offset": -1999}
    nodes, count = digits.count(digits.check_spec(spec))
    _row(f"E2 digit spec {nodes:,} nodes", params, {"diff_set": spec}, rows)
    big = 10 ** 6
    rnd = random.Random(21)
    fifty = [[rnd.randrange(big), rnd.randrange(big)] for _ in range(47)] + [[5, 7], [105, 7], [5, 107]]
    _row("G n=10^6, 50 points, corner last", {"n": big}, fifty, rows)
    _row("H n=10^6, one row of 60,000 (valid)", {"n": big}, [[x, 0] for x in range(60_000)], rows)
    lines = three_lines(15_490)
    _row("I n=10^6, three lines of 15,490 (valid, top)", {"n": big}, lines, rows)
    _row("J as I + corner in the top rows", {"n": big},
         lines + [[900_000, 999_000], [900_010, 999_000], [900_000, 999_010]], rows)
    window = {(rnd.randrange(20_000), rnd.randrange(20_000)) for _ in range(60_000)}
    _row("K n=10^9, 60,000 random in a window", {"n": 10 ** 9}, [list(p) for p in window], rows)
    _row("L n=2000, 232,064 points on 3-AP-free diagonals (valid)", params, case_l, rows, compact=True)
    _row("M as L + corner completed last", params, case_m, rows, compact=True)
    _row("N n=10^9, 1,400,000 random points (valid)", {"n": 10 ** 9}, case_n, rows, compact=True)
    _row("O n=10^6, {1000 i} x {0..429} (valid, second's top)", {"n": big},
         lambda: [[1000 * i, j] for i in range(430) for j in range(430)], rows, compact=True)
    _row("P n=2000, 2,800,000 random points", params, case_p, rows, compact=True)
    from tests.benchmarks import worst_corners as worst          # issue 31
    _row("Q n=10^6, {1000 i} x {0..459} (valid; refused before issue 31)", {"n": big}, lambda: worst.product(False),
         rows, compact=True)
    _row("R n=10^9, three lines of 15,492 + 1.7M isolated (valid)", {"n": 10 ** 9}, lambda: worst.lines(False, 1_700_000),
         rows, compact=True)
    _row("S n=10^9, three active lines of 15,492 (valid, the primary's top)", {"n": 10 ** 9},
         lambda: worst.lines(True, 0), rows, compact=True)
    _row("T as S + 1.7M isolated (valid)", {"n": 10 ** 9}, lambda: worst.lines(True, 1_700_000), rows, compact=True)
    doc = fixtures.read_json("constructions", "corners", "n185.json")
    _row("F reference n=185 (literal)", doc["params"], doc["answer"], rows)
    if ONLY:
        print_table(rows)
        return 0
    # throughput of the primary's row-pair scan, and the bound it implies for the theoretical worst case
    pts, _ = case_a2()
    rows_count: dict[int, int] = {}
    for _, y in pts:
        rows_count[y] = rows_count.get(y, 0) + 1
    pairs = sum(r * (r - 1) // 2 for r in rows_count.values())
    tuples = tuple((x, y) for x, y in pts)
    _, secs = timed(primary.module.find_corner, tuples, N)
    worst = 60_000 * N // 2
    print(f"primary row-pair scan: {pairs:,} pairs in {secs:.2f} s ({pairs / secs / 1e6:.1f} M pairs/s); "
          f"the bound N n / 2 = {worst:,} pairs would take about {worst / (pairs / secs):.1f} s")
    print_table(rows)
    print()
    issue = [("B A + corner planted last", params, case_b(), "0.11-0.19s"),
             ("C 60,000 random points", params, case_c(), "0.11-0.19s"),
             ("D full row + 58,000 points", params, case_d(), "0.11-0.19s")]
    side_by_side.print_rows(side_by_side.median_rows(primary, second, issue))
    return 0


if __name__ == "__main__":
    ONLY.update(sys.argv[1:])
    sys.exit(main())
