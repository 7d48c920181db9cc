"""The independent second verifier.

Different code, and where the architecture asks for it different libraries, from the primary in
``checker``: this package never imports ``checker``. sympy is only ever used with
``SYMPY_GROUND_TYPES=python`` (otherwise sympy silently runs GF(p) linear algebra on FLINT, the
primary's library); the variable is set here, before any sympy import, and ``require_python_ground_types``
asserts it when sympy is actually loaded.
"""
from __future__ import annotations

import os
import sys

if "sympy" in sys.modules and os.environ.get("SYMPY_GROUND_TYPES") != "python":
    raise ImportError("crosscheck must be imported before sympy (SYMPY_GROUND_TYPES=python is required)")
os.environ["SYMPY_GROUND_TYPES"] = "python"


def require_python_ground_types() -> None:
    """Import sympy and fail loudly unless it runs on pure-Python ground types."""
    import sympy.external.gmpy as gm

    if gm.GROUND_TYPES != "python":
        raise RuntimeError(f"sympy ground types are {gm.GROUND_TYPES!r}; the second verifier needs 'python'")
