"""The documented baseline algorithm of every family, for any parameters in its domain.

``baseline(family, params, log)`` returns a ``Baseline``: the answer (exactly what a submitter could send),
the method in words and the method's parameters (seeds, move budgets, factors). Every method is one of
the generators under ``checker/constructions/`` (docs/SPECIFICATION.md section 8, the paper's Appendix E), called
with parameters stated here; none reads the clock, so the result is the same on every machine (the
wall-clock budget of ``endless-exam instance --baseline`` only stops a run that takes too long). Nothing
here decides validity: the caller verifies the answer with both verifiers.

``domain(family, params)`` returns None when the baseline applies, else a sentence naming the domain
(the family's parameter schema comes first; this adds the limits of the baseline itself, e.g. a product
of caps must stay within the 20,000 points an answer may list).

Building blocks that are themselves generator output (the maximum caps of F_3^1..F_3^6, the Schur
colourings k = 1..8) are read from ``fixtures/constructions/``: those files are what the generators wrote.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable

from endless_exam import fixtures

Log = Callable[[str], None]
MAX_POINTS = 20_000          # capset, apfree_q: the literal and product forms are limited to 20,000 points
MAX_SCHUR = 200_000          # schur: at most 200,000 colours
MAX_CORNERS = 60_000         # corners: a diff_set expands to at most 60,000 points
LINEQ_MAX_N = 1_000_000      # lineq: the greedy search walks 1..n (the instance domain goes to 10^12)
MAX_MATMUL_COEFFICIENTS = 4_000_000   # matmul: the baseline's scheme (at most n*m*p products) stays a few MB


@dataclass
class Baseline:
    answer: Any
    method: str
    parameters: dict = field(default_factory=dict)


class OutsideDomain(ValueError):
    """The parameters are valid for the family but outside the domain of its baseline."""


def _best_product(sizes: dict[int, int], total: int, cap: int | None = None) -> tuple[int, list[int]] | None:
    """The largest product of sizes[part] over multisets of parts summing to ``total`` (DP; parts in
    decreasing order, first maximum kept)."""
    best: dict[int, tuple[int, list[int]]] = {0: (1, [])}
    for d in range(1, total + 1):
        for part in sorted(sizes, reverse=True):
            if part <= d and d - part in best:
                value = best[d - part][0] * sizes[part]
                if d not in best or value > best[d][0]:
                    best[d] = (value, sorted(best[d - part][1] + [part], reverse=True))
    got = best.get(total)
    if got is None or (cap is not None and got[0] > cap):
        return None
    return got


def _fixture_answer(family: str, name: str):
    return fixtures.read_json("constructions", family, name)["answer"]


# ---- the families ------------------------------------------------------------------------------------

CAPSET_FACTORS = {d: f"d{d}.json" for d in range(1, 7)}


def _capset_sizes() -> dict[int, int]:
    return {d: len(_fixture_answer("capset", name)) for d, name in CAPSET_FACTORS.items()}


def capset(params: dict, log: Log) -> Baseline:
    d = params["d"]
    size, parts = _best_product(_capset_sizes(), d, MAX_POINTS)
    caps = [_fixture_answer("capset", CAPSET_FACTORS[p]) for p in parts]
    answer = caps[0] if len(caps) == 1 else {"product": caps}
    sizes = " x ".join(str(len(c)) for c in caps)
    return Baseline(answer, f"Product of small caps (a product of caps is a cap): the bundled maximum caps of "
                            f"F_3^{' x F_3^'.join(map(str, parts))} ({sizes} = {size} points), the largest product "
                            f"over the dimensions 1..6 summing to {d}; the caps are those of "
                            f"checker/constructions/capset.py (fixtures/constructions/capset/).",
                    {"factors": [f"capset/{CAPSET_FACTORS[p]}" for p in parts]})


def _capset_domain(params: dict) -> str | None:
    # the products grow with d (the best one exceeds 20,000 points from d = 13 on), so the DP over
    # 1..d, which is quadratic in the digits of its products, is never run for a large d (up to 10^7)
    if params["d"] > 12 or _best_product(_capset_sizes(), params["d"], MAX_POINTS) is None:
        return f"the capset baseline (products of caps) needs at most {MAX_POINTS:,} points: d <= 12"
    return None


def kissing(params: dict, log: Log) -> Baseline:
    from endless_exam.checker.constructions import kissing as gen

    d = params["d"]
    quadratic = params.get("representation") == "quadratic"
    bases = [("BW16", "the Barnes-Wall lattice BW16 (Construction B from RM(1,4))", gen.bw16())]
    if d <= 8:
        bases.append(("E8", "E8 (Construction B from the [8,4,4] Hamming code)",
                      gen.construction_b_minimal(8, gen.hamming8_weight8())))
    options = []
    for name, what, vectors in bases:
        n = len(vectors[0])
        for t in range(3):                   # t ties x_0 = x_1, x_2 = x_3, ... and zeros at the end
            z = n - d - t
            if z < 0 or (t and (n - z - 2 * t) % 2):
                continue
            ties = tuple((2 * i, 2 * i + 1) for i in range(t))
            zeros = tuple(range(n - z, n))
            found = gen.section(vectors, zeros, ties)
            how = ", ".join(filter(None, [f"x_{zeros[0]}..x_{n - 1} = 0" if zeros else "",
                                          " and ".join(f"x_{a} = x_{b}" for a, b in ties)])) or "no restriction"
            options.append((len(found), found, f"the minimal vectors of {what} with {how}", name, zeros, ties))
    size, vectors, text, _, zeros, ties = max(options, key=lambda o: o[0])      # the first maximum
    vectors = sorted(vectors)
    answer = (gen.answer_of("d13_quadratic.json", vectors) if quadratic else [list(v) for v in vectors])
    return Baseline(answer, f"Lattice section (the vectors of a kissing configuration in a subspace form one): "
                            f"{text} (in integer coordinates: doubled tied coordinates, (u + w, u - w) on free pairs, "
                            f"checker/constructions/kissing.py, section); {size} vectors, the largest of the "
                            f"{len(options)} sections tried (E8 and BW16, up to two ties)."
                            + (" Written in the exact quadratic_vectors form with every sqrt(3) part 0." if quadratic else ""),
                    {"sections_tried": len(options), "zeros": list(zeros), "ties": [list(t) for t in ties]})


def kissing_theta(params: dict, log: Log) -> Baseline:
    from endless_exam.checker.constructions import kissing_theta as gen

    d, c = params["d"], params["cos100"]
    if (d, c) in gen.PLAN or (d in gen.SHAPES and d in (12, 14)):
        vectors, method = gen.build(d, c)
        return Baseline([list(v) for v in vectors], method, {"generator": "kissing_theta.build"})
    p, q = gen.bound(c)
    short = [(1,), (1, 1), (1,) * 4, (2, 1, 1, 1, 1)]
    runs = []
    for shapes in ([(1,) * d] + short, short + [(1,) * d]):     # sign vectors first, then short vectors first
        shapes = list(dict.fromkeys(s for s in shapes if len(s) <= d and math.comb(d, len(s)) * 2 ** len(s) <= 1 << 17))
        vectors, notes = gen.augment([], d, p, q, shapes)
        runs.append((len(vectors), sorted(vectors), notes, shapes))
    _, vectors, notes, shapes = max(runs, key=lambda r: r[0])      # the first of the two orders on a tie
    return Baseline([list(v) for v in vectors],
                    f"Signed-weight and binary sign-code candidates with greedy selection: every vector whose absolute "
                    f"values are one of the shapes {', '.join(map(str, shapes))}, shape by shape in this order and "
                    f"lexicographically within a shape (the better of two orders: the +-1 sign vectors first, or the "
                    f"cross-polytope and short signed vectors first), kept when its "
                    f"cosine with every kept vector is at most {c}/100 (exact integer test): "
                    f"{', '.join(notes) or 'nothing'}; {len(vectors)} vectors (checker/constructions/kissing_theta.py, "
                    f"augment).", {"shapes": [list(s) for s in shapes], "orders_tried": 2})


HEILBRONN_MOVES = 100_000
HEILBRONN_SEED = 1


def _heilbronn(params: dict, inside, sample, where: str, log: Log) -> Baseline:
    from endless_exam.checker.constructions._heilbronn_search import search

    a_min, points = search(params["n"], inside, sample, HEILBRONN_SEED, HEILBRONN_MOVES)
    return Baseline(points, f"Seeded target-level local search {where} (exact integer areas; simulated annealing, "
                            f"temperature 0.5 -> 0.02; random.Random({HEILBRONN_SEED}), {HEILBRONN_MOVES:,} move "
                            f"proposals from uniform random points; checker/constructions/_heilbronn_search.py). "
                            f"Smallest doubled area {a_min} grid units.",
                    {"seed": HEILBRONN_SEED, "moves": HEILBRONN_MOVES})


def heilbronn(params: dict, log: Log) -> Baseline:
    from endless_exam.checker.constructions._heilbronn_search import square_inside, square_sample

    return _heilbronn(params, square_inside, square_sample, "on the 10,000 x 10,000 grid", log)


def heilbronn_shape(params: dict, log: Log) -> Baseline:
    from endless_exam.checker.constructions._heilbronn_search import triangle_domain

    inside, sample = triangle_domain([tuple(v) for v in params["T"]])
    return _heilbronn(params, inside, sample, "inside T", log)


def labs(params: dict, log: Log) -> Baseline:
    from endless_exam.checker.constructions import labs as gen

    seq, p, r = gen.baseline(params["N"])
    return Baseline(seq, f"Rotated and padded Legendre sequence (the paper's LABS baseline): p = {p}, the largest "
                         f"prime <= N, the rotation r = {r} of minimum energy (first minimum), padded with "
                         f"{params['N'] - p} entries +1 (checker/constructions/labs.py, baseline).", {"p": p, "rotation": r})


MAX_LABS_BASELINE = 100_000     # labs: p rotations of O(N^2) energy each, O(N^3) in all
MAX_HEILBRONN_BASELINE = 300    # heilbronn*: the search holds every triangle of every point (0.9 GB at n = 300)


def _labs_domain(params: dict) -> str | None:
    if params["N"] < 3:
        return "the LABS baseline needs a prime p <= N: N >= 3"
    if params["N"] > MAX_LABS_BASELINE:
        return (f"the LABS baseline tries every rotation of a Legendre sequence (O(N^3) work): "
                f"N <= {MAX_LABS_BASELINE:,}")
    return None


def _heilbronn_domain(params: dict) -> str | None:
    if params["n"] > MAX_HEILBRONN_BASELINE:
        return (f"the heilbronn baseline (a local search that keeps all C(n, 3) triangles in memory, n^3 growth) "
                f"needs n <= {MAX_HEILBRONN_BASELINE}")
    return None


def corners(params: dict, log: Log) -> Baseline:
    from endless_exam.checker.constructions import corners as gen

    n = params["n"]
    weight, length, c = gen.best_translate(n)
    answer = {"diff_set": {"base": 3, "allowed": [0, 1], "length": length, "offset": -c}}
    return Baseline(answer, f"Translated ternary digit set (the upstream baseline): the points (x, y) with x - y in "
                            f"T_{length} - {c}, T_L the integers with L ternary digits in {{0, 1}} (3-AP free), L and "
                            f"the shift c maximising the number of grid points ({weight}); "
                            f"checker/constructions/corners.py, method 1.", {"length": length, "offset": -c})


def _corners_domain(params: dict) -> str | None:
    from endless_exam.checker.constructions import corners as gen

    n = params["n"]
    # T_3 = {0, 1, 3, 4, 9, 10, 12, 13} untranslated already gives 8n - 52 points, and the best translate
    # has at least as many: beyond that the (slow, O(n) per shift) search is not needed to say no
    if (n > 13 and 8 * n - 52 > MAX_CORNERS) or gen.best_translate(n)[0] > MAX_CORNERS:
        return f"the corners baseline writes a diff_set, which may expand to at most {MAX_CORNERS:,} points"
    return None


def matmul(params: dict, log: Log) -> Baseline:
    from endless_exam.checker.constructions import matmul as gen

    dims = (params["n"], params["m"], params["p"])
    scheme = gen.best_piece({(2, 2, 2): list(gen.STRASSEN)})(dims)
    naive = gen.naive(dims)
    text = ("block splitting (direct sums) of the largest dimension in halves down to Strassen's <2,2,2> (7), "
            "Strassen (x) Strassen for <4,4,4> (49) and naive blocks where a dimension is 1")
    if len(naive) <= len(scheme):
        scheme, text = naive, "the naive scheme (n*m*p products)"
    answer = [[list(u), list(v), list(w)] for u, v, w in scheme]
    return Baseline(answer, f"Bilinear scheme by {text}: rank {len(scheme)} (checker/constructions/matmul.py, "
                            "best_piece with Strassen as the only searched piece).", {"rank": len(scheme)})


def _matmul_domain(params: dict) -> str | None:
    n, m, p = params["n"], params["m"], params["p"]
    if n * m * p * (n * m + m * p + n * p) > MAX_MATMUL_COEFFICIENTS:
        return (f"the matmul baseline writes up to n*m*p products of n*m + m*p + n*p coefficients each, at most "
                f"{MAX_MATMUL_COEFFICIENTS:,} coefficients in all")
    return None


DEGDIAM_TRIES = 2_000


# the largest K_V written: its edge list as JSON with the default separators is 31.4 MB, 2 MB below the
# 32 MiB answer limit (K_2234 would take 32.4 MB), with 2,418,900 <= MAX_EDGES edges and 5 primary levels
DEGDIAM_MAX_COMPLETE = 2200


def _small_order(d: int, k: int) -> int:
    """The order of the graph written for d <= 2 or k = 1: C_(2k+1) (or C_4000, diameter 2,000, once
    2k + 1 > 4,000), else K_(d+1) (at most K_2200: a larger complete graph nearly fills a 32 MiB answer)."""
    if d == 2 and k > 1:
        return min(2 * k + 1, 4000)
    return min(d + 1, DEGDIAM_MAX_COMPLETE)


def _degdiam_domain(params: dict) -> str | None:
    """For d >= 3 and k >= 2 the search's fallback K_(d+1) must be a possible answer (V <= 2,200)."""
    d, k = params["d"], params["k"]
    if d >= 3 and k >= 2 and d + 1 > DEGDIAM_MAX_COMPLETE:
        return (f"the degdiam baseline's search falls back to K_(d+1), which for d > {DEGDIAM_MAX_COMPLETE - 1:,} "
                f"does not fit the 32 MiB answer limit with room to spare")
    return None


