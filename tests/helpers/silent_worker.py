"""A verifier that exits cleanly without printing a result."""
import sys

if __name__ == "__main__":
    sys.stdin.buffer.read()
    sys.exit(0)
