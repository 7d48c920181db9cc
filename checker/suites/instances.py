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

from endless_exam.certificates.contract import FAMILIES
from endless_exam.checker.suites.names import SUITES


def instance_id(family: str, params: dict) -> str:
    blob = json.dumps([family, params], sort_keys=True, separators=(",", ":"))
    return f"{family}-{hashlib.sha256(blob.encode('utf-8')).hexdigest()[:12]}"


def call_id(tier: str, family: str, seed: int) -> str:
    return f"{tier.lower()}-{family}-{seed}"


def _exact(text: str | None) -> Fraction | int | None:
    if text is None:
        return None
    value = Fraction(text)
    return value.numerator if value.denominator == 1 else value


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
    from endless_exam.certificates.errors import AnswerError
    from endless_exam.certificates.strictjson import MAX_BYTES, loads

    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_BYTES + 1)        # never more than the strict loader's limit
        doc = loads(data.decode("utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise SuiteDataError(f"cannot read the suite file {path}: {exc}") from None
    except AnswerError as exc:
        raise SuiteDataError(f"the suite file {path} is not strict JSON: {exc.message}") from None
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
        out.append(Instance(
            suite=name, call_id=cid, tier=row["tier"], seed=row["seed"], instance_id=computed, family=fam,
            params=row["params"], sense=row["sense"], reference=_exact(row.get("reference")),
            reference_type=row.get("reference_type"), bound=_exact(row.get("bound")),
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
