"""The prompt wording of the ``kakeya`` family (assembled by ``endless_exam.checker.prompts``)."""
from __future__ import annotations

from endless_exam.certificates.schemas import kakeya as schema

from ._common import objective


def statement(p: dict) -> str:
    q, n = p["q"], p["n"]
    return (f"Find a set K of points of F_{q}^{n} (vectors of length {n} with entries 0..{q - 1}, arithmetic "
            f"mod {q}) that is as small as possible and contains a full line {{a + t*v : t in F_{q}}} in every "
            f"direction v, i.e. for each of the {(q ** n - 1) // (q - 1):,} directions (non-zero vectors up to "
            f"non-zero scalar multiples) some line with that direction lies entirely in K (a Kakeya set). "
            + objective("the number of points |K|", "minimise"))


def answer_format(p: dict) -> str:
    return (f"a JSON list of distinct points, each a JSON list of exactly {p['n']} integers in 0..{p['q'] - 1}")


def compact_forms(p: dict) -> list[str]:
    return []


def limits(p: dict) -> list[str]:
    q, n = p["q"], p["n"]
    return [f"At most q^n = {q ** n:,} points are accepted (more cannot be distinct); there is no compact form.",
            f"Instances have q prime, n >= 1, q^n <= {schema.MAX_SPACE:,}, q^(2n-1) <= {schema.MAX_WORK:,} and at most "
            f"{schema.MAX_DIRECTIONS:,} directions (q^n - 1)/(q - 1); with more than {schema.WIDE_DIRECTIONS:,} "
            f"directions (F_2^15) at most {schema.MAX_WIDE_POINTS:,} points are accepted."]
