"""The prompt wording of the ``covering`` family (assembled by ``endless_exam.checker.prompts``)."""
from __future__ import annotations

from endless_exam.certificates.schemas import covering as schema

from ._common import json_integers, literal_only


def statement(p: dict) -> str:
    v, k, t = p["v"], p["k"], p["t"]
    return (f"Find as few blocks as possible, each block a set of {k} distinct points of {{0, 1, ..., {v - 1}}}, "
            f"such that every set of {t} distinct points of {{0, 1, ..., {v - 1}}} is contained in at least one "
            f"block (a covering design C({v}, {k}, {t})). The objective is the number of blocks (minimise); "
            f"repeated blocks are allowed but each copy counts.")


def answer_format(p: dict) -> str:
    return (f"a JSON list of blocks, each a list of {p['k']} distinct integers in 0..{p['v'] - 1} "
            f"(in any order)")


def compact_forms(p: dict) -> list[str]:
    return []


def limits(p: dict) -> list[str]:
    return [f"At most {schema.MAX_BLOCKS:,} blocks are accepted, and at most {schema.MAX_BLOCK_TSUBSETS:,} block "
            f"t-subsets (the number of blocks times C(k, t)).",
            json_integers("Every point"),
            literal_only("list of blocks"),
            f"This family is defined for 1 <= t <= k <= v <= {schema.MAX_V:,} with C(v, t) <= "
            f"{schema.MAX_TSUBSETS:,}."]
