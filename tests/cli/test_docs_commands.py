"""Every command the README and ``docs/*.md`` show runs as written, with the exit code and output they claim.

A ```` ```console ```` block is a transcript: a line ``$ COMMAND`` is run with bash (a trailing ``\\``
continues it on the next line), an optional trailing comment ``# exit N`` states its exit code (0
otherwise), and the lines after it, up to the next ``$``, are output the text claims: each non-empty one
must appear, in order, in what the command printed (standard output and error together, runs of
whitespace counted as one space; a line ``...`` claims nothing). The commands of one document run in order
in one fresh temporary directory, where ``fixtures/`` and ``docs/`` are the repository's and ``.venv`` is the
environment running the tests (the README's install), with its ``bin`` first on ``PATH`` (as after ``. .venv/bin/
activate``, which ``docs/cli.md`` assumes), so a document may use what an earlier command wrote.

Every other fenced block that holds a command is either a Quick start command (CI runs those: tests/cli/
test_readme.py) or starts with a line ``# not run by the tests: REASON`` (a command that needs an API key,
a network or a GPU server); this test makes sure no command block is silently skipped.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```([A-Za-z]*)\n(.*?)^```", re.S | re.M)
EXIT = re.compile(r"\s+#\s*exit\s+(\d+)\s*$")
NOT_RUN = "# not run by the tests:"
COMMAND_START = re.compile(r"^(\.venv/bin/|endless-exam |inspect |python3? |echo |cat |pip )", re.M)


def transcripts(text: str) -> list[tuple[str, int, list[str]]]:
    """(command, expected exit code, claimed output lines) of every ``$`` line of every console block."""
    out: list[tuple[str, int, list[str]]] = []
    for lang, body in FENCE.findall(text):
        if lang != "console":
            continue
        lines = body.splitlines()
        i = 0
        while i < len(lines):
            line = lines[i]
            if not line.startswith("$ "):
                if out:
                    out[-1][2].append(line)
                i += 1
                continue
            command = line[2:]
            while command.endswith("\\") and i + 1 < len(lines):
                i += 1
                command = command[:-1] + "\n" + lines[i]
            code = 0
            m = EXIT.search(command)
            if m:
                code, command = int(m.group(1)), command[:m.start()]
            out.append((command, code, []))
            i += 1
    return out


def _norm(text: str) -> str:
    return " ".join(text.split())


def _workdir(tmp_path: Path) -> Path:
    for name in ("fixtures", "docs"):
        (tmp_path / name).symlink_to(ROOT / name, target_is_directory=True)
    (tmp_path / ".venv").symlink_to(Path(sys.prefix), target_is_directory=True)
    return tmp_path


def _documents_with_commands() -> list[Path]:
    return [d for d in DOCUMENTS if transcripts(d.read_text(encoding="utf-8"))]


@pytest.mark.parametrize("document", _documents_with_commands(), ids=lambda p: p.name)
def test_every_console_command_runs_as_written(document, tmp_path):
    work = _workdir(tmp_path)
    env = dict(os.environ, COLUMNS="120", NO_COLOR="1", PYTHONWARNINGS="ignore",
               PATH=f"{work / '.venv' / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}")   # as after activating
    env.pop("PYTHONPATH", None)
    for command, code, claimed in transcripts(document.read_text(encoding="utf-8")):
        proc = subprocess.run(["bash", "-c", command], cwd=work, env=env, capture_output=True, text=True,
                              timeout=900, stdin=subprocess.DEVNULL)
        printed = _norm(proc.stdout + "\n" + proc.stderr)
        where = f"{document.name}: $ {command}\n--- printed ---\n{(proc.stdout + proc.stderr)[-3000:]}"
        assert proc.returncode == code, f"exit {proc.returncode}, the text says {code}\n{where}"
        at = 0
        for line in claimed:
            want = _norm(line)
            if not want or want == "...":
                continue
            found = printed.find(want, at)
            assert found >= 0, f"claimed output not printed (in order): {line!r}\n{where}"
            at = found + len(want)


def test_no_command_block_is_silently_skipped():
    for document in DOCUMENTS:
        text = document.read_text(encoding="utf-8")
        for lang, body in FENCE.findall(text):
            if lang in ("console", "json", "text", "python", "toml", "jsonl", "csv", "markdown", "md"):
                continue
            if not COMMAND_START.search(body):
                continue
            quick = "pip install" in body and ("pytest" in body or "endless-exam audit" in body)
            assert quick or body.startswith(NOT_RUN), (
                f"{document.name}: a command block that no test runs; make it a console transcript or start it "
                f"with '{NOT_RUN} REASON':\n{body[:400]}")


def test_the_transcript_reader_reads_exit_codes_continuations_and_claims():
    text = "```console\n$ echo a \\\n  b   # exit 3\nA B\n...\n$ true\n```\n```sh\n$ not a transcript\n```\n"
    assert transcripts(text) == [("echo a \n  b", 3, ["A B", "..."]), ("true", 0, [])]