def degdiam(params: dict, log: Log) -> Baseline:
    from endless_exam.checker.constructions import degdiam as gen

    d, k = params["d"], params["k"]
    if d <= 2 or k == 1:
        V = _small_order(d, k)
        edges = ([[i, (i + 1) % V] for i in range(V)] if d == 2 and k > 1
                 else [[i, j] for i in range(V) for j in range(i + 1, V)])
        edges = sorted([min(e), max(e)] for e in edges)
        what = f"the cycle C_{V} (the Moore graph of degree 2)" if d == 2 and k > 1 else f"the complete graph K_{V}"
        natural = 2 * k + 1 if d == 2 and k > 1 else d + 1
        why = ("the maximum for these parameters" if V == natural else
               f"the answer limits cap the {natural:,} vertices of the Moore graph (4,000 vertices; a complete graph "
               f"of more than {DEGDIAM_MAX_COMPLETE:,} vertices does not fit a 32 MiB answer with room to spare)")
        return Baseline(edges, f"{what}: {V} vertices, {why}.", {"V": V})
    best, V, fails = None, d + 2, 0
    moore = 1 + d * sum((d - 1) ** i for i in range(min(k, 12)))    # > 4,000 long before (d >= 3)
    while fails < 3 and V <= min(4000, moore):
        hit = gen.attempt(d, k, V, DEGDIAM_TRIES)
        log(("found " if hit else "none  ") + f"degdiam d={d} k={k} V={V}")
        if hit:
            best, fails, V = hit, 0, max(V + 1, int(V * 1.04))
        else:
            fails, V = fails + 1, V + 1
    if best is None:
        V = d + 1
        return Baseline([[i, j] for i in range(V) for j in range(i + 1, V)],
                        f"the complete graph K_{V} (the seeded searches found nothing larger)", {"V": V})
    answer, V, method = gen.build(d, k, best)
    return Baseline(answer, "Seeded search for the largest order (the generator's scan: from V = d + 2, grow V by 4% "
                            f"after a success, stop after 3 failures in a row; {DEGDIAM_TRIES:,} candidates per order "
                            "among metacyclic Cayley graphs and cyclic voltage lifts): " + method,
                    {"tries_per_order": DEGDIAM_TRIES, "entry": best})


