"""The rules for the files a command touches: which paths may be written, and how (``outputs``: never an
input under any name, never a directory or device, written by atomic replacement).

May import: the standard library only; every command-level folder imports it.
"""
