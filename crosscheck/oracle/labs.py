"""z3 formal oracle of the ``labs`` family: the +-1 condition and the energy, stated directly.

What is encoded. The sequence s_0, ..., s_{N-1} is given to z3 as data: an uninterpreted function
``s : Int -> Int`` constrained by ``s(t) = value_t`` for every position t < N. Two statements are asked:

* the family's property, *every entry is +1 or -1*, as its negation: "there exists an integer i with
  0 <= i < N and s(i) != 1 and s(i) != -1" (``decide``). z3, not Python, chooses i. ``sat`` yields the
  position of a bad entry; ``unsat`` means the sequence is a +-1 sequence. The shared schema refuses
  such entries with ``RANGE`` before any verifier runs, so on a parsed answer ``oracle`` must find
  ``unsat`` (a ``sat`` there is an oracle or schema bug and raises ``RuntimeError``); the
  planted-violation tests call ``decide`` on raw data.
* the objective (``decide_energy``): integer constants C_1..C_{N-1} and E with
  C_k = sum_{i=0}^{N-1-k} s(i) * s(i + k) and E = sum_k C_k^2, exactly the definition of docs/SPECIFICATION.md 3.6.
  z3 finds a model (the value of E) and is then asked for a model with a different E, which must be
  ``unsat``: the definition determines E, and that value is returned. ``energy`` / ``merit_factor``
  give E and F = N^2 / (2E) for a parsed answer; the property tests compare them with both verifiers.

Why sat/unsat answer the question: the constraints are the definitions verbatim over unbounded integers
(z3's ``Int`` is exact), so a model is a counterexample to the property (first statement) or the
energy of the sequence (second). ``unknown`` is returned as such and is an ERROR for the caller.

Limits: N <= ``MAX_N`` = 64 entries (larger inputs raise ``ValueError``). z3 is imported lazily.
"""
from __future__ import annotations

from fractions import Fraction

from ._z3 import solve

MAX_N = 64
DEFAULT_TIMEOUT_MS = 120_000


def _validate(seq, require_pm1: bool) -> tuple[int, ...]:
    if not isinstance(seq, (tuple, list)):
        raise ValueError(f"the LABS oracle needs a list of integers, got {type(seq).__name__}")
    if not 1 <= len(seq) <= MAX_N:
        raise ValueError(f"the LABS oracle handles 1..{MAX_N} entries, got {len(seq)}")
    if not all(type(x) is int for x in seq):
        raise ValueError("the LABS oracle needs JSON integers")
    if require_pm1 and not all(x in (1, -1) for x in seq):
        raise ValueError("the energy is defined for +-1 sequences only")
    return tuple(seq)


def _data(solver, seq):
    import z3  # lazy

    s = z3.Function("s", z3.IntSort(), z3.IntSort())
    for t, value in enumerate(seq):
        solver.add(s(t) == value)
    return s


def decide(seq, *, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> tuple[str, tuple[int] | None]:
    """Is some entry not +-1? ``("sat", (i,))`` with its position, ``("unsat", None)`` or ``("unknown", None)``."""
    seq = _validate(seq, require_pm1=False)
    import z3  # lazy

    solver = z3.Solver()
    solver.set("timeout", int(timeout_ms))
    s = _data(solver, seq)
    i = z3.Int("i")
    solver.add(0 <= i, i < len(seq), s(i) != 1, s(i) != -1)
    status, hit = solve(solver, (i,))
    if hit is None:
        return status, None
    (t,) = hit
    if not 0 <= t < len(seq) or seq[t] in (1, -1):
        raise RuntimeError(f"LABS oracle self-check failed: z3 model i = {t} is not a bad entry")
    return "sat", (t,)


def decide_energy(seq, *, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> tuple[str, int | None]:
    """``("sat", E)`` when the definition determines the energy E uniquely; ``("unknown", None)`` otherwise."""
    seq = _validate(seq, require_pm1=True)
    import z3  # lazy

    n = len(seq)
    solver = z3.Solver()
    solver.set("timeout", int(timeout_ms))
    s = _data(solver, seq)
    c = [z3.Int(f"C_{k}") for k in range(n)]            # c[0] unused
    for k in range(1, n):
        solver.add(c[k] == z3.Sum([s(i) * s(i + k) for i in range(n - k)] or [z3.IntVal(0)]))
    e = z3.Int("E")
    solver.add(e == z3.Sum([c[k] * c[k] for k in range(1, n)] or [z3.IntVal(0)]))
    status, model = solve(solver, (e,))
    if model is None:
        return "unknown" if status != "unsat" else "unsat", None
    (value,) = model
    solver.add(e != value)
    again, _ = solve(solver, (e,))
    if again != "unsat":
        return "unknown", None
    return "sat", value


# ---- the contract's entry point (one signature for every family) ----------------------------------

SIZE_RULE = f"N <= {MAX_N} entries"


def fits(parsed) -> bool:
    """Is the parsed answer small enough for the oracle ({SIZE_RULE})?"""
    return len(parsed.seq) <= MAX_N


def oracle(parsed, *, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> tuple[str, dict | None]:
    """The +-1 property decided by z3 on a parsed answer that ``fits``: ``("unsat", None)`` (every parsed
    answer satisfies it; a ``sat`` would contradict the schema and raises) or ``("unknown", None)``."""
    status, hit = decide(parsed.seq, timeout_ms=timeout_ms)
    if status == "sat":
        raise RuntimeError(f"LABS oracle: entry {hit[0]} of a parsed answer is not +-1 (schema bug)")
    return status, None


def energy(parsed, *, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> int | None:
    """E of a parsed answer as the definition determines it (None if z3 gives up)."""
    status, value = decide_energy(parsed.seq, timeout_ms=timeout_ms)
    return value if status == "sat" else None


def merit_factor(parsed, *, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> Fraction | None:
    e = energy(parsed, timeout_ms=timeout_ms)
    return None if e is None else Fraction(len(parsed.seq) ** 2, 2 * e)
