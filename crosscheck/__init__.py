"""The independent second verifier.

Different code, and where the architecture asks for it different libraries, from the primary in
``checker``: this package never imports ``checker``. sympy is only ever used with
``SYMPY_GROUND_TYPES=python`` (otherwise sympy silently runs GF(p) linear algebra on FLINT, the
primary's library); the variable is set here, before any sympy import, and the contract test checks that a second-verifier
process that loaded sympy runs it on python ground types.
"""
from __future__ import annotations

import os
import sys

if "sympy" in sys.modules and os.environ.get("SYMPY_GROUND_TYPES") != "python":
    raise ImportError("crosscheck must be imported before sympy (SYMPY_GROUND_TYPES=python is required)")
os.environ["SYMPY_GROUND_TYPES"] = "python"

