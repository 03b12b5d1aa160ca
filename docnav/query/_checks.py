"""Checks of what callers give the query library: queries, counts, lists, dates and filters,
each refused with an :class:`InputError` that says what is valid."""

from __future__ import annotations

import datetime
import math
import numbers
import os
import re
from collections.abc import Mapping, Sequence
from pathlib import Path, PurePath
from typing import TYPE_CHECKING

from docnav.errors import InputError
from docnav.model import BlockKind, NodeKind
from docnav.query.lexical import tokens
from docnav.query.tables import where_read

if TYPE_CHECKING:
    from docnav.query.graph import DocNavGraph

MAX_QUERY_CHARS = 2000
ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
# what `kinds` may name: a node kind, or the block kind of a paragraph (a table, a list item)
KINDS = tuple(dict.fromkeys([k.value for k in NodeKind] + [
    k.value for k in BlockKind if k is not BlockKind.HEADING]))
# what ``via`` may name: what a located node matched, its own text or its summary
VIA = ("text", "summary")


def iso_date(value, name: str = "date") -> str | None:
    """``YYYY-MM-DD`` from such a string (a whole ISO time, "2014-09-01T10:00:00", is cut to
    its date; anything else after the date is refused) or a date; ``name``: the error's name
    of it (the CLI's ``--after``)."""
    if value is None or value == "":
        return None
    if isinstance(value, datetime.date):
        return value.isoformat()[:10]
    text = str(value)
    try:
        if not ISO_DATE.fullmatch(text[:10]):
            raise ValueError
        datetime.date.fromisoformat(text[:10])
        if len(text) > 10:  # "2014-09-01junk" was read as 2014-09-01
            datetime.datetime.fromisoformat(text)
    except ValueError:
        raise InputError(f"{name} {value!r}: give a real date as YYYY-MM-DD (or an ISO time, "
                         "YYYY-MM-DDTHH:MM:SS)") from None
    return text[:10]


def unix_time(value, name: str) -> float | None:
    """Seconds since the epoch from a number or a datetime (naive: local time)."""
    if value is None:
        return None
    if isinstance(value, datetime.datetime):
        return value.timestamp()
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or math.isnan(value):
        raise InputError(f"{name} {value!r}: give a Unix time in seconds or a datetime")
    return float(value)


def given(value) -> bool:
    """Whether a criterion was given: a number always (``indexed_after=0`` is a bound), else
    anything but None, False and an empty string or list."""
    if isinstance(value, numbers.Number) and not isinstance(value, bool):
        return True
    return bool(value)


def flag(value, name: str) -> bool:
    """``value`` as a bool; an error for anything else ("no" was taken for true)."""
    if not isinstance(value, bool):
        raise InputError(f"{name} {value!r}: give True or False")
    return value


def whole(value, name: str, least: int, hint: str, most: int | None = None) -> int:
    """``value`` as an int of at least ``least`` (and at most ``most``, given one); bad input
    (a bool, a string, a float) says ``hint``."""
    if (isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < least
            or most is not None and value > most):
        raise InputError(f"{name} {value!r}: {hint}")
    return int(value)


# the most tokens of evidence a question is asked with, or a fetch reads: more than a model
# reads at once ("--budget 100000000" was taken, and said "read first (up to 75000000 tokens)")
MOST_BUDGET = 1_000_000
# the fewest tokens a paragraph is cut to (DocNavGraph.fetch), and so the least budget a
# question is asked with: with fewer left, collecting its evidence stops
LEAST_PIECE = 16


def token_budget(value, least: int = 1, name: str = "budget") -> int:
    """``value`` as a budget of tokens, ``least`` to :data:`MOST_BUDGET`: the one check of a
    budget, for ``ask`` (at least :data:`LEAST_PIECE`), ``fetch`` (at least 1: 0 read nothing,
    without a word) and :class:`~docnav.query.evidence.EvidenceState`."""
    return whole(value, name, least, f"give a whole number of tokens, at least {least} and at "
                 f"most {MOST_BUDGET:,}", most=MOST_BUDGET)


def question_budget(value) -> int:
    """``value`` as the tokens of evidence a question is asked with: :data:`LEAST_PIECE` to
    :data:`MOST_BUDGET`."""
    return token_budget(value, least=LEAST_PIECE)


def listed(value) -> list | None:
    """One value or several as a list (``kinds="section"`` means ``["section"]``)."""
    if value is None:
        return None
    if isinstance(value, (str, bytes, numbers.Number)):
        return [value]
    return list(value)


