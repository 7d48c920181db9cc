"""The prompt wording of the ``mols`` family (assembled by ``endless_exam.checker.prompts``)."""
from __future__ import annotations

from endless_exam.certificates.schemas import mols as schema

from ._common import defined_for, json_integers, literal_only, objective


def statement(p: dict) -> str:
    n = p["n"]
    return (f"Find as many mutually orthogonal Latin squares of order {n} as possible. A Latin square of order "
            f"{n} is an array of {n} rows and {n} columns filled with the symbols 0..{n - 1} in which every row and every column contains each "
            f"symbol exactly once. Two Latin squares A and B are orthogonal when the ordered pairs (A[r][c], B[r][c]) "
            f"over all {n * n} cells are all different (every ordered pair of symbols occurs exactly once). The "
            "squares must be pairwise orthogonal. " + objective("the number of squares", "maximise"))


def answer_format(p: dict) -> str:
    n = p["n"]
    return (f"a JSON list of Latin squares, each a list of {n} rows, each row a list of {n} integers in "
            f"0..{n - 1} (entry c of row r of a square is its symbol in cell (r, c))")


def compact_forms(p: dict) -> list[str]:
    return []


def limits(p: dict) -> list[str]:
    n = p["n"]
    return [f"At most n - 1 = {n - 1} squares are accepted (more than n - 1 mutually orthogonal Latin squares "
            f"of order n do not exist); a single Latin square counts as a valid answer.",
            f"At most {schema.MAX_ENTRIES:,} entries in all (k squares of order n have k times n squared "
            f"entries) and at most {schema.MAX_PAIR_CELLS:,} pair cells (every pair of squares counts its n "
            f"squared cells); a longer answer is refused from its size.",
            json_integers(),
            literal_only("list of squares"),
            defined_for(f"orders n up to {schema.MAX_N}")]
