"""Reading ``answers.jsonl`` (docs/SPECIFICATION.md sections 5 and 7), streamed, strictly, before anything is scored.

One JSON object per non-blank line (records end at ``"\\n"``; a bare ``"\\r"`` is JSON whitespace) with
``call_id`` and any of: ``sample`` (which of several independent responses to the call this line is: a
JSON integer from 0 to ``MAX_SAMPLE``, default 0), ``answer`` (the answer, possibly still wrapped in
``{"answer": ...}``; ``null`` = unparseable, scored zero), ``content`` (raw model text to extract the
answer from when ``answer`` is absent), ``finish_reason`` (default ``stop``), ``output_tokens`` (integer
>= 0 or null), ``track``, ``submission_within_deadline`` (boolean), ``error``, ``verify_msg``, and the
bookkeeping fields upstream runners write (``scored``, ``retryable``, ``usage``, ``usage_complete``,
``response_model``, ``response_id``, ``service_tier``, ``system_fingerprint``, ``attempt``, ``started_at``,
``completed_at``, ``seconds``), which are ignored. ``(call_id, sample)`` is the line's key. Any other key,
an unknown call id, a key given on two lines, a ``sample`` that is not such an integer (reason code
``SAMPLE_TYPE`` for a boolean, float, string or null, ``SAMPLE_RANGE`` for a negative or too large one, in
``AnswersFileError.code``), an unknown finish reason, or a ``stop`` record with neither ``answer`` nor
``content`` is a clear error naming the line, raised before any scoring.

What the scorer reads and what it leaves to the verifiers. The scorer only *frames* each line: it finds
the top-level object, its keys and where each member's value begins and ends (strings and brackets are
tracked, in bounded memory, in 1 MiB pieces), and parses strictly every member except ``answer`` and
``content``: a strictness violation there (NaN, a duplicate key, excessive depth, an over-long number),
a repeated top-level key, a line that is not one JSON object, a ``content`` that is not a JSON string
or null, or more than ``ENVELOPE_LIMIT`` bytes outside ``answer`` and ``content`` is a file error. The
raw bytes of ``answer`` (and of ``content``) are never parsed here: they are handed to the isolated
verifier processes, which parse them strictly under their time and memory limits, so that anything
wrong inside them (syntax included) rejects that call's answer with its reason code, counted from the
answer's own level. A line longer than ``MAX_LINE_BYTES``, or an answer or content value longer than
32 MiB, is a ``SIZE_LIMIT`` rejection of that call, decided from the length alone.

The file is read once, front to back, and hashed on the way (SHA-256 of exactly the bytes read). A
regular file is read again, line by line, when a call is verified, and each line must still have the
hash it had (so the answers scored are the answers hashed). Anything else (a pipe, ``-`` for stdin, a
device) is copied on the way to an anonymous temporary file beside the output and read from there.
"""
from __future__ import annotations

import codecs
import io
import os
import re
import stat
import sys
import tempfile
from dataclasses import dataclass
from typing import BinaryIO, Callable

from endless_exam.certificates.errors import AnswerError
from endless_exam.certificates.strictjson import MAX_BYTES, loads

INFRASTRUCTURE = frozenset({
    "transport_error", "network_error", "connection_error", "server_error", "quota", "rate_limit",
    "missing_usage", "incomplete_turn", "cli_error", "malformed_event", "collector_error",
    "verification_process_failed", "independent_verifier_disagreement",
})
FINAL_FINISH = frozenset({"stop", "length", "timeout", "refusal", "tool_violation", "resource_limit"})
IGNORED_FIELDS = frozenset({"scored", "retryable", "usage", "usage_complete", "response_model", "response_id",
                            "service_tier", "system_fingerprint", "attempt", "started_at", "completed_at",
                            "seconds"})
FIELDS = frozenset({"call_id", "sample", "answer", "content", "finish_reason", "output_tokens", "track",
                    "submission_within_deadline", "error", "verify_msg"}) | IGNORED_FIELDS
