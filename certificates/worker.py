"""The worker side of the harness protocol, shared by both verifiers' entry points.

A verifier process reads one request from stdin: a JSON header line, then the raw payload bytes.
Header: ``{"op": "check" | "witness" | "formal", "family": F, "params": P, "kind": "file" | "json" |
"text" | "jsonl_content", "witness": W}``. ``kind`` says how the payload holds the answer: an answer file
(bare answer, wrapper or raw model text), JSON text of the answer value (possibly still wrapped; for
``score`` the raw bytes of an answers.jsonl ``answer`` value, parsed here and nowhere before), raw model
text to extract from, or the raw JSON string literal of an answers.jsonl ``content`` value (decoded
strictly here, then extracted from). The process writes one JSON object to stdout and exits:
``{"verdict": {...}}`` for ``check``, ``{"holds": bool, "message": str}`` for ``witness`` and
``{"formal": "sat" | "unsat" | "unknown" | "skipped", "witness", "message"}`` for ``formal`` (the z3
oracle, second verifier only; ``timeout_ms`` in the header); every reply also carries ``"libraries"``: the
distributions (name -> version) whose modules the process had loaded once the check was done (see
``loaded_libraries``), so that a user sees what decided.
Every message in a reply is clipped to a few hundred characters (``bounded.clip``), so that the reply's
size never follows the size of the answer a message quotes. A MemoryError becomes a LIMIT verdict; any other exception an ERROR verdict with ``INTERNAL_ERROR``.
The caller (``endless_exam.checker.verify.harness``) enforces wall-clock and memory limits from outside; the
process is normally forked from its verifier's zygote (``endless_exam.certificates.zygote``), which has
already imported what ``preload`` names.
"""
from __future__ import annotations

import sys

# The top-level modules the interpreter's start-up loaded (site, .pth hooks) before any project code:
# they are not libraries a verifier used. Computed before this module imports anything itself.
_STARTUP = frozenset(name.partition(".")[0] for name in list(sys.modules))

import importlib  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import re  # noqa: E402
import time  # noqa: E402
import traceback  # noqa: E402
from functools import lru_cache  # noqa: E402
from types import ModuleType  # noqa: E402
from typing import Any, Callable, Iterable  # noqa: E402
from dataclasses import replace  # noqa: E402

from .bounded import bound_reply
from .contract import FamilyNotImplemented
from .errors import AnswerError, ParamsError
from .extract import answer_from_bytes_noted, answer_from_json_text_noted, extract_from_text_noted
from .params import validate
from .strictjson import decode_bytes, loads
from .verdict import Status, Verdict, reject

_PACKAGE = __name__.rsplit(".", 2)[0]          # "endless_exam"


def prepare_process() -> None:
    """The interpreter settings of a verifier process, set by its zygote (and by ``main`` when the process
    runs on its own), never on import: the caller of the API keeps its own.

    Python limits int <-> str conversion to 4,300 digits as a guard against quadratic work on hostile
    numeric literals. Submitted literals are already capped at 1,000 digits by ``strictjson``; the guard
    would only make exact objectives (e.g. q^K of a certificate) and messages about large in-process
    values fail, so a verifier process lifts it. (Outside, ``verdict`` converts such objectives itself.)
    """
    if hasattr(sys, "set_int_max_str_digits"):
        sys.set_int_max_str_digits(0)


def decode_answer_noted(kind: str, payload: bytes) -> tuple[Any, str | None]:
    """The answer value of a payload and the note of its unwrapping (``extract.unwrap_noted``), if any."""
    if kind == "file":
        return answer_from_bytes_noted(payload)
    if kind == "json":
        return answer_from_json_text_noted(decode_bytes(payload))
    if kind == "text":
        return extract_from_text_noted(decode_bytes(payload))
    if kind == "jsonl_content":
        text = loads(decode_bytes(payload))
        if type(text) is not str:
            raise AnswerError("FORMAT_TYPE", "the content is not a JSON string")
        return extract_from_text_noted(text)
    raise ValueError(f"unknown payload kind {kind!r}")


