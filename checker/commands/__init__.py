"""The commands of ``endless-exam``, one module each (``cli`` builds the parser and dispatches).

Each module imports only argparse-level modules at load; everything else is imported inside the command,
so ``--help``, ``--version`` and a usage error load nothing but argparse. ``common`` holds what every
command shares (exit codes, ``UsageError``, limits, reading the answer file, refusing outputs).

May import: every other folder of ``checker`` (this is the top floor, with ``cli``); nothing imports it
but ``cli`` and ``checker.public``.
"""
