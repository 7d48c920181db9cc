"""Run both verifiers on one answer, each in its own fresh process with wall-clock and memory limits.

Processes. Each verifier has a zygote (``endless_exam.certificates.zygote``): a warm parent started once
per run, lazily, as ``python -I -m endless_exam.certificates.zygote`` (isolated: the caller's working
directory and ``PYTHON*`` variables never reach it; it runs in ``/``), that has imported the verifier's
worker module (``endless_exam.checker.verify.worker`` for the primary, ``endless_exam.crosscheck.worker`` for
the second) and, before the first request of each family, what its ``preload(families)`` names for that
family (only that: ``score`` warms each family once; the CLI's one-answer ``verify`` asks for no warming,
``warm=False``, and its child imports only what the answer needs). Every request forks one fresh child
from it: the child
starts its own session (process group), gets the parent-death signal (it dies with the zygote), sets
``RLIMIT_AS`` (the memory limit), ``RLIMIT_CPU`` (a backstop a little above the wall clock) and no core
dumps, and runs the worker protocol on pipes that the harness hands over (``SCM_RIGHTS``). The zygote dies
with the harness: it watches its control socket, whose other end closes when the harness exits however
it dies, and has a parent-death signal too; then it kills every child's process group. The harness
enforces the wall clock and kills the child's process group when it expires. A zygote that died is
restarted for the next request; a request it took with it is an ERROR, never a hang.

Verdicts of a process, decided by what the harness itself enforced or observed:
* the wall clock it enforced expired -> TIMEOUT (``TIME_LIMIT``); time during which the verifier was
  stopped (SIGSTOP, SIGTSTP: state T in /proc/PID/stat, looked at every 0.5 s) or the harness itself was
  stopped (Ctrl-Z of the whole job: its poll returned more than 2 s late) is given back to the deadline;
  stopped for more than ``MAX_STOPPED_S`` in all, the verifier is killed and is an ERROR, never a TIMEOUT;
* an outer hard RLIMIT_AS / RLIMIT_CPU tighter than the limits asked for (``isolation.outer_limit_problem``)
  -> ERROR before anything runs: a limit set outside never makes a LIMIT or TIMEOUT;
* the CPU-time rlimit it set fired (SIGXCPU, or SIGKILL at the hard limit with the CPU time used to
  reach it) -> TIMEOUT (``TIME_LIMIT``);
* a MemoryError inside the worker under the RLIMIT_AS it set (a LIMIT verdict from the worker, or a
  traceback ending in MemoryError) -> LIMIT (``MEMORY_LIMIT``);
* any other death — a signal the harness did not send (an administrator's kill, the kernel's OOM
  killer acting for other load), an abort, an exit without a result, a lost zygote — is an ERROR
  (``VERIFIER_CRASHED``): infrastructure, missing from a score and redone on resume.
The scorer never crashes because a verifier did.

Tests choose other worker modules (fault injection) by passing a ``Worker`` with extra ``sys.path``
entries in-process (``run_worker(Worker(...), ...)`` or by setting ``PRIMARY``/``SECOND``); nothing of
the kind is read from the environment or the command line.

Combination: a REJECT whose reason carries a witness is re-checked by the OTHER verifier (``op: witness``,
both re-checks at once); then ``checker.verify.combine.combine``, the one statement of the trust rule, makes one
result of the two verdicts and the re-checks.
"""
from __future__ import annotations

import atexit
import json
import math
import os
import queue
import select
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, replace
from typing import Any, Callable

from endless_exam.certificates import isolation
from endless_exam.certificates.bounded import clip
from endless_exam.certificates.budget import DEFAULT_MEMORY_LIMIT, DEFAULT_TIME_LIMIT   # the default budget
from endless_exam.certificates.verdict import Status, Verdict

from endless_exam.checker.verify.combine import Combined, WitnessCheck, combine, needs_recheck

__all__ = ["Combined", "Worker", "verify", "run_worker", "shutdown", "kill_all", "zygote_pid"]

