"""Reading scores files back and rendering them: ``report``'s markdown, CSV and JSON (``report``), the
per-call tables (``calls``), the paper's Table 2 (``table2``), the data behind the figures (``series``),
the figures themselves (``plots``, matplotlib, the ``plot`` extra), the HTML page (``html``), one safe
markdown cell (``cells``) and what ``report`` says about a file that is not a scores file (``inputs``).

May import: ``certificates``, ``checker.suites``, ``checker.files`` and, from ``checker.scoring``, only the
pure parts (``answers``, ``aggregate``, ``callrow``); never the run machinery nor the verifiers.
"""
