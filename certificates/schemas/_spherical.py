"""Shared parsing of the spherical-code families ``kissing`` and ``kissing_theta`` (not a family).

Both families accept a list of non-zero integer vectors and the ``orbit`` compact form
(``certificates.forms.orbit``); the quadratic ``kissing`` instance (``representation: "quadratic"``)
also accepts ``{"quadratic_vectors": {"radicand": 3, "vectors": V}}`` with coordinates a + b*sqrt(3).
Everything here is syntax: types, shapes, ranges, the zero vector, sizes (checked before allocation)
and the expansion of the orbit form. Duplicates and angles are decided by the verifiers.

The parsed answer carries the cosine bound c = ``cos_num / cos_den`` in lowest terms (1/2 for
``kissing``); a pair u != v violates it iff u.v > 0 and cos_den^2 (u.v)^2 > cos_num^2 |u|^2 |v|^2.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import AnswerError, describe
from ..forms import orbit
from ..witness import Indexed, WitnessError

MAX_VECTORS = 20_000
MAX_ABS = 1000
MIN_D = 1
MAX_D = 16
RADICAND = 3
EXPANSION_LIMIT = orbit.EXPANSION_LIMIT
MAX_GENERATORS = orbit.MAX_GENERATORS

INTEGER_FORMS = ("list", "orbit")
QUADRATIC_FORM = "quadratic_vectors"


def _cosine_squared(value: Any, parsed: Any = None) -> tuple[int, int, int]:
    """Syntax of an exact squared cosine (p + q*sqrt(3)) / r: three JSON integers, r > 0."""
    if (type(value) is not list or len(value) != 3 or not all(type(x) is int for x in value)
            or value[2] <= 0):
        raise WitnessError("cosine_squared is [p, q, r] (JSON integers, r > 0) meaning (p + q*sqrt(3))/r")
    return tuple(value)


WITNESSES = (
    Indexed("duplicate", "DUPLICATE", arity=2, echo="vector", echo_one=True),      # {"vector": v, "indices": [i, j]}
    # two vectors at a cosine above the bound: {"vectors": [u, v], "indices": [i, j], "cosine_squared": [p, q, r]}
    Indexed("angle", "PROPERTY_VIOLATION", arity=2, echo="vectors", fields={"cosine_squared": _cosine_squared}),
)


@dataclass(frozen=True)
class SphericalAnswer:
    d: int
    form: str                                   # "list", "orbit" or "quadratic_vectors"
    cos_num: int                                # the cosine bound cos_num / cos_den, lowest terms
    cos_den: int
    vectors: tuple[tuple[int, ...], ...]        # integer coordinates, or the rational parts a (quadratic)
    surds: tuple[tuple[int, ...], ...] | None = None   # quadratic form only: the coefficients b of sqrt(3)

    @property
    def quadratic(self) -> bool:
        return self.surds is not None

    def __len__(self) -> int:
        return len(self.vectors)


def _check_int(x: Any, where: str) -> int:
    if type(x) is not int:
        raise AnswerError("FORMAT_TYPE", f"{where} must be a JSON integer, got {describe(x)}", {"at": where})
    if not -MAX_ABS <= x <= MAX_ABS:
        raise AnswerError("RANGE", f"{where} = {describe(x, 40)} is outside -{MAX_ABS}..{MAX_ABS}", {"at": where})
    return x


def integer_vector(d: int):
    def check(value: Any, where: str) -> tuple[int, ...]:
        if type(value) is not list:
            raise AnswerError("FORMAT_TYPE", f"{where} must be a JSON list of {d} integers, got {describe(value)}",
                              {"at": where})
        if len(value) != d:
            raise AnswerError("FORMAT_SHAPE", f"{where} has {len(value)} coordinates, expected {d}",
                              {"at": where, "length": len(value)})
        if not all(type(x) is int and -MAX_ABS <= x <= MAX_ABS for x in value):
            for c, x in enumerate(value):
                _check_int(x, f"{where} coordinate {c}")
        if not any(value):
            raise AnswerError("RANGE", f"{where} is the zero vector; every vector must be non-zero", {"at": where})
        return tuple(value)
    return check


def _check_count(value: list, what: str) -> None:
    if not value:
        raise AnswerError("EMPTY", f"{what} is empty")
    if len(value) > MAX_VECTORS:
        raise AnswerError("SIZE_LIMIT", f"{what} has {len(value):,} vectors; at most {MAX_VECTORS:,} are accepted")


def _quadratic(body: Any, d: int) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    if type(body) is not dict:
        raise AnswerError("FORMAT_TYPE", f"'quadratic_vectors' must be a JSON object, got {describe(body)}")
    if set(body) != {"radicand", "vectors"}:
        raise AnswerError("FORMAT_SHAPE", "'quadratic_vectors' has exactly the keys 'radicand' and 'vectors', got "
                          f"{sorted(map(str, body))[:6]}")
    radicand = body["radicand"]
    if type(radicand) is not int:
        raise AnswerError("FORMAT_TYPE", f"'radicand' must be the JSON integer 3, got {describe(radicand)}")
    if radicand != RADICAND:
        raise AnswerError("RANGE", f"'radicand' must be 3, got {describe(radicand, 40)}")
    vectors = body["vectors"]
    if type(vectors) is not list:
        raise AnswerError("FORMAT_TYPE", f"'vectors' must be a JSON list of vectors, got {describe(vectors)}")
    _check_count(vectors, "'vectors'")
    rational, surd = [], []
    for i, v in enumerate(vectors):
        where = f"vector {i}"
        if type(v) is not list:
            raise AnswerError("FORMAT_TYPE", f"{where} must be a JSON list of {d} pairs [a, b], got {describe(v)}",
                              {"at": where})
        if len(v) != d:
            raise AnswerError("FORMAT_SHAPE", f"{where} has {len(v)} coordinates, expected {d}",
                              {"at": where, "length": len(v)})
        a, b = [], []
        for c, pair in enumerate(v):
            at = f"{where} coordinate {c}"
            if type(pair) is not list:
                raise AnswerError("FORMAT_TYPE", f"{at} must be a pair [a, b] of JSON integers meaning a + b*sqrt(3), "
                                  f"got {describe(pair)}", {"at": at})
            if len(pair) != 2:
                raise AnswerError("FORMAT_SHAPE", f"{at} has {len(pair)} entries, expected a pair [a, b]", {"at": at})
            a.append(_check_int(pair[0], f"{at} part a"))
            b.append(_check_int(pair[1], f"{at} part b"))
        if not any(a) and not any(b):
            raise AnswerError("RANGE", f"{where} is the zero vector; every vector must be non-zero", {"at": where})
        rational.append(tuple(a))
        surd.append(tuple(b))
    return tuple(rational), tuple(surd)


def parse(answer: Any, d: int, cos_num: int, cos_den: int, quadratic: bool) -> SphericalAnswer:
    check = integer_vector(d)
    if isinstance(answer, dict):
        if "quadratic_vectors" in answer:
            if not quadratic:
                raise AnswerError("FORMAT_SHAPE", "'quadratic_vectors' is accepted only by the instance with "
                                  "representation 'quadratic'; give integer vectors here")
            if set(answer) != {"quadratic_vectors"}:
                raise AnswerError("FORMAT_SHAPE", "a quadratic_vectors answer has exactly the key 'quadratic_vectors', "
                                  f"got {sorted(map(str, answer))[:6]}")
            a, b = _quadratic(answer["quadratic_vectors"], d)
            return SphericalAnswer(d, QUADRATIC_FORM, cos_num, cos_den, a, b)
        vectors = orbit.parse(answer, check, MAX_VECTORS)
        return SphericalAnswer(d, "orbit", cos_num, cos_den, vectors)
    if type(answer) is list:
        _check_count(answer, "the list of vectors")
        return SphericalAnswer(d, "list", cos_num, cos_den, tuple(check(v, f"vector {i}") for i, v in enumerate(answer)))
    forms = "a list of integer vectors, an orbit object" + (" or a quadratic_vectors object" if quadratic else "")
    raise AnswerError("FORMAT_TYPE", f"the answer must be {forms}, got {describe(answer)}")


def size(parsed: SphericalAnswer) -> int:
    return len(parsed.vectors)


def item(parsed: SphericalAnswer, i: int) -> list:
    if parsed.surds is None:
        return list(parsed.vectors[i])
    return [[a, b] for a, b in zip(parsed.vectors[i], parsed.surds[i])]
