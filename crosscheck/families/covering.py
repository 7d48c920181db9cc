"""Second check of the ``covering`` family (independent of ``endless_exam.checker.families.covering``).

Checked: every t-subset T of {0, ..., v-1} lies in some block of the answer (shared schema
``endless_exam.certificates.schemas.covering``).

Why the check is sufficient. For a point x let I(x) be the set of blocks containing x. T lies in a block
iff some block contains all points of T iff the intersection of I(x) over x in T is non-empty. Every
t-subset is enumerated (in lexicographic order, by a depth-first walk over increasing point sequences),
so nothing is sampled: this is the definition read "for each t-subset", unlike the primary, which
enumerates the t-subsets of each block and ranks them.

Libraries: none (the standard library only). Path: plain Python integers (no numpy, no sympy, no z3).
The walk visits at most C(v + 1, t) - 1 prefixes (by the hockey-stick identity: the d-prefixes of the
t-subsets number C(v - t + d, d)), which the schema bounds (``MAX_WALK``); about 1 us per prefix with
20,000 blocks. I(x) is a Python int used as a bitset over the block indices; the walk keeps the prefix
intersections, so extending a prefix costs one AND. When a prefix intersection is already empty, the
prefix extended by the smallest following points is the first uncovered t-subset in lexicographic
order; that is the witness. The z3 formal oracle is ``endless_exam.crosscheck.oracle.covering``.
"""
from __future__ import annotations

from endless_exam.certificates.schemas import covering as schema
from endless_exam.certificates.witness import Witness
from endless_exam.certificates.verdict import Verdict, accept, reject

LIBRARIES: tuple[str, ...] = ()


def incidence(blocks: tuple[tuple[int, ...], ...], v: int) -> list[int]:
    """I(x) for x in 0..v-1: bit b set iff block b contains x."""
    inc = [0] * v
    for b, block in enumerate(blocks):
        bit = 1 << b
        for x in block:
            inc[x] |= bit
    return inc


def first_uncovered(blocks: tuple[tuple[int, ...], ...], v: int, t: int) -> list[int] | None:
    """The lexicographically first t-subset contained in no block, or None."""
    return _walk(incidence(blocks, v), (1 << len(blocks)) - 1, v, t)


def _walk(inc: list[int], everything: int, v: int, t: int) -> list[int] | None:
    prefix: list[int] = []
    masks = [everything]
    x = 0
    while True:
        d = len(prefix)
        # the largest first point that still leaves room for the rest: x <= v - (t - d)
        if x > v - (t - d):
            if not prefix:
                return None
            x = prefix.pop() + 1
            masks.pop()
            continue
        m = masks[-1] & inc[x]
        if not m:
            return prefix + [x] + list(range(x + 1, x + t - d))
        if d + 1 == t:
            x += 1                        # prefix + [x] is covered; try the next last point
            continue
        prefix.append(x)
        masks.append(m)
        x += 1


def check(parsed: schema.CoveringAnswer) -> Verdict:
    v, k, t = parsed.v, parsed.k, parsed.t
    subset = first_uncovered(parsed.blocks, v, t)
    if subset is not None:
        return reject("PROPERTY_VIOLATION", f"the {t}-subset {subset} lies in no block", {"subset": subset})
    b = len(parsed.blocks)
    return accept(b, f"covering C({v},{k},{t}) with {b} block{'s' if b > 1 else ''}")


def confirm(parsed: schema.CoveringAnswer, w: Witness) -> tuple[bool, str]:
    """Re-check the primary's witness in plain Python (its syntax is already checked)."""
    subset = set(w["subset"])
    if len(subset) != parsed.t:
        return False, "the witness points are not distinct"
    for b, block in enumerate(parsed.blocks):
        if subset <= set(block):
            return False, f"block {b} contains the t-subset"
    return True, "uncovered t-subset confirmed"