PROJECT = "endless-exam-checker"
# top-level module -> distribution, for the libraries the verifiers use (and the project itself); any other
# top-level name is looked up in the full table of installed distributions, which costs about 0.1 s
_KNOWN = {"numpy": "numpy", "flint": "python-flint", "gmpy2": "gmpy2", "sympy": "sympy", "mpmath": "mpmath",
          "z3": "z3-solver", "galois": "galois", _PACKAGE: PROJECT}


@lru_cache(maxsize=1)
def _distributions() -> dict[str, list[str]]:
    import importlib.metadata

    return importlib.metadata.packages_distributions()


@lru_cache(maxsize=None)
def _dist_infos(directory: str) -> tuple[str, ...]:
    try:
        return tuple(name for name in os.listdir(directory) if name.endswith(".dist-info"))
    except OSError:
        return ()


@lru_cache(maxsize=None)
def _version(dist: str) -> str:
    """The installed version of ``dist``: read from the name of its ``NAME-VERSION.dist-info`` directory on
    ``sys.path`` (as ``importlib.metadata`` would find it, without importing it: that import alone costs
    a verifier process tens of milliseconds), else from ``importlib.metadata``."""
    prefix = re.sub(r"[-_.]+", "_", dist).lower() + "-"
    for directory in sys.path:
        for name in _dist_infos(directory or "."):
            if name.lower().startswith(prefix) and "-" not in name[len(prefix):-len(".dist-info")]:
                return name[len(prefix):-len(".dist-info")]
    import importlib.metadata

    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


def loaded_modules() -> set[str]:
    """Top-level names of the modules this process has loaded."""
    return {name.partition(".")[0] for name in list(sys.modules)}


def loaded_libraries() -> dict[str, str]:
    """Distribution name -> version of every third-party distribution this process has loaded a module of
    (top-level names in ``sys.modules``, mapped by ``_KNOWN`` or else by
    ``importlib.metadata.packages_distributions``; the standard library and the interpreter's start-up
    hooks are left out), plus this project's own."""
    dists = {PROJECT}
    for top in loaded_modules() - _STARTUP:
        if top in _KNOWN:
            dists.add(_KNOWN[top])
        elif top not in sys.stdlib_module_names:
            dists.update(_distributions().get(top, ()))
    return {dist: _version(dist) for dist in sorted(dists)}


def preload(libraries: Iterable[str], families: Iterable[ModuleType]) -> None:
    """What a verifier's zygote imports once: its libraries, and those its family modules name in an
    optional ``PRELOAD`` tuple (libraries they import lazily)."""
    for name in libraries:
        importlib.import_module(name)
    for module in families:
        for name in getattr(module, "PRELOAD", ()):
            importlib.import_module(name)


def decode_answer(kind: str, payload: bytes) -> Any:
    return decode_answer_noted(kind, payload)[0]


def formal_opinion(verifier: Any, params: dict, answer: Any, timeout_ms: Any) -> dict:
    """Run the family's z3 oracle on the answer (second verifier's process only): ``{"formal": "sat" |
    "unsat" | "unknown" | "skipped", "witness", "message"}``."""
    if not verifier.module.__name__.startswith(f"{_PACKAGE}.crosscheck."):
        raise RuntimeError("the formal oracle runs in the second verifier's process only")
    if type(timeout_ms) is not int or timeout_ms <= 0:
        raise ValueError(f"invalid formal timeout {timeout_ms!r}")
    oracle = verifier.family.oracle()
    try:
        parsed = verifier.schema.parse(answer, params)
    except AnswerError as exc:
        return {"formal": "skipped", "message": f"the answer does not parse: {exc.message}"}
    if not oracle.fits(parsed):
        return {"formal": "skipped", "message": f"too large for the formal check (it handles {oracle.SIZE_RULE})"}
    status, found = oracle.oracle(parsed, timeout_ms=timeout_ms)
    note = {"sat": "z3 found a counterexample", "unsat": "z3 proved there is no counterexample",
            "unknown": f"z3 gave up within {timeout_ms} ms"}.get(status, f"unexpected oracle status {status!r}")
    return {"formal": status, "witness": found, "message": note}


