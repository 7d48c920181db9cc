"""Red-team regression tests for the families capset, schur, corners and lineq.

Every test states the CORRECT behaviour. The tests in section (E) fail on the code as reviewed:

* ``test_capset_hash_flooded_valid_cap_is_accepted_by_the_harness``: the second capset verifier's
  open-addressing hash table (d >= 17, more than 1,500 points) has a fixed public multiplier, so a
  valid cap set whose base-3 keys share one home slot makes construction quadratic and every
  lookup linear: a valid 3,000-point cap in F_3^40 TIMEs OUT (scores zero) where the primary
  accepts it in under a second.
* ``test_hostile_32mib_text_is_rejected_within_the_time_limit``: a 32 MiB answer (the stated
  answer limit) made of one NaN and unclosed brackets is token-scanned in pure Python four times
  by extraction (answer_from_bytes, then the whole-text, {...} and [...] candidates): about 53 s in
  process, TIMEOUT of both verifiers through the harness instead of a REJECT.
* ``test_in_process_check_of_huge_python_int_is_a_reject_not_an_exception``: ``describe`` and
  the RANGE messages format an int with ``str``/``repr``; an int beyond Python's 4,300-digit
  conversion limit (not reachable from the strict JSON loader, only through the in-process API)
  raised ValueError from every family's ``check``. The verifier processes lift the limit
  (``certificates.worker.prepare_process``; importing the package no longer does, so that the API's
  caller keeps its own), and the test runs the checks in process under that setting.

Sections (A)-(D) hold up and stay as regression tests: brute-force statements of each definition
compared with both verifiers on random and adversarial small inputs, structured inputs that stress
the fast paths, and hostile inputs through ``endless_exam.certificates.worker.handle``.
"""
from __future__ import annotations

from endless_exam import crosscheck  # noqa: F401  (first: sets SYMPY_GROUND_TYPES=python before anything imports sympy)

import itertools
import json
import random
import sys

import numpy as np
import pytest

from endless_exam import fixtures
from endless_exam.certificates.schemas import capset as capset_schema
from endless_exam.certificates.forms import digits
from endless_exam.certificates.reasons import REASONS, reason_class
from endless_exam.certificates.verdict import Status
from endless_exam.certificates.worker import handle
from endless_exam.checker import families as primary_families
from endless_exam.checker import harness
from endless_exam.crosscheck import families as second_families

FAMILIES = ("capset", "schur", "corners", "lineq")


def both(family: str, params: dict, answer):
    p = primary_families.load(family).check(params, answer)
    s = second_families.load(family).check(params, answer)
    return p, s


def expect(family: str, params: dict, answer, reason: str | None, objective: int | None = None):
    """Both verifiers return ``reason`` (None = ACCEPT with ``objective``); witnesses are cross-confirmed."""
    p, s = both(family, params, answer)
    for name, v in (("primary", p), ("second", s)):
        if reason is None:
            assert v.status is Status.ACCEPT, (name, family, params, answer, v)
            assert v.objective == objective and type(v.objective) is int, (name, v)
        else:
            assert v.status is Status.REJECT, (name, family, params, answer, v)
            assert v.reason == reason, (name, family, params, answer, v)
    for v, other in ((p, second_families.load(family)), (s, primary_families.load(family))):
        if v.reason in ("DUPLICATE", "PROPERTY_VIOLATION"):
            holds, message = other.witness_holds(params, answer, v.witness)
            assert holds, (family, params, answer, v, message)
    return p, s


# ---- brute-force statements of the definitions (BENCHMARK.md 3.1, 3.7, 3.10, 3.13) ----------------

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


# =====================================================================================================
# (A) random and adversarial small inputs against the brute-force definitions
# =====================================================================================================

@pytest.mark.parametrize("seed", range(3))
def test_capset_random_small_sets_match_brute_force(seed):
    rnd = random.Random(1000 + seed)
    for _ in range(120):
        d = rnd.randint(1, 5)
        universe = ["".join(t) for t in itertools.product("012", repeat=d)]
        pts = rnd.sample(universe, rnd.randint(1, min(len(universe), 14)))
        if rnd.random() < 0.15:
            pts.insert(rnd.randrange(len(pts) + 1), rnd.choice(pts))
        expect("capset", {"d": d}, pts, brute_capset(pts), len(pts))


