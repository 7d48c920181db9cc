"""The ``ray`` backend of ``score`` (``--backend ray``): the verifications of a run on a Ray cluster.

What runs where. The driver (the ``score`` command) does everything a local run does except the
verifications: it reads and frames the answers, decides the calls that need no verifier, reads each
remaining answer back (hash-checked, ``AnswersSource.read_value``) and hands its raw bytes to a Ray task.
The task runs on a worker machine and calls the same entry point as a local run,
``harness.verify`` (both verifiers, each in its own process forked from that worker's zygotes, with the
run's time and memory limits), and returns ``callrow.verification_fields`` of the result: plain JSON,
nothing else. The driver turns that into the row with ``call.verified_row`` and writes it
through the same ``Progress`` and ``Bar`` as a local run, so rows, the progress file, resume and
``scores.json`` are those of a local run: a run started with one backend resumes with the other (the
backend is not part of the run's header). Results are taken in completion order; at most ``in_flight``
tasks are submitted at a time (the driver holds at most that many answers), the answers file stays
streamed as in a local run.

Why the results can be trusted as much as local ones. Every task reports the checker version and a
fingerprint (SHA-256 of the installed ``endless_exam`` Python sources) of the worker's installation;
a worker whose code differs from the driver's stops the run (its verdicts would be another checker's).
The cluster itself is trusted like the machine that runs ``score``: whoever controls it controls the
verdicts. A Ray failure (a worker or node died, a lost object, a cancelled or unschedulable task,
Ray's own memory monitor, any ``RayError``) is an infrastructure ERROR row, exactly like a crashed
verifier in a local run: missing, never a verdict, redone on resume. Tasks are never retried by Ray
(``max_retries=0``): the next run redoes them.

Ray is optional (``pip install 'endless-exam-checker[ray]'``) and imported only here, only for this
backend. ``address`` follows ``ray.init(address=...)``: None = ``RAY_ADDRESS``, else the cluster last
started on this machine with ``ray start``, else a new local instance with every CPU of this machine;
``auto`` = an existing cluster only; ``local`` = always a new local instance; ``HOST:PORT`` or
``ray://HOST:PORT`` = that cluster (refused at once when it does not accept a TCP connection within
``CONNECT_TIMEOUT``: ``ray.init`` would retry it for minutes). A process that is already connected (``ray.is_initialized()``,
e.g. a test) is used as it is and left connected; otherwise the connection is shut down at the end.
"""
from __future__ import annotations

import importlib.util
import re
from typing import Any, Callable

from endless_exam.checker import __version__
from endless_exam.checker.scoring import interrupts
from endless_exam.checker.scoring import ray_reaper
from endless_exam.checker.scoring.fingerprint import code_fingerprint

MAX_IN_FLIGHT = 4096


class RayBackendError(Exception):
    """The ray backend cannot run (not installed, no cluster, a worker with other code)."""


def require() -> None:
    """Fail early, with a stable message, when ray is not installed."""
    if importlib.util.find_spec("ray") is None:
        raise RayBackendError("the ray backend needs the ray package, which is not installed: "
                              "pip install 'endless-exam-checker[ray]' (or use --backend local)")


def verify_task(family: str, params: dict, payload: bytes, kind: str, time_limit: float, memory_limit: int,
                formal: bool) -> dict:
    """The body of one Ray task, run on the worker: the local path's verification, as plain JSON."""
    from endless_exam.checker.verify import harness
    from endless_exam.checker.scoring.callrow import verification_fields

    res = harness.verify(family, params, payload, kind, time_limit=time_limit, memory_limit=memory_limit,
                         formal=formal)
    return {"checker": __version__, "code": code_fingerprint(), "fields": verification_fields(res, formal)}


CONNECT_TIMEOUT = 10.0     # seconds for the TCP check of a HOST:PORT address


def _unreachable(address: str | None) -> str | None:
    """Why a concrete ``HOST:PORT`` (or ``ray://HOST:PORT``) address cannot be reached, or None (also for
    ``auto``, ``local``, no address or anything else ``ray.init`` resolves itself). Checked first because
    ``ray.init`` retries an unreachable address for minutes, and does not see Ctrl-C while it does."""
    import socket

    if not address or "://" in address and not address.startswith("ray://"):
        return None
    hostport = address[len("ray://"):] if address.startswith("ray://") else address
    host, sep, port = hostport.rpartition(":")
    host = host[1:-1] if host.startswith("[") and host.endswith("]") else host
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        return None
    try:
        with socket.create_connection((host, int(port)), timeout=CONNECT_TIMEOUT):
            return None
    except OSError as exc:
        return f"cannot reach a Ray cluster at {address}: {exc.strerror or type(exc).__name__}"


_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


