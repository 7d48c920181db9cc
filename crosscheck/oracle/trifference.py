"""z3 formal oracle of the ``trifference`` family: three codewords with fewer than m separating coordinates?

What is encoded, directly from the definition (no translation argument, no hyperplane criterion):

* a word list w_0..w_{N-1} (``decide_words``): there exist integers 0 <= i < j < l < N such that the
  words w_i, w_j, w_l are pairwise distinct (for each pair some coordinate differs) and
      sum over coordinates c of [w_i[c], w_j[c], w_l[c] pairwise different]  <  m.
  The words are data (one z3 array per coordinate, ``col_c[t] = w_t[c]``) read through the unknown
  indices, so z3 chooses the triple.
* a linear code given by generator rows g_1..g_s (``decide_code``): there exist three messages
  u, v, x in {0,1,2}^s whose codewords (sum_r u_r g_r[c]) mod 3 etc. are pairwise distinct and have
  fewer than m pairwise-different coordinates. The code is the set of all such combinations, whatever
  the rank, so this is the definition itself.

``sat`` gives a violating triple, re-checked in plain Python before it is returned (a failure is an
oracle bug: ``RuntimeError``); ``unsat`` means the code is m-trifferent; ``unknown`` (every attempt timed
out) is returned as such and must be treated as an ERROR. z3's running time on these statements is
heavy-tailed (the same input usually answers in seconds, now and then not within minutes), so the
statement is asked in seeded restarts (``_ask``) with doubling budgets of z3 resource units (not wall-clock
budgets: those buy little CPU on a loaded machine), all within the overall timeout. For a code the witness is returned in the family's
direction syntax: translating the triple to 0, a = y - x, b = l - x, with direction a + b.

Limits (``ValueError`` beyond them): lists of at most ``MAX_WORDS`` = 81 words of length at most
``MAX_N`` = 24; codes of at most ``MAX_ROWS`` = 5 rows of length at most ``MAX_CODE_N`` = 16. Both take
well under a few seconds at the limit. ``rs_concat`` certificates are not encoded (their expansion is
compared with brute force in the tests instead). z3 is imported lazily.
"""
from __future__ import annotations

from ._z3 import digit_columns, solve_with_restarts

MAX_WORDS = 81
MAX_N = 24
MAX_ROWS = 5
MAX_CODE_N = 16
DEFAULT_TIMEOUT_MS = 120_000
FIRST_ATTEMPT_RLIMIT = 60_000_000   # z3 resource units of the first attempt (the largest statements, an
#   81-word unsat list of length 24, use about 2e7: a few seconds of CPU), doubling per restart
MAX_ATTEMPTS = 6


def _ask(build, timeout_ms: int) -> tuple[str, tuple[int, ...] | None]:
    """Seeded restarts bounded by z3's resource counter (``rlimit``), which counts the solver's own work and
    so does not shrink when the machine is loaded (a wall-clock budget per attempt does: under load every
    short attempt gave up). Attempt s is a fresh solver from ``build(s)`` with ``random_seed`` s and
    ``FIRST_ATTEMPT_RLIMIT`` * 2^s units; the loop is ``_z3.solve_with_restarts``, given the whole
    ``timeout_ms`` as its first wall budget, so that every attempt may use all the wall time left. The first
    ``sat`` or ``unsat`` is returned, ``("unknown", None)`` when the time or the attempts run out."""
    def attempt(seed: int, left_ms: int):
        solver, unknowns = build(seed)
        solver.set("random_seed", seed)
        solver.set("rlimit", FIRST_ATTEMPT_RLIMIT << seed)
        solver.set("timeout", left_ms)
        return solver, unknowns

    return solve_with_restarts(attempt, timeout_ms, first_attempt_ms=int(timeout_ms), max_attempts=MAX_ATTEMPTS)


def _valid_words(words, n: int, limit: int, what: str) -> tuple[str, ...]:
    if type(n) is not int or not 1 <= n:
        raise ValueError(f"the trifference oracle needs a length n >= 1, got {n!r}")
    if not isinstance(words, (list, tuple)) or len(words) > limit:
        raise ValueError(f"the trifference oracle handles at most {limit} {what}")
    for t, w in enumerate(words):
        if type(w) is not str or len(w) != n or w.strip("012"):
            raise ValueError(f"{what} {t} is not a string of {n} characters over 012: {w!r}")
    return tuple(words)


def separated(x: str, y: str, z: str) -> int:
    """The definition in plain Python: coordinates where the three words are pairwise different."""
    return sum(1 for a, b, c in zip(x, y, z) if a != b and a != c and b != c)


