"""Deterministic constructions of mutually orthogonal Latin squares (MOLS).

Every set is built by one of the methods below, converted to squares, checked by ``is_mols`` (a naive
definition check written here, independent of both verifiers) and only then written. Searches are
randomised depth-first searches with a seeded ``random.Random`` and a *node* budget per restart (not a
time budget), so the output is the same on every machine.

1. **Finite field (q a prime power).** L_a[r][c] = a r + c over GF(q) for a != 0: q - 1 MOLS (complete
   set). GF(p^m) is Z_p[x]/(f) with f the first monic polynomial of degree m (in lexicographic order of
   coefficients) for which x has multiplicative order p^m - 1; then every non-zero element is a power
   of x, hence a unit, so the quotient is a field.
2. **MacNeish product.** From k MOLS of orders a and b, the squares L[(r1, r2)][(c1, c2)] =
   (A_i[r1][c1], B_i[r2][c2]) (pairs numbered x1 b + x2) are k MOLS of order a b.
3. **Difference matrix (DM), resolvable.** A (n, k; 1) difference matrix over an abelian group G of
   order n is a k x n array D over G such that for any two rows i != j the differences D[i][x] - D[j][x]
   (x over the columns) are all the elements of G. The blocks {(i, D[i][x] + g) : i < k} (x, g in G)
   form a transversal design TD(k, n), and the blocks of one column x form a parallel class (g -> D[i][x]
   + g is a bijection), so adding a group whose point is x gives a TD(k + 1, n), i.e. k - 1 MOLS
   (rows from group 0, columns from group 1, the other groups the symbols). Normalised search: row 0 is
   zero, row 1 is x -> x (columns indexed by G), every row is 0 at x = 0 (translating a row or a column
   keeps all differences), so rows 2..k-1 are pairwise orthogonal orthomorphisms of G.
4. **Quasi-difference matrix (QDM).** A (m, k; 1, 1; 1) QDM over Z_m is a k x (m + 2) array over Z_m and
   one extra symbol oo, with exactly one oo per row and at most one per column, such that for any two
   rows the differences over the m columns where both entries are finite are all the elements of Z_m.
   Developing each column over Z_m (oo stays oo) and adding the block of all oo points gives a TD(k, m + 1)
   (every two points of different groups lie in exactly one block; checked by ``is_mols`` on the
   result), i.e. k - 2 MOLS of order m + 1. Normalised search: oo at (i, i), row 0 zero on its finite
   columns and row 1 zero in column 0 (column translations).

The bench-v1 orders and what these methods reach (the searches' budgets are stated per entry of
``TARGETS``; all orders here are not prime powers):

* n = 10 (reference 2): QDM over Z_9, k = 4 -> 2 MOLS.
* n = 12 (reference 5): DM over Z_2 x Z_6 -> as many as found (see ``TARGETS``), else MacNeish 4 x 3 -> 2.
* n = 14 (reference 4): QDM over Z_13 -> as many as found, else k = 4 -> 2.
* n = 15 (reference 4): DM over Z_15 -> as many as found, else MacNeish 3 x 5 -> 2.
* n = 18 (reference 5): QDM over Z_17 -> as many as found.
* n = 20 (reference 4): DM over Z_2 x Z_10 -> as many as found, else MacNeish 4 x 5 -> 3.
Plus n = 64 (63 MOLS, GF(64); the benchmark's largest input) and small field sets used by the tests.

Run as ``python -m endless_exam.checker.constructions.mols`` (rewrites ``fixtures/constructions/mols/``);
``--verify`` re-checks the written files with both verifiers.

The family's documented baseline (``endless-exam instance mols --baseline``; registry ``baselines.py``):
``baseline(params, log)`` and ``domain(params)`` at the end of this module, ``build_target`` for the searched
orders, else the complete field set or its MacNeish product, else the cyclic square (domain: the answer's work
and byte limits).
"""
from __future__ import annotations

import random
import sys
from itertools import product as cartesian
from typing import Sequence

from . import both_verifiers, ConstructionError, document, require, run_generator, verify_fixtures, write_fixture
from ._baseline import Baseline, Log

FAMILY = "mols"

# ---- the definition, naively (independent of both verifiers) --------------------------------------------


