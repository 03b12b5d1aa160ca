"""docling converters, created once per format and pipeline settings, and error mapping.

Creating a ``DocumentConverter`` (and its pipeline) is slow, so converters are cached at module
level. Each converter allows exactly one input format: the file suffix decides the format, and
docling's content sniffing cannot silently switch a ``.md`` file to another reader.
"""

from __future__ import annotations

import functools
import logging
import re
import threading
import warnings
import zipfile
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path

from docnav.errors import ConfigError, DocumentError
from docnav.parse._named_lines import unnamed
from docnav.parse._named_warnings import caught as caught_warnings
from docnav.parse._named_warnings import reissue
from docnav.parse._options import ParseOptions

log = logging.getLogger(__name__)


class _SaidInTheResult(logging.Filter):
    """Drops a docling log line that its conversion result also holds: DocNav reports the
    result itself, naming the file (an invalid input or one of another format fails the
    document; a page that failed to parse is one of the document's ``conversion_warnings``),
    so the line was said twice, a truncated PDF's dozens of pages on stderr beside DocNav's
    one error."""

    def __init__(self, pattern: str) -> None:
        super().__init__()
        self.pattern = re.compile(pattern)

    def filter(self, record: logging.LogRecord) -> bool:
        return not (isinstance(record.msg, str) and self.pattern.match(record.msg))


_SAID_IN_THE_RESULT = (
    ("docling.document_converter", r"Input document %s is not valid\.$"),
    ("docling.datamodel.document", r"Input document .* does not match any allowed format"),
    ("docling.pipeline.native_pdf_pipeline", r"Page %d of %s: %s$"),
)

_CONVERTING = threading.local()  # .kept: the log lines kept for the file this thread converts


class _KeptWithTheDocument(logging.Filter):
    """Keeps a docling log line about the file being converted with the document (one of its
    ``conversion_warnings``, in DocNav's words) instead of on stderr without the file's name,
    as docling's warnings are: "Found DrawingML elements in document, but no DOCX to PDF
    converters ... LibreOffice ..." came with every DOCX holding a text box, and advised
    installing LibreOffice to render drawings as images, which DocNav does not read."""

    def __init__(self, pattern: str, said: str) -> None:
        super().__init__()
        self.pattern, self.said = re.compile(pattern), said

    def filter(self, record: logging.LogRecord) -> bool:
        kept = getattr(_CONVERTING, "kept", None)
        if kept is None or not (isinstance(record.msg, str) and self.pattern.match(record.msg)):
            return True
        kept[self.said] = None
        return False


@functools.cache
def _filter_docling_lines() -> None:
    """Put the filters above on the docling loggers they are for: once (called under
    ``_LOCK``), when the first converter is made, not at import, which leaves a program's
    logging as it was."""
    for logger, pattern in _SAID_IN_THE_RESULT:
        logging.getLogger(logger).addFilter(_SaidInTheResult(pattern))
    logging.getLogger("docling.backend.msword_backend").addFilter(_KeptWithTheDocument(
        r"Found DrawingML elements in document",
        "drawings (shapes, diagrams) are read for the text in their text boxes only"))


_INPUT_FORMATS = {"markdown": "md", "html": "html", "docx": "docx", "pdf": "pdf"}
_NAMES = {"markdown": "Markdown", "html": "HTML", "docx": "DOCX", "pdf": "PDF"}
_LOCK = threading.Lock()


@dataclass(frozen=True)
class Converted:
    """A successful docling conversion: the document, its raw result and the PDF pipeline."""

    document: object  # docling_core DoclingDocument
    result: object  # docling ConversionResult (pages keep the parsed PDF cells)
    pdf_pipeline: str | None
    warnings: tuple[str, ...]


