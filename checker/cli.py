"""The ``endless-exam`` command line: the parser and the dispatch; each command is a module of
``checker/commands/``.

Exit codes (part of the contract, tested; the table is docs/cli.md): 0 accepted / success, 1 rejected (or, for
``audit``, some construction or witness not accepted), 2 usage error (the command line, a file or a name the
user gave), 3 verifier disagreement, 4 undecided: a time or memory limit, a verifier crash or an internal
error; 130 / 143 interrupted (SIGINT / SIGTERM).
"""
from __future__ import annotations

import argparse
import sys

from endless_exam.certificates.bounded import clip
from endless_exam.certificates.budget import DEFAULT_MEMORY_GIB, DEFAULT_TIME_LIMIT   # constants only

from endless_exam.checker import __version__
from endless_exam.checker.commands.audit import cmd_audit
from endless_exam.checker.commands.certify import cmd_certify
from endless_exam.checker.commands.common import (EXIT_ERROR, EXIT_LIMIT, EXIT_OK, FORMAL_HELP, MAX_JOBS, MEMORY_HELP, TIME_HELP,
                                                  UsageError, available_cpus, plot_dir_arg, silence_stream, suite_arg)
from endless_exam.checker.commands.instances import cmd_export, cmd_instance, cmd_instances, cmd_prompt
from endless_exam.checker.commands.report import cmd_report
from endless_exam.checker.commands.score import _print_score_summary, cmd_score  # noqa: F401  (tests call it here)
from endless_exam.checker.commands.verify import cmd_verify

# Imports are local to the commands that need them: ``--help``, ``--version`` and a usage error load
# nothing but argparse and the command modules (which import nothing heavy at load).


EXAMPLES: dict[str, list[str]] = {'instances': ['endless-exam instances --suite bench-v1', 'endless-exam instances --family capset', 'endless-exam instances --suite size-series --json'],
    'verify': ['endless-exam verify --family capset --params \'{"d": 4}\' mycap.json', 'endless-exam verify --instance a3-capset-11 fixtures/constructions/capset/d9.json', 'endless-exam verify --instance a3-capset-11 answer.json --json'],
    'audit': ['endless-exam audit --family capset', 'endless-exam audit --suite bench-v1 --family labs', 'endless-exam audit --witnesses w --suite mine.json'],
    'certify': ['endless-exam certify cap.json --instance a3-capset-11 --output dossier.json', 'endless-exam certify cap.json --instance a3-capset-11 --check dossier.json'],
    'prompt': ['endless-exam prompt a3-capset-11', 'endless-exam prompt a3-capset-11 --track tool-assisted'],
    'export': ['endless-exam export --output prompts.jsonl', 'endless-exam export --suite mine.json --output prompts.jsonl --model-inputs-only'],
    'score': ['endless-exam score answers.jsonl --output run.json', 'endless-exam score fixtures/examples/answers.jsonl --output run.json --allow-partial', 'endless-exam score answers.jsonl --output subset.json --only a3-capset-11 a3-schur-1'],
    'instance': ['endless-exam instance capset --params \'{"d": 7}\'', 'endless-exam instance capset --params \'{"d": 7}\' --baseline --output w/capset-d7.json --suite-out mine.json'],
    'report': ['endless-exam report run.json', 'endless-exam report run.json --format json --output report.json', 'endless-exam report a.json b.json --answers a.jsonl --answers b.jsonl --plot figures/'],
    'run': ['endless-exam run --model mockllm/model --limit 3 --output mock-run', 'endless-exam run --model openai/gpt-4.1 --output runs/gpt-4.1', 'endless-exam run --model openai/gpt-4.1 --track tool-assisted --sandbox local --output runs/gpt-4.1-tools --only a3-lineq-4']}


