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
