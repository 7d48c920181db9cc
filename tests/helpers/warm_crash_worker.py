"""A verifier whose zygote dies while it loads one family (``preload(families)`` exits for "capset"), and
serves any other family."""
import os
import sys


def preload(families: list[str] | None = None) -> None:
    if families and "capset" in families:
        os._exit(3)


if __name__ == "__main__":
    sys.stdin.buffer.read()
    print('{"verdict": {"status": "ACCEPT", "objective": "1", "message": "ok"}}')
