"""Letters in text: what tells words from numbers, formulas and rules in parsed lines."""

from __future__ import annotations

import re

LETTER = re.compile(r"[^\W\d_]")  # a letter of any script: a word character, not a digit or _


def mostly_letters(text: str, share: float = 0.6) -> bool:
    """At least ``share`` of the characters other than spaces are letters."""
    chars = [c for c in text if not c.isspace()]
    return len(LETTER.findall(text)) >= share * len(chars)
