"""``report``: scores files read back and rendered as markdown, CSV, JSON, figures or HTML."""
from __future__ import annotations

import argparse
import json
import os
import sys

from endless_exam.checker import __version__
from endless_exam.checker.commands.common import EXIT_OK, UsageError, refuse_outputs

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
    refuse_outputs(_report_outputs(args), paths)     # before anything is read or written
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

        refuse_outputs([(args.html, "html report")], paths)
        outputs.write_text(args.html, html_report(runs))
        print(f"wrote the HTML report to {args.html}", file=sys.stderr)
    if args.plot:
        from endless_exam.checker.reporting.plots import plot

        directory = Path(args.plot)
        if directory.exists() and not directory.is_dir():
            raise UsageError(f"--plot {args.plot} is not a directory")
        written = plot(runs, directory, check=lambda path: refuse_outputs([(path, "figure")], paths))
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
    refuse_outputs([(str(t), f"{t.stem} table") for t in targets], [])
    for target, text in zip(targets, tables.values()):
        outputs.write_text(str(target), text)
    print(f"wrote {len(targets)} tables to {output}: {', '.join(t.name for t in targets)}", file=sys.stderr)
    return EXIT_OK


def _print_markdown(text: str) -> None:
    """Markdown for a person at a terminal: rendered with rich (headings, aligned tables)."""
    from rich.console import Console
    from rich.markdown import Markdown

    Console(soft_wrap=False).print(Markdown(text))
