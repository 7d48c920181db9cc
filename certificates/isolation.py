"""What every verifier process is given, stated once for the harness (which starts the zygotes) and the
zygote (which forks each request's process): the environment that keeps the numerical libraries single
threaded and sympy on Python ground types, and the CPU-time limit that backs up the wall clock.
Standard library only: the harness imports it without loading anything of a verifier."""
from __future__ import annotations

import math

#: thread-pool sizes of the numerical libraries, all set to 1 (a verifier process is single threaded)
THREAD_VARS = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "NUMEXPR_NUM_THREADS",
               "NUMBA_NUM_THREADS", "VECLIB_MAXIMUM_THREADS")
#: the environment a verifier process runs with (besides the caller's, ``PYTHON*`` variables removed)
VERIFIER_ENV = {**{var: "1" for var in THREAD_VARS}, "SYMPY_GROUND_TYPES": "python"}
#: seconds between the soft (SIGXCPU) and hard (SIGKILL) CPU-time limits
CPU_HARD_MARGIN = 2


def cpu_limit(time_limit: float) -> int:
    """The soft CPU-time limit (seconds) of a process with a wall-clock limit of ``time_limit`` seconds."""
    return int(math.ceil(time_limit)) + 1


def outer_limit_problem(memory_limit: int, time_limit: float) -> str | None:
    """Why the limits this process runs under (``ulimit -v``, ``ulimit -t``: hard RLIMIT_AS / RLIMIT_CPU set
    outside, which no child can raise) are tighter than a verifier's ``memory_limit`` bytes and
    ``time_limit`` seconds, or None. Under such a limit a verifier would fail because of the outer limit, not
    because of the answer: a zero made from outside. Commands refuse to start; the harness answers ERROR."""
    import resource

    _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY and hard < memory_limit:
        return (f"an outer memory limit (RLIMIT_AS, ulimit -v) of {hard / 1024 ** 3:.3g} GiB is in force, tighter "
                f"than the verifiers' memory limit of {memory_limit / 1024 ** 3:.3g} GiB: raise it (or lower "
                "--memory-limit) so that no verdict comes from a limit set outside")
    _soft, hard = resource.getrlimit(resource.RLIMIT_CPU)
    need = cpu_limit(time_limit) + CPU_HARD_MARGIN
    if hard != resource.RLIM_INFINITY and hard < need:
        return (f"an outer CPU-time limit (RLIMIT_CPU, ulimit -t) of {hard} s is in force, tighter than the "
                f"{need} s a verifier may use under a {time_limit:g} s time limit: raise it (or lower --time-limit)")
    return None
