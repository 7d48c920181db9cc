"""Process entry point of the second verifier (``python -m endless_exam.crosscheck.worker``); see certificates.worker.

This process never imports ``endless_exam.checker`` nor the primary's libraries (python-flint, gmpy2,
galois): the second verifier is independent of the primary. The harness forks each request's process
from the second's zygote (``endless_exam.certificates.zygote``), which imports this module and calls
``preload(families)`` for the families in front of it: the second verifier's modules of those families
and what they import or name in ``PRELOAD`` (numpy, sympy), nothing for the others; a zygote or a
request that has loaded a forbidden module fails with an ERROR.
"""
import pkgutil
import sys

from endless_exam import crosscheck  # noqa: F401  (sets SYMPY_GROUND_TYPES=python before anything imports sympy)
from endless_exam.certificates.worker import main
from endless_exam.certificates.worker import preload as _preload

from . import families
from .families import load

FORBIDDEN = ("endless_exam.checker", "flint", "gmpy2", "galois")


def require_independent() -> None:
    loaded = [name for name in FORBIDDEN if name in sys.modules]
    if loaded:
        raise RuntimeError(f"the second verifier must not import {', '.join(loaded)}")


def family_keys() -> list[str]:
    return sorted(m.name for m in pkgutil.iter_modules(families.__path__) if not m.name.startswith("_"))


def preload(families: list[str] | None = None) -> None:
    """Import the second verifier's modules of ``families`` (every family it has when None)."""
    require_independent()
    _preload((), [load(key) for key in (family_keys() if families is None else families)])
    require_independent()


if __name__ == "__main__":
    require_independent()
    sys.exit(main(load, FORBIDDEN))
