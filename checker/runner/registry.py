"""The inspect-ai entry point (``[project.entry-points.inspect_ai] endless_exam = ...registry``): importing
this module registers the tasks of ``task`` with inspect, so that ``inspect eval endless_exam/bench_v1``
(and ``endless_exam/size_series``, ``endless_exam/kakeya``, ``endless_exam/a1``, ``endless_exam/a2``,
``endless_exam/suite -T suite=FILE``) find them. Imported by inspect only (it needs inspect-ai)."""
from __future__ import annotations

from inspect_ai import task

from endless_exam.checker.runner.task import DEFAULT_DEADLINE, make_task, suite_task_names, task_name


def _probe() -> None:
    """Where inspect looks to decide whether this module belongs to an installed package."""


def _suite_task(suite: str, short: str):
    def factory(track: str = "tool-free", samples: int = 1, only: str | None = None, limit: int | None = None,
                deadline: int = DEFAULT_DEADLINE, answers_out: str | None = None, attempt: int = 1):
        return make_task(suite, track=track, samples=samples, only=only, limit=limit, deadline=deadline,
                         answers_out=answers_out, attempt=attempt)

    factory.__name__ = short
    factory.__qualname__ = short
    factory.__doc__ = f"The Endless Exam, suite {suite} (one sample per call; -T track=tool-assisted for the agent track)."
    return task(name=task_name(short, _probe))(factory)


for _suite_name, _short in suite_task_names().items():
    globals()[_short] = _suite_task(_suite_name, _short)


@task(name=task_name("suite", _probe))
def suite(suite: str = "bench-v1", track: str = "tool-free", samples: int = 1, only: str | None = None,
          limit: int | None = None, deadline: int = DEFAULT_DEADLINE, answers_out: str | None = None,
          attempt: int = 1):
    """The Endless Exam on any suite: a bundled suite's name or a suite file (-T suite=...)."""
    return make_task(suite, track=track, samples=samples, only=only, limit=limit, deadline=deadline,
                     answers_out=answers_out, attempt=attempt)
