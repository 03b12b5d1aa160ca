"""Loading transformers models quietly.

transformers draws a progress bar for every model it loads ("Loading weights ... 103/103").
In a CLI query or an index run that is noise on stderr each time a model loads; DocNav shows
its own progress where work is long.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager


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
