"""The rules for the files a command touches, below every command: which paths may be written, and how
(``outputs``: never an input under any name, never a directory or device, written by atomic replacement);
reading a document the project parses whole, bounded (``reading``: regular files only, a size limit checked
before a byte is read); standard streams that a closed pipe cannot turn into a false exit code
(``streams``). Which paths each command reads and writes is ``checker.commands.paths``.

May import: the standard library and ``certificates``; every command-level folder imports it.
"""
