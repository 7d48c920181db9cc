"""The fork server ("zygote") of one verifier: a warm parent that forks one fresh process per request.

The harness (``endless_exam.checker.verify.harness``) starts one zygote per verifier and run, lazily, as
``python -I -m endless_exam.certificates.zygote`` (isolated: neither the caller's directory nor any
``PYTHON*`` variable reaches it; it runs in ``/``), with its control socket (``AF_UNIX``,
``SOCK_SEQPACKET``) as standard input. This module is shared by both verifiers and imports nothing of
either: the second verifier's zygote never imports ``endless_exam.checker`` or the primary's libraries.

Protocol (one JSON object per socket message):

1. Configuration, harness -> zygote: ``{"module": M, "sys_path": [...], "harness_pid": P, "families":
   [...]}``. The zygote sets its parent-death signal, puts ``sys_path`` (empty except in tests, where it
   names the fault-injection workers' directory) first on ``sys.path``, imports the worker module ``M``
   and calls its ``preload(families)`` if it has one (the modules of those families and the libraries
   they name; a ``preload()`` without argument preloads everything), checks that it is single-threaded
   (it forks), freezes the garbage collector's heap and replies ``{"ready": true, "pid": ..., "threads":
   1}``, or ``{"error": ...}`` and exits.
1b. Warming, harness -> zygote, a message without file descriptors: ``{"warm": [family, ...]}``, sent
   before the first request of a family the zygote has not loaded yet. The zygote calls
   ``preload(families)`` and replies on the control socket ``{"warmed": true}`` or ``{"warmed": false,
   "error": ...}`` (the child then imports the family itself and reports the failure as a verdict); a
   zygote that is no longer single-threaded replies with ``"fatal": true`` and exits. So a zygote loads
   only what the families in front of it need (``verify`` of a capset answer never imports sympy), and
   a scoring run pays each family's imports once, in the zygote, outside any answer's time limit.
2. Requests, harness -> zygote: ``{"memory_limit": bytes, "cpu_limit": seconds}`` with four file
   descriptors (``SCM_RIGHTS``): the child's stdin, stdout and stderr, and a status pipe. The zygote
   forks; the child starts a new session (its own process group), sets its parent-death signal
   (SIGKILL: it dies with the zygote), sets ``RLIMIT_AS``, ``RLIMIT_CPU`` (soft ``cpu_limit``, hard
   ``cpu_limit + 2``; SIGXCPU is the harness's own CPU enforcement) and ``RLIMIT_CORE`` 0, moves the
   three pipes to fds 0-2, closes everything else of the zygote's and runs ``M`` as ``__main__``
   (``runpy``; the worker protocol is unchanged: one request on stdin, one reply on stdout), then
   ``os._exit``. The zygote writes ``{"pid": N}`` to the status pipe; when the child has exited, it
   kills the child's process group (before reaping, so the group id cannot be reused), reaps it and
   writes ``{"status": wait status, "cpu": seconds}``, then closes the status pipe. The harness enforces
   the wall clock and kills the child's process group on timeout.
3. End: EOF on the control socket (the harness exited, however it died: its end closes with it),
   SIGTERM or SIGHUP (also the zygote's parent-death signal), or, as a backstop checked at least
   every ``ORPHAN_CHECK_MS``, a parent that is no longer the harness (it was re-parented): the
   zygote kills every child's process group, reaps them and exits.
"""
from __future__ import annotations

# Recorded first: the top-level modules loaded by the interpreter's start-up are not libraries.
from . import worker as _worker  # noqa: I001

import gc
import importlib
import json
import os
import resource
import runpy
import select
import signal
import socket
import sys
import traceback
import warnings

from .isolation import CPU_HARD_MARGIN, VERIFIER_ENV

SETUP_FAILED = 70          # exit status of a child that could not prepare itself (EX_SOFTWARE)
_MAX_MESSAGE = 1 << 16
_PR_SET_PDEATHSIG = 1
ORPHAN_CHECK_MS = 1000     # a zygote checks at least this often that the harness is still its parent
_libc = None


