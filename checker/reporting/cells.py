"""One markdown table cell from any text: a cell never breaks its table, whatever a scores file holds.

A ``|`` is escaped, and every line break or other control character (``\\n``, ``\\r``, tab, the Unicode
line and paragraph separators) becomes a space, so that a call id or message with a newline stays in
its row.
"""
from __future__ import annotations

import re
from typing import Any

_BREAKS = re.compile(r"[\x00-\x1f\x7f\x85\u2028\u2029]")


def md_cell(text: Any) -> str:
    return _BREAKS.sub(" ", str(text)).replace("|", "\\|")