TRACKS = ("tool-free", "tool-assisted")
RAW_FIELDS = ("answer", "content")     # framed, never parsed by the scorer
MAX_SAMPLE = 999_999                   # samples per call are numbered 0..MAX_SAMPLE

MiB = 1 << 20
PIECE = 256 * 1024                     # the scanner works on pieces of at most this many bytes
ENVELOPE_LIMIT = 4 * MiB               # bytes of a line outside its answer and content values
MAX_LINE_BYTES = 2 * MAX_BYTES + ENVELOPE_LIMIT   # an answer, a content and the envelope
HARD_LINE_LIMIT = 1 << 30              # beyond this a line is not read to its end at all (file error)
_WS = b" \t\r\n"
_BOM = b"\xef\xbb\xbf"


class AnswersFileError(Exception):
    """A file error, raised before anything is scored. ``code``: a stable reason code for the errors that
    have one (``SAMPLE_TYPE``, ``SAMPLE_RANGE``), else None."""

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.code = code


class AnswersChangedError(AnswersFileError):
    """A line no longer has the bytes (hash) it had when the file was read."""


Span = tuple[int, int]     # [start, end) byte offsets within the line


@dataclass(frozen=True)
class AnswerRecord:
    line: int                          # line number (1-based)
    call_id: str
    answer_span: Span | None           # raw JSON text of ``answer`` in the line; None: no ``answer`` key
    content_span: Span | None          # raw JSON string literal of ``content``; None: absent or null
    finish_reason: str
    output_tokens: int | None
    track: str | None
    submission_within_deadline: bool | None
    error: str | None
    verify_msg: str | None
    offset: int = 0                    # where the line starts in the answers file
    length: int = 0                    # bytes of the line without its "\n"
    sha256: str = ""                   # SHA-256 (hex) of those bytes
    sample: int = 0                    # which response to the call (``(call_id, sample)`` is the key)

    @property
    def key(self) -> tuple[str, int]:
        return self.call_id, self.sample

    @property
    def has_answer(self) -> bool:
        return self.answer_span is not None

    @property
    def has_content(self) -> bool:
        return self.content_span is not None

    @property
    def infrastructure_reason(self) -> str | None:
        for value in (self.error, self.finish_reason, self.verify_msg):
            if value in INFRASTRUCTURE:
                return value
        return None

    def payload_span(self) -> tuple[str, Span] | None:
        """Which raw value the verifiers get: ``("answer", span)``, else ``("content", span)``, else None."""
        if self.answer_span is not None:
            return "answer", self.answer_span
        if self.content_span is not None:
            return "content", self.content_span
        return None

    def size_error(self) -> tuple[str, str] | None:
        """A ``SIZE_LIMIT`` (reason, message) decided from lengths alone, or None."""
        if self.length > MAX_LINE_BYTES:
            return ("SIZE_LIMIT", f"answers line {self.line} is {self.length:,} bytes; the limit is "
                                  f"{MAX_LINE_BYTES:,} bytes (an answer, a content and {ENVELOPE_LIMIT // MiB} MiB more)")
        chosen = self.payload_span()
        if chosen is not None:
            which, (start, end) = chosen
            if end - start > MAX_BYTES:
                return ("SIZE_LIMIT", f"the {which} is {end - start:,} bytes; the limit is {MAX_BYTES:,} bytes (32 MiB)")
        return None


