"""The ``endless-exam`` command line.

Exit codes (part of the contract, tested): 0 accepted / success, 1 rejected (or, for ``audit``, some
construction not accepted), 2 error, usage error, time or memory limit, 3 verifier disagreement.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import sys
from typing import TYPE_CHECKING, Any

from endless_exam.certificates.budget import DEFAULT_MEMORY_GIB, DEFAULT_TIME_LIMIT   # constants only

from . import __version__
from endless_exam.checker.suites.names import SUITES

if TYPE_CHECKING:
    from pathlib import Path

    from endless_exam.checker.suites import instances as suites

# Imports are local to the commands that need them: ``--help``, ``--version`` and a usage error load
# nothing but argparse, and each command loads only its own modules.

EXIT_OK, EXIT_REJECT, EXIT_ERROR, EXIT_DISAGREE = 0, 1, 2, 3
# keyed by the status values (Status is a str enum: Status.ACCEPT looks up "ACCEPT")
EXIT_BY_STATUS = {"ACCEPT": EXIT_OK, "REJECT": EXIT_REJECT, "ERROR": EXIT_ERROR, "TIMEOUT": EXIT_ERROR,
                  "LIMIT": EXIT_ERROR, "DISAGREE": EXIT_DISAGREE}


class UsageError(Exception):
    pass


def _dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=False, separators=(", ", ": "))


# ---- instances -------------------------------------------------------------------------------------

def cmd_instances(args: argparse.Namespace) -> int:
    from endless_exam.checker.suites import instances as suites
    from endless_exam.certificates.contract import FAMILIES

    chosen = suites.load(args.suite) if args.suite else suites.all_instances()
    if args.family:
        if args.family not in FAMILIES:
            raise UsageError(f"unknown family {args.family!r}; known: {', '.join(FAMILIES)}")
        chosen = tuple(i for i in chosen if i.family == args.family)
    if args.json:
        print(json.dumps({"version": __version__, "instances": [i.to_json() for i in chosen]}, indent=1))
        return EXIT_OK
    print(f"{'call id':<24} {'instance id':<30} {'params':<44} {'sense':<5} {'reference':>14} {'type':<12} {'bound':>14} {'kind':<10}")
    for i in chosen:
        mark = "" if i.implemented else "  [family not implemented yet]"
        ref = "-" if i.reference is None else _short(i.reference)
        bound = "-" if i.bound is None else _short(i.bound)
        print(f"{i.call_id:<24} {i.instance_id:<30} {_dumps(i.params)[:44]:<44} {i.sense:<5} {ref:>14} "
              f"{i.reference_type or '-':<12} {bound:>14} {i.bound_kind or '-':<10}{mark}")
    missing = sorted({i.family for i in chosen if not i.implemented})
    print(f"\n{len(chosen)} instances; families not implemented yet: {', '.join(missing) if missing else 'none'}")
    return EXIT_OK


def _short(value: Any) -> str:
    text = str(value)
    if isinstance(value, int) and len(text) <= 14:
        return text
    return f"{float(value):.6g}"


# ---- verify ----------------------------------------------------------------------------------------

def _resolve(args: argparse.Namespace) -> tuple[str, dict, suites.Instance | None]:
    from endless_exam.certificates.errors import AnswerError
    from endless_exam.certificates.strictjson import loads

    from endless_exam.checker.suites import instances as suites
    from endless_exam.certificates.contract import FAMILIES

    if args.instance:
        if args.family is not None or args.params is not None:
            raise UsageError("give either --instance or --family/--params, not both")
        try:
            inst = suites.find(args.instance)
        except KeyError as exc:
            raise UsageError(str(exc.args[0])) from None
        return inst.family, inst.params, inst
    if not args.family or args.params is None:
        raise UsageError("give --instance CALL_OR_INSTANCE_ID, or --family F with --params JSON "
                         "(or an answer file that carries family and params beside answer)")
    if args.family not in FAMILIES:
        raise UsageError(f"unknown family {args.family!r}{_did_you_mean(args.family)}; known: {', '.join(FAMILIES)}")
    try:
        params = loads(args.params)
    except AnswerError as exc:
        raise UsageError(f"--params is not valid JSON: {exc.message}") from None
    iid = suites.instance_id(args.family, params)
    matches = [i for i in suites.all_instances() if i.instance_id == iid]
    return args.family, params, (matches[0] if matches else None)


def _check_family(family: str, params: dict) -> dict:
    from endless_exam.certificates.errors import ParamsError
    from endless_exam.certificates.params import validate as validate_params

    from endless_exam.certificates.contract import FAMILIES

    if not FAMILIES[family].implemented:
        raise UsageError(f"family {family!r} is not implemented yet")
    try:
        return validate_params(family, params)
    except ParamsError as exc:
        raise UsageError(f"invalid parameters for {family}: {exc}") from None


def _read_answer(path: str) -> bytes:
    from pathlib import Path

    from endless_exam.certificates.strictjson import MAX_BYTES

    if path == "-":
        if sys.stdin is None:        # started with standard input closed
            raise UsageError("cannot read the answer from standard input: it is closed")
        return sys.stdin.buffer.read(MAX_BYTES + 1)
    p = Path(path)
    if p.is_dir():
        raise UsageError(f"answer file {path!r} is a directory")
    if not p.exists():
        raise UsageError(f"answer file {path!r} does not exist")
    try:
        with p.open("rb") as fh:
            return fh.read(MAX_BYTES + 1)  # the harness rejects anything over the limit
    except OSError as exc:
        raise UsageError(f"cannot read answer file {path!r}: {exc.strerror}") from None


def _summary(v, seconds: float) -> dict:
    from endless_exam.checker.scoring.callrow import VerifierSummary

    return VerifierSummary.of(v, seconds).to_json()


def result_json(family: str, params: dict, inst: suites.Instance | None, res) -> dict:
    from endless_exam.certificates.verdict import objective_to_float, objective_to_str

    from endless_exam.checker.suites import instances as suites
    from endless_exam.checker.scoring.aggregate import reference_ratio as ratio, ratio_float

    out = {
        "version": __version__, "family": family, "params": params,
        "call_id": inst.call_id if inst else None, "instance_id": suites.instance_id(family, params),
        "status": res.status.value, "valid": res.valid, "objective": objective_to_str(res.objective),
        "objective_float": objective_to_float(res.objective),
        "reason": res.reason, "message": res.message, "witness": res.witness,
        "primary": _summary(res.primary, res.primary_seconds), "second": _summary(res.second, res.second_seconds),
        "witness_checks": res.witness_checks,
        "formal": res.formal, "formal_message": res.formal_message,
    }
    out["primary"]["libraries"] = res.primary_libraries    # distribution -> version, as loaded by its process
    out["second"]["libraries"] = res.second_libraries
    if inst is not None:
        r = ratio(res.objective, inst.reference, inst.sense, res.valid)
        out["reference"] = None if inst.reference is None else str(inst.reference)
        out["reference_type"] = inst.reference_type
        out["ratio"] = ratio_float(r)
        out["ratio_exact"] = None if r is None else objective_to_str(r)
    return out


TIME_LIMIT_RANGE = (0.1, 86_400.0)       # seconds per verifier per answer
MEMORY_LIMIT_RANGE = (0.5, 1024.0)       # GiB per verifier per answer (below 0.5 a verifier cannot start)
MAX_JOBS = 64
FORMAL_HELP = ("also run the z3 oracle as a formal third opinion where the answer is small enough "
               "(a formal disagreement is a disagreement; default off)")
TIME_HELP = (f"seconds per verifier per answer, {TIME_LIMIT_RANGE[0]:g} to {TIME_LIMIT_RANGE[1]:g} "
             f"(default {DEFAULT_TIME_LIMIT:g})")
MEMORY_HELP = (f"GiB of memory per verifier per answer, {MEMORY_LIMIT_RANGE[0]:g} to {MEMORY_LIMIT_RANGE[1]:g} "
               f"(default {DEFAULT_MEMORY_GIB:g})")


def _limits(args: argparse.Namespace) -> tuple[float, int]:
    t, m = args.time_limit, args.memory_limit
    for name, value in (("--time-limit", t), ("--memory-limit", m)):
        if not isinstance(value, (int, float)):     # argparse hands over [] for ``--time-limit=--``
            raise UsageError(f"{name} needs a number, got {value!r}")
    lo, hi = TIME_LIMIT_RANGE
    if not (math.isfinite(t) and lo <= t <= hi):
        raise UsageError(f"--time-limit must be between {lo:g} and {hi:g} seconds, got {t:g}")
    lo, hi = MEMORY_LIMIT_RANGE
    if not (math.isfinite(m) and lo <= m <= hi):
        raise UsageError(f"--memory-limit must be between {lo:g} and {hi:g} GiB, got {m:g}")
    return t, int(m * 1024 ** 3)


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


def _resolve_with_file(args: argparse.Namespace, payload: bytes) -> tuple[str, dict, suites.Instance | None, str | None]:
    """The instance: from the options, from the file, or both (then they must agree)."""
    from endless_exam.checker.suites import instances as suites
    from endless_exam.certificates.contract import FAMILIES

    described = _self_described(payload)
    if described is None:
        return (*_resolve(args), None)
    family, params = described
    if family not in FAMILIES:
        raise UsageError(f"the file names an unknown family {family!r}{_did_you_mean(family)}")
    note = f"instance taken from the file: {family} {_dumps(params)}"
    if args.instance or args.family or args.params is not None:
        given_family, given_params, inst = _resolve(args)
        if given_family != family or _check_family(given_family, given_params) != _check_family(family, params):
            raise UsageError(f"the file is for {family} {_dumps(params)}, but the options name "
                             f"{given_family} {_dumps(given_params)}")
        return given_family, given_params, inst, "the options agree with the instance named in the file"
    iid = suites.instance_id(family, params)
    matches = [i for i in suites.all_instances() if i.instance_id == iid]
    return family, params, (matches[0] if matches else None), note


def _did_you_mean(name: str) -> str:
    import difflib

    from endless_exam.certificates.contract import FAMILIES

    close = difflib.get_close_matches(name, list(FAMILIES), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def cmd_verify(args: argparse.Namespace) -> int:
    from endless_exam.checker.verify import harness

    time_limit, memory_limit = _limits(args)
    payload = _read_answer(args.answer)
    family, params, inst, source_note = _resolve_with_file(args, payload)
    params = _check_family(family, params)
    res = harness.verify(family, params, payload, "file", time_limit=time_limit, memory_limit=memory_limit,
                         formal=args.formal, warm=False)   # one answer: nothing to warm the zygotes for
    data = result_json(family, params, inst, res)
    data["instance_source"] = source_note or "options"
    code = EXIT_BY_STATUS[res.status]
    try:
        _print_verdict(args, data, res, inst, family, params, source_note)
        sys.stdout.flush()
    except BrokenPipeError:   # ``verify ... | head -1``: the reader has enough; the verdict's exit code stands
        _silence_stdout()
    return code


def _print_verdict(args: argparse.Namespace, data: dict, res, inst, family: str, params: dict,
                   source_note: str | None) -> None:
    if args.json:
        print(json.dumps(data, indent=1))
    else:
        label = f"{inst.call_id} ({inst.instance_id})" if inst else data["instance_id"]
        print(f"instance  {label}  {family} {_dumps(params)}")
        if source_note:
            print(f"          ({source_note})")
        print(f"verdict   {res.status.value}" + (f"  objective {data['objective']}" if res.valid else f"  {res.reason}"))
        print(f"message   {res.message}")
        if res.witness is not None:
            print(f"witness   {_dumps(res.witness)}")
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


# ---- certify ---------------------------------------------------------------------------------------

def _writable(path: str, what: str, source: str | None = None) -> Path:
    """``path`` as a Path if it may be written (``outputs.refusal``), else a usage error."""
    from pathlib import Path

    _refuse_outputs([(path, what)], [source] if source else [])
    return Path(path)


def _refuse_outputs(outs: list[tuple[str, str]], inputs: list[str]) -> None:
    """Usage error (exit 2) unless every ``(path, what)`` output may be written (``outputs.check_all``)."""
    from endless_exam.checker.files import outputs

    why = outputs.check_all(outs, inputs)
    if why is not None:
        raise UsageError(why)


def cmd_certify(args: argparse.Namespace) -> int:
    from pathlib import Path

    from endless_exam.certificates.errors import AnswerError
    from endless_exam.certificates.strictjson import loads
    from endless_exam.certificates.verdict import Status

    from endless_exam.checker.audit import dossier

    time_limit, memory_limit = _limits(args)
    payload = _read_answer(args.answer)
    if args.check:
        try:
            saved = loads(Path(args.check).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, AnswerError) as exc:
            raise UsageError(f"cannot read the dossier {args.check}: {getattr(exc, 'message', exc)}") from None
        if not isinstance(saved, dict) or saved.get("kind") != dossier.KIND:
            raise UsageError(f"{args.check} is not an endless-exam dossier")
        family, params = saved["family"], _check_family(saved["family"], saved["params"])
        fresh = dossier.build(family, params, payload, answer_path=args.answer, time_limit=time_limit,
                              memory_limit=memory_limit, formal=saved.get("formal") is not None)
        differences = dossier.compare(saved, fresh)
        for line in differences:
            print(f"differs  {line}")
        print("dossier confirmed: the answer verifies exactly as recorded" if not differences
              else f"dossier NOT confirmed ({len(differences)} differences)")
        return EXIT_OK if not differences else EXIT_REJECT
    if not args.output:
        raise UsageError("certify needs --output DOSSIER.json (or --check DOSSIER.json)")
    if args.output == "-" or args.markdown == "-":
        raise UsageError("certify prints the markdown dossier on standard output and writes the JSON dossier to "
                         "a file: --output (and --markdown) must name a file, not - (standard output)")
    outs = [(args.output, "dossier")] + ([(args.markdown, "markdown dossier")] if args.markdown is not None else [])
    _refuse_outputs(outs, [args.answer])          # every output, before any work
    family, params, _inst, _note = _resolve_with_file(args, payload)
    params = _check_family(family, params)
    doc = dossier.build(family, params, payload, answer_path=args.answer, time_limit=time_limit,
                        memory_limit=memory_limit, formal=not args.no_formal)
    text = dossier.render_markdown(doc)
    from endless_exam.checker.files import outputs

    outputs.write_text(args.output, json.dumps(doc, indent=1) + "\n")
    if args.markdown is not None:
        outputs.write_text(args.markdown, text)
    print(text)
    return EXIT_BY_STATUS[Status(doc["status"])]


# ---- audit -----------------------------------------------------------------------------------------

def cmd_audit_witnesses(args: argparse.Namespace, time_limit: float, memory_limit: int) -> int:
    from endless_exam.checker.suites import instances as suites
    from endless_exam.checker.audit.witnesses import WitnessDirError, audit_directory

    try:
        report = audit_directory(args.witnesses, time_limit=time_limit, memory_limit=memory_limit,
                                 suite=suites.load(args.suite) if args.suite else ())
    except WitnessDirError as exc:
        raise UsageError(str(exc)) from None
    if args.json:
        print(json.dumps({"version": __version__, **report}, indent=1))
        return EXIT_OK if report["holds"] else EXIT_REJECT
    print(f"{'instance':<24} {'file':<30} {'objective':>12} {'reference':>12} {'ratio':>6} {'verdict':<8} "
          f"{'primary/second':<16} {'prim s':>7} {'sec s':>7}  holds")
    for r in report["rows"]:
        print(f"{str(r.get('call_id') or r['instance_id'] or '-'):<24} {str(r['file'] or '-')[:30]:<30} "
              f"{str(r.get('objective') or '-')[:12]:>12} {str(r.get('reference') or '-')[:12]:>12} "
              f"{str(r.get('ratio') or '-')[:6]:>6} {r.get('status', '-'):<8} {r.get('verifiers', '-'):<16} "
              f"{r.get('primary_seconds', 0):>7.2f} {r.get('second_seconds', 0):>7.2f}  {'yes' if r['holds'] else 'NO'}")
        for problem in r["problems"]:
            print(f"    !! {problem}")
    print(f"\n{report['holding']} of {report['records']} witnesses hold")
    return EXIT_OK if report["holds"] else EXIT_REJECT


def cmd_audit(args: argparse.Namespace) -> int:
    from endless_exam.certificates.params import validate as validate_params
    from endless_exam.certificates.verdict import Status, objective_to_str

    from endless_exam.checker.verify import harness
    from endless_exam.checker.suites import instances as suites
    from endless_exam.checker.suites.constructions_index import load_all
    from endless_exam.certificates.contract import FAMILIES
    from endless_exam.checker.scoring.aggregate import reference_ratio as ratio, ratio_float

    from endless_exam.checker.audit import table as audit_table

    time_limit, memory_limit = _limits(args)
    if args.family is not None and args.family not in FAMILIES:
        raise UsageError(f"unknown family {args.family!r}{_did_you_mean(args.family)}; known: {', '.join(FAMILIES)}")
    if args.witnesses:
        return cmd_audit_witnesses(args, time_limit, memory_limit)
    constructions = load_all(args.family)
    wanted = suites.load(args.suite) if args.suite else suites.all_instances()
    rows = []
    worst = EXIT_OK
    progress = audit_table.Progress(len(constructions))
    for c in constructions:
        progress.start(c.name)
        params = validate_params(c.family, c.params)
        payload = json.dumps({"answer": c.answer}).encode("utf-8")
        res = harness.verify(c.family, params, payload, "file", time_limit=time_limit, memory_limit=memory_limit,
                             formal=args.formal)
        progress.step()
        insts = [i for i in wanted if i.instance_id == c.instance_id] or [None]
        agree = ("agree" if res.status in (Status.ACCEPT, Status.REJECT) else res.status.value.lower())
        claimed_ok = res.valid and c.objective is not None and str(c.objective) == objective_to_str(res.objective)
        if not res.valid or not claimed_ok:
            worst = EXIT_REJECT
        for inst in insts:
            r = ratio(res.objective, inst.reference, inst.sense, res.valid) if inst else None
            rows.append({
                "construction": c.name, "call_id": inst.call_id if inst else None,
                "instance_id": c.instance_id, "family": c.family, "params": c.params,
                "status": res.status.value, "objective": objective_to_str(res.objective),
                "claimed_objective": c.objective, "reference": None if inst is None or inst.reference is None else str(inst.reference),
                "ratio": ratio_float(r), "verifiers": f"{res.primary.status.value}/{res.second.status.value}",
                "agreement": agree, "primary_seconds": round(res.primary_seconds, 3),
                "second_seconds": round(res.second_seconds, 3), "method": c.method,
                "reason": res.reason, "formal": res.formal,
            })
    progress.close()
    position = {i.call_id: n for n, i in enumerate(wanted)}
    rows.sort(key=lambda r: (r["call_id"] is None, position.get(r["call_id"], 0), r["construction"]))
    covered = {r["call_id"] for r in rows if r["call_id"]}
    implemented = [i for i in wanted if i.implemented and (not args.family or i.family == args.family)]
    uncovered = [i for i in implemented if i.call_id not in covered]
    if args.json:
        print(json.dumps({"version": __version__, "rows": rows,
                          "instances_without_construction": [i.call_id for i in uncovered]}, indent=1))
        return worst
    table = audit_table.cells(rows, uncovered)
    if sys.stdout.isatty():
        audit_table.rendered(table)
    else:
        sys.stdout.write(audit_table.plain(table))
    missing = sorted({f for f, info in FAMILIES.items() if not info.implemented})
    tail = f"; families not implemented yet: {', '.join(missing)}" if missing else ""
    print(f"\n{audit_table.summary(rows, implemented, len(constructions))}{tail}")
    return worst


# ---- prompts and export ----------------------------------------------------------------------------

def cmd_prompt(args: argparse.Namespace) -> int:
    from endless_exam.checker import prompts
    from endless_exam.checker.suites import instances as suites

    try:
        inst = suites.find(args.call_id)
    except KeyError as exc:
        raise UsageError(str(exc.args[0])) from None
    if not inst.implemented:
        raise UsageError(f"family {inst.family!r} is not implemented yet; no prompt for {inst.call_id}")
    system = prompts.system(args.track)
    if system is not None:
        print(f"[system]\n{system}\n\n[user]")
    print(prompts.prompt(inst.family, inst.params, args.track))
    return EXIT_OK


def cmd_export(args: argparse.Namespace) -> int:
    from endless_exam.checker.suites import export
    from endless_exam.checker.suites import instances as suites

    ready, missing = export.split(suites.load(args.suite))
    if missing:
        names = sorted({i.family for i in missing})
        note = f"{len(missing)} calls of families not implemented yet ({', '.join(names)})"
        if not args.allow_partial:
            raise UsageError(f"{note}; nothing written. Use --allow-partial to export only the "
                             f"{len(ready)} calls of implemented families.")
        print(f"endless-exam: warning: skipped {note}", file=sys.stderr)
    if args.output == "-":        # prompts.jsonl on standard output, one object per line
        for inst in ready:
            sys.stdout.write(json.dumps(export.record(inst, args.track, args.model_inputs_only), ensure_ascii=False)
                             + "\n")
        print(f"wrote {len(ready)} prompts to standard output", file=sys.stderr)
        return EXIT_OK
    try:
        n = export.write(args.output, ready, args.track, args.model_inputs_only)
    except export.ExportError as exc:
        raise UsageError(str(exc)) from None
    print(f"wrote {n} prompts to {args.output}", file=sys.stderr)
    return EXIT_OK


# ---- score and report ------------------------------------------------------------------------------

def cmd_score(args: argparse.Namespace) -> int:
    from endless_exam.checker.scoring import score
    from endless_exam.checker.suites import instances as suites
    from endless_exam.checker.scoring.answers import AnswersFileError

    if args.backend == "ray":
        from endless_exam.checker.scoring.score_ray import MAX_IN_FLIGHT

        if args.jobs is not None and not 1 <= args.jobs <= MAX_IN_FLIGHT:
            raise UsageError(f"--jobs must be between 1 and {MAX_IN_FLIGHT} with --backend ray, got {args.jobs}")
    else:
        if args.ray_address is not None:
            raise UsageError("--ray-address needs --backend ray")
        if args.jobs is not None and not 1 <= args.jobs <= MAX_JOBS:
            raise UsageError(f"--jobs must be between 1 and {MAX_JOBS}, got {args.jobs}")
    if args.limit is not None and args.limit < 1:
        raise UsageError(f"--limit must be at least 1, got {args.limit}")
    if args.output == "-":
        raise UsageError("score writes scores.json and its progress file OUTPUT.progress.jsonl beside it: --output "
                         "must name a file, not - (standard output); print it afterwards with report")
    time_limit, memory_limit = _limits(args)
    try:
        jobs = args.jobs if args.jobs is not None or args.backend == "ray" else _available_cpus()
        doc = score.run(args.answers, args.output, suites.load(args.suite), suite=args.suite, track=args.track,
                        allow_partial=args.allow_partial, jobs=jobs, restart=args.restart,
                        time_limit=time_limit, memory_limit=memory_limit, formal=args.formal,
                        only=tuple(args.only) if args.only else None, limit=args.limit,
                        backend=args.backend, ray_address=args.ray_address)
    except (AnswersFileError, score.ScoreError) as exc:
        if getattr(exc, "interrupted", None) is not None:     # SIGINT / SIGTERM: saved, not an error
            from endless_exam.checker.scoring import interrupts

            print(f"endless-exam: {exc}", file=sys.stderr)
            return interrupts.stop(exc.interrupted)
        raise UsageError(str(exc)) from None
    except OSError as exc:   # e.g. no permission to write the progress file or scores.json
        where = f" ({exc.filename})" if exc.filename else ""
        raise UsageError(f"cannot write the scoring files{where}: {exc.strerror or exc}") from None
    if "error" in doc.get("summary", {}):
        print(f"endless-exam: error: scores could not be aggregated: {doc['summary']['error']} "
              f"(every per-call result is in {args.output})", file=sys.stderr)
        return EXIT_ERROR
    unanswered_only = sorted(set(args.only or ()) - {r["call_id"] for r in doc.get("calls_scored", [])}
                             - {f["call_id"] for f in doc.get("infrastructure_failures", [])})
    for call in unanswered_only:
        print(f"endless-exam: warning: --only {call}: the answers file has no answer for it", file=sys.stderr)
    if not doc.get("calls_scored") and not doc.get("infrastructure_failures"):
        print(f"endless-exam: error: no answer was scored ({args.answers} holds no answer for the calls asked for); "
              f"nothing to report in {args.output}", file=sys.stderr)
        return EXIT_ERROR
    key = "score" if doc["complete"] else "subset_score"
    value = doc[key]
    print(f"{key}: {value:.2f}" if value is not None else f"{key}: n/a", end="")
    samples = f", samples {doc['samples']}" if "samples" in doc else ""
    print(f"  (calls {doc['calls']}/{doc['expected_calls']}{samples}, missing {len(doc['missing_call_ids'])}, "
          f"infrastructure failures {len(doc['infrastructure_failures'])}) -> {args.output}")
    if doc["infrastructure_failures"]:
        for f in doc["infrastructure_failures"][:10]:
            print(f"  missing {f['call_id']}: {f['reason']}", file=sys.stderr)
    disagreements = [r for r in doc["calls_scored"] if r["status"] == "DISAGREE"]
    if disagreements:
        print(f"endless-exam: ALARM: the verifiers disagree on {len(disagreements)} call(s): "
              f"{', '.join(r['call_id'] for r in disagreements[:10])}", file=sys.stderr)
        return EXIT_DISAGREE
    _print_score_summary(doc, args.answers)
    if not doc["complete"] and not (args.allow_partial or args.only or args.limit):
        print("endless-exam: error: the run is incomplete (see missing calls above); scores were written with a "
              "subset_score. Use --allow-partial to accept a subset score.", file=sys.stderr)
        return EXIT_ERROR
    if unanswered_only:
        return EXIT_ERROR
    return EXIT_OK


def _print_score_summary(doc: dict, answers: str) -> None:
    """The end-of-run summary: group means, valid fraction, the slowest calls, record candidates and
    values beyond a proven bound (with how to certify them)."""
    summary = doc.get("summary") or {}
    groups = [(g, v) for g, v in (summary.get("groups") or {}).items() if v.get("n")]
    if groups:
        print("\ngroup            n   mean ratio")
        for g, v in groups:
            mean = "-" if v.get("mean") is None else f"{v['mean']:.4f}"
            print(f"{g:<16} {v['n']:>2}   {mean}")
    if doc.get("valid_fraction") is not None:
        print(f"valid fraction   {doc['valid_fraction']:.4f}")
    timed = []
    for r in doc.get("calls_scored", []):
        secs = [v.get("seconds") or 0.0 for v in (r.get("primary"), r.get("second")) if isinstance(v, dict)]
        if secs:
            timed.append((max(secs), r["call_id"], r["status"]))
    if timed:
        print("slowest calls    " + ", ".join(f"{c} {t:.2f} s ({st})" for t, c, st in sorted(timed, reverse=True)[:5]))
    for rec in summary.get("record_candidates") or []:
        sample = f" sample {rec['sample']}" if rec.get("sample") else ""
        print(f"RECORD CANDIDATE {rec['call_id']}{sample}: ratio {rec['ratio_exact']} over a published reference; "
              f"certify it: extract its answer from {answers} into a file and run "
              f"endless-exam certify FILE --instance {rec['call_id']} --output DOSSIER.json")
    for b in summary.get("beyond_bound") or []:
        print(f"BEYOND A PROVEN BOUND {', '.join(b['call_ids'])} ({b['family']}): gap closed {b['gap_closed']:.3f} > 1 "
              "-- investigate (certify it as above; a real value beyond a proof means a bug or a wrong bound)")


def cmd_report(args: argparse.Namespace) -> int:
    from pathlib import Path

    from endless_exam.checker.reporting import report
    from endless_exam.checker.reporting import calls as report_calls
    from endless_exam.checker.reporting import inputs as report_inputs

    paths = list(args.scores)
    for path in paths:
        if (why := report_inputs.problem(path)) is not None:
            raise UsageError(why)
    names = [Path(p).stem for p in paths]
    if len(set(names)) != len(names):
        names = list(paths)
    if (args.plot or args.html) and (why := report_calls.plot_unavailable()):
        raise UsageError(why)
    if args.table not in (None, "table2") and args.format != "csv":
        raise UsageError("--table selects one CSV table: use it with --format csv (table2 works with every format)")
    if args.answers is not None and len(args.answers) != len(paths):
        raise UsageError(f"--answers takes one answers file per scores file ({len(paths)}), got {len(args.answers)}")
    if args.diff and args.table not in (None, "diff"):
        raise UsageError("report --diff has one table, diff")
    if not args.diff and args.table == "diff":
        raise UsageError("the diff table needs --diff A B")
    _refuse_outputs(_report_outputs(args), paths)     # before anything is read or written
    try:
        tables: dict[str, str] = {}
        if args.diff:
            if len(paths) != 2:
                raise UsageError("--diff compares exactly two scores.json files: report --diff A B")
            changes = report_calls.diff_rows(report_calls.call_rows(paths[0]), report_calls.call_rows(paths[1]))
            if args.format == "csv":
                tables["diff"] = report_calls.diff_csv(changes)
            elif args.format == "json":
                tables["diff"] = json.dumps({"version": __version__, "a": names[0], "b": names[1],
                                             "changes": changes}, indent=1) + "\n"
            else:
                tables["diff"] = report_calls.diff_markdown((names[0], names[1]), changes)
        elif args.table == "table2":
            from endless_exam.checker.reporting.table2 import render_table2

            tables["table2"] = render_table2(list(zip(names, [report.load_run(p) for p in paths])), args.format)
        else:
            aggs = [report.load_run(p) for p in paths]
            wanted_calls = args.format == "md" or (args.format == "csv" and args.table in (None, "calls"))
            rows = [report_calls.call_rows(p) for p in paths] if wanted_calls else []
            if args.format == "csv":
                for table in report.CSV_TABLES:
                    if args.table in (None, table):
                        tables[table] = report.render(list(zip(names, aggs)), "csv", table)
                if args.table in (None, "calls"):
                    tables["calls"] = report_calls.calls_csv(list(zip(names, rows)))
                if args.table is None:
                    from endless_exam.checker.reporting.table2 import render_table2

                    tables["table2"] = render_table2(list(zip(names, aggs)), "csv")
            else:
                text = report.render(list(zip(names, aggs)), args.format)
                if args.format == "md":
                    text = text.rstrip("\n") + "\n\n" + report_calls.calls_markdown(list(zip(names, rows)))
                tables["report"] = text
        if args.plot or args.html:
            _report_views(args, paths, names)
    except (OSError, ValueError) as exc:
        raise UsageError(str(exc)) from None
    if args.format == "csv" and len(tables) > 1:
        return _write_csv_tables(tables, args.output)
    [text] = tables.values()
    if args.output in (None, "-"):
        if args.format == "md" and not args.raw and sys.stdout.isatty():
            _print_markdown(text)
        else:
            sys.stdout.write(text)
    else:
        from endless_exam.checker.files import outputs

        outputs.write_text(args.output, text)
    return EXIT_OK


def _report_outputs(args: argparse.Namespace) -> list[tuple[str, str]]:
    """Every file ``report`` would write: the report (or one CSV table per file in a directory) and the figures."""
    from endless_exam.checker.reporting import report

    outs: list[tuple[str, str]] = []
    if args.format == "csv" and args.table is None and not args.diff:
        if args.output not in (None, "-"):
            if os.path.lexists(args.output) and not os.path.isdir(args.output):
                raise UsageError(f"--output {args.output} is not a directory (with --format csv and no --table it "
                                 "names the directory that receives one file per table)")
            if os.path.isdir(args.output):
                outs += [(os.path.join(args.output, f"{t}.csv"), f"{t} table") for t in (*report.CSV_TABLES, "calls")]
    elif args.output != "-" and args.output is not None:
        outs.append((args.output, "report"))
    if getattr(args, "html", None) not in (None, "-"):
        outs.append((args.html, "html report"))
    if args.plot is not None and (not args.plot or (os.path.lexists(args.plot) and not os.path.isdir(args.plot))):
        raise UsageError(f"--plot {args.plot!r} is not a directory")
    if args.plot and os.path.isdir(args.plot):
        from endless_exam.checker.reporting.plots import FIGURES, FORMATS

        outs += [(os.path.join(args.plot, f"{stem}.{fmt}"), "figure") for stem in FIGURES for fmt in FORMATS]
    return outs


def _report_views(args: argparse.Namespace, paths: list[str], names: list[str]) -> None:
    """``report --plot DIR`` and ``--html FILE``: the figures and the self-contained page."""
    from pathlib import Path

    from endless_exam.checker.reporting import series as report_series

    answers = args.answers or [None] * len(paths)
    runs = [report_series.load(p, n, a) for p, n, a in zip(paths, names, answers)]
    if args.html:
        from endless_exam.checker.reporting.html import html_report

        if args.html == "-":
            raise UsageError("--html writes a file: give it a file name (standard output carries the report)")
        from endless_exam.checker.files import outputs

        _refuse_outputs([(args.html, "html report")], paths)
        outputs.write_text(args.html, html_report(runs))
        print(f"wrote the HTML report to {args.html}", file=sys.stderr)
    if args.plot:
        from endless_exam.checker.reporting.plots import plot

        directory = Path(args.plot)
        if directory.exists() and not directory.is_dir():
            raise UsageError(f"--plot {args.plot} is not a directory")
        written = plot(runs, directory, check=lambda path: _refuse_outputs([(path, "figure")], paths))
        print(f"wrote {len(written)} figure files to {args.plot}", file=sys.stderr)


def _write_csv_tables(tables: dict[str, str], output: str | None) -> int:
    """CSV is one table per file: every table into the directory ``output`` (created if missing)."""
    from pathlib import Path

    if output in (None, "-"):
        raise UsageError(f"--format csv writes one table per file: give --output DIR for all of "
                         f"{', '.join(tables)}, or --table NAME for one table on standard output")
    directory = Path(output)
    if directory.exists() and not directory.is_dir():
        raise UsageError(f"--output {output} is not a directory (with --format csv and no --table it names "
                         "the directory that receives one file per table)")
    try:
        directory.mkdir(exist_ok=True)
    except OSError as exc:
        raise UsageError(f"cannot create the report directory {output}: {exc.strerror or exc}") from None
    from endless_exam.checker.files import outputs

    targets = [directory / f"{name}.csv" for name in tables]
    _refuse_outputs([(str(t), f"{t.stem} table") for t in targets], [])
    for target, text in zip(targets, tables.values()):
        outputs.write_text(str(target), text)
    print(f"wrote {len(targets)} tables to {output}: {', '.join(t.name for t in targets)}", file=sys.stderr)
    return EXIT_OK


def _print_markdown(text: str) -> None:
    """Markdown for a person at a terminal: rendered with rich (headings, aligned tables)."""
    from rich.console import Console
    from rich.markdown import Markdown

    Console(soft_wrap=False).print(Markdown(text))


# ---- instance ----------------------------------------------------------------------------------------

def cmd_instance(args: argparse.Namespace) -> int:
    from endless_exam.checker.suites import new_instance

    time_limit, memory_limit = _limits(args)
    try:
        return new_instance.run(args.family, args.params, want_baseline=args.baseline, output=args.output,
                                suite_out=args.suite_out, tier=args.tier, budget_s=args.budget_s,
                                time_limit=time_limit, memory_limit=memory_limit, as_json=args.json)
    except new_instance.InstanceError as exc:
        raise UsageError(str(exc)) from None
    except new_instance.BaselineFailed as exc:
        print(f"endless-exam: baseline failed: {exc}", file=sys.stderr)
        return EXIT_ERROR


# ---- entry point -----------------------------------------------------------------------------------

def _suite_arg(value: str) -> str:
    """``--suite``: a bundled suite's name or a suite file (checked by ``suites.suite_arg``, loaded only when used)."""
    if value in SUITES:
        return value
    from endless_exam.checker.suites import instances as suites

    return suites.suite_arg(value)


