"""Answer schema of the ``degdiam`` family (degree-diameter problem: large graphs of maximum degree
<= d and diameter <= k).

Instance parameters: ``{"d": D, "k": K}`` with 1 <= D <= ``MAX_D`` = 20 and 1 <= K <= ``MAX_K`` = 500
(JSON integers). Why: both verifiers explore every vertex's ball level by level, at most k + 1 levels
over at most V * d / 2 <= 40,000 edges. The primary's cost is about k (d + 3) passes over V^2 bits
whenever the diameter is at least k; its worst case at V = 4,000 and k = 500 (a path of 4,000
vertices with a star of degree 20 at one end, diameter 3,979) is about 6 s of CPU time, the second's
(batched breadth-first searches) well under that (``tests/benchmarks/bench_degdiam.py``); k = 500 keeps
that worst case inside the 60 s limit on a loaded two-core machine, and covers every k the public
release decides in its limit (k = 48 on a 4,000-vertex circulant took it 18 s). The Moore bound
1 + d sum_{i<k} (d-1)^i exceeds 4,000 for every d >= 3 once k >= 11, so large k matter for small d
(paths and cycles: a cycle on 4,000 vertices has diameter 2,000, beyond this domain).

Accepted forms (docs/SPECIFICATION.md 3.9); the graph is simple and undirected, vertices 0..V-1:
* a JSON list of 1..``MAX_EDGES`` = 40,000 edges (more cannot have maximum degree <= 20 on 4,000
  vertices), each a JSON list ``[u, v]`` of two JSON integers with 0 <= u < v; V = max v + 1 must be
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
``FORMAT_TYPE``; empty -> ``EMPTY``; more than 40,000 edges -> ``SIZE_LIMIT`` (from the length alone);
then edge by edge: not a list -> ``FORMAT_TYPE``, not two entries -> ``FORMAT_SHAPE``, an entry not a
JSON integer -> ``FORMAT_TYPE``, negative -> ``RANGE``, >= 4,000 -> ``SIZE_LIMIT``, u >= v -> ``RANGE``.

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
from ..witness import Fields, Indexed, WitnessError, integer

MAX_D = 20
MAX_K = 500
MAX_V = 4000
MAX_EDGES = MAX_V * MAX_D // 2
LIMITS = {"MAX_D": MAX_D, "MAX_K": MAX_K, "MAX_V": MAX_V, "MAX_EDGES": MAX_EDGES,
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
    """``{"d": 1..20, "k": 1..500}``."""
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
        return DegDiamAnswer(d, k, order, moduli=moduli, generators=gens)
    if type(answer) is not list:
        raise AnswerError("FORMAT_TYPE", f"a degdiam answer must be a JSON list of edges [u, v] or a Cayley object, "
                          f"got {describe(answer)}")
    if not answer:
        raise AnswerError("EMPTY", "the graph has no edges")
    if len(answer) > MAX_EDGES:
        raise AnswerError("SIZE_LIMIT", f"the graph has {len(answer):,} edges; at most {MAX_EDGES:,} are accepted "
                          f"(V <= {MAX_V:,}, d <= {MAX_D})")
    edges = tuple(_edge(e, i) for i, e in enumerate(answer))
    vertices = max(v for _, v in edges) + 1
    return DegDiamAnswer(d, k, vertices, edges=edges)


def size(parsed: DegDiamAnswer) -> int:
    """Witness indices refer to the edges of an edge list (a Cayley form has no listed items)."""
    return 0 if parsed.edges is None else len(parsed.edges)


def item(parsed: DegDiamAnswer, i: int) -> list[int]:
    return list(parsed.edges[i])
