"""The default resource budget of one verifier on one answer: the one place these numbers are written.

The CLI's option defaults, the public API, the harness and the prompts (which state the time limit to
the model) all read them from here, so a change of budget changes every one of them together.
"""
from __future__ import annotations

DEFAULT_TIME_LIMIT = 60.0                     # seconds of wall clock per verifier per answer
DEFAULT_MEMORY_GIB = 4.0                      # GiB of memory per verifier per answer, as the CLI states it
DEFAULT_MEMORY_LIMIT = int(DEFAULT_MEMORY_GIB * 1024 ** 3)   # the same, in bytes, as the harness takes it
OUTPUT_TOKEN_BUDGET = 128_000                 # output tokens of a tool-free call (reasoning included): more is zero
