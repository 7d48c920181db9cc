"""The primary verifier and everything a user runs: families, suites, harness, CLI."""

__version__ = "0.1.0"
