"""A verifier that spins on the CPU until the CPU-time rlimit the harness set ends it (SIGXCPU); the test
lowers the harness's limit (``isolation.cpu_limit``) so that this takes a second, not a minute."""
import sys

if __name__ == "__main__":
    sys.stdin.buffer.read()
    n = 0
    while True:
        n += 1
