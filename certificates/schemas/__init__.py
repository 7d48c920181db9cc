"""Answer and parameter schemas, one module per family (``certificates.schemas.<key>``).

Parsing only, shared by both verifiers: strict parameters, the typed answer, every limit (``LIMITS``) and
the witness syntax (``WITNESSES``); see ``certificates.contract`` and ``docs/ADDING_A_FAMILY.md``.
"""
