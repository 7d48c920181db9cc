"""Primary check of the ``degdiam`` family (simple graphs with maximum degree <= d and diameter <= k;
maximise the number of vertices V).

What is checked, in this order (shared schema ``endless_exam.certificates.schemas.degdiam``):
1. edge lists: no edge is listed twice (``DUPLICATE``, witness: the edge and its two positions);
2. every vertex has degree <= d (witness: the first vertex of larger degree and its degree);
3. every pair of vertices of 0..V-1 is at distance <= k; this includes connectivity (witness: the pair
   and its distance, or the pair and ``"connected": false``).
For the Cayley form the graph is built here from the moduli and generators: the connection set is
S = {g, -g} over the generators with the zero element dropped (the schema has reduced every entry
modulo its modulus; a zero generator would be a loop), every vertex x has the |S| distinct neighbours
x + s, so the degree of every vertex is |S| (S may be empty: then the graph has no edge, and it is
valid only for the trivial group, K1). No symmetry is used here: the
distance check is the same full all-pairs check as for edge lists (the second verifier uses vertex
transitivity instead).

Why the distance check is sufficient. Let R_t[x] be the set of vertices at distance <= t from x.
R_0[x] = {x} and R_{t+1}[x] = R_t[x] united with R_t[u] over the neighbours u of x (a walk of length
<= t + 1 from x starts with a step to a neighbour or has length 0). The diameter is <= k, and the
graph connected, iff R_k[x] is all of 0..V-1 for every x. The iteration stops early when R no longer
changes (then some R[x] is a whole component) or every row is full.

Libraries: numpy only (uint64 bit rows, CSR adjacency, sorting, bincount, the CSR breadth-first
search). Algorithm: every R_t[x] is a bit row of ceil(V/64) uint64 words; only the bits new at level t
(F_t = R_t minus R_(t-1)) are propagated, R_(t+1)[x] = R_t[x] united with F_t[u] over the neighbours u
of x (``balls``): a level is done densely, either over all arcs, about (V + 2E) ceil(V/64) word
operations, or by 8-bit tables of ORs (the method of the four Russians: ceil(V/8) (V + 256) ceil(V/64)
words whatever the number of edges, the cheaper one for dense graphs), or, when F_t has few non-zero
words, sparsely (each non-zero word sent along its vertex's arcs, ORed by sorting or, for many words,
by ``numpy.bitwise_or.at``), at most min(k, the diameter + 1) levels, stopping once every row is full;
the schema bounds this work before the check (issue 21).
Duplicates are found by sorting the integer keys u V + v, degrees by ``numpy.bincount``. A witness
pair is the first row x (and its first missing vertex y) that is not full after k levels; its exact
distance (or unreachability) comes from a single-source breadth-first search over a CSR adjacency.
All arithmetic is on integers and bits: exact.
"""
from __future__ import annotations

import numpy as np

from endless_exam.certificates.schemas import degdiam as schema
from endless_exam.certificates.verdict import Verdict, accept, reject
from endless_exam.certificates.witness import Witness

from ._duplicates import first_duplicate
from .spec import FamilySpec

LIBRARIES = ("numpy",)


