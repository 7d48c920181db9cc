"""A verifier that dies with an uncaught Python exception (exit status 1, traceback on stderr)."""
import sys

if __name__ == "__main__":
    sys.stdin.buffer.read()
    raise RuntimeError("simulated verifier bug")
