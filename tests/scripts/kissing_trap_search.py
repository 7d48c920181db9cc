"""Search for kissing ``quadratic_vectors`` pairs whose 60-degree verdict float64 gets wrong (issue 9).

Not a test module: ``python -m tests.scripts.kissing_trap_search [seed] [count]`` prints pairs (u, v) in Z[sqrt 3]^13
with |a|, |b| <= 1000 for which V = 4 g^2 - |u|^2 |v|^2 (g = u.v > 0) has one sign exactly and the other
when the coordinates are evaluated as float64 a + b*sqrt(3) and g, |u|^2, |v|^2 are float dot products.
Two of them are recorded in fixtures/vectors/kissing.json (tcIds 100 and 101, from seeds 142 and 163) and
re-checked by tests/families/kissing/test_kissing_properties.py; this script only documents how they were found (every
printed pair is re-checked exactly before printing). ``python -m tests.scripts.kissing_trap_search report`` prints
the figures of the recorded pairs (exact V, its float64 values, the relative closeness).

Why a trap exists. A coordinate a + b sqrt 3 with a ~ -b sqrt 3 is small (|x| ~ 0.1) but float64 rounds
b*sqrt(3) (~1000) with an absolute error up to ~6e-14, a relative error ~1e-12 of the coordinate. With u
made of two such coordinates, the computed direction of u is off by ~1e-12 rad, so float64 decides
cos(u, v) against 1/2 only to ~1e-12, although every arithmetic step is correctly rounded.

Construction. u = (u1, u2, 0, ..., 0), v = (v1, v2, w1, ..., w11), so
    V = Y - N S,   Y = 4 (u1 v1 + u2 v2)^2 - N (v1^2 + v2^2),   N = u1^2 + u2^2,   S = w1^2 + ... + w11^2,
which is linear in S = p + q sqrt 3 (q even, as for every sum of squares in Z[sqrt 3]). For random u, v1, v2
a two-dimensional closest-vector problem (Gauss-reduced lattice, Babai rounding plus neighbours) finds
the integers (p, q) making |V| = N |S - Y/N| tiny while S' = p - q sqrt 3 (the conjugate) stays within
what 11 box-bounded squares can reach; |V'| = |Y' - N' S'| can then reach ~1e14, so |V| ~ 1e-12 and
below is allowed by |V V'| = |norm(V)| >= 1 (the CVP often lands on units, norm(V) = 1, V = +-(2 - sqrt 3)^k). S is then written as a sum of 11 squares: 9 random ones, the remainder by a
vectorised search for a sum of two squares. The pair is kept when the float64 verdicts are all wrong.
"""
from __future__ import annotations

import math
import random
import sys
from fractions import Fraction

import numpy as np

P = 160                                    # fixed-point bits
ONE = 1 << P
SQ3 = math.isqrt(3 << (2 * P))             # floor(sqrt(3) 2^P)
BOX = 1000
D = 13


# ---- exact Z[sqrt 3] -----------------------------------------------------------------------------------

def mul(x, y):
    return (x[0] * y[0] + 3 * x[1] * y[1], x[0] * y[1] + x[1] * y[0])


def add(x, y):
    return (x[0] + y[0], x[1] + y[1])


def sub(x, y):
    return (x[0] - y[0], x[1] - y[1])


def sign(x):
    a, b = x
    s = a * abs(a) + 3 * b * abs(b)        # sign(a + b sqrt 3) = sign(a|a| + 3 b|b|)
    return (s > 0) - (s < 0)


def fixed(x):
    """x = a + b sqrt 3 in fixed point (floor-ish, error < 2 units)."""
    return x[0] * ONE + x[1] * SQ3


def real(x):
    return fixed(x) / ONE


def conj_real(x):
    return (x[0] * ONE - x[1] * SQ3) / ONE


def dot(u, v):
    s = (0, 0)
    for x, y in zip(u, v):
        s = add(s, mul(x, y))
    return s


def exact_V(u, v):
    g = dot(u, v)
    return g, sub(mul((4, 0), mul(g, g)), mul(dot(u, u), dot(v, v)))


# ---- float64 verdicts ----------------------------------------------------------------------------------