LINEQ_ITERATIONS = 20_000
LINEQ_SEED = 1


def lineq(params: dict, log: Log) -> Baseline:
    from endless_exam.checker.constructions import lineq as gen

    a, b, n = params["a"], params["b"], params["n"]
    found, method = gen.build_search(a, b, n, (LINEQ_SEED,), LINEQ_ITERATIONS)
    gen.sanity_check(a, b, n, found)
    return Baseline(found, method, {"seeds": [LINEQ_SEED], "iterations": LINEQ_ITERATIONS})


def _apfree_factors(q: int) -> dict[int, list[str]]:
    from endless_exam.checker.constructions import apfree_q as gen

    return {1: gen.exhaustive_max(q, 1), 2: gen.exhaustive_max(q, 2), 3: gen.paraboloid(q)}


def apfree_q(params: dict, log: Log) -> Baseline:
    from endless_exam.checker.constructions import apfree_q as gen

    q, n = params["q"], params["n"]
    factors = _apfree_factors(q)
    size, parts = _best_product({k: len(v) for k, v in factors.items()}, n, MAX_POINTS)
    points = gen.product(*[factors[p] for p in parts])
    return Baseline(sorted(points), f"Product of progression-free sets (a product is progression-free): "
                                    f"{' x '.join(f'F_{q}^{p} ({len(factors[p])})' for p in parts)} = {size} points, the "
                                    f"largest product of the maximum sets of F_{q}^1, F_{q}^2 (exhaustive branch and "
                                    f"bound) and the elliptic paraboloid of F_{q}^3 (q^2 points); "
                                    f"checker/constructions/apfree_q.py.", {"parts": parts})