def _available_cpus() -> int:
    """The CPUs this process may run on (its affinity mask, as a container or taskset sets it), at most MAX_JOBS."""
    import os

    try:
        n = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        n = os.cpu_count() or 1
    return max(1, min(MAX_JOBS, n))


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="endless-exam", description="Exact, dual-verified checker for the Endless Exam benchmark.")
    parser.add_argument("--version", action="version", version=f"endless-exam {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("instances", help="list suite instances (default: every suite)")
    p.add_argument("--suite", type=_suite_arg, help="only this suite (default: all suites)")
    p.add_argument("--family", help="only this family (default: all families)")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table (default: table)")
    p.set_defaults(func=cmd_instances)

    p = sub.add_parser("verify", help="verify one answer with both verifiers")
    p.add_argument("--instance", help="call id or instance id of a suite instance (looked up in every suite)")
    p.add_argument("--family", help="family key (with --params), for any instance")
    p.add_argument("--params", help="instance parameters as a JSON object (with --family)")
    p.add_argument("--json", action="store_true", help="print one JSON object (default: text)")
    p.add_argument("--time-limit", type=float, default=DEFAULT_TIME_LIMIT, help=TIME_HELP)
    p.add_argument("--memory-limit", type=float, default=DEFAULT_MEMORY_GIB, help=MEMORY_HELP)
    p.add_argument("--formal", action="store_true", help=FORMAL_HELP)
    p.add_argument("answer", help="answer file (bare answer, {\"answer\": ...} or raw model text); - for stdin")
    p.set_defaults(func=cmd_verify)

    p = sub.add_parser("audit", help="verify every bundled reference construction with both verifiers "
                                      "(default: against every suite)")
    p.add_argument("--suite", type=_suite_arg, help="rows for this suite only (default: all suites)")
    p.add_argument("--family", help="this family only (default: all families)")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table (default: table)")
    p.add_argument("--time-limit", type=float, default=DEFAULT_TIME_LIMIT, help=TIME_HELP)
    p.add_argument("--memory-limit", type=float, default=DEFAULT_MEMORY_GIB, help=MEMORY_HELP)
    p.add_argument("--formal", action="store_true", help=FORMAL_HELP)
    p.add_argument("--witnesses", metavar="DIR",
                   help="audit a directory of reference witnesses in upstream's layout (index.json + one file per "
                        "instance) instead of the bundled constructions (default: the bundled constructions)")
    p.set_defaults(func=cmd_audit)

    p = sub.add_parser("certify", help="write a self-contained dossier certifying one construction")
    p.add_argument("answer", help="answer file (bare answer, {\"answer\": ...}, a file with family/params, or model text)")
    p.add_argument("--instance", help="call id or instance id of a suite instance")
    p.add_argument("--family", help="family key (with --params)")
    p.add_argument("--params", help="instance parameters as a JSON object")
    p.add_argument("--output", help="where to write the dossier (JSON; required unless --check)")
    p.add_argument("--markdown", help="also write the human-readable dossier here (default: only printed)")
    p.add_argument("--check", metavar="DOSSIER",
                   help="re-verify ANSWER against a saved dossier and compare (default: write a new dossier)")
    p.add_argument("--no-formal", action="store_true", help="skip the z3 formal opinion (default: run it where it fits)")
    p.add_argument("--time-limit", type=float, default=DEFAULT_TIME_LIMIT, help=TIME_HELP)
    p.add_argument("--memory-limit", type=float, default=DEFAULT_MEMORY_GIB, help=MEMORY_HELP)
    p.set_defaults(func=cmd_certify)

    p = sub.add_parser("prompt", help="print the prompt of one call")
    p.add_argument("call_id", help="call id or instance id (looked up in every suite)")
    p.add_argument("--track", choices=("tool-free", "tool-assisted"), default="tool-free",
                   help="prompt track (default tool-free)")
    p.set_defaults(func=cmd_prompt)

    p = sub.add_parser("export", help="write prompts.jsonl for a suite (default suite bench-v1)")
    p.add_argument("--output", required=True, help="prompts.jsonl to write")
    p.add_argument("--suite", type=_suite_arg, default="bench-v1", help="suite to export (default bench-v1)")
    p.add_argument("--track", choices=("tool-free", "tool-assisted"), default="tool-free",
                   help="prompt track (default tool-free)")
    p.add_argument("--model-inputs-only", action="store_true",
                   help="write only what a model sees, no references (default: full records)")
    p.add_argument("--allow-partial", action="store_true",
                   help="export only the calls of implemented families (default: refuse if any is missing)")
    p.set_defaults(func=cmd_export)

    p = sub.add_parser("score", help="score answers.jsonl with both verifiers (default suite bench-v1)")
    p.add_argument("answers", help="answers.jsonl; - for stdin (a pipe is read once and never resumed)")
    p.add_argument("--output", required=True, help="scores.json to write (a regular file, never the answers file); "
                                                    "progress goes to OUTPUT.progress.jsonl")
    p.add_argument("--suite", type=_suite_arg, default="bench-v1",
                   help="the suite the call ids belong to (default bench-v1)")
    p.add_argument("--track", choices=("tool-free", "tool-assisted"), default="tool-free",
                   help="track of the answers (default tool-free)")
    p.add_argument("--allow-partial", action="store_true",
                   help="score the calls present as a subset score (default: every call must be answered)")
    p.add_argument("--jobs", type=int, default=None,
                   help=f"answers verified at a time, 1 to {MAX_JOBS} (default: the CPUs available to this process, "
                        f"{_available_cpus()} here); with --backend ray: tasks in flight on the cluster, 1 to 4096 "
                        "(default twice the cluster's CPUs)")
    p.add_argument("--backend", choices=("local", "ray"), default="local",
                   help="where the verifications run: local (this machine) or ray (a Ray cluster; needs the ray "
                        "extra; results, progress and resume are the same) (default local)")
    p.add_argument("--ray-address", metavar="ADDR", default=None,
                   help="Ray cluster for --backend ray, as ray.init(address=...): HOST:PORT, ray://HOST:PORT, auto "
                        "(an existing cluster only) or local (a new local instance); default: RAY_ADDRESS, else "
                        "the cluster last started here with 'ray start', else a new local instance")
    p.add_argument("--restart", action="store_true",
                   help="discard saved progress of an earlier run (default: resume when the answers are the same)")
    p.add_argument("--time-limit", type=float, default=DEFAULT_TIME_LIMIT, help=TIME_HELP)
    p.add_argument("--memory-limit", type=float, default=DEFAULT_MEMORY_GIB, help=MEMORY_HELP)
    p.add_argument("--only", nargs="+", metavar="CALL_ID",
                   help="score only these calls, each with all its samples (a subset score, for a quick check; "
                        "default: every call)")
    p.add_argument("--limit", type=int, metavar="N",
                   help="score only the first N answered calls in file order, each with all its samples (a subset "
                        "score; default: all)")
    p.add_argument("--formal", action="store_true",
                   help="also run the z3 oracle as a formal third opinion on every answer small enough for it "
                        "(a formal disagreement is a disagreement: missing, never scored; default off)")
    p.set_defaults(func=cmd_score)

    p = sub.add_parser("instance", help="describe any instance; with --baseline compute a verified baseline reference")
    p.add_argument("family", help="family key")
    p.add_argument("--params", required=True, help="instance parameters as a JSON object")
    p.add_argument("--baseline", action="store_true", help="run the family's documented baseline algorithm and "
                                                            "verify its result with both verifiers (default off)")
    p.add_argument("--budget-s", type=float, default=300.0, help="wall-clock budget of the baseline run in seconds "
                                                                 "(default 300)")
    p.add_argument("--output", metavar="FILE", help="write the baseline's witness here, with its record in index.json "
                                                    "beside it, for audit --witnesses (default: not written)")
    p.add_argument("--suite-out", metavar="FILE", help="add the instance with its reference to this suite file "
                                                       "(created if absent; default: none)")
    p.add_argument("--tier", default="U1", help="tier of the call id in --suite-out (default U1)")
    p.add_argument("--json", action="store_true", help="print one JSON object (default: text)")
    p.add_argument("--time-limit", type=float, default=60.0, help=TIME_HELP)
    p.add_argument("--memory-limit", type=float, default=4.0, help=MEMORY_HELP)
    p.set_defaults(func=cmd_instance)

    p = sub.add_parser("report", help="compare scored runs (Table-2 style)")
    p.add_argument("scores", nargs="+", help="scores.json files written by score (one or more runs)")
    p.add_argument("--format", choices=("md", "csv", "json"), default="md",
                   help="md (with the per-call table; rendered on a terminal, raw when piped), csv (one table per "
                        "file: summary.csv, groups.csv and calls.csv in the --output directory) or json (default md)")
    p.add_argument("--table", choices=("summary", "groups", "calls", "diff", "table2"),
                   help="with --format csv: only this table, to --output FILE or standard output (default: every "
                        "table, one file each, into --output DIR; diff is the table of --diff); table2 (the "
                        "paper's Table 2, one row per run) works with every format")
    p.add_argument("--raw", action="store_true",
                   help="print raw markdown even on a terminal (default: rendered on a terminal, raw when piped)")
    p.add_argument("--diff", action="store_true",
                   help="show the calls whose verdict or ratio changed from A to B (default off)")
    p.add_argument("--plot", metavar="DIR",
                   help="also write the figures as PNG, SVG and PDF into DIR (needs the plot extra; default: none)")
    p.add_argument("--html", metavar="FILE",
                   help="also write one self-contained HTML report to FILE (needs the plot extra; default: none)")
    p.add_argument("--answers", nargs="+", metavar="ANSWERS",
                   help="the answers file of each scores file, in the same order, for the output tokens of the "
                        "score-against-tokens figure (checked against the run's answers_sha256; default: none)")
    p.add_argument("--output", help="write the report to this file (default, or -: standard output); with --format "
                                    "csv and no --table, the directory for the table files")
    p.set_defaults(func=cmd_report)
    return parser


def _silence_stdout() -> None:
    """Point stdout at /dev/null so that the interpreter's final flush cannot raise on the closed pipe."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse exits 2 on usage errors and 0 on --help
        return int(exc.code or 0)
    from endless_exam.checker.scoring import interrupts

    previous = interrupts.install()      # SIGTERM ends a command like SIGINT: clean-up first, exit 143
    try:
        return args.func(args)
    except UsageError as exc:
        print(f"endless-exam: error: {exc}", file=sys.stderr)
        return EXIT_ERROR
    except BrokenPipeError:   # the reader closed the pipe (``| head``): end quietly, as other tools do
        _silence_stdout()
        return EXIT_OK
    except KeyboardInterrupt as exc:     # every verifier process is stopped; exit 130 (SIGINT) or 143 (SIGTERM)
        print(f"endless-exam: {'terminated' if isinstance(exc, interrupts.Terminated) else 'interrupted'}",
              file=sys.stderr)
        return interrupts.stop(exc)
    except Exception as exc:  # never exit 1 ("rejected") because of a bug
        print(f"endless-exam: internal error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return EXIT_ERROR
    finally:
        interrupts.restore(previous)     # an in-process caller keeps its own SIGTERM handling


if __name__ == "__main__":
    sys.exit(main())
