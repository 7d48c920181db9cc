"""Export of prompts (``prompts.jsonl``), one object per call (docs/SPECIFICATION.md section 7).

Fields: call_id, instance_id, family, family_group, params, tier, seed, sense, reference (a JSON number
as upstream: an integer, or a float for rational references), reference_exact (the exact value as a
string, added by this project), reference_type, anchor, anchor_kind (the bound and its kind),
max_output_tokens, verification_seconds, system, prompt. ``--model-inputs-only`` keeps call_id,
instance_id, system and prompt. The tool-assisted track has no system message (the key is omitted).
Calls of families that are not implemented are never exported half-done: the export refuses, unless
asked to write a partial file, and names them either way. The file is written to a fresh temporary
file beside it and moved into place; a missing directory, a directory, or an output that is not a
regular file (a device such as ``/dev/null``, a FIFO) is refused with a clear error (``ExportError``).
"""
from __future__ import annotations

import json
from fractions import Fraction
from typing import Iterable

from endless_exam.certificates.budget import DEFAULT_TIME_LIMIT

from endless_exam.checker import prompts
from endless_exam.checker.files.outputs import refusal, replace_file
from endless_exam.checker.suites.instances import Instance

from endless_exam.certificates.budget import OUTPUT_TOKEN_BUDGET as MAX_OUTPUT_TOKENS


class ExportError(Exception):
    pass

VERIFICATION_SECONDS = int(DEFAULT_TIME_LIMIT)   # as the prompts state it


def _number(value: int | Fraction | None):
    if value is None:
        return None
    if isinstance(value, int):
        return value
    return float(value)


def record(inst: Instance, track: str = "tool-free", model_inputs_only: bool = False) -> dict:
    text = prompts.prompt(inst.family, inst.params, track)
    system = prompts.system(track)
    if model_inputs_only:
        out = {"call_id": inst.call_id, "instance_id": inst.instance_id}
        if system is not None:
            out["system"] = system
        out["prompt"] = text
        return out
    out = {
        "call_id": inst.call_id, "instance_id": inst.instance_id, "family": inst.family,
        "family_group": inst.family_group, "params": inst.params, "tier": inst.tier, "seed": inst.seed,
        "sense": inst.sense, "reference": _number(inst.reference),
        "reference_exact": None if inst.reference is None else str(inst.reference),
        "reference_type": inst.reference_type, "anchor": _number(inst.bound),
        "anchor_exact": None if inst.bound is None else str(inst.bound), "anchor_kind": inst.bound_kind,
        "max_output_tokens": None if track == "tool-assisted" else MAX_OUTPUT_TOKENS,
        "verification_seconds": VERIFICATION_SECONDS,
    }
    if system is not None:
        out["system"] = system
    out["prompt"] = text
    return out


def split(instances: Iterable[Instance]) -> tuple[list[Instance], list[Instance]]:
    ready, missing = [], []
    for inst in instances:
        (ready if inst.implemented else missing).append(inst)
    return ready, missing


def check_output(path: str) -> None:
    why = refusal(path, "output")
    if why is not None:
        raise ExportError(why)


def write(path: str, instances: Iterable[Instance], track: str, model_inputs_only: bool) -> int:
    check_output(path)
    rows = [record(i, track, model_inputs_only) for i in instances]
    data = "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows).encode("utf-8")
    try:
        replace_file(path, lambda fh: fh.write(data))
    except OSError as exc:
        raise ExportError(f"cannot write {path}: {exc.strerror or exc}") from None
    return len(rows)
