"""The digit spec: a set of integers described by their base-b digits (docs/SPECIFICATION.md 3.19).

Grammar. SPEC = ``{"base": b, "allowed": [...], "length": L, "sum_squares": k, "offset": o}``, a JSON
object with exactly these keys, where ``sum_squares`` may be absent or null (no constraint) and
``offset`` may be absent (= 0). Every value is a strict JSON integer (``type(x) is int``):

* ``base``: 2 <= b <= ``MAX_BASE`` (10^6);
* ``length``: 1 <= L <= ``MAX_LENGTH`` (40);
* ``allowed``: a non-empty list of distinct digits, each in [0, b); a repeated digit is FORMAT_SHAPE
  (a spec is a description, and a repeated digit would describe every affected string twice);
* ``sum_squares``: null/absent, or 0 <= k <= L (b - 1)^2;
* ``offset``: |o| <= ``MAX_ABS_OFFSET`` (10^18), negative allowed.

Elements. All integers o + sum_{i<L} d_i b^i over L-digit strings (d_0 least significant, leading
zeros allowed) whose digits are all in ``allowed`` and, if k is given, with sum d_i^2 = k exactly.
Distinct strings give distinct integers (digits are in [0, b)), so the element count is the string
count. A family then keeps the elements in its own range, sorted and de-duplicated (``expand``).

Limits, decided from the spec alone before anything is enumerated. Write m = |allowed|, and
q_min, q_max for the smallest and largest square of an allowed digit. An *enumeration node* is a
digit prefix (d_0, ..., d_{t-1}) with 1 <= t <= L and all digits allowed that passes the pruning
test: with s its square sum, s + (L - t) q_min <= k <= s + (L - t) q_max (without sum_squares every
prefix passes, so the count is m + m^2 + ... + m^L). Complete strings (t = L) are nodes too; at
t = L the test reads s = k, so the elements are exactly the nodes of depth L. The root (t = 0) is
not a node. The count does not depend on the order in which positions are filled, because the test
only looks at the square sum of the prefix and the number of free positions.

* more than ``NODE_LIMIT`` (480,000) nodes -> ``EXPANSION_LIMIT``;
* more than ``ELEMENT_LIMIT`` (60,000) elements (before the family's range filter) -> ``EXPANSION_LIMIT``.

How the count avoids the exponential tree: nodes of depth t are grouped by their square sum s (the
only thing the pruning test and the children depend on); ``count`` carries {s: number of prefixes}
from depth t to t + 1. The number of depth-(t+1) nodes is sum_s count(s) * #{q in Q : q in
[k - s - r q_max, k - s - r q_min]} (r = L - t - 1 free positions left, Q the sorted allowed
squares), found by two binary searches per group BEFORE the next groups are built; the running total
is compared with the limit after every depth. Building the next groups costs at most the number of
their nodes, and the number of groups never exceeds the number of nodes, so the whole count costs
O(NODE_LIMIT log m) however large b^L or the tree is. ``expand`` then visits exactly the counted
nodes.
"""
from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from typing import Any

from ..errors import AnswerError, describe

MAX_BASE = 1_000_000
MAX_LENGTH = 40
MAX_ABS_OFFSET = 10 ** 18
ELEMENT_LIMIT = 60_000
NODE_LIMIT = 480_000
REQUIRED_KEYS = frozenset({"base", "allowed", "length"})
OPTIONAL_KEYS = frozenset({"sum_squares", "offset"})
KEYS = REQUIRED_KEYS | OPTIONAL_KEYS


@dataclass(frozen=True)
class DigitSpec:
    base: int
    allowed: tuple[int, ...]     # distinct digits in [0, base), in the submitted order
    length: int
    sum_squares: int | None
    offset: int


def _int(value: Any, where: str) -> int:
    if type(value) is not int:
        raise AnswerError("FORMAT_TYPE", f"{where} must be a JSON integer, got {describe(value)}", {"at": where})
    return value


