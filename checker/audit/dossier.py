"""Record-candidate dossiers: ``endless-exam certify`` writes a self-contained certificate of one construction.

A dossier (JSON, ``"kind": "endless-exam-dossier"``) records what was checked and what decided it:

* the answer file's SHA-256 and size (the dossier does not contain the answer; keep the file beside it);
* the instance (family, params, instance id, call id if it is a suite instance);
* both verifiers' verdicts with exact objectives and seconds, the combined verdict, witness re-checks and
  the formal (z3) opinion where the answer is small enough for it;
* against the suite: the reference (published or construction) with its citation, the exact ratio and,
  for a published reference, the margin over the literature value; the bound, its kind and gap closed,
  and whether the objective goes beyond a proven bound (which would mean a bug or an error in the bound);
* the checker version, the libraries (distribution and version) each verifier's process loaded, the
  Python version, start and end timestamps (UTC) and the exact command that reproduces the check.

``certify --check DOSSIER ANSWER_FILE`` re-verifies the file and compares what must not change (hash,
instance, verdicts, exact objectives, ratio). ``render_markdown`` renders a dossier for humans.
"""
from __future__ import annotations

import hashlib
import json
import platform
import shlex
from datetime import datetime, timezone
from fractions import Fraction
from typing import Any

from endless_exam.certificates.verdict import objective_to_str

from endless_exam.checker import __version__
from endless_exam.checker.verify import harness
from endless_exam.checker.suites import instances as suites
from endless_exam.checker.scoring.aggregate import gap_closed
from endless_exam.checker.scoring.callrow import result_json
from endless_exam.checker.scoring.aggregate import reference_ratio as ratio

KIND = "endless-exam-dossier"
# the fields a re-check must reproduce exactly
STABLE = ("answer_sha256", "answer_bytes", "family", "params", "instance_id", "status", "objective", "reason",
          "primary_status", "primary_objective", "second_status", "second_objective", "ratio")


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def build(family: str, params: dict, payload: bytes, *, answer_path: str, time_limit: float, memory_limit: int,
          formal: bool = True) -> dict:
    """Verify ``payload`` (the bytes of the answer file) and return the dossier."""
    started = _now()
    res = harness.verify(family, params, payload, "file", time_limit=time_limit, memory_limit=memory_limit,
                         formal=formal)
    iid = suites.instance_id(family, params)
    found = suites.by_instance_id(iid)
    inst = found[0] if found else None
    core = result_json(inst, res)
    doc: dict[str, Any] = {
        "kind": KIND, "dossier_version": "1", "checker_version": __version__,
        "answer_file": answer_path, "answer_sha256": hashlib.sha256(payload).hexdigest(), "answer_bytes": len(payload),
        "family": family, "params": params, "instance_id": iid, "call_id": inst.call_id if inst else None,
        **{k: core[k] for k in ("status", "objective", "reason", "message", "witness")},
        "primary_status": res.primary.status.value, "primary_objective": objective_to_str(res.primary.objective),
        "primary_seconds": round(res.primary_seconds, 3),
        "second_status": res.second.status.value, "second_objective": objective_to_str(res.second.objective),
        "second_seconds": round(res.second_seconds, 3),
        "witness_checks": res.witness_checks, "formal": res.formal, "formal_message": res.formal_message,
        "libraries": {"primary": res.primary_libraries, "second": res.second_libraries},
        "python": platform.python_version(), "time_limit": time_limit, "memory_limit": memory_limit,
        "started": started, "finished": _now(),
        "reproduce": shlex.join(["endless-exam", "certify", answer_path, "--family", family,
                                 "--params", json.dumps(params, separators=(",", ":")), "--output", "DOSSIER.json"]),
    }
    doc.update(_against_suite(inst, res))
    return doc


