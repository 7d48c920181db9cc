"""A verifier that aborts like a C library would (SIGABRT)."""
import os
import sys

if __name__ == "__main__":
    sys.stdin.buffer.read()
    os.abort()