def test_capset_every_line_of_f3_2_is_found_and_every_4_cap_accepted():
    universe = ["".join(t) for t in itertools.product("012", repeat=2)]
    for trio in itertools.combinations(universe, 3):
        expect("capset", {"d": 2}, list(trio), brute_capset(list(trio)), 3)
    for quad in itertools.combinations(universe, 4):
        expect("capset", {"d": 2}, list(quad), brute_capset(list(quad)), 4)


def test_capset_fourier_and_pair_paths_match_brute_force():
    from endless_exam.checker.families import load as _load_primary
    primary = _load_primary("capset")
    from endless_exam.crosscheck.families import load as _load_second
    second = _load_second("capset")
    rnd = random.Random(7)
    for _ in range(150):
        d = rnd.randint(1, 6)
        universe = ["".join(t) for t in itertools.product("012", repeat=d)]
        pts = tuple(rnd.sample(universe, rnd.randint(1, min(len(universe), 20))))
        want = brute_capset(list(pts)) is not None
        for method in ("fourier", "pairs", "auto"):
            assert (primary.module.find_line(pts, d, method=method) is not None) == want, (pts, method)
        assert (second.module.find_line(pts, d, force_python=True) is not None) == want, pts


def test_capset_product_form_duplicates_and_lines_are_found():
    expect("capset", {"d": 3}, {"product": [["0", "1"], ["00", "11"]]}, None, 4)
    expect("capset", {"d": 3}, {"product": [["0", "0"], ["00"]]}, "DUPLICATE")
    expect("capset", {"d": 3}, {"product": [["0", "1", "2"], ["00"]]}, "PROPERTY_VIOLATION")
    expect("capset", {"d": 2}, {"product": [["0", "1"], ["0", "1", "2"]]}, "PROPERTY_VIOLATION")


@pytest.mark.parametrize("seed", range(3))
def test_schur_random_colourings_match_brute_force(seed):
    rnd = random.Random(2000 + seed)
    for _ in range(150):
        k = rnd.randint(1, 5)
        n = rnd.randint(1, 60)
        colours = [rnd.randrange(k) for _ in range(n)]
        expect("schur", {"k": k}, colours, brute_schur(colours), n)


def test_schur_x_equals_y_is_a_solution_and_small_schur_numbers_hold():
    expect("schur", {"k": 1}, [0], None, 1)
    expect("schur", {"k": 1}, [0, 0], "PROPERTY_VIOLATION")            # 1 + 1 = 2
    expect("schur", {"k": 2}, [0, 1, 1, 0], None, 4)                   # S(2) = 4
    expect("schur", {"k": 2}, [0, 1, 1, 0, 0], "PROPERTY_VIOLATION")
    expect("schur", {"k": 3}, [0, 1, 1, 0, 2, 2, 2, 2, 2, 0, 1, 1, 0], None, 13)   # S(3) = 13


@pytest.mark.parametrize("seed", range(3))
def test_corners_random_sets_match_brute_force(seed):
    rnd = random.Random(3000 + seed)
    for _ in range(150):
        n = rnd.randint(1, 8)
        grid = [(x, y) for x in range(n) for y in range(n)]
        pts = rnd.sample(grid, rnd.randint(1, min(len(grid), 14)))
        if rnd.random() < 0.15:
            pts.insert(rnd.randrange(len(pts) + 1), rnd.choice(pts))
        expect("corners", {"n": n}, [list(p) for p in pts], brute_corners(pts, n), len(pts))


def test_corners_negative_d_is_a_corner():
    # (2, 2), (0, 2), (2, 0): d = -2
    expect("corners", {"n": 3}, [[2, 2], [0, 2], [2, 0]], "PROPERTY_VIOLATION")
    expect("corners", {"n": 3}, [[2, 2], [0, 2], [0, 0]], None, 3)


@pytest.mark.parametrize("seed", range(2))
def test_corners_literal_diff_sets_match_brute_force(seed):
    rnd = random.Random(4000 + seed)
    for _ in range(150):
        n = rnd.randint(1, 9)
        diffs = [rnd.randint(-(n - 1), n - 1) for _ in range(rnd.randint(1, 5))]
        pts = [(x, x - d) for d in diffs for x in range(n) if 0 <= x - d < n]
        expect("corners", {"n": n}, {"diff_set": diffs}, brute_corners(pts, n), len(pts))


