"""Every path a command touches, classified once: what it reads (inputs) and what it writes (outputs).

One rule for every command (``check``, run by ``cli.main`` before the command does any work):

* every output may be written (``outputs.refusal``: it does not exist or is a regular file, its directory
  exists) and it is none of the command's inputs under any name (same real path, so also through a symlink
  or ``..``; same inode, so also through a hard link);
* no two outputs are the same file (``outputs.clash``);
* every input that exists and is a document the command parses whole (a suite file, a scores file, a
  dossier, a witness index) is a regular file: a FIFO, a device (``/dev/zero``) or a directory is refused
  before it is opened, so no read can hang or run without end. Answers may come from a pipe (``-``, or a
  process substitution): their readers stop at a size limit.

Inputs are: answers (``score``, ``verify``, ``certify``), ``--suite`` files, scores files and their
``--answers`` (``report``), the dossier of ``certify --check``, the witness directory of ``audit
--witnesses`` (its ``index.json``). Outputs are: ``--output`` (and for ``score`` OUTPUT.progress.jsonl and
OUTPUT.lock; for ``instance`` the ``index.json`` beside the witness), ``--markdown``, ``--suite-out``,
``--html``, the figures of ``--plot DIR`` and the tables of ``report --format csv --output DIR``.
``instance --suite-out`` reads the suite file it updates: it is an output (never another input).
"""
from __future__ import annotations

import argparse
import os
import stat

from endless_exam.checker.files import outputs  # the write rule; this module lists the paths

#: (path, what) pairs
Paths = list[tuple[str, str]]


def _given(path) -> bool:
    return isinstance(path, str) and path not in ("", "-")


def _suite_input(args: argparse.Namespace) -> Paths:
    from endless_exam.checker.suites.names import SUITES

    suite = getattr(args, "suite", None)
    return [(suite, "suite file")] if _given(suite) and suite not in SUITES else []


def classify(args: argparse.Namespace) -> tuple[Paths, Paths]:
    """``(inputs, outputs)`` of the command in ``args`` (parsed by ``cli.build_parser``)."""
    command = getattr(args, "command", None)
    inputs: Paths = []
    outs: Paths = []
    if command == "score":
        inputs += [(args.answers, "answers file")] if _given(args.answers) else []
        inputs += _suite_input(args)
        if _given(args.output):
            outs += [(args.output, "output"), (args.output + ".progress.jsonl", "progress file"),
                     (args.output + ".lock", "lock file")]
    elif command == "export":
        inputs += _suite_input(args)
        if _given(args.output):
            outs.append((args.output, "output"))
    elif command in ("instances", "audit"):
        inputs += _suite_input(args)
        if command == "audit" and _given(args.witnesses):
            inputs.append((os.path.join(args.witnesses, "index.json"), "witness index"))
    elif command == "verify":
        inputs += [(args.answer, "answer file")] if _given(args.answer) else []
    elif command == "certify":
        inputs += [(args.answer, "answer file")] if _given(args.answer) else []
        if _given(args.check):
            inputs.append((args.check, "dossier"))
        else:
            outs += [(p, what) for p, what in ((args.output, "dossier"), (args.markdown, "markdown dossier"))
                     if _given(p)]
    elif command == "instance":
        if _given(args.output):
            outs += [(args.output, "witness"),
                     (os.path.join(os.path.dirname(args.output) or ".", "index.json"), "witness index")]
        if _given(args.suite_out):
            outs.append((args.suite_out, "suite file (--suite-out)"))
    elif command == "report":
        from endless_exam.checker.commands.report import report_outputs

        inputs += [(p, "scores file") for p in args.scores if _given(p)]
        inputs += [(p, "answers file") for p in (args.answers or ()) if _given(p)]
        outs += report_outputs(args)
    return inputs, outs


#: inputs read whole as one JSON document: never a FIFO or a device
_DOCUMENTS = {"suite file", "scores file", "dossier", "witness index"}


def input_refusal(path: str, what: str) -> str | None:
    """Why the input ``path`` may not be read, or None (a missing file is left to the command's own message)."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    if what in _DOCUMENTS and not stat.S_ISREG(st.st_mode):
        kind = "a directory" if stat.S_ISDIR(st.st_mode) else "not a regular file (a device, FIFO or socket)"
        return f"the {what} {path} is {kind}; refusing to read it"
    return None


def refusal(inputs: Paths, outs: Paths) -> str | None:
    """The first reason the command may not run with these paths, or None."""
    for path, what in inputs:
        if (why := input_refusal(path, what)) is not None:
            return why
    input_paths = [p for p, _what in inputs]
    for path, what in outs:
        why = outputs.refusal(path, what, inputs=input_paths)
        if why is not None:
            for p, w in inputs:       # name the kind of input
                why = why.replace(f"the input file {p}", f"the input file {p} (the {w})")
            return why
    return outputs.clash(outs)


def check(args: argparse.Namespace) -> str | None:
    """``refusal`` for the command in ``args``: run before the command does any work."""
    inputs, outs = classify(args)
    return refusal(inputs, outs)