def set_parent_death_signal(sig: int) -> bool:
    """Ask Linux to send ``sig`` to this process when its parent thread dies (``prctl(PR_SET_PDEATHSIG)``).

    Returns False where that does not exist (not Linux); raises OSError if the call fails.
    """
    global _libc
    if not sys.platform.startswith("linux"):
        return False
    if _libc is None:
        import ctypes

        _libc = ctypes.CDLL(None, use_errno=True)
    if _libc.prctl(_PR_SET_PDEATHSIG, sig, 0, 0, 0) != 0:
        import ctypes

        err = ctypes.get_errno()
        raise OSError(err, f"prctl(PR_SET_PDEATHSIG): {os.strerror(err)}")
    return True


def thread_count() -> int:
    try:
        return len(os.listdir("/proc/self/task"))
    except OSError:
        import threading

        return threading.active_count()


def _lower_limit(which: int, soft: int, hard: int) -> None:
    """Set an rlimit, never above an outer hard limit already in force."""
    top = (1 << 63) - 1
    soft, hard = min(soft, top), min(hard, top)
    _cur_soft, cur_hard = resource.getrlimit(which)
    if cur_hard != resource.RLIM_INFINITY:
        hard = min(hard, cur_hard)
        soft = min(soft, hard)
    resource.setrlimit(which, (soft, hard))


def set_limits(memory_limit: int, cpu_limit: int) -> None:
    _lower_limit(resource.RLIMIT_AS, memory_limit, memory_limit)
    _lower_limit(resource.RLIMIT_CPU, cpu_limit, cpu_limit + CPU_HARD_MARGIN)
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def _exit_code(code: object) -> int:
    if code is None:
        return 0
    if isinstance(code, int) and not isinstance(code, bool):
        return code & 0xFF
    try:
        sys.stderr.write(f"{code}\n")
    except Exception:
        pass
    return 1


def run_module(module: str) -> int:
    """Run ``module`` as ``__main__`` the way ``python -m`` would; return its exit status."""
    sys.argv = [module]
    code = 0
    try:
        with warnings.catch_warnings():
            # the zygote imported the module already (preload): runpy's warning about that would be the
            # first line of every verifier's stderr, and so the quoted last line of a crash message
            warnings.filterwarnings("ignore", message=r".* found in sys\.modules after import of package",
                                    category=RuntimeWarning)
            runpy.run_module(module, run_name="__main__", alter_sys=True)
    except SystemExit as exc:
        code = _exit_code(exc.code)
    except BaseException:  # an uncaught exception: traceback on stderr, exit status 1, as python does
        try:
            traceback.print_exc()
        except BaseException:
            pass
        code = 1
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BaseException:
            code = code or 120
    return code


