"""A verifier that spins on the CPU under a 1 s CPU-time rlimit (lowered from the harness's own, as a
multi-threaded check could exhaust it before the wall clock): the kernel's SIGXCPU ends it."""
import resource
import sys

if __name__ == "__main__":
    sys.stdin.buffer.read()
    _soft, hard = resource.getrlimit(resource.RLIMIT_CPU)
    resource.setrlimit(resource.RLIMIT_CPU, (1, hard))
    n = 0
    while True:
        n += 1
