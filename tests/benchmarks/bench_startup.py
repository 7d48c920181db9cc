"""Start-up of the command line, timed from outside (a script, not a test): ``python -m tests.benchmarks.bench_startup``.

Runs whole commands of the installed ``endless-exam`` (next to this interpreter) and prints, per command,
the median wall seconds and CPU seconds (user + system of the command and every process it waited for:
the CLI, both zygotes and their verifier processes, from ``os.wait4``) over ``-n`` runs after one warm-up:
``--version``, ``--help``, ``verify`` of a trivial valid answer (a 4-point cap of F_3^4) and of a rejected one
(a line: both witness re-checks run too). ``--vs EXE`` times another ``endless-exam`` (say, an older
checkout's) in turn with it, run by run, and prints the ratios. Results: ``tests/benchmarks/README.md``.
Compile the bytecode first (``python -m compileall -q checker certificates crosscheck``) when
``PYTHONDONTWRITEBYTECODE`` is set, as an installed copy has it.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path


def _time(argv: list[str], env: dict | None = None) -> tuple[float, float, int]:
    """(wall s, cpu s, exit status) of one run, output discarded (``env``: its environment, default ours)."""
    devnull = os.open(os.devnull, os.O_RDWR)
    started = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        try:
            os.dup2(devnull, 0)
            os.dup2(devnull, 1)
            os.dup2(devnull, 2)
            os.execve(argv[0], argv, os.environ if env is None else env)
        finally:
            os._exit(127)
    os.close(devnull)
    _pid, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - started
    return wall, usage.ru_utime + usage.ru_stime, os.waitstatus_to_exitcode(status)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=7, help="timed runs per command (default 7)")
    parser.add_argument("--vs", metavar="EXE", help="another endless-exam to time in turn (the baseline)")
    parser.add_argument("--exe", default=str(Path(sys.executable).parent / "endless-exam"),
                        help="the endless-exam to time (default: the one next to this interpreter)")
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="bench-startup-"))
    good, bad = tmp / "cap.json", tmp / "line.json"
    good.write_text('["0000", "0001", "0010", "0011"]')
    bad.write_text('["0000", "1111", "2222"]')
    verify = ["verify", "--family", "capset", "--params", '{"d": 4}']
    commands = {"--version": ["--version"], "--help": ["--help"], "verify (accept)": verify + [str(good)],
                "verify (reject)": verify + [str(bad)]}
    exes = [args.exe] + ([args.vs] if args.vs else [])
    print(f"load average {os.getloadavg()[0]:.2f}; {os.cpu_count()} CPUs; median of {args.n} runs")
    for name, tail in commands.items():
        runs: dict[str, list[tuple[float, float, int]]] = {exe: [] for exe in exes}
        for k in range(args.n + 1):
            for exe in exes:
                result = _time([exe, *tail])
                if k:                              # the first round is a warm-up
                    runs[exe].append(result)
        for label, exe in zip(("A", "B"), exes):
            walls, cpus = [r[0] for r in runs[exe]], [r[1] for r in runs[exe]]
            codes = sorted({r[2] for r in runs[exe]})
            print(f"{name:<16} {label} wall {statistics.median(walls):.3f} s  cpu {statistics.median(cpus):.3f} s"
                  f"  exit {codes}  ({exe})")
        if args.vs:
            a, b = runs[args.exe], runs[args.vs]
            print(f"{name:<16} A/B wall {statistics.median(x[0] / y[0] for x, y in zip(a, b)):.3f}  "
                  f"cpu {statistics.median(x[1] / y[1] for x, y in zip(a, b)):.3f}")


if __name__ == "__main__":
    main()