def _lineq_domain(params: dict) -> str | None:
    if params["n"] > LINEQ_MAX_N:
        return f"the lineq baseline (a greedy search over 1..n) needs n <= {LINEQ_MAX_N:,}"
    return None


def _apfree_domain(params: dict) -> str | None:
    if params["n"] > 15:          # every product has at least 2^n > 20,000 points; the DP is not run for large n
        return f"the apfree_q baseline (products) needs at most {MAX_POINTS:,} points"
    sizes = {1: 2 if params["q"] == 3 else (params["q"] + 1) // 2, 3: params["q"] ** 2}
    sizes[2] = {3: 4, 5: 6, 7: 10}[params["q"]]
    if _best_product(sizes, params["n"], MAX_POINTS) is None:
        return f"the apfree_q baseline (products) needs at most {MAX_POINTS:,} points"
    return None


def _prime_power_factors(n: int) -> list[int]:
    out, p = [], 2
    while n > 1:
        if n % p == 0:
            q = 1
            while n % p == 0:
                n, q = n // p, q * p
            out.append(q)
        p += 1
    return out


def mols(params: dict, log: Log) -> Baseline:
    from endless_exam.checker.constructions import mols as gen

    n = params["n"]
    if n in gen.TARGETS:
        squares, method = gen.build_target(n)
        return Baseline(squares, method, {"generator": "mols.build_target"})
    parts = _prime_power_factors(n)
    if min(parts) > 2:
        sets = [gen.field_mols(q) for q in parts]
        squares = sets[0]
        for other in sets[1:]:
            squares = gen.macneish(squares, other)
        what = (f"the complete field set of GF({n})" if len(parts) == 1 else
                f"MacNeish product of the complete field sets of orders {', '.join(map(str, parts))}")
        return Baseline(squares, f"{what}: {len(squares)} MOLS of order {n} (checker/constructions/mols.py).",
                        {"factors": parts})
    square = [[(r + c) % n for c in range(n)] for r in range(n)]
    return Baseline([square], f"The cyclic Latin square (r + c) mod {n}: 1 square (MacNeish gives min(q_i) - 1 = 1 "
                              f"for the prime-power factors {parts}).", {"factors": parts})


def _mols_domain(params: dict) -> str | None:
    from endless_exam.certificates.schemas import mols as schema
    from endless_exam.checker.constructions import mols as gen

    n = params["n"]
    if n in gen.TARGETS:
        return None
    parts = _prime_power_factors(n)
    k = min(parts) - 1 if min(parts) > 2 else 1          # the complete field set or MacNeish, else one square
    if k * n * n > schema.MAX_ENTRIES or k * (k - 1) // 2 * n * n > schema.MAX_PAIR_CELLS:
        return (f"the mols baseline (the complete field or MacNeish set: {k} squares of order {n}) exceeds the work "
                f"bounds of an answer ({schema.MAX_ENTRIES:,} entries, {schema.MAX_PAIR_CELLS:,} pair cells)")
    from endless_exam.certificates.strictjson import MAX_BYTES

    row = sum(len(str(x)) for x in range(n)) + n + 1          # one row written without spaces, with its comma
    if k * (n * row + 2) > MAX_BYTES:
        return (f"the mols baseline ({k} squares of order {n}) does not fit the {MAX_BYTES:,}-byte answer limit")
    return None


def _schur_best(k: int) -> tuple[list[int], str]:
    """The longest colouring: the bundled ones for k <= 8, else Abbott-Hanson products of two shorter ones,
    cut at the 200,000 colours an answer may have (a prefix of a sum-free colouring is one)."""
    from endless_exam.checker.constructions import schur as gen

    best = {j: (_fixture_answer("schur", f"k{j}.json"), f"the bundled colouring k{j}.json") for j in range(1, 9)}
    for j in range(9, k + 1):
        if len(best[j - 1][0]) == MAX_SCHUR:       # already at the cap: the same colouring (colours left unused)
            best[j] = best[j - 1]
            continue
        for a in range(1, j):
            c1, c2 = best[a][0], best[j - a][0]
            m = len(c1)
            full = (2 * m + 1) * len(c2) + m
            if full > MAX_SCHUR:
                c2 = c2[:min(len(c2), -(-(MAX_SCHUR - m) // (2 * m + 1)))]
            colours = gen.abbott_hanson(c1, a, c2)[:MAX_SCHUR]
            if j not in best or len(colours) > len(best[j][0]):
                cut = f", cut at {MAX_SCHUR:,}" if full > MAX_SCHUR else ""
                best[j] = (colours, f"the Abbott-Hanson product of the {a}-colouring of 1..{m} and the {j - a}-colouring "
                                    f"of 1..{len(best[j - a][0])}: (2*{m}+1)*{len(best[j - a][0])}+{m} = {full}{cut}")
    return best[k]


def schur(params: dict, log: Log) -> Baseline:
    colours, text = _schur_best(params["k"])
    return Baseline(colours, f"Sum-free colouring of 1..{len(colours)}: {text} (the colourings k = 1..8 are those of "
                             f"checker/constructions/schur.py; larger k by Abbott-Hanson products, the longest kept, "
                             f"at most {MAX_SCHUR:,} colours).", {"length": len(colours)})


COVERING_PLAN = (1, 100_000, 300_000, 0.3)    # seed, moves per shrink step, total moves, initial temperature


def covering(params: dict, log: Log) -> Baseline:
    from endless_exam.checker.constructions import covering as gen

    v, k, t = params["v"], params["k"], params["t"]
    blocks, method = gen.build(v, k, t, log=log, plan=COVERING_PLAN)
    return Baseline(blocks, method + " (checker/constructions/covering.py)",
                    dict(zip(("seed", "step_moves", "total_moves", "temperature"), COVERING_PLAN)))


def _shannon_codes(q: int) -> dict[int, list[str]]:
    from endless_exam.checker.constructions import shannon as gen

    if q == 7:
        return gen.c7_codes()
    if q == 9:
        return {1: list(gen.C9_4), 3: gen.c9_81()}
    return {1: ["0", "2"], 2: [f"{i}{2 * i % 5}" for i in range(5)]}


def shannon(params: dict, log: Log) -> Baseline:
    q, d = params["q"], params["d"]
    codes = _shannon_codes(q)
    size, parts = _best_product({k: len(v) for k, v in codes.items()}, d)
    counts = {p: parts.count(p) for p in sorted(set(parts), reverse=True)}
    answer = {"factors": [{"words": codes[p], "power": c} for p, c in counts.items()]}
    text = " * ".join(f"{len(codes[p])}^{c}" for p, c in counts.items())
    return Baseline(answer, f"Product of small codes of C_{q}^r (a product of independent sets of strong powers is "
                            f"one): {text} over the lengths {', '.join(f'{p} x {c}' for p, c in counts.items())}, the "
                            f"largest product of the codes of checker/constructions/shannon.py (lengths "
                            f"{sorted(codes)}), as a factors certificate.", {"parts": {str(p): c for p, c in counts.items()}})


def trifference(params: dict, log: Log) -> Baseline:
    from endless_exam.checker.constructions import trifference as gen

    n, m = params["n"], params["m"]
    certified = params.get("representation") == "certified"
    big_n = min(27, n // 9)
    big_k = (big_n - m + 3) // 3 if big_n >= m else 0
    if certified and big_k >= 1:
        rows, _arc = gen.inner_code()
        field = gen.cubic_field()
        answer = {"rs_concat": {"inner": {"linear_code": rows}, "inner_n": 9, "inner_m": 1, "field": field,
                                "length": big_n, "dimension": big_k}}
        return Baseline(answer, f"Reed-Solomon concatenation (the paper's baseline): outer RS code over GF(27) of "
                                f"length N = {big_n} = min(27, floor({n}/9)) and dimension K = {big_k}, the largest K "
                                f"with N - 3K + 3 >= {m}; inner code the 1-trifferent [9,3] code of "
                                f"checker/constructions/trifference.py; 27^{big_k} words, zero padding to n = {n}.",
                        {"length": big_n, "dimension": big_k})
    words = ["0" * n, "1" * n, "2" * n]
    return Baseline(words, f"The three constant words: every coordinate separates them, so they are "
                           f"{m}-trifferent for any m <= n (the RS concatenation needs "
                           f"{'n >= 9 and m <= min(27, n/9)' if certified else 'the certified representation'}).", {})


def kakeya(params: dict, log: Log) -> Baseline:
    from endless_exam.checker.constructions import kakeya as gen

    q, n = params["q"], params["n"]
    points, method = gen.build(q, n, log=log, rounds=gen.ROUNDS.get((q, n), KAKEYA_ROUNDS))
    return Baseline(points, method, {"rounds": gen.ROUNDS.get((q, n), KAKEYA_ROUNDS), "seed": gen.SEED})


KAKEYA_ROUNDS = 100


def _kakeya_domain(params: dict) -> str | None:
    if params["n"] < 2:
        return "the kakeya baseline (parabola lines) needs n >= 2 (for n = 1 the set is F_q itself)"
    return None


BASELINES: dict[str, Callable[[dict, Log], Baseline]] = {
    "capset": capset, "kissing": kissing, "kissing_theta": kissing_theta, "heilbronn": heilbronn,
    "heilbronn_shape": heilbronn_shape, "labs": labs, "corners": corners, "matmul": matmul, "degdiam": degdiam,
    "lineq": lineq, "apfree_q": apfree_q, "mols": mols, "schur": schur, "covering": covering, "shannon": shannon,
    "trifference": trifference, "kakeya": kakeya,
}
DOMAINS: dict[str, Callable[[dict], str | None]] = {
    "capset": _capset_domain, "labs": _labs_domain, "corners": _corners_domain, "apfree_q": _apfree_domain,
    "kakeya": _kakeya_domain, "matmul": _matmul_domain, "degdiam": _degdiam_domain,
    "heilbronn": _heilbronn_domain, "heilbronn_shape": _heilbronn_domain, "mols": _mols_domain,
    "lineq": _lineq_domain,
}


def domain(family: str, params: dict) -> str | None:
    """None if the baseline of ``family`` applies to the (schema-validated) ``params``, else why not."""
    if family not in BASELINES:
        return f"no baseline for family {family!r}"
    check = DOMAINS.get(family)
    return check(params) if check else None


def baseline(family: str, params: dict, log: Log = lambda s: None) -> Baseline:
    why = domain(family, params)
    if why:
        raise OutsideDomain(why)
    return BASELINES[family](params, log)