def decide_words(words, n: int, m: int, *, timeout_ms: int = DEFAULT_TIMEOUT_MS):
    """("sat", (i, j, l)) for a violating triple of list positions i < j < l, ("unsat", None) or ("unknown", None)."""
    if n > MAX_N:
        raise ValueError(f"the trifference oracle handles words of length at most {MAX_N}")
    words = _valid_words(words, n, MAX_WORDS, "words")
    if type(m) is not int or m < 1:
        raise ValueError("m must be a positive integer")
    import z3

    def build(seed: int):
        solver = z3.Solver()
        cols = digit_columns(solver, words, n)
        i, j, l = z3.Ints("i j l")
        solver.add(0 <= i, i < j, j < l, l < len(words))

        def differ(a, b):
            return z3.Or([cols[c][a] != cols[c][b] for c in range(n)])

        solver.add(differ(i, j), differ(i, l), differ(j, l))
        rainbow = [z3.If(z3.And(cols[c][i] != cols[c][j], cols[c][i] != cols[c][l], cols[c][j] != cols[c][l]), 1, 0)
                   for c in range(n)]
        solver.add(z3.Sum(rainbow) < m)
        return solver, (i, j, l)

    status, found = _ask(build, timeout_ms)
    if found is None:
        return status, None
    a, b, c = found
    if not (0 <= a < b < c < len(words)) or len({words[a], words[b], words[c]}) != 3 \
            or separated(words[a], words[b], words[c]) >= m:
        raise RuntimeError(f"trifference oracle self-check failed: model {found} is not a violation")
    return "sat", (a, b, c)


def _codeword(coeffs, rows, n: int) -> str:
    return "".join(str(sum(u * int(r[c]) for u, r in zip(coeffs, rows)) % 3) for c in range(n))


def decide_code(rows, n: int, m: int, *, timeout_ms: int = DEFAULT_TIMEOUT_MS):
    """("sat", (x, y, l)) three distinct codewords (strings) with fewer than m separating coordinates,
    ("unsat", None) or ("unknown", None)."""
    if n > MAX_CODE_N:
        raise ValueError(f"the trifference code oracle handles length at most {MAX_CODE_N}")
    rows = _valid_words(rows, n, MAX_ROWS, "rows")
    if not rows or type(m) is not int or m < 1:
        raise ValueError("need at least one row and m >= 1")
    import z3

    s = len(rows)

    def build(seed: int):
        solver = z3.Solver()
        msgs = [[z3.Int(f"{name}_{r}") for r in range(s)] for name in ("u", "v", "x")]
        for msg in msgs:
            for var in msg:
                solver.add(0 <= var, var <= 2)
        words = [[z3.Sum([msg[r] * int(rows[r][c]) for r in range(s)]) % 3 for c in range(n)] for msg in msgs]

        def differ(a, b):
            return z3.Or([a[c] != b[c] for c in range(n)])

        solver.add(differ(words[0], words[1]), differ(words[0], words[2]), differ(words[1], words[2]))
        rainbow = [z3.If(z3.And(words[0][c] != words[1][c], words[0][c] != words[2][c],
                                words[1][c] != words[2][c]), 1, 0) for c in range(n)]
        solver.add(z3.Sum(rainbow) < m)
        return solver, [v for msg in msgs for v in msg]

    status, found = _ask(build, timeout_ms)
    if found is None:
        return status, None
    coeffs = [found[t * s:(t + 1) * s] for t in range(3)]
    trio = tuple(_codeword(cf, rows, n) for cf in coeffs)
    if len(set(trio)) != 3 or separated(*trio) >= m:
        raise RuntimeError(f"trifference oracle self-check failed: {trio} is not a violation")
    return "sat", trio


def decide(data, n: int, m: int, *, code: bool = False, timeout_ms: int = DEFAULT_TIMEOUT_MS):
    """The encoding on plain data: ``decide_code`` for generator rows (``code=True``), else ``decide_words``."""
    if code:
        return decide_code(data, n, m, timeout_ms=timeout_ms)
    return decide_words(data, n, m, timeout_ms=timeout_ms)


def _translate(trio: tuple[str, str, str]) -> dict:
    x, y, l = ([int(ch) for ch in w] for w in trio)
    a = [(p - q) % 3 for p, q in zip(y, x)]
    b = [(p - q) % 3 for p, q in zip(l, x)]
    z = [(p + q) % 3 for p, q in zip(a, b)]
    text = lambda v: "".join(map(str, v))  # noqa: E731
    return {"direction": text(z), "words": [text(a), text(b)]}


# ---- the contract's entry point ----------------------------------------------------------------------

SIZE_RULE = (f"lists of at most {MAX_WORDS} words of length <= {MAX_N}; linear_code with at most {MAX_ROWS} rows "
             f"of length <= {MAX_CODE_N}; rs_concat is not encoded")


def fits(parsed) -> bool:
    if hasattr(parsed, "words") and isinstance(parsed.words, tuple):
        return len(parsed.words) <= MAX_WORDS and parsed.n <= MAX_N
    rows = getattr(parsed, "rows", None)
    if isinstance(rows, tuple) and not hasattr(parsed, "inner"):
        return len(rows) <= MAX_ROWS and parsed.n <= MAX_CODE_N
    return False


def oracle(parsed, *, timeout_ms: int = DEFAULT_TIMEOUT_MS):
    if not fits(parsed):
        raise ValueError(f"answer outside the oracle's size rule ({SIZE_RULE})")
    if hasattr(parsed, "words"):
        status, hit = decide_words(parsed.words, parsed.n, parsed.m, timeout_ms=timeout_ms)
        if hit is None:
            return status, None
        return status, {"words": [parsed.words[t] for t in hit], "indices": list(hit)}
    status, trio = decide_code(parsed.rows, parsed.n, parsed.m, timeout_ms=timeout_ms)
    return (status, None) if trio is None else (status, _translate(trio))

