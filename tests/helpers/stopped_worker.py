"""A verifier that writes its pid (and its parent's) to the file named by EE_TEST_PIDFILE, works for
EE_TEST_SLEEP seconds of wall clock (default 1), then prints ``{"done": true}``: the test stops it with
SIGSTOP from outside (issue 29, case 3) and continues it, or not."""
import json
import os
import sys
import time


def report_pid() -> None:
    """Read the request, then write "pid parent-pid" to EE_TEST_PIDFILE atomically (the test polls it)."""
    sys.stdin.buffer.read()
    path = os.environ["EE_TEST_PIDFILE"]
    with open(path + ".tmp", "w") as fh:
        fh.write(f"{os.getpid()} {os.getppid()}")
    os.replace(path + ".tmp", path)


if __name__ == "__main__":
    report_pid()
    end = time.monotonic() + float(os.environ.get("EE_TEST_SLEEP", "1"))
    while time.monotonic() < end:
        time.sleep(0.05)
    print(json.dumps({"done": True}), flush=True)