def convert(path: Path, fmt: str, options: ParseOptions, text: str | bytes | None = None
            ) -> Converted:
    """Run docling on ``path``, or on ``text`` standing for its content (a Markdown file
    without its front matter, an HTML page rewritten); any failure becomes a DocumentError
    naming the problem."""
    from docling.datamodel.base_models import ConversionStatus
    from docling_core.types.io import DocumentStream

    pdf_pipeline = resolve_pdf_mode(options) if fmt == "pdf" else None
    try:
        converter = _converter(fmt, pdf_pipeline, options.pdf_parser_threads)
    except Exception as exc:  # its pipeline not made (docling's models folder set to none)
        raise DocumentError(str(path), _failure_cause(path, fmt, _one_line(exc))) from exc
    data = text.encode("utf-8") if isinstance(text, str) else text
    source = path if data is None else DocumentStream(name=str(path), stream=BytesIO(data))
    _CONVERTING.kept = kept = {}
    try:
        with caught_warnings() as caught:  # (this thread's, named when shown)
            result = converter.convert(source, raises_on_error=False)
    except Exception as exc:  # docling raises assorted errors for inputs it cannot read
        raise DocumentError(str(path), _failure_cause(path, fmt, _one_line(exc))) from exc
    finally:
        _CONVERTING.kept = None
    errors = (tuple(_one_line(e.error_message) for e in result.errors)
              + _docling_warnings(caught, path) + tuple(f"docling: {k}" for k in kept))
    detected = getattr(result.input, "format", None)
    if detected is not None and detected != _input_format(fmt):
        raise DocumentError(
            str(path),
            f"content is not {_NAMES[fmt]}: docling recognises it as {detected.name} "
            f"(the {path.suffix} suffix says {_NAMES[fmt]}; rename the file or fix its content)",
        )
    if result.status not in (ConversionStatus.SUCCESS, ConversionStatus.PARTIAL_SUCCESS):
        detail = "; ".join(errors) or f"docling status {result.status.value}"
        raise DocumentError(str(path), _failure_cause(path, fmt, detail))
    return Converted(result.document, result, pdf_pipeline, errors)


def _docling_warnings(caught: list[warnings.WarningMessage], path: Path) -> tuple[str, ...]:
    """docling's own warnings about the file ("Detected potentially incorrect Markdown,
    correcting..."), kept with the document (its ``conversion_warnings``) instead of printed
    on stderr without the file's name; other libraries' warnings are issued as they came,
    shown naming the file (:mod:`docnav.parse._named_warnings`). Each once: one said again
    alike (Pillow's of a DOCX's picture, which docling opens twice) is not repeated."""
    own: dict[str, None] = {}
    others: dict[tuple, warnings.WarningMessage] = {}  # (class, words, place): the first
    for w in caught:
        if "/docling" in w.filename.replace("\\", "/"):
            own[f"docling: {_one_line(str(w.message))}"] = None
        else:
            others.setdefault((w.category, str(w.message), w.filename, w.lineno), w)
    reissue(others.values(), str(path))
    return tuple(own)


def preload(fmt: str = "markdown") -> None:
    """Import docling and build the converter for ``fmt`` now, not at the first parse (the
    import takes seconds: docling imports torch and transformers)."""
    _converter(fmt, None, None)


def resolve_pdf_mode(options: ParseOptions) -> str:
    """``standard`` or ``native``: what ``options.pdf_mode`` means on this machine."""
    if options.pdf_mode == "native":
        return "native"
    if options.pdf_mode == "standard":
        if not _standard_pipeline_ready():
            raise ConfigError(
                "pdf_mode='standard' needs docling's layout model "
                f"({_layout_repo_id()}), which could not be loaded (offline and not in the "
                "Hugging Face cache?). Download it where the hub is reachable, or set "
                "ParseOptions(pdf_mode='native') / --pdf-mode native"
            )
        return "standard"
    if _layout_model_cached() and _standard_pipeline_ready():
        return "standard"
    return "native"


def _layout_repo_id() -> str:
    from docling.datamodel.pipeline_options import PdfPipelineOptions

    return PdfPipelineOptions().layout_options.model_spec.repo_id


