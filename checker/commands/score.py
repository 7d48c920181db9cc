"""``score``: an answers file scored into scores.json (the scorer is ``checker.scoring.score``)."""
from __future__ import annotations

import argparse
import sys

from endless_exam.checker.commands.common import EXIT_OK, EXIT_ERROR, EXIT_DISAGREE, UsageError, MAX_JOBS, limits, available_cpus

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
    time_limit, memory_limit = limits(args)
    try:
        jobs = args.jobs if args.jobs is not None or args.backend == "ray" else available_cpus()
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
