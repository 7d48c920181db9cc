"""Parameter schemas: which parameter objects are valid instances of each family.

An instance is always built from validated parameters, never from anything in a submission.
Parameters are strict JSON: integers are ``int`` (not ``bool``), keys are exactly the family's keys.
Each family's schema module ``certificates.schemas.<family>`` provides ``validate_params(params) -> dict``;
the helpers below are shared by those modules.
"""
from __future__ import annotations

from typing import Any

from .contract import FAMILIES
from .errors import ParamsError


def exact_keys(params: Any, required: set[str], optional: frozenset[str] | set[str] = frozenset()) -> dict:
    if not isinstance(params, dict):
        raise ParamsError(f"parameters must be a JSON object, got {type(params).__name__}")
    missing = set(required) - params.keys()
    unknown = params.keys() - set(required) - set(optional)
    if missing:
        raise ParamsError(f"missing parameter(s) {sorted(missing)}")
    if unknown:
        raise ParamsError(f"unknown parameter(s) {sorted(unknown)}")
    return params


def int_in(params: dict, key: str, lo: int, hi: int) -> int:
    value = params[key]
    if type(value) is not int:
        raise ParamsError(f"parameter {key!r} must be a JSON integer, got {type(value).__name__} {value!r}")
    if not lo <= value <= hi:
        raise ParamsError(f"parameter {key!r} = {value} is outside {lo}..{hi}")
    return value


def validate(family: str, params: Any) -> dict:
    """The family's validated parameters (``ParamsError`` for an unknown family or bad parameters)."""
    entry = FAMILIES.get(family) if isinstance(family, str) else None
    if entry is None:
        raise ParamsError(f"no such family {family!r}")
    if not entry.implemented:
        raise ParamsError(f"no schema for family {family!r} (not implemented yet)")
    return entry.schema().validate_params(params)