def float_verdicts(u, v):
    """Violation verdicts (True = the pair is < 60 degrees) of the natural float64 computations."""
    out = {}
    s3 = math.sqrt(3)
    fu = [a + b * s3 for a, b in u]
    fv = [a + b * s3 for a, b in v]
    nu, nv = np.array(fu), np.array(fv)
    sums = {"numpy": (float(np.dot(nu, nv)), float(np.dot(nu, nu)), float(np.dot(nv, nv))),
            "python": (sum(x * y for x, y in zip(fu, fv)), sum(x * x for x in fu), sum(y * y for y in fv)),
            "fsum": (math.fsum(x * y for x, y in zip(fu, fv)), math.fsum(x * x for x in fu), math.fsum(y * y for y in fv))}
    for name, (g, a, b) in sums.items():
        out[name + "-square"] = g > 0 and 4 * g * g - a * b > 0
        out[name + "-cosine"] = g / math.sqrt(a * b) > 0.5
    return out


def exact_float_V(u, v):
    """V evaluated exactly on the float64 coordinates (what float64 approximates after rounding them)."""
    s3 = math.sqrt(3)
    fu = [Fraction(a + b * s3) for a, b in u]
    fv = [Fraction(a + b * s3) for a, b in v]
    g = sum(x * y for x, y in zip(fu, fv))
    return 4 * g * g - sum(x * x for x in fu) * sum(y * y for y in fv)


# ---- element picking -------------------------------------------------------------------------------------

def near(x, xc):
    """The element c + e sqrt 3 of the box nearest to real value x with conjugate xc (None if none)."""
    c = round((x + xc) / 2)
    e = round((x - xc) / (2 * math.sqrt(3)))
    if abs(c) > BOX or abs(e) > BOX:
        return None
    return (c, e)


def small_real(rnd, x):
    """A box element of real value ~x and a large random conjugate."""
    while True:
        e = rnd.choice([-1, 1]) * rnd.randint(300, 577)
        c = round(x - e * math.sqrt(3))
        if abs(c) <= BOX and abs(c + e * math.sqrt(3) - x) < 0.02:
            return (c, e)


# ---- the 2D closest-vector problem -------------------------------------------------------------------

def gauss_reduce(b1, b2):
    n = lambda v: v[0] * v[0] + v[1] * v[1]
    if n(b1) > n(b2):
        b1, b2 = b2, b1
    while True:
        mu = round(Fraction(b1[0] * b2[0] + b1[1] * b2[1], n(b1)))
        b2 = (b2[0] - mu * b1[0], b2[1] - mu * b1[1])
        if n(b2) >= n(b1):
            return b1, b2
        b1, b2 = b2, b1


class CVP:
    """Integers (p, r) with p + 2 r sqrt 3 close to a real beta, r in an interval of length L."""

    def __init__(self, L: int, delta: float):
        self.K = int(L / delta)                           # weight of the real error
        # lattice points (r, K (p + 2 r sqrt 3)) in fixed point: basis (1, K 2 sqrt 3), (0, K)
        self.b = gauss_reduce((ONE, self.K * 2 * SQ3), (0, self.K * ONE))
        b1, b2 = self.b
        self.det = b1[0] * b2[1] - b1[1] * b2[0]

    def solve(self, beta_fp: int, r_mid: int):
        t = (r_mid * ONE, self.K * beta_fp)
        b1, b2 = self.b
        # coordinates of t in the basis (Cramer), rounded
        x1 = round(Fraction(t[0] * b2[1] - t[1] * b2[0], self.det))
        x2 = round(Fraction(b1[0] * t[1] - b1[1] * t[0], self.det))
        out = []
        for d1 in range(-2, 3):
            for d2 in range(-2, 3):
                c1, c2 = x1 + d1, x2 + d2
                pt = (c1 * b1[0] + c2 * b2[0], c1 * b1[1] + c2 * b2[1])
                r = pt[0] // ONE
                # p from the second coordinate: K (p + 2 r sqrt3) = pt[1]
                p = round(Fraction(pt[1] - self.K * 2 * r * SQ3, self.K * ONE))
                out.append((p, r))
        return out


# ---- sums of squares ----------------------------------------------------------------------------------