def check_filters(filters, valid: Sequence[str]) -> dict:
    """``filters`` as a dict ({} for None), every key one of ``valid``; an error for anything
    but a mapping (a list of keys, a glob given for the path filter)."""
    if filters is None:
        return {}
    if not isinstance(filters, Mapping):
        raise InputError(f"filters {filters!r}: give a dict of criterion to value, such as "
                         f"{{'path': '*.md'}}; valid criteria: {', '.join(valid)}")
    unknown = [k for k in filters if k not in valid]
    if unknown:
        raise InputError(f"unknown filter {', '.join(map(repr, unknown))}; valid: "
                         f"{', '.join(valid)}")
    return dict(filters)


def check_globs(globs, name: str) -> None:
    """``globs`` is None, a glob of document paths or a list of them."""
    if globs is None or isinstance(globs, str) or (
            isinstance(globs, (list, tuple)) and all(isinstance(g, str) for g in globs)):
        return
    raise InputError(f"{name} {globs!r}: give a glob of document paths (e.g. '*.md'), or a "
                     "list of them")


def node_list(node_ids, name: str = "node_ids") -> list:
    """Node ids given as one id or several, as a list; an error for None or a number."""
    if node_ids is None or isinstance(node_ids, numbers.Number):
        raise InputError(f"{name} {node_ids!r}: give a node id or a list of them; "
                         "`docnav locate` finds node ids")
    return listed(node_ids)


def check_metadata(metadata) -> dict:
    """The ``metadata`` criterion as a dict with lower-case keys; an error for anything but
    a mapping of field to value, and for an empty value (it kept every document the field is
    missing from: the filter seemed not to be there)."""
    if metadata is None:
        return {}
    if not isinstance(metadata, Mapping):
        raise InputError(f"metadata {metadata!r}: give a mapping of field to value, such as "
                         "{'author': 'Ada Lovelace'}")
    if empty := [k for k, v in metadata.items() if not str(v).strip()]:
        raise InputError(f"metadata {metadata!r}: no value for {', '.join(map(repr, empty))}; "
                         "give the value the field must have, such as {'author': 'Ada'}")
    return {str(k).lower(): v for k, v in metadata.items()}


def check_via(via: Sequence[str]) -> None:
    unknown = [x for x in via if x not in VIA]
    if unknown:
        raise InputError(f"unknown via {', '.join(map(repr, unknown))}; valid: {', '.join(VIA)}")


def check_kinds(kinds: Sequence[str]) -> None:
    unknown = [x for x in kinds if x not in KINDS]
    if unknown:
        raise InputError(f"unknown kind {', '.join(map(repr, unknown))}; valid: {', '.join(KINDS)}")


def check_levels(levels: Sequence, name: str = "levels") -> None:
    """Every one of ``levels`` is a depth: a whole number of 0 or more (a string, a float or
    a negative number matched no node, silently); ``name``: the errors' name of them (the
    CLI's ``--level``)."""
    bad = [x for x in levels
           if isinstance(x, bool) or not isinstance(x, numbers.Integral) or x < 0]
    if bad:
        raise InputError(f"{name} {', '.join(map(repr, bad))}: give whole numbers of 0 or "
                         "more (a node's depth: 1 a top-level section, 2 the sections in it)")


def check_text(query: str) -> str:
    """The query stripped; an error where it is no string, empty or too long."""
    if not isinstance(query, str):
        raise InputError(f"query {query!r}: give it as a string")
    query = query.strip()
    if not query:
        raise InputError("empty query: give some words to search for")
    if len(query) > MAX_QUERY_CHARS:
        raise InputError(f"query of {len(query)} characters is too long (at most "
                         f"{MAX_QUERY_CHARS}); shorten it to the question itself")
    return query


def check_query(query: str) -> str:
    """:func:`check_text`, and an error where the query has no words to search for."""
    query = check_text(query)
    if not tokens(query):
        raise InputError(f"query {query!r} has no words to search for: only punctuation, "
                         "symbols or words too common to search (the, of, what, ...)")
    return query


def path_text(value):
    """A path given as a string or a Path (any ``os.PathLike``) as a string; anything else as
    given, for its caller's check to refuse ("give a document's path as a string" was said of
    a Path)."""
    return os.fspath(value) if isinstance(value, os.PathLike) else value


_PARQUET = ("give the folder of the store's Parquet export, or leave it out (the parquet "
            "folder beside the store)")


