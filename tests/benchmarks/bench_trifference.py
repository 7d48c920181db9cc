"""Trifference verifier benchmark (a script, not a test): ``python -m tests.benchmarks.bench_trifference [--cpu] [case ...]``.

``--cpu``: in-process CPU seconds only (median of 3 per verifier), no harness run.

Prints the seconds of the primary and the second verifier, in-process and through the harness, on the
largest allowed inputs (issue 11, item 6):

* A: 6,561 words, not an affine subspace: a deterministic sample of the 19,683-word Reed-Solomon
  concatenation of the bundled n = 64 construction (expanded here in plain Python), n = 64, m = 1: valid,
  with many triples separated at few coordinates (the hard case for the triple scan).
* B: the same list with its last word replaced by one never separated from the two before it (invalid;
  the violation is the last triple of the scan).
* C: 6,561 random words of length 1,024, m = 1 (valid: every triple is separated somewhere).
* D: a random rank-12 linear_code of length 1,024 (265,720 directions), m = 1, valid; E: the same
  with its last row replaced by a unit vector (invalid: a codeword of weight 1 has its support inside
  that of another codeword); F: the valid code with m = 3.
* G: an rs_concat with a degree-12 field and a random rank-12 inner code of length 128 (N = 8, K = 3).
* H: the legacy linear form with 8 rows of length 1,024 (6,561 words, the affine path).
* I: 243 random words of length 1,024 with m = 4 (the direct count at its size limit).
* Adversarial lists for the triple scans (issue 11): J: 6,561 random words of length 128, m = 1 (valid,
  short words); K: 9 clusters of 729 words, each word its cluster's centre except on 110 coordinates
  private to the cluster, n = 1,024, m = 1 (valid; 30% of the triples are separated only by the private
  coordinates of one cluster); O: K with its last word replaced by one made of the first two (invalid);
  L/M: the list of C with m = 2 and m = 3; N: the 64 columns of A repeated
  16 times (n = 1,024, m = 3: every separated triple of A is separated 16 times, and duplicated
  columns must not fill the blocks).

Near-affine and worst cases (issue 20):
* P, Q: the edge-case files trifference_6561_nonaffine_m1/_m3 (built from the project's vectors,
  tcIds 133 and 134): a [100, 8] code with its zero word replaced by another word, m = 1 and m = 3;
  R: trifference_244_m4 (tcId 132), 244 words of length 128 with m = 4, not affine;
* S: a random [256, 8] code (translated), 9 of its words dropped for 9 extra random words (6,561 in all),
  m = 2; T: the same with 10 dropped and 10 extra (over the former budget of 9 extras: one extra word
  joined a rank-9 core); U: S with one extra word that spoils two code
  words (invalid, found through the extra word); V: S minus 1,000 of its words plus 5 extras, m = 1;
* W: a random [128, 8] code with every column repeated 8 times (n = 1,024), zero word replaced, m = 6;
* X: the legacy linear span of H with m = 4 (the pair criterion on 6,561 words of length 1,024);
* Y, Z: the random list of C with m = 4 and m = 6 (no structure: the filter with m groups);
* AA: 1,500 random words of length 1,024 with m = 40 (above 16: every triple is counted);
* AB: linear_code rank 12, n = 1,024, m = 2;
* AC: the random list of C with m = 5 (with L, M, Y, Z: every m from 1 to 6 on the same list);
* AD: the clustered list of K with m = 3 (the slowest list found: unstructured, and its clusters keep the
  filter from certifying the triples inside a cluster early);
* AE: the list of T with m = 4 (cores have rank at most 8 for m >= 4, so no extra word can join one: with
  the former budget of 9 extras this was the full scan of a near-linear list); AF: 27 extras, m = 4 (the
  budget at 6,561 words: the most expensive extra-word count).

Targets (issue 20; idle two-core machine, through the harness): P and Q at most 15 s per verifier;
the rank-12 m = 3 certificate F at most 5 s (primary) and 15 s (second); every case inside the 60 s
limit with a wide margin. The figures depend heavily on the machine's load: quote them with ``uptime``.
"""
from __future__ import annotations

from endless_exam import crosscheck  # noqa: F401  (first: sets SYMPY_GROUND_TYPES=python before anything imports sympy)

import itertools
import json
import random
import sys

from endless_exam import fixtures
from endless_exam.checker.families import load as _load_primary
from endless_exam.crosscheck.families import load as _load_second
from tests.benchmarks.common import measure, print_table, timed_cpu
from tests.common.rs_expand import expand_rs

primary = _load_primary("trifference")
second = _load_second("trifference")


