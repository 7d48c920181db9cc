"""``endless-exam run`` and the inspect-ai task: running a model on a suite (issue 28, docs/runner.md).

What lives here, one module per thing:

* ``outcomes``    -- inspect's ``ModelOutput`` (stop reason, tool calls, usage) and the exceptions that
  survive inspect's retries, mapped to the scorer's outcome classes (``finish_reason`` / ``error``);
* ``answers_out`` -- the ``answers.jsonl`` rows the runner writes (the scorer's format, ``checker.scoring.answers``),
  appended as each sample finishes, read back on resume, compacted at the end;
* ``manifest``    -- ``RUN_DIR/manifest.json``: settings, suite and prompt hashes, versions; a resume under
  other settings is refused, naming the field;
* ``scorer``      -- the inspect scorer and metrics: both verifiers through the project's harness, the
  row built by ``checker.scoring.call`` exactly as ``score`` builds it, the metrics from ``checker.scoring.aggregate``;
* ``agent``       -- the tool-assisted track: an inspect ReAct agent with bash and python tools in a
  sandbox, a wall-clock deadline, the answer read from ``/workspace/answer.json``;
* ``task``        -- the inspect tasks (``endless_exam/bench_v1``, one per bundled suite, and
  ``endless_exam/suite`` for any suite or suite file), registered through the ``inspect_ai`` entry point
  (``registry``);
* ``cli_run``     -- the ``run`` subcommand: its options, the run directory, the inspect eval, then the
  existing ``score`` into ``RUN_DIR/scores.json``.

May import: ``certificates``, ``checker.prompts``, ``checker.suites``, ``checker.verify``, ``checker.scoring``
(the scorer: ``answers``, ``call``, ``callrow``, ``aggregate``, ``score``, ``runlock``, ``fingerprint``,
``interrupts``) and ``checker.files``; never ``checker.reporting``, ``checker.audit`` or ``checker.commands``.
Nothing in the checker imports it except ``checker.cli``, which registers the subcommand (``cli_run.add_parser``) and imports nothing else
from here. inspect-ai (the optional ``run`` extra) is imported only inside functions, so the base
install and ``endless-exam --help`` never load it; ``run`` without it is a usage error naming the extra.
"""
