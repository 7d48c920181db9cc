"""A verifier that tries to allocate 8 GiB (the harness runs it under a smaller RLIMIT_AS)."""
import sys

if __name__ == "__main__":
    sys.stdin.buffer.read()
    hog = bytearray(8 * 1024 ** 3)
    print(len(hog))
