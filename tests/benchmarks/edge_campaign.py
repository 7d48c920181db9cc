"""Issue 29's campaign: every command against every input/output collision and every closed standard stream.

Run:  .venv/bin/python tests/benchmarks/edge_campaign.py [--only collisions|streams]

Part 1 (collisions): the table of tests/cli/test_edges_paths.py (every command with outputs x every pair of
its paths, an input and an output or two outputs x the same name, ``..``, a symlink, a hard link), each run
as a real ``endless-exam`` process. A line is bad if the command exits other than 2 (lied), changes the
victim's bytes or inode (destroyed), or runs past the timeout (hung).

Part 2 (streams): each command, once with open streams (the reference exit code) and then with standard
output, standard error or both a pipe whose reader is gone, or closed at start (``>&-``). A line is bad if
the exit code differs from the reference (lied; a success whose reader left may end 0, as its reference),
a result file the reference wrote is missing (destroyed), or it runs past the timeout (hung).

Prints one line per case (command, case, exit code, destroyed?, hung?, lied?) and a summary; exits 1 if any
line is bad. CPU seconds of the children and the load average are printed at the end.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
EXE = Path(sys.executable).parent / "endless-exam"
TIMEOUT = 300.0

from tests.cli import test_edges_paths as table     # noqa: E402  (the collision table, one source)


# the children's streams buffered, as in a user's shell: with PYTHONUNBUFFERED (set in some runners'
# environments) output left in a buffer never meets the closed pipe at exit, and exit status 120 goes unseen
CHILD_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}


def _run(argv: list[str], cwd: Path, **kw) -> tuple[int | None, bool]:
    try:
        proc = subprocess.run(argv, cwd=cwd, stdin=subprocess.DEVNULL, timeout=TIMEOUT, env=CHILD_ENV, **kw)
        return proc.returncode, False
    except subprocess.TimeoutExpired:
        return None, True


def collisions(rows: list[tuple]) -> None:
    for param in table._cases():
        command, a, b, how = param.values
        with tempfile.TemporaryDirectory(prefix="ee-campaign-") as tmp:
            tmp_path = Path(tmp)
            argv, victim = table._argv(command, tmp_path, a, b, how)
            before, inode = victim.read_bytes(), victim.stat().st_ino
            code, hung = _run([str(EXE), *argv], tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            destroyed = not victim.exists() or victim.read_bytes() != before or victim.stat().st_ino != inode
            rows.append((command, f"{a} over {b} ({how})", code, destroyed, hung, code != 2 and not hung))


def _fixtures(work: Path) -> dict[str, list[str]]:
    """The command lines of part 2 (run in ``work``), with the result file each must write."""
    from endless_exam.checker.suites import instances as suites

    kakeya = suites.load("kakeya")
    (work / "length.jsonl").write_text("".join(json.dumps({"call_id": i.call_id, "finish_reason": "length"}) + "\n"
                                               for i in kakeya))
    (work / "short.jsonl").write_text("".join(json.dumps({"call_id": i.call_id, "finish_reason": "length"}) + "\n"
                                              for i in kakeya[:-1]))
    (work / "bad.json").write_text('["0000", "1111", "2222"]')
    wit = work / "wit"
    wit.mkdir()
    record = {"instance_id": "x", "family": "capset", "params": {"d": 4}, "reference": "20",
              "reference_type": "construction", "witness": "missing.json", "sha256": "0" * 64}
    (wit / "index.json").write_text(json.dumps({"version": "1", "records": [record] * 50}))
    (work / "dossier.json").write_text(json.dumps({"kind": "endless-exam-dossier", "family": "capset",
                                                   "params": {"d": 4}, "status": "ACCEPT", "objective": "3"}))
    subprocess.run([str(EXE), "score", "length.jsonl", "--suite", "kakeya", "--output", "ref-scores.json"],
                   cwd=work, capture_output=True, timeout=TIMEOUT)
    return {
        "instances": ["instances", "--suite", "kakeya"],
        "prompt": ["prompt", "k1-kakeya-0"],
        "export -": ["export", "--suite", "kakeya", "--output", "-"],
        "export FILE": ["export", "--suite", "kakeya", "--output", "{out}"],
        "verify (reject)": ["verify", "--family", "capset", "--params", '{"d": 4}', "bad.json"],
        "audit --witnesses (fails)": ["audit", "--witnesses", "wit"],
        "certify --check (differs)": ["certify", "bad.json", "--check", "dossier.json"],
        "certify (reject)": ["certify", "bad.json", "--family", "capset", "--params", '{"d": 4}', "--no-formal",
                             "--output", "{out}"],
        "score (complete)": ["score", "length.jsonl", "--suite", "kakeya", "--output", "{out}"],
        "score (incomplete)": ["score", "short.jsonl", "--suite", "kakeya", "--output", "{out}"],
        "report": ["report", "ref-scores.json"],
        "report --output": ["report", "ref-scores.json", "--output", "{out}"],
        "instance": ["instance", "capset", "--params", '{"d": 4}'],
    }


MODES = {
    "open": None,
    "stdout: closed pipe": "out-pipe",
    "stderr: closed pipe": "err-pipe",
    "both: closed pipe": "both-pipe",
    "stdout: closed at start": ">&-",
    "both: closed at start": ">&- 2>&-",
}


def _run_mode(argv: list[str], cwd: Path, mode: str | None) -> tuple[int | None, bool]:
    if mode is None:
        return _run(argv, cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if mode.endswith("pipe"):
        read, write = os.pipe()
        os.close(read)
        try:
            return _run(argv, cwd, stdout=write if mode in ("out-pipe", "both-pipe") else subprocess.DEVNULL,
                        stderr=write if mode in ("err-pipe", "both-pipe") else subprocess.DEVNULL)
        finally:
            os.close(write)
    line = " ".join("'" + part.replace("'", "'\\''") + "'" for part in argv)
    return _run(["bash", "-c", f"{line} {mode}"], cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def streams(rows: list[tuple]) -> None:
    with tempfile.TemporaryDirectory(prefix="ee-campaign-") as tmp:
        work = Path(tmp)
        for name, template in _fixtures(work).items():
            reference = None
            for n, (case, mode) in enumerate(MODES.items()):
                out = work / f"out-{abs(hash(name))}-{n}.json"
                argv = [str(EXE), *[p.replace("{out}", str(out)) for p in template]]
                code, hung = _run_mode(argv, work, mode)
                writes = "{out}" in template
                if mode is None:
                    reference = (code, out.exists())
                destroyed = writes and reference[1] and not out.exists()
                lied = not hung and code != reference[0]
                rows.append((name, case, code, destroyed, hung, lied))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", choices=("collisions", "streams"))
    args = ap.parse_args()
    started = time.perf_counter()
    rows: list[tuple] = []
    if args.only in (None, "collisions"):
        collisions(rows)
    if args.only in (None, "streams"):
        streams(rows)
    print(f"{'command':<28} {'case':<52} {'exit':>4}  {'destroyed?':<10} {'hung?':<6} {'lied?':<6}")
    bad = 0
    for command, case, code, destroyed, hung, lied in rows:
        flag = destroyed or hung or lied
        bad += flag
        print(f"{command:<28} {case[:52]:<52} {'-' if code is None else code:>4}  {'YES' if destroyed else 'no':<10} "
              f"{'YES' if hung else 'no':<6} {'YES' if lied else 'no':<6}{'   <-- BAD' if flag else ''}")
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(f"\n{len(rows)} cases, {bad} bad lines; children's CPU {children.ru_utime + children.ru_stime:.1f} s, "
          f"wall {time.perf_counter() - started:.0f} s, load average {open('/proc/loadavg').read().split()[:3]}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
