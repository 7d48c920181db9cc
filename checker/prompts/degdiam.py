"""The prompt wording of the ``degdiam`` family (assembled by ``endless_exam.checker.prompts``)."""
from __future__ import annotations

from endless_exam.certificates.schemas import degdiam as schema

from ._common import objective


def statement(p: dict) -> str:
    d, k = p["d"], p["k"]
    return (f"Find a simple undirected graph with maximum degree at most {d} and diameter at most {k} (every two "
            f"vertices are joined by a path of at most {k} edges; in particular the graph is connected) with as many "
            f"vertices as possible. The vertices are 0..V-1 and every vertex lies on at least one edge. "
            + objective("the number of vertices V", "maximise"))


def answer_format(p: dict) -> str:
    return "a JSON list of edges [u, v], each a pair of integers with 0 <= u < v, no edge listed twice"


def compact_forms(p: dict) -> list[str]:
    return [("Compact form: X may instead be {\"cayley\": {\"moduli\": [n1, n2, ...], \"generators\": [[g1, g2, ...], ...]}}, "
             "the Cayley graph of the group Z_n1 x Z_n2 x ... whose vertices are the group elements (vertex number in "
             "mixed radix, n1 most significant) and in which x is adjacent to x + g and x - g for every listed generator "
             "g; every modulus is an integer >= 1, every generator has exactly one integer entry per modulus, read "
             "modulo that modulus (8 mod 7 is 1), and a generator equal to the zero element adds no edge.")]


def limits(p: dict) -> list[str]:
    return [f"At most V = {schema.MAX_V:,} vertices (labels 0..{schema.MAX_V - 1:,}) and at most "
            f"{schema.MAX_EDGES:,} edges are accepted; a Cayley form has at most {schema.cayley.MAX_FACTORS} moduli "
            f"whose product is at most {schema.MAX_V:,}, and at most {schema.cayley.MAX_GENERATORS:,} generators.",
            f"The graph must also be small enough to check in the time limit: with E edges (V * |S| / 2 for a "
            f"Cayley form with connection set S), minimum degree delta and L = min(k, floor(3V / (delta + 1)) + 2, V), "
            f"min(L * min(4 * (V + 2E), ceil(V / 8) * (V + 256)) * ceil(V / 64), 24 * E * V) must be at most "
            f"{schema.MAX_PRIMARY_WORK:,}; for an edge list over it L is first lowered to 2e + 1, e the largest "
            f"eccentricity of the first vertex of a connected component, and a graph still over it is refused "
            f"(SIZE_LIMIT).",
            f"Instances have 1 <= d <= {schema.MAX_D:,} and 1 <= k <= {schema.MAX_K:,}."]