@functools.cache
def _layout_model_cached() -> bool:
    """Whether the layout model is on local disk; never touches the network."""
    from docling.datamodel.settings import settings

    repo_id = _layout_repo_id()
    artifacts = settings.artifacts_path
    if artifacts is not None and (Path(artifacts) / repo_id.replace("/", "--")).is_dir():
        return True
    try:
        from huggingface_hub import snapshot_download

        snapshot_download(repo_id=repo_id, local_files_only=True)
    except Exception:  # LocalEntryNotFoundError and friends: not cached
        return False
    return True


@functools.cache
def _standard_pipeline_ready() -> bool:
    try:
        _converter("pdf", "standard", None)  # (its pipeline made: the layout model read)
    except Exception as exc:
        log.warning("docling's standard PDF pipeline is unavailable: %s", _one_line(exc))
        return False
    return True


def _input_format(fmt: str):
    from docling.datamodel.base_models import InputFormat

    return InputFormat(_INPUT_FORMATS[fmt])


@functools.lru_cache(maxsize=16)
def _converter(fmt: str, pdf_pipeline: str | None, parser_threads: int | None):
    # docling's lines about making a converter are about no one file: it is used for every
    # file of its kind after, wherever it is made (at a file's parse, or within one: the HTML
    # converter a Markdown file's raw HTML is read with)
    with _LOCK, unnamed():
        return _new_converter(fmt, pdf_pipeline, parser_threads)


def _new_converter(fmt: str, pdf_pipeline: str | None, parser_threads: int | None):
    from docling.document_converter import DocumentConverter

    _keep_typography()
    _filter_docling_lines()
    input_format = _input_format(fmt)
    format_options = {}
    if fmt == "pdf":
        format_options[input_format] = _pdf_format_option(pdf_pipeline, parser_threads)
    if fmt == "html":
        format_options[input_format] = _html_format_option()
    if fmt == "markdown":
        from docnav.parse._markdown_html import markdown_format_option

        format_options[input_format] = markdown_format_option()
    if fmt == "docx":
        format_options[input_format] = _word_format_option()
    converter = DocumentConverter(allowed_formats=[input_format], format_options=format_options)
    # its pipeline now, not at its first file (where docling's lines about making it, "Loading
    # plugin ...", were said in that file's name)
    converter.initialize_pipeline(input_format)
    return converter


def _html_format_option():
    """Docling files everything before a page's first heading as furniture (navigation), and
    furniture is no content: a page's lead paragraphs and a filing's cover (its registrant,
    form and period) were dropped without a word. They are kept.

    A page handed over rewritten (a stream named by its file's path) has its relative links
    resolved against that file, as docling does for the file itself: they stayed as written
    ("all.html" where the file read gives "/docs/all.html")."""
    from docling.datamodel.backend_options import HTMLBackendOptions
    from docling.document_converter import HTMLFormatOption
    from docling_core.types.io import DocumentStream

    class PageOption(HTMLFormatOption):
        def backend_options_for_input(self, source):
            named = Path(source.name) if isinstance(source, DocumentStream) else source
            return super().backend_options_for_input(named)

    return PageOption(backend_options=HTMLBackendOptions(infer_furniture=False))


def _word_format_option():
    """docling's Word reader with DocNav's changes (:mod:`docnav.parse._docx`)."""
    from docling.document_converter import WordFormatOption

    from docnav.parse._docx import WordBackend

    return WordFormatOption(backend=WordBackend)


def _pdf_format_option(pdf_pipeline: str | None, parser_threads: int | None):
    from docling.datamodel.pipeline_options import NativePdfPipelineOptions, PdfPipelineOptions
    from docling.document_converter import NativePdfFormatOption, PdfFormatOption

    if pdf_pipeline == "standard":
        # OCR models are another download; born-digital PDFs do not need them.
        return PdfFormatOption(pipeline_options=PdfPipelineOptions(do_ocr=False))
    threads = {} if parser_threads is None else {"parser_threads": parser_threads}
    native = NativePdfPipelineOptions(
        generate_page_images=False, generate_picture_images=False, **threads
    )
    return NativePdfFormatOption(pipeline_options=native)


