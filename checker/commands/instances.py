"""``instances``, ``instance``, ``prompt`` and ``export``: the suites, one new instance, and the prompts."""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from endless_exam.checker import __version__
from endless_exam.checker.commands.common import (EXIT_OK, EXIT_LIMIT, UsageError, check_family_name, dumps,
                                                  find_instance, limits)

def cmd_instances(args: argparse.Namespace) -> int:
    from endless_exam.checker.suites import instances as suites

    chosen = suites.load(args.suite) if args.suite else suites.all_instances()
    if args.family:
        check_family_name(args.family)
        chosen = tuple(i for i in chosen if i.family == args.family)
    if args.json:
        print(json.dumps({"version": __version__, "instances": [i.to_json() for i in chosen]}, indent=1))
        return EXIT_OK
    print(f"{'call id':<24} {'instance id':<30} {'params':<44} {'sense':<5} {'reference':>14} {'type':<12} {'bound':>14} {'kind':<10}")
    for i in chosen:
        mark = "" if i.implemented else "  [family not implemented yet]"
        ref = "-" if i.reference is None else _short(i.reference)
        bound = "-" if i.bound is None else _short(i.bound)
        print(f"{i.call_id:<24} {i.instance_id:<30} {dumps(i.params)[:44]:<44} {i.sense:<5} {ref:>14} "
              f"{i.reference_type or '-':<12} {bound:>14} {i.bound_kind or '-':<10}{mark}")
    missing = sorted({i.family for i in chosen if not i.implemented})
    print(f"\n{len(chosen)} instances; families not implemented yet: {', '.join(missing) if missing else 'none'}")
    return EXIT_OK


def _short(value: Any) -> str:
    text = str(value)
    if isinstance(value, int) and len(text) <= 14:
        return text
    return f"{float(value):.6g}"


def cmd_prompt(args: argparse.Namespace) -> int:
    from endless_exam.checker import prompts

    inst = find_instance(args.call_id)
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


def cmd_instance(args: argparse.Namespace) -> int:
    from endless_exam.checker.suites import new_instance

    time_limit, memory_limit = limits(args)
    try:
        return new_instance.run(args.family, args.params, want_baseline=args.baseline, output=args.output,
                                suite_out=args.suite_out, tier=args.tier, budget_s=args.budget_s,
                                time_limit=time_limit, memory_limit=memory_limit, as_json=args.json)
    except new_instance.InstanceError as exc:
        raise UsageError(str(exc)) from None
    except new_instance.BaselineFailed as exc:
        print(f"endless-exam: baseline failed: {exc}", file=sys.stderr)
        return EXIT_LIMIT
