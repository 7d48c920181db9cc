"""Brute-force statements of family definitions, and runners that hold both verifiers to them.

Each ``brute_*`` (and ``ap_brute``, ``kk_brute``) decides a small answer straight from the definition, with
no algorithm of either verifier; ``expect`` and ``check_both`` run both verifiers on one answer, compare
their verdicts with the expected one and have each confirm the other's witness. Used by the property
tests of capset, schur, corners, lineq, apfree_q and kakeya and by the worker tests.
"""
from __future__ import annotations

import itertools

from endless_exam.certificates.reasons import WITNESS_REASONS
from endless_exam import fixtures
from endless_exam.certificates.schemas import capset as capset_schema
from endless_exam.certificates.verdict import Status
from endless_exam.checker import families as primary_families
from endless_exam.crosscheck import families as second_families

FAMILIES = ("capset", "schur", "corners", "lineq")


def both_verdicts(family: str, params: dict, answer):
    p = primary_families.load(family).check(params, answer)
    s = second_families.load(family).check(params, answer)
    return p, s


def expect(family: str, params: dict, answer, reason: str | None, objective: int | None = None):
    """Both verifiers return ``reason`` (None = ACCEPT with ``objective``); witnesses are cross-confirmed."""
    p, s = both_verdicts(family, params, answer)
    for name, v in (("primary", p), ("second", s)):
        if reason is None:
            assert v.status is Status.ACCEPT, (name, family, params, answer, v)
            assert v.objective == objective and type(v.objective) is int, (name, v)
        else:
            assert v.status is Status.REJECT, (name, family, params, answer, v)
            assert v.reason == reason, (name, family, params, answer, v)
    for v, other in ((p, second_families.load(family)), (s, primary_families.load(family))):
        if v.reason in WITNESS_REASONS:
            holds, message = other.witness_holds(params, answer, v.witness)
            assert holds, (family, params, answer, v, message)
    return p, s


def brute_capset(points: list[str]) -> str | None:
    if len(set(points)) != len(points):
        return "DUPLICATE"
    for x, y, z in itertools.combinations(points, 3):
        if all((int(a) + int(b) + int(c)) % 3 == 0 for a, b, c in zip(x, y, z)):
            return "PROPERTY_VIOLATION"
    return None


def brute_schur(colours: list[int]) -> str | None:
    n = len(colours)
    for x in range(1, n + 1):
        for y in range(x, n + 1 - x):            # x = y allowed
            if colours[x - 1] == colours[y - 1] == colours[x + y - 1]:
                return "PROPERTY_VIOLATION"
    return None


def brute_corners(points: list[tuple[int, int]], n: int) -> str | None:
    if len(set(points)) != len(points):
        return "DUPLICATE"
    have = set(points)
    for x, y in have:
        for d in range(-(n - 1), n):
            if d != 0 and (x + d, y) in have and (x, y + d) in have:
                return "PROPERTY_VIOLATION"
    return None


def brute_lineq(elements: list[int], a: int, b: int) -> str | None:
    if len(set(elements)) != len(elements):
        return "DUPLICATE"
    for x in elements:
        for y in elements:
            for z in elements:
                if not (x == y == z) and a * x + b * y == (a + b) * z:
                    return "PROPERTY_VIOLATION"
    return None


def brute_spec(base: int, allowed: list[int], length: int, k: int | None, offset: int) -> list[int]:
    out = []
    for ds in itertools.product(allowed, repeat=length):
        if k is not None and sum(d * d for d in ds) != k:
            continue
        out.append(offset + sum(d * base ** i for i, d in enumerate(ds)))
    return out


def brute_nodes(allowed: list[int], length: int, k: int | None) -> int:
    squares = [d * d for d in allowed]
    qmin, qmax = min(squares), max(squares)
    nodes = 0
    for t in range(1, length + 1):
        for prefix in itertools.product(allowed, repeat=t):
            s = sum(d * d for d in prefix)
            if k is None or s + (length - t) * qmin <= k <= s + (length - t) * qmax:
                nodes += 1
    return nodes


def neg_sum(x: str, y: str) -> str:
    return "".join(str((-(int(a) + int(b))) % 3) for a, b in zip(x, y))


def fixture_cap(d: int) -> list[str]:
    doc = fixtures.read_json("constructions", "capset", f"d{d}.json")
    return list(capset_schema.parse(doc["answer"], {"d": d}).points)


def _solutions_of_2y(x: str, z: str, q: int) -> list[str]:
    """Every y with 2y = x + z mod q in every coordinate, found by trying all q digits per coordinate."""
    per = [[str(d) for d in range(q) if (2 * d - int(a) - int(c)) % q == 0] for a, c in zip(x, z)]
    return ["".join(t) for t in itertools.product(*per)]


def ap_brute(points: list[str], q: int) -> str:
    """DUP, PROP (three distinct points x, y, z with x + z = 2y mod q in every coordinate) or OK."""
    if len(set(points)) != len(points):
        return "DUP"
    members = set(points)
    for x, z in itertools.combinations(points, 2):
        if any(y in members and y != x and y != z for y in _solutions_of_2y(x, z, q)):
            return "PROP"
    return "OK"


def ap_addable(members: set[str], x: str, q: int) -> bool:
    """Adding x to a progression-free set keeps it progression-free (x as an end or as the middle)."""
    for z in members:
        if any(y in members for y in _solutions_of_2y(x, z, q)):
            return False
        if "".join(str((2 * int(a) - int(c)) % q) for a, c in zip(x, z)) in members:
            return False
    return True


def kk_directions(q: int, n: int):
    for v in itertools.product(range(q), repeat=n):
        nz = [c for c in v if c]
        if nz and nz[0] == 1:
            yield v


def kk_brute(points: list[tuple], q: int, n: int):
    """("DUP", None), ("PROP", first direction without a full line) or ("OK", None)."""
    if len(set(points)) != len(points):
        return "DUP", None
    members = set(points)
    for v in kk_directions(q, n):
        if not any(all(tuple((a[c] + t * v[c]) % q for c in range(n)) in members for t in range(q))
                   for a in itertools.product(range(q), repeat=n)):
            return "PROP", v
    return "OK", None


def check_both(prim, sec, params, answer, expected: str, objective=None, direction=None):
    p, s = prim.check(params, answer), sec.check(params, answer)
    for name, v in (("primary", p), ("second", s)):
        if expected == "OK":
            assert v.status is Status.ACCEPT and v.objective == objective and type(v.objective) is int, (name, v)
        else:
            want = "DUPLICATE" if expected == "DUP" else "PROPERTY_VIOLATION"
            assert v.status is Status.REJECT and v.reason == want, (name, params, v)
            if direction is not None:
                assert tuple(v.witness["direction"]) == tuple(direction), (name, v.witness)
    if expected != "OK":   # each verifier's witness is confirmed by the other
        assert sec.witness_holds(params, answer, p.witness)[0], p.witness
        assert prim.witness_holds(params, answer, s.witness)[0], s.witness
    return p, s


def ap_space(q: int, n: int) -> list[str]:
    return ["".join(t) for t in itertools.product("0123456789"[:q], repeat=n)]
