"""``audit``: the bundled reference constructions (or a directory of witnesses) verified by both verifiers."""
from __future__ import annotations

import argparse
import json
import sys

from endless_exam.checker import __version__
from endless_exam.checker.commands.common import EXIT_OK, EXIT_REJECT, UsageError, limits, did_you_mean

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
    from endless_exam.checker.scoring.callrow import result_json

    from endless_exam.checker.audit import table as audit_table

    time_limit, memory_limit = limits(args)
    if args.family is not None and args.family not in FAMILIES:
        raise UsageError(f"unknown family {args.family!r}{did_you_mean(args.family)}; known: {', '.join(FAMILIES)}")
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
            core = result_json(inst, res)
            rows.append({
                "construction": c.name, "call_id": inst.call_id if inst else None,
                "instance_id": c.instance_id, "family": c.family, "params": c.params,
                "status": core["status"], "objective": core["objective"],
                "claimed_objective": c.objective, "reference": core.get("reference"),
                "ratio": core.get("ratio"), "verifiers": f"{res.primary.status.value}/{res.second.status.value}",
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
