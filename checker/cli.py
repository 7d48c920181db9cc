"""The ``endless-exam`` command line: the parser and the dispatch; each command is a module of
``checker/commands/``.

Exit codes (part of the contract, tested): 0 accepted / success, 1 rejected (or, for ``audit``, some
construction not accepted), 2 error, usage error, time or memory limit, 3 verifier disagreement.
"""
from __future__ import annotations

import argparse
import sys

from endless_exam.certificates.budget import DEFAULT_MEMORY_GIB, DEFAULT_TIME_LIMIT   # constants only

from endless_exam.checker import __version__
from endless_exam.checker.commands.audit import cmd_audit
from endless_exam.checker.commands.certify import cmd_certify
from endless_exam.checker.commands.common import (EXIT_ERROR, EXIT_OK, FORMAL_HELP, MAX_JOBS, MEMORY_HELP, TIME_HELP,
                                                  UsageError, available_cpus, silence_stdout, suite_arg)
from endless_exam.checker.commands.instances import cmd_export, cmd_instance, cmd_instances, cmd_prompt
from endless_exam.checker.commands.report import cmd_report
from endless_exam.checker.commands.score import _print_score_summary, cmd_score  # noqa: F401  (tests call it here)
from endless_exam.checker.commands.verify import cmd_verify

# Imports are local to the commands that need them: ``--help``, ``--version`` and a usage error load
# nothing but argparse and the command modules (which import nothing heavy at load).


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="endless-exam", description="Exact, dual-verified checker for the Endless Exam benchmark.")
    parser.add_argument("--version", action="version", version=f"endless-exam {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("instances", help="list suite instances (default: every suite)")
    p.add_argument("--suite", type=suite_arg, help="only this suite (default: all suites)")
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
    p.add_argument("--suite", type=suite_arg, help="rows for this suite only (default: all suites)")
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
    p.add_argument("--suite", type=suite_arg, default="bench-v1", help="suite to export (default bench-v1)")
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
    p.add_argument("--suite", type=suite_arg, default="bench-v1",
                   help="the suite the call ids belong to (default bench-v1)")
    p.add_argument("--track", choices=("tool-free", "tool-assisted"), default="tool-free",
                   help="track of the answers (default tool-free)")
    p.add_argument("--allow-partial", action="store_true",
                   help="score the calls present as a subset score (default: every call must be answered)")
    p.add_argument("--jobs", type=int, default=None,
                   help=f"answers verified at a time, 1 to {MAX_JOBS} (default: the CPUs available to this process, "
                        f"{available_cpus()} here); with --backend ray: tasks in flight on the cluster, 1 to 4096 "
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
        silence_stdout()
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
