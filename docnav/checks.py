"""What the option classes check of the numbers they are given."""

from __future__ import annotations

import math


def finite_number(value, whole: bool = False) -> bool:
    """Whether ``value`` is a finite int or float (only an int with ``whole``), not a bool: a
    string, None, nan or inf failed later, in a comparison, a socket's timeout or a sleep."""
    kind = int if whole else (int, float)
    return isinstance(value, kind) and not isinstance(value, bool) and math.isfinite(value)
