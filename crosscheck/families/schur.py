"""Second check of the ``schur`` family (independent of ``endless_exam.checker.families.schur``).

Checked: the colouring of 1..N (shared schema ``endless_exam.certificates.schemas.schur``) has no x <= y with x + y <= N
and x, y, x + y of one colour.

Why the check is sufficient. Let A be the class of the colour of x. A solution with smallest summand
x exists iff some y in A has x + y in A, i.e. iff the set A ∩ (A - x) is non-empty. Every solution
x <= y, x + y <= N has x <= N/2, so testing every x in 1..floor(N/2) against its own colour class
finds every colouring that has a solution. This is the definition read "for each first summand",
unlike the primary's count of all representations by one squaring per class.

Path: plain Python integers only (no numpy, no gmpy2, no FLINT; sympy and z3 cannot scan 10^5
summands against 2*10^5 positions in the time limit). Each colour class of more than
``SMALL_MEMBERS`` = 64 members is a bitset B_c, a Python int with bit a set iff a has colour c (bit 0
is never set). For x = 1, 2, ..., floor(N/2) whose colour c has a bitset, the integer B_c & (B_c >> x)
has bit y set iff y and x + y both have colour c; its lowest set bit gives the witness. Scanning x in
increasing order makes the first hit the solution with the smallest x (then y >= x: a hit (x, y)
with y < x would have been found at y). Cost: at most floor(N/2) shifts and ANDs of N-bit integers,
about a second at N = 200,000. A class of at most 64 members (many colours, issue 21) gets no
bitset: its members x <= y are paired directly and x + y looked up in the class's set, at most 33
lookups per member, so neither the memory (at most N/64 bitsets of N bits) nor the time depends on
k. The solution reported is the least (x, y) over both kinds of classes. The z3 formal oracle is
``endless_exam.crosscheck.oracle.schur``.

Libraries: plain Python only (integer bitsets and shifts).
"""
from __future__ import annotations


from endless_exam.certificates.schemas import schur as schema
from endless_exam.certificates.witness import Witness
from endless_exam.certificates.verdict import Verdict, accept, reject

LIBRARIES = ()   # distributions this verifier's process loads for the family


SMALL_MEMBERS = 64   # classes of at most this many members are paired directly, larger ones get a bitset


def colour_members(colours: tuple[int, ...]) -> dict[int, list[int]]:
    """colour -> the integers 1..N of that colour in increasing order (only colours that occur)."""
    members: dict[int, list[int]] = {}
    for a, c in enumerate(colours, start=1):
        members.setdefault(c, []).append(a)
    return members


def colour_bitsets(colours: tuple[int, ...], wanted) -> dict[int, int]:
    """B_c for the colours c in ``wanted``: bit a (a = 1..N) is set iff the integer a has colour c."""
    n = len(colours)
    buffers = {c: bytearray(n // 8 + 1) for c in wanted}
    for a, c in enumerate(colours, start=1):
        buf = buffers.get(c)
        if buf is not None:
            buf[a >> 3] |= 1 << (a & 7)
    return {c: int.from_bytes(buf, "little") for c, buf in buffers.items()}


def _small_class_solution(members: list[int], n: int) -> tuple[int, int] | None:
    """The least (x, y), x <= y, x + y <= n, with x, y, x + y all in the class, by pairing its members."""
    inside = set(members)
    for i, x in enumerate(members):
        for y in members[i:]:
            if x + y > n:
                break
            if x + y in inside:
                return x, y
    return None


def first_solution(colours: tuple[int, ...], k: int) -> tuple[int, int, int, int] | None:
    """(x, y, x + y, colour) with x <= y the monochromatic solution of smallest x (then smallest y)."""
    n = len(colours)
    members = colour_members(colours)
    best: tuple[int, int, int] | None = None                       # (x, y, colour)
    for c, m in members.items():
        if len(m) <= SMALL_MEMBERS:
            hit = _small_class_solution(m, n)
            if hit is not None and (best is None or hit < best[:2]):
                best = (*hit, c)
    bits = colour_bitsets(colours, [c for c, m in members.items() if len(m) > SMALL_MEMBERS])
    if bits:
        for x in range(1, n // 2 + 1):
            if best is not None and x > best[0]:
                break
            b = bits.get(colours[x - 1])
            if b is None:
                continue
            common = b & (b >> x)
            if common:
                y = (common & -common).bit_length() - 1
                if best is None or (x, y) < best[:2]:
                    best = (x, y, colours[x - 1])
                break
    if best is None:
        return None
    x, y, c = best
    return x, y, x + y, c


def check(parsed: schema.SchurAnswer) -> Verdict:
    colours, k = parsed.colours, parsed.k
    found = first_solution(colours, k)
    if found is not None:
        x, y, z, c = found
        return reject("PROPERTY_VIOLATION", f"{x} + {y} = {z} is monochromatic: {x}, {y} and {z} all have colour {c}",
                      {"x": x, "y": y, "z": z, "colour": c})
    n = len(colours)
    return accept(n, f"sum-free colouring of 1..{n} with {k} colour{'s' if k > 1 else ''}")


def confirm(parsed: schema.SchurAnswer, w: Witness) -> tuple[bool, str]:
    """Re-check the primary's witness in plain Python (its syntax is already checked)."""
    colours = parsed.colours
    x, y, z, c = w["x"], w["y"], w["z"], w["colour"]
    if x < 1 or y < x or z != x + y or z > len(colours):
        return False, f"witness ({x}, {y}, {z}) is not a solution of x + y = z with 1 <= x <= y and z <= N"
    if colours[x - 1] == c and colours[y - 1] == c and colours[z - 1] == c:
        return True, f"{x} + {y} = {z} is monochromatic in colour {c}: confirmed"
    return False, f"{x}, {y}, {z} do not all have colour {c}"
