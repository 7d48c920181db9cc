"""The primary verifier and the application around it, one folder per purpose (docs/ARCHITECTURE.md):
``families/`` (the primary verifier), ``verify/`` (both verifiers in isolated processes and the trust rule),
``suites/``, ``scoring/``, ``reporting/``, ``audit/``, ``files/``, ``constructions/`` (reference
constructions and baselines), ``prompts/``, and the command line (``cli``)."""

__version__ = "0.1.0"
