"""``endless-exam audit --witnesses DIR``: audit a directory of reference witnesses in upstream's layout.

The layout (UPSTREAM_NOTES.md 5.1, upstream's ``bench/data/reference_witnesses/``): ``index.json`` with
``records``, each ``instance_id``, ``family``, ``params``, ``reference``, ``reference_type``, ``witness`` (a
path relative to upstream's repository: the file is found by its *name* in DIR) and ``sha256`` (of the
file); one file per instance with ``answer``, ``source``, ``family``, ``params``, ``reference``,
``reference_type`` (and optional extra keys). A directory may hold only some of the instances.

Per record the audit checks that the file exists and its SHA-256 matches; that the record and the file
name the same suite instance (family, params, id) with the reference and reference type the suite
records; and verifies the witness with both verifiers (through the harness, with its limits). A row
holds when all of that holds, the verdict is ACCEPT and the ratio to the reference is exactly 1.
References in upstream's files may be floats (LABS, Heilbronn): they must equal the float of the suite's
exact reference to 12 significant digits; integers and ``p/q`` strings must be equal exactly.
"""
from __future__ import annotations

import hashlib
import json
import math
import time
from fractions import Fraction
from pathlib import Path, PurePosixPath
from typing import Any

from endless_exam.certificates.errors import AnswerError, ParamsError
from endless_exam.certificates.params import validate
from endless_exam.certificates.strictjson import MAX_BYTES, loads
from endless_exam.certificates.verdict import objective_from_str, objective_to_str

from endless_exam.checker.verify import harness
from endless_exam.checker.suites import instances as suites
from endless_exam.checker.scoring.callrow import result_json

INDEX = "index.json"
RECORD_KEYS = ("instance_id", "family", "params", "reference", "reference_type", "witness", "sha256")
FILE_KEYS = ("answer", "family", "params", "reference", "reference_type")


class WitnessDirError(Exception):
    """The directory or its index cannot be read at all (a usage error)."""


def _read_json(path: Path) -> Any:
    with path.open("rb") as fh:
        data = fh.read(MAX_BYTES + 1)        # never more than the limit (a 2 GB index is refused unread)
    if len(data) > MAX_BYTES:
        raise AnswerError("SIZE_LIMIT", f"{path.name} is larger than {MAX_BYTES:,} bytes")
    return loads(data.decode("utf-8", errors="strict"))


def same_reference(given: Any, exact: int | Fraction | None) -> bool:
    """Does a reference as upstream writes it (int, float, or exact text) equal the suite's exact value?"""
    if exact is None or isinstance(given, bool):
        return False
    if isinstance(given, int):
        return Fraction(given) == exact
    if isinstance(given, str):
        try:
            return Fraction(objective_from_str(given)) == exact
        except (ValueError, ZeroDivisionError):
            return False
    if isinstance(given, float) and math.isfinite(given):
        return math.isclose(given, float(exact), rel_tol=1e-12, abs_tol=0.0)
    return False


def _instance(family: Any, params: Any, instance_id: Any,
              suite: tuple[suites.Instance, ...] = ()) -> tuple[suites.Instance | None, str | None]:
    if not isinstance(family, str) or not isinstance(params, dict):
        return None, "family must be a string and params an object"
    iid = suites.instance_id(family, params)
    if instance_id != iid:
        return None, f"instance_id {instance_id!r} is not the id of {family} {json.dumps(params)} ({iid})"
    found = [i for i in suite if i.instance_id == iid] or suites.by_instance_id(iid)
    if not found:
        return None, f"{iid} is not an instance of any suite" + (" (nor of the suite given)" if suite else "")
    return found[0], None


