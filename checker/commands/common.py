"""What every command shares: the exit codes, the usage error, the verifier limits and their ranges, reading an
answer file, refusing outputs that may not be written, and the names a user types (families, suites)."""
from __future__ import annotations

import argparse
import json
import math
import sys
from typing import TYPE_CHECKING, Any

from endless_exam.certificates.budget import DEFAULT_MEMORY_GIB, DEFAULT_TIME_LIMIT   # constants only

from endless_exam.checker.suites.names import SUITES

if TYPE_CHECKING:
    from pathlib import Path

# the exit codes (docs/cli.md): 0 ok, 1 rejected, 2 usage error, 3 the verifiers disagree, 4 undecided (a time or
# memory limit, a verifier crash, an internal error); 130 / 143 after SIGINT / SIGTERM (scoring.interrupts)
EXIT_OK, EXIT_REJECT, EXIT_ERROR, EXIT_DISAGREE, EXIT_LIMIT = 0, 1, 2, 3, 4
EXIT_USAGE = EXIT_ERROR


# keyed by the status values (Status is a str enum: Status.ACCEPT looks up "ACCEPT")
EXIT_BY_STATUS = {"ACCEPT": EXIT_OK, "REJECT": EXIT_REJECT, "ERROR": EXIT_LIMIT, "TIMEOUT": EXIT_LIMIT,
                  "LIMIT": EXIT_LIMIT, "DISAGREE": EXIT_DISAGREE}


class UsageError(Exception):
    pass


def dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=False, separators=(", ", ": "))


def check_family(family: str, params: dict) -> dict:
    from endless_exam.certificates.errors import ParamsError
    from endless_exam.certificates.params import validate as validate_params

    from endless_exam.certificates.contract import FAMILIES

    if not FAMILIES[family].implemented:
        raise UsageError(f"family {family!r} is not implemented yet")
    try:
        return validate_params(family, params)
    except ParamsError as exc:
        raise UsageError(f"invalid parameters for {family}: {exc}") from None


def read_answer(path: str) -> bytes:
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


TIME_LIMIT_RANGE = (0.1, 86_400.0)       # seconds per verifier per answer


MEMORY_LIMIT_RANGE = (0.5, 1024.0)       # GiB per verifier per answer (below 0.5 a verifier cannot start)


MAX_JOBS = 64


FORMAL_HELP = ("also run the z3 oracle as a formal third opinion where the answer is small enough "
               "(a formal disagreement is a disagreement; default off)")


TIME_HELP = (f"seconds per verifier per answer, {TIME_LIMIT_RANGE[0]:g} to {TIME_LIMIT_RANGE[1]:g} "
             f"(default {DEFAULT_TIME_LIMIT:g})")


MEMORY_HELP = (f"GiB of memory per verifier per answer, {MEMORY_LIMIT_RANGE[0]:g} to {MEMORY_LIMIT_RANGE[1]:g} "
               f"(default {DEFAULT_MEMORY_GIB:g})")


def limits(args: argparse.Namespace) -> tuple[float, int]:
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
    from endless_exam.certificates.isolation import outer_limit_problem

    if (why := outer_limit_problem(int(m * 1024 ** 3), t)) is not None:    # no zero made from outside
        raise UsageError(why)
    return t, int(m * 1024 ** 3)


def did_you_mean(name: str, choices=None) -> str:
    """`` (did you mean 'x'?)`` for the closest of ``choices`` (default: the family keys), or ''."""
    import difflib

    if choices is None:
        from endless_exam.certificates.contract import FAMILIES

        choices = FAMILIES
    close = difflib.get_close_matches(str(name), list(choices), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def check_family_name(family: str) -> None:
    """A usage error naming the closest family key unless ``family`` is one."""
    from endless_exam.certificates.contract import FAMILIES

    if family not in FAMILIES:
        raise UsageError(f"unknown family {family!r}{did_you_mean(family)}; known: {', '.join(FAMILIES)}")


def find_instance(key: str):
    """The suite instance with call id or instance id ``key`` (``suites.find``), else a usage error with the
    closest call id or instance id."""
    from endless_exam.checker.suites import instances as suites

    try:
        return suites.find(key)
    except KeyError as exc:
        names = [n for i in suites.all_instances() for n in (i.call_id, i.instance_id)]
        raise UsageError(f"{exc.args[0]}{did_you_mean(key, names)}") from None


def plot_dir_arg(value: str) -> str:
    """``report --plot DIR``: a directory name; ``-`` (standard output) and an empty name are usage errors."""
    if value == "-":
        raise argparse.ArgumentTypeError("--plot writes PNG, SVG and PDF files into a directory: give a directory "
                                         "name, not - (standard output)")
    if not value:
        raise argparse.ArgumentTypeError("--plot needs a directory name")
    return value


def writable(path: str, what: str, source: str | None = None) -> Path:
    """``path`` as a Path if it may be written (``outputs.refusal``), else a usage error."""
    from pathlib import Path

    refuse_outputs([(path, what)], [source] if source else [])
    return Path(path)


def refuse_outputs(outs: list[tuple[str, str]], inputs: list[str]) -> None:
    """Usage error (exit 2) unless every ``(path, what)`` output may be written (``outputs.check_all``)."""
    from endless_exam.checker.files import outputs

    why = outputs.check_all(outs, inputs)
    if why is not None:
        raise UsageError(why)


def suite_arg(value: str) -> str:
    """``--suite``: a bundled suite's name or a suite file (checked by ``suites.suite_arg``, loaded only when used)."""
    if value in SUITES:
        return value
    from endless_exam.checker.suites import instances as suites

    try:
        return suites.suite_arg(value)
    except argparse.ArgumentTypeError as exc:
        if value.endswith(".json") or "/" in value:
            raise
        raise argparse.ArgumentTypeError(f"{exc}{did_you_mean(value, SUITES)}") from None


def available_cpus() -> int:
    """The CPUs this process may run on (its affinity mask, as a container or taskset sets it), at most MAX_JOBS."""
    import os

    try:
        n = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        n = os.cpu_count() or 1
    return max(1, min(MAX_JOBS, n))


def silence_stream(stream=None) -> None:
    """Point ``stream`` (default stdout) at /dev/null so that the interpreter's final flush of what
    is still buffered cannot raise on the closed pipe (which would end the process with status 120 instead
    of the command's own exit code)."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, (sys.stdout if stream is None else stream).fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):     # AttributeError: the stream was closed at start (None)
        pass
