"""The Cayley-graph compact form (degdiam): syntax and limits only, no graph is built here.

``{"cayley": {"moduli": [n_1, ..., n_t], "generators": [[g_1, ..., g_t], ...]}}`` (exactly these keys)
stands for the Cayley graph of the group Z_{n_1} x ... x Z_{n_t} with the connection set
S = {g, -g : g a listed generator} minus the zero element: vertices are the group elements, numbered in
mixed radix with the first modulus most significant (x = (x_1, ..., x_t) is vertex
((x_1 n_2 + x_2) n_3 + ...) + x_t), and x ~ x + s for every s in S.

Rules (docs/SPECIFICATION.md 3.9 and 9.5; stricter than upstream, which crashed on a zero modulus and truncated
long generators with ``zip``):
* ``moduli``: a JSON list of 1..``MAX_FACTORS`` JSON integers, each >= 1 (0 and negatives are
  ``RANGE``), whose product V is at most ``max_vertices`` (checked factor by factor, before any
  allocation: ``SIZE_LIMIT``);
* ``generators``: a JSON list of 1..``MAX_GENERATORS`` generators, each a JSON list of exactly t JSON
  integers (wrong length: ``FORMAT_SHAPE``). Entry g_i stands for its residue class modulo n_i and is
  reduced here to the least non-negative residue (8 mod 7 is 1, -1 mod 7 is 6), as upstream does, so
  every answer upstream accepts with reduced entries is read the same way. A generator that is (or
  reduces to) the zero element is kept in the parsed tuple and contributes nothing: the connection set
  drops zero (docs/SPECIFICATION.md 3.9), so ``[[1], [0]]`` mod 7 is the 7-cycle and ``[[0]]`` mod 1 is K1.
  Repeating a generator, or listing both g and -g, describes the same connection set and is allowed.
"""
from __future__ import annotations

from typing import Any

from ..errors import AnswerError, describe

MAX_FACTORS = 12
MAX_GENERATORS = 4000


def check(form: Any, max_vertices: int) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """(moduli, generators) of a Cayley form (the value of the ``cayley`` key), or ``AnswerError``."""
    if type(form) is not dict:
        raise AnswerError("FORMAT_TYPE", f"\"cayley\" must be an object {{\"moduli\", \"generators\"}}, got {describe(form)}")
    if set(form) != {"moduli", "generators"}:
        raise AnswerError("FORMAT_SHAPE", f"a Cayley form has exactly the keys 'moduli' and 'generators', got "
                          f"{sorted(form)[:5]}")
    moduli = form["moduli"]
    if type(moduli) is not list:
        raise AnswerError("FORMAT_TYPE", f"'moduli' must be a JSON list of integers, got {describe(moduli)}")
    if not moduli:
        raise AnswerError("EMPTY", "'moduli' is empty (the group needs at least one factor)")
    if len(moduli) > MAX_FACTORS:
        raise AnswerError("SIZE_LIMIT", f"{len(moduli)} moduli; at most {MAX_FACTORS} are accepted")
    order = 1
    for t, n in enumerate(moduli):
        if type(n) is not int:
            raise AnswerError("FORMAT_TYPE", f"modulus {t} must be a JSON integer, got {describe(n)}", {"modulus": t})
        if n < 1:
            raise AnswerError("RANGE", f"modulus {t} is {describe(n, 40)}; every modulus is at least 1", {"modulus": t})
        order *= n
        if order > max_vertices:
            raise AnswerError("SIZE_LIMIT", f"the group has more than {max_vertices:,} elements (moduli up to "
                              f"position {t} already multiply to more); at most {max_vertices:,} vertices are accepted",
                              {"modulus": t})
    gens = form["generators"]
    if type(gens) is not list:
        raise AnswerError("FORMAT_TYPE", f"'generators' must be a JSON list of generators, got {describe(gens)}")
    if not gens:
        raise AnswerError("EMPTY", "'generators' is empty (the graph would have no edges)")
    if len(gens) > MAX_GENERATORS:
        raise AnswerError("SIZE_LIMIT", f"{len(gens):,} generators; at most {MAX_GENERATORS:,} are accepted")
    out = []
    for k, g in enumerate(gens):
        if type(g) is not list:
            raise AnswerError("FORMAT_TYPE", f"generator {k} must be a JSON list of {len(moduli)} integers, got "
                              f"{describe(g)}", {"generator": k})
        if len(g) != len(moduli):
            raise AnswerError("FORMAT_SHAPE", f"generator {k} has {len(g)} entries; it needs exactly one per modulus "
                              f"({len(moduli)})", {"generator": k})
        for t, (x, n) in enumerate(zip(g, moduli)):
            if type(x) is not int:
                raise AnswerError("FORMAT_TYPE", f"generator {k} entry {t} must be a JSON integer, got {describe(x)}",
                                  {"generator": k, "entry": t})
        out.append(tuple(x % n for x, n in zip(g, moduli)))
    return tuple(moduli), tuple(out)