# -- the author's characters -----------------------------------------------------------------

# What docling's HTML reader may still change: spaces that are not plain spaces become spaces,
# invisible characters go. Its own table also turns dashes, curly quotes and the ellipsis into
# ASCII ("Uni — heading" -> "Uni - heading"), which is not the author's text and breaks links:
# GitHub's anchor of that heading is "uni--heading", of the replaced one "uni---heading".
_INVISIBLE = str.maketrans({
    "\u00a0": " ", "\u202f": " ",  # no-break spaces
    "\u200b": None, "\u200c": None, "\u200d": None, "\u2060": None, "\ufeff": None,
    "\u00ad": None,  # soft hyphen
})


def _keep_typography() -> None:
    """Make docling's HTML reader keep dashes, quotes and ellipses as written.

    The reader cleans every text with ``HTMLDocumentBackend._clean_unicode``, called by class
    name, so a subclass cannot override it: the static method itself is replaced, for the
    whole process. That reader reads HTML files and also Markdown files with any raw HTML in
    them (docling's Markdown reader hands those to it, so one ``<!-- comment -->`` changed
    every dash of the document). docling's readers built on it (EPUB, e-mail, XBRL) keep the
    characters too, in this process; DocNav itself reads none of those formats.
    """
    from docling.backend.html_backend import HTMLDocumentBackend

    HTMLDocumentBackend._clean_unicode = staticmethod(_clean_unicode)


def _clean_unicode(text: str) -> str:
    return text.translate(_INVISIBLE)


# -- failure causes --------------------------------------------------------------------------


def _failure_cause(path: Path, fmt: str, detail: str) -> str:
    specific = {"pdf": _pdf_problem, "docx": _docx_problem}.get(fmt)
    problem = specific(path) if specific else None
    if problem:
        return problem
    return f"docling could not convert this {_NAMES[fmt]} file: {_clip(detail)}"


def _pdf_problem(path: Path) -> str | None:
    with open(path, "rb") as f:
        head = f.read(1024)
    if b"%PDF-" not in head:
        return "not a PDF file (no %PDF- header in the first 1 KB; corrupt or another format)"
    import pypdfium2 as pdfium

    try:
        pdfium.PdfDocument(str(path)).close()
    except pdfium.PdfiumError as exc:
        text = str(exc)
        if "password" in text.lower():
            return "PDF is encrypted: a password is required to open it"
        return f"PDF is damaged or truncated and cannot be opened ({_clip(text)})"
    return None


def _docx_problem(path: Path) -> str | None:
    if not zipfile.is_zipfile(path):
        return (
            "not a valid DOCX file: it is not a ZIP container (truncated, corrupt, "
            "or another format renamed to .docx)"
        )
    try:
        with zipfile.ZipFile(path) as zf:
            names = set(zf.namelist())
            broken = zf.testzip()
    except (zipfile.BadZipFile, OSError) as exc:
        return f"DOCX file is damaged or truncated: {exc}"
    if "word/document.xml" not in names:
        return "not a Word document: the ZIP container has no word/document.xml"
    if broken is not None:
        return f"DOCX file is damaged: member {broken!r} fails its CRC check"
    return _docx_xml_problem(path)


def _docx_xml_problem(path: Path) -> str | None:
    """The first of the DOCX's XML parts that is not well-formed XML (a part cut short, an
    editor's bad write), with where: docling said only that it "could not load document"."""
    from xml.etree import ElementTree

    with zipfile.ZipFile(path) as zf:
        for name in sorted(n for n in zf.namelist() if n.endswith((".xml", ".rels"))):
            try:
                ElementTree.fromstring(zf.read(name))
            except ElementTree.ParseError as exc:
                return f"DOCX file is damaged: its part {name} is not well-formed XML ({exc})"
    return None


def _one_line(value: object) -> str:
    return " ".join(str(value).split())


def _clip(text: str, limit: int = 300) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
