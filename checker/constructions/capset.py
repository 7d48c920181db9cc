"""Deterministic constructions of large cap sets in F_3^d.

A *cap set* in F_3^d (= AG(d,3)) is a set of vectors with no three distinct
points x, y, z satisfying x + y + z = 0 (coordinatewise mod 3); equivalently
it contains no affine line {x, x+v, x+2v}.  Points are written as strings of
d characters over '012'.

Methods (all fully deterministic; no randomness is used anywhere)
------------------------------------------------------------------

1. **Hill cap in PG(5,3) via a Singer cycle.**  The field GF(3^6) is built as
   GF(3)[t]/(f) where f is the lexicographically first monic primitive
   polynomial of degree 6 over GF(3) (coefficient vector (c0,...,c5) of
   t^6 + c5 t^5 + ... + c0 enumerated in ``itertools.product`` order; the
   search finds f = t^6 + t^5 + 2, see ``primitive_polynomial``).
   With alpha = t primitive, the 364 points of PG(5,3) are the classes
   [alpha^i], i = 0..363 (alpha^364 = -1).  Multiplication by alpha (the
   Singer cycle) permutes the points cyclically.  Three points are collinear
   iff one is a GF(3)-combination of the other two, so the line through
   [alpha^i], [alpha^j] consists of these two points and
   [alpha^i + alpha^j], [alpha^i - alpha^j].  We take the subgroup of order
   m (m = 28, 14, 7 tried in that order) of the Singer group, whose orbits
   are the residue classes i mod 364/m, and run an exhaustive, deterministic
   branch-and-bound over unions of orbits for a cap of size 56 (the maximum
   in PG(5,3)).  Orders 28 and 14 give no 56-cap (order-28 orbits contain
   whole lines); the first 56-cap found is a union of 8 orbits of the
   order-7 subgroup (about 0.02 s).  Correctness is checked directly (all pairs, the two other
   points of every secant line must lie outside the set).

2. **Doubling.**  If K is a cap in PG(n,3) then D = {x, 2x : [x] in K} is a
   cap in AG(n+1,3) = F_3^{n+1} of size 2|K|.  Proof: if x + y + z = 0 with
   x, y, z distinct elements of D, the three projective points [x],[y],[z]
   are linearly dependent; they cannot be three distinct points of K (no
   three collinear), and if two coincide, say y = 2x = -x, then z = 0, which
   is not in D.  Doubling the Hill cap gives the 112-cap in F_3^6 (maximum).

3. **Hyperplane section (d = 5).**  The intersection of a cap with an
   affine hyperplane H = {x : a.x = c} is a cap, and H is identified with
   F_3^{d-1} by deleting the coordinate p = first index with a_p != 0 (an
   affine bijection H -> F_3^{d-1}, which maps lines to lines).  We take the
   largest section of the 112-cap (first one in the enumeration order a in
   ``itertools.product(range(3), repeat=6)`` without a = 0, c = 0, 1, 2).
   A hyperplane a.x = 1 whose projective hyperplane a.x = 0 meets the Hill
   cap in 11 points contains (112 - 2*11)/2 = 45 points of the doubled cap,
   the maximum in F_3^5.  (Iterating sections further only gives 18 and 8
   in d = 4, 3, so small dimensions use the search below.)

   **Exhaustive backtracking (d = 1..4).**  Points of F_3^d are indexed in
   ``itertools.product`` order; the search starts from the affine frame
   {0, e_1, ..., e_d} (a maximal cap spans AG(d,3), so it contains an
   affine basis, which an affine map sends to this frame), then adds
   points in increasing index order, keeping a bitset of candidates not
   on a line through two chosen points, pruning when
   |chosen| + |candidates| < target, and stops at the first cap of the known
   maximum size (2, 4, 9, 20).  No randomness is involved (no seed needed);
   it takes a few milliseconds.

4. **Products.**  If A is a cap in F_3^a and B a cap in F_3^b then A x B is a
   cap in F_3^{a+b}: if (x,x')+(y,y')+(z,z') = 0 with the three points
   distinct, then x+y+z = 0 and x'+y'+z' = 0; in F_3 this forces x, y, z to
   be all equal or all distinct (if x = y then z = -2x = x), and likewise for
   x', y', z'; they cannot both be "all equal", so one factor contains a
   line - contradiction.  Used for d = 8, 10, 12.

5. **Affine x projective product plus directions, then doubling (d = 9, 11).**
   Let A be a cap in AG(k,3) (vectors x in F_3^k), B a cap in PG(l-1,3)
   with one fixed representative y_b per point, and C a cap in PG(k-1,3)
   (one representative per point) consisting of directions *not determined*
   by A, i.e. no c in C is parallel to x - x' for distinct x, x' in A.  Then
       P = {(x, y_b) : x in A, b in B}  union  {(c, 0) : c in C}
   is a cap in PG(k+l-1,3) of size |A||B| + |C|.  Proof: the listed
   vectors are pairwise non-proportional (y_b != 0 is a fixed
   representative, and x != x' when b = b'), so a dependency
   l1 p1 + l2 p2 + l3 p3 = 0 between three of them has all l_i != 0.  Three points of the first kind: if the b_i are distinct this
   contradicts B being a cap; if exactly two coincide the third y has
   coefficient 0; if all coincide then l1+l2+l3 = 0 forces l1=l2=l3 in
   F_3, so x1+x2+x3 = 0, a line in A.  Two of the first kind and (c,0):
   the y-parts force b1 = b2 and l2 = -l1, hence c is parallel to x1 - x2,
   excluded.  One of the first kind: its y-part cannot cancel.  Three of
   the second kind: C is a cap.  Doubling P (method 2) gives an affine cap
   of size 2(|A||B| + |C|) in F_3^{k+l}.  With B = the Hill cap (l = 6):
   A = the 9-cap in F_3^3 leaves 1 of the 13 directions undetermined, giving
   2(9*56 + 1) = 1010 > 112*9 in d = 9; A = the 45-cap in F_3^5 leaves 11
   of the 121 directions undetermined and they form a cap, giving
   2(45*56 + 11) = 5062 > 112*45 in d = 11.  (For the 20-cap and the
   112-cap every direction is determined, so nothing is gained in d = 10,
   12.)  C is chosen greedily in lexicographic order among the undetermined
   directions (normalised so the first non-zero coordinate is 1).

Every set is verified by an independent plain-Python check
(``is_cap_plain``: set of tuples, all pairs, third point -(x+y) mod 3); for
expanded sets with more than 2500 points ``main`` uses an equivalent numpy
check to keep regeneration fast (about 10 s in total), and ``python -m endless_exam.checker.constructions.capset
--verify`` re-checks every fixture file with the plain-Python check.

The family's documented baseline (``endless-exam instance capset --baseline``; registry ``baselines.py``):
``baseline(params, log)`` and ``domain(params)`` at the end of this module, the largest product of the bundled
maximum caps of F_3^1..F_3^6 (domain: at most 20,000 points, d <= 12).
"""

