"""z3 formal oracle of the ``shannon`` family: two distinct words that the channel C_q can confuse?

What is encoded, directly from the definition: for words w_0..w_{N-1} of length L over 0..q-1 there
exist integers 0 <= i < j < N such that w_i and w_j differ in some coordinate and, in EVERY coordinate
c, w_i[c] - w_j[c] is one of 0, 1, -1, q - 1, -(q - 1) (cyclic distance at most 1). The words are data
(``col_c[t] = w_t[c]``) read through the unknown indices.

``sat`` gives a confusable pair, re-checked in plain Python (a failure is ``RuntimeError``); ``unsat``
means the words form a zero-error code (duplicates are the verifiers' business); ``unknown`` is returned
as such. A ``factors`` certificate is decided factor by factor (a product of codes is a code), and its
witness names the factor. Limits: at most ``MAX_WORDS`` = 300 words of length at most ``MAX_LENGTH`` =
16 per list or factor (``ValueError`` beyond). z3 is imported lazily.
"""
from __future__ import annotations

from ._z3 import digit_columns, solve

MAX_WORDS = 300
MAX_LENGTH = 16
DEFAULT_TIMEOUT_MS = 120_000


def _close(x: str, y: str, q: int) -> bool:
    return x != y and all(min(abs(int(a) - int(b)), q - abs(int(a) - int(b))) <= 1 for a, b in zip(x, y))


def decide(words, q: int, *, timeout_ms: int = DEFAULT_TIMEOUT_MS):
    """("sat", (i, j)) for confusable words at positions i < j, ("unsat", None) or ("unknown", None)."""
    if q not in (5, 7, 9):
        raise ValueError(f"q must be 5, 7 or 9, got {q!r}")
    if not isinstance(words, (list, tuple)) or len(words) > MAX_WORDS:
        raise ValueError(f"the shannon oracle handles at most {MAX_WORDS} words")
    words = tuple(words)
    length = len(words[0]) if words else 1
    if not 1 <= length <= MAX_LENGTH:
        raise ValueError(f"the shannon oracle handles words of length 1..{MAX_LENGTH}")
    digits = set("0123456789"[:q])
    for t, w in enumerate(words):
        if type(w) is not str or len(w) != length or not set(w) <= digits:
            raise ValueError(f"word {t} is not a string of {length} digits below {q}: {w!r}")
    import z3

    solver = z3.Solver()
    solver.set("timeout", int(timeout_ms))
    cols = digit_columns(solver, words, length)
    i, j = z3.Ints("i j")
    solver.add(0 <= i, i < j, j < len(words))
    solver.add(z3.Or([cols[c][i] != cols[c][j] for c in range(length)]))
    for c in range(length):
        diff = cols[c][i] - cols[c][j]
        solver.add(z3.Or(diff == 0, diff == 1, diff == -1, diff == q - 1, diff == -(q - 1)))
    status, found = solve(solver, (i, j))
    if found is None:
        return status, None
    a, b = found
    if not (0 <= a < b < len(words)) or not _close(words[a], words[b], q):
        raise RuntimeError(f"shannon oracle self-check failed: {found} is not a confusable pair")
    return "sat", (a, b)


SIZE_RULE = f"at most {MAX_WORDS} words of length <= {MAX_LENGTH} per list or factor"


def _groups(parsed):
    if hasattr(parsed, "words") and isinstance(parsed.words, tuple):
        return [parsed.words]
    return [f.words for f in parsed.factors]


def fits(parsed) -> bool:
    return all(len(g) <= MAX_WORDS and len(g[0]) <= MAX_LENGTH for g in _groups(parsed))


def oracle(parsed, *, timeout_ms: int = DEFAULT_TIMEOUT_MS):
    if not fits(parsed):
        raise ValueError(f"answer outside the oracle's size rule ({SIZE_RULE})")
    if hasattr(parsed, "words") and isinstance(parsed.words, tuple):
        status, hit = decide(parsed.words, parsed.q, timeout_ms=timeout_ms)
        if hit is None:
            return status, None
        return status, {"words": [parsed.words[t] for t in hit], "indices": list(hit)}
    unknown = False
    for f, factor in enumerate(parsed.factors):
        status, hit = decide(factor.words, parsed.q, timeout_ms=timeout_ms)
        if status == "sat":
            return "sat", {"factor": f, "pair": list(hit)}
        unknown |= status != "unsat"
    return ("unknown" if unknown else "unsat"), None
