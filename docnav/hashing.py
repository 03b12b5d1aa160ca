"""Content hashes used for identity and caching (blake2b, hex)."""

from __future__ import annotations

import hashlib
from pathlib import Path

_SEP = b"\x1f"


def digest(*parts: str, size: int = 16) -> str:
    """Hash of the parts, unambiguous about where one part ends and the next begins."""
    h = hashlib.blake2b(digest_size=size)
    for part in parts:
        data = part.encode("utf-8", "surrogatepass")
        h.update(str(len(data)).encode())
        h.update(_SEP)
        h.update(data)
    return h.hexdigest()


def file_digest(path: str | Path, chunk: int = 1 << 20) -> str:
    """Hash of a file's bytes, read in chunks so large files stay cheap on memory."""
    h = hashlib.blake2b(digest_size=16)
    with open(path, "rb") as f:
        while block := f.read(chunk):
            h.update(block)
    return h.hexdigest()


def bytes_digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()
