"""Bounded text: no message or witness a verifier, the harness or the scorer writes grows with the input.

A message may quote the answer (a key, a string, a list of keys), and an answer can be 32 MiB: quoted in
full and escaped, it would make the verifier's reply larger than the harness accepts, and the call would
be lost as an infrastructure failure instead of being rejected. So every message is clipped to
``MESSAGE_MAX`` characters, and the clip says how long the message was (``clip``); a witness is kept in a
scores row only while its JSON is at most ``WITNESS_MAX`` bytes (``bounded_witness``) -- witnesses name
positions of the answer and echo items that the family's schema has already bounded, so this only ever
catches a pathological case, and the verifiers' own witness re-check happens before, on the full witness.
"""
from __future__ import annotations

import json
from typing import Any

MESSAGE_MAX = 400       # characters of a message, the note on the clip included
WITNESS_MAX = 4096      # bytes of a witness's JSON in a scores row
_HEAD = 300             # characters kept from the start of a clipped message


def clip(text: Any, limit: int = MESSAGE_MAX) -> str:
    """``text`` as a string of at most ``limit`` characters; a longer one keeps its start and says how long
    it was. Non-strings are turned into strings first (a message is always text)."""
    if not isinstance(text, str):
        text = str(text)
    if len(text) <= limit:
        return text
    head = min(_HEAD, max(0, limit - 60))
    return f"{text[:head]}... [cut: the message has {len(text):,} characters]"


def bounded_witness(witness: Any, limit: int = WITNESS_MAX) -> Any:
    """The witness itself while its JSON is at most ``limit`` bytes, else a short note that it was left out."""
    if witness is None:
        return None
    try:
        size = len(json.dumps(witness, ensure_ascii=True, separators=(",", ":"), default=str))
    except (TypeError, ValueError, RecursionError):
        return {"omitted": "a witness that is not plain JSON"}
    if size <= limit:
        return witness
    return {"omitted": f"a witness of {size:,} bytes of JSON (more than {limit:,}); it was re-checked in full"}


def bound_reply(reply: dict) -> dict:
    """A verifier's reply with every message clipped (``verdict.message``, ``message``)."""
    if "message" in reply:
        reply["message"] = clip(reply["message"])
    verdict = reply.get("verdict")
    if isinstance(verdict, dict) and "message" in verdict:
        verdict["message"] = clip(verdict["message"])
    return reply
