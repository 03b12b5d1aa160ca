"""Which parser made a tree: a fingerprint of the code and libraries that turn files into trees.

A stored tree is what the parser of its run made of the file. After an upgrade of DocNav (a fix
in heading detection, say) or of a library it parses with, the same bytes can give another tree,
and only parsing the file again shows it (``docnav index --reparse``). The fingerprint changes
with every such upgrade, so a scheduler can tell when to do that: Dagster's reverify schedule
compares the fingerprint its last run recorded with this one. It changes with any edit of these
sources, comments included; a reparse that finds the trees unchanged writes nothing.
"""

from __future__ import annotations

import functools
from importlib import metadata
from pathlib import Path

from docnav.hashing import digest
from docnav.parse._options import ParseOptions

_PACKAGE = Path(__file__).resolve().parent.parent  # docnav/
# the modules that make a tree out of a file: the readers, and the tree and reference builders
# (the pull requests a tree's links and mentions name, too: tree.py and refs.py read them)
_SOURCES = ("parse/*.py", "tree.py", "refs.py", "pull_requests.py")
# the distributions the readers parse with: docling's converters (its code is in docling-slim
# where installed so) and layout models, Markdown through marko, HTML through lxml, the PDF
# text layer, Markdown front matter through PyYAML; the layout model's weights are not covered
# (a cached download stays as it is)
_LIBRARIES = ("docling", "docling-slim", "docling-core", "docling-parse", "docling-ibm-models",
              "marko", "lxml", "beautifulsoup4", "pypdfium2", "python-docx", "PyYAML")


@functools.cache
def parser_fingerprint() -> str:
    """12 hex digits naming this parser: its source files and its libraries' versions."""
    parts = [f"{p.relative_to(_PACKAGE).as_posix()}\n{p.read_text(encoding='utf-8')}"
             for p in fingerprinted_files()]
    parts += [f"{name}=={_version(name)}" for name in _LIBRARIES]
    return digest(*parts)[:12]


def fingerprinted_files() -> list[Path]:
    """The source files the fingerprint reads, in path order (an edit of any changes it)."""
    return sorted({p for pattern in _SOURCES for p in _PACKAGE.glob(pattern)})


def _version(distribution: str) -> str:
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return "absent"


def parser_id(fmt: str, options: ParseOptions, pipeline: str | None = None) -> str:
    """What made a tree of a ``fmt`` file: the parser's fingerprint, and for PDFs the options
    that change what is read and, when given, the ``pipeline`` that read it (``standard`` or
    ``native``: with ``pdf_mode="auto"`` the one it chose, which the document's metadata also
    names as ``pdf_pipeline``). Recorded with each document (``documents.parsed_with``), e.g.
    ``87834d13bae3;pdf_mode=auto;outline=True;furniture=True;pipeline=native``."""
    if fmt != "pdf":
        return parser_fingerprint()
    if options.pdf_mode == "standard":  # the outline and furniture settings are native-only
        request = f"{parser_fingerprint()};pdf_mode=standard"
    else:
        request = (f"{parser_fingerprint()};pdf_mode={options.pdf_mode};"
                   f"outline={options.pdf_outline};furniture={options.pdf_drop_furniture}")
    return request + (f";pipeline={pipeline}" if pipeline else "")


def same_parser(recorded: str | None, current: str) -> bool:
    """Whether a tree recorded as made by ``recorded`` is one the parser ``current`` (a
    :func:`parser_id` without pipeline) makes. The pipeline is left out: which one
    ``pdf_mode="auto"`` would choose now is only known by loading docling's layout model
    (seconds; too slow for every run and for Dagster's schedule), and ``standard`` and
    ``native`` always choose their own. So after the layout model is downloaded, ``auto``'s
    PDFs read by the native pipeline are not named; ``--reparse`` reads them with it."""
    if recorded is None:
        return False
    return recorded.split(";pipeline=")[0] == current


def recorded_parser(recorded: str) -> tuple[str, dict[str, str]]:
    """A :func:`parser_id` read back: the fingerprint, and the settings after it
    (``{"pdf_mode": "auto", "outline": "True", ..., "pipeline": "native"}``)."""
    fingerprint, *settings = recorded.split(";")
    return fingerprint, dict(s.partition("=")[::2] for s in settings)