def _describe(exc: BaseException) -> str:
    """One line about a Ray failure: its type, and for an exception raised inside the task that one."""
    cause = getattr(exc, "cause", None)
    inner = exc if not isinstance(cause, BaseException) else cause
    lines = [line for line in _ANSI.sub("", str(inner)).strip().splitlines() if line.strip()]
    head = type(exc).__name__ if inner is exc else f"{type(exc).__name__}: {type(inner).__name__}"
    return f"{head}{': ' + lines[0].strip()[:500] if lines else ''}"


class Session:
    """A connection to a Ray cluster for one run (``with Session(address, log) as s: ...``)."""

    def __init__(self, address: str | None, log: Callable[[str], None]) -> None:
        self.address, self.log = address, log
        self.ray = None
        self.owned = False
        self.task = None
        self.reaper: ray_reaper.Reaper | None = None     # the sentinel of an instance this driver started

    def __enter__(self) -> "Session":
        require()
        import ray

        self.ray = ray
        if ray.is_initialized():
            self.log("ray: using the Ray instance this process is already connected to")
        else:
            unreachable = _unreachable(self.address)
            if unreachable is not None:
                raise RayBackendError(unreachable)
            self.reaper = ray_reaper.Reaper().start()    # what ray.init starts dies with this driver
            try:
                ray.init(address=self.address, include_dashboard=False)
            except Exception as exc:   # ConnectionError, ValueError, ... : a usage error, never a traceback
                self.reaper.close()
                where = f"at {self.address}" if self.address else "(address from ray.init's defaults)"
                raise RayBackendError(f"cannot connect to a Ray cluster {where}: {type(exc).__name__}: "
                                      f"{str(exc).strip().splitlines()[0] if str(exc).strip() else ''}") from None
            self.owned = True
            interrupts.install()       # ray.init replaced the SIGTERM handler (exit 1, no clean-up): take it back
        try:
            cpus = int(ray.cluster_resources().get("CPU", 0))
        except Exception as exc:
            self.close()
            raise RayBackendError(f"cannot read the Ray cluster's resources: {type(exc).__name__}: {exc}") from None
        if cpus < 1:
            self.close()
            raise RayBackendError("the Ray cluster has no CPU to run verifications on")
        self.cpus = cpus
        self.task = ray.remote(num_cpus=1, max_retries=0)(verify_task)
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        if self.ray is not None and self.owned:
            self.owned = False
            self.ray.shutdown()
        if self.reaper is not None:
            self.reaper.close()

    def default_in_flight(self) -> int:
        return max(2, min(MAX_IN_FLIGHT, 2 * self.cpus))


def dispatch(session: Session, todo: list, by_call: dict, *, track: str, time_limit: float, memory_limit: int,
             formal: bool, source, record: Callable[[Any], None], stopped: Callable[[], None],
             in_flight: int) -> None:
    """Verify ``todo`` on the cluster; ``record(row)`` every result as it completes (the local path's
    progress/bar code). Raises ``KeyboardInterrupt``, ``AnswersChangedError`` or ``RayBackendError``
    after cancelling every task still running and calling ``stopped()`` (no further row is recorded)."""
    from endless_exam.checker.scoring import call
    from endless_exam.checker.scoring.callrow import Verified

    ray = session.ray
    pending: dict = {}          # ObjectRef -> record
    driver_code = code_fingerprint()

    def collect(ref) -> None:
        rec = pending.pop(ref)
        inst = by_call[rec.call_id]
        try:
            reply = ray.get(ref)
        except ray.exceptions.RayError as exc:     # a lost worker, node, object, ...: infrastructure
            record(call.failure_row(rec, inst, f"ray task failed: {_describe(exc)}"))
            return
        if type(reply) is not dict or reply.get("checker") != __version__ or reply.get("code") != driver_code:
            got = reply.get("checker") if type(reply) is dict else None
            raise RayBackendError(f"a Ray worker runs other checker code (version {got!r}, this driver "
                                  f"{__version__!r}, or other sources): install the same endless-exam-checker "
                                  "on every node")
        try:
            row = call.verified_row(rec, inst, Verified.from_json(reply["fields"]))
        except Exception as exc:   # a malformed reply must not lose the other results
            row = call.failure_row(rec, inst, f"scorer error: {type(exc).__name__}: {exc}")
        record(row)

    try:
        for rec in todo:
            inst = by_call[rec.call_id]
            decided = call.decide_without_verification(rec, inst, track)
            if decided is not None:
                record(decided)
                continue
            while len(pending) >= in_flight:
                ready, _ = ray.wait(list(pending), num_returns=1)
                for ref in ready:
                    collect(ref)
            kind, payload = call.verification_payload(rec, source)
            ref = session.task.remote(inst.family, inst.params, payload, kind, time_limit, memory_limit, formal)
            del payload
            pending[ref] = rec
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1)
            for ref in ready:
                collect(ref)
    except BaseException:
        stopped()
        for ref in pending:
            try:
                ray.cancel(ref, force=True)      # kills the worker process; its zygotes and verifiers die with it
            except Exception:
                pass
        raise
