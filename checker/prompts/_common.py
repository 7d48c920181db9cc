"""Sentences that several families' prompts share, written once.

The time limit is not here: every prompt ends its limits with ``TIME_LIMIT``, added by the assembler
(``endless_exam.checker.prompts.prompt``), so no family states it itself.
"""
from __future__ import annotations

from endless_exam.certificates.budget import DEFAULT_TIME_LIMIT

TIME_LIMIT = f"Verification has {DEFAULT_TIME_LIMIT:g} seconds per verifier."

# what "a JSON integer" excludes: the strict loader refuses booleans, floats and strings as integers
NOT_LOOSE = "(not true/false, not 1.0, not \"1\")"


def objective(what: str, sense: str) -> str:
    """``The objective is <what> (<sense>).``, sense "maximise" or "minimise"."""
    return f"The objective is {what} ({sense})."


def json_integers(subject: str = "Every entry") -> str:
    """The rule that every number of the answer is a JSON integer."""
    return f"{subject} must be a JSON integer {NOT_LOOSE}."


def literal_only(what: str = "list") -> str:
    """The rule for a family without compact form."""
    return f"There is no compact form: X must be the literal {what}."


def defined_for(domain: str) -> str:
    """The parameter domain of a family."""
    return f"This family is defined for {domain}."


# ---- the planar families (heilbronn, heilbronn_shape) ------------------------------------------------

COLLINEAR = "Three collinear points form a triangle of area 0: such an answer is valid but scores 0."


def planar_limits(count: str, grid: int, domain: str) -> list[str]:
    """The limits of a planar family's answer: ``count`` (how many points, where), the grid, the domain."""
    return [count, f"Coordinates must be JSON integers {NOT_LOOSE} in 0..{grid:,}.", literal_only(), defined_for(domain)]


# ---- the orbit form of the spherical families (kissing, kissing_theta) -------------------------------

def spherical_format(d: int) -> str:
    return f"a JSON list of distinct non-zero vectors, each a JSON list of exactly {d} integers in -1000..1000"


def orbit_form(d: int) -> str:
    return ("Compact form: X may instead be {\"orbit\": [g1, g2, ...], \"signs\": true, \"perms\": true} "
            f"with generators g of {d} integers in -1000..1000 (both flags optional, default true; no other "
            "key); it stands for the de-duplicated union of every vector obtained from a generator by permuting "
            "its coordinates (if perms) and by changing the signs of any of its non-zero coordinates (if signs).")


def spherical_limits(lim: dict, coordinate: str) -> list[str]:
    """The limits of a spherical family's answer (``lim`` is its schema's ``LIMITS``); ``coordinate`` names
    what the coordinate range applies to."""
    return [f"At most {lim['MAX_VECTORS']:,} vectors are accepted (in every form).",
            f"{coordinate} is an integer in -{lim['MAX_ABS']}..{lim['MAX_ABS']}; the zero vector is not allowed; "
            f"the dimension is at most {lim['MAX_D']}.",
            f"An orbit may list at most {lim['MAX_GENERATORS']:,} generators and may expand to at most "
            f"{lim['EXPANSION_LIMIT']:,} vectors (counted before expansion); the expanded union must respect the "
            f"{lim['MAX_VECTORS']:,}-vector limit."]