def check_spec(value: Any, where: str = "the digit spec") -> DigitSpec:
    """Validate a digit-spec object (strict keys and types, ranges); no counting yet."""
    if type(value) is not dict:
        raise AnswerError("FORMAT_TYPE", f"{where} must be a JSON object, got {describe(value)}")
    unknown = sorted(set(value) - KEYS)
    if unknown:
        raise AnswerError("FORMAT_SHAPE", f"{where} has unknown key(s) {unknown[:5]}; the keys are "
                          "base, allowed, length, sum_squares (optional), offset (optional)")
    missing = sorted(REQUIRED_KEYS - set(value))
    if missing:
        raise AnswerError("FORMAT_SHAPE", f"{where} lacks the key(s) {missing}")
    base = _int(value["base"], f"{where}: base")
    if not 2 <= base <= MAX_BASE:
        raise AnswerError("RANGE", f"{where}: base {base} is outside 2..{MAX_BASE:,}")
    length = _int(value["length"], f"{where}: length")
    if not 1 <= length <= MAX_LENGTH:
        raise AnswerError("RANGE", f"{where}: length {length} is outside 1..{MAX_LENGTH}")
    allowed_raw = value["allowed"]
    if type(allowed_raw) is not list:
        raise AnswerError("FORMAT_TYPE", f"{where}: allowed must be a JSON list of digits, got {describe(allowed_raw)}")
    if not allowed_raw:
        raise AnswerError("EMPTY", f"{where}: allowed is empty")
    seen: set[int] = set()
    for i, d in enumerate(allowed_raw):
        d = _int(d, f"{where}: allowed[{i}]")
        if not 0 <= d < base:
            raise AnswerError("RANGE", f"{where}: allowed digit {d} (allowed[{i}]) is outside 0..{base - 1}")
        if d in seen:
            raise AnswerError("FORMAT_SHAPE", f"{where}: allowed digit {d} is repeated (allowed[{i}]); "
                              "allowed digits must be distinct")
        seen.add(d)
    k = value.get("sum_squares")
    if k is not None:
        k = _int(k, f"{where}: sum_squares")
        top = length * (base - 1) ** 2
        if not 0 <= k <= top:
            raise AnswerError("RANGE", f"{where}: sum_squares {k} is outside 0..{top} (= length * (base - 1)^2)")
    offset = _int(value["offset"], f"{where}: offset") if "offset" in value else 0
    if abs(offset) > MAX_ABS_OFFSET:
        raise AnswerError("RANGE", f"{where}: offset {offset} has absolute value above 10^18")
    return DigitSpec(base, tuple(allowed_raw), length, k, offset)


def _window(squares: list[int], lo: int, hi: int) -> tuple[int, int]:
    return bisect_left(squares, lo), bisect_right(squares, hi)


def count(spec: DigitSpec) -> tuple[int, int]:
    """(nodes, elements) of the spec; raises EXPANSION_LIMIT as soon as a limit is exceeded.

    Cost O(min(nodes, NODE_LIMIT) * log m); nothing is enumerated.
    """
    m, L, k = len(spec.allowed), spec.length, spec.sum_squares
    nodes = 0
    if k is None:
        level = 1
        for t in range(1, L + 1):
            level *= m
            nodes += level
            if nodes > NODE_LIMIT:
                _node_limit(spec, t)
        elements = level
    else:
        squares = sorted(d * d for d in spec.allowed)
        qmin, qmax = squares[0], squares[-1]
        groups = {0: 1} if L * qmin <= k <= L * qmax else {}
        for t in range(L):
            r = L - t - 1
            windows = []
            level = 0
            for s, c in groups.items():
                i, j = _window(squares, k - s - r * qmax, k - s - r * qmin)
                if j > i:
                    windows.append((s, c, i, j))
                    level += c * (j - i)
            nodes += level
            if nodes > NODE_LIMIT:
                _node_limit(spec, t + 1)
            nxt: dict[int, int] = {}
            for s, c, i, j in windows:
                for q in squares[i:j]:
                    nxt[s + q] = nxt.get(s + q, 0) + c
            groups = nxt
        elements = sum(groups.values())
    if elements > ELEMENT_LIMIT:
        raise AnswerError("EXPANSION_LIMIT", f"the digit spec describes {elements:,} elements; at most "
                          f"{ELEMENT_LIMIT:,} are accepted (before keeping those in range)")
    return nodes, elements


