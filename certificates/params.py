"""Parameter schemas: which parameter objects are valid instances of each family.

An instance is always built from these validated parameters, never from anything in a submission.
Parameters are strict JSON: integers are ``int`` (not ``bool``), keys are exactly the family's keys.
"""
from __future__ import annotations

from typing import Any, Callable

from .errors import ParamsError

CAPSET_MAX_D = 40


def _exact_keys(params: Any, required: set[str], optional: set[str] = frozenset()) -> dict:
    if not isinstance(params, dict):
        raise ParamsError(f"parameters must be a JSON object, got {type(params).__name__}")
    missing = required - params.keys()
    unknown = params.keys() - required - optional
    if missing:
        raise ParamsError(f"missing parameter(s) {sorted(missing)}")
    if unknown:
        raise ParamsError(f"unknown parameter(s) {sorted(unknown)}")
    return params


def _int_in(params: dict, key: str, lo: int, hi: int) -> int:
    value = params[key]
    if type(value) is not int:
        raise ParamsError(f"parameter {key!r} must be a JSON integer, got {type(value).__name__} {value!r}")
    if not lo <= value <= hi:
        raise ParamsError(f"parameter {key!r} = {value} is outside {lo}..{hi}")
    return value


def capset(params: Any) -> dict:
    p = _exact_keys(params, {"d"})
    return {"d": _int_in(p, "d", 1, CAPSET_MAX_D)}


VALIDATORS: dict[str, Callable[[Any], dict]] = {
    "capset": capset,
}


def validate(family: str, params: Any) -> dict:
    try:
        validator = VALIDATORS[family]
    except KeyError:
        raise ParamsError(f"no parameter schema for family {family!r}") from None
    return validator(params)
