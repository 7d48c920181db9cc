"""Stop what a Ray driver started, however the driver ends (also SIGKILL).

``ray.init`` without a cluster starts a local Ray instance (GCS, raylet, agents, workers) as the
driver's descendants. ``ray.shutdown`` stops them on a normal end or after SIGINT/SIGTERM, but after a
SIGKILL of the driver, Ray's agents noticed only after 35-95 s. ``start()`` launches a small sentinel
process (its own session, so that it outlives the driver) that watches the driver: every second it
records the driver's descendants that were not there before it started (pid and start time, from
/proc); when the driver's pipe closes (the
driver ended, however), it kills every recorded process that still runs with the same start time (so a
reused pid is never hit), and exits. Only descendants of the driver are ever touched: a cluster the
driver merely connected to is not.
"""
from __future__ import annotations

import os
import subprocess
import sys

_SENTINEL = r"""
import os, select, signal, sys, time
driver = int(sys.argv[1])
before = {int(p) for p in sys.argv[2].split(",") if p}     # the driver's processes from before: not Ray's
def table():
    out = {}
    for e in os.listdir("/proc"):
        if e.isdigit():
            try:
                with open(f"/proc/{e}/stat") as fh:
                    f = fh.read().rsplit(")", 1)[1].split()
                out[int(e)] = (int(f[1]), f[19])     # parent pid, start time
            except (OSError, ValueError, IndexError):
                pass
    return out
known = {}
while True:
    t = table()
    found, frontier = set(), {driver}
    while frontier:
        frontier = {p for p, (ppid, _) in t.items() if ppid in frontier} - found
        found |= frontier
    found.discard(os.getpid())
    for p in found - before:
        known[p] = t[p][1]
    ready, _, _ = select.select([0], [], [], 1.0)
    if ready and not os.read(0, 4096):
        break
time.sleep(0.5)          # a normal end: ray.shutdown has already stopped them; give it a moment
t = table()
for p, start in known.items():
    if p in t and t[p][1] == start:
        try:
            os.kill(p, signal.SIGKILL)
        except OSError:
            pass
"""


def _descendants(root: int) -> set[int]:
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as fh:
                    parents[int(entry)] = int(fh.read().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
    found, frontier = set(), {root}
    while frontier:
        frontier = {p for p, ppid in parents.items() if ppid in frontier} - found
        found |= frontier
    return found


class Reaper:
    """The sentinel of one driver; ``close`` (or the driver's end) lets it clean up and exit."""

    def __init__(self) -> None:
        self.proc: subprocess.Popen | None = None

    def start(self) -> "Reaper":
        """Start the sentinel (before ``ray.init``: only processes that appear after this are Ray's)."""
        if sys.platform.startswith("linux") and self.proc is None:
            before = ",".join(str(p) for p in _descendants(os.getpid()))
            self.proc = subprocess.Popen([sys.executable, "-I", "-c", _SENTINEL, str(os.getpid()), before],
                                         stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                         start_new_session=True, close_fds=True, cwd="/")
        return self

    def close(self) -> None:
        """Let the sentinel finish now (after ``ray.shutdown``); it does not wait for it."""
        if self.proc is not None and self.proc.stdin is not None:
            try:
                self.proc.stdin.close()
            except OSError:
                pass