PRIMARY = "endless_exam.checker.verify.worker"
SECOND = "endless_exam.crosscheck.worker"
ZYGOTE = "endless_exam.certificates.zygote"
ZYGOTE_START_TIMEOUT = 300.0   # seconds for a zygote to import its verifier's libraries
_SEND_TIMEOUT = 60.0           # seconds a zygote may take to accept a request
#: the most wall-clock time a stopped verifier (SIGSTOP, SIGTSTP: Ctrl-Z) or a stopped harness is given back;
#: stopped longer, the verifier is killed and its verdict is ERROR (missing, redone on resume), never TIMEOUT
MAX_STOPPED_S = 600.0
_WATCH = 0.5                   # seconds between two looks at the verifier's state (/proc/PID/stat)
_GRACE = 5.0                   # seconds to collect a process's output and status after it ended or was killed
MAX_OUTPUT = 64 * 1024 ** 2    # bytes of stdout a verifier may write (a verdict is far smaller)
_STDERR_TAIL = 64 * 1024


@dataclass(frozen=True)
class Worker:
    """A verifier process: the installed module that serves one request on stdin/stdout (like
    ``python -m``), and directories put first on its zygote's ``sys.path`` (tests only: the
    fault-injection workers in tests/helpers). Passed in-process, never read from the environment."""
    module: str
    sys_path: tuple[str, ...] = ()


def _as_worker(worker: str | Worker) -> Worker:
    if isinstance(worker, Worker):
        return worker
    if isinstance(worker, str):
        return Worker(worker)
    raise TypeError(f"not a worker: {worker!r}")


def _env() -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env.update(isolation.VERIFIER_ENV)
    return env


# ---- starting zygotes from one long-lived thread ---------------------------------------------------