def _node_limit(spec: DigitSpec, depth: int) -> None:
    raise AnswerError("EXPANSION_LIMIT", f"the digit spec needs more than {NODE_LIMIT:,} enumeration nodes "
                      f"(exceeded at digit position {depth} of {spec.length}); see the node definition")


def elements(spec: DigitSpec) -> list[int]:
    """Every element of the spec (unsorted, all distinct); the limits are checked first by ``count``."""
    count(spec)
    b, L, k = spec.base, spec.length, spec.sum_squares
    if k is None:
        values = [0]
        weight = 1
        for _ in range(L):
            values = [v + d * weight for v in values for d in spec.allowed]
            weight *= b
        return [spec.offset + v for v in values]
    squares = sorted(d * d for d in spec.allowed)
    root = {d * d: d for d in spec.allowed}
    qmin, qmax = squares[0], squares[-1]
    groups: dict[int, list[int]] = {0: [0]} if L * qmin <= k <= L * qmax else {}
    weight = 1
    for t in range(L):
        r = L - t - 1
        nxt: dict[int, list[int]] = {}
        for s, values in groups.items():
            i, j = _window(squares, k - s - r * qmax, k - s - r * qmin)
            for q in squares[i:j]:
                step = root[q] * weight
                nxt.setdefault(s + q, []).extend(v + step for v in values)
        groups = nxt
        weight *= b
    out = groups.get(k, [])
    if len(groups) > 1 or sum(len(v) for v in groups.values()) != len(out):
        raise RuntimeError("digit-spec self-check failed: a complete string does not have square sum k")
    return [spec.offset + v for v in out]


def expand(spec: DigitSpec, lo: int, hi: int) -> tuple[int, ...]:
    """The elements of the spec in [lo, hi], sorted and distinct (possibly empty)."""
    return tuple(sorted({v for v in elements(spec) if lo <= v <= hi}))


# ---- prompt text, derived from the constants above ------------------------------------------------

GRAMMAR = (
    "A digit spec is a JSON object {\"base\": b, \"allowed\": [digits], \"length\": L, \"sum_squares\": k, "
    "\"offset\": o} with exactly these keys (sum_squares may be omitted or null = no constraint; offset may be "
    "omitted = 0; all values JSON integers). It stands for every integer o + d_0 + d_1 b + ... + d_{L-1} b^(L-1) "
    "whose L digits (leading zeros allowed) all lie in allowed and, if k is given, whose digit squares add up "
    "to exactly k."
)


def limit_sentences() -> list[str]:
    return [
        f"Digit spec: 2 <= b <= {MAX_BASE:,}, 1 <= L <= {MAX_LENGTH}, allowed a non-empty list of distinct digits "
        f"in 0..b-1 (a repeated digit is malformed), 0 <= k <= L(b-1)^2 when given, |o| <= 10^18.",
        f"A digit spec may describe at most {ELEMENT_LIMIT:,} integers (counted before the range filter) and "
        f"need at most {NODE_LIMIT:,} enumeration nodes; a node is a prefix of t allowed digits (1 <= t <= L) "
        "whose square sum s satisfies s + (L - t) q_min <= k <= s + (L - t) q_max, with q_min and q_max the "
        "smallest and largest square of an allowed digit (without sum_squares every prefix is a node: "
        "m + m^2 + ... + m^L for m allowed digits). Larger specs are refused before enumeration.",
    ]
