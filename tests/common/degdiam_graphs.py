"""Small graphs and the degree-diameter definition for the degdiam tests (not a test module)."""
from __future__ import annotations

import random
from collections import deque


def norm(edges) -> list[list[int]]:
    """Sorted [u, v] pairs with u < v, each once."""
    return [list(e) for e in sorted({(min(u, v), max(u, v)) for u, v in edges if u != v})]


def cycle(n: int) -> list[list[int]]:
    return norm((i, (i + 1) % n) for i in range(n))


def complete(n: int) -> list[list[int]]:
    return norm((i, j) for i in range(n) for j in range(i + 1, n))


def petersen() -> list[list[int]]:
    outer = [(i, (i + 1) % 5) for i in range(5)]
    spokes = [(i, i + 5) for i in range(5)]
    inner = [(5 + i, 5 + (i + 2) % 5) for i in range(5)]
    return norm(outer + spokes + inner)


def circulant(n: int, jumps) -> list[list[int]]:
    return norm((x, (x + j) % n) for x in range(n) for j in jumps)


def cayley_edges(moduli, generators) -> list[list[int]]:
    """Edges of the Cayley graph, written out from the definition (mixed radix, first modulus most significant)."""
    elements = [()]
    for n in moduli:
        elements = [e + (x,) for e in elements for x in range(n)]
    index = {e: i for i, e in enumerate(elements)}
    conn = set()
    for g in generators:
        conn.add(tuple(g))
        conn.add(tuple((-x) % n for x, n in zip(g, moduli)))
    return norm((index[e], index[tuple((a + b) % n for a, b, n in zip(e, s, moduli))]) for e in elements for s in conn)


def cayley_vertices(answer) -> int:
    order = 1
    for n in answer["cayley"]["moduli"]:
        order *= n
    return order


def relabel(edges, seed: int) -> list[list[int]]:
    """The same graph with the vertex labels permuted and the edges listed in a random order."""
    vertices = max(v for _, v in edges) + 1
    perm = list(range(vertices))
    rnd = random.Random(seed)
    rnd.shuffle(perm)
    out = [sorted((perm[u], perm[v])) for u, v in edges]
    rnd.shuffle(out)
    return out


def adjacency(edges, vertices: int) -> list[set[int]]:
    adj = [set() for _ in range(vertices)]
    for u, v in edges:
        adj[u].add(v)
        adj[v].add(u)
    return adj


def distances(adj, x: int) -> list[int | None]:
    dist: list[int | None] = [None] * len(adj)
    dist[x] = 0
    queue = deque([x])
    while queue:
        a = queue.popleft()
        for b in adj[a]:
            if dist[b] is None:
                dist[b] = dist[a] + 1
                queue.append(b)
    return dist


def violation(edges, d: int, k: int, vertices: int | None = None):
    """The definition: None if valid, else ("duplicate", i, j) / ("degree", x) / ("distance", x, y, dist or None).
    ``vertices`` defaults to the largest label + 1 (give it for a graph with no edge, such as K1)."""
    seen = {}
    for j, e in enumerate(edges):
        key = tuple(e)
        if key in seen:
            return ("duplicate", seen[key], j)
        seen[key] = j
    if vertices is None:
        vertices = max(v for _, v in edges) + 1
    adj = adjacency(edges, vertices)
    for x in range(vertices):
        if len(adj[x]) > d:
            return ("degree", x)
    for x in range(vertices):
        dist = distances(adj, x)
        for y in range(vertices):
            if dist[y] is None or dist[y] > k:
                return ("distance", x, y, dist[y])
    return None


def diameter(edges) -> int | None:
    vertices = max(v for _, v in edges) + 1
    adj = adjacency(edges, vertices)
    best = 0
    for x in range(vertices):
        dist = distances(adj, x)
        if any(t is None for t in dist):
            return None
        best = max(best, max(dist))
    return best