def named_both_ways(ref: str, nodes: Mapping, roots: Sequence[str],
                    documents: Sequence[str]) -> None:
    """:class:`InputError` where the short ``ref`` that names the ``documents`` (their root
    nodes) also begins ids: node ids of ``nodes``, or document ids of the ``roots``, as
    :meth:`~docnav.query.graph.DocNavGraph.resolve` reads them. It is refused, naming both:
    which it was taken for hung on the ids' hashes."""
    low = ref.lower()
    begun = sorted(nid[:12] for nid in nodes if nid.startswith(low)) + sorted(
        f"document id {nodes[nid].doc_id[:12]}" for nid in roots
        if nodes[nid].doc_id.startswith(low))
    if begun:
        raise InputError(
            f"{ref!r} begins {len(begun)} id{'s' * (len(begun) > 1)} ("
            f"{', '.join(begun[:3])}{', ...' if len(begun) > 3 else ''}) "
            f"and names {', '.join(nodes[d].path for d in documents[:3])}"
            f"{', ...' if len(documents) > 3 else ''}: give more of the id, or the "
            "document's path whole")


def not_a_node_id(graph: DocNavGraph, ref: str) -> InputError:
    """Why ``ref``, neither a node id nor a whole document id, is refused where a node id is
    taken (:meth:`~docnav.query.graph.DocNavGraph.node`): it points to ``graph.resolve`` only
    where resolve takes it (a short id, one in capitals or with spaces, a path), saying what
    it gives; a short id resolve refuses (it begins several ids, or names a document too) is
    said with resolve's reason. (A short id beginning both a node id and a document id was
    promised to resolve, which refused it; one in capitals was an "unknown node id".)"""
    low = ref.strip().lower()  # as resolve reads it
    short = bool(low) and any(i.startswith(low) for ids in (graph._nodes, graph._doc_roots)
                              for i in ids)
    try:
        found = graph.resolve(ref)
    except InputError as refused:
        if short:
            return InputError(f"node id {ref!r} is not whole, and graph.resolve refuses it: "
                              f"{refused}")
        return InputError(f"unknown node id {ref!r}: it is not in the graph "
                          f"({where_read(graph.source)}), nor a document's path; `docnav "
                          "locate` finds node ids, `docnav show` lists the documents")
    doc_id, path = graph._nodes[found].doc_id, graph._nodes[found].path
    if low in (found, doc_id):
        return InputError(f"{ref!r}: a {'node' if low == found else 'document'} id given with "
                          f"capitals or spaces; graph.resolve({ref!r}) takes it, as `docnav "
                          "nav` does")
    if found.startswith(low):  # the CLI's short ids: the library takes whole ones
        return InputError(f"node id {ref!r} is not whole: it begins {found}; "
                          f"graph.resolve({ref!r}) gives that node")
    if doc_id.startswith(low):  # `docnav show`'s short document ids
        return InputError(f"document id {ref!r} is not whole: it begins {doc_id} ({path}); "
                          f"graph.resolve({ref!r}) gives its root node")
    return InputError(f"{ref!r} is a document's path, not a node id: graph.resolve({ref!r}) "
                      "gives its root node")


def store_paths(db, parquet_dir) -> None:
    """Check what :meth:`~docnav.query.graph.DocNavGraph.open` is given: the store's path, and
    the folder of its export, if any (a folder that is not there was taken, and read only
    while a writer holds the store; "" was taken as "."; a file and 5 were "no such folder";
    Path("") was ".: a folder")."""
    if not isinstance(db, (str, os.PathLike)):
        raise InputError(f"db {db!r}: give the path of a store (a .duckdb file) as a string or "
                         "a Path")
    if isinstance(db, str) and not db.strip():  # Path("") is ".", said to be a folder
        raise InputError(f"db {db!r}: the path is empty; give the path of a store (a .duckdb "
                         "file)")
    if isinstance(db, PurePath) and str(db) == ".":  # Path("") is Path("."): not told apart
        held = "; this folder holds one: docnav.duckdb" * Path("docnav.duckdb").is_file()
        raise InputError(f"db {str(db)!r}: the path is empty, or names the current folder (an "
                         f"empty Path is \".\"): give the path of a store (a .duckdb file)"
                         f"{held}")
    if parquet_dir is None:
        return
    if not isinstance(parquet_dir, (str, os.PathLike)):
        raise InputError(f"parquet_dir {parquet_dir!r}: give a path, as a string or a Path; "
                         + _PARQUET)
    folder = Path(parquet_dir)
    if isinstance(parquet_dir, str) and not parquet_dir.strip():
        why = "the path is empty"
    elif folder.is_file():
        why = "is a file, not a folder"
    elif not folder.is_dir():
        why = "no such folder"
    else:
        return
    raise InputError(f"parquet_dir {str(parquet_dir)!r}: {why}; {_PARQUET}")
