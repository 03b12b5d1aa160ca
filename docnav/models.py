"""Loading transformers models quietly, and without waiting on a hub that cannot be reached.

transformers draws a progress bar for every model it loads ("Loading weights ... 103/103").
In a CLI query or an index run that is noise on stderr each time a model loads; DocNav shows
its own progress where work is long.

A model named by a hub id is looked up on the Hugging Face hub first. Where the hub cannot be
reached, the hub client retries each file with back-off: `docnav index` with the default NLI
model waited ~50 s on a machine without network before its error. :func:`hub_access` checks
once, in a fraction of a second, and the loaders then look in the local cache only.
"""

from __future__ import annotations

import functools
import os
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import urlsplit

HUB = "https://huggingface.co"


@contextmanager
def quiet_loading() -> Iterator[None]:
    """Load models inside this block without transformers' progress bars; the setting the
    caller had comes back afterwards."""
    from transformers.utils import logging as hf_logging

    was_enabled = hf_logging.is_progress_bar_enabled()
    hf_logging.disable_progress_bar()
    try:
        yield
    finally:
        if was_enabled:
            hf_logging.enable_progress_bar()


@functools.cache
def hub_access(timeout: float = 3.0) -> str | None:
    """None when the hub (``$HF_ENDPOINT`` or huggingface.co) takes a TCP connection within
    ``timeout`` seconds; else why not, for an error message: offline mode is set
    (``HF_HUB_OFFLINE``), or the host does not resolve or answer. Checked once a process."""
    if os.environ.get("HF_HUB_OFFLINE", "").strip().lower() in ("1", "true", "yes", "on"):
        return "HF_HUB_OFFLINE is set"
    if any(os.environ.get(v) for v in ("HTTPS_PROXY", "https_proxy", "ALL_PROXY", "all_proxy")):
        return None  # reached through a proxy, which a direct connection does not test
    endpoint = os.environ.get("HF_ENDPOINT") or HUB
    parts = urlsplit(endpoint)
    host = parts.hostname or endpoint
    port = parts.port or (80 if parts.scheme == "http" else 443)
    try:
        socket.create_connection((host, port), timeout=timeout).close()
    except OSError as exc:
        return f"the hub at {endpoint} cannot be reached ({exc.strerror or exc})"
    return None


def hub_kwargs(local: bool) -> dict:
    """``from_pretrained`` arguments for a model that is not a local folder (``local``): the
    local cache only (no retries) when the hub cannot be reached."""
    return {} if local or hub_access() is None else {"local_files_only": True}


def offline_note(local: bool) -> str:
    """What to add to a loading error for a hub id when only the local cache was looked in."""
    why = None if local else hub_access()
    return f" ({why}: only the local cache was looked in)" if why else ""
