"""Exceptions raised by the shared parsing layer; each carries a reason code from ``reasons``."""
from __future__ import annotations

from typing import Any

from .reasons import REASONS


class AnswerError(Exception):
    """The submitted answer is invalid for a reason found while parsing or expanding it."""

    def __init__(self, reason: str, message: str, witness: Any = None) -> None:
        if reason not in REASONS:
            raise ValueError(f"unknown reason code {reason!r}")
        super().__init__(message)
        self.reason = reason
        self.message = message
        self.witness = witness


class ParamsError(Exception):
    """Instance parameters are not valid for the family (a usage error, not a verdict on an answer)."""

    reason = "PARAMS_INVALID"


def describe(value: Any, limit: int = 60) -> str:
    """A short, safe description of an arbitrary JSON value for messages."""
    text = repr(value)
    if len(text) > limit:
        text = text[: limit - 3] + "..."
    return f"{type(value).__name__} {text}"
