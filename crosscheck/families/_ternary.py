"""Plain-Python F_3 vectors for the second ``trifference`` verifier (no python-flint, no numpy here).

A vector of length n is a pair of Python integers (ones, twos): bit j of ``ones`` is set iff coordinate j
is 1, bit j of ``twos`` iff it is 2 (coordinate 0 is bit 0). Addition needs no carries:
    s = (a_ones | b_twos) ^ (a_twos | b_ones),  (a + b) = ((a_twos | b_twos) ^ s, (a_ones | b_ones) ^ s),
and -a swaps the two integers. Every function works on one vector at a time, so a row reduction of
r rows of length n costs O(r^2) big-integer operations of n bits.
"""
from __future__ import annotations

Vec = tuple[int, int]

_ONE = str.maketrans("012", "010")
_TWO = str.maketrans("012", "001")


def vec(word: str) -> Vec:
    rev = word[::-1]
    return int(rev.translate(_ONE) or "0", 2), int(rev.translate(_TWO) or "0", 2)


def word(v: Vec, n: int) -> str:
    return "".join("1" if (v[0] >> j) & 1 else "2" if (v[1] >> j) & 1 else "0" for j in range(n))


def plus(a: Vec, b: Vec) -> Vec:
    s = (a[0] | b[1]) ^ (a[1] | b[0])
    return (a[1] | b[1]) ^ s, (a[0] | b[0]) ^ s


def minus(a: Vec, b: Vec) -> Vec:
    return plus(a, (b[1], b[0]))


def neg(a: Vec) -> Vec:
    return a[1], a[0]


def scale(c: int, a: Vec) -> Vec:
    return (0, 0) if c % 3 == 0 else a if c % 3 == 1 else (a[1], a[0])


def weight(a: Vec) -> int:
    return (a[0] | a[1]).bit_count()


def differ(a: Vec, b: Vec) -> int:
    """Bit mask of the coordinates where a and b differ."""
    return (a[0] ^ b[0]) | (a[1] ^ b[1])


def separating(a: Vec, b: Vec, c: Vec) -> int:
    """The number of coordinates where a, b, c are 0, 1, 2 in some order (pairwise different there)."""
    return (differ(a, b) & differ(a, c) & differ(b, c)).bit_count()


class Reducer:
    """An echelon basis built row by row, with each basis row's message (its combination of the input
    rows, as a vector over the row indices) carried along when ``track`` is set."""

    def __init__(self, track: bool = False):
        self.rows: list[tuple[int, Vec, Vec]] = []      # (pivot bit, row with 1 at the pivot, message)
        self.track = track

    def reduce(self, v: Vec, msg: Vec = (0, 0)) -> tuple[Vec, Vec]:
        for bit, b, bm in self.rows:
            if v[0] & bit:
                v = minus(v, b)
                if self.track:
                    msg = minus(msg, bm)
            elif v[1] & bit:
                v = plus(v, b)
                if self.track:
                    msg = plus(msg, bm)
        return v, msg

    def add(self, v: Vec, msg: Vec = (0, 0)) -> tuple[bool, Vec, Vec]:
        """Insert v: (independent?, the reduced v, its message)."""
        v, msg = self.reduce(v, msg)
        nz = v[0] | v[1]
        if not nz:
            return False, v, msg
        bit = nz & -nz
        if v[1] & bit:
            v, msg = neg(v), neg(msg)
        self.rows.append((bit, v, msg))
        return True, v, msg

    def reduced(self) -> list[tuple[int, Vec, Vec]]:
        """The basis in reduced row echelon form (every pivot column zero in the other rows): (pivot bit,
        row, message) per row."""
        rows = [(bit, v, m) for bit, v, m in self.rows]
        for t in range(len(rows) - 1, -1, -1):
            bit, b, bm = rows[t]
            for s in range(len(rows)):
                if s == t:
                    continue
                pb, v, vm = rows[s]
                if v[0] & bit:
                    rows[s] = (pb, minus(v, b), minus(vm, bm))
                elif v[1] & bit:
                    rows[s] = (pb, plus(v, b), plus(vm, bm))
        return rows


def unit(i: int) -> Vec:
    return 1 << i, 0


def low_weight(rows: list[tuple[int, Vec, Vec]], m: int) -> Vec | None:
    """For reduced rows (row echelon, each with its own pivot and zeros at the other pivots) and m <= 3: the
    message of a non-zero combination of weight < m, or None. A combination with t non-zero coefficients
    has weight t + (weight off the pivots), so weight 1 is a row of weight 1, and weight 2 is a row of
    weight 2 or two rows that agree up to sign off their pivots."""
    if m <= 1:
        return None
    for _, v, msg in rows:
        if weight(v) < m:
            return msg
    if m == 3:
        seen: dict[Vec, tuple[Vec, Vec]] = {}
        for pivot, v, msg in rows:
            off = (v[0] & ~pivot, v[1] & ~pivot)
            onz = off[0] | off[1]
            low = onz & -onz
            norm, nmsg = (off, msg) if off[0] & low else (neg(off), neg(msg))
            if norm in seen:
                other, omsg = seen[norm]
                return minus(nmsg, omsg)             # off-parts cancel: weight 2
            seen[norm] = (norm, nmsg)
    return None
