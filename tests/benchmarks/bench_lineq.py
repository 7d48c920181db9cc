"""Lineq verifier benchmark (a script, not a test): ``python -m tests.benchmarks.bench_lineq``.

Prints the wall-clock seconds of the primary and the second verifier, in-process and through the real
harness (own process, limits, witness re-checks), on the largest allowed inputs:

* A: a = b = 1, n = 10^6 (the largest n): the 4096-element ternary set 1 + {0,1}-digits (12 digits)
  as a literal list; valid, so both verifiers examine everything (primary: degree-10^6 product);
* B: A plus the completion 2 z - x of its last two elements appended last (only violation found by
  the second's scan at the end);
* C: 20,000 random distinct integers in 1..10^6 (the list limit; solutions everywhere);
* D: a = 1, b = 999, n = 10^4 ((a + b) n = 10^7, the largest product the schema allows: degrees
  10^4 and 9.99 * 10^6) with the valid set 1..999, and a = 500, b = 499, n = 10^4 (two factors of
  degree about 5 * 10^6, the most expensive product) with the ternary digits up to 10^4;
* E: digit specs at the limits: {0,1} base 3 with 17 digits (2 + 4 + ... + 2^17 = 262,142 nodes,
  131,072 elements > 60,000: EXPANSION_LIMIT by counting), a spec with sum_squares at 473,148 nodes and
  29,643 elements (counted, enumerated, filtered to 1..n), and the ternary set as a digit spec;
* F: the largest reference constructions.
Then the inputs of issue 8 item 5 (C, D1, D2 and the a3b4n19044 fixture) as medians of several
in-process runs beside the public release's recorded figure, the method the primary chose for each,
and the calibration of the primary's cost model (seconds per scanned pair and per product bit,
``PAIR_SECONDS`` / ``PRODUCT_BIT_SECONDS``), measured on the valid large case A with each method forced.
* G (issue 21): a = 1, b = 2, n = 2 * 10^9: 20,000 elements 6 v + 1 with v of digits 0/1 in base 4
  (free of x + 2y = 3z: no carries), all in one class mod 3 and mod 2: the worst case of both scans
  (2 * 10^8 class pairs for the primary, 4 * 10^8 candidates for the second), sparse membership;
* H: G's first 19,999 elements and the middle of a solution with the last two, appended last;
* I: a = b = 1, n = 10^12: 20,000 elements 10^5 v + 1 with v of digits 0/1 in base 3 (up to 5 * 10^11).
Targets on a two-core machine: both verifiers well under 10 s (the limit is 60 s per verifier); G-I at
most about 20 s CPU. ``python -m tests.benchmarks.bench_lineq G H I`` runs those cases only.
"""
from __future__ import annotations

import random
import sys

import numpy as np

from endless_exam import fixtures
from endless_exam.certificates.forms import digits
from endless_exam.checker.families import load as _load_primary
primary = _load_primary("lineq")
from endless_exam.crosscheck.families import load as _load_second
second = _load_second("lineq")
from tests.benchmarks import side_by_side
from tests.benchmarks.common import measure, print_table, timed


def _ternary(length: int) -> list[int]:
    out = [0]
    for i in range(length):
        out = out + [v + 3 ** i for v in out]
    return sorted(v + 1 for v in out)


def _row(name, params, answer, rows):
    rows.append(measure("lineq", primary, second, name, params, answer))


def _free(base: int, count: int) -> list[int]:
    """The first ``count`` positive numbers with digits 0/1 in ``base``."""
    return [sum(((k >> i) & 1) * base ** i for i in range(k.bit_length())) for k in range(1, count + 1)]


def wide_cases() -> list:
    g = [6 * v + 1 for v in _free(4, 20_000)]
    h = g[:19_999]
    x, y = h[-2], h[-1]
    z = (x + 2 * y) // 3                               # x = y (mod 3): an integer strictly between
    i = [100_000 * v + 1 for v in _free(3, 20_000)]            # spread up to 5 * 10^11
    return [("G 20,000 one class n=2e9 (valid)", {"a": 1, "b": 2, "n": 2 * 10 ** 9}, g),
            ("H G with a solution last", {"a": 1, "b": 2, "n": 2 * 10 ** 9}, h + [z]),
            ("I 20,000 a=b=1 n=10^12 (valid)", {"a": 1, "b": 1, "n": 10 ** 12}, i)]