@pytest.mark.parametrize("seed", range(3))
def test_lineq_random_sets_match_brute_force(seed):
    rnd = random.Random(5000 + seed)
    for _ in range(150):
        a = rnd.choice([1, 2, 3, 4, 6, rnd.randint(1, 1000)])
        b = rnd.choice([1, 2, 3, 5, a, rnd.randint(1, 1000)])
        n = rnd.randint(1, 80)
        els = rnd.sample(range(1, n + 1), rnd.randint(1, min(n, 9)))
        if rnd.random() < 0.4:          # plant z, z + b't, z - a't
            from math import gcd
            g = gcd(a, b)
            z, t = rnd.randint(1, n), rnd.randint(-3, 3) or 1
            els += [v for v in (z, z + b // g * t, z - a // g * t) if 1 <= v <= n and v not in els]
            rnd.shuffle(els)
        if rnd.random() < 0.1:
            els.append(rnd.choice(els))
        expect("lineq", {"a": a, "b": b, "n": n}, els, brute_lineq(els, a, b), len(els))


def test_lineq_x_equals_y_is_trivial_only():
    expect("lineq", {"a": 1, "b": 1, "n": 10}, [5], None, 1)
    expect("lineq", {"a": 2, "b": 1, "n": 10}, [1, 3, 7], "PROPERTY_VIOLATION")   # 2*1 + 1*7 = 3*3
    expect("lineq", {"a": 1, "b": 1, "n": 10}, [1, 2, 4, 5], None, 4)


# ---- digit specs (BENCHMARK.md 3.19): semantics, range filter, de-duplication, node count ----------

def _random_spec(rnd: random.Random) -> tuple[dict, tuple]:
    base = rnd.choice([2, 3, 4, 5, 7, 10, 100, 10 ** 6])
    pool = range(min(base, 12))
    allowed = rnd.sample(pool, rnd.randint(1, min(base, 4)))
    if base == 10 ** 6 and rnd.random() < 0.5:
        allowed = list(dict.fromkeys(rnd.randrange(base) for _ in range(rnd.randint(1, 3))))
    length = rnd.randint(1, 5)
    k = None if rnd.random() < 0.4 else rnd.randint(0, length * max(allowed) ** 2)
    offset = rnd.randint(-60, 60)
    spec = {"base": base, "allowed": allowed, "length": length, "offset": offset}
    if k is not None or rnd.random() < 0.5:
        spec["sum_squares"] = k
    return spec, (base, allowed, length, k, offset)


@pytest.mark.parametrize("seed", range(2))
def test_digit_spec_forms_match_brute_force(seed):
    rnd = random.Random(6000 + seed)
    for _ in range(150):
        spec, args = _random_spec(rnd)
        values = brute_spec(*args)
        assert digits.count(digits.check_spec(spec)) == (brute_nodes(args[1], args[2], args[3]), len(values))
        a, b, n = rnd.randint(1, 5), rnd.randint(1, 5), rnd.randint(1, 70)
        kept = sorted({v for v in values if 1 <= v <= n})
        if kept:
            expect("lineq", {"a": a, "b": b, "n": n}, {"digits": spec}, brute_lineq(kept, a, b), len(kept))
        else:
            expect("lineq", {"a": a, "b": b, "n": n}, {"digits": spec}, "EMPTY")
        n = rnd.randint(1, 12)
        diffs = sorted({v for v in values if -(n - 1) <= v <= n - 1})
        pts = [(x, x - d) for d in diffs for x in range(n) if 0 <= x - d < n]
        if diffs:
            expect("corners", {"n": n}, {"diff_set": spec}, brute_corners(pts, n), len(pts))
        else:
            expect("corners", {"n": n}, {"diff_set": spec}, "EMPTY")


def test_digit_spec_huge_base_and_offset_are_exact():
    spec = {"base": 10 ** 6, "allowed": [0, 1], "length": 40, "sum_squares": 1, "offset": -(10 ** 18)}
    # elements -10^18 + 10^(6 i), i < 40: the one for i = 3 is 0, outside 1..n; all others are far outside
    expect("lineq", {"a": 1, "b": 1, "n": 10 ** 6}, {"digits": spec}, "EMPTY")
    spec = {"base": 10 ** 6, "allowed": [0, 1], "length": 40, "sum_squares": 1, "offset": -(10 ** 18) + 5}
    expect("lineq", {"a": 1, "b": 1, "n": 10 ** 6}, {"digits": spec}, None, 1)   # only 5
    spec = {"base": 3, "allowed": [0, 1, 2], "length": 1, "offset": -1}       # -1, 0, 1
    expect("corners", {"n": 2}, {"diff_set": spec}, "PROPERTY_VIOLATION")     # all 4 points
    expect("corners", {"n": 1}, {"diff_set": spec}, None, 1)                  # only d = 0 in range


# =====================================================================================================
# (B) structured inputs on the fast paths
# =====================================================================================================

def test_capset_fourier_path_on_a_product_cap_and_a_planted_line():
    from endless_exam.checker.families import load as _load_primary
    primary = _load_primary("capset")
    cap = ["".join(t) for t in itertools.product(fixture_cap(6), fixture_cap(3))]   # 1008 points, d = 9
    d = 9
    assert len(cap) * (len(cap) - 1) // 2 > 2 * d * 3 ** d           # "auto" takes the Fourier path
    expect("capset", {"d": d}, cap, None, len(cap))
    bad = list(cap)
    bad[-1] = neg_sum(cap[0], cap[1])          # replaces a point by the third point of a line
    assert bad[-1] not in cap
    expect("capset", {"d": d}, bad, "PROPERTY_VIOLATION")
    assert primary.module.find_line(tuple(bad), d, method="fourier") is not None


@pytest.mark.parametrize("d", [12, 17, 18, 21, 40])
def test_capset_numpy_paths_find_a_line_among_the_last_three_points(d):
    rnd = random.Random(d)
    keys: set[int] = set()
    while len(keys) < 1600:                    # > PURE_PYTHON_MAX_POINTS: numpy paths of both verifiers
        keys.add(rnd.getrandbits(d))
    pts = ["".join("01"[(k >> i) & 1] for i in range(d)) for k in sorted(keys)]   # {0,1}^d is a cap
    rnd.shuffle(pts)
    expect("capset", {"d": d}, pts[:-1], None, len(pts) - 1)
    z = neg_sum(pts[-3], pts[-2])
    bad = pts[:-1] + [z]
    expect("capset", {"d": d}, bad, "PROPERTY_VIOLATION")


@pytest.mark.parametrize("n", [131_070, 131_071])
def test_schur_kronecker_slot_width_boundary(n):
    """Colour x by its 2-adic valuation (sum-free); class 0 has 65,535 (u2 slots) or 65,536 (u4) members."""
    colours = [((x & -x).bit_length() - 1) for x in range(1, n + 1)]
    k = max(colours) + 1
    expect("schur", {"k": k}, colours, None, n)
    bad = list(colours)
    z = n if n % 2 == 0 else n - 1             # an even z; 1 and z - 1 are odd (colour 0)
    bad[z - 1] = 0
    expect("schur", {"k": k}, bad, "PROPERTY_VIOLATION")


def test_corners_full_row_crosses_pair_chunks_with_planted_corners():
    n = 2000
    row0 = [[x, 0] for x in range(n)]
    expect("corners", {"n": n}, row0, None, n)
    expect("corners", {"n": n}, row0 + [[5, 7]], "PROPERTY_VIOLATION")                 # d = +7
    top = [[x, n - 1] for x in range(n)]
    expect("corners", {"n": n}, top + [[1990, n - 4]], "PROPERTY_VIOLATION")           # d = -3
    expect("corners", {"n": n}, top + [[3, n - 4]], "PROPERTY_VIOLATION")              # d = -3, partner at x = 0
    expect("corners", {"n": n}, top + [[2, n - 4]], None, n + 1)                        # (2 - 3, n - 1) is off the grid
    # a point of the full row itself can only be a corner point with both partners present
    expect("corners", {"n": n}, top + [[n - 1, 0]], "PROPERTY_VIOLATION")              # d = -(n-1)


def test_lineq_flint_product_at_the_largest_n():
    params = {"a": 1, "b": 1, "n": 10 ** 6}
    spec = {"base": 3, "allowed": [0, 1], "length": 13, "offset": 1}   # 8192 elements, 3-AP-free
    expect("lineq", params, {"digits": spec}, None, 8192)
    els = sorted(1 + sum(((k >> i) & 1) * 3 ** i for i in range(13)) for k in range(8192))
    y, z = 1 + 3 ** 12, 1 + 3 ** 12 + 3 ** 11
    expect("lineq", params, els + [2 * z - y], "PROPERTY_VIOLATION")
    params = {"a": 1, "b": 9, "n": 10 ** 6}
    expect("lineq", params, [10 ** 6, 10 ** 6 - 10], None, 2)
    expect("lineq", params, [10 ** 6 - 1, 10 ** 6 - 11, 10 ** 6 - 10], "PROPERTY_VIOLATION")  # x = z + 9, y = z - 1


# =====================================================================================================
# (C) hostile input through certificates.worker.handle: a verdict with a known reason, never ERROR
# =====================================================================================================

PARAMS = {"capset": {"d": 5}, "schur": {"k": 3}, "corners": {"n": 10}, "lineq": {"a": 1, "b": 2, "n": 100}}
HOSTILE = [
    b"", b"   ", b"null", b'{"answer": null}', b"[]", b"{}", b"[1e400]", b"[-1e400]", b"[-0]", b"[-0.0]",
    b"[NaN]", b"[Infinity]", b"[" + b"9" * 1000 + b"]", b"[" + b"9" * 1001 + b"]", b"[-" + b"9" * 5000 + b"]",
    b"[" * 1000 + b"]" * 1000, b"[" * 50000 + b"]" * 50000, b"[" * 50000, b"[" * 33 + b"]" * 33,
    b'{"a":1,"a":2}', b'{"product": [["01"]], "product": [["01"]]}',
    b'{"diff_set": {"base": 3, "base": 3, "allowed": [0], "length": 1}}',
    b'{"digits": {"base": 3, "allowed": [0], "length": 1, "allowed": [1]}}',
    b'["\\u0661\\u0662"]', '["\u0661\u0662"]'.encode(), '["\uff10\uff11"]'.encode(), b'["\\ud800"]', b'"\xff"',
    b"[1,]", b"[true]", b"[1.0]", b'["1"]', b"[[0, 0], [0, 1.0]]", b"[[true, 0]]", b"[[0, 0, 0]]",
    b'{"answer": [1], "x": 1}', b'{"answer": {"answer": [1]}}', b"```json\n[NaN]\n```", b"```" * 5000,
    b'{"digits": {"base": 10, "allowed": [1], "length": 40, "offset": -1000000000000000000}}',
    b'{"digits": {"base": 1000000, "allowed": [999999], "length": 40}}',
    b'{"digits": {"base": 2, "allowed": [0, 1], "length": 40}}',
    b'{"digits": {"base": 2, "allowed": [0, 1], "length": 40, "sum_squares": 20}}',
    b'{"digits": {"base": 1000000, "allowed": [0, 999999], "length": 40, "sum_squares": 999998000001}}',
    b'{"digits": {"base": 1000001, "allowed": [0], "length": 1}}',
    b'{"digits": {"base": 3, "allowed": [0, 0], "length": 1}}',
    b'{"digits": {"base": 3, "allowed": [], "length": 1}}',
    b'{"digits": {"base": 3, "allowed": [3], "length": 1}}',
    b'{"digits": {"base": 3, "allowed": [0], "length": 41}}',
    b'{"digits": {"base": 3, "allowed": [1], "length": 2, "sum_squares": -1}}',
    b'{"digits": {"base": 3, "allowed": [0, 1], "length": 10, "offset": 10000000000000000000}}',
    b'{"digits": {"base": 3, "allowed": [0, 1], "length": 3, "offset": 1, "extra": 0}}',
    b'{"digits": [1, 2]}', b'{"diff_set": {"base": 3, "allowed": [0, 1], "length": 10, "offset": -9}}',
    b'{"diff_set": [0, 0]}', b'{"diff_set": []}', b'{"diff_set": [true]}', b'{"diff_set": [9, -9]}',
    b'{"diff_set": [10]}', b'{"diff_set": [' + b"0," * 60000 + b'0]}',
    b'{"product": [["01", "10"], ["012"]]}', b'{"product": [["0", "1"], ["0", "1"], ["0", "1"], ["0", "1"], ["0"]]}',
    b'{"product": [["0", "0"], ["0"], ["0"], ["0"], ["0"]]}', b'{"product": []}', b'{"product": [[]]}',
    b'{"product": [[""]]}', b'{"product": [["0", 1]]}', b'{"product": [["00000"]], "x": 1}',
    b'{"product": [["0"], ["0"], ["0"], ["0"], ["0"], ["0"]]}',
    b'["00000", "11111", "2222"]', b'["0000\\u0000"]', '["000\u00e9"]'.encode(), b'["00000", "00000"]',
    b"[0, 1, 2]", b"[1, 2, 3]", b"[[0, 0], [0, 0]]", b"[" + b"0," * 200000 + b"0]",
]


@pytest.mark.parametrize("family", FAMILIES)
def test_hostile_payloads_get_a_verdict_with_a_known_reason(family):
    for payload in HOSTILE:
        verdicts = []
        for load in (primary_families.load, second_families.load):
            out = handle({"op": "check", "family": family, "params": PARAMS[family], "kind": "file"}, payload, load)
            v = out["verdict"]
            assert v["status"] in ("ACCEPT", "REJECT"), (family, payload[:80], v)
            assert v["reason"] is None or v["reason"] in REASONS, (family, payload[:80], v)
            verdicts.append((v["status"], v["reason"], v["objective"]))
        assert verdicts[0] == verdicts[1], (family, payload[:80], verdicts)


def test_reasons_of_selected_hostile_payloads():
    def reason(family, payload):
        return handle({"op": "check", "family": family, "params": PARAMS[family], "kind": "file"}, payload,
                      primary_families.load)["verdict"]["reason"]
    assert reason("lineq", b"[1e400]") == "JSON_NONFINITE"
    assert reason("lineq", b"[" + b"9" * 1001 + b"]") == "JSON_NUMBER"
    assert reason("lineq", b"[-0]") == "RANGE"
    assert reason("lineq", b"[1.0]") == "FORMAT_TYPE"
    assert reason("schur", b"[-0.0]") == "FORMAT_TYPE"
    assert reason("capset", '["\u0661\u0662\u0660\u0660\u0660"]'.encode()) == "FORMAT_TYPE"
    assert reason("corners", b'{"diff_set": {"base": 3, "base": 3, "allowed": [0], "length": 1}}') == "JSON_DUPLICATE_KEY"
    assert reason("lineq", b'{"digits": {"base": 2, "allowed": [0, 1], "length": 40}}') == "EXPANSION_LIMIT"
    assert reason("corners", b'{"diff_set": [0, 0]}') == "DUPLICATE"
    assert reason("capset", b'{"product": [["0", "0"], ["0"], ["0"], ["0"], ["0"]]}') == "DUPLICATE"
    assert reason("schur", b"[" * 50000 + b"]" * 50000) == "JSON_DEPTH"
    assert reason_class(reason("lineq", b"[1,]")) == "format"


# =====================================================================================================
# (D) parameter edges
# =====================================================================================================

@pytest.mark.parametrize("family,params", [
    ("capset", {"d": 1}), ("capset", {"d": 40}), ("schur", {"k": 1}), ("schur", {"k": 64}),
    ("corners", {"n": 1}), ("corners", {"n": 2000}), ("lineq", {"a": 1, "b": 1, "n": 1}),
    ("lineq", {"a": 1000, "b": 999, "n": 5002}), ("lineq", {"a": 1, "b": 9, "n": 10 ** 6}),
])
def test_parameter_edges_take_small_answers(family, params):
    answer = {"capset": ["0" * params.get("d", 1)], "schur": [0], "corners": [[0, 0]], "lineq": [1]}[family]
    expect(family, params, answer, None, 1)


# =====================================================================================================
# (E) findings: these fail on the reviewed code
# =====================================================================================================

_MULT = 0x9E3779B97F4A7C15      # the second verifier's public multiplicative-hash constant
_MASK = (1 << 64) - 1


def _hash_flood_keys(count: int, bits: int, half: int) -> list[int]:
    """``count`` integers whose base-3 digits are 0 or 1 (so their points form a cap set) and whose
    multiplicative hash, the top ``bits`` bits of k * _MULT mod 2^64, is 0 for all of them.

    Meet in the middle: k = low + high with low using the digit positions 0..half-1 and high the
    positions half..2 half-1; for each low, the highs with (high + low) * _MULT in the first slot form
    one contiguous range of the sorted high products.
    """
    def sums(offset: int) -> list[int]:
        vals = [0]
        for i in range(half):
            w = 3 ** (i + offset)
            vals = vals + [v + w for v in vals]
        return vals

    lows, highs = sums(0), sums(half)
    products = np.array([(h * _MULT) & _MASK for h in highs], dtype=np.uint64)
    order = np.argsort(products)
    sorted_products = products[order]
    width = 1 << (64 - bits)
    out: list[int] = []
    for low in lows:
        lo = (-(low * _MULT)) & _MASK
        hi = lo + width
        a = int(np.searchsorted(sorted_products, np.uint64(lo)))
        if hi <= _MASK + 1:
            b = int(np.searchsorted(sorted_products, np.uint64(hi - 1), side="right"))
            chosen = order[a:b]
        else:
            b = int(np.searchsorted(sorted_products, np.uint64(hi - _MASK - 2), side="right"))
            chosen = np.concatenate([order[a:], order[:b]])
        for c in chosen.tolist():
            out.append(low + highs[c])
            if len(out) == count:
                return out
    raise RuntimeError("not enough colliding keys")


def test_capset_hash_flooded_valid_cap_is_accepted_by_the_harness():
    d, count = 40, 3000             # 3000 points: hash table of 2^15 slots in the second verifier
    keys = _hash_flood_keys(count, bits=15, half=14)
    points = []
    for k in keys:
        digits_ = []
        for _ in range(d):
            digits_.append("01"[k % 3])
            k //= 3
        points.append("".join(reversed(digits_)))
    assert len(set(points)) == count and brute_capset(points[:12]) is None
    # Correct behaviour: a valid 3000-point cap in F_3^40 is accepted well within the 60 s budget
    # (the primary needs under a second; an unlucky or hostile key set must not cost O(n^3)).
    combined = harness.verify("capset", {"d": d}, json.dumps(points).encode())  # the default 60 s limit
    assert combined.status is Status.ACCEPT, (combined.status, combined.reason, combined.message)
    assert combined.objective == count


def test_hostile_32mib_text_is_rejected_within_the_time_limit():
    size = 32 * 1024 * 1024 - 64    # under the 32 MiB answer limit
    payload = b'{"a":[NaN,' + b"[" * (size - 12) + b"]}"
    header = {"op": "check", "family": "schur", "params": {"k": 3}, "kind": "file"}
    result, failure, seconds = harness.run_worker(harness.PRIMARY, header, payload, harness.DEFAULT_TIME_LIMIT,
                                                 harness.DEFAULT_MEMORY_LIMIT)
    # Correct behaviour: a REJECT with a format reason within the 60 s verifier limit, not a TIMEOUT
    # (extraction must not re-scan the text token by token in Python four times; its speed is measured
    # by benchmarks, not asserted here).
    assert failure is None, (failure.status, failure.reason, failure.message, seconds)
    verdict = result["verdict"]
    assert verdict["status"] == "REJECT" and reason_class(verdict["reason"]) == "format", verdict


@pytest.mark.parametrize("family,params,answer", [
    ("schur", {"k": 2}, [10 ** 5000]),
    ("lineq", {"a": 1, "b": 1, "n": 10}, [10 ** 5000]),
    ("lineq", {"a": 1, "b": 1, "n": 10}, {"digits": {"base": 10 ** 5000, "allowed": [0], "length": 1}}),
    ("lineq", {"a": 1, "b": 1, "n": 10}, {"digits": {"base": 3, "allowed": [0], "length": 1, "offset": -10 ** 5000}}),
    ("corners", {"n": 3}, [[10 ** 5000, 0]]),
    ("corners", {"n": 3}, {"diff_set": [10 ** 5000]}),
    ("capset", {"d": 2}, [10 ** 5000]),
])
def test_in_process_check_of_huge_python_int_is_a_reject_not_an_exception(family, params, answer):
    # verifier code runs in a verifier process, which lifts the digit limit (certificates.worker.prepare_process);
    # run in process here, it gets the same setting, and the test's own interpreter gets its limit back after
    previous = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        _check_both(family, params, answer)
    finally:
        sys.set_int_max_str_digits(previous)


def _check_both(family, params, answer):
    for load in (primary_families.load, second_families.load):
        verdict = load(family).check(params, answer)
        assert verdict.status is Status.REJECT and verdict.reason in ("RANGE", "FORMAT_TYPE"), verdict