def moore_bound(d: int, k: int) -> int:
    """1 + d * sum_{i < k} (d - 1)^i, exactly: 1 + d = 2 for d = 1 (0^0 = 1, then zeros), 1 + 2k for
    d = 2, and the geometric sum 1 + d ((d - 1)^k - 1) / (d - 2) otherwise (one power, exact division)."""
    if d == 1:
        return 2
    if d == 2:
        return 1 + 2 * k
    return 1 + d * (((d - 1) ** k - 1) // (d - 2))


def _bound(p: dict) -> tuple[int, str]:
    return moore_bound(p["d"], p["k"]), "bound"


SPEC = FamilySpec(key="degdiam", bound=_bound)


# ---- building the graph --------------------------------------------------------------------------

def _cayley_digits(moduli: tuple[int, ...], V: int) -> np.ndarray:
    """(V, t) digits of every vertex number in mixed radix (first modulus most significant)."""
    digits = np.zeros((V, len(moduli)), dtype=np.int64)
    rest = np.arange(V, dtype=np.int64)
    for t in range(len(moduli) - 1, -1, -1):
        digits[:, t] = rest % moduli[t]
        rest //= moduli[t]
    return digits


def _cayley_encode(digits: np.ndarray, moduli: tuple[int, ...]) -> np.ndarray:
    code = np.zeros(digits.shape[0], dtype=np.int64)
    for t, n in enumerate(moduli):
        code = code * n + digits[:, t]
    return code


def connection_set(parsed: schema.DegDiamAnswer) -> np.ndarray:
    """The distinct elements of {g, -g} as digit rows (S x t), sorted by vertex number."""
    mod = np.array(parsed.moduli, dtype=np.int64)
    gens = np.array(parsed.generators, dtype=np.int64).reshape(len(parsed.generators), len(parsed.moduli))
    both = np.concatenate([gens, (-gens) % mod])
    codes, first = np.unique(_cayley_encode(both, parsed.moduli), return_index=True)
    return both[first[codes != 0]]                       # vertex 0 is the zero element: not in S


def cayley_neighbours(parsed: schema.DegDiamAnswer, S: np.ndarray) -> np.ndarray:
    """(V, |S|) table: row x lists x + s for every s in S."""
    V = parsed.vertices
    mod = np.array(parsed.moduli, dtype=np.int64)
    digits = _cayley_digits(parsed.moduli, V)
    table = np.empty((V, len(S)), dtype=np.int64)
    for c, s in enumerate(S):
        table[:, c] = _cayley_encode((digits + s) % mod, parsed.moduli)
    return table


def edge_array(parsed: schema.DegDiamAnswer) -> np.ndarray:
    return np.array(parsed.edges, dtype=np.int64).reshape(len(parsed.edges), 2)


def csr(V: int, edges: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(indptr, indices) of the symmetric adjacency of an edge array."""
    src = np.concatenate([edges[:, 0], edges[:, 1]])
    dst = np.concatenate([edges[:, 1], edges[:, 0]])
    order = np.argsort(src, kind="stable")
    indptr = np.zeros(V + 1, dtype=np.int64)
    np.cumsum(np.bincount(src, minlength=V), out=indptr[1:])
    return indptr, dst[order]


# ---- distances -----------------------------------------------------------------------------------

# Costs of one level in common units (about 1.8 ns each, measured at V = 4,000): a sparse level
# SPARSE_COST per sent word, a gathered dense level GATHER_COST per word of (V + 2E) ceil(V/64), a
# table level one unit per word of (its non-zero byte groups, at most ceil(V/8)) (V + 256) ceil(V/64)
# (``_table_level``). These are the schema's (``schema.SPARSE_UNITS``, ``schema.GATHER_UNITS``).
SPARSE_COST = schema.SPARSE_UNITS
GATHER_COST = schema.GATHER_UNITS
ARC_BLOCK_WORDS = 1 << 22  # gathered words per block of a dense level (32 MB of uint64)
SCATTER_SHARE = 4          # a sparse level scatters (no sort) once it sends V ceil(V/64) / 4 words


def _arc_blocks(V: int, indptr: np.ndarray, words: int) -> list[tuple[int, int]]:
    """Vertex ranges [s, e) whose arcs gather at most ``ARC_BLOCK_WORDS`` words (at least one vertex)."""
    per = max(1, ARC_BLOCK_WORDS // words)
    blocks, start = [], 0
    while start < V:
        end = int(np.searchsorted(indptr, indptr[start] + per, side="right")) - 1
        end = min(V, max(end, start + 1))
        blocks.append((start, end))
        start = end
    return blocks


def _dense_level(V: int, indptr: np.ndarray, indices: np.ndarray, words: int, keys: np.ndarray,
                 bits: np.ndarray, blocks) -> np.ndarray:
    """N(F)[x] = OR of F[u] over the neighbours u of x, F given by its non-zero words (keys x words + w)."""
    F = np.zeros(V * words, dtype=np.uint64)
    F[keys] = bits
    F = F.reshape(V, words)
    out = np.zeros((V, words), dtype=np.uint64)
    has = np.diff(indptr) > 0
    for s, e in blocks:
        a0, a1 = int(indptr[s]), int(indptr[e])
        if a1 > a0:
            m = has[s:e]
            out[s:e][m] = np.bitwise_or.reduceat(F[indices[a0:a1]], (indptr[s:e] - a0)[m], axis=0)
    return out.reshape(-1)


def adjacency_bytes(V: int, indptr: np.ndarray, indices: np.ndarray) -> np.ndarray:
    """(V, ceil(V/8)) uint8: bit i of byte j of row x is set iff 8j + i is a neighbour of x."""
    matrix = np.zeros((V, 8 * ((V + 7) // 8)), dtype=np.bool_)
    matrix[np.repeat(np.arange(V, dtype=np.int64), np.diff(indptr)), indices] = True
    return np.packbits(matrix, axis=1, bitorder="little")


def _table_level(V: int, words: int, adj: np.ndarray, keys: np.ndarray, bits: np.ndarray) -> np.ndarray:
    """N(F)[x] = OR of F[u] over the neighbours u of x, as ``_dense_level``, by tables (the method of
    the four Russians): for the 8 vertices u = 8j..8j+7 of byte j, T[m] is the OR of F[u] over the bits
    of m (256 rows, built by doubling), and every x ORs in T[byte j of its adjacency row]. Bytes whose
    8 rows of F are zero are skipped. Work: ceil(V/8) (256 + V) words whatever the number of edges."""
    groups = (V + 7) // 8
    F = np.zeros(8 * groups * words, dtype=np.uint64)
    F[keys] = bits
    F = F.reshape(8 * groups, words)
    active = np.flatnonzero(F.reshape(groups, 8 * words).any(axis=1))
    out = np.zeros((V, words), dtype=np.uint64)
    table = np.zeros((256, words), dtype=np.uint64)
    for j in active:
        rows = F[8 * j:8 * j + 8]
        for i in range(8):
            np.bitwise_or(table[:1 << i], rows[i], out=table[1 << i:2 << i])
        out |= table[adj[:, j]]
    return out.reshape(-1)


def _sparse_level(indptr: np.ndarray, indices: np.ndarray, words: int, keys: np.ndarray,
                  bits: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The same OR from the non-zero words alone: every word (u, w) of F is sent to each neighbour x of
    u, and the words arriving at one (x, w) are ORed (sort, ``bitwise_or.reduceat``; when more words
    are sent than V ceil(V/64) / ``SCATTER_SHARE`` (a quarter of the targets), ``bitwise_or.at`` into all targets instead,
    which costs no sort)."""
    u, w = np.divmod(keys, words)
    counts = indptr[u + 1] - indptr[u]
    total = int(counts.sum())
    if total == 0:
        return keys[:0], bits[:0]
    offsets = np.repeat(indptr[u] - (np.cumsum(counts) - counts), counts)
    target = indices[offsets + np.arange(total, dtype=np.int64)] * words + np.repeat(w, counts)
    if SCATTER_SHARE * total >= (len(indptr) - 1) * words:
        out = np.zeros((len(indptr) - 1) * words, dtype=np.uint64)
        np.bitwise_or.at(out, target, np.repeat(bits, counts))
        hit = np.flatnonzero(out)
        return hit, out[hit]
    order = np.argsort(target, kind="stable")
    target, sent = target[order], np.repeat(bits, counts)[order]
    starts = np.flatnonzero(np.concatenate(([True], target[1:] != target[:-1])))
    return target[starts], np.bitwise_or.reduceat(sent, starts)


def balls(V: int, indptr: np.ndarray, indices: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
    """R_t for t = min(k, the first t at which R stops changing): (V, words) uint64 bit rows, and the full row.

    Only the new bits are propagated: with F_t = R_t minus R_(t-1) (F_0 = R_0, the vertex itself),
    R_(t+1)[x] = R_t[x] united with F_t[u] over the neighbours u of x (the older part of R_t[u] lies in
    R_(t-1)[u], which is inside R_t[x] already). F_t is kept as its non-zero words. A level is done
    densely (all arcs, one gathered block of rows at a time: about (V + 2E) words operations) or, when
    F_t has few non-zero words, sparsely (each non-zero word sent along the arcs of its vertex,
    ``SPARSE_COST`` word operations each), whichever is cheaper. Every (vertex u, source) pair is new
    once, so over all levels the sparse work is at most 2E V sent words whatever the diameter, while
    the dense work is at most (V + 2E) ceil(V/64) per level: a path of 4,000 vertices (diameter 3,999)
    costs 1.6e7 sent words instead of 3,999 dense levels.
    """
    words = (V + 63) // 64
    ids = np.arange(V, dtype=np.int64)
    R = np.zeros(V * words, dtype=np.uint64)
    keys = ids * words + ids // 64
    bits = np.left_shift(np.uint64(1), (ids % 64).astype(np.uint64))
    R[keys] = bits
    full = np.full(words, np.uint64(0xFFFFFFFFFFFFFFFF), dtype=np.uint64)
    if V % 64:
        full[-1] = np.uint64((1 << (V % 64)) - 1)
    deg = np.diff(indptr)
    gather_cost = GATHER_COST * (V + len(indices)) * words
    blocks = adj = None
    for _ in range(k):
        sent = int(deg[keys // words].sum())
        groups = len(np.unique(keys // (8 * words)))      # byte groups of rows with a non-zero word
        table_cost = groups * (V + 256) * words
        if sent * SPARSE_COST > min(gather_cost, table_cost):
            if gather_cost <= table_cost:
                if blocks is None:
                    blocks = _arc_blocks(V, indptr, words)
                reached = _dense_level(V, indptr, indices, words, keys, bits, blocks)
            else:
                if adj is None:
                    adj = adjacency_bytes(V, indptr, indices)
                reached = _table_level(V, words, adj, keys, bits)
            reached &= ~R
            keys = np.flatnonzero(reached)
            bits = reached[keys]
        else:
            keys, bits = _sparse_level(indptr, indices, words, keys, bits)
            bits = bits & ~R[keys]
            nonzero = bits != 0
            keys, bits = keys[nonzero], bits[nonzero]
        if len(keys) == 0:
            break
        R[keys] |= bits
        if SPARSE_COST * len(keys) >= V * words and (R.reshape(V, words) == full).all():
            break      # every ball is everything: nothing can change (checked when a level costs more than the check)
    return R.reshape(V, words), full


def first_far_pair(V: int, indptr: np.ndarray, indices: np.ndarray, k: int) -> tuple[int, int] | None:
    R, full = balls(V, indptr, indices, k)
    bad = np.nonzero(np.any(R != full, axis=1))[0]
    if len(bad) == 0:
        return None
    x = int(bad[0])
    missing = np.nonzero(R[x] != full)[0][0]
    word = int(R[x, missing]) ^ int(full[missing])
    y = int(missing) * 64 + ((word & -word).bit_length() - 1)
    return x, y


def distance(V: int, indptr: np.ndarray, indices: np.ndarray, x: int, y: int) -> int | None:
    """Exact distance from x to y by breadth-first search (None when y is unreachable)."""
    dist = np.full(V, -1, dtype=np.int64)
    dist[x] = 0
    frontier = np.array([x], dtype=np.int64)
    level = 0
    while len(frontier) and dist[y] < 0:
        level += 1
        starts, counts = indptr[frontier], indptr[frontier + 1] - indptr[frontier]
        total = int(counts.sum())
        if total == 0:
            break
        offsets = np.repeat(starts - np.concatenate([[0], np.cumsum(counts)[:-1]]), counts)
        nxt = indices[offsets + np.arange(total)]
        nxt = np.unique(nxt[dist[nxt] < 0])
        dist[nxt] = level
        frontier = nxt
    return None if dist[y] < 0 else int(dist[y])


def _regular_indptr(V: int, degree: int) -> np.ndarray:
    """CSR row starts of a V x degree neighbour table (degree 0: no neighbours at all)."""
    return np.arange(V + 1, dtype=np.int64) * degree


def _adjacency(parsed: schema.DegDiamAnswer) -> tuple[np.ndarray, np.ndarray]:
    """CSR adjacency of the answer's graph (Cayley graphs expanded)."""
    V = parsed.vertices
    if parsed.is_cayley:
        table = cayley_neighbours(parsed, connection_set(parsed))
        return _regular_indptr(V, table.shape[1]), table.reshape(-1)
    return csr(V, edge_array(parsed))


# ---- the check -----------------------------------------------------------------------------------

def _far_verdict(parsed, indptr, indices, x: int, y: int) -> Verdict:
    dist = distance(parsed.vertices, indptr, indices, x, y)
    if dist is None:
        return reject("PROPERTY_VIOLATION", f"vertices {x} and {y} are in different components (not connected)",
                      {"pair": [x, y], "connected": False})
    if dist <= parsed.k:
        raise RuntimeError(f"degdiam self-check failed: the ball of {x} misses {y}, which is at distance {dist}")
    return reject("PROPERTY_VIOLATION", f"vertices {x} and {y} are at distance {dist} > k = {parsed.k}",
                  {"pair": [x, y], "distance": dist})


def check(parsed: schema.DegDiamAnswer) -> Verdict:
    V, d, k = parsed.vertices, parsed.d, parsed.k
    if parsed.is_cayley:
        S = connection_set(parsed)
        if len(S) > d:
            return reject("PROPERTY_VIOLATION", f"every vertex of the Cayley graph has degree |S| = {len(S)} > d = {d}",
                          {"vertex": 0, "degree": int(len(S))})
        indptr = _regular_indptr(V, len(S))
        indices = cayley_neighbours(parsed, S).reshape(-1)
    else:
        edges = edge_array(parsed)
        dup = first_duplicate(edges[:, 0] * V + edges[:, 1])
        if dup is not None:
            i, j = dup
            return reject("DUPLICATE", f"edge {list(parsed.edges[i])} is listed at positions {i} and {j}",
                          {"edge": list(parsed.edges[i]), "indices": [i, j]})
        deg = np.bincount(edges.reshape(-1), minlength=V)
        over = np.nonzero(deg > d)[0]
        if len(over):
            x = int(over[0])
            return reject("PROPERTY_VIOLATION", f"vertex {x} has degree {int(deg[x])} > d = {d}",
                          {"vertex": x, "degree": int(deg[x])})
        indptr, indices = csr(V, edges)
    far = first_far_pair(V, indptr, indices, k)
    if far is not None:
        return _far_verdict(parsed, indptr, indices, *far)
    form = "Cayley graph" if parsed.is_cayley else "graph"
    return accept(V, f"{form} on {V} vertices with maximum degree <= {d} and diameter <= {k}")


def confirm(parsed: schema.DegDiamAnswer, w: Witness) -> tuple[bool, str]:
    """Is the other verifier's witness a real repeated edge, vertex of excess degree or far pair?"""
    if w.kind == "duplicate":
        i, j = w.indices
        ok = parsed.edges[i] == parsed.edges[j]
        return ok, "duplicate edge confirmed" if ok else "the two indexed edges differ"
    indptr, indices = _adjacency(parsed)
    if w.kind == "degree":
        x = w["vertex"]
        deg = len(np.unique(indices[indptr[x]:indptr[x + 1]]))
        if deg != w["degree"]:
            return False, f"vertex {x} has degree {deg}, not {w['degree']}"
        return deg > parsed.d, f"vertex {x} has degree {deg}" + (" > d" if deg > parsed.d else " <= d")
    x, y = w["pair"]
    dist = distance(parsed.vertices, indptr, indices, x, y)
    if w.kind == "disconnected":
        return dist is None, ("no path: confirmed" if dist is None else f"{x} and {y} are at distance {dist}")
    if dist is None:
        return False, f"{x} and {y} are not connected at all (the witness states a distance)"
    if dist != w["distance"]:
        return False, f"{x} and {y} are at distance {dist}, not {w['distance']}"
    return dist > parsed.k, f"distance {dist}" + (" > k: confirmed" if dist > parsed.k else " <= k")
