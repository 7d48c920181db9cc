"""Primary check of the ``schur`` family.

What is checked: the answer is a colouring of 1..N with colours 0..k-1 (shared schema in
``endless_exam.certificates.schemas.schur``) in which no colour class A contains x, y, z with x + y = z (x = y allowed).

Why the check is sufficient. For a colour class A (a set of positive integers <= N) let
r_A(z) = #{(a, b) in A^2 : a + b = z}, the number of ordered representations of z as a sum of two
elements of A. A monochromatic solution of x + y = z in A exists iff some z in A has r_A(z) >= 1
(the solution (x, y) with x <= y is a representation; conversely any representation (a, b) of z in A
gives the solution (min, max)). r_A is the coefficient sequence of P_A(t)^2 with P_A(t) = sum_{a in A} t^a.

Algorithm (exact): the square is computed by Kronecker substitution. With a slot width w of 16 bits
when |A| < 2^16 and 32 bits otherwise, the integer V = P_A(2^w) = sum_{a in A} 2^(w a) is built from a
little-endian slot array and squared with FLINT (python-flint ``fmpz``, whose FFT multiplication is
2-3 times faster than GMP's at these sizes). Every coefficient satisfies
0 <= r_A(z) <= |A| < 2^w (z has at most |A| representations, one per first summand), so the base-2^w
digits of V^2 are exactly r_A(0), r_A(1), ..., r_A(2 max A) with no carries; the digits are read back
as an unsigned little-endian array and tested at the positions of A. A self-check compares the digit
sum with sum_z r_A(z) = |A|^2 (a failure is an internal error, never a verdict). Cost: one squaring of
an integer of w (max A) bits per colour class that occurs, a few milliseconds at N = 200,000. A class
with few members spread far apart (|A|^2 <= 16 max A: many colours, issue 21) is tested instead by
forming its |A| (|A| + 1) / 2 pair sums and looking up their colours, so the work is bounded by
8 N^(3/2) steps whatever k is, and no table of length k is ever made.

Early exit by prefixes (``prefix_lengths``): the prefixes 1..L for L = 4096 * 8^j <= N/8 are checked
on their own before the whole colouring. The prefix 1..L has a solution iff the colouring has one with
z <= L (all of x, y, z are <= L), so the first prefix with a solution contains the solution with the
smallest z: a long answer that goes wrong early (a valid start followed by a random tail) is rejected
after a few small squarings, and a valid one pays at most about 1/7 more (one 4096-prefix, 2%, at
N = 200,000).

The witness is the smallest monochromatic z over all colours, with the smallest x <= z/2 such that
x, z - x lie in z's colour class: ``{"x": x, "y": z - x, "z": z, "colour": c}`` (integers, not
indices; the colour of the integer x is entry x - 1 of the list).

The bound (``SPEC.bound``): the Schur numbers S(1..5) = 1, 4, 13, 44, 160 are exact; 1896 for k = 6
(the benchmark's stated bound); floor(e * k!) - 1 for k >= 7, with floor(e * k!) computed as the exact
sum of k!/j! over j <= k (``floor_e_factorial``), never in floating point.

Libraries: python-flint: the big-integer (fmpz) Kronecker squaring of each colour class; numpy: decoding the
colouring and the slot arrays.
"""
from __future__ import annotations

import numpy as np

from endless_exam.certificates.schemas import schur as schema
from endless_exam.certificates.witness import Witness
from endless_exam.certificates.verdict import Verdict, accept, reject

from .spec import FamilySpec

LIBRARIES = ("numpy", "python-flint")   # distributions this verifier's process loads for the family
PRELOAD = ("flint",)   # imported lazily by the check; the zygote imports it once

# ---- the declarative part ---------------------------------------------------------------------------


SCHUR_NUMBERS = {1: 1, 2: 4, 3: 13, 4: 44, 5: 160}   # exact values S(k) (the largest valid N), proven
BOUND_K6 = 1896


