"""The prompt wording of the ``trifference`` family (assembled by ``endless_exam.checker.prompts``)."""
from __future__ import annotations

from endless_exam.certificates.schemas import _trifference_admission as admission
from endless_exam.certificates.schemas import trifference as schema

from ._common import objective


def _certified(p: dict) -> bool:
    return "representation" in p


def statement(p: dict) -> str:
    n, m = p["n"], p["m"]
    return (f"Find a set of distinct strings of length {n} over the symbols 0, 1, 2 (a ternary code) that is as "
            f"large as possible and such that every three distinct strings have at least {m} coordinate"
            f"{'s' if m > 1 else ''} where their three symbols are 0, 1 and 2 in some order (such a code is called {m}-trifferent). "
            + objective("the number of strings", "maximise"))


def answer_format(p: dict) -> str:
    return (f"a JSON list of 1 to {schema.MAX_WORDS:,} distinct strings, each of exactly {p['n']} characters from "
            "0, 1, 2 (one string per word)")


def compact_forms(p: dict) -> list[str]:
    n = p["n"]
    forms = [("Legacy linear form: X may instead be {\"linear\": [g1, g2, ...]} with 1 to "
              f"{schema.MAX_LINEAR_ROWS} generator rows, each a string of {n} characters over 0, 1, 2; it stands for "
              "all F_3-linear combinations of the rows (their span, 3^rank words, dependent rows add nothing), "
              "which are checked as a list.")]
    if not _certified(p):
        forms.append("This instance accepts only the list and the legacy linear form (no certificates).")
        return forms
    forms.append("Certificate: X may be {\"linear_code\": [g1, ..., gs]} with 1 to "
                 f"{schema.MAX_CODE_ROWS} generator rows of {n} characters over 0, 1, 2 (accepted only when m is 1, 2 "
                 f"or 3); the rank k over F_3 is computed (at most {schema.MAX_RANK}) and the code is the span, 3^k "
                 "words, checked algebraically: minimum distance >= m and, for every non-zero codeword z, the "
                 "rows restricted to the coordinates where z is 0 have rank k - 1 and minimum distance >= m.")
    forms.append("Certificate: X may be {\"rs_concat\": {\"inner\": Y, \"inner_n\": a, \"inner_m\": b, \"field\": "
                 "[c0, c1, ..., cr], \"length\": N, \"dimension\": K}} with exactly these keys: Y is an inner code of "
                 "length a (a list, a {\"linear\": ...} or a {\"linear_code\": ...}, never another rs_concat) that must "
                 "be a b-trifferent code with exactly q = 3^r words; c0 + c1 t + ... + cr t^r (coefficients 0, 1, "
                 f"2, cr = 1, degree r from 1 to {schema.MAX_FIELD_DEGREE}) must be irreducible over F_3 and defines "
                 "GF(q); and 1 <= K <= N <= q, a*N <= n, b*(N - 3K + 3) >= m. It stands for the Reed-Solomon "
                 "code of all polynomials of degree < K over GF(q) evaluated at the first N field elements "
                 "(element number i = sum e_j 3^j is sum e_j t^j), each symbol replaced by the inner word of "
                 "the same rank in lexicographic order, padded with zeros to length n: q^K words, computed "
                 "exactly and never expanded.")
    return forms


def limits(p: dict) -> list[str]:
    cert = (f"linear_code takes 1 to {schema.MAX_CODE_ROWS} rows of rank at most {schema.MAX_RANK}; rs_concat takes a "
            f"field polynomial of degree 1 to {schema.MAX_FIELD_DEGREE} and one level of nesting (the inner code is "
            "not an rs_concat).")
    shape = (f"This instance is certified: n may be up to {schema.MAX_N_CERTIFIED:,} (the plain {{n, m}} shape allows n up "
             f"to {schema.MAX_N_PLAIN} and no certificates). " if _certified(p) else
             f"This instance shape allows n up to {schema.MAX_N_PLAIN} and no certificates (certified instances allow "
             f"n up to {schema.MAX_N_CERTIFIED:,}, where ")
    return [f"At most {schema.MAX_WORDS:,} words in a list, for every m. A list of N words built on an affine core is "
            "decided through that structure at any size: all but e of its words lie in one affine subspace (a "
            f"translate of a linear code) of rank k from 1 to {admission.CORE_RANK}, with e <= min(floor(N/3), "
            f"floor({admission.EXTRA_PAIRS:,} / floor(N^2/2))) (27 at {schema.MAX_WORDS:,} words) and "
            f"e * 9^k <= {admission.CORE_TABLE:,}, and more than two thirds of the 3^k words of the subspace listed (an "
            "affine subspace itself always qualifies; the core is sought in the list order and in a few fixed "
            "shuffles, and is always found when its words are listed before the others). Any other list has every triple examined and is admitted only when C(N, 3) * ceil(u/64) <= "
            f"{admission.SCAN_BUDGET:,}, u being the number of coordinates where all three symbols occur (at most "
            f"{admission.max_scan_words(1024):,} words when u > 960, {admission.max_scan_words(64):,} when u <= 64); "
            "a larger list is refused as a size limit.",
            f"The legacy linear form takes 1 to {schema.MAX_LINEAR_ROWS} rows.",
            shape + (cert if _certified(p) else cert[0].lower() + cert[1:-1] + ").")]