def two_squares(X, rnd):
    """All (w1, w2) box elements with w1^2 + w2^2 = X (a few, vectorised search over w1)."""
    x, xc = real(X), conj_real(X)
    if x <= 0 or xc <= 0:
        return []
    rx, rc = math.sqrt(x), math.sqrt(xc)
    s3 = math.sqrt(3)
    es, cs = [], []
    e_lo, e_hi = math.floor((-rx - rc) / (2 * s3)) - 1, math.ceil((rx + rc) / (2 * s3)) + 1
    for e in range(max(e_lo, -BOX), min(e_hi, BOX) + 1):
        lo = max(-rx - e * s3, -rc + e * s3)
        hi = min(rx - e * s3, rc + e * s3)
        if lo <= hi:
            c = np.arange(math.ceil(lo), math.floor(hi) + 1, dtype=np.int64)
            c = c[np.abs(c) <= BOX]
            cs.append(c)
            es.append(np.full(c.shape, e, dtype=np.int64))
    if not cs:
        return []
    c1, e1 = np.concatenate(cs), np.concatenate(es)
    m = X[0] - (c1 * c1 + 3 * e1 * e1)
    n = X[1] - 2 * c1 * e1
    zr = m + n * s3
    zc = m - n * s3
    ok = (zr > -1e-6) & (zc > -1e-6)
    sr, sc = np.sqrt(np.maximum(zr, 0)), np.sqrt(np.maximum(zc, 0))
    found = []
    for sg in (1, -1):
        c2 = np.rint((sr + sg * sc) / 2).astype(np.int64)
        e2 = np.rint((sr - sg * sc) / (2 * s3)).astype(np.int64)
        hit = ok & (c2 * c2 + 3 * e2 * e2 == m) & (2 * c2 * e2 == n) & (np.abs(c2) <= BOX) & (np.abs(e2) <= BOX)
        for i in np.nonzero(hit)[0]:
            found.append(((int(c1[i]), int(e1[i])), (int(c2[i]), int(e2[i]))))
    rnd.shuffle(found)
    return found


def sum_of_squares(S, k, rnd, tries=400):
    """k box elements whose squares sum to S (None if not found)."""
    for _ in range(tries):
        ws = []
        rest = S
        for i in range(k - 2):
            left = k - i
            x = math.sqrt(max(real(rest), 0) / left) * rnd.uniform(0.5, 1.2) * rnd.choice([-1, 1])
            xc = math.sqrt(max(conj_real(rest), 0) / left) * rnd.uniform(0.5, 1.2) * rnd.choice([-1, 1])
            w = near(x, xc)
            if w is None:
                break
            nr = sub(rest, mul(w, w))
            if sign(nr) <= 0 or conj_real(nr) <= 0:
                break
            ws.append(w)
            rest = nr
        if len(ws) != k - 2:
            continue
        pairs = two_squares(rest, rnd)
        if pairs:
            w1, w2 = pairs[0]
            ws += [w1, w2]
            assert add(dot(ws[:-2], ws[:-2]), add(mul(w1, w1), mul(w2, w2))) == S
            return ws
    return None


# ---- the search ------------------------------------------------------------------------------------------

