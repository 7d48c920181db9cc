"""The independent second verifier.

Different code, and where the architecture asks for it different libraries, from the primary in
``checker``: this package never imports ``checker``. sympy is only ever used with
``SYMPY_GROUND_TYPES=python`` (otherwise sympy silently runs GF(p) linear algebra on FLINT, the
primary's library), and mpmath only with ``MPMATH_NOGMPY`` (it would load gmpy2). Both variables are
set here, before any sympy import; the contract test checks that a second-verifier process that loaded
sympy runs it on python ground types and never loads flint, gmpy2 or galois.
"""
from __future__ import annotations

import os
import sys

if ("sympy" in sys.modules and os.environ.get("SYMPY_GROUND_TYPES") != "python") or \
        ("mpmath" in sys.modules and not os.environ.get("MPMATH_NOGMPY")):
    raise ImportError("crosscheck must be imported before sympy and mpmath (pure-Python ground types are required)")
os.environ["SYMPY_GROUND_TYPES"] = "python"
os.environ["MPMATH_NOGMPY"] = "1"   # mpmath (under sympy) would otherwise load gmpy2, a primary library

