"""The prompt wording of the ``corners`` family (assembled by ``endless_exam.checker.prompts``)."""
from __future__ import annotations

from endless_exam.certificates.schemas import corners as schema
from endless_exam.certificates.forms import digits, diffset

from ._common import objective


def statement(p: dict) -> str:
    n = p["n"]
    return (f"Find a set of points of the grid {{0, 1, ..., {n - 1}}}^2 (integer pairs [x, y] with "
            f"0 <= x, y <= {n - 1}) that is as large as possible and contains no corner: no three points "
            f"(x, y), (x + d, y), (x, y + d) with d != 0, where d may be positive or negative. "
            + objective("the number of points", "maximise"))


def answer_format(p: dict) -> str:
    return (f"a JSON list of distinct points, each a list [x, y] of two integers with 0 <= x, y <= {p['n'] - 1} "
            "(the order of the points does not matter)")


def compact_forms(p: dict) -> list[str]:
    n = p["n"]
    return [("Compact form: X may instead be {\"diff_set\": D} (exactly that key), which stands for every grid "
             "point (x, y) with x - y in D, checked as a list. D is either a JSON list of integers in "
             f"{-(n - 1)}..{n - 1} (a value listed twice lists its points twice, which is a duplicate) or a "
             f"digit spec, of which the values in {-(n - 1)}..{n - 1} are used."),
            digits.GRAMMAR]


def limits(p: dict) -> list[str]:
    return [f"At most {schema.MAX_POINTS:,} points are accepted in a list.",
            f"A diff_set may describe at most {diffset.POINT_LIMIT:,} grid points (the diagonal x - y = d has "
            f"n - |d| points; the count is computed before any point is built), and a listed D has at most "
            f"{diffset.POINT_LIMIT:,} entries.",
            *digits.limit_sentences(),
            f"The grid size n is at most {schema.MAX_N:,}. For n > {schema.DENSE_N:,}, a set whose rows, columns "
            f"and anti-diagonals (x + y constant) each hold more than {schema.MAX_PAIRS:,} pairs of its points in "
            f"one line is too large to check in the time limit and is refused (SIZE_LIMIT), and so is a set of more "
            f"than {schema.DENSE_POINTS:,} points for which each of the three pairings of lines through a point "
            f"(row and column, row and anti-diagonal, column and anti-diagonal) has shorter lines (the one of the "
            f"two holding fewer points, summed over the points) holding more than {schema.MAX_LOOKUPS:,} points in all."]