from __future__ import annotations

import itertools
import os
import sys
import time

import numpy as np

from . import document, require, run_generator, verify_fixtures, write_fixture
from ._baseline import Baseline, Log, MAX_POINTS, best_product, fixture_answer

Q = 3
N_PG = 6  # vector-space dimension of PG(5,3)
FIELD_ORDER = Q**N_PG  # 729
NUM_POINTS = (FIELD_ORDER - 1) // (Q - 1)  # 364 points of PG(5,3)



# --------------------------------------------------------------------------
# Independent sanity checks
# --------------------------------------------------------------------------

def is_cap_plain(points) -> bool:
    """Plain-Python cap check: no x != y in the set with -(x+y) mod 3 in it.

    If x != y then z = -(x+y) differs from both x and y, so this detects
    exactly the triples of distinct points with x + y + z = 0.
    """
    pts = [tuple(int(c) for c in p) for p in points]
    s = set(pts)
    if len(s) != len(pts):
        return False
    n = len(pts)
    for i in range(n):
        x = pts[i]
        for j in range(i + 1, n):
            y = pts[j]
            z = tuple((-a - b) % 3 for a, b in zip(x, y))
            if z in s:
                return False
    return True


def is_cap_numpy(points) -> bool:
    """Vectorised version of the same check (used for large sets)."""
    arr = np.array([[int(c) for c in p] for p in points], dtype=np.int64)
    n, d = arr.shape
    w = 3 ** np.arange(d, dtype=np.int64)
    codes = arr @ w
    if len(np.unique(codes)) != n:
        return False
    member = np.zeros(3**d, dtype=bool)
    member[codes] = True
    for i in range(n - 1):
        third = (-(arr[i] + arr[i + 1:])) % 3
        if member[third @ w].any():
            return False
    return True


