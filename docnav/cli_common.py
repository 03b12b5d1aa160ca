"""What the ``docnav`` command modules share: the store's path, exit codes, the NLI model
setting and the exception that SIGTERM becomes."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

DEFAULT_DB = Path(".docnav") / "docnav.duckdb"

EXIT_OK, EXIT_FAILED_DOCS, EXIT_ERROR = 0, 1, 2
EXIT_BROKEN_PIPE = 141  # as a process killed by SIGPIPE: 128 + 13
EXIT_INTERRUPTED, EXIT_TERMINATED = 130, 143  # Ctrl-C, SIGTERM: 128 + the signal's number


def _db_path(args: argparse.Namespace) -> Path:
    return Path(args.db or os.environ.get("DOCNAV_DB") or DEFAULT_DB)


def _nli_model(args: argparse.Namespace) -> str:
    """``--nli-model``, else $DOCNAV_NLI_MODEL, else the default (for summaries and answers)."""
    from docnav.verify import DEFAULT_NLI_MODEL

    return args.nli_model or os.environ.get("DOCNAV_NLI_MODEL") or DEFAULT_NLI_MODEL


class _Terminated(Exception):
    """SIGTERM arrived (a service manager, `kill`): stop as after Ctrl-C."""
