"""inspect-ai's model outputs and errors -> the scorer's outcome classes (UPSTREAM_NOTES.md 3.2).

A *scored* outcome is a ``finish_reason`` the scorer decides (``checker.scoring.call``): ``stop`` (verified),
``length``, ``refusal``, ``tool_violation``, ``timeout`` (zero in the tool-free track). An
*infrastructure* outcome is written as ``error`` (and ``finish_reason``) with one of
``checker.scoring.answers.INFRASTRUCTURE``: the scorer counts it as missing, never as zero, and ``run`` collects
the sample again on resume.

The mapping of one generation (``classify_output``), in this order:

=====================================================  ======================================
inspect ``ModelOutput``                                  outcome
=====================================================  ======================================
no choice at all                                          ``malformed_event`` (infrastructure)
the message has tool calls (tool-free track), or          ``tool_violation``
``stop_reason == "tool_calls"``
``stop_reason == "content_filter"``, a content block      ``refusal``
marked ``refusal`` (OpenAI's ``refusal`` field), or
``output.error`` (inspect's moderation refusal)
``stop_reason`` ``max_tokens`` or ``model_length``        ``length``
``stop_reason == "stop"``                                 ``stop`` (the text is verified)
``stop_reason == "unknown"`` (anything else)              ``incomplete_turn`` (infrastructure)
=====================================================  ======================================

An exception that survives inspect's retries (``classify_error``; inspect retries rate limits, 5xx and
transport errors itself, with backoff, up to ``--max-retries``, and then raises tenacity's ``RetryError``
around the provider's exception, which is what is classified): HTTP 429 -> ``rate_limit`` (OpenAI's
``insufficient_quota`` -> ``quota``), HTTP >= 500 -> ``server_error``, connection errors, timeouts and a
truncated body -> ``transport_error``, a body that cannot be parsed or validated -> ``malformed_event``,
any other HTTP status or exception -> ``collector_error``. All are infrastructure. The row's ``error``
carries the reason code only; the exception's text stays in inspect's log.
"""
from __future__ import annotations

from dataclasses import dataclass

SCORED = ("stop", "length", "refusal", "tool_violation", "timeout")


@dataclass(frozen=True)
class Outcome:
    finish_reason: str            # what the answers row says
    infrastructure: bool          # missing, redone on resume
    detail: str = ""              # for the log and the summary

    @property
    def error(self) -> str | None:
        return self.finish_reason if self.infrastructure else None


def _has_refusal(message) -> bool:
    content = getattr(message, "content", None)
    if isinstance(content, list):
        return any(getattr(c, "refusal", None) for c in content)
    return False


def classify_output(output, track: str = "tool-free") -> Outcome:
    """The outcome of one inspect ``ModelOutput`` (the final one of the sample)."""
    choices = getattr(output, "choices", None) or []
    if not choices:
        return Outcome("malformed_event", True, "the response has no choice")
    choice = choices[0]
    message = choice.message
    reason = choice.stop_reason
    if track == "tool-free" and (getattr(message, "tool_calls", None) or reason == "tool_calls"):
        return Outcome("tool_violation", False, "the model called a tool in the tool-free track")
    if reason == "content_filter" or _has_refusal(message) or getattr(output, "error", None):
        return Outcome("refusal", False, f"refusal ({reason})")
    if reason in ("max_tokens", "model_length"):
        return Outcome("length", False, f"generation stopped by {reason}")
    if reason == "stop" or (track == "tool-assisted" and reason == "tool_calls"):
        return Outcome("stop", False)
    return Outcome("incomplete_turn", True, f"stop reason {reason!r}")


def _status(exc: BaseException) -> int | None:
    for obj in (exc, getattr(exc, "response", None)):
        code = getattr(obj, "status_code", None)
        if isinstance(code, int):
            return code
    return None


def _unwrap(exc: BaseException) -> BaseException:
    """The provider's exception inside tenacity's ``RetryError`` (what inspect raises when its retries are
    used up) or an exception group."""
    for _ in range(8):
        last = getattr(exc, "last_attempt", None)
        if last is not None and hasattr(last, "exception") and last.exception() is not None:
            exc = last.exception()
        elif isinstance(exc, BaseExceptionGroup) and exc.exceptions:
            exc = exc.exceptions[0]
        else:
            break
    return exc


def classify_error(exc: BaseException) -> Outcome:
    """The (infrastructure) outcome of an exception raised by a generation after inspect's retries."""
    exc = _unwrap(exc)
    name = type(exc).__name__
    detail = f"{name}: {exc}"[:500]
    mro = {c.__name__ for c in type(exc).__mro__}
    status = _status(exc)
    if status == 429 or "RateLimitError" in mro:
        body = getattr(exc, "body", None)
        code = body.get("code") if isinstance(body, dict) else None
        if code == "insufficient_quota" or "exceeded your current quota" in str(exc):
            return Outcome("quota", True, detail)
        return Outcome("rate_limit", True, detail)
    if status is not None and status >= 500:
        return Outcome("server_error", True, detail)
    if mro & {"APIResponseValidationError", "JSONDecodeError", "ValidationError", "DecodingError"}:
        return Outcome("malformed_event", True, detail)
    if mro & {"APIConnectionError", "APITimeoutError", "TransportError", "TimeoutException", "TimeoutError",
              "ConnectionError", "RemoteProtocolError", "ReadError", "OSError"}:
        return Outcome("transport_error", True, detail)
    return Outcome("collector_error", True, detail)