def _against_suite(inst: suites.Instance | None, res: harness.Combined) -> dict:
    if inst is None or inst.reference is None:
        return {"reference": None, "ratio": None, "record_candidate": False,
                "note": "not a suite instance with a reference: no ratio"}
    core = result_json(inst, res)
    r = ratio(res.objective, inst.reference, inst.sense, res.valid)
    out: dict[str, Any] = {
        "reference": core["reference"], "reference_type": core["reference_type"],
        "citation": inst.citation, "sense": core["sense"], "ratio": core["ratio_exact"],
        "ratio_float": core["ratio"],
        "bound": objective_to_str(inst.bound), "bound_kind": inst.bound_kind,
        "gap_closed": gap_closed(sense=inst.sense, reference=inst.reference, bound=inst.bound,
                                 bound_kind=inst.bound_kind, ratio=r) if r is not None else None,
    }
    published = inst.reference_type == "published"
    out["record_candidate"] = core["record_candidate"]
    if res.valid and published:
        margin = Fraction(res.objective) - Fraction(inst.reference)
        out["margin_over_literature"] = objective_to_str(margin if inst.sense == "max" else -margin)
    beyond = (res.valid and inst.bound is not None and inst.bound_kind in ("bound", "trivial")
              and (Fraction(res.objective) > inst.bound if inst.sense == "max" else Fraction(res.objective) < inst.bound))
    out["beyond_proven_bound"] = bool(beyond)
    return out


def compare(saved: dict, fresh: dict) -> list[str]:
    """What differs between a saved dossier and a fresh one (empty: the dossier is confirmed)."""
    if saved.get("kind") != KIND:
        return ["the file is not an endless-exam dossier"]
    return [f"{key}: dossier {saved.get(key)!r}, now {fresh.get(key)!r}" for key in STABLE
            if saved.get(key) != fresh.get(key)]


def render_markdown(doc: dict) -> str:
    """The dossier for humans."""
    lines = [f"# Dossier: {doc['family']} {json.dumps(doc['params'])}", ""]
    verdict = doc["status"] + (f", objective {doc['objective']}" if doc["status"] == "ACCEPT" else f" ({doc['reason']})")
    rows = [
        ("instance", f"{doc['instance_id']}" + (f" (call {doc['call_id']})" if doc.get("call_id") else "")),
        ("answer file", f"`{doc['answer_file']}`, {doc['answer_bytes']:,} bytes, sha256 `{doc['answer_sha256']}`"),
        ("verdict", verdict),
        ("primary", f"{doc['primary_status']} {doc['primary_objective'] or ''} ({doc['primary_seconds']} s)"),
        ("second", f"{doc['second_status']} {doc['second_objective'] or ''} ({doc['second_seconds']} s)"),
        ("formal (z3)", f"{doc['formal']}" + (f": {doc['formal_message']}" if doc.get("formal_message") else "")),
    ]
    if doc.get("reference") is not None:
        rows += [("reference", f"{doc['reference']} ({doc['reference_type']}; {doc.get('citation') or 'no citation'})"),
                 ("ratio", f"{doc['ratio']}" + (f" = {doc['ratio_float']:.6f}" if doc.get("ratio_float") is not None else "")),
                 ("bound", f"{doc.get('bound')} ({doc.get('bound_kind')}), gap closed {doc.get('gap_closed')}")]
        if "margin_over_literature" in doc:
            rows.append(("margin over the literature", doc["margin_over_literature"]))
        rows.append(("record candidate", "YES" if doc["record_candidate"] else "no"))
        if doc.get("beyond_proven_bound"):
            rows.append(("beyond a proven bound", "YES: the bound or the checker is wrong; report it"))
    libs = "; ".join(f"{role}: " + ", ".join(f"{k} {v}" for k, v in sorted(doc["libraries"][role].items()))
                     for role in ("primary", "second"))
    rows += [("checker", f"endless-exam {doc['checker_version']}, Python {doc['python']}"), ("libraries", libs),
             ("checked", f"{doc['started']} to {doc['finished']} (UTC)"), ("reproduce", f"`{doc['reproduce']}`")]
    lines += ["| | |", "|---|---|", *(f"| {k} | {v} |" for k, v in rows), ""]
    if doc.get("witness") is not None:
        lines += ["Witness:", "", "```json", json.dumps(doc["witness"]), "```", ""]
    return "\n".join(lines)
