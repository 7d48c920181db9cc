"""The tool-assisted track: an inspect ReAct agent with bash and python tools in a sandbox.

The agent (``inspect_ai.agent.react`` without a submit tool and without a system prompt of its own, so the
model sees exactly the exported prompt) runs until the model stops calling tools, or until the wall-clock
``deadline`` (default 2 h) cancels it. Then ``/workspace/answer.json`` is read from the sandbox
(``answers_out.answer_file_fields``: over 32 MiB -> zero, strict JSON -> ``answer`` verbatim, other text
-> ``content``), and the answers line records ``finish_reason`` (``timeout`` when the deadline ended the
session, else the final generation's outcome, ``outcomes.classify_output``) and
``submission_within_deadline``: true when the file was there when the session ended (at completion, or
at the deadline, read at once after the agent is cancelled); false when the deadline passed without one.
A session that completed without writing the file is recorded with ``answer: null`` (zero, no answer).

Sandboxes. ``docker``: the bundled ``compose.yaml`` (a Python image, 4 CPUs, 16 GiB, 128 processes,
working directory ``/workspace``): the paper's limits; the default of the task. ``local`` (no isolation at all: the
commands run on this machine as this user, in a fresh temporary directory per sample that inspect
removes afterwards): the path ``/workspace`` does not exist there, so in the local sandbox every
occurrence of the text ``/workspace`` in a bash command or a python program is replaced by the sample's
directory before it runs, and the answer is read from ``<sample directory>/answer.json``. Documented in
docs/runner.md; use it only for models and machines you trust.
"""
from __future__ import annotations

import time

from endless_exam.certificates.strictjson import MAX_BYTES

from endless_exam.checker.runner.outcomes import classify_error, classify_output
from endless_exam.checker.runner.samples import base_fields, finish, record

WORKSPACE = "/workspace"
ANSWER = WORKSPACE + "/answer.json"

def compose_file() -> str:
    """The bundled ``compose.yaml`` (a Python image with the paper's limits: 4 CPUs, 16 GiB, 128 processes)."""
    import os

    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "compose.yaml")


def write_compose(directory: str) -> str:
    """A copy of the bundled ``compose.yaml`` in ``directory`` (the run directory keeps what it ran with)."""
    import os
    import shutil

    os.makedirs(directory, exist_ok=True)
    path = os.path.join(directory, "compose.yaml")
    shutil.copyfile(compose_file(), path)
    return path


def _tools(root: str, timeout: int):
    """bash and python (inspect's tools), with ``/workspace`` in their input replaced by ``root`` when the
    sandbox is local (``root`` is ``/workspace`` itself in docker: nothing is replaced)."""
    from inspect_ai.tool import ToolDef, bash, python

    inner_bash, inner_python = bash(timeout=timeout), python(timeout=timeout)

    def mapped(text: str) -> str:
        return text if root == WORKSPACE else text.replace(WORKSPACE, root)

    async def run_bash(command: str) -> str:
        """Use this function to execute bash commands.

        Args:
          command: The bash command to execute.

        Returns:
          The output of the command.
        """
        return await inner_bash(command=mapped(command))

    async def run_python(code: str) -> str:
        """Use the python function to execute Python code (a fresh python3 process each time; print() what you need to see).

        Args:
          code: The python code to execute.

        Returns:
          The output of the Python code.
        """
        return await inner_python(code=mapped(code))

    return [ToolDef(run_bash, name="bash").as_tool(), ToolDef(run_python, name="python").as_tool()]


async def _read_answer(sb, path: str) -> tuple[bytes | None, int | None]:
    res = await sb.exec(["stat", "-c", "%s", path])
    if not res.success:
        return None, None
    size = int(res.stdout.strip())
    if size > MAX_BYTES:
        return None, size
    return await sb.read_file(path, text=False), size


def _is_local(sb) -> bool:
    """Is ``sb`` (inspect hands out a proxy) the local sandbox?"""
    from inspect_ai.util._sandbox.local import LocalSandboxEnvironment

    try:
        sb.as_type(LocalSandboxEnvironment)
    except TypeError:
        return isinstance(sb, LocalSandboxEnvironment)
    return True


def tool_assisted_solver(answers_path: str | None, attempt: int, deadline: int, store: bool = True):
    from inspect_ai.agent import as_solver, react
    from inspect_ai.solver import solver
    from inspect_ai.util import apply_limits, sandbox, time_limit

    from endless_exam.checker.runner import answers_out

    @solver(name="endless_exam_tool_assisted")
    def collect():
        async def solve(state, generate):
            meta = state.metadata
            started = time.time()
            fields = base_fields(meta, attempt, started)
            sb = sandbox()
            local = _is_local(sb)
            if local:
                root = (await sb.exec(["pwd"])).stdout.strip()
            else:
                root = WORKSPACE
                await sb.exec(["mkdir", "-p", WORKSPACE])
            agent = react(prompt=None, tools=_tools(root, deadline), submit=False)
            try:
                with apply_limits([time_limit(deadline)], catch_errors=True) as scope:
                    state = await as_solver(agent)(state, generate)
            except Exception as exc:     # a model failure after inspect's retries: infrastructure
                outcome = classify_error(exc)
                fields.update(finish_reason=outcome.finish_reason, error=outcome.error)
                record(state, finish(fields, started), None, answers_path, store)
                raise
            timed_out = scope.limit_error is not None
            data, size = await _read_answer(sb, root + "/answer.json")
            if timed_out:
                fields["finish_reason"] = "timeout"
            else:
                outcome = classify_output(state.output, "tool-assisted")
                fields["finish_reason"] = outcome.finish_reason
                if outcome.error:
                    fields["error"] = outcome.error
            fields["submission_within_deadline"] = not (timed_out and data is None and size is None)
            answer, raw = answers_out.answer_file_fields(data, size)
            fields.update(answer)
            usage = getattr(state.output, "usage", None)
            fields["output_tokens"] = None if usage is None else usage.output_tokens
            fields["response_model"] = getattr(state.output, "model", None)
            record(state, finish(fields, started), raw, answers_path, store)
            return state
        return solve

    return collect()
