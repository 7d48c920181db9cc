"""``RUN_DIR/manifest.json``: what a run directory was made with, so a resume cannot mix settings.

``settings`` (compared on every resume; a difference is refused, naming the field, unless ``--restart``):
``model``, ``model_base_url``, ``model_args``, ``suite``, ``suite_sha256`` (the suite's instances, as
``Instance.to_json`` writes them), ``track``, ``prompts_sha256`` (the system message and prompt of every
call of the suite, as ``export`` writes them for the track), ``samples``, ``max_tokens``,
``reasoning_effort``, ``sandbox``, ``deadline``, ``checker`` (the version). Recorded but not compared:
``selection`` (``--only`` / ``--limit``: a later run may ask for more calls), ``versions`` (inspect-ai,
openai, anthropic, python), ``code`` (the checker's code fingerprint), ``created_at`` and ``runs`` (one
entry per invocation).
"""
from __future__ import annotations

import hashlib
import json
import os
import platform
import time
from importlib import metadata

from endless_exam.checker import __version__, prompts
from endless_exam.checker.files.outputs import write_text

SCHEMA_VERSION = 1
COMPARED = ("model", "model_base_url", "model_args", "suite", "suite_sha256", "track", "prompts_sha256",
            "samples", "max_tokens", "reasoning_effort", "sandbox", "deadline", "checker")


class ManifestError(Exception):
    pass


def _sha256(value) -> str:
    data = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode("ascii")
    return hashlib.sha256(data).hexdigest()


def suite_sha256(instances) -> str:
    return _sha256([i.to_json() for i in instances])


def prompts_sha256(instances, track: str) -> str:
    return _sha256([[i.call_id, prompts.system(track), prompts.prompt(i.family, i.params, track)]
                    for i in instances if i.implemented])


def versions() -> dict:
    out = {"python": platform.python_version()}
    for dist in ("inspect_ai", "openai", "anthropic"):
        try:
            out[dist] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            out[dist] = None
    return out


def path(run_dir: str) -> str:
    return os.path.join(run_dir, "manifest.json")


def load(run_dir: str) -> dict | None:
    try:
        with open(path(run_dir), encoding="utf-8") as fh:
            doc = json.load(fh)
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        raise ManifestError(f"{path(run_dir)} cannot be read ({exc}); use --restart to start the run anew") from None
    if not isinstance(doc, dict) or doc.get("schema_version") != SCHEMA_VERSION or not isinstance(doc.get("settings"), dict):
        raise ManifestError(f"{path(run_dir)} is not a run manifest of this version; use --restart")
    return doc


def difference(saved: dict, settings: dict) -> str | None:
    """The first compared field whose value differs, described, or None."""
    old = saved["settings"]
    for name in COMPARED:
        if old.get(name) != settings.get(name):
            return f"{name}: {old.get(name)!r} in the run directory, {settings.get(name)!r} now"
    return None


def write(run_dir: str, settings: dict, selection: dict, saved: dict | None, code: str) -> dict:
    now = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    runs = list(saved.get("runs", [])) if saved else []
    runs.append({"started_at": now, "selection": selection, "versions": versions(), "code": code})
    doc = {"schema_version": SCHEMA_VERSION, "settings": settings,
           "created_at": saved.get("created_at", now) if saved else now, "selection": selection,
           "versions": versions(), "code": code, "checker": __version__, "runs": runs}
    write_text(path(run_dir), json.dumps(doc, indent=1) + "\n")
    return doc