def _short(value, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


# ---- framing one line ------------------------------------------------------------------------------

_FIRST_NON_WS = re.compile(rb"[^ \t\r\n]")
_NON_SPACE = re.compile(rb"[^ \t\r\n\x0b\x0c]")

_np = None


def _numpy():
    global _np, _CODES, _DELTA
    if _np is None:
        import numpy as np
        codes = np.zeros(256, dtype=np.uint8)
        for ch, code in ((b"[", 1), (b"{", 2), (b"]", 3), (b"}", 4), (b",", 5), (b":", 6)):
            codes[ch[0]] = code
        _CODES = codes
        _DELTA = np.array([0, 1, 1, -1, -1, 0, 0], dtype=np.int64)
        _np = np
    return _np


class _LineFramer:
    """Frames one line fed in pieces: the top-level object, its members, and for ``answer`` and
    ``content`` only the span of the value. Memory: the envelope (at most ``ENVELOPE_LIMIT``) plus
    a few arrays of one piece."""

    def __init__(self, where: str) -> None:
        self.where = where
        self.garbage = False         # non-whitespace before or after the object
        self.pos = 0                 # line offset of the next piece
        self.in_str = 0              # inside a string at the start of the next piece
        self.bs_run = 0              # parity of the backslash run ending the previous piece
        self.depth = 0
        self.state = "before"        # before | key | value | after
        self.pend = bytearray()      # captured bytes of the current key / value / outside text
        self.captured = 0
        self.key: str | None = None
        self.skip: list | None = None   # for a raw value: [first non-ws, last non-ws + 1, head bytes]
        self.members: list[tuple[str, object]] = []   # (key, bytes) or (key, raw info)
        self.keys: set[str] = set()

    def fail(self, message: str) -> AnswersFileError:
        return AnswersFileError(f"{self.where}: {message}")

    # -- capturing and skipping --------------------------------------------------------------------
    def _take(self, piece: memoryview, a: int, b: int) -> None:
        if a >= b:
            return
        if self.state in ("before", "after"):       # only JSON whitespace may surround the object
            if not self.garbage and _FIRST_NON_WS.search(piece, a, b) is not None:
                self.garbage = True
            return
        if self.skip is not None:                   # a raw value: remember where it starts and ends
            m = _FIRST_NON_WS.search(piece, a, b)
            if m is not None:
                if self.skip[0] is None:
                    self.skip[0] = self.pos + m.start()
                    self.skip[2] = bytes(piece[m.start():min(m.start() + 8, b)])
                elif len(self.skip[2]) < 8:
                    self.skip[2] += bytes(piece[a:min(a + 8 - len(self.skip[2]), b)])
                e = b
                while e > a:                        # the last non-whitespace byte, from the end
                    lo = max(a, e - 256)
                    kept = len(bytes(piece[lo:e]).rstrip(_WS))
                    if kept:
                        self.skip[1] = self.pos + lo + kept
                        break
                    e = lo
            return
        self.captured += b - a
        if self.captured > ENVELOPE_LIMIT:
            raise self.fail(f"the record is larger than {ENVELOPE_LIMIT // MiB} MiB outside its 'answer' and "
                            "'content' values")
        self.pend += piece[a:b]

    # -- top-level events -----------------------------------------------------------------------------
    def _event(self, code: int, depth: int, at: int) -> None:
        state = self.state
        if state == "before":
            if code == 2 and depth == 0 and not self.garbage:
                self.state = "key"
                return
            raise self.fail("each line must be a JSON object")
        if state == "after" or depth != 1:
            raise self.fail("not a JSON object (extra data after the record)" if state == "after"
                            else "not a JSON object")
        if state == "key":
            if code == 6:
                self._key_done()
                return
            if code == 4 and not self.members and not bytes(self.pend).strip(_WS):
                self.pend = bytearray()
                self.state = "after"       # {}
                return
            raise self.fail("not a JSON object (a member without a value)")
        # state == "value"
        if code in (5, 4):
            self._value_done(at)
            self.state = "key" if code == 5 else "after"
            return
        raise self.fail("not a JSON object")

    def _key_done(self) -> None:
        raw = bytes(self.pend).strip(_WS)
        self.pend = bytearray()
        if not (len(raw) >= 2 and raw[:1] == b'"' and raw[-1:] == b'"'):
            raise self.fail("not a JSON object (a key is not a string)")
        try:
            key = loads(raw.decode("utf-8"))
        except AnswerError:
            key = None
        if type(key) is not str:
            raise self.fail("not a JSON object (a key is not a string)")
        if key in self.keys:
            raise self.fail(f"the record repeats the key {_short(key)}")
        self.keys.add(key)
        self.key = key
        self.state = "value"
        if key in RAW_FIELDS:
            self.skip = [None, None, b""]

    def _value_done(self, at: int) -> None:
        key = self.key
        if self.skip is not None:
            first, end, head = self.skip
            self.skip = None
            if first is None:
                raise self.fail(f"field {_short(key)} has no value")
            self.members.append((key, (first, end, head)))
        else:
            raw = bytes(self.pend)
            self.pend = bytearray()
            if not raw.strip(_WS):
                raise self.fail(f"field {_short(key)} has no value")
            self.members.append((key, raw))
        self.key = None

    # -- feeding ----------------------------------------------------------------------------------------
    def feed(self, piece: memoryview) -> None:
        n = len(piece)
        if n == 0:
            return
        np = _numpy()
        arr = np.frombuffer(piece, dtype=np.uint8)
        # 1. real (unescaped) quotes: a quote preceded by an odd run of backslashes is escaped
        quotes = np.flatnonzero(arr == 0x22)
        bs = arr == 0x5C
        has_bs = bool(bs.any())
        last_non = None
        if has_bs:
            idx = np.arange(n, dtype=np.int64)
            last_non = np.maximum.accumulate(np.where(bs, -1, idx))
            del idx
        if quotes.size and has_bs:
            prev = quotes - 1
            lp = np.where(prev >= 0, last_non[np.maximum(prev, 0)], -1)
            run = (prev - lp) + np.where(lp == -1, self.bs_run, 0)
            real = quotes[(run & 1) == 0]
        elif quotes.size and self.bs_run & 1 and quotes[0] == 0:
            real = quotes[1:]
        else:
            real = quotes
        if has_bs and bs[-1]:          # the run ending this piece escapes the next piece's first byte
            ln = int(last_non[-1])
            run_end = (n - 1 - ln) + (self.bs_run if ln == -1 else 0)
        else:
            run_end = 0
        in_str = self.in_str

        def outside(positions):
            if not positions.size:
                return positions
            if real.size:
                return positions[((np.searchsorted(real, positions) + in_str) & 1) == 0]
            return positions[:0] if in_str else positions

        # 2. brackets outside strings give the depth; a piece that never comes back to the top level
        #    (depth <= 1) holds no member boundary: it is skipped (or captured) as a whole
        brk = outside(np.flatnonzero((arr == 0x5B) | (arr == 0x5D) | (arr == 0x7B) | (arr == 0x7D)))
        self.in_str = (in_str + int(real.size)) & 1
        self.bs_run = run_end & 1
        lowest = self.depth
        if brk.size:
            delta = ((arr[brk] >> 1) & 1).astype(np.int64) * 2 - 1     # "[" "{" -> +1, "]" "}" -> -1
            after = np.cumsum(delta) + self.depth
            lowest = min(lowest, int(after.min()))
            end_depth = int(after[-1])
        else:
            end_depth = self.depth
        if lowest >= 2:
            self._take(piece, 0, n)
            self.depth = end_depth
            self.pos += n
            return
        # 3. the top level is reached somewhere in this piece: every structural character in order
        pos_s = outside(np.flatnonzero(_CODES[arr]))
        cur = 0
        if pos_s.size:
            c = _CODES[arr[pos_s]]
            d = _DELTA[c]
            before = np.cumsum(d) - d + self.depth
            top = np.flatnonzero((before <= 0) | ((before == 1) & (c >= 3)))
            for q, code, depth in zip(pos_s[top].tolist(), c[top].tolist(), before[top].tolist()):
                self._take(piece, cur, q)
                self._event(code, depth, self.pos + q)
                cur = q + 1
        self.depth = end_depth
        self._take(piece, cur, n)
        self.pos += n

    def finish(self) -> list[tuple[str, object]]:
        if self.state != "after" or self.in_str:
            if self.state == "before" and not self.in_str:
                raise self.fail("each line must be a JSON object")
            raise self.fail("not a JSON object (the record is incomplete)")
        if self.garbage:
            raise self.fail("not a JSON object (extra data after the record)")
        return self.members


def _opt_str(obj: dict, key: str, where: str) -> str | None:
    value = obj.get(key)
    if value is not None and type(value) is not str:
        raise AnswersFileError(f"{where}: {key!r} must be a string or null")
    return value


def _build(members: list, lineno: int, offset: int, length: int, sha256: str) -> AnswerRecord:
    where = f"answers line {lineno}"
    obj: dict = {}
    spans: dict[str, Span | None] = {}
    unknown = [k for k, _ in members if k not in FIELDS]
    if unknown:
        more = f" and {len(unknown) - 5} more" if len(unknown) > 5 else ""
        shown = ", ".join(_short(k, 40) for k in sorted(unknown)[:5])
        raise AnswersFileError(f"{where}: unknown field(s) {shown}{more}")
    for key, value in members:
        if key in RAW_FIELDS:
            first, end, head = value
            if key == "content":
                if end - first == 4 and head == b"null":
                    spans[key] = None
                    continue
                if head[:1] != b'"':
                    raise AnswersFileError(f"{where}: 'content' must be a string or null")
            spans[key] = (first, end)
            continue
        try:
            obj[key] = loads(value.decode("utf-8"))
        except AnswerError as exc:
            code = None if key != "sample" else "SAMPLE_RANGE" if exc.reason == "JSON_NUMBER" else "SAMPLE_TYPE"
            raise AnswersFileError(f"{where}: field {_short(key)}: {exc.message}"
                                   + (f" ({code})" if code else ""), code) from None
    call_id = obj.get("call_id")
    if type(call_id) is not str or not call_id:
        raise AnswersFileError(f"{where}: 'call_id' must be a non-empty string")
    sample = obj.get("sample", 0)
    if type(sample) is not int:
        raise AnswersFileError(f"{where}: 'sample' must be a JSON integer from 0 to {MAX_SAMPLE:,}, got "
                               f"{_short(sample)} (SAMPLE_TYPE)", "SAMPLE_TYPE")
    if not 0 <= sample <= MAX_SAMPLE:
        raise AnswersFileError(f"{where}: 'sample' must be a JSON integer from 0 to {MAX_SAMPLE:,}, got "
                               f"{_short(sample)} (SAMPLE_RANGE)", "SAMPLE_RANGE")
    finish = obj.get("finish_reason", "stop")
    if finish is None:
        finish = "stop"
    if type(finish) is not str or (finish not in FINAL_FINISH and finish not in INFRASTRUCTURE):
        raise AnswersFileError(f"{where}: unknown finish_reason {_short(finish)}")
    tokens = obj.get("output_tokens")
    if tokens is not None and (type(tokens) is not int or tokens < 0):
        raise AnswersFileError(f"{where}: 'output_tokens' must be a non-negative integer or null")
    track = _opt_str(obj, "track", where)
    if track is not None and track not in TRACKS:
        raise AnswersFileError(f"{where}: unknown track {_short(track)}")
    deadline = obj.get("submission_within_deadline")
    if deadline is not None and type(deadline) is not bool:
        raise AnswersFileError(f"{where}: 'submission_within_deadline' must be a boolean")
    error = _opt_str(obj, "error", where)
    verify_msg = _opt_str(obj, "verify_msg", where)
    return AnswerRecord(lineno, call_id, spans.get("answer"), spans.get("content"), finish, tokens, track,
                        deadline, error, verify_msg, offset, length, sha256, sample)


def parse_line(text: str | bytes, lineno: int) -> AnswerRecord:
    """Frame one line given in memory (tests, tools); spans are offsets into its UTF-8 bytes."""
    import hashlib

    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else bytes(text)
    data = data.rstrip(b"\n")
    framer = _LineFramer(f"answers line {lineno}")
    view = memoryview(data)
    if lineno == 1 and data.startswith(_BOM):
        framer.feed(memoryview(b"   "))
        view = view[3:]
    for start in range(0, len(view), PIECE):
        framer.feed(view[start:start + PIECE])
    return _build(framer.finish(), lineno, 0, len(data), hashlib.sha256(data).hexdigest())


# ---- the file ----------------------------------------------------------------------------------------

class AnswersSource:
    """An answers file opened for scoring. ``scan`` reads it once (framing, validation, hashing);
    ``read_value`` reads one record's raw answer or content back, checking its line's hash."""

    def __init__(self, path: str, spool_dir: str | None = None) -> None:
        self.path = path
        self._spool = None
        if path == "-":
            self.name = "standard input"
            if sys.stdin is None:              # the command was started with its standard input closed
                raise AnswersFileError("cannot read standard input: it is closed")
            try:
                self._fd = os.dup(sys.stdin.fileno())
            except (OSError, ValueError, io.UnsupportedOperation):
                raise AnswersFileError("cannot read standard input") from None
        else:
            self.name = path
            try:
                self._fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
            except OSError as exc:
                raise AnswersFileError(f"cannot read {path}: {exc.strerror}") from None
        try:
            st = os.fstat(self._fd)
            if stat.S_ISDIR(st.st_mode):
                raise AnswersFileError(f"cannot read {path}: it is a directory")
        except BaseException:
            os.close(self._fd)
            raise
        self.regular = stat.S_ISREG(st.st_mode)
        # where reading starts: a regular file given as standard input may already have been read in part
        # (``( read -r first; endless-exam score - ... ) < answers.jsonl``); offsets count from here
        self._base = os.lseek(self._fd, 0, os.SEEK_CUR) if self.regular else 0
        self.identity = (st.st_dev, st.st_ino)
        self.spool_dir = spool_dir
        self.sha256: str | None = None
        self.size = 0

    def close(self) -> None:
        if self._spool is not None:
            self._spool.close()
            self._spool = None
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> "AnswersSource":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- pass 1 ---------------------------------------------------------------------------------------
    def scan(self, known_call_ids: set[str] | None = None,
             unknown_hint: Callable[[str], str] = lambda call_id: "") -> list[AnswerRecord]:
        import hashlib

        whole = hashlib.sha256()
        if not self.regular:
            self._spool = tempfile.TemporaryFile(dir=self.spool_dir, prefix=".answers-spool-")
        raw: BinaryIO = io.open(self._fd, "rb", buffering=0, closefd=False)
        block = bytearray(PIECE)
        records: list[AnswerRecord] = []
        seen: dict[tuple[str, int], int] = {}
        lineno, line_start, offset = 1, 0, 0
        state = _LineState(lineno, line_start)
        try:
            while True:
                n = raw.readinto(block)
                if not n:
                    break
                view = memoryview(block)[:n]
                whole.update(view)
                if self._spool is not None:
                    self._spool.write(view)
                pos = 0
                while pos < n:
                    nl = block.find(b"\n", pos, n)
                    end = n if nl == -1 else nl
                    state.feed(view[pos:end])
                    if nl == -1:
                        break
                    self._finish_line(state, records, seen, known_call_ids, unknown_hint)
                    lineno += 1
                    line_start = offset + nl + 1
                    state = _LineState(lineno, line_start)
                    pos = nl + 1
                offset += n
            self._finish_line(state, records, seen, known_call_ids, unknown_hint)
        except OSError as exc:
            raise AnswersFileError(f"cannot read {self.name}: {exc.strerror}") from None
        if self._spool is not None:
            self._spool.flush()
        self.sha256 = whole.hexdigest()
        self.size = offset
        return records

    def _finish_line(self, state: "_LineState", records: list, seen: dict, known: set[str] | None,
                     unknown_hint: Callable[[str], str]) -> None:
        rec = state.finish()
        if rec is None:
            return
        lineno = rec.line
        if known is not None and rec.call_id not in known:
            raise AnswersFileError(f"answers line {lineno}: unknown call id {_short(rec.call_id)}"
                                   f"{unknown_hint(rec.call_id)}")
        if rec.key in seen:
            which = f" sample {rec.sample}" if rec.sample else ""
            raise AnswersFileError(f"answers line {lineno}: duplicate call id {_short(rec.call_id)}{which}"
                                   f" (first on line {seen[rec.key]})")
        seen[rec.key] = lineno
        if (rec.finish_reason == "stop" and rec.infrastructure_reason is None
                and not rec.has_answer and not rec.has_content):
            raise AnswersFileError(f"answers line {lineno}: a 'stop' record needs 'answer' or 'content'")
        records.append(rec)

    # -- pass 2 ---------------------------------------------------------------------------------------
    def read_value(self, rec: AnswerRecord, span: Span) -> bytes:
        """The bytes ``span`` of ``rec``'s line, read back (one allocation of the value's size); the
        whole line is re-hashed on the way and must match (``AnswersChangedError`` otherwise)."""
        import hashlib

        fd = self._spool.fileno() if self._spool is not None else self._fd
        offset = rec.offset + (0 if self._spool is not None else self._base)
        h = hashlib.sha256()
        start, end = span
        ok = self._hash_range(fd, h, offset, start)
        value = os.pread(fd, end - start, offset + start)
        h.update(value)
        ok = ok and len(value) == end - start and self._hash_range(fd, h, offset + end, rec.length - end)
        if not ok or h.hexdigest() != rec.sha256:
            raise AnswersChangedError(f"{self.name} changed while it was being scored (line {rec.line} no longer "
                                      "has the bytes it had when the file was read)")
        return value

    @staticmethod
    def _hash_range(fd: int, h, offset: int, length: int) -> bool:
        done = 0
        while done < length:
            chunk = os.pread(fd, min(PIECE, length - done), offset + done)
            if not chunk:
                return False
            h.update(chunk)
            done += len(chunk)
        return True


class _LineState:
    """One line being read: hash, UTF-8 check, framing. A line of ASCII whitespace only is blank
    (skipped); a UTF-8 byte order mark at the start of the file counts as whitespace."""

    def __init__(self, lineno: int, offset: int) -> None:
        import hashlib

        self.lineno = lineno
        self.offset = offset
        self.length = 0
        self.hash = hashlib.sha256()
        self.utf8 = codecs.getincrementaldecoder("utf-8")("strict")
        self.framer = _LineFramer(f"answers line {lineno}")
        self.blank = True
        self.head = b"" if lineno == 1 else None      # the first bytes of the file, until a BOM is ruled out

    def feed(self, view: memoryview) -> None:
        if not len(view):
            return
        self.length += len(view)
        if self.length > HARD_LINE_LIMIT:
            raise AnswersFileError(f"answers line {self.lineno} is longer than {HARD_LINE_LIMIT:,} bytes; "
                                   "it is not read to its end")
        self.hash.update(view)
        try:
            self.utf8.decode(view)
        except UnicodeDecodeError:
            raise AnswersFileError(f"answers line {self.lineno} is not valid UTF-8") from None
        if self.head is not None:
            take = min(3 - len(self.head), len(view))
            self.head += bytes(view[:take])
            view = view[take:]
            if len(self.head) < 3:
                return
            self._feed(memoryview(b"   " if self.head == _BOM else self.head))
            self.head = None
        self._feed(view)

    def _feed(self, view: memoryview) -> None:
        if self.blank and _NON_SPACE.search(view) is not None:
            self.blank = False
        self.framer.feed(view)

    def finish(self) -> AnswerRecord | None:
        try:
            self.utf8.decode(b"", final=True)
        except UnicodeDecodeError:
            raise AnswersFileError(f"answers line {self.lineno} is not valid UTF-8") from None
        if self.head is not None:       # a first line of fewer than 3 bytes
            self._feed(memoryview(self.head))
            self.head = None
        if self.blank:
            return None
        return _build(self.framer.finish(), self.lineno, self.offset, self.length, self.hash.hexdigest())


def read(path: str, known_call_ids: set[str]) -> list[AnswerRecord]:
    """Read and check a whole answers file (records only; see ``AnswersSource`` for the payloads)."""
    with AnswersSource(path) as source:
        return source.scan(known_call_ids)