def main() -> int:
    rows: list = []
    if sys.argv[1:]:
        for name, params, answer in wide_cases():
            if name.split()[0] in sys.argv[1:]:
                _row(name, params, answer, rows)
        print_table(rows, size_label="elements")
        return 0
    big = {"a": 1, "b": 1, "n": 1_000_000}
    tern = _ternary(12)
    _row(f"A ternary {len(tern)} in 1..10^6", big, tern, rows)
    x, y = tern[-2], tern[-1]
    _row("B A + completion appended last", big, tern + [2 * y - x], rows)
    rng = random.Random(7)
    rng_c = rng.sample(range(1, 1_000_001), 20_000)
    _row("C 20,000 random in 1..10^6", big, rng_c, rows)
    p = {"a": 1, "b": 999, "n": 10_000}
    _row("D1 a=1 b=999 n=10^4 valid 1..999", p, list(range(1, 1000)), rows)
    p2 = {"a": 500, "b": 499, "n": 10_000}
    _row("D2 a=500 b=499 n=10^4 ternary", p2, [v for v in _ternary(9) if v <= 10_000], rows)
    _row("E1 digits 2^17 strings", big, {"digits": {"base": 3, "allowed": [0, 1], "length": 17, "offset": 1}}, rows)
    spec = {"base": 34, "allowed": list(range(34)), "length": 6, "sum_squares": 324}
    nodes, count = digits.count(digits.check_spec(spec))
    _row(f"E2 digits {nodes:,} nodes {count:,} el", big, {"digits": spec}, rows)
    _row("E3 ternary as digits (12 digits)", big,
         {"digits": {"base": 3, "allowed": [0, 1], "length": 12, "sum_squares": None, "offset": 1}}, rows)
    for name in ("a3b4n19044.json", "a1b1n8000.json"):
        doc = fixtures.read_json("constructions", "lineq", name)
        _row(f"F reference {name}", doc["params"], doc["answer"], rows)
    # the second verifier's cost per middle element on the widest bitsets (n = 10^6, a' = b' = 1), and the
    # bound it implies for a full scan of 20,000 middles (no early exit)
    _, secs = timed(second.module.find_solution, tuple(tern), 1, 1, 1_000_000)
    per = secs / len(tern)
    print(f"second verifier full scan: {len(tern)} middles in {secs:.2f} s ({per * 1e6:.0f} us each); a full scan "
          f"of 20,000 middles would take about {20_000 * per:.1f} s")
    print_table(rows, size_label="elements")
    print()
    issue = [("C 20,000 random in 1..10^6 (a=b=1)", big, rng_c, "0.029s"),
             ("D1 a=1 b=999 n=10^4 1..999", p, list(range(1, 1000)), "0.022s"),
             ("D2 a=500 b=499 n=10^4 ternary", p2, [v for v in _ternary(9) if v <= 10_000], "0.013s")]
    doc = fixtures.read_json("constructions", "lineq", "a3b4n19044.json")
    issue.append(("F fixture a3b4n19044", doc["params"], doc["answer"], "0.022s"))
    side_by_side.print_rows(side_by_side.median_rows(primary, second, issue))
    for name, params, answer, _ in issue:
        els = tuple(answer)
        a1, b1, _s = primary.module._reduced(params["a"], params["b"])
        vals = np.array(els, dtype=np.int64)
        pairs = primary.module._ClassPairs(vals, a1, b1, params["n"]).pairs
        bits = primary.module._product_bits(vals, a1, b1)
        print(f"  {name}: {pairs:,} class pairs, {bits:,} product bits -> {primary.module.choose_method(pairs, bits)}")
    # calibration of the cost model on case A (valid: the scan examines every pair)
    vals = np.array(tern, dtype=np.int64)
    pairs = primary.module._ClassPairs(vals, 1, 1, big["n"]).pairs
    bits = primary.module._product_bits(vals, 1, 1)
    t_scan = min(timed(primary.module.find_solution, tuple(tern), 1, 1, big["n"], "scan")[1] for _ in range(3))
    t_prod = min(timed(primary.module.find_solution, tuple(tern), 1, 1, big["n"], "product")[1] for _ in range(3))
    print(f"cost model on A: scan {t_scan:.3f} s for {pairs:,} pairs ({t_scan / pairs * 1e9:.1f} ns/pair, model "
          f"{primary.module.PAIR_SECONDS * 1e9:.1f}); product {t_prod:.3f} s for {bits:,} bits ({t_prod / bits * 1e9:.2f} "
          f"ns/bit, model {primary.module.PRODUCT_BIT_SECONDS * 1e9:.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