def search(seed: int, want: int, log=print):
    rnd = random.Random(seed)
    s3 = math.sqrt(3)
    k = D - 2
    sc_lo, sc_hi = 0.4e7, 3.2e7                         # conjugate range of S reachable by 11 squares
    L = int((sc_hi - sc_lo) / (4 * s3))
    cvp = CVP(L, 1e-9)
    found = []
    trials = 0
    while len(found) < want:
        trials += 1
        ur = rnd.uniform(0.05, 0.15)
        ang = rnd.uniform(0, 2 * math.pi)
        u1, u2 = small_real(rnd, ur * math.cos(ang)), small_real(rnd, ur * math.sin(ang))
        vr = rnd.uniform(10, 25)
        th = ang + rnd.choice([-1, 1]) * rnd.uniform(0.3, 0.8)       # v_A within ~17..46 degrees of u
        v1 = near(vr * math.cos(th), rnd.uniform(-1800, 1800))
        v2 = near(vr * math.sin(th), rnd.uniform(-1800, 1800))
        if v1 is None or v2 is None:
            continue
        u, vA = [u1, u2], [v1, v2]
        N = dot(u, u)
        Y = sub(mul((4, 0), mul(dot(u, vA), dot(u, vA))), mul(N, dot(vA, vA)))
        if sign(Y) <= 0:
            continue
        # beta = Y / N exactly as (c1 + c2 sqrt 3) / Dn
        Nc = (N[0], -N[1])
        c = mul(Y, Nc)
        Dn = N[0] * N[0] - 3 * N[1] * N[1]
        beta_fp = (c[0] * ONE + c[1] * SQ3) // Dn
        beta = beta_fp / ONE
        r_lo = math.ceil((beta - sc_hi) / (4 * s3))
        r_mid = r_lo + L // 2
        best = None
        for p, r in cvp.solve(beta_fp, r_mid):
            if not r_lo <= r <= r_lo + L:
                continue
            S = (p, 2 * r)
            V = sub(Y, mul(N, S))
            size = abs(fixed(V))
            if best is None or size < best[0]:
                best = (size, S, V)
        if best is None:
            continue
        size, S, V = best
        if V == (0, 0) or size / ONE > 2e-11:
            continue
        # predicted float error, with w ignored (their contribution is ~N |w| 1e-13, small)
        fu = [Fraction(a + b * s3) for a, b in u]
        fv = [Fraction(a + b * s3) for a, b in vA]
        Sx = Fraction(fixed(S), ONE)
        g = fu[0] * fv[0] + fu[1] * fv[1]
        Vf = 4 * g * g - (fu[0] ** 2 + fu[1] ** 2) * (fv[0] ** 2 + fv[1] ** 2 + Sx)
        Vx = Fraction(fixed(V), ONE)
        if (Vf > 0) == (Vx > 0) or abs(Vf - Vx) < 3 * abs(Vx):
            continue
        ws = sum_of_squares(S, k, rnd)
        if ws is None:
            log(f"trial {trials}: |V| = {float(Vx):.3g}, no sum of {k} squares for S = {S}")
            continue
        uu = u + [(0, 0)] * k
        vv = vA + ws
        g, Vx2 = exact_V(uu, vv)
        assert Vx2 == V and sign(g) > 0
        exact = sign(V) > 0
        fl = float_verdicts(uu, vv)
        if all(f != exact for f in fl.values()):
            found.append((uu, vv))
            log(f"trial {trials}: FOUND exact violation={exact} V={V} ~ {float(Vx):.4g} float V~{float(exact_float_V(uu, vv)):.4g}")
            log(f"  u = {[list(x) for x in uu]}")
            log(f"  v = {[list(x) for x in vv]}")
        else:
            log(f"trial {trials}: |V| = {float(Vx):.3g}, float verdicts not all wrong: {fl}")
    return found


def report(tc_ids=(100, 101)):
    """The figures of the recorded traps of fixtures/vectors/kissing.json."""
    from endless_exam import fixtures
    tests = {t["tcId"]: t for t in fixtures.read_json("vectors", "kissing.json")["tests"]}
    for tc in tc_ids:
        u, v = ([tuple(c) for c in x] for x in tests[tc]["answer"]["quadratic_vectors"]["vectors"])
        g, V = exact_V(u, v)
        nu, nv = real(dot(u, u)), real(dot(v, v))
        print(f"tcId {tc} ({tests[tc]['result']}): V = {V[0]} + {V[1]} sqrt3 = {real(V):.4g} (norm {V[0] ** 2 - 3 * V[1] ** 2}), "
              f"g = {real(g):.4g}, |u|^2 = {nu:.4g}, |v|^2 = {nv:.4g}, V/(|u|^2|v|^2) = {real(V) / (nu * nv):.3g}, "
              f"V on the float64 coordinates = {float(exact_float_V(u, v)):.4g}")
        s3 = math.sqrt(3)
        fu, fv = [a + b * s3 for a, b in u], [a + b * s3 for a, b in v]
        for name, dt in (("numpy", lambda x, y: float(np.dot(np.array(x), np.array(y)))),
                         ("python", lambda x, y: sum(p * q for p, q in zip(x, y)))):
            fg, fa, fb = dt(fu, fv), dt(fu, fu), dt(fv, fv)
            print(f"  float64 {name}: 4g^2 - |u|^2|v|^2 = {4 * fg * fg - fa * fb:.4g}, g/sqrt(|u|^2|v|^2) - 0.5 = "
                  f"{fg / math.sqrt(fa * fb) - 0.5:.3g}; exact cos - 1/2 = V / (2 |u||v| (2g + |u||v|)) = "
                  f"{real(V) / (2 * math.sqrt(nu * nv) * (2 * real(g) + math.sqrt(nu * nv))):.2g}")
        print(f"  float64 violation verdicts (exact: {sign(V) > 0}): {sorted(set(float_verdicts(u, v).values()))}")


if __name__ == "__main__":
    if sys.argv[1:] == ["report"]:
        report()
        sys.exit(0)
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    search(seed, count)
