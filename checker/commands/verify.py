"""``verify``: one answer decided by both verifiers, printed as text or as the one JSON result shape."""
from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from endless_exam.checker import __version__
from endless_exam.checker.commands.common import EXIT_BY_STATUS, UsageError, dumps, limits, did_you_mean, check_family, read_answer, silence_stream, find_instance

if TYPE_CHECKING:
    from endless_exam.checker.suites import instances as suites

def _resolve(args: argparse.Namespace) -> tuple[str, dict, suites.Instance | None]:
    from endless_exam.certificates.errors import AnswerError
    from endless_exam.certificates.strictjson import loads

    from endless_exam.checker.suites import instances as suites
    from endless_exam.certificates.contract import FAMILIES

    if args.instance:
        if args.family is not None or args.params is not None:
            raise UsageError("give either --instance or --family/--params, not both")
        inst = find_instance(args.instance)
        return inst.family, inst.params, inst
    if not args.family or args.params is None:
        raise UsageError("give --instance CALL_OR_INSTANCE_ID, or --family F with --params JSON "
                         "(or an answer file that carries family and params beside answer)")
    if args.family not in FAMILIES:
        raise UsageError(f"unknown family {args.family!r}{did_you_mean(args.family)}; known: {', '.join(FAMILIES)}")
    try:
        params = loads(args.params)
    except AnswerError as exc:
        raise UsageError(f"--params is not valid JSON: {exc.message}") from None
    iid = suites.instance_id(args.family, params)
    matches = [i for i in suites.all_instances() if i.instance_id == iid]
    return args.family, params, (matches[0] if matches else None)


def _summary(v, seconds: float) -> dict:
    from endless_exam.checker.scoring.callrow import VerifierSummary

    return VerifierSummary.of(v, seconds).to_json()


def result_json(family: str, params: dict, inst: suites.Instance | None, res) -> dict:
    from endless_exam.checker.scoring import callrow
    from endless_exam.checker.suites import instances as suites

    core = callrow.result_json(inst, res)
    out = {
        "version": __version__, "family": family, "params": params,
        "call_id": inst.call_id if inst else None, "instance_id": suites.instance_id(family, params),
        **{k: core[k] for k in ("status", "valid", "objective", "objective_float", "reason", "message", "witness")},
        "primary": _summary(res.primary, res.primary_seconds), "second": _summary(res.second, res.second_seconds),
        "witness_checks": res.witness_checks,
        "formal": res.formal, "formal_message": res.formal_message,
    }
    out["primary"]["libraries"] = res.primary_libraries    # distribution -> version, as loaded by its process
    out["second"]["libraries"] = res.second_libraries
    if inst is not None:
        out.update({k: core[k] for k in ("reference", "reference_type", "ratio", "ratio_exact")})
    return out


# an answer file up to this size is looked into for ``family`` and ``params`` beside ``answer``
SELF_DESCRIBED_MAX = 8 * 1024 * 1024


def _self_described(payload: bytes) -> tuple[str, dict] | None:
    """``(family, params)`` of a file that carries them beside ``answer`` (the project's construction
    files, upstream's reference-witness files), else None."""
    from endless_exam.certificates.errors import AnswerError
    from endless_exam.certificates.strictjson import loads

    if len(payload) > SELF_DESCRIBED_MAX or not payload.lstrip()[:1] == b"{":
        return None
    try:
        doc = loads(payload.decode("utf-8"))
    except (AnswerError, UnicodeDecodeError):
        return None
    if not isinstance(doc, dict) or "answer" not in doc or "family" not in doc:
        return None
    family, params = doc["family"], doc.get("params")
    if not isinstance(family, str) or not isinstance(params, dict):
        raise UsageError("the file names a family but its 'family' is not a string or its 'params' not an object")
    return family, params


def resolve_with_file(args: argparse.Namespace, payload: bytes) -> tuple[str, dict, suites.Instance | None, str | None]:
    """The instance: from the options, from the file, or both (then they must agree)."""
    from endless_exam.checker.suites import instances as suites
    from endless_exam.certificates.contract import FAMILIES

    described = _self_described(payload)
    if described is None:
        return (*_resolve(args), None)
    family, params = described
    if family not in FAMILIES:
        raise UsageError(f"the file names an unknown family {family!r}{did_you_mean(family)}")
    note = f"instance taken from the file: {family} {dumps(params)}"
    if args.instance or args.family or args.params is not None:
        given_family, given_params, inst = _resolve(args)
        if given_family != family or check_family(given_family, given_params) != check_family(family, params):
            raise UsageError(f"the file is for {family} {dumps(params)}, but the options name "
                             f"{given_family} {dumps(given_params)}")
        return given_family, given_params, inst, "the options agree with the instance named in the file"
    iid = suites.instance_id(family, params)
    matches = [i for i in suites.all_instances() if i.instance_id == iid]
    return family, params, (matches[0] if matches else None), note


def cmd_verify(args: argparse.Namespace) -> int:
    from endless_exam.checker.verify import harness

    time_limit, memory_limit = limits(args)
    payload = read_answer(args.answer)
    family, params, inst, source_note = resolve_with_file(args, payload)
    params = check_family(family, params)
    res = harness.verify(family, params, payload, "file", time_limit=time_limit, memory_limit=memory_limit,
                         formal=args.formal, warm=False)   # one answer: nothing to warm the zygotes for
    data = result_json(family, params, inst, res)
    data["instance_source"] = source_note or "options"
    code = EXIT_BY_STATUS[res.status]
    try:
        _print_verdict(args, data, res, inst, family, params, source_note)
        sys.stdout.flush()
    except BrokenPipeError:   # ``verify ... | head -1``: the reader has enough; the verdict's exit code stands
        silence_stream()
    return code


def _print_verdict(args: argparse.Namespace, data: dict, res, inst, family: str, params: dict,
                   source_note: str | None) -> None:
    if args.json:
        print(json.dumps(data, indent=1))
    else:
        label = f"{inst.call_id} ({inst.instance_id})" if inst else data["instance_id"]
        print(f"instance  {label}  {family} {dumps(params)}")
        if source_note:
            print(f"          ({source_note})")
        print(f"verdict   {res.status.value}" + (f"  objective {data['objective']}" if res.valid else f"  {res.reason}"))
        print(f"message   {res.message}")
        if res.witness is not None:
            print(f"witness   {dumps(res.witness)}")
        if inst is not None and inst.reference is not None:
            print(f"reference {inst.reference} ({inst.reference_type})  ratio {data['ratio']:.6f}")
        for name in ("primary", "second"):
            s = data[name]
            detail = f"objective {s['objective']}" if s["status"] == "ACCEPT" else f"{s['reason']}"
            print(f"{name:<9} {s['status']:<8} {detail}  ({s['seconds']:.2f} s)")
        for w in res.witness_checks:
            print(f"re-check  {w['witness_of']} witness by {w['checked_by']}: {'confirmed' if w['holds'] else 'NOT confirmed'}"
                  f" ({w['message']})")
        if res.formal is not None:
            print(f"formal    {res.formal}" + (f" ({res.formal_message})" if res.formal_message else ""))