def rs_words(doc: dict) -> list[str]:
    """The words of a bundled ``rs_concat`` construction whose inner code is a ``linear_code``."""
    body = doc["answer"]["rs_concat"]
    rows = body["inner"]["linear_code"]
    inner = sorted({"".join(str(sum(c * int(r[j]) for c, r in zip(cs, rows)) % 3) for j in range(len(rows[0])))
                    for cs in itertools.product(range(3), repeat=len(rows))})
    return expand_rs(inner, body["field"], body["length"], body["dimension"], doc["params"]["n"])


def rs_sample() -> list[str]:
    doc = fixtures.read_json("constructions", "trifference", "n64_rs27.json")
    words = rs_words(doc)
    random.Random(64).shuffle(words)
    return words[:6561]


def spoiled(words: list[str]) -> list[str]:
    """The last word replaced by one never separated from the two words before it: the only violation is
    the last triple, so a scan by middle word meets it last."""
    x, y = words[-3], words[-2]
    have = set(words[:-1])
    for bits in itertools.product((0, 1), repeat=len(x)):
        z = "".join(a if b == 0 else c for a, b, c in zip(x, bits, y))
        if z not in have:
            return words[:-1] + [z]
    raise SystemExit("no spoiler")


def random_words(n: int, count: int, seed: int) -> list[str]:
    rnd = random.Random(seed)
    out: dict[str, None] = {}
    while len(out) < count:
        out.setdefault("".join(rnd.choice("012") for _ in range(n)), None)
    return list(out)


def random_rows(n: int, k: int, seed: int) -> list[str]:
    rnd = random.Random(seed)
    return ["".join(rnd.choice("012") for _ in range(n)) for _ in range(k)]


def clustered(clusters: int = 9, size: int = 729, private: int = 110, n: int = 1024, seed: int = 5) -> list[str]:
    rnd = random.Random(seed)
    coords = list(range(n))
    rnd.shuffle(coords)
    words = []
    for c in range(clusters):
        centre = [rnd.choice("012") for _ in range(n)]
        own = coords[c * private:(c + 1) * private]
        seen: set[str] = set()
        while len(seen) < size:
            w = list(centre)
            for i in own:
                w[i] = rnd.choice("012")
            seen.add("".join(w))
        words.extend(sorted(seen))
    rnd.shuffle(words)
    return words


def spoil_pair(words: list[str]) -> list[str]:
    """The last word replaced by one made of the first two (each coordinate from one of them): the three
    are separated nowhere."""
    have = set(words)
    x, y = words[0], words[1]
    for k in range(2, len(x)):
        z = "".join(a if i % k else b for i, (a, b) in enumerate(zip(x, y)))
        if z not in have:
            return words[:-1] + [z]
    raise SystemExit("no spoiler")


def vector_answer(tc_id: int):
    """The answer of one of the project's trifference vectors (the edge-case files are stored there)."""
    from tests.families.trifference.test_trifference_vectors import VECTORS
    return json.loads(VECTORS.payload(tc_id))


def near_code(n: int, k: int, extras: int, seed: int, drop: int = 0, repeat: int = 1) -> list[str]:
    """A translated random [n, k] code (columns repeated ``repeat`` times), ``drop`` words removed, zero-word
    slot reused, plus ``extras`` random words outside it, shuffled."""
    rnd = random.Random(seed)
    rows = ["".join(rnd.choice("012") for _ in range(n)) for _ in range(k)]
    shift = [rnd.randrange(3) for _ in range(n * repeat)]
    code = set()
    for cs in itertools.product(range(3), repeat=k):
        word = [sum(c * int(r[j]) for c, r in zip(cs, rows)) % 3 for j in range(n)] * repeat
        code.add("".join(str((x + y) % 3) for x, y in zip(word, shift)))
    words = sorted(code)
    rnd.shuffle(words)
    words = words[drop:]
    target = len(words) + extras
    while len(words) < target:
        w = "".join(rnd.choice("012") for _ in range(n * repeat))
        if w not in code:
            code.add(w)
            words.append(w)
    rnd.shuffle(words)
    return words


def P(n: int, m: int) -> dict:
    return {"n": n, "m": m, "representation": "certified"}


