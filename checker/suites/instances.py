"""Instance suites: bench-v1 (the 69 scored instances), the paper's size series, the Kakeya controls.

Suites are data in ``fixtures/suites``; any family + params is an instance, suites only name some.
Identities follow docs/SPECIFICATION.md section 1:
instance id = family + "-" + sha256(json.dumps([family, params], sort_keys=True, separators=(",", ":")))[:12];
call id = tier.lower() + "-" + family + "-" + seed. Both are recomputed here; a recorded id that does
not match the computed one is an error in the data, reported when the suite is loaded.
"""
from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from endless_exam import fixtures

from endless_exam.certificates.bounded import clip
from endless_exam.certificates.contract import FAMILIES
from endless_exam.checker.suites.names import SUITES


def instance_id(family: str, params: dict) -> str:
    blob = json.dumps([family, params], sort_keys=True, separators=(",", ":"))
    return f"{family}-{hashlib.sha256(blob.encode('utf-8')).hexdigest()[:12]}"


def call_id(tier: str, family: str, seed: int) -> str:
    return f"{tier.lower()}-{family}-{seed}"


#: the kinds of reference a suite may give (docs/SPECIFICATION.md)
REFERENCE_TYPES = ("published", "construction")


def _exact(text: str | None, what: str = "number", name: str = "suite") -> Fraction | int | None:
    """An exact reference or bound of a suite row: None, or a string "n", "p/q" or "12.32" (at most
    ``MAX_EXACT_DIGITS`` digits per integer; never an exponent, a float, or a boolean), positive."""
    from endless_exam.certificates.verdict import MAX_EXACT_DIGITS, exact_from_text

    if text is None:
        return None
    if not isinstance(text, str):     # ``true`` is not 1, 1e3 is not a float reference
        raise SuiteDataError(f"{name}: the {what} must be an exact number as a string (\"2432\", \"1400/251\"), "
                             f"got {type(text).__name__} {clip(repr(text), 60)}")
    try:
        value = exact_from_text(text, decimal=True)
    except (ValueError, ZeroDivisionError) as exc:
        raise SuiteDataError(f"{name}: the {what} {clip(repr(text), 60)} is not an exact number (\"n\", \"p/q\" "
                             f"or \"12.32\", at most {MAX_EXACT_DIGITS:,} digits): {clip(str(exc), 120)}") from None
    if value <= 0:
        raise SuiteDataError(f"{name}: the {what} must be positive, got {clip(text, 60)}")
    return value


@dataclass(frozen=True)
class Instance:
    suite: str
    call_id: str
    tier: str
    seed: int
    instance_id: str
    family: str
    params: dict
    sense: str
    reference: int | Fraction | None
    reference_type: str | None
    bound: int | Fraction | None
    bound_kind: str | None
    citation: str | None
    note: str | None = None

    @property
    def family_group(self) -> str:
        return FAMILIES[self.family].group

    @property
    def implemented(self) -> bool:
        return FAMILIES[self.family].implemented

    def to_json(self) -> dict[str, Any]:
        def s(v):
            return None if v is None else str(v)
        return {
            "suite": self.suite, "call_id": self.call_id, "instance_id": self.instance_id, "family": self.family,
            "family_group": self.family_group, "params": self.params, "tier": self.tier, "seed": self.seed,
            "sense": self.sense, "reference": s(self.reference),
            "reference_float": None if self.reference is None else float(self.reference),
            "reference_type": self.reference_type, "bound": s(self.bound), "bound_kind": self.bound_kind,
            "citation": self.citation, "note": self.note, "implemented": self.implemented,
        }


class SuiteDataError(Exception):
    pass


def is_file_suite(name: str) -> bool:
    """A suite given as a file path (``--suite FILE``) rather than a bundled suite's name."""
    return name not in SUITES and (name.endswith(".json") or "/" in name or os.sep in name)


def load(name: str) -> tuple[Instance, ...]:
    """A bundled suite by name, or a suite file (``is_file_suite``: a path, e.g. one written by
    ``endless-exam instance --suite-out``)."""
    if is_file_suite(name):
        return load_file(name)
    return _load_bundled(name)


@lru_cache(maxsize=None)
def _load_bundled(name: str) -> tuple[Instance, ...]:
    if name not in SUITES:
        raise KeyError(f"unknown suite {name!r}; known: {', '.join(SUITES)}, or a suite file (a path)")
    return _instances(name, fixtures.read_json("suites", f"{name}.json"))