def floor_e_factorial(k: int) -> int:
    """floor(e * k!) for k >= 0, exactly, in k multiplications by small integers.

    e k! = sum_{j>=0} k!/j!; the terms with j <= k are integers, and the tail sum_{j>k} k!/j! =
    1/(k+1) + 1/((k+1)(k+2)) + ... lies strictly between 0 and 1/k <= 1 for k >= 1. So for k >= 1,
    floor(e k!) = s_k = sum_{j=0}^{k} k!/j!, and s_k = k s_{k-1} + 1 with s_0 = 1 (every term of s_{k-1}
    times k is a term of s_k, and the new term k!/k! is 1). floor(e 0!) = floor(e) = 2. Cost: k
    multiplications of an integer of at most log2(k!) bits by a small one (0.24 s at k = 20,000, the
    parameter limit, where the result has 77,000 digits).
    """
    if type(k) is not int or k < 0:
        raise ValueError(f"k must be a non-negative int, got {k!r}")
    if k == 0:
        return 2
    s = 1
    for j in range(1, k + 1):
        s = s * j + 1
    return s


def schur_bound(params: dict) -> tuple[int, str]:
    k = params["k"]
    if k in SCHUR_NUMBERS:
        return SCHUR_NUMBERS[k], "bound"
    if k == 6:
        return BOUND_K6, "bound"
    return floor_e_factorial(k) - 1, "bound"


SPEC = FamilySpec(key="schur", bound=schur_bound)

# ---- the check ----------------------------------------------------------------------------------------


PROBE_LENGTH = 1 << 12   # the first prefix examined on its own (see ``prefix_lengths``)
PROBE_RATIO = 8          # a prefix is examined on its own only if it is at most 1/8 of N


def prefix_lengths(n: int) -> list[int]:
    """The prefix lengths examined in turn: 4096 * 8^j while at most n / 8, then n itself.

    Solutions with z <= L involve only the integers 1..L, so the prefix 1..L has a solution iff the
    whole colouring has one with z <= L; the first prefix with a solution therefore holds the solution
    with the smallest z of all. A colouring that goes wrong early (a valid start with a random tail) is
    rejected after a few small squarings; a valid one pays at most about 1/7 more (2% at N = 200,000,
    where the only probe is 4096)."""
    out, length = [], PROBE_LENGTH
    while length * PROBE_RATIO <= n:
        out.append(length)
        length *= PROBE_RATIO
    return out + [n]


def colour_array(colours: tuple[int, ...]) -> np.ndarray:
    """The colours as int32 (validated: 0 <= colour < k <= 20,000)."""
    return np.fromiter(colours, dtype=np.int32, count=len(colours))


def colour_classes(colours: tuple[int, ...] | np.ndarray, k: int) -> list[tuple[int, np.ndarray]]:
    """(colour, the sorted integers (1-based) of that colour as int64) for every colour that occurs, in
    increasing colour order: the work is O(N log N) whatever k is (no per-colour table of length k)."""
    arr = colours if isinstance(colours, np.ndarray) else colour_array(colours)
    order = np.argsort(arr, kind="stable")
    used, starts = np.unique(arr[order], return_index=True)
    return [(int(c), (part + 1).astype(np.int64)) for c, part in zip(used, np.split(order, starts[1:]))]


def pair_sum_counts(members: np.ndarray) -> np.ndarray:
    """r(z) = #{(a, b) in A^2 : a + b = z} for z = 0..2 max(A), exactly, by Kronecker substitution.

    ``members`` are distinct positive integers in increasing order (one colour class).
    """
    import flint  # lazy, like every heavy library of the primary

    size = len(members)
    top = int(members[-1])
    dtype = np.dtype("<u2") if size < 1 << 16 else np.dtype("<u4")    # r(z) <= size < 2^w: no carries
    slots = np.zeros(top + 1, dtype=dtype)
    slots[members] = 1
    value = flint.fmpz(int.from_bytes(slots.tobytes(), "little"))
    square = int(value * value)
    nbytes = (2 * top + 1) * dtype.itemsize
    counts = np.frombuffer(square.to_bytes(nbytes, "little"), dtype=dtype)
    if int(counts.sum(dtype=np.uint64)) != size * size:
        raise RuntimeError("schur self-check failed: the representation counts do not add up to |A|^2")
    return counts


