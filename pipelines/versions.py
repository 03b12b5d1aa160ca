"""The assets' code version: what their results depend on besides the documents.

Dagster records it with each materialisation and marks the assets stale in the UI when it
changes; the reverify schedule (pipelines/sensors.py) then requests the run that rebuilds what
the change invalidated. It reads ``key=value;…``: the store schema, the models, the claim policy,
and the parser with its PDF mode. Only a change of the last two makes that run parse the documents again.
"""

from __future__ import annotations

import os

from docnav.embed import DEFAULT_MODEL
from docnav.errors import ConfigError
from docnav.model import SCHEMA_VERSION
from docnav.parse import ParseOptions, parser_fingerprint
from docnav.summaries import DOCUMENT_RULES
from docnav.summarize import ExtractiveSummarizer
from docnav.verify import DEFAULT_NLI_MODEL

# the parts that only parsing the files again brings up to date
PARSE_PARTS = ("parser", "pdf_mode")


_OFF, _ON = {"0", "false", "no", "off"}, {"1", "true", "yes", "on", ""}


def switch(environ: dict[str, str], name: str) -> bool:
    """An on/off setting, on unless set to 0 (or false, no, off); any other value is an error
    when the code location loads, not a setting silently left on."""
    value = environ.get(name, "1").strip().lower()
    if value in _OFF | _ON:
        return value not in _OFF
    raise ConfigError(f"{name}={environ[name]!r}: expected 1 or 0 (or true/false, yes/no, "
                      "on/off); unset it for the default (on)")


def code_version(environ: dict[str, str] = os.environ, parser: str | None = None) -> str:
    """The code version for these settings (``DOCNAV_*`` variables). parser: the parser's
    name (:func:`docnav.parse.parser_fingerprint`, the installed one by default)."""
    summaries = switch(environ, "DOCNAV_SUMMARIES")
    verify = summaries and switch(environ, "DOCNAV_VERIFY")
    nli = environ.get("DOCNAV_NLI_MODEL") or DEFAULT_NLI_MODEL
    return ";".join([
        f"schema={SCHEMA_VERSION}",
        f"embed={environ.get('DOCNAV_EMBED_MODEL') or DEFAULT_MODEL}",
        f"summarizer={ExtractiveSummarizer.summarizer_id if summaries else 'off'}",
        f"summary_rules={DOCUMENT_RULES if summaries else 'off'}",
        f"nli={nli if verify else 'off'}",
        # (a change rebuilds the summaries that do not fit it: the reverify run does so within
        # minutes, not at the next edit or the reconcile schedule's run)
        f"policy={(environ.get('DOCNAV_POLICY') or 'flag') if verify else 'off'}",
        f"parser={parser or parser_fingerprint()}",
        f"pdf_mode={environ.get('DOCNAV_PDF_MODE') or ParseOptions().pdf_mode}",
    ])


def parse_settings(version: str | None) -> dict[str, str]:
    """The parser parts of a code version ({} for none, or one recorded before they existed)."""
    parts = dict(p.split("=", 1) for p in (version or "").split(";") if "=" in p)
    return {k: parts[k] for k in PARSE_PARTS if k in parts}


def needs_reparse(recorded: str | None, current: str) -> bool:
    """Whether documents materialised under ``recorded`` were parsed otherwise than ``current``
    would parse them: another parser or PDF mode, or one not recorded (an older DocNav)."""
    return parse_settings(recorded) != parse_settings(current)


def pdf_mode_alone(recorded: str | None, current: str) -> bool:
    """Whether the PDF mode is the one parser setting that differs: only PDFs read it, so a
    reparse of the documents another mode made (:mod:`docnav.plan`'s ``parsed_otherwise``)
    brings every tree up to date; parsing the Markdown again only cost time."""
    before, after = parse_settings(recorded), parse_settings(current)
    return bool(before) and before != after and before.get("parser") == after.get("parser")


def parse_change(recorded: str | None, current: str) -> str:
    """The parser settings that differ, as ``pdf_mode=native -> pdf_mode=auto``: the reason a
    reparse run gives when no stored tree names another parser (a Markdown corpus after a
    change of DOCNAV_PDF_MODE, or no Parquet export to read)."""
    before, after = parse_settings(recorded), parse_settings(current)
    if not before:
        return "the latest materialisation recorded no parser (an older DocNav)"
    return "; ".join(f"{k}={before.get(k)} -> {k}={after.get(k)}" for k in PARSE_PARTS
                     if before.get(k) != after.get(k))