def audit_record(directory: Path, record: Any, *, time_limit: float, memory_limit: int,
                 suite: tuple[suites.Instance, ...] = ()) -> dict:
    row: dict[str, Any] = {"instance_id": None, "family": None, "file": None, "problems": [], "holds": False}
    problems = row["problems"]
    if not isinstance(record, dict) or any(k not in record for k in RECORD_KEYS):
        problems.append(f"index record lacks {[k for k in RECORD_KEYS if not isinstance(record, dict) or k not in record]}")
        return row
    row.update(instance_id=record["instance_id"], family=record["family"])
    name = PurePosixPath(str(record["witness"])).name
    row["file"] = name
    path = directory / name
    if not name or not path.is_file():
        problems.append(f"witness file {name!r} is not in the directory")
        return row
    with path.open("rb") as fh:
        digest = hashlib.file_digest(fh, "sha256").hexdigest()
    row["sha256_ok"] = digest == record["sha256"]
    if not row["sha256_ok"]:
        problems.append(f"sha256 {digest[:16]}... differs from the index's {str(record['sha256'])[:16]}...")
    inst, why = _instance(record["family"], record["params"], record["instance_id"], suite)
    if inst is None:
        problems.append(why)
        return row
    row["call_id"], row["reference"] = inst.call_id, objective_to_str(inst.reference)
    if not same_reference(record["reference"], inst.reference) or record["reference_type"] != inst.reference_type:
        problems.append(f"the index records reference {record['reference']!r} ({record['reference_type']}), the suite "
                        f"{row['reference']} ({inst.reference_type})")
    try:
        doc = _read_json(path)
    except (AnswerError, UnicodeDecodeError) as exc:
        problems.append(f"the witness file is not strict JSON: {getattr(exc, 'message', exc)}")
        return row
    if not isinstance(doc, dict) or any(k not in doc for k in FILE_KEYS):
        problems.append(f"the witness file lacks {[k for k in FILE_KEYS if not isinstance(doc, dict) or k not in doc]}")
        return row
    if doc["family"] != inst.family or doc["params"] != inst.params:
        problems.append("the witness file names another instance than its index record")
    if not same_reference(doc["reference"], inst.reference) or doc["reference_type"] != inst.reference_type:
        problems.append(f"the witness file records reference {doc['reference']!r}, the suite {row['reference']}")
    if not inst.implemented:
        problems.append(f"family {inst.family!r} is not implemented yet: the witness was not verified")
        return row
    try:
        params = validate(inst.family, inst.params)
    except ParamsError as exc:
        problems.append(f"invalid parameters: {exc}")
        return row
    payload = json.dumps({"answer": doc["answer"]}, ensure_ascii=False).encode("utf-8")
    started = time.perf_counter()
    res = harness.verify(inst.family, params, payload, "file", time_limit=time_limit, memory_limit=memory_limit)
    core = result_json(inst, res)
    row.update(status=core["status"], objective=core["objective"], ratio=core["ratio_exact"],
               verifiers=f"{res.primary.status.value}/{res.second.status.value}",
               primary_seconds=round(res.primary_seconds, 3), second_seconds=round(res.second_seconds, 3),
               seconds=round(time.perf_counter() - started, 3), reason=res.reason)
    if not res.valid:
        problems.append(f"{res.status.value} {res.reason}: {res.message}")
    elif core["ratio_exact"] is None or objective_from_str(core["ratio_exact"]) != 1:
        problems.append(f"ratio {row['ratio']} to the reference, expected exactly 1")
    row["holds"] = not problems
    return row


def audit_directory(directory: str | Path, *, time_limit: float = harness.DEFAULT_TIME_LIMIT,
                    memory_limit: int = harness.DEFAULT_MEMORY_LIMIT, suite: tuple[suites.Instance, ...] = ()) -> dict:
    """Audit every record of ``DIR/index.json``; ``{"rows": [...], "holds": bool, ...}``. Instances are looked up
    in ``suite`` first (e.g. a suite file), then in every bundled suite."""
    directory = Path(directory)
    if not directory.is_dir():
        raise WitnessDirError(f"{directory} is not a directory")
    if not (directory / INDEX).is_file():
        raise WitnessDirError(f"{directory} has no {INDEX}")
    try:
        index = _read_json(directory / INDEX)
    except (AnswerError, UnicodeDecodeError) as exc:
        raise WitnessDirError(f"{INDEX} is not strict JSON: {getattr(exc, 'message', exc)}") from None
    records = index.get("records") if isinstance(index, dict) else None
    if not isinstance(records, list) or not records:
        raise WitnessDirError(f"{INDEX} has no non-empty 'records' list")
    rows = [audit_record(directory, rec, time_limit=time_limit, memory_limit=memory_limit, suite=suite)
            for rec in records]
    ids = [r["instance_id"] for r in rows]
    for r in rows:
        if r["instance_id"] is not None and ids.count(r["instance_id"]) > 1:
            r["problems"].append("the index lists this instance more than once")
            r["holds"] = False
    return {"directory": str(directory), "records": len(rows), "holding": sum(r["holds"] for r in rows),
            "holds": all(r["holds"] for r in rows), "rows": rows}