def _examples(command: str) -> dict:
    """The examples of a subcommand's ``--help`` (its epilog), kept as written."""
    lines = "\n".join(f"  {line}" for line in EXAMPLES[command])
    return {"epilog": f"examples:\n{lines}\n\nexit codes: 0 ok, 1 rejected, 2 usage error, 3 disagreement, "
                      "4 time/memory limit or verifier error (docs/cli.md)",
            "formatter_class": argparse.RawDescriptionHelpFormatter}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="endless-exam", description="Exact, dual-verified checker for the Endless Exam benchmark.")
    parser.add_argument("--version", action="version", version=f"endless-exam {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("instances", **_examples("instances"), help="list suite instances (default: every suite)")
    p.add_argument("--suite", type=suite_arg, help="only this suite (default: all suites)")
    p.add_argument("--family", help="only this family (default: all families)")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table (default: table)")
    p.set_defaults(func=cmd_instances)

    p = sub.add_parser("verify", **_examples("verify"), help="verify one answer with both verifiers")
    p.add_argument("--instance", help="call id or instance id of a suite instance (looked up in every suite)")
    p.add_argument("--family", help="family key (with --params), for any instance")
    p.add_argument("--params", help="instance parameters as a JSON object (with --family)")
    p.add_argument("--json", action="store_true", help="print one JSON object (default: text)")
    p.add_argument("--time-limit", type=float, default=DEFAULT_TIME_LIMIT, help=TIME_HELP)
    p.add_argument("--memory-limit", type=float, default=DEFAULT_MEMORY_GIB, help=MEMORY_HELP)
    p.add_argument("--formal", action="store_true", help=FORMAL_HELP)
    p.add_argument("answer", help="answer file (bare answer, {\"answer\": ...} or raw model text); - for stdin")
    p.set_defaults(func=cmd_verify)

    p = sub.add_parser("audit", **_examples("audit"), help="verify every bundled reference construction with both verifiers "
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

    p = sub.add_parser("certify", **_examples("certify"), help="write a self-contained dossier certifying one construction")
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

    p = sub.add_parser("prompt", **_examples("prompt"), help="print the prompt of one call")
    p.add_argument("call_id", help="call id or instance id (looked up in every suite)")
    p.add_argument("--track", choices=("tool-free", "tool-assisted"), default="tool-free",
                   help="prompt track (default tool-free)")
    p.set_defaults(func=cmd_prompt)

    p = sub.add_parser("export", **_examples("export"), help="write prompts.jsonl for a suite (default suite bench-v1)")
    p.add_argument("--output", required=True, help="prompts.jsonl to write")
    p.add_argument("--suite", type=suite_arg, default="bench-v1", help="suite to export (default bench-v1)")
    p.add_argument("--track", choices=("tool-free", "tool-assisted"), default="tool-free",
                   help="prompt track (default tool-free)")
    p.add_argument("--model-inputs-only", action="store_true",
                   help="write only what a model sees, no references (default: full records)")
    p.add_argument("--allow-partial", action="store_true",
                   help="export only the calls of implemented families (default: refuse if any is missing)")
    p.set_defaults(func=cmd_export)

    p = sub.add_parser("score", **_examples("score"), help="score answers.jsonl with both verifiers (default suite bench-v1)")
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

    p = sub.add_parser("instance", **_examples("instance"), help="describe any instance; with --baseline compute a verified baseline reference")
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

    p = sub.add_parser("report", **_examples("report"), help="compare scored runs (Table-2 style)")
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
    p.add_argument("--plot", metavar="DIR", type=plot_dir_arg,
                   help="also write the figures as PNG, SVG and PDF into DIR (needs the plot extra; default: none)")
    p.add_argument("--html", metavar="FILE",
                   help="also write one self-contained HTML report to FILE (needs the plot extra; default: none)")
    p.add_argument("--answers", action="append", metavar="ANSWERS",
                   help="the answers file of a scores file, once per scores file in the same order (--answers A "
                        "--answers B), for the output tokens of the score-against-tokens figure (checked against "
                        "the run's answers_sha256; default: none)")
    p.add_argument("--output", help="write the report to this file (default, or -: standard output); with --format "
                                    "csv and no --table, the directory for the table files")
    p.set_defaults(func=cmd_report)

    from .runner.cli_run import add_parser as add_run_parser   # run: checker/runner/ (inspect-ai loaded lazily)

    add_run_parser(sub, suite_arg, UsageError)
    for key, value in _examples("run").items():      # its examples, as every other command's
        setattr(sub.choices["run"], key, value)
    return parser


def _more_answers(parser: argparse.ArgumentParser, args: argparse.Namespace, extra: list[str]) -> None:
    """The old form ``report A B --answers a b``: ``--answers`` now takes one file per use, so ``b`` is left
    over; it is taken as the next answers file when that is unambiguous (every left-over is a file name and
    the answers then match the scores files one to one), else the usual usage error."""
    if (getattr(args, "command", None) == "report" and args.answers and not any(e.startswith("-") for e in extra)
            and len(args.answers) + len(extra) == len(args.scores)):
        args.answers += extra
        return
    parser.error(f"unrecognized arguments: {' '.join(extra)}")


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    try:
        args, extra = parser.parse_known_args(argv)
        if extra:
            _more_answers(parser, args, extra)
    except SystemExit as exc:  # argparse exits 2 on usage errors and 0 on --help
        return int(exc.code or 0)
    from endless_exam.checker.files import streams
    from endless_exam.checker.scoring import interrupts

    previous = interrupts.install()      # SIGTERM ends a command like SIGINT: clean-up first, exit 143
    saved_streams = streams.guard()      # a closed stdout/stderr never ends a command nor changes its exit code
    code = EXIT_ERROR
    try:
        code = _run(args)
        return code
    finally:
        out_lost, err_lost = streams.restore(saved_streams)     # lost before or in the final flush
        if out_lost:
            silence_stream()             # the interpreter's final flush cannot raise on the closed pipe
            if code != EXIT_OK and not err_lost:
                _say(f"endless-exam: standard output was closed before the command finished; exit code {code} "
                     "stands")
        if err_lost:
            silence_stream(sys.stderr)   # the same for standard error (text still buffered there would end
                                         # the process with status 120 at the interpreter's final flush)
        interrupts.restore(previous)     # an in-process caller keeps its own SIGTERM handling


def _say(text: str) -> None:
    """A last word on standard error, outside the guarded streams: if stderr turns out closed too, it is
    pointed at /dev/null, so that the interpreter's final flush of the unsent text cannot turn the exit
    code into 120."""
    try:
        print(text, file=sys.stderr)
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):
        silence_stream(sys.stderr)


def _run(args: argparse.Namespace) -> int:
    from endless_exam.checker.scoring import interrupts

    try:
        from endless_exam.checker.commands import paths

        why = paths.check(args)      # every input and output of the command, before any work
        if why is not None:
            raise UsageError(why)
        return args.func(args)
    except UsageError as exc:
        print(f"endless-exam: error: {clip(str(exc))}", file=sys.stderr)
        return EXIT_ERROR
    except BrokenPipeError:   # a pipe written past the guarded streams: the outcome is unknown, never success
        silence_stream()
        _say("endless-exam: error: a closed pipe stopped the command before it finished")
        return EXIT_ERROR
    except KeyboardInterrupt as exc:     # every verifier process is stopped; exit 130 (SIGINT) or 143 (SIGTERM)
        print(f"endless-exam: {'terminated' if isinstance(exc, interrupts.Terminated) else 'interrupted'}",
              file=sys.stderr)
        return interrupts.stop(exc)
    except Exception as exc:  # never exit 1 ("rejected") because of a bug
        print(f"endless-exam: internal error: {type(exc).__name__}: {clip(str(exc))}", file=sys.stderr)
        return EXIT_LIMIT      # undecided: never 1 (rejected), never 2 (a usage error)


if __name__ == "__main__":
    sys.exit(main())