class Zygote:
    def __init__(self, ctl: socket.socket, module: str, harness_pid: int | None = None,
                 mod: object = None) -> None:
        self.ctl = ctl
        self.module = module
        self.mod = mod
        self.harness_pid = harness_pid
        self.pid = os.getpid()
        self.children: dict[int, int] = {}       # child pid -> status pipe (write end)
        self.wake_r, self.wake_w = os.pipe()

    # ---- the loop ----------------------------------------------------------------------------------

    def serve(self) -> None:
        os.set_blocking(self.wake_w, False)
        signal.signal(signal.SIGCHLD, lambda *_: None)
        # From here on SIGTERM/SIGHUP only ask the loop to stop (the wakeup fd ends the poll): raised as an
        # exception they could cut short the shutdown that the harness's EOF (which arrives together with
        # the parent-death SIGTERM) has begun, leaving a verifier's own children alive.
        stop: list[int] = []
        for sig in (signal.SIGTERM, signal.SIGHUP):
            signal.signal(sig, lambda signum, _frame: stop.append(signum))
        signal.set_wakeup_fd(self.wake_w, warn_on_full_buffer=False)
        poller = select.poll()
        poller.register(self.ctl.fileno(), select.POLLIN)
        poller.register(self.wake_r, select.POLLIN)
        while True:
            events = poller.poll(ORPHAN_CHECK_MS)
            if stop:
                return
            if self.harness_pid is not None and os.getppid() != self.harness_pid:
                return          # backstop: the harness is gone but neither EOF nor SIGTERM got through
            for fd, _events in events:
                if fd == self.wake_r:
                    try:
                        os.read(self.wake_r, 4096)
                    except BlockingIOError:
                        pass
                    self.reap(block=False)
                elif not self.request():
                    return

    def request(self) -> bool:
        """Handle one control message; False on EOF (the harness is gone)."""
        try:
            msg, fds, _flags, _addr = socket.recv_fds(self.ctl, _MAX_MESSAGE, 8)
        except InterruptedError:
            return True
        except OSError:
            return False
        if not msg and not fds:
            return False
        if not fds:
            return self.warm(msg)
        if len(fds) != 4:
            for fd in fds:
                os.close(fd)
            return True
        stdin_r, stdout_w, stderr_w, status_w = fds
        try:
            req = json.loads(msg)
            memory_limit, cpu_limit = req["memory_limit"], req["cpu_limit"]
            if not (type(memory_limit) is int and memory_limit > 0 and type(cpu_limit) is int and cpu_limit > 0):
                raise ValueError(f"invalid limits {memory_limit!r}, {cpu_limit!r}")
            pid = os.fork()
        except Exception as exc:
            self._write(status_w, {"error": f"{type(exc).__name__}: {exc}"})
            for fd in fds:
                os.close(fd)
            return True
        if pid == 0:
            self.child(fds, memory_limit, cpu_limit)    # never returns
        for fd in (stdin_r, stdout_w, stderr_w):
            os.close(fd)
        self.children[pid] = status_w
        if not self._write(status_w, {"pid": pid}):     # the harness gave up on this request already
            self._killpg(pid)
        return True

    def warm(self, msg: bytes) -> bool:
        """``{"warm": [family, ...]}``: import those families' modules (and what they name in ``PRELOAD``)
        before the next request is forked, and reply on the control socket. A family that fails to load
        is the forked child's to report (it imports it again and fails with a verdict); a zygote that
        has started a thread cannot fork safely and exits."""
        try:
            families = json.loads(msg)["warm"]
            if not (isinstance(families, list) and all(isinstance(f, str) for f in families)):
                raise ValueError("malformed warm request")
            warm_families(self.mod, families)
            reply: dict = {"warmed": True}
        except Exception as exc:
            reply = {"warmed": False, "error": f"{type(exc).__name__}: {exc}"}
        threads = thread_count()
        fatal = threads != 1
        if fatal:
            reply = {"warmed": False, "fatal": True, "error": f"the zygote of {self.module} runs {threads} threads"}
        try:
            _send(self.ctl, reply)
        except OSError:
            return False
        return not fatal

    def reap(self, block: bool) -> None:
        while self.children:
            flags = os.WEXITED | os.WNOWAIT | (0 if block else os.WNOHANG)
            try:
                info = os.waitid(os.P_ALL, 0, flags)
            except ChildProcessError:
                return
            except InterruptedError:
                continue
            if info is None or info.si_pid == 0:
                return
            pid = info.si_pid
            self._killpg(pid)          # the exited child is still a zombie: its group id is still ours
            try:
                _pid, status, usage = os.wait4(pid, 0)
            except ChildProcessError:
                status, usage = None, None
            fd = self.children.pop(pid, None)
            if fd is not None:
                cpu = None if usage is None else usage.ru_utime + usage.ru_stime
                self._write(fd, {"status": status, "cpu": cpu})
                os.close(fd)

    def shutdown(self) -> None:
        for pid in list(self.children):
            self._killpg(pid)
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        self.reap(block=True)

    # ---- the child -----------------------------------------------------------------------------------

    def child(self, fds: list[int], memory_limit: int, cpu_limit: int) -> None:
        stdin_r, stdout_w, stderr_w, status_w = fds
        try:
            os.setsid()
            signal.set_wakeup_fd(-1)
            for sig in (signal.SIGCHLD, signal.SIGTERM, signal.SIGHUP):
                signal.signal(sig, signal.SIG_DFL)
            signal.signal(signal.SIGINT, signal.default_int_handler)
            set_parent_death_signal(signal.SIGKILL)
            if os.getppid() != self.pid:       # the zygote died before the signal was armed
                os._exit(SETUP_FAILED)
            self.ctl.close()
            for fd in (self.wake_r, self.wake_w, status_w, *self.children.values()):
                os.close(fd)
            set_limits(memory_limit, cpu_limit)
            os.dup2(stdin_r, 0)
            os.dup2(stdout_w, 1)
            os.dup2(stderr_w, 2)
            for fd in (stdin_r, stdout_w, stderr_w):
                os.close(fd)
        except BaseException as exc:
            try:
                os.write(stderr_w, f"verifier process setup failed: {type(exc).__name__}: {exc}\n".encode())
            except BaseException:
                pass
            os._exit(SETUP_FAILED)
        code = SETUP_FAILED
        try:
            code = run_module(self.module)
        finally:
            os._exit(code)

    # ---- helpers -------------------------------------------------------------------------------------

    @staticmethod
    def _write(fd: int, data: dict) -> bool:
        try:
            os.write(fd, (json.dumps(data) + "\n").encode("ascii"))
            return True
        except OSError:
            return False

    @staticmethod
    def _killpg(pid: int) -> None:
        try:
            os.killpg(pid, signal.SIGKILL)
        except OSError:
            pass


