"""The prompt wording of the ``labs`` family (assembled by ``endless_exam.checker.prompts``)."""
from __future__ import annotations

from endless_exam.certificates.schemas import labs as schema

from ._common import defined_for, literal_only


def statement(p: dict) -> str:
    n = p["N"]
    return (f"Find a sequence s_1, ..., s_{n} of length N = {n} with every entry +1 or -1 whose aperiodic "
            f"autocorrelations are small. With C_k = sum over i = 1..N-k of s_i * s_(i+k) and the energy "
            f"E = C_1^2 + C_2^2 + ... + C_(N-1)^2, the objective is the merit factor F = N^2 / (2E), computed "
            f"exactly as a rational number (maximise).")


def answer_format(p: dict) -> str:
    return f"a JSON list of exactly {p['N']} integers, each 1 or -1 (s_1 first)"


def compact_forms(p: dict) -> list[str]:
    return []


def limits(p: dict) -> list[str]:
    return [f"The list must have exactly N = {p['N']} entries.",
            "Every entry must be the JSON integer 1 or -1 (not true/false, not 1.0, not \"1\").",
            literal_only(),
            defined_for(f"{schema.MIN_N} <= N <= {schema.MAX_N:,}")]