def expand(answer):
    """Expand an answer (list of strings or {"product": [...]}) to strings."""
    if isinstance(answer, dict):
        factors = answer["product"]
        return ["".join(t) for t in itertools.product(*factors)]
    return list(answer)


# --------------------------------------------------------------------------
# GF(3^6) and PG(5,3)
# --------------------------------------------------------------------------

def _powers(coeffs):
    """Powers of t modulo f = t^6 + c5 t^5 + ... + c0 until they return to 1.

    Elements are tuples (e0..e5) meaning e0 + e1 t + ... + e5 t^5.
    Returns the list [t^0, t^1, ...] up to (excluding) the first repeat of 1.
    """
    one = (1,) + (0,) * (N_PG - 1)
    cur = one
    out = []
    while True:
        out.append(cur)
        top = cur[-1]
        shifted = (0,) + cur[:-1]
        # t^6 = -(c0 + c1 t + ... + c5 t^5)
        cur = tuple((shifted[k] - top * coeffs[k]) % 3 for k in range(N_PG))
        if cur == one or len(out) > FIELD_ORDER:
            return out


def primitive_polynomial():
    """Lexicographically first (c0..c5) such that t^6+sum c_k t^k is primitive."""
    for coeffs in itertools.product(range(3), repeat=N_PG):
        if coeffs[0] == 0:
            continue
        if len(_powers(coeffs)) == FIELD_ORDER - 1:
            return coeffs
    raise RuntimeError("no primitive polynomial found")


class PG53:
    """PG(5,3) as GF(3^6)^*/GF(3)^*, point i <-> [alpha^i], 0 <= i < 364."""

    def __init__(self):
        self.poly = primitive_polynomial()
        self.pow = _powers(self.poly)  # 728 elements alpha^0..alpha^727
        self.log = {v: i for i, v in enumerate(self.pow)}
        # line[i][j] = the two further points on the line through i and j
        n = NUM_POINTS
        self.third = [[None] * n for _ in range(n)]
        for i in range(n):
            a = self.pow[i]
            for j in range(i + 1, n):
                b = self.pow[j]
                s = tuple((x + y) % 3 for x, y in zip(a, b))
                d = tuple((x - y) % 3 for x, y in zip(a, b))
                pair = (self.log[s] % n, self.log[d] % n)
                self.third[i][j] = pair
                self.third[j][i] = pair

    def vector(self, i):
        return self.pow[i]

    def is_cap(self, pts) -> bool:
        s = set(pts)
        lst = sorted(s)
        for a, b in itertools.combinations(lst, 2):
            u, v = self.third[a][b]
            if u in s or v in s:
                return False
        return True


