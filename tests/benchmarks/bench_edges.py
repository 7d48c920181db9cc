"""Issue 29's figures: the cost of reading hostile numbers and files, before and after.

Run:  .venv/bin/python tests/benchmarks/bench_edges.py

Prints CPU seconds (``time.process_time``; the machine is shared, so wall seconds are noisy) and the load
average. Rows:
* exact text -> int at 10,000 / 100,000 digits: ``objective_from_str`` (4,000-digit chunks, the digit limit
  checked first) against the old route ``int(decimal.Decimal(text))``; and the refusal of 1,000,000 digits;
* the duplicate check of ``audit --witnesses`` over 20,000 records: ``Counter`` against the old ``list.count``
  loop (timed on 5,000 records and extrapolated: quadratic);
* ``read_document`` on a sparse 2 GB file and on /dev/zero: the refusal, its CPU seconds and the peak RSS.
"""
from __future__ import annotations

import decimal
import os
import resource
import sys
import tempfile
import time
from collections import Counter

from endless_exam.certificates.verdict import objective_from_str
from endless_exam.checker.files.reading import DocumentError, read_document


def cpu(fn, *args):
    start = time.process_time()
    try:
        out = fn(*args)
    except (ValueError, DocumentError) as exc:
        out = f"refused: {str(exc)[:70]}"
    return out, time.process_time() - start


def main() -> None:
    print(f"load average {open('/proc/loadavg').read().split()[:3]}")
    for digits in (10_000, 100_000):
        text = "7" * digits
        _, new = cpu(objective_from_str, text)
        _, old = cpu(lambda t: int(decimal.Decimal(t)), text)
        print(f"{digits:>9,} digits   objective_from_str {new:8.4f} s CPU   old int(Decimal) {old:8.4f} s CPU")
    out, t = cpu(objective_from_str, "7" * 1_000_000)
    print(f"1,000,000 digits   objective_from_str {t:8.4f} s CPU   ({out})")

    ids = [f"capset-{n:012x}" for n in range(20_000)]
    _, new = cpu(lambda: [c for c in (Counter(ids),) for i in ids if c[i] > 1])
    sample = ids[:5_000]
    _, old5 = cpu(lambda: [i for i in sample if sample.count(i) > 1])
    print(f"duplicates of 20,000 records: Counter {new:.4f} s CPU; old list.count on 5,000 {old5:.3f} s CPU "
          f"(x16 for 20,000: about {old5 * 16:.1f} s)")

    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "big.json")
        with open(path, "wb") as fh:
            fh.truncate(2 << 30)          # sparse 2 GB
        for name, p in (("sparse 2 GB file", path), ("/dev/zero", "/dev/zero")):
            out, t = cpu(read_document, p, 32 << 20, "dossier")
            print(f"read_document({name}): {t:.4f} s CPU, {out}")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak RSS of this process {peak:.0f} MB")


if __name__ == "__main__":
    sys.exit(main())
