"""Fault injection for crash tests (off unless its environment variables are set)."""

from __future__ import annotations

import os
import time
from pathlib import Path


def fault_point(stage: str) -> None:
    """Fault injection for crash tests: with DOCNAV_FAULT_SLEEP_BEFORE_<STAGE>=<seconds> set,
    write the time to DOCNAV_FAULT_MARKER (if set) and sleep; the test kills the process
    there. Stages: COMMIT (inside a write transaction), SWAP (a compaction, before the copy
    replaces the store)."""
    delay = os.environ.get(f"DOCNAV_FAULT_SLEEP_BEFORE_{stage}")
    if delay:
        marker = os.environ.get("DOCNAV_FAULT_MARKER")
        if marker:
            Path(marker).write_text(str(time.time()))
        time.sleep(float(delay))
