"""Auditing constructions: ``certify``'s dossier (``dossier``), ``audit --witnesses`` over a directory of
witnesses (``witnesses``), and the table ``audit`` prints (``table``).

May import: ``certificates``, ``checker.verify``, ``checker.suites``, ``checker.files`` and the pure parts
of ``checker.scoring`` (``aggregate``); never the scoring run machinery.
"""