def load_file(path: str) -> tuple[Instance, ...]:
    """A suite file in the format of ``fixtures/suites/*.json``; ``SuiteDataError`` if it cannot be read
    or does not hold. Its instances carry the path as their suite."""
    from endless_exam.certificates.strictjson import MAX_BYTES

    from endless_exam.checker.files.reading import DocumentError, read_strict_json

    try:
        doc = read_strict_json(path, MAX_BYTES, "suite file")   # a regular file within the strict loader's limit
    except DocumentError as exc:
        raise SuiteDataError(str(exc)) from None
    if not isinstance(doc, dict) or not isinstance(doc.get("instances"), list) or not doc["instances"]:
        raise SuiteDataError(f"{path} is not a suite file (an object with a non-empty 'instances' list)")
    from endless_exam.certificates.errors import ParamsError
    from endless_exam.certificates.params import validate

    try:
        out = _instances(path, doc)
    except (KeyError, TypeError, ValueError, ZeroDivisionError, AttributeError) as exc:
        raise SuiteDataError(f"{path}: malformed instance row ({type(exc).__name__}: {exc})") from None
    for inst in out:
        try:
            if validate(inst.family, inst.params) != inst.params:
                raise ParamsError("parameters are not in canonical form")
        except ParamsError as exc:
            raise SuiteDataError(f"{path}: {inst.call_id}: invalid parameters: {exc}") from None
    return out


def suite_arg(value: str) -> str:
    """``--suite`` of the command line: a bundled suite's name or a readable suite file."""
    import argparse

    if value in SUITES:
        return value
    if not is_file_suite(value):
        raise argparse.ArgumentTypeError(f"unknown suite {value!r}; known: {', '.join(SUITES)}, or a suite file (a path "
                                         "ending in .json)")
    try:
        load_file(value)
    except SuiteDataError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return value


def _instances(name: str, doc: dict) -> tuple[Instance, ...]:
    out = []
    for row in doc["instances"]:
        fam = row["family"]
        if fam not in FAMILIES:
            raise SuiteDataError(f"{name}: unknown family {fam!r}")
        computed = instance_id(fam, row["params"])
        recorded = row.get("instance_id")
        if recorded is not None and recorded != computed:
            raise SuiteDataError(f"{name}: recorded id {recorded} != computed {computed} for {row['call_id']}")
        cid = call_id(row["tier"], fam, row["seed"])
        if cid != row["call_id"]:
            raise SuiteDataError(f"{name}: recorded call id {row['call_id']} != computed {cid}")
        if row["sense"] != FAMILIES[fam].sense:
            raise SuiteDataError(f"{name}: {cid} has sense {row['sense']}, family says {FAMILIES[fam].sense}")
        where = f"{name}: {cid}"
        reference, bound = _exact(row.get("reference"), "reference", where), _exact(row.get("bound"), "bound", where)
        if reference is not None and row.get("reference_type") not in REFERENCE_TYPES:
            raise SuiteDataError(f"{where}: unknown reference_type {clip(repr(row.get('reference_type')), 60)}; "
                                 f"known: {', '.join(REFERENCE_TYPES)}")
        out.append(Instance(
            suite=name, call_id=cid, tier=row["tier"], seed=row["seed"], instance_id=computed, family=fam,
            params=row["params"], sense=row["sense"], reference=reference,
            reference_type=row.get("reference_type"), bound=bound,
            bound_kind=row.get("bound_kind"), citation=row.get("citation"), note=row.get("note"),
        ))
    ids = [i.call_id for i in out]
    if len(set(ids)) != len(ids):
        raise SuiteDataError(f"{name}: duplicate call ids")
    return tuple(out)


def all_instances() -> tuple[Instance, ...]:
    return tuple(i for s in SUITES for i in load(s))


def find(key: str) -> Instance:
    """Look an instance up by call id or instance id (bench-v1 first, then the other suites)."""
    hits = [i for i in all_instances() if key in (i.call_id, i.instance_id)]
    if not hits:
        raise KeyError(f"no instance with call id or instance id {key!r}")
    return hits[0]


def by_instance_id(iid: str) -> list[Instance]:
    return [i for i in all_instances() if i.instance_id == iid]
