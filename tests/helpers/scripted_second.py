"""Scripted stand-in for the second verifier (see _scripted)."""
from tests.helpers._scripted import main

if __name__ == "__main__":
    main("SECOND")