def cases():
    """(name, params, a function building the answer): only the cases asked for are built."""
    from functools import cache
    sample = cache(rs_sample)
    rows = random_rows(1024, 12, 1)
    unit = "1" + "0" * 1023
    big = cache(lambda: random_words(1024, 6561, 2))
    cluster = cache(clustered)
    near = cache(lambda: near_code(256, 8, 9, 21, drop=9))
    yield "A 6,561 words of an RS code, n=64 (valid)", P(64, 1), sample
    yield "B the same, last word spoils the two before it (invalid)", P(64, 1), lambda: spoiled(sample())
    yield "C 6,561 random words, n=1024 (valid)", P(1024, 1), big
    yield "D linear_code rank 12, n=1024, m=1 (valid)", P(1024, 1), lambda: {"linear_code": rows}
    yield "E linear_code rank 12, n=1024, unit row (invalid)", P(1024, 1), lambda: {"linear_code": rows[:-1] + [unit]}
    yield "F linear_code rank 12, n=1024, m=3 (valid)", P(1024, 3), lambda: {"linear_code": rows}
    yield "G rs_concat, degree-12 field, inner [128,12]", P(1024, 1), lambda: {"rs_concat": {
        "inner": {"linear_code": random_rows(128, 12, 11)}, "inner_n": 128, "inner_m": 1,
        "field": [1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 1], "length": 8, "dimension": 3}}
    yield "H legacy linear, 8 rows, n=1024 (6,561 words)", P(1024, 1), lambda: {"linear": random_rows(1024, 8, 3)}
    yield "I 243 random words, n=1024, m=4", P(1024, 4), lambda: random_words(1024, 243, 4)
    yield "J 6,561 random words, n=128 (valid)", P(128, 1), lambda: random_words(128, 6561, 5)
    yield "K 9 clusters x 729 words, n=1024 (valid)", P(1024, 1), cluster
    yield "L the list of C with m=2 (valid)", P(1024, 2), big
    yield "M the list of C with m=3 (valid)", P(1024, 3), big
    yield "N the columns of A repeated 16 times, m=3 (valid)", P(1024, 3), lambda: [w * 16 for w in sample()]
    yield "O K, last word made of the first two (invalid)", P(1024, 1), lambda: spoil_pair(cluster())
    yield "P edge case 6,561 near-affine, n=100, m=1 (valid)", {"n": 100, "m": 1}, lambda: vector_answer(133)
    yield "Q edge case 6,561 near-affine, n=100, m=3 (valid)", {"n": 100, "m": 3}, lambda: vector_answer(134)
    yield "R edge case 244 words, n=128, m=4 (valid)", {"n": 128, "m": 4}, lambda: vector_answer(132)
    yield "S [256,8] code, 9 words swapped for extras, m=2", P(256, 2), near
    yield "T [256,8] code, 10 words swapped, m=2", P(256, 2), lambda: near_code(256, 8, 10, 21, drop=10)
    yield "U S, last word spoils two code words (invalid)", P(256, 2), lambda: spoil_pair(near()[:-1])
    yield "V [256,8] code - 1,000 words + 5 extras, m=1", P(256, 1), lambda: near_code(256, 8, 5, 22, drop=1000)
    yield ("W [128,8] columns x8, zero word replaced, m=6", P(1024, 6),
           lambda: near_code(128, 8, 1, 23, drop=1, repeat=8))
    yield "X legacy linear, 8 rows, n=1024, m=4 (6,561 words)", P(1024, 4), lambda: {"linear": random_rows(1024, 8, 3)}
    yield "Y the list of C with m=4", P(1024, 4), big
    yield "Z the list of C with m=6", P(1024, 6), big
    yield "AA 1,500 random words, n=1024, m=40", P(1024, 40), lambda: random_words(1024, 1500, 6)
    yield "AB linear_code rank 12, n=1024, m=2 (valid)", P(1024, 2), lambda: {"linear_code": rows}
    yield "AC the list of C with m=5", P(1024, 5), big
    yield "AD the list of K with m=3 (clusters, m=3)", P(1024, 3), cluster
    yield "AE the list of T with m=4 (10 extras)", P(256, 4), lambda: near_code(256, 8, 10, 21, drop=10)
    yield "AF [256,8] code, 27 words swapped (the budget), m=4", P(256, 4), lambda: near_code(256, 8, 27, 24, drop=27)


def cpu_only(wanted: set[str], repeats: int = 3) -> None:
    """``--cpu``: each verifier in-process only, the median of ``repeats`` runs in CPU seconds (no harness)."""
    for name, params, build in cases():
        if wanted and name.split()[0] not in wanted:
            continue
        answer = build()
        figures = []
        for verifier in (primary, second):
            times = []
            for _ in range(repeats):
                verdict, _, cpu = timed_cpu(verifier.check, params, answer)
                times.append(cpu)
            figures.append(f"{sorted(times)[len(times) // 2]:.2f}s")
        print(f"{name}: {verdict.status.value} {verdict.reason or ''}  primary {figures[0]}  second {figures[1]}"
              " (CPU, median of %d)" % repeats, flush=True)


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if "--cpu" in args:
        cpu_only({a for a in args if a != "--cpu"})
        return 0
    wanted = set(args)
    rows = []
    for name, params, build in cases():
        if wanted and name.split()[0] not in wanted:
            continue
        rows.append(measure("trifference", primary, second, name, params, build()))
        print_table(rows[-1:], size_label="words")
    print()
    print_table(rows, size_label="words")
    return 0


if __name__ == "__main__":
    sys.exit(main())
