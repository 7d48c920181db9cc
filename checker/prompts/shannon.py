"""The prompt wording of the ``shannon`` family (assembled by ``endless_exam.checker.prompts``)."""
from __future__ import annotations

from endless_exam.certificates.schemas import shannon as schema

from ._common import objective


def statement(p: dict) -> str:
    q, d = p["q"], p["d"]
    return (f"Find a set of distinct words of length {d} over the digits 0..{q - 1} that is as large as possible and "
            f"such that any two distinct words have a coordinate where their digits x, y are at cyclic distance "
            f"min(|x - y|, {q} - |x - y|) >= 2 (a zero-error code for the {q}-cycle: an independent set of the "
            f"{d}-fold strong power of C_{q}). " + objective("the number of words", "maximise"))


def answer_format(p: dict) -> str:
    return (f"a JSON list of 1 to {schema.MAX_WORDS:,} distinct strings, each of exactly {p['d']} digits from "
            f"0..{p['q'] - 1}")


def compact_forms(p: dict) -> list[str]:
    d = p["d"]
    return [("Compact form: X may be {\"product\": [C1, C2, ...]} where each Ci is a non-empty list of equal-length "
             f"digit strings and the lengths add up to {d}; it stands for all concatenations c1 c2 ... with ci in Ci, "
             "which are checked as a list."),
            ("Certificate: X may be {\"factors\": [{\"words\": [...], \"power\": r}, ...]}: each factor is a "
             "non-empty list of distinct equal-length digit strings (its own code, checked in its own length) with an "
             f"optional integer power r (default 1); the sum of length x power over the factors must be {d}. It stands "
             "for the product code C1^r1 x C2^r2 x ..., whose size |C1|^r1 |C2|^r2 ... is computed exactly and never "
             "expanded. No counts, programs or nested certificates are accepted.")]


def limits(p: dict) -> list[str]:
    return [f"At most {schema.MAX_WORDS:,} words in a list, and a product may expand to at most {schema.MAX_WORDS:,} "
            "words (its size is computed before anything is expanded).",
            f"The factors certificate takes 1 to {schema.MAX_FACTORS} factors, powers 1 to {schema.MAX_POWER}, at most "
            f"{schema.MAX_FACTOR_WORDS:,} words per factor and {schema.MAX_TOTAL_WORDS:,} words over all factors.",
            f"Instances have q in 5, 7, 9 and d up to {schema.MAX_D}."]