SMALL_CLASS_RATIO = 16   # a class A with |A|^2 <= 16 max(A) is tested pair by pair (``_small_class_sums``)


def _small_class_sums(members: np.ndarray, arr: np.ndarray, colour: int) -> int | None:
    """The smallest z = a + b (a <= b in A) of colour ``colour`` in the colouring ``arr``, by forming all
    |A| (|A| + 1) / 2 sums: for a class with few members spread far apart this costs |A|^2 instead of
    the squaring's max(A). Exact: z is monochromatic iff it is at most N and has the class's colour."""
    i, j = np.triu_indices(len(members))
    sums = members[i] + members[j]
    sums = sums[sums <= len(arr)]
    hits = sums[arr[sums - 1] == colour]
    return int(hits.min()) if len(hits) else None


def _smallest_in(arr: np.ndarray, k: int) -> tuple[int, int, np.ndarray] | None:
    """(z, colour, members of that colour) for the smallest monochromatic z of the colouring ``arr``.

    Per colour class A that occurs: all pair sums when |A|^2 <= ``SMALL_CLASS_RATIO`` max(A), otherwise
    the Kronecker squaring (cost about max(A)). The total is at most sum_A min(|A|^2, 16 max(A))
    <= 8 N^(3/2) elementary steps for any k (classes of more than 4 sqrt(N) members cost at most
    16 N each and there are fewer than sqrt(N) / 4 of them; smaller classes cost at most
    4 sqrt(N) |A|), with a squaring only for a class of more than 4 sqrt(max A) members.
    """
    best: tuple[int, int, np.ndarray] | None = None        # (z, colour, members)
    for colour, members in colour_classes(arr, k):
        size = len(members)
        if size * size <= SMALL_CLASS_RATIO * int(members[-1]):
            z = _small_class_sums(members, arr, colour)
        else:
            counts = pair_sum_counts(members)
            hits = members[counts[members] > 0]
            z = int(hits[0]) if len(hits) else None
        if z is not None and (best is None or z < best[0]):
            best = (z, colour, members)
    return best


def find_monochromatic(colours: tuple[int, ...], k: int) -> tuple[int, int, int, int] | None:
    """(x, y, z, colour) with x <= y, x + y = z, all three of that colour and z smallest; or None."""
    arr = colour_array(colours)
    best = None
    for length in prefix_lengths(len(arr)):
        best = _smallest_in(arr[:length], k)
        if best is not None:
            break
    if best is None:
        return None
    z, colour, members = best
    member = np.zeros(int(members[-1]) + 1, dtype=np.bool_)
    member[members] = True
    xs = members[members <= z // 2]
    ok = np.nonzero(member[z - xs])[0]
    if len(ok) == 0:
        raise RuntimeError(f"schur self-check failed: {z} is counted as a sum in colour {colour} but no summands exist")
    x = int(xs[ok[0]])
    return x, z - x, z, colour


def check(parsed: schema.SchurAnswer) -> Verdict:
    found = find_monochromatic(parsed.colours, parsed.k)
    if found is not None:
        x, y, z, c = found
        return reject("PROPERTY_VIOLATION", f"{x} + {y} = {z} is monochromatic: {x}, {y} and {z} all have colour {c}",
                      {"x": x, "y": y, "z": z, "colour": c})
    n, k = parsed.n, parsed.k
    return accept(n, f"sum-free colouring of 1..{n} with {k} colour{'s' if k > 1 else ''}")


def confirm(parsed: schema.SchurAnswer, w: Witness) -> tuple[bool, str]:
    """Is the other verifier's witness a real monochromatic solution of x + y = z?"""
    x, y, z, c = (w[key] for key in ("x", "y", "z", "colour"))
    n = parsed.n
    if not (1 <= x <= y and x + y == z and z <= n):
        return False, f"witness ({x}, {y}, {z}) is not 1 <= x <= y, x + y = z <= {n}"
    got = (parsed.colours[x - 1], parsed.colours[y - 1], parsed.colours[z - 1])
    if got != (c, c, c):
        return False, f"colours of {x}, {y}, {z} are {got}, not all {c}"
    return True, f"{x} + {y} = {z} is monochromatic in colour {c}: confirmed"
