"""A document's metadata fields, as the store keeps them: a JSON list of ``[key, value]`` pairs
(PDF and DOCX properties, HTML ``<meta>``, Markdown front matter, a filing's cover). Read once
per document when a graph opens (:meth:`docnav.query.graph.DocNavGraph.fields`)."""

from __future__ import annotations

import json

from docnav.query._checks import ISO_DATE

# an RFC's header list has a "Start Date"
DATE_KEYS = ("created", "dcterms.created", "date", "start date", "modified", "dcterms.modified")


def parse_fields(metadata: str | None) -> dict[str, str]:
    """The fields of a stored metadata value, keys lower-cased."""
    return {str(k).lower(): v for k, v in json.loads(metadata or "[]")}


def date_of(fields: dict[str, str]) -> str | None:
    """A document's own date as ``YYYY-MM-DD``: the first of its ``created``,
    ``dcterms.created``, ``date``, ``start date``, ``modified``, ``dcterms.modified`` that
    starts with an ISO date; None when it has none."""
    for key in DATE_KEYS:
        value = str(fields.get(key, "")).strip()
        if ISO_DATE.match(value):
            return value[:10]
    return None


def document_date(metadata: str | None) -> str | None:
    """:func:`date_of` a stored metadata value."""
    return date_of(parse_fields(metadata))
