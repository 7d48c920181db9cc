"""Worst admitted inputs of ``labs`` (issue 31): ``python -m tests.benchmarks.worst_cases labs``.

Domain: N = 2..8,000,000, a list of exactly N entries +-1 (``certificates/schemas/labs.py``). Every
well-formed sequence is valid; the only rejections are the parse's (found entry by entry, so last is
latest). Each verifier has one path whose cost depends on N only (the primary's FLINT product of the
+-1 polynomials; the second's decimal Kronecker product of the 0/1 indicator of the -1 entries, which
skips the product only when there is no -1). So the most expensive inputs are N = 8,000,000 with
-1 entries: random, all -1 (every digit of both decimal factors 1) and alternating (the largest energy);
and the rejections: a bad entry last (RANGE) and a non-integer last (FORMAT_TYPE). The harness gets the
answer as compact JSON (24 MB for 8 million entries -1; the limit is 32 MiB).
"""
from __future__ import annotations

import random

N = 8_000_000


def _random() -> list[int]:
    bits = format(random.Random(8).getrandbits(N), "b").zfill(N)
    return [1 if b == "0" else -1 for b in bits]


def _last(value) -> list:
    seq = [-1] * N
    seq[-1] = value
    return seq


def cases() -> list[dict]:
    return [
        {"name": "random N=8e6", "path": "primary: FLINT product of degree 8e6; second: decimal product of "
         "two 5.6e7-digit numbers", "params": {"N": N}, "answer": _random, "expect": "ACCEPT"},
        {"name": "all -1 N=8e6", "path": "as above, every digit of the decimal factors 1",
         "params": {"N": N}, "answer": lambda: [-1] * N, "expect": "ACCEPT"},
        {"name": "alternating N=8e6", "path": "as above, the largest energy (above 2^63)",
         "params": {"N": N}, "answer": lambda: [1 - 2 * (i % 2) for i in range(N)], "expect": "ACCEPT"},
        {"name": "range last N=8e6", "path": "RANGE at the last entry (the parse reads all 8e6 entries first)",
         "params": {"N": N}, "answer": lambda: _last(0), "expect": "REJECT"},
        {"name": "type last N=8e6", "path": "FORMAT_TYPE at the last entry (the float 1.0)",
         "params": {"N": N}, "answer": lambda: _last(1.0), "expect": "REJECT"},
    ]
