"""The prompt wording of the ``capset`` family (assembled by ``endless_exam.checker.prompts``)."""
from __future__ import annotations

from endless_exam.certificates.schemas import capset as schema
from endless_exam.certificates.forms.product import EXPANSION_LIMIT

from ._common import objective


def statement(p: dict) -> str:
    d = p["d"]
    return (f"Find a set of points of F_3^{d} (vectors of length {d} with entries 0, 1, 2, arithmetic mod 3) "
            f"that is as large as possible and contains no three distinct points x, y, z with x + y + z = 0 "
            f"in every coordinate (equivalently, no three points on a line): a cap set. "
            + objective("the number of points", "maximise"))


def answer_format(p: dict) -> str:
    return (f"a JSON list of distinct strings, each of exactly {p['d']} characters from 0, 1, 2 "
            f"(one string per point)")


def compact_forms(p: dict) -> list[str]:
    return [("Compact form: X may instead be {\"product\": [S1, S2, ...]} where each Si is a non-empty list of "
             f"equal-length strings over 0, 1, 2 and the lengths add up to {p['d']}; it stands for all "
             "concatenations s1 s2 ... with si in Si (S1 leftmost), which are checked as a list.")]


def limits(p: dict) -> list[str]:
    return [f"At most {schema.MAX_POINTS:,} points are accepted for d <= {schema.DENSE_MAX_D}, and at most "
            f"{schema.WIDE_MAX_POINTS:,} for larger d (instances have d <= {schema.MAX_D:,}).",
            f"A product may expand to at most {EXPANSION_LIMIT:,} strings and {schema.MAX_CELLS:,} characters in all "
            f"(larger products are refused before expansion), and the expanded list must respect the point limit."]
