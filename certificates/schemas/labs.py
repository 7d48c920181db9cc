"""Answer schema of the ``labs`` family (low-autocorrelation binary sequences).

Instance parameters: ``{"N": N}`` with N a JSON integer, ``MIN_N`` = 2 <= N <= ``MAX_N`` = 8,000,000.
Why these bounds: for N = 1 the energy E = sum_{k=1}^{N-1} C_k^2 is an empty sum (E = 0, so the merit
factor N^2 / (2E) is not a number); for N >= 2, C_{N-1} = s_1 s_N = +-1 gives E >= 1. The upper
bound 8,000,000 is set by our verifiers' cost, far beyond what the public release decides: its primary
is numpy's direct O(N^2) correlation (7.5 s of CPU at N = 100,000 here, 4x per doubling), so it runs
out of its 60 s near N = 250,000. Ours are O(N log N)-type exact products (FLINT's polynomial product in
the primary, a decimal Kronecker substitution in the second): at N = 8,000,000 about 7 s and 12 s of
CPU (``tests/benchmarks/bench_labs.py``). A list of 16.8 million entries would still fit the 32 MiB
answer limit, but the second would need about 32 s there. The instances of bench-v1 have N <= 375.

Accepted form (docs/SPECIFICATION.md 3.6): a JSON list of exactly N entries, each the JSON integer 1 or -1.
There is no compact form. Checks, in this order, before anything is allocated: not a list ->
``FORMAT_TYPE`` (an object is never expanded); empty -> ``EMPTY``; length != N -> ``FORMAT_SHAPE``
(from the length alone, so a list of a million entries is refused before any entry is examined); then
entry by entry, the first entry that is not a JSON integer (``true``, ``1.0``, ``"1"``, ``null``, a list)
-> ``FORMAT_TYPE``, the first integer other than 1 and -1 (0, 2, -2, a 900-digit literal) -> ``RANGE``.
Both carry the diagnostic ``{"index": i}`` (0-based position of the entry). Upstream's primary accepted
the floats 1.0 / -1.0; this project is stricter (docs/SPECIFICATION.md 9.1).

The result is the tuple of +-1 entries. Every well-formed answer is a valid sequence, so the family
has no DUPLICATE or PROPERTY_VIOLATION rejection and declares no witness kind; the verifiers compute
the exact merit factor F = N^2 / (2E) as a Fraction.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import AnswerError, describe
from ..params import exact_keys, int_in

MIN_N = 2
MAX_N = 8_000_000
# every limit the schema enforces; the prompt states each value
LIMITS = {"MIN_N": MIN_N, "MAX_N": MAX_N}
WITNESSES = ()          # every well-formed sequence is valid: no duplicate or property witness exists


def validate_params(params: Any) -> dict:
    """``{"N": 2..8000000}``."""
    return {"N": int_in(exact_keys(params, {"N"}), "N", MIN_N, MAX_N)}


@dataclass(frozen=True)
class LabsAnswer:
    N: int
    seq: tuple[int, ...]        # entries 1 or -1, length N


def parse(answer: Any, params: dict) -> LabsAnswer:
    n = params["N"]
    if type(answer) is not list:
        raise AnswerError("FORMAT_TYPE", "a LABS answer must be a JSON list of +1/-1 integers (there is no "
                          f"compact form), got {describe(answer)}")
    if not answer:
        raise AnswerError("EMPTY", "the sequence is empty")
    if len(answer) != n:
        raise AnswerError("FORMAT_SHAPE", f"the sequence has {len(answer):,} entries; exactly N = {n:,} are required",
                          {"length": len(answer)})
    for i, value in enumerate(answer):
        if type(value) is not int:
            raise AnswerError("FORMAT_TYPE", f"entry {i} must be the JSON integer 1 or -1, got {describe(value)}",
                              {"index": i})
        if value != 1 and value != -1:
            raise AnswerError("RANGE", f"entry {i} is {describe(value, 40)}; every entry must be 1 or -1",
                              {"index": i})
    return LabsAnswer(n, tuple(answer))


def size(parsed: LabsAnswer) -> int:
    return len(parsed.seq)


def item(parsed: LabsAnswer, i: int) -> int:
    return parsed.seq[i]
