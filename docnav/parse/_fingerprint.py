"""Which parser made a tree: DocNav's parser version, the versions of the libraries it parses
with, and for PDFs the options that change what is read.

A stored tree is what the parser of its run made of the file. After an upgrade of DocNav (a fix
in heading detection, say) or of a library it parses with, the same bytes can give another tree,
and only parsing the file again shows it (``docnav index --reparse``). The parser's name
changes with every such upgrade, so a run can name the documents another parser made and a
scheduler can tell when to parse again: Dagster's reverify schedule compares the name its last
run recorded with this one. An edit of the parsing code that leaves every tree as it was (a
comment, a refactor) leaves the name as it is: :data:`PARSER_VERSION` is bumped by hand when a
change makes another tree of some file. tests/test_parser_fingerprint.py fails where the trees
it parses are not its version's, and on any edit of the parsing code until that is recorded as
checked against the version (its fixtures do not reach every rule: a 10-K's cover, say).
"""

from __future__ import annotations

import functools
from importlib import metadata

from docnav.hashing import digest
from docnav.parse._options import ParseOptions

# The version of the code that makes a tree out of a file: the readers (docnav/parse/), the
# tree builder (tree.py) and what it reads a node's links and mentions with (refs.py,
# pull_requests.py). Bump it when a change there makes another tree of some file (a heading, a
# level, a block's text, a page, a link or a mention), and add the fingerprint
# tests/test_parser_fingerprint.py prints as its line there: every document an older version
# parsed is then named as parsed by another version until `docnav index --reparse`. Before
# version 1 a document recorded 12 hex digits of the parsing modules' source instead
# (another version too: one reparse brings such a store up to date).
PARSER_VERSION = 3

# the distributions the readers parse with: docling's converters (its code is in docling-slim
# where installed so) and layout models, Markdown through marko, HTML through lxml, the PDF
# text layer, Markdown front matter through PyYAML; the layout model's weights are not covered
# (a cached download stays as it is)
_LIBRARIES = ("docling", "docling-slim", "docling-core", "docling-parse", "docling-ibm-models",
              "marko", "lxml", "beautifulsoup4", "pypdfium2", "python-docx", "PyYAML")


@functools.cache
def parser_fingerprint() -> str:
    """The name of this parser, ``v1-3fa2b1c0``: :data:`PARSER_VERSION`, and 8 hex digits of
    its libraries' versions (an upgraded docling may read a file otherwise)."""
    libraries = digest(*(f"{name}=={_version(name)}" for name in _LIBRARIES))
    return f"v{PARSER_VERSION}-{libraries[:8]}"


def _version(distribution: str) -> str:
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return "absent"


def parser_id(fmt: str, options: ParseOptions, pipeline: str | None = None) -> str:
    """What made a tree of a ``fmt`` file: the parser's name (:func:`parser_fingerprint`), and
    for PDFs the options that change what is read and, when given, the ``pipeline`` that read
    it (``standard`` or ``native``: with ``pdf_mode="auto"`` the one it chose, which the
    document's metadata also names as ``pdf_pipeline``). Recorded with each document
    (``documents.parsed_with``), e.g.
    ``v1-3fa2b1c0;pdf_mode=auto;outline=True;furniture=True;pipeline=native``."""
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
    """A :func:`parser_id` read back: the parser's name, and the settings after it
    (``{"pdf_mode": "auto", "outline": "True", ..., "pipeline": "native"}``)."""
    fingerprint, *settings = recorded.split(";")
    return fingerprint, dict(s.partition("=")[::2] for s in settings)

