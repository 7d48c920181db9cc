"""Answer schema of the ``degdiam`` family (degree-diameter problem: large graphs of maximum degree
<= d and diameter <= k).

Instance parameters: ``{"d": D, "k": K}`` with 1 <= D <= ``MAX_D`` and 1 <= K <= ``MAX_K`` (both
10,000; JSON integers). A graph on V <= 4,000 vertices has degrees <= 3,999 and diameter <= 3,999, so
every D, K >= 3,999 poses the same problem: the caps only keep the Moore bound (about K log2 D bits)
small. The verifiers' work depends on the answer, not on D and K (issue 21), and is bounded before
anything is allocated, from V, the number of edges E (V |S| / 2 for a Cayley form with connection set
S; repeated edges counted) and the minimum degree delta (``work``):

* the primary's bit-parallel ball iteration runs at most L = min(K, floor(3V / (delta + 1)) + 2, V)
  levels (a connected graph of minimum degree delta on V vertices has diameter at most
  3V / (delta + 1) + 1: the breadth-first layers i - 1, i, i + 1 around i = 1, 4, 7, ... hold the closed
  neighbourhood of a vertex of layer i each, so V >= (D - 1)(delta + 1) / 3; one more level sees that
  nothing changes), and costs at most PRIMARY = min(L DENSE, 24 E V) units, with
  DENSE = min(4 (V + 2E), ceil(V / 8) (V + 256)) ceil(V / 64) for a dense level (gathered along the
  arcs, 4 units a word, or by 8-bit tables, whatever E) and 12 units for every word sent along an arc
  on a sparse level (every (vertex, source) bit is new once: 2 E V words at most); one unit is about
  1.8 ns. ``MAX_PRIMARY_WORK`` = 10^10. When an edge list exceeds it, L is tightened before it is
  refused: the iteration stops one level after the largest component diameter, which is at most twice
  the eccentricity of any vertex of the component, so L = min(that L, 2 e + 1) for e the largest
  eccentricity of the first vertex of each component (``diameter_bound``: one breadth-first search per
  component in plain Python, O(V + E), run only then; e.g. the circulant on 4,000 vertices with jumps
  1..50, diameter 40, is admitted at every k instead of k <= 98). Measured (CPU seconds of the ball iteration, load 1.4-2.8 on
  two cores): at the bound, 9-15 s for graphs whose levels are all dense (a 4,000-vertex core of
  2,000,000, 423,000 or 122,000 edges with a tail of width 6, k = 74, 74, 159; the whole check of the
  first, with parsing the edges, 18.4-19.6 s: bench_degdiam U), 22 s for the sparse term (a core of
  101,000 edges with such a tail, k = 4,000); the densest answers, a random graph of 2,000,000 edges
  (diameter 2) or the complete graph on 2,234 vertices, take 1.2 s and 0.1 s of iteration (2.6-3.3 s
  of whole check). Before the tables and this weighting (a dense word was 1 unit) a graph within the
  bound took 48 s (the 2,000,000-edge core with the tail at k = 39).
* the second verifier needs no bound of its own: it searches from every source on adjacency lists,
  V (V + 2E) visits, or on bit rows of the adjacency, at most V^2 ceil(V / 64) words and
  ceil(V / 64) L batch levels, whichever is estimated cheaper, with the L this bound admitted the
  answer with (``DegDiamAnswer.levels``, issue 31); within the primary's bound the cheaper
  one is bounded at V = 4,000: either E <= 10^10 / (24 V), and V (V + 2E) <= 8.5e8 visits (measured:
  10.8 s of CPU for the 102,000-edge core with a path at k = 4,000, its top), or L <= 10^10 / DENSE,
  and L <= 156 once 2E >= 250,000 (the bit rows: at most 1e9 words and 63 x 156 batch levels, about
  4 s; measured 3.2-8 s on the dense graphs of ``tests/benchmarks/bench_degdiam.py``); a Cayley form
  needs one search from the identity.
A larger answer is ``SIZE_LIMIT``. The public release's verifiers: its primary takes k boolean matrix
products of V x V (a 4,000-vertex graph with 2,000,000 edges at k = 2 in seconds), its independent
verifier one breadth-first search per source in plain Python (V (V + 2E) steps at about 4.4e6 per
second, issue 21: about 2.7e8 steps in its 60 s); the bound admits at V = 4,000 every k <= 74 whatever
the edges (and every graph of up to 104,000 edges whatever k).

Accepted forms (docs/SPECIFICATION.md 3.9); the graph is simple and undirected, vertices 0..V-1:
* a JSON list of 1..``MAX_EDGES`` = 5,592,405 edges (the most pairs a 32 MiB answer can hold: each takes at
  least the 6 bytes of ``[0,1],``; a longer list is refused from the length alone), each a JSON list ``[u, v]`` of two JSON integers with 0 <= u < v; V = max v + 1 must be
  <= ``MAX_V`` = 4,000, so a label >= 4,000 is ``SIZE_LIMIT``; a negative label, a loop [u, u] or a
  reversed pair [v, u] is ``RANGE``. Repeated edges are decided by the verifiers (``DUPLICATE``). A
  vertex of 0..V-1 on no edge is not a format error: the graph is then disconnected, a
  ``PROPERTY_VIOLATION`` like any other pair at distance > k.
* ``{"cayley": {"moduli": [...], "generators": [[...], ...]}}`` (exactly that key): the Cayley graph
  described in ``certificates.forms.cayley`` (moduli >= 1 with product V <= 4,000, at most 12 of
  them; generators of exactly one JSON integer per modulus, read modulo n_i, at most 4,000; a zero
  generator is allowed and adds no edge).
  The verifiers build the graph themselves from the moduli and generators.

Order of checks for edge lists, before anything else is allocated: not a list (or object) ->
``FORMAT_TYPE``; empty -> ``EMPTY``; more than 5,592,405 edges -> ``SIZE_LIMIT`` (from the length
alone); then edge by edge: not a list -> ``FORMAT_TYPE``, not two entries -> ``FORMAT_SHAPE``, an entry
not a JSON integer -> ``FORMAT_TYPE``, negative -> ``RANGE``, >= 4,000 -> ``SIZE_LIMIT``, u >= v ->
``RANGE``; then the work bound above -> ``SIZE_LIMIT``.

Witnesses (decided by the verifiers, syntax here): ``{"edge": [u, v], "indices": [i, j]}`` for a
repeated edge (edge-list form only); ``{"vertex": x, "degree": t}`` for a vertex of degree t > d;
``{"pair": [x, y], "distance": t}`` for two vertices at distance t > k; ``{"pair": [x, y],
"connected": false}`` for two vertices in different components. The objective is V.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import AnswerError, describe
from ..forms import cayley
from ..params import exact_keys, int_in
from ..strictjson import MAX_BYTES
from ..witness import Fields, Indexed, WitnessError, integer

MAX_D = 10_000
MAX_K = 10_000
MAX_V = 4000
MAX_EDGES = (MAX_BYTES - 1) // 6     # 5,592,405: the longest list of pairs a 32 MiB text can hold
MAX_PRIMARY_WORK = 10 ** 10
SPARSE_UNITS = 12          # work units of one word sent along one arc (a sparse level of the primary) ...
GATHER_UNITS = 4           # ... of one word of a gathered dense level (a table level word is one unit)
LIMITS = {"MAX_D": MAX_D, "MAX_K": MAX_K, "MAX_V": MAX_V, "MAX_EDGES": MAX_EDGES,
          "MAX_PRIMARY_WORK": MAX_PRIMARY_WORK,
          "MAX_FACTORS": cayley.MAX_FACTORS, "MAX_GENERATORS": cayley.MAX_GENERATORS}


def _vertex(value: Any, parsed: "DegDiamAnswer") -> int:
    if type(value) is not int or not 0 <= value < parsed.vertices:
        raise WitnessError(f"a vertex is a JSON integer in 0..{parsed.vertices - 1}")
    return value


def _pair(value: Any, parsed: "DegDiamAnswer") -> tuple[int, int]:
    if type(value) is not list or len(value) != 2:
        raise WitnessError("a pair is a list of two vertices")
    x, y = (_vertex(t, parsed) for t in value)
    if x == y:
        raise WitnessError("a pair names two different vertices")
    return x, y


def _false(value: Any, parsed: Any = None) -> bool:
    if value is not False:
        raise WitnessError("'connected' is the JSON literal false")
    return False


WITNESSES = (
    Indexed("duplicate", "DUPLICATE", arity=2, echo="edge", echo_one=True),       # {"edge": [u, v], "indices": [i, j]}
    Fields("degree", "PROPERTY_VIOLATION", {"vertex": _vertex, "degree": integer}),
    Fields("distance", "PROPERTY_VIOLATION", {"pair": _pair, "distance": integer}),
    Fields("disconnected", "PROPERTY_VIOLATION", {"pair": _pair, "connected": _false}),
)


def validate_params(params: Any) -> dict:
    """``{"d": 1..10,000, "k": 1..10,000}``."""
    exact_keys(params, {"d", "k"})
    return {"d": int_in(params, "d", 1, MAX_D), "k": int_in(params, "k", 1, MAX_K)}


@dataclass(frozen=True)
class DegDiamAnswer:
    d: int
    k: int
    vertices: int                                         # V
    edges: tuple[tuple[int, int], ...] | None = None      # edge-list form, in submission order
    moduli: tuple[int, ...] | None = None                 # Cayley form
    generators: tuple[tuple[int, ...], ...] | None = None
    levels: int = 0          # L of the admission (``admitted_levels``): the level bound both verifiers cost with

    @property
    def is_cayley(self) -> bool:
        return self.moduli is not None


def _edge(value: Any, i: int) -> tuple[int, int]:
    if type(value) is not list:
        raise AnswerError("FORMAT_TYPE", f"edge {i} must be a JSON list [u, v], got {describe(value)}", {"edge": i})
    if len(value) != 2:
        raise AnswerError("FORMAT_SHAPE", f"edge {i} has {len(value)} entries, expected 2", {"edge": i})
    for x in value:
        if type(x) is not int:
            raise AnswerError("FORMAT_TYPE", f"edge {i} has a label that is not a JSON integer: {describe(x)}",
                              {"edge": i})
        if x < 0:
            raise AnswerError("RANGE", f"edge {i} has the negative label {describe(x, 40)}", {"edge": i})
        if x >= MAX_V:
            raise AnswerError("SIZE_LIMIT", f"edge {i} has the label {describe(x, 40)}: vertices are 0..V-1 with "
                              f"V <= {MAX_V:,}", {"edge": i})
    u, v = value
    if u == v:
        raise AnswerError("RANGE", f"edge {i} is the loop [{u}, {u}]; the graph must be simple", {"edge": i})
    if u > v:
        raise AnswerError("RANGE", f"edge {i} is written [{u}, {v}]; edges are written [u, v] with u < v", {"edge": i})
    return u, v


def parse(answer: Any, params: dict) -> DegDiamAnswer:
    d, k = params["d"], params["k"]
    if isinstance(answer, dict):
        if set(answer) != {"cayley"}:
            raise AnswerError("FORMAT_SHAPE", f"a degdiam object must have exactly the key 'cayley', got {sorted(answer)[:5]}")
        moduli, gens = cayley.check(answer["cayley"], MAX_V)
        order = 1
        for n in moduli:
            order *= n
        degree = _connection_size(moduli, gens)
        L = _check_work(order, order * degree // 2, k, degree)
        return DegDiamAnswer(d, k, order, moduli=moduli, generators=gens, levels=L)
    if type(answer) is not list:
        raise AnswerError("FORMAT_TYPE", f"a degdiam answer must be a JSON list of edges [u, v] or a Cayley object, "
                          f"got {describe(answer)}")
    if not answer:
        raise AnswerError("EMPTY", "the graph has no edges")
    if len(answer) > MAX_EDGES:
        raise AnswerError("SIZE_LIMIT", f"the graph has {len(answer):,} edges; at most {MAX_EDGES:,} are accepted "
                          f"(no longer list of pairs fits in {MAX_BYTES:,} bytes of JSON)")
    edges = tuple(_edge(e, i) for i, e in enumerate(answer))
    vertices = max(v for _, v in edges) + 1
    degree = [0] * vertices
    for u, v in edges:
        degree[u] += 1
        degree[v] += 1
    L = _check_work(vertices, len(edges), k, min(degree), edges)
    return DegDiamAnswer(d, k, vertices, edges=edges, levels=L)


def levels(V: int, k: int, min_degree: int) -> int:
    """L = min(k, floor(3V / (delta + 1)) + 2, V): the ball iteration's levels at most (see the docstring)."""
    return min(k, 3 * V // (min_degree + 1) + 2, V)


def dense_units(V: int, E: int) -> int:
    """Units of one dense level of the primary: min(4 (V + 2E), ceil(V/8) (V + 256)) ceil(V/64)."""
    return min(GATHER_UNITS * (V + 2 * E), (V + 7) // 8 * (V + 256)) * ((V + 63) // 64)


def work(V: int, E: int, k: int, min_degree: int) -> int:
    """PRIMARY of the module docstring for V vertices, E edges and minimum degree delta."""
    return min(levels(V, k, min_degree) * dense_units(V, E), 2 * SPARSE_UNITS * E * V)


def _connection_size(moduli: tuple[int, ...], gens: tuple[tuple[int, ...], ...]) -> int:
    """|S| for S = {g, -g} minus zero (entries already reduced)."""
    conn = set()
    for g in gens:
        conn.add(g)
        conn.add(tuple((-x) % n for x, n in zip(g, moduli)))
    conn.discard(tuple(0 for _ in moduli))
    return len(conn)


def diameter_bound(V: int, edges: tuple[tuple[int, int], ...]) -> int:
    """2 e, e the largest eccentricity of a root per connected component (the first vertex of each, by
    breadth-first search): a component's diameter is at most twice the eccentricity of any of its
    vertices (d(x, y) <= d(x, r) + d(r, y)). Plain Python, O(V + E); only asked when the cheap level
    bound refuses the graph."""
    adjacency: list[list[int]] = [[] for _ in range(V)]
    for u, v in edges:
        adjacency[u].append(v)
        adjacency[v].append(u)
    seen = [False] * V
    widest = 0
    for root in range(V):
        if seen[root]:
            continue
        seen[root] = True
        frontier, depth = [root], 0
        while frontier:
            nxt = []
            for x in frontier:
                for y in adjacency[x]:
                    if not seen[y]:
                        seen[y] = True
                        nxt.append(y)
            if nxt:
                depth += 1
            frontier = nxt
        widest = max(widest, depth)
    return 2 * widest


def _check_work(V: int, E: int, k: int, min_degree: int, edges: tuple[tuple[int, int], ...] | None = None) -> int:
    """Refuse an answer over the work bound (``SIZE_LIMIT``); otherwise return the level bound L it was
    admitted with: ``levels(V, k, delta)``, or min(that, 2 e + 1) when the cheap bound refused and the
    search per component admitted (``DegDiamAnswer.levels``; the second verifier prices its bit-row
    search with this same L, issue 31)."""
    L = levels(V, k, min_degree)
    primary = work(V, E, k, min_degree)
    if primary <= MAX_PRIMARY_WORK:
        return L
    # the iteration stops at the level after the largest component diameter D (nothing changes then), so
    # it runs at most min(k, D + 1) levels; for an edge list D <= diameter_bound, one search per component
    if edges is not None:
        L = min(L, diameter_bound(V, edges) + 1)
        primary = min(L * dense_units(V, E), 2 * SPARSE_UNITS * E * V)
        if primary <= MAX_PRIMARY_WORK:
            return L
    raise AnswerError("SIZE_LIMIT", f"the graph is too large to check in the time limit (V = {V:,} vertices, "
                      f"E = {E:,} edges, minimum degree {min_degree}, k = {k}): min(L min(4 (V + 2E), "
                      f"ceil(V/8) (V + 256)) ceil(V/64), 24 E V) = {primary:,} exceeds {MAX_PRIMARY_WORK:,}, "
                      f"with L = min(k, floor(3V / (delta + 1)) + 2, V"
                      f"{', 2 e + 1 for e the largest eccentricity of a component root' if edges is not None else ''})")


def size(parsed: DegDiamAnswer) -> int:
    """Witness indices refer to the edges of an edge list (a Cayley form has no listed items)."""
    return 0 if parsed.edges is None else len(parsed.edges)


def item(parsed: DegDiamAnswer, i: int) -> list[int]:
    return list(parsed.edges[i])