def warm_families(mod: object, families: list[str]) -> None:
    """Import what the worker module's ``preload(families)`` names for these families (a worker whose
    ``preload`` takes no argument preloaded everything at start), then warm the table of loaded
    libraries and freeze the heap again, so that forked children share these pages."""
    preload = getattr(mod, "preload", None)
    if callable(preload) and getattr(getattr(preload, "__code__", None), "co_argcount", 0) > 0:
        preload(families)
    _worker.loaded_libraries()
    gc.collect()
    gc.freeze()


def _terminate(_sig: int, _frame: object) -> None:
    raise SystemExit(0)


def _send(ctl: socket.socket, data: dict) -> None:
    ctl.send(json.dumps(data).encode("utf-8"))


def main() -> int:
    _worker.prepare_process()
    os.environ.update(VERIFIER_ENV)       # before numpy is imported: the zygote must stay single-threaded
    signal.signal(signal.SIGTERM, _terminate)
    signal.signal(signal.SIGHUP, _terminate)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    ctl = socket.socket(fileno=os.dup(0))
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)
    os.close(null)
    zygote = None
    try:
        try:
            config = json.loads(ctl.recv(_MAX_MESSAGE) or b"null")
            if not isinstance(config, dict):
                return 0
            module, extra, harness_pid = config["module"], config["sys_path"], config["harness_pid"]
            families = config.get("families", [])
            if not (isinstance(module, str) and isinstance(extra, list) and all(isinstance(p, str) for p in extra)
                    and isinstance(families, list) and all(isinstance(f, str) for f in families)):
                raise ValueError("malformed configuration")
            if set_parent_death_signal(signal.SIGTERM) and os.getppid() != harness_pid:
                return 0                  # the harness died before the signal was armed
            sys.path[:0] = extra
            mod = importlib.import_module(module)
            preload = getattr(mod, "preload", None)
            if callable(preload) and getattr(getattr(preload, "__code__", None), "co_argcount", 0) == 0:
                preload()                 # a worker that preloads everything at once (test helpers)
            warm_families(mod, families)
            threads = thread_count()
            if threads != 1:
                raise RuntimeError(f"the zygote of {module} runs {threads} threads; it must be single-threaded to fork")
            sys.stdout.flush()
            sys.stderr.flush()
        except Exception as exc:
            _send(ctl, {"error": f"{type(exc).__name__}: {exc}"})
            return 1
        zygote = Zygote(ctl, module, harness_pid, mod)
        _send(ctl, {"ready": True, "pid": zygote.pid, "threads": threads})
        zygote.serve()
        return 0
    finally:
        if zygote is not None:
            zygote.shutdown()


if __name__ == "__main__":
    code = 1
    try:
        code = main()
    finally:
        os._exit(code)