def hill_cap(pg: PG53, orders=(28, 14, 7), target=56):
    """Branch and bound over unions of orbits of a Singer subgroup.

    Returns (points, m) where m is the subgroup order that succeeded.
    """
    n = NUM_POINTS
    for m in orders:
        step = n // m
        orbits = [tuple(r + step * t for t in range(m)) for r in range(step)]
        # keep only orbits that are caps themselves
        good = [o for o in orbits if pg.is_cap(o)]
        # compatibility between orbits (union is a cap)
        k = len(good)
        compat = [[False] * k for _ in range(k)]
        for a in range(k):
            for b in range(a + 1, k):
                ok = pg.is_cap(good[a] + good[b])
                compat[a][b] = compat[b][a] = ok
        need = -(-target // m)
        best = None

        def rec(chosen, cand):
            nonlocal best
            if best is not None:
                return
            if len(chosen) * m >= target:
                pts = [p for c in chosen for p in good[c]]
                if pg.is_cap(pts):
                    best = pts
                return
            if len(chosen) + len(cand) < need:
                return
            for idx, c in enumerate(cand):
                pts = [p for cc in chosen for p in good[cc]] + list(good[c])
                if not pg.is_cap(pts):
                    continue
                rest = [e for e in cand[idx + 1:] if compat[c][e]]
                rec(chosen + [c], rest)
                if best is not None:
                    return

        rec([], list(range(k)))
        if best is not None:
            return sorted(best), m
    raise RuntimeError("Hill cap not found")


def doubling(pg: PG53, cap):
    """{x, 2x : [x] in cap} as digit strings (coefficients e0..e5)."""
    out = []
    for i in cap:
        v = pg.vector(i)
        out.append("".join(str(c) for c in v))
        out.append("".join(str((2 * c) % 3) for c in v))
    return sorted(out)


# --------------------------------------------------------------------------
# Hyperplane sections
# --------------------------------------------------------------------------

def best_section(points):
    """Largest affine hyperplane section, mapped to F_3^{d-1}.

    Returns (section_points, a, c, pivot).
    """
    pts = [tuple(int(ch) for ch in p) for p in points]
    d = len(pts[0])
    best = None
    for a in itertools.product(range(3), repeat=d):
        if not any(a):
            continue
        vals = [sum(x * y for x, y in zip(a, p)) % 3 for p in pts]
        for c in range(3):
            cnt = vals.count(c)
            if best is None or cnt > best[0]:
                best = (cnt, a, c)
    _, a, c = best
    pivot = next(k for k in range(d) if a[k])
    sec = []
    for p in pts:
        if sum(x * y for x, y in zip(a, p)) % 3 == c:
            sec.append("".join(str(p[k]) for k in range(d) if k != pivot))
    return sorted(sec), a, c, pivot


def frame_search(d, target):
    """Exhaustive backtracking for a cap of size ``target`` in F_3^d
    containing the affine frame {0, e_1, ..., e_d}.  Deterministic."""
    pts = list(itertools.product(range(3), repeat=d))
    n = len(pts)
    idx = {p: i for i, p in enumerate(pts)}
    third = [[idx[tuple((-a - b) % 3 for a, b in zip(pts[i], pts[j]))]
              for j in range(n)] for i in range(n)]
    frame = [idx[(0,) * d]] + [
        idx[tuple(1 if k == j else 0 for k in range(d))] for j in range(d)]
    chosen = []
    cand = (1 << n) - 1
    for p in frame:
        require(bool(cand >> p & 1), f"frame point {p} is not a candidate")
        for x in chosen:
            cand &= ~(1 << third[p][x])
        chosen.append(p)
        cand &= ~(1 << p)

    def rec(cand):
        if len(chosen) >= target:
            return list(chosen)
        c = cand
        while c:
            if len(chosen) + bin(c).count("1") < target:
                return None
            p = (c & -c).bit_length() - 1
            c &= c - 1
            nc = c
            for x in chosen:
                nc &= ~(1 << third[p][x])
            chosen.append(p)
            r = rec(nc)
            if r is not None:
                return r
            chosen.pop()
        return None

    res = rec(cand)
    if res is None:
        raise RuntimeError(f"no {target}-cap found in F_3^{d}")
    return sorted("".join(map(str, pts[i])) for i in res)


def _normalise(v):
    f = next(c for c in v if c)
    return tuple((c * f) % 3 for c in v)  # f is its own inverse mod 3


def undetermined_directions(A):
    """Normalised directions of F_3^k not parallel to any x - x', x != x' in A."""
    pts = [tuple(int(ch) for ch in p) for p in A]
    k = len(pts[0])
    dirs = {_normalise([(a - b) % 3 for a, b in zip(x, y)])
            for x, y in itertools.combinations(pts, 2)}
    return [v for v in itertools.product(range(3), repeat=k)
            if any(v) and _normalise(v) == v and v not in dirs]


def _double(vectors):
    return ["".join(str((m * c) % 3) for c in v)
            for v in vectors for m in (1, 2)]


def product_plus_directions(A, B):
    """Method 5: doubling of {(x, y) : x in A, y in B} + {(c, 0) : c in C}.

    A: affine cap (digit strings, length k); B: representatives (tuples,
    length l) of a projective cap.  Returns (doubled cap, |C|).
    """
    C = []
    for u in undetermined_directions(A):
        if is_cap_plain(_double(C + [u])):  # keep C a projective cap
            C.append(u)
    l = len(B[0])
    proj = [tuple(int(ch) for ch in x) + tuple(y) for x in A for y in B]
    proj += [c + (0,) * l for c in C]
    return sorted(_double(proj)), len(C)


# --------------------------------------------------------------------------
# Fixture generation
# --------------------------------------------------------------------------

def fixture(d, answer, method):
    return document("capset", {"d": d}, answer, len(expand(answer)), method)


def build_all(log=print):
    """Return {d: (answer, method)} for all fixture dimensions."""
    t0 = time.time()
    pg = PG53()
    K, m = hill_cap(pg)
    require(len(K) == 56 and pg.is_cap(K), "the Hill cap search did not give a 56-cap")
    poly = "t^6" + "".join(
        (f" + {c}" if c != 1 or k == 0 else " + ") + (f"t^{k}" if k > 1 else ("t" if k == 1 else ""))
        for k, c in reversed(list(enumerate(pg.poly))) if c
    )
    log(f"Hill cap: 56 points, union of {56 // m} orbits of the Singer subgroup "
        f"of order {m}, GF(3^6) = GF(3)[t]/({poly}) ({time.time() - t0:.1f}s)")
    caps = {6: doubling(pg, K)}
    require(len(caps[6]) == 112 and is_cap_plain(caps[6]), "doubling the Hill cap did not give a 112-cap")
    methods = {
        6: (f"Doubling {{x,2x}} of the Hill 56-cap in PG(5,3), found as a union of "
            f"{56 // m} orbits of the order-{m} subgroup of the Singer cycle of "
            f"GF(3^6)=GF(3)[t]/({poly}) by exhaustive deterministic orbit "
            f"backtracking; points are coefficient vectors (1,t,...,t^5)."),
    }
    sec, a, c, pivot = best_section(caps[6])
    require(len(sec) == 45 and is_cap_plain(sec), "the hyperplane section is not a 45-cap")
    caps[5] = sec
    methods[5] = (
        f"Largest affine hyperplane section {{x: a.x={c}}}, "
        f"a={''.join(map(str, a))}, of the d=6 fixture cap (doubled Hill cap), "
        f"identified with F_3^5 by deleting coordinate {pivot} (0-based).")
    for d, target in ((4, 20), (3, 9), (2, 4), (1, 2)):
        caps[d] = frame_search(d, target)
        require(is_cap_plain(caps[d]), f"d={d}: the searched set is not a cap")
        methods[d] = (
            f"Deterministic exhaustive backtracking (points in lexicographic "
            f"order, starting from the affine frame 0,e_1..e_{d}) stopped at the "
            f"first cap of the known maximum size {target}; no randomness.")
    answers = {d: (caps[d], methods[d]) for d in range(1, 7)}
    # products (factor order as listed)
    plans = {8: (6, 2), 10: (6, 4), 12: (6, 6)}
    for d, fac in plans.items():
        sizes = "x".join(str(len(caps[f])) for f in fac)
        answers[d] = (
            {"product": [caps[f] for f in fac]},
            "Cartesian product of caps (a product of caps is a cap): "
            + " x ".join(f"the d={f} fixture cap" for f in fac)
            + f" ({sizes}).")
    hill = [pg.vector(i) for i in K]
    for d, k in ((9, 3), (11, 5)):
        cap, c = product_plus_directions(caps[k], hill)
        require(len(cap) == 2 * (len(caps[k]) * 56 + c), f"d={d}: unexpected size {len(cap)}")
        answers[d] = (
            cap,
            f"Doubling {{v,2v}} of the PG({d - 1},3) cap {{(x,y): x in the d={k} "
            f"fixture cap, y in the Hill 56-cap (d=6 method)}} plus {{(c,0)}} for "
            f"a {c}-point cap C of directions not determined by the d={k} cap; "
            f"size 2*({len(caps[k])}*56+{c}) (see module docstring, method 5).")
    return answers


def write_all():
    t0 = time.time()
    answers = build_all()
    print(f"constructions built in {time.time() - t0:.1f}s")
    for d in sorted(answers):
        t1 = time.time()
        answer, method = answers[d]
        pts = expand(answer)
        require(all(len(p) == d for p in pts), f"d={d}: a point has the wrong length")
        ok = is_cap_plain(pts) if len(pts) <= 2500 else is_cap_numpy(pts)
        require(ok, f"d={d}: not a cap")
        obj = fixture(d, answer, method)
        path = write_fixture(f"d{d}.json", obj)
        print(f"{os.path.relpath(path)}: d={d} size={obj['objective']} "
              f"({time.time() - t1:.1f}s)")


def _verify(doc):
    d = doc["params"]["d"]
    pts = expand(doc["answer"])
    ok = (all(len(p) == d and set(p) <= set("012") for p in pts)
          and len(pts) == doc["objective"] <= 20000
          and is_cap_plain(pts))
    return ok, f"d={d} size={len(pts)}"


def verify_all():
    """Re-check every fixture with the plain-Python check (slow for d=12)."""
    return verify_fixtures("capset", _verify)


# ---- the documented baseline and its domain (the registry is baselines.py) ------------------------------

CAPSET_FACTORS = {d: f"d{d}.json" for d in range(1, 7)}


def _capset_sizes() -> dict[int, int]:
    return {d: len(fixture_answer("capset", name)) for d, name in CAPSET_FACTORS.items()}


def baseline(params: dict, log: Log) -> Baseline:
    d = params["d"]
    size, parts = best_product(_capset_sizes(), d, MAX_POINTS)
    caps = [fixture_answer("capset", CAPSET_FACTORS[p]) for p in parts]
    answer = caps[0] if len(caps) == 1 else {"product": caps}
    sizes = " x ".join(str(len(c)) for c in caps)
    return Baseline(answer, f"Product of small caps (a product of caps is a cap): the bundled maximum caps of "
                            f"F_3^{' x F_3^'.join(map(str, parts))} ({sizes} = {size} points), the largest product "
                            f"over the dimensions 1..6 summing to {d}; the caps are those of "
                            f"checker/constructions/capset.py (fixtures/constructions/capset/).",
                    {"factors": [f"capset/{CAPSET_FACTORS[p]}" for p in parts]})


def domain(params: dict) -> str | None:
    # the products grow with d (the best one exceeds 20,000 points from d = 13 on), so the DP over
    # 1..d, which is quadratic in the digits of its products, is never run for a large d (up to 10^7)
    if params["d"] > 12 or best_product(_capset_sizes(), params["d"], MAX_POINTS) is None:
        return f"the capset baseline (products of caps) needs at most {MAX_POINTS:,} points: d <= 12"
    return None


def main(argv=None):
    return run_generator(argv, write_all, verify_all)


if __name__ == "__main__":
    sys.exit(main())
