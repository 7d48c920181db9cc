"""z3 formal oracle of the ``degdiam`` family: is some degree above d, or some distance above k?

What is encoded. The graph is data: its edge list e_0, ..., e_{E-1} as two z3 arrays
``EU, EV : Int -> Int`` (``EU[t] = u_t``, ``EV[t] = v_t``) on the vertices 0..V-1 (a Cayley form is
first written out as its edge set {x, x + s}, x a group element and s in {g, -g}, straight from the
definition). Two statements are asked, each satisfiable exactly when the property fails:

* degree: there is an integer x with 0 <= x < V and  sum_t [EU[t] = x or EV[t] = x]  >  d
  (the number of listed edges at x; duplicates are the verifiers' DUPLICATE business, the oracle is
  run on edge sets);
* distance: there are integers x, y with 0 <= x, y < V such that not W_k(y), where W_t(z) ("z is
  joined to x by a walk of at most t edges") is defined for every vertex z by
      W_0(z) = (z = x),
      W_{t+1}(z) = W_t(z) or (some edge t' has EU[t'] = z and W_t(EV[t'])) or (EV[t'] = z and W_t(EU[t'])),
  with the edge endpoints read from the arrays, so z3 chooses x and y.

Why sat/unsat answer the question. W_t(z) holds iff d(x, z) <= t (induction on t: a walk of length
<= t + 1 ending at z is a walk of length <= t, or one to a neighbour of z followed by the edge), so a
model of the second statement is a pair at distance > k (possibly infinite: different components),
and ``unsat`` of both means maximum degree <= d and every distance <= k (which includes
connectivity). A model is re-checked in plain Python (the degree counted, the distance found by
breadth-first search) before it is returned as a witness in the family's syntax (a failure raises
``RuntimeError``, an oracle bug, never a verdict); ``unknown`` is returned as ``("unknown", None)``.

Limits. Small graphs only: V <= ``MAX_V`` = 64, at most ``MAX_EDGES`` = 256 edges and k <= 12
(otherwise ``ValueError``). A valid Petersen graph takes z3 well under a second, graphs at the limit a
few seconds. The default z3 timeout is ``DEFAULT_TIMEOUT_MS``; z3 is imported lazily.
"""
from __future__ import annotations

from collections import deque

from ._z3 import solve

MAX_V = 64
MAX_EDGES = 256
MAX_K = 12
DEFAULT_TIMEOUT_MS = 120_000


def cayley_edges(moduli: tuple[int, ...], generators: tuple[tuple[int, ...], ...]) -> list[tuple[int, int]]:
    """The edge set of the Cayley graph, from the definition (mixed radix, first modulus most significant)."""
    elements = [()]
    for n in moduli:
        elements = [e + (x,) for e in elements for x in range(n)]
    number = {e: i for i, e in enumerate(elements)}
    conn = {tuple(g) for g in generators} | {tuple((-x) % n for x, n in zip(g, moduli)) for g in generators}
    edges = set()
    for e in elements:
        for s in conn:
            f = tuple((a + b) % n for a, b, n in zip(e, s, moduli))
            if f != e:
                edges.add((min(number[e], number[f]), max(number[e], number[f])))
    return sorted(edges)


def _validate(edges, vertices: int, d: int, k: int) -> None:
    if type(vertices) is not int or not 1 <= vertices <= MAX_V:
        raise ValueError(f"the degdiam oracle handles 1..{MAX_V} vertices, got {vertices!r}")
    if type(d) is not int or d < 0 or type(k) is not int or not 0 <= k <= MAX_K:
        raise ValueError(f"bad d={d!r} or k={k!r} (k <= {MAX_K})")
    if not isinstance(edges, (list, tuple)) or len(edges) > MAX_EDGES:
        raise ValueError(f"the degdiam oracle handles at most {MAX_EDGES} edges")
    for t, e in enumerate(edges):
        if (not isinstance(e, (list, tuple)) or len(e) != 2 or not all(type(x) is int for x in e)
                or not 0 <= e[0] < e[1] < vertices):
            raise ValueError(f"edge {t} is not a pair u < v of vertices: {e!r}")


def _plain_distance(edges, vertices: int, x: int, y: int) -> int | None:
    adj = [[] for _ in range(vertices)]
    for u, v in edges:
        adj[u].append(v)
        adj[v].append(u)
    dist = {x: 0}
    queue = deque([x])
    while queue:
        a = queue.popleft()
        for b in adj[a]:
            if b not in dist:
                dist[b] = dist[a] + 1
                queue.append(b)
    return dist.get(y)


