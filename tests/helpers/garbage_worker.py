"""A verifier that prints something that is not JSON."""
import sys

if __name__ == "__main__":
    sys.stdin.buffer.read()
    sys.stdout.write("verdict: looks fine to me {{{\n")