def handle(header: dict, payload: bytes, load_family: Callable[[str], Any]) -> dict:
    started = time.perf_counter()
    op = header["op"]
    try:
        params = validate(header["family"], header["params"])
        try:
            module = load_family(header["family"])
        except FamilyNotImplemented as exc:          # only loading says "unknown family"
            verdict = Verdict(Status.ERROR, reason="FAMILY_NOT_IMPLEMENTED", message=str(exc))
            return _reply(op, verdict, started)
        try:
            answer, note = decode_answer_noted(header["kind"], payload)
        except AnswerError as exc:
            if op == "formal":
                return {"formal": "skipped", "message": f"the answer does not parse: {exc.message}"}
            if op == "witness":
                return {"holds": False, "message": f"the answer does not parse: {exc.message}"}
            verdict = reject(exc.reason, exc.message, exc.witness)
        else:
            if op == "formal":
                return formal_opinion(module, params, answer, header.get("timeout_ms"))
            if op == "witness":
                holds, message = module.witness_holds(params, answer, header.get("witness"))
                return {"holds": bool(holds), "message": message, "seconds": time.perf_counter() - started}
            verdict = module.check(params, answer)
            if note:
                verdict = replace(verdict, message=f"{verdict.message} (note: {note})")
    except ParamsError as exc:
        verdict = Verdict(Status.ERROR, reason="PARAMS_INVALID", message=str(exc))
    except MemoryError:
        verdict = Verdict(Status.LIMIT, reason="MEMORY_LIMIT", message="the verifier ran out of memory")
    except Exception as exc:  # a bug: reported as an infrastructure ERROR, never as a verdict on the answer
        tb = traceback.extract_tb(exc.__traceback__)
        where = f"{tb[-1].filename}:{tb[-1].lineno}" if tb else "?"
        verdict = Verdict(Status.ERROR, reason="INTERNAL_ERROR", message=f"{type(exc).__name__}: {exc} (at {where})")
    return _reply(op, verdict, started)


def _reply(op: str, verdict: Verdict, started: float) -> dict:
    """The reply to a request that ended in ``verdict``: the verdict for ``check``; for ``witness`` and
    ``formal`` (which end in a verdict only when they failed) the failure."""
    if op == "witness":
        return {"holds": False, "message": f"witness check failed: {verdict.message}"}
    if op == "formal":
        return {"formal": "unknown", "message": f"the formal check failed: {verdict.message}"}
    data = verdict.to_json()
    data["seconds"] = time.perf_counter() - started
    return {"verdict": data}


def main(load_family: Callable[[str], Any], forbidden: Iterable[str] = ()) -> int:
    """Serve one request from stdin. ``forbidden``: modules this verifier must never load (the second
    verifier's independence); if one is loaded once the check is done, the reply is an ERROR, never a verdict."""
    prepare_process()
    stdin = sys.stdin.buffer
    header = json.loads(stdin.readline())
    payload = stdin.read()
    result = handle(header, payload, load_family)
    del payload
    bad = sorted(name for name in forbidden if name in sys.modules)
    if bad:
        message = f"the verifier loaded modules it must never use: {', '.join(bad)}"
        if header.get("op") == "witness":
            result = {"holds": False, "message": message}
        else:
            result = {"verdict": Verdict(Status.ERROR, reason="INTERNAL_ERROR", message=message).to_json()}
    result = bound_reply(result)          # no message grows with the answer it quotes
    result["libraries"] = loaded_libraries()
    out = json.dumps(result, ensure_ascii=True, default=str)
    sys.stdout.write(out + "\n")
    sys.stdout.flush()
    return 0
