"""One dynamic partition per document; the key is the document's absolute path.

Dagster rejects partition keys containing "...", and control characters; its UI also splits
partition selections on "," and reads "[a...b]" as a range. A key is therefore the path with
"%", ",", control characters and every "." in a run of three or more dots percent-encoded
(``%25``, ``%2C``, ``%0A``, ``%2E``...), so a plain path reads as itself and
``urllib.parse.unquote`` turns any key back into its path.
"""

from __future__ import annotations

import re
from urllib.parse import unquote

from dagster import DynamicPartitionsDefinition

documents_partitions = DynamicPartitionsDefinition(name="documents")

_ESCAPE = re.compile(r"[%,\x00-\x1f\x7f]|\.(?=\.\.)|(?<=\.\.)\.|(?<=\.)\.(?=\.)")


def key_for_path(path: str) -> str:
    return _ESCAPE.sub(lambda m: f"%{ord(m.group()):02X}", path)


def path_for_key(key: str) -> str:
    return unquote(key)