class _Spawner:
    """Starts zygote processes from one thread that lives as long as the process. Linux sends the
    parent-death signal when the *thread* that forked a process ends, so a zygote started from a
    short-lived thread (verify's per-call threads, a scorer's pool) would die with that thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._queue: queue.Queue = queue.Queue()
        self._thread: threading.Thread | None = None

    def _loop(self) -> None:
        while True:
            fn, box, done = self._queue.get()
            try:
                box["value"] = fn()
            except BaseException as exc:  # handed back to the caller
                box["error"] = exc
            done.set()

    def call(self, fn: Callable[[], Any]) -> Any:
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._loop, name="endless-exam-zygote-spawner", daemon=True)
                self._thread.start()
        box: dict = {}
        done = threading.Event()
        self._queue.put((fn, box, done))
        done.wait()
        if "error" in box:
            raise box["error"]
        return box["value"]


_SPAWNER = _Spawner()


class ZygoteError(Exception):
    pass


class _Zygote:
    """The harness's end of one verifier's zygote."""

    def __init__(self, worker: Worker) -> None:
        self.worker = worker
        self.lock = threading.Lock()
        self.sock: socket.socket | None = None
        self.proc: subprocess.Popen | None = None
        self.pid: int | None = None
        self.warmed: set[str] = set()     # families this zygote has been asked to load (certificates.zygote)
        self.in_flight = 0                # requests handed over and not yet over
        self.warming = False
        self.idle = threading.Condition(self.lock)

    def _alive(self) -> bool:
        return self.sock is not None and self.proc is not None and self.proc.poll() is None

    def _start(self) -> None:
        parent, child = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        errfile = tempfile.TemporaryFile()
        try:
            try:
                proc = _SPAWNER.call(lambda: subprocess.Popen(
                    [sys.executable, "-I", "-m", ZYGOTE], stdin=child.fileno(), stdout=subprocess.DEVNULL,
                    stderr=errfile, cwd="/", env=_env(), start_new_session=True, close_fds=True))
            finally:
                child.close()
        except (OSError, subprocess.SubprocessError, ValueError) as exc:
            parent.close()
            errfile.close()
            raise ZygoteError(f"cannot start the zygote of {self.worker.module}: {exc}") from None
        try:
            parent.settimeout(ZYGOTE_START_TIMEOUT)
            parent.send(json.dumps({"module": self.worker.module, "sys_path": list(self.worker.sys_path),
                                    "harness_pid": os.getpid(), "families": []}).encode("utf-8"))
            reply = parent.recv(1 << 16)
            parent.settimeout(_SEND_TIMEOUT)    # a zygote that stops taking requests is replaced, never waited for
            data = json.loads(reply) if reply else None
        except (OSError, ValueError) as exc:
            data = {"error": f"{type(exc).__name__}: {exc}"}
        if not (isinstance(data, dict) and data.get("ready") is True):
            parent.close()
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
            errfile.seek(0)
            tail = errfile.read()[-2000:].decode("utf-8", "replace").strip().splitlines()[-1:]
            errfile.close()
            why = data.get("error") if isinstance(data, dict) else None
            why = why or (tail[0] if tail else f"it exited with status {proc.returncode} before it was ready")
            raise ZygoteError(f"cannot start {self.worker.module}: {why}")
        errfile.close()
        self.sock, self.proc, self.pid = parent, proc, data.get("pid")
        self.warmed = set()

    def _warm(self, family: Any) -> None:
        """Have the zygote load ``family``'s modules once, before the first request of that family is forked
        (outside any answer's time limit). A failure to load is left to the child to report as a verdict;
        a zygote that cannot take the message, or can no longer fork safely, is stopped (and restarted)."""
        if not isinstance(family, str) or family in self.warmed or self.sock is None:
            return
        self.warmed.add(family)
        try:
            self.sock.settimeout(ZYGOTE_START_TIMEOUT)
            self.sock.send(json.dumps({"warm": [family]}).encode("utf-8"))
            reply = self.sock.recv(1 << 16)
            self.sock.settimeout(_SEND_TIMEOUT)
            data = json.loads(reply) if reply else None
        except (OSError, ValueError):
            data = None
        if not isinstance(data, dict) or data.get("fatal"):
            self._stop()

    def stop(self) -> None:
        with self.lock:
            self._stop()

    def _stop(self) -> None:
        if self.sock is not None:
            self.sock.close()        # EOF: the zygote kills its children and exits
            self.sock = None
        if self.proc is not None:
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
            self.proc = None
            self.pid = None

    def submit(self, request: dict, fds: list[int], family: Any = None) -> None:
        """Hand one request (and the child's pipe ends) to the zygote, starting or restarting it, and having
        it load ``family`` first if it has not yet. Call ``done`` when the request is over."""
        data = json.dumps(request).encode("ascii")
        last: Exception | None = None
        with self.lock:
            while self.warming:
                self.idle.wait()
            for attempt in (1, 2):
                if not self._alive():
                    self._stop()
                    self._start()
                if isinstance(family, str) and family not in self.warmed:
                    self._warm_when_idle(family)
                    if not self._alive():
                        self._stop()
                        if attempt == 1:
                            continue
                        raise ZygoteError(f"the zygote of {self.worker.module} died while loading family {family!r}")
                try:
                    socket.send_fds(self.sock, [data], fds)
                    self.in_flight += 1
                    return
                except OSError as exc:
                    last = exc
                    self._stop()          # it died since the last request: once more with a new one
            raise ZygoteError(f"the zygote of {self.worker.module} does not take requests: {last}")

    def _warm_when_idle(self, family: str) -> None:
        """Warm ``family`` once no request of this zygote is in flight (and none starts meanwhile): while it
        imports, the zygote reports no child's exit, which must not count against a running answer's clock."""
        self.warming = True
        try:
            while self.in_flight:
                self.idle.wait()
            self._warm(family)
        finally:
            self.warming = False
            self.idle.notify_all()

    def done(self) -> None:
        """One request handed over by ``submit`` is over."""
        with self.lock:
            self.in_flight -= 1
            self.idle.notify_all()


_ZYGOTES: dict[Worker, _Zygote] = {}
_ZYGOTES_LOCK = threading.Lock()


def _zygote(worker: Worker) -> _Zygote:
    with _ZYGOTES_LOCK:
        z = _ZYGOTES.get(worker)
        if z is None:
            z = _ZYGOTES[worker] = _Zygote(worker)
        return z


def zygote_pid(worker: str | Worker) -> int | None:
    """The pid of a worker's running zygote, if any (for tests and diagnostics)."""
    with _ZYGOTES_LOCK:
        z = _ZYGOTES.get(_as_worker(worker))
    return z.pid if z is not None and z._alive() else None


def shutdown(keep: Callable[[Worker], bool] = lambda w: False) -> None:
    """Stop the zygotes (all, or those ``keep`` does not keep); the next request starts a new one."""
    with _ZYGOTES_LOCK:
        chosen = [z for w, z in _ZYGOTES.items() if not keep(w)]
    for z in chosen:
        z.stop()


_LIVE: dict[int, str] = {}           # pid (= process group) of every running verifier child -> module
_LIVE_LOCK = threading.Lock()


_STOPPING = threading.Event()       # set by ``interrupt``: no new verifier process is started


def interrupt() -> None:
    """The command was interrupted: start no new verifier process, kill every running one and stop the
    zygotes, so that the threads waiting for verdicts end at once (an ERROR each, never a verdict)."""
    _STOPPING.set()
    kill_all()
    shutdown()


def resume() -> None:
    """Allow verifier processes again after ``interrupt`` (an in-process caller that goes on)."""
    _STOPPING.clear()


def kill_all() -> int:
    """Kill every verifier process still running (used when a scoring run is interrupted)."""
    with _LIVE_LOCK:
        pids = list(_LIVE)
    for pid in pids:
        try:
            os.killpg(pid, signal.SIGKILL)
        except OSError:
            pass
    return len(pids)


def _at_exit() -> None:
    kill_all()
    shutdown()


def _after_fork_in_child() -> None:
    """A process forked from one that uses the harness must not share its zygotes (nor kill its children):
    forget them, closing only this process's copies of the control sockets."""
    global _ZYGOTES_LOCK, _LIVE_LOCK, _SPAWNER, _STOPPING
    for z in _ZYGOTES.values():
        if z.sock is not None:
            try:
                z.sock.close()
            except OSError:
                pass
    _ZYGOTES.clear()
    _LIVE.clear()
    _ZYGOTES_LOCK, _LIVE_LOCK, _SPAWNER = threading.Lock(), threading.Lock(), _Spawner()
    _STOPPING = threading.Event()
    _BUSY[0] = 0


atexit.register(_at_exit)
os.register_at_fork(after_in_child=_after_fork_in_child)


# ---- one request -----------------------------------------------------------------------------------

@dataclass
class _Run:
    error: str | None = None          # the request could not be handed to a zygote
    started: bool = False             # the zygote forked a child (a pid was reported)
    pid: int | None = None
    status: int | None = None         # raw wait status
    cpu: float | None = None
    zygote_lost: bool = False         # the status pipe closed without a final status
    timed_out: bool = False
    too_much_output: bool = False
    stopped: float = 0.0              # seconds the verifier (or this process) was seen stopped: given back
    stopped_too_long: bool = False    # stopped longer than MAX_STOPPED_S: ERROR, never TIMEOUT
    out: bytes = b""
    err: bytes = b""
    seconds: float = 0.0


def _kill_group(pid: int | None) -> None:
    if pid is not None:
        try:
            os.killpg(pid, signal.SIGKILL)
        except OSError:
            pass


_BUSY = [0]                          # requests in progress (``busy``)


def busy() -> int:
    """How many requests are in progress (threads waiting for a verifier process)."""
    return _BUSY[0]


def _run_once(worker: Worker, data: bytes, time_limit: float, memory_limit: int, family: Any = None) -> _Run:
    with _LIVE_LOCK:
        _BUSY[0] += 1
    try:
        return _run_once_counted(worker, data, time_limit, memory_limit, family)
    finally:
        with _LIVE_LOCK:
            _BUSY[0] -= 1


def _run_once_counted(worker: Worker, data: bytes, time_limit: float, memory_limit: int, family: Any = None) -> _Run:
    run = _Run()
    if _STOPPING.is_set():
        run.error = "the command was interrupted"
        return run
    cpu_limit = isolation.cpu_limit(time_limit)
    pipes = [os.pipe() for _ in range(4)]      # stdin, stdout, stderr, status
    (in_r, in_w), (out_r, out_w), (err_r, err_w), (st_r, st_w) = pipes
    zygote = _zygote(worker)
    try:
        zygote.submit({"memory_limit": memory_limit, "cpu_limit": cpu_limit}, [in_r, out_w, err_w, st_w], family)
    except ZygoteError as exc:
        run.error = str(exc)
    finally:
        for fd in (in_r, out_w, err_w, st_w):
            os.close(fd)
    if run.error is not None:
        for fd in (in_w, out_r, err_r, st_r):
            os.close(fd)
        return run
    try:
        return _exchange(run, worker, data, time_limit, in_w, out_r, err_r, st_r)
    finally:
        zygote.done()


def _exchange(run: _Run, worker: Worker, data: bytes, time_limit: float, in_w: int, out_r: int, err_r: int,
              st_r: int) -> _Run:
    """Feed the request to the forked child, collect its output and status, enforce the wall clock."""
    started = time.perf_counter()
    deadline = started + time_limit
    end: float | None = None                    # set once the process is over (or killed): collect, then stop
    view = memoryview(data)
    pos = 0
    out, err, status_buf = bytearray(), bytearray(), b""
    poller = select.poll()
    open_fds = {out_r, err_r, st_r}
    for fd in open_fds:
        poller.register(fd, select.POLLIN)
    writing = bool(data)
    if writing:
        os.set_blocking(in_w, False)
        poller.register(in_w, select.POLLOUT)
    else:
        os.close(in_w)

    def stop_writing() -> None:
        nonlocal writing
        if writing:
            poller.unregister(in_w)
            os.close(in_w)
            writing = False

    def kill() -> None:
        nonlocal end
        _kill_group(run.pid)
        if end is None:
            end = time.perf_counter() + _GRACE

    looked = time.perf_counter()
    try:
        while open_fds:
            now = time.perf_counter()
            if run.status is None and end is None:
                # time the verifier spent stopped (SIGSTOP, Ctrl-Z), or this process spent stopped (its polls
                # returned far later than asked), is not the answer's time: it is given back, up to a limit
                held = _stopped_for(run.pid, now - looked)
                if held:
                    run.stopped += held
                    deadline += held
                    if run.stopped > MAX_STOPPED_S:
                        run.stopped_too_long = True
                        kill()
                looked = now
            if run.status is None and not run.timed_out and not run.stopped_too_long and now >= deadline:
                run.timed_out = True
                kill()
            if end is not None and now >= end:
                break
            limit = end if end is not None else min(deadline, now + _WATCH)
            asked = max(0.0, limit - now)
            for fd, events in poller.poll(int(asked * 1000) + 1):
                if fd == in_w:
                    if events & (select.POLLERR | select.POLLHUP | select.POLLNVAL):
                        stop_writing()
                        continue
                    try:
                        pos += os.write(in_w, view[pos:pos + (1 << 16)])
                    except BlockingIOError:
                        continue
                    except OSError:        # the process closed its stdin (or died): nothing more to send
                        stop_writing()
                        continue
                    if pos >= len(data):
                        stop_writing()
                    continue
                chunk = os.read(fd, 1 << 16)
                if not chunk:
                    poller.unregister(fd)
                    os.close(fd)
                    open_fds.discard(fd)
                    if fd == st_r and run.status is None:
                        run.zygote_lost = True
                        kill()
                    continue
                if fd == out_r:
                    out += chunk
                    if len(out) > MAX_OUTPUT and not run.too_much_output:
                        run.too_much_output = True
                        kill()
                elif fd == err_r:
                    err += chunk
                    if len(err) > 2 * _STDERR_TAIL:
                        del err[:-_STDERR_TAIL]
                else:
                    status_buf += chunk
                    *lines, status_buf = status_buf.split(b"\n")
                    for line in lines:
                        try:
                            msg = json.loads(line)
                        except ValueError:
                            continue
                        if not isinstance(msg, dict):
                            continue
                        if "pid" in msg and type(msg["pid"]) is int and run.pid is None:
                            run.pid, run.started = msg["pid"], True
                            with _LIVE_LOCK:
                                _LIVE[run.pid] = worker.module
                            if run.timed_out or _STOPPING.is_set():
                                _kill_group(run.pid)
                        elif "status" in msg:
                            run.status = msg["status"] if type(msg["status"]) is int else None
                            run.cpu = msg.get("cpu")
                            with _LIVE_LOCK:
                                _LIVE.pop(run.pid, None)
                            if run.status is None:
                                run.zygote_lost = True
                            if end is None:
                                end = time.perf_counter() + _GRACE
                        elif "error" in msg and run.pid is None:
                            run.error = f"the zygote of {worker.module} could not start a process: {msg['error']}"
            overslept = time.perf_counter() - now - asked
            if overslept > 2.0 and run.status is None and end is None:   # this process was stopped (Ctrl-Z)
                run.stopped += overslept
                deadline += overslept
    finally:
        if run.status is None:
            _kill_group(run.pid)
        with _LIVE_LOCK:
            _LIVE.pop(run.pid, None)
        if writing:
            os.close(in_w)
        for fd in open_fds:
            os.close(fd)
    run.seconds = time.perf_counter() - started
    run.out, run.err = bytes(out), bytes(err[-_STDERR_TAIL:])
    return run


def _stopped_for(pid: int | None, since: float) -> float:
    """``since`` seconds if the verifier ``pid`` is stopped now (state T or t in /proc/PID/stat), else 0."""
    if pid is None or since <= 0:
        return 0.0
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            stat_line = fh.read(4096)
        state = stat_line[stat_line.rindex(b")") + 2:][:1]
    except (OSError, ValueError):
        return 0.0
    return since if state in (b"T", b"t") else 0.0


def _user_name(module: str) -> str:
    """A verifier process in the user's terms (messages reach ``verify``'s output and scores.json)."""
    names = {PRIMARY: "the primary verifier", SECOND: "the second verifier (cross-check)"}
    return names.get(module, f"the verifier process {module}")


def _crashed(message: str) -> Verdict:
    return Verdict(Status.ERROR, reason="VERIFIER_CRASHED", message=clip(message))


def run_worker(module: str | Worker, header: dict, payload: bytes, time_limit: float,
               memory_limit: int, warm: bool = True) -> tuple[dict | None, Verdict | None, float]:
    """Run one request in a fresh verifier process; return (parsed result or None, failure verdict or None, wall seconds).
    With ``warm`` the zygote loads the family's modules and libraries first (once per zygote, for the
    requests that follow); without, the request's own process imports what its answer needs."""
    if not (isinstance(time_limit, (int, float)) and math.isfinite(time_limit) and time_limit > 0):
        return None, Verdict(Status.ERROR, reason="INTERNAL_ERROR", message=f"invalid time limit {time_limit!r}"), 0.0
    if not (type(memory_limit) is int and memory_limit > 0):
        return None, Verdict(Status.ERROR, reason="INTERNAL_ERROR", message=f"invalid memory limit {memory_limit!r}"), 0.0
    if (outer := isolation.outer_limit_problem(memory_limit, time_limit)) is not None:
        return None, Verdict(Status.ERROR, reason="VERIFIER_CRASHED", message=clip(f"not run: {outer}")), 0.0
    worker = _as_worker(module)
    name = _user_name(worker.module)
    data = json.dumps(header).encode("ascii") + b"\n" + payload
    family = header.get("family") if warm and isinstance(header, dict) else None
    run = _run_once(worker, data, time_limit, memory_limit, family)
    if run.error is None and not run.started and not run.timed_out:
        run = _run_once(worker, data, time_limit, memory_limit, family)   # the zygote died before forking: retry once
    seconds = run.seconds
    if run.error is not None:
        return None, _crashed(run.error), seconds
    if run.stopped_too_long:
        return None, _crashed(f"{name} was stopped (SIGSTOP or Ctrl-Z) for more than {MAX_STOPPED_S:g} s; "
                              "its answer was not decided (missing, never a TIMEOUT)"), seconds
    if run.timed_out:
        return None, Verdict(Status.TIMEOUT, reason="TIME_LIMIT",
                             message=f"{name} did not finish within the time limit of {time_limit:g} s "
                                     "(--time-limit; wall-clock)"), seconds
    if run.too_much_output:
        return None, _crashed(f"{name} wrote more than {MAX_OUTPUT} bytes of output"), seconds
    if run.status is None:
        return None, _crashed(f"{name} was lost: its zygote (the verifier's parent process) died"), seconds
    rc = os.waitstatus_to_exitcode(run.status)
    tail = run.err.decode("utf-8", "replace").strip().splitlines()[-1:]
    if rc < 0:
        sig = -rc
        cpu_limit = isolation.cpu_limit(time_limit)
        # a CPU-time death is a TIMEOUT only when the CPU time the zygote measured shows that the limit
        # the harness set was reached: an external SIGXCPU (or SIGKILL) is an ERROR like any other kill
        if run.cpu is not None and ((sig == signal.SIGXCPU and run.cpu >= cpu_limit - 0.5) or (
                sig == signal.SIGKILL and run.cpu >= cpu_limit + isolation.CPU_HARD_MARGIN - 0.5)):
            return None, Verdict(Status.TIMEOUT, reason="TIME_LIMIT",
                                 message=f"{name} used up its {cpu_limit} s of CPU time (the CPU-time "
                                         f"limit that goes with --time-limit {time_limit:g})"), seconds
        try:
            signame = signal.Signals(sig).name
        except ValueError:
            signame = str(sig)
        if sig == signal.SIGKILL:
            detail = "a SIGKILL the harness did not send (an administrator, or the kernel's OOM killer)"
        else:
            detail = f"signal {signame}"
        return None, _crashed(f"{name} died ({detail}){': ' + tail[0] if tail else ''}"), seconds
    if rc != 0:
        if tail and "MemoryError" in tail[0]:
            return None, Verdict(Status.LIMIT, reason="MEMORY_LIMIT", message=f"{name} ran out of memory (--memory-limit "
                                 f"{memory_limit / 1024 ** 3:g} GiB)"), seconds
        return None, _crashed(f"{name} died (exit status {rc}){': ' + tail[0] if tail else ''}"), seconds
    try:
        result = json.loads(run.out.decode("utf-8").strip().splitlines()[-1])
    except (ValueError, IndexError):
        return None, _crashed(f"{name} produced no result"), seconds
    if not isinstance(result, dict):
        return None, _crashed(f"{name} produced a malformed result"), seconds
    return result, None, seconds


def _libraries(result: dict | None) -> dict[str, str]:
    libs = result.get("libraries") if isinstance(result, dict) else None
    if isinstance(libs, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in libs.items()):
        return dict(libs)
    return {}


def _verdict(module: str | Worker, header: dict, payload: bytes, time_limit: float,
             memory_limit: int, warm: bool) -> tuple[Verdict, float, dict[str, str]]:
    """(verdict, wall seconds, libraries the process loaded) of one check request."""
    result, failure, seconds = run_worker(module, header, payload, time_limit, memory_limit, warm)
    if failure is not None:
        return failure, seconds, {}
    try:
        verdict = Verdict.from_json(result["verdict"])
        return replace(verdict, message=clip(verdict.message)), seconds, _libraries(result)
    except Exception as exc:  # anything a broken verifier prints is an ERROR, never a harness crash
        return (Verdict(Status.ERROR, reason="VERIFIER_CRASHED",
                        message=f"{_as_worker(module).module} returned a malformed verdict: {exc}"), seconds, {})


def verify(family: str, params: dict, payload: bytes, kind: str = "file", *,
           time_limit: float = DEFAULT_TIME_LIMIT, memory_limit: int = DEFAULT_MEMORY_LIMIT,
           formal: bool = False, warm: bool = True) -> Combined:
    """Verify one answer with both verifiers and combine their verdicts; with ``formal``, add the z3
    oracle's opinion (``checker.verify.formal``). ``warm=False`` is for a process that verifies one answer
    (the CLI's ``verify``): the zygotes preload nothing, so a small answer that needs no numpy, FLINT or
    sympy never imports them; keep the default for many answers (each zygote then loads a family once)."""
    combined = _verify_pair(family, params, payload, kind, time_limit, memory_limit, warm)
    if not formal:
        return combined
    from endless_exam.checker.verify import formal as formal_check

    header = {"family": family, "params": params, "kind": kind}
    return formal_check.attach(combined, header, payload, time_limit, memory_limit,
                               lambda h, p, t, m: run_worker(SECOND, h, p, t, m))


def _verify_pair(family: str, params: dict, payload: bytes, kind: str, time_limit: float,
                 memory_limit: int, warm: bool) -> Combined:
    header = {"op": "check", "family": family, "params": params, "kind": kind}
    results: dict[str, tuple[Verdict, float, dict]] = {}

    def run(name: str, module: str | Worker) -> None:
        try:
            results[name] = _verdict(module, header, payload, time_limit, memory_limit, warm)
        except Exception as exc:  # a harness bug must become an ERROR verdict, not a lost thread
            results[name] = (Verdict(Status.ERROR, reason="INTERNAL_ERROR",
                                     message=f"harness failure: {type(exc).__name__}: {exc}"), 0.0, {})

    threads = [threading.Thread(target=run, args=("primary", PRIMARY)),
               threading.Thread(target=run, args=("second", SECOND))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    (p, ps, plibs), (s, ss, slibs) = results["primary"], results["second"]
    return combine(p, s, _rechecks(header, payload, p, s, time_limit, memory_limit, warm)).timed(ps, ss, plibs, slibs)


def _rechecks(header: dict, payload: bytes, p: Verdict, s: Verdict, time_limit: float,
              memory_limit: int, warm: bool) -> list[WitnessCheck]:
    """Re-check each witness (``combine.needs_recheck``) with the OTHER verifier, both at once."""
    jobs = [(name, own, other) for name, own, other in (("primary", p, SECOND), ("second", s, PRIMARY))
            if needs_recheck(own)]
    replies: dict[str, tuple] = {}

    def recheck(name: str, own: Verdict, other_module: str | Worker) -> None:
        wh = dict(header, op="witness", witness=own.witness)
        try:
            replies[name] = run_worker(other_module, wh, payload, time_limit, memory_limit, warm)
        except Exception as exc:  # never lose a thread: an unanswered re-check is not a confirmation
            replies[name] = (None, Verdict(Status.ERROR, reason="INTERNAL_ERROR", message=str(exc)), 0.0)

    workers = [threading.Thread(target=recheck, args=job) for job in jobs]
    for t in workers:
        t.start()
    for t in workers:
        t.join()
    checks = []
    for name, _own, _other in jobs:
        res, failure, _ = replies[name]
        holds = bool(res and res.get("holds") is True)
        note = clip(res.get("message")) if res else (failure.message if failure else "no result")
        checks.append(WitnessCheck(name, holds, note))
    return checks
