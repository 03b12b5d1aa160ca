"""Checks made before docling sees a file, so bad input gets a clear, specific message."""

from __future__ import annotations

import math
import os
import stat
from pathlib import Path

from docnav.errors import DocumentError
from docnav.parse._options import MiB, ParseOptions

FORMATS: dict[str, str] = {
    ".md": "markdown",
    ".markdown": "markdown",
    ".html": "html",
    ".htm": "html",
    ".docx": "docx",
    ".pdf": "pdf",
}
TEXT_FORMATS = frozenset({"markdown", "html"})

_FILE_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a named pipe"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
)


def format_for(path: Path) -> str:
    """The format named by the suffix, or a DocumentError listing the supported ones."""
    fmt = FORMATS.get(path.suffix.lower())
    if fmt is None:
        supported = ", ".join(FORMATS)
        got = f"suffix {path.suffix!r}" if path.suffix else "no suffix"
        raise DocumentError(str(path), f"unsupported file type ({got}); supported: {supported}")
    return fmt


def check_file(path: Path, fmt: str, options: ParseOptions) -> int:
    """Check that ``path`` is a readable, non-empty regular file within the size limits."""
    try:
        info = path.stat()
    except FileNotFoundError as exc:
        raise DocumentError(str(path), "file not found") from exc
    except PermissionError as exc:
        raise DocumentError(str(path), "permission denied (cannot stat the file)") from exc
    except OSError as exc:
        raise DocumentError(str(path), f"cannot access the file: {exc.strerror or exc}") from exc
    for test, kind in _FILE_KINDS:
        if test(info.st_mode):
            raise DocumentError(str(path), f"not a regular file ({kind})")
    if not os.access(path, os.R_OK):
        raise DocumentError(str(path), "permission denied (the file is not readable)")
    size = info.st_size
    if size == 0:
        raise DocumentError(str(path), "file is empty (0 bytes)")
    _check_limit(path, size, options.max_file_bytes, "file", "")
    if fmt in TEXT_FORMATS:
        _check_limit(path, size, options.max_text_bytes, "text", "Markdown/HTML ")
    return size


def _check_limit(path: Path, size: int, limit: int, option: str, what: str) -> None:
    """Refuse a file over ``limit``, naming how to raise it: the CLI's option (a CLI user never
    sees ParseOptions) with a size that admits the file, and the library's field."""
    if size > limit:
        said = [_size(n, limit >= MiB) for n in (size, limit)]
        if said[0] == said[1]:  # just over, in MB to one decimal: the bytes tell them apart
            said = [_size(n, False) for n in (size, limit)]
        raise DocumentError(
            str(path),
            f"file too big: {said[0]} is over the {what}limit of {said[1]} (to parse it, "
            f"raise the limit: `docnav index --max-{option}-mb {math.ceil(size / MiB)}`, "
            f"or ParseOptions.max_{option}_bytes)",
        )


def _size(n: int, in_mb: bool) -> str:
    """A size in the refusal, the file's in the unit of the limit: MB from 1 MB on, else bytes."""
    return f"{n / MiB:.1f} MB" if in_mb else f"{n:,} bytes"


# what a file of another format begins with: named, where Markdown's checks would only see
# bytes that are not UTF-8 (a PDF renamed .md said "invalid byte(s) 93 at byte offset 10")
_SIGNATURES = ((b"%PDF-", "a PDF"), (b"PK\x03\x04", "a ZIP archive (as DOCX files are)"),
               (b"\xd0\xcf\x11\xe0", "an old Office document (DOC, XLS)"),
               (b"\x89PNG", "a PNG image"), (b"\xff\xd8\xff", "a JPEG image"),
               (b"GIF8", "a GIF image"))


def read_markdown_text(path: Path) -> str:
    """The file as UTF-8 text; binary junk and other encodings are refused with the offset,
    another format by its name."""
    data = _read_bytes(path)
    for signature, what in _SIGNATURES:
        if data.startswith(signature):
            raise DocumentError(
                str(path),
                f"content is not Markdown: it is {what} (the {path.suffix or 'missing'} "
                "suffix says Markdown; rename the file or fix its content)",
            )
    nul = data.find(b"\x00")
    if nul >= 0:
        raise DocumentError(
            str(path),
            f"binary data, not Markdown text: NUL byte at byte offset {nul} "
            "(a binary file, or text in UTF-16/32; Markdown must be UTF-8)",
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        bad = data[exc.start: max(exc.end, exc.start + 1)].hex(" ")
        raise DocumentError(
            str(path),
            f"not valid UTF-8 text: invalid byte(s) {bad} at byte offset {exc.start} "
            "(binary data, or text in another encoding such as Latin-1; save it as UTF-8)",
        ) from exc
    if not text.strip():  # as an empty file: nothing to index
        raise DocumentError(str(path), f"file has no text ({len(data)} bytes of white space)")
    return text


def check_html_bytes(path: Path) -> str:
    """HTML may declare any encoding, but NUL bytes mean binary junk. Returns the text as far
    as UTF-8 reads it (only used to tell where inline pieces were separated by spaces)."""
    data = _read_bytes(path)
    for bom, encoding in _WIDE_BOMS:
        if data.startswith(bom):  # said as such: "binary data, NUL byte at offset 3" was all
            raise DocumentError(
                str(path), f"HTML in {encoding} (its byte-order mark {bom.hex(' ')}), which "
                "DocNav does not read: save it as UTF-8")
    nul = data.find(b"\x00")
    if nul >= 0:
        raise DocumentError(
            str(path), f"binary data, not HTML text: NUL byte at byte offset {nul}"
        )
    return data.decode("utf-8", errors="replace")


# byte-order marks of the encodings whose text has NUL bytes (UTF-32 first: FF FE 00 00 begins
# with UTF-16's FF FE)
_WIDE_BOMS = ((b"\xff\xfe\x00\x00", "UTF-32"), (b"\x00\x00\xfe\xff", "UTF-32"),
              (b"\xff\xfe", "UTF-16"), (b"\xfe\xff", "UTF-16"))


def _read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except PermissionError as exc:
        raise DocumentError(str(path), "permission denied (the file is not readable)") from exc
    except OSError as exc:
        raise DocumentError(str(path), f"cannot read the file: {exc.strerror or exc}") from exc