def decide(edges, vertices: int, d: int, k: int, *, timeout_ms: int = DEFAULT_TIMEOUT_MS
           ) -> tuple[str, tuple | None]:
    """``("sat", ("degree", x, deg))``, ``("sat", ("distance", x, y, dist or None))``, ``("unsat", None)``
    or ``("unknown", None)``."""
    _validate(edges, vertices, d, k)
    edges = [tuple(e) for e in edges]
    import z3  # lazy

    def arrays(solver):
        eu = z3.Array("EU", z3.IntSort(), z3.IntSort())
        ev = z3.Array("EV", z3.IntSort(), z3.IntSort())
        for t, (u, v) in enumerate(edges):
            solver.add(eu[t] == u, ev[t] == v)
        return eu, ev

    # degree
    solver = z3.Solver()
    solver.set("timeout", int(timeout_ms))
    eu, ev = arrays(solver)
    x = z3.Int("x")
    solver.add(0 <= x, x < vertices)
    solver.add(z3.Sum([z3.If(z3.Or(eu[t] == x, ev[t] == x), 1, 0) for t in range(len(edges))] + [z3.IntVal(0)]) > d)
    answer, found = solve(solver, (x,))
    if answer == "unknown":
        return "unknown", None
    if found is not None:
        (vx,) = found
        deg = sum(1 for u, v in edges if vx in (u, v))
        if not 0 <= vx < vertices or deg <= d:
            raise RuntimeError(f"degdiam oracle self-check failed: vertex {vx} has degree {deg}")
        return "sat", ("degree", vx, deg)

    # distance
    solver = z3.Solver()
    solver.set("timeout", int(timeout_ms))
    eu, ev = arrays(solver)
    x, y = z3.Ints("x y")
    solver.add(0 <= x, x < vertices, 0 <= y, y < vertices)
    walk = [z3.Function("W_0", z3.IntSort(), z3.BoolSort())]
    for z in range(vertices):
        solver.add(walk[0](z) == (x == z))
    for t in range(k):
        prev, row = walk[t], z3.Function(f"W_{t + 1}", z3.IntSort(), z3.BoolSort())
        for z in range(vertices):
            steps = [z3.And(eu[e] == z, prev(ev[e])) for e in range(len(edges))]
            steps += [z3.And(ev[e] == z, prev(eu[e])) for e in range(len(edges))]
            solver.add(row(z) == z3.Or([prev(z)] + steps))
        walk.append(row)
    solver.add(z3.Not(walk[k](y)))
    answer, found = solve(solver, (x, y))
    if found is None:
        return answer, None
    vx, vy = found
    dist = _plain_distance(edges, vertices, vx, vy)
    if not (0 <= vx < vertices and 0 <= vy < vertices) or (dist is not None and dist <= k):
        raise RuntimeError(f"degdiam oracle self-check failed: d({vx}, {vy}) = {dist} <= {k}")
    return "sat", ("distance", vx, vy, dist)


# ---- the contract's entry point (one signature for every family) ----------------------------------

SIZE_RULE = f"V <= {MAX_V}, at most {MAX_EDGES} edges (after expanding a Cayley form), k <= {MAX_K}"


def _edges_of(parsed) -> list[tuple[int, int]]:
    if parsed.is_cayley:
        return cayley_edges(parsed.moduli, parsed.generators)
    return sorted(set(parsed.edges))


def fits(parsed) -> bool:
    """Is the parsed answer small enough for the oracle ({SIZE_RULE})?"""
    if parsed.vertices > MAX_V or parsed.k > MAX_K:
        return False
    return len(_edges_of(parsed)) <= MAX_EDGES


def oracle(parsed, *, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> tuple[str, dict | None]:
    """The definition decided by z3 on a parsed answer that ``fits``: ``("sat", witness)`` with the
    family's PROPERTY_VIOLATION witness, ``("unsat", None)`` or ``("unknown", None)``."""
    status, hit = decide(_edges_of(parsed), parsed.vertices, parsed.d, parsed.k, timeout_ms=timeout_ms)
    if hit is None:
        return status, None
    if hit[0] == "degree":
        return status, {"vertex": hit[1], "degree": hit[2]}
    _, x, y, dist = hit
    if dist is None:
        return status, {"pair": [x, y], "connected": False}
    return status, {"pair": [x, y], "distance": dist}
