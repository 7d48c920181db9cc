"""Code shared by both verifiers and nothing else.

Strict JSON loading, extraction of an answer from raw model text, the verdict model and its reason
codes, parameter and answer schemas, and the expansion of compact answer forms with their limits.
Everything here is deterministic and free of mathematical checking: deciding whether a construction
has its property is the job of ``endless_exam.checker.families`` (primary) and ``endless_exam.crosscheck.families`` (second).
"""

import sys as _sys

# Python limits int<->str conversion to 4300 digits as a guard against quadratic work on hostile
# numeric literals. Submitted literals are already capped at 1,000 digits by ``strictjson``; the
# global guard would only make exact objectives (e.g. q^K of a certificate) and messages about large
# in-process values fail, so both verifiers lift it.
if hasattr(_sys, "set_int_max_str_digits"):
    _sys.set_int_max_str_digits(0)
