"""A verifier whose zygote cannot start: its ``preload`` (run once in the zygote) raises."""
import sys


def preload() -> None:
    raise RuntimeError("simulated failure to import the verifier's libraries")


if __name__ == "__main__":
    sys.stdin.buffer.read()
    print('{"verdict": {"status": "ACCEPT", "objective": "1"}}')