def is_mols(squares: Sequence, n: int) -> bool:
    for sq in squares:
        if len(sq) != n or any(len(row) != n for row in sq):
            return False
        if any(sorted(row) != list(range(n)) for row in sq):
            return False
        if any(sorted(sq[r][c] for r in range(n)) != list(range(n)) for c in range(n)):
            return False
    for a in range(len(squares)):
        for b in range(a + 1, len(squares)):
            seen = set()
            for r in range(n):
                for c in range(n):
                    seen.add((squares[a][r][c], squares[b][r][c]))
            if len(seen) != n * n:
                return False
    return True


# ---- finite fields --------------------------------------------------------------------------------------

def prime_power(q: int) -> tuple[int, int] | None:
    """(p, m) with q = p^m, p prime, or None."""
    if q < 2:
        return None
    p = next(d for d in range(2, q + 1) if q % d == 0)
    m, rest = 0, q
    while rest % p == 0:
        rest //= p
        m += 1
    return (p, m) if rest == 1 else None


def field_tables(q: int) -> tuple[list[list[int]], list[list[int]]]:
    """Addition and multiplication tables of GF(q); elements are coefficient vectors read base p."""
    pm = prime_power(q)
    if pm is None:
        raise ConstructionError(f"{q} is not a prime power")
    p, m = pm

    def digits(a: int) -> list[int]:
        return [(a // p ** i) % p for i in range(m)]

    def number(ds: list[int]) -> int:
        return sum(d * p ** i for i, d in enumerate(ds))

    add = [[number([(x + y) % p for x, y in zip(digits(a), digits(b))]) for b in range(q)] for a in range(q)]
    if m == 1:
        return add, [[a * b % p for b in range(q)] for a in range(q)]
    for tail in cartesian(range(p), repeat=m):              # f = x^m + sum tail[i] x^i, lexicographic
        f = list(tail)

        def times_x(ds: list[int]) -> list[int]:
            top = ds[-1]
            shifted = [0] + ds[:-1]
            return [(s - top * f[i]) % p for i, s in enumerate(shifted)]

        powers, cur = [], [1] + [0] * (m - 1)
        for _ in range(q - 1):
            powers.append(number(cur))
            cur = times_x(cur)
        if number(cur) != 1 or len(set(powers)) != q - 1:
            continue
        log = {v: e for e, v in enumerate(powers)}
        mul = [[0 if a == 0 or b == 0 else powers[(log[a] + log[b]) % (q - 1)] for b in range(q)] for a in range(q)]
        return add, mul
    raise ConstructionError(f"no primitive polynomial of degree {m} over Z_{p} found")


def field_mols(q: int) -> list[list[list[int]]]:
    add, mul = field_tables(q)
    return [[[add[mul[a][r]][c] for c in range(q)] for r in range(q)] for a in range(1, q)]


def macneish(first: list, second: list) -> list[list[list[int]]]:
    k = min(len(first), len(second))
    a, b = len(first[0]), len(second[0])
    n = a * b
    out = []
    for i in range(k):
        A, B = first[i], second[i]
        out.append([[A[r // b][c // b] * b + B[r % b][c % b] for c in range(n)] for r in range(n)])
    return out


# ---- abelian groups ---------------------------------------------------------------------------------------

def group_tables(moduli: Sequence[int]) -> tuple[list[list[int]], list[list[int]]]:
    """Addition and subtraction tables of Z_{m1} x ... (mixed radix, first modulus most significant)."""
    n = 1
    for m in moduli:
        n *= m

    def split(a: int) -> list[int]:
        out = []
        for m in reversed(moduli):
            out.append(a % m)
            a //= m
        return out[::-1]

    def join(xs: list[int]) -> int:
        a = 0
        for x, m in zip(xs, moduli):
            a = a * m + x
        return a

    parts = [split(a) for a in range(n)]
    add = [[join([(x + y) % m for x, y, m in zip(parts[a], parts[b], moduli)]) for b in range(n)] for a in range(n)]
    sub = [[join([(x - y) % m for x, y, m in zip(parts[a], parts[b], moduli)]) for b in range(n)] for a in range(n)]
    return add, sub


# ---- transversal designs -> MOLS ----------------------------------------------------------------------------

def td_to_mols(blocks: list[tuple[int, ...]], n: int) -> list[list[list[int]]]:
    k = len(blocks[0])
    squares = [[[-1] * n for _ in range(n)] for _ in range(k - 2)]
    for b in blocks:
        for g in range(2, k):
            if squares[g - 2][b[0]][b[1]] != -1:
                raise ConstructionError("two blocks meet the same row and column point")
            squares[g - 2][b[0]][b[1]] = b[g]
    require(all(x >= 0 for sq in squares for row in sq for x in row), "the blocks do not cover every cell")
    return squares


def dm_blocks(D: list[list[int]], add: list[list[int]]) -> list[tuple[int, ...]]:
    """The resolvable TD(k, n) of a difference matrix, with the parallel-class group appended."""
    n = len(D[0])
    return [tuple(add[row[x]][g] for row in D) + (x,) for x in range(n) for g in range(n)]


def qdm_blocks(Q: list[list[int | None]], m: int) -> list[tuple[int, ...]]:
    """The TD(k, m + 1) of a (m, k; 1, 1; 1) QDM over Z_m (oo is the point m of every group)."""
    k = len(Q)
    blocks = [tuple(m if Q[i][c] is None else (Q[i][c] + g) % m for i in range(k))
              for c in range(len(Q[0])) for g in range(m)]
    blocks.append(tuple([m] * k))
    return blocks


# ---- the searches --------------------------------------------------------------------------------------------

class _Budget(Exception):
    pass


def solve_difference_array(sub: list[list[int]], rows: list[list], seed: int, nodes: int) -> list[list] | None:
    """Complete ``rows`` (entries: an int = fixed, None = oo, ``"?"`` = to choose) so that for every two rows
    the differences (row i minus row j, group subtraction ``sub``) over the columns where both are finite are
    pairwise distinct. Depth-first search with forward checking and the smallest-domain-first rule, values
    in a seeded random order; ``None`` when the node budget runs out or the search space is exhausted."""
    n = len(sub)
    k, cols = len(rows), len(rows[0])
    rng = random.Random(seed)
    add_of = [[0] * n for _ in range(n)]          # add_of[a][d] = a + d, from sub: sub[a + d][a] = d
    for a in range(n):
        for b in range(n):
            add_of[a][sub[b][a]] = b
    val = [list(r) for r in rows]
    full = (1 << n) - 1
    dom = {(i, c): full for i in range(k) for c in range(cols) if val[i][c] == "?"}
    used = [[0] * k for _ in range(k)]             # used[i][j], i > j: differences val[i] - val[j] taken
    finite = [[i for i in range(k) if val[i][c] is not None] for c in range(cols)]
    trail: list = []

    def restrict(cell, mask) -> bool:
        old = dom[cell]
        new = old & ~mask
        if new != old:
            trail.append(("d", cell, old))
            dom[cell] = new
        return new != 0

    def take(i: int, j: int, c: int) -> bool:
        """Row i and j are both assigned at column c: record their difference and propagate it."""
        hi, lo = (i, j) if i > j else (j, i)
        d = sub[val[hi][c]][val[lo][c]]
        if used[hi][lo] >> d & 1:
            return False
        trail.append(("u", hi, lo, used[hi][lo]))
        used[hi][lo] |= 1 << d
        for c2 in range(cols):
            if c2 == c or val[hi][c2] is None or val[lo][c2] is None:
                continue
            a, b = val[hi][c2], val[lo][c2]
            if a == "?" and b != "?":
                if not restrict((hi, c2), 1 << add_of[b][d]):
                    return False
            elif b == "?" and a != "?":
                if not restrict((lo, c2), 1 << sub[a][d]):
                    return False
        return True

    def assign(i: int, c: int, y: int) -> bool:
        trail.append(("v", i, c))
        val[i][c] = y
        del_dom = dom.pop((i, c))
        trail.append(("p", (i, c), del_dom))
        for j in finite[c]:
            if j == i:
                continue
            if val[j][c] != "?":
                if not take(i, j, c):
                    return False
            else:
                hi, lo = (i, j) if i > j else (j, i)
                mask = 0
                forb = used[hi][lo]
                for d in range(n):
                    if forb >> d & 1:
                        mask |= 1 << (sub[y][d] if hi == i else add_of[y][d])
                if not restrict((j, c), mask):
                    return False
        return True

    def undo(mark: int) -> None:
        while len(trail) > mark:
            entry = trail.pop()
            if entry[0] == "d":
                dom[entry[1]] = entry[2]
            elif entry[0] == "u":
                used[entry[1]][entry[2]] = entry[3]
            elif entry[0] == "v":
                val[entry[1]][entry[2]] = "?"
            else:
                dom[entry[1]] = entry[2]

    # the fixed entries first
    for c in range(cols):
        fixed = [i for i in finite[c] if val[i][c] != "?"]
        for x in range(len(fixed)):
            for y in range(x):
                if not take(fixed[x], fixed[y], c):
                    return None
    count = 0

    def dfs() -> bool:
        nonlocal count
        if not dom:
            return True
        count += 1
        if count > nodes:
            raise _Budget
        cell = min(dom, key=lambda key: bin(dom[key]).count("1"))
        options = [y for y in range(n) if dom[cell] >> y & 1]
        rng.shuffle(options)
        for y in options:
            mark = len(trail)
            if assign(cell[0], cell[1], y) and dfs():
                return True
            undo(mark)
        return False

    try:
        return val if dfs() else None
    except _Budget:
        return None


def search_dm(moduli: Sequence[int], k: int, seed: int, nodes: int) -> list[list[int]] | None:
    """A normalised (n, k; 1) difference matrix over Z_{moduli}: row 0 zero, row 1 the identity, column 0
    zero, the rest chosen by ``solve_difference_array``."""
    _, sub = group_tables(moduli)
    n = len(sub)
    rows = [[0] * n, list(range(n))] + [[0] + ["?"] * (n - 1) for _ in range(k - 2)]
    return solve_difference_array(sub, rows, seed, nodes)


def search_qdm(m: int, k: int, seed: int, nodes: int) -> list[list[int | None]] | None:
    """A normalised (m, k; 1, 1; 1) QDM over Z_m: oo at (i, i), row 0 zero on its finite columns, row 1 zero
    in column 0, the rest chosen by ``solve_difference_array``."""
    _, sub = group_tables((m,))
    cols = m + 2
    rows: list[list] = [[None if c == i else "?" for c in range(cols)] for i in range(k)]
    rows[0] = [None] + [0] * (cols - 1)
    rows[1][0] = 0
    return solve_difference_array(sub, rows, seed, nodes)


def first_found(search, *args, restarts: int, nodes: int):
    for seed in range(restarts):
        found = search(*args, seed=seed, nodes=nodes)
        if found is not None:
            return found, seed
    return None, None


# ---- the fixtures -------------------------------------------------------------------------------------------

# (n, method, group, rows k of the matrix, restarts, nodes per restart), tried in order until one succeeds
TARGETS = {
    10: [("qdm", 9, 4, 50, 20_000)],
    12: [("dm", (2, 6), 6, 20, 50_000)],
    14: [("qdm", 13, 5, 5, 100_000), ("qdm", 13, 4, 50, 20_000)],
    15: [("dm", (15,), 5, 30, 50_000)],
    18: [("qdm", 17, 5, 5, 100_000), ("qdm", 17, 4, 50, 20_000)],
    20: [("dm", (2, 10), 5, 5, 100_000)],
}
FALLBACK = {12: (4, 3), 15: (3, 5), 20: (4, 5)}


def _group_name(moduli) -> str:
    return " x ".join(f"Z_{m}" for m in moduli)


def build_target(n: int) -> tuple[list, str]:
    """The construction of order n and its method, naming the larger attempts that found nothing."""
    failed: list[str] = []
    squares, method = _build_target(n, failed)
    if failed:
        method += " Not reached within the budget (nothing found): " + "; ".join(failed) + "."
    return squares, method


def _build_target(n: int, failed: list[str]) -> tuple[list, str]:
    for method, group, k, restarts, nodes in TARGETS[n]:
        if method == "dm":
            D, seed = first_found(search_dm, group, k, restarts=restarts, nodes=nodes)
            if D is not None:
                add, _ = group_tables(group)
                squares = td_to_mols(dm_blocks(D, add), n)
                return squares, (f"Resolvable difference matrix: a ({n},{k};1) difference matrix over "
                                 f"{_group_name(group)} found by a seeded randomised depth-first search (seed {seed}, "
                                 f"at most {nodes:,} nodes per restart, up to {restarts} restarts), developed into a "
                                 f"TD({k},{n}) whose columns are parallel classes, hence a TD({k + 1},{n}): {k - 1} MOLS. "
                                 f"Matrix rows: {D}")
        else:
            Q, seed = first_found(search_qdm, group, k, restarts=restarts, nodes=nodes)
            if Q is not None:
                squares = td_to_mols(qdm_blocks(Q, group), n)
                shown = [["oo" if x is None else x for x in row] for row in Q]
                return squares, (f"Quasi-difference matrix: a ({group},{k};1,1;1) QDM over Z_{group} found by a seeded "
                                 f"randomised depth-first search (seed {seed}, at most {nodes:,} nodes per restart, up "
                                 f"to {restarts} restarts), developed over Z_{group} plus the block of infinite points: "
                                 f"a TD({k},{n}), {k - 2} MOLS. Matrix rows: {shown}")
        what = (f"a ({n},{k};1) difference matrix over {_group_name(group)} ({k - 1} MOLS)" if method == "dm"
                else f"a ({group},{k};1,1;1) QDM over Z_{group} ({k - 2} MOLS)")
        failed.append(f"{what}, {restarts} restarts of at most {nodes:,} nodes")
    if n in FALLBACK:
        a, b = FALLBACK[n]
        return macneish(field_mols(a), field_mols(b)), (f"MacNeish product of the complete field sets of orders {a} "
                                                        f"and {b}: min({a}, {b}) - 1 MOLS of order {n}.")
    raise ConstructionError(f"no construction reached for n = {n}")


def field_doc(q: int) -> tuple[list, str]:
    return field_mols(q), (f"Finite field: L_a[r][c] = a*r + c over GF({q}) for the {q - 1} non-zero a "
                           f"(complete set of {q - 1} MOLS; GF(p^m) as Z_p[x]/(f), f the first monic polynomial "
                           f"of degree m with x primitive)")


def write_all() -> None:
    from endless_exam.checker.families import load

    primary = load(FAMILY)
    jobs = [(n, lambda n=n: build_target(n)) for n in sorted(TARGETS)]
    jobs += [(q, lambda q=q: field_doc(q)) for q in (7, 8, 64)]
    for n, build in jobs:
        squares, method = build()
        require(is_mols(squares, n), f"construction for n = {n} is not a set of MOLS")
        verdict = primary.check({"n": n}, squares)
        require(verdict.status.value == "ACCEPT", f"primary rejects n = {n}: {verdict.message}")
        path = write_fixture(f"n{n}.json", document(FAMILY, {"n": n}, squares, verdict.objective, method))
        print(f"{path.name}: {verdict.objective} MOLS of order {n}")


def verify_all() -> int:
    def check(doc: dict) -> tuple[bool, str]:
        res = both_verifiers(FAMILY, doc["params"], doc["answer"])
        ok = res.valid and res.objective == doc["objective"]
        return ok, f"n = {doc['params']['n']}: {res.status.value} {res.objective} (recorded {doc['objective']})"

    return verify_fixtures(FAMILY, check)


# ---- the documented baseline and its domain (the registry is baselines.py) ------------------------------

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


def baseline(params: dict, log: Log) -> Baseline:
    n = params["n"]
    if n in TARGETS:
        squares, method = build_target(n)
        return Baseline(squares, method, {"generator": "mols.build_target"})
    parts = _prime_power_factors(n)
    if min(parts) > 2:
        sets = [field_mols(q) for q in parts]
        squares = sets[0]
        for other in sets[1:]:
            squares = macneish(squares, other)
        what = (f"the complete field set of GF({n})" if len(parts) == 1 else
                f"MacNeish product of the complete field sets of orders {', '.join(map(str, parts))}")
        return Baseline(squares, f"{what}: {len(squares)} MOLS of order {n} (checker/constructions/mols.py).",
                        {"factors": parts})
    square = [[(r + c) % n for c in range(n)] for r in range(n)]
    return Baseline([square], f"The cyclic Latin square (r + c) mod {n}: 1 square (MacNeish gives min(q_i) - 1 = 1 "
                              f"for the prime-power factors {parts}).", {"factors": parts})


def domain(params: dict) -> str | None:
    from endless_exam.certificates.schemas import mols as schema

    n = params["n"]
    if n in TARGETS:
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


def main(argv: list[str] | None = None) -> int:
    return run_generator(argv, write_all, verify_all)


if __name__ == "__main__":
    sys.exit(main())
