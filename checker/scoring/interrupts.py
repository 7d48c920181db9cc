"""How a command ends when it is interrupted (SIGINT, Ctrl-C) or terminated (SIGTERM).

Both signals become an exception in the main thread (``KeyboardInterrupt``; ``Terminated``, a subclass,
for SIGTERM: ``install``), so that each command's own clean-up runs (``score`` saves what it finished).
Then ``stop`` ends the verifier processes at once -- no new one is started, every running one is killed,
the zygotes are stopped -- waits at most a second for the requests in progress to end, and gives
the exit code: 130 for SIGINT, 143 for SIGTERM (128 + the signal, the shell's convention). An
interrupted command is never "rejected" (1) and its killed verifiers are never verdicts.
"""
from __future__ import annotations

import os
import signal
import sys
import threading
import time

EXIT_INTERRUPTED = 128 + signal.SIGINT       # 130
EXIT_TERMINATED = 128 + signal.SIGTERM       # 143
_JOIN_SECONDS = 1.0


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised in the main thread like SIGINT's KeyboardInterrupt."""


def _on_sigterm(signum, frame) -> None:
    raise Terminated()


def install():
    """Turn SIGTERM into ``Terminated`` in the main thread (again after a library, such as ray, replaced it);
    returns the handler it replaced (``restore`` puts it back), or None off the main thread."""
    if threading.current_thread() is not threading.main_thread():
        return None
    return signal.signal(signal.SIGTERM, _on_sigterm)


def restore(previous) -> None:
    if previous is not None and threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, previous)


def exit_code(exc: BaseException | None) -> int:
    return EXIT_TERMINATED if isinstance(exc, Terminated) else EXIT_INTERRUPTED


def stop(exc: BaseException | None) -> int:
    """Stop every verifier process this command started and return the exit code for ``exc``. If a thread
    still waits after a second, the process ends here (``os._exit``), so that nothing runs on."""
    code = exit_code(exc)
    harness = sys.modules.get("endless_exam.checker.verify.harness")
    if harness is None:
        return code
    harness.interrupt()
    deadline = time.monotonic() + _JOIN_SECONDS
    while harness.busy() and time.monotonic() < deadline:
        time.sleep(0.01)
    if harness.busy():          # a thread still waits for a verifier: end here rather than run on
        sys.stderr.flush()
        sys.stdout.flush()
        os._exit(code)
    harness.resume()            # an in-process caller (a test) may verify again
    return code
