"""What :meth:`docnav.query.graph.DocNavGraph.filter` keeps a node by: its document's path,
its kind and level, when its document was indexed, the document's own fields and date, and
whether its summary was verified. Each criterion is checked once, as the caller gave it, and
then held against every node."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from docnav.errors import InputError
from docnav.query._checks import (check_globs, check_kinds, check_levels, check_metadata, flag,
                                  iso_date, listed, unix_time)
from docnav.query.search import path_matches

# fields naming people: one is matched by any of its names ("author=Ada" of "Ada Lovelace")
_NAMING_KEYS = ("author", "authors")


@dataclass(frozen=True)
class Criteria:
    """The criteria of one :meth:`~docnav.query.graph.DocNavGraph.filter` call, checked."""

    path: str | Sequence[str] | None
    kinds: list | None
    levels: list | None
    indexed_after: float | None
    indexed_before: float | None
    metadata: dict
    verified_only: bool
    dated_after: str | None
    dated_before: str | None

    @classmethod
    def read(cls, named: Callable, path=None, kinds=None, levels=None, indexed_after=None,
             indexed_before=None, metadata=None, verified_only=False, dated_after=None,
             dated_before=None) -> Criteria:
        """The criteria as given to ``filter``; an :class:`InputError` for one that is not
        valid (an unknown kind, a level that is no depth, a date that is none, ...).
        ``named`` gives the path glob as the stored paths name it ("./docs/x.md")."""
        kinds, levels = listed(kinds), listed(levels)
        if kinds:
            check_kinds(kinds)
        if levels:
            check_levels(levels)
        after, before = iso_date(dated_after), iso_date(dated_before)
        if after and before and after > before:  # "no hits", as if no document were so dated
            raise InputError(f"dated after {after} and before {before}: no date is both (the "
                             "first bound is later than the second)")
        indexed_after = unix_time(indexed_after, "indexed_after")
        indexed_before = unix_time(indexed_before, "indexed_before")
        metadata, verified_only = check_metadata(metadata), flag(verified_only, "verified_only")
        check_globs(path, "path")
        return cls(named(path) if path else path, kinds, levels, indexed_after, indexed_before,
                   metadata, verified_only, after, before)

    def holds(self, node, document: dict, fields: dict[str, str],
              dated: tuple[str, str] | None, summary: dict | None) -> bool:
        """Whether ``node`` (a NodeView, with its document's row, fields and the days its own
        date spans, read once a document: :func:`docnav.query.fields.own_date_span`, and its
        summary row) meets every criterion; ``path`` is taken as the stored paths name it."""
        if self.path and not path_matches(node.path, self.path):
            return False
        if self.kinds and node.kind not in self.kinds and node.block_kind not in self.kinds:
            return False
        if self.levels and node.level not in self.levels:
            return False
        if not self._indexed_within(document.get("indexed_at")):
            return False
        if self.metadata and not all(_has_value(k, str(fields.get(k, "")), str(v))
                                     for k, v in self.metadata.items()):
            return False
        if self.verified_only and (summary or {}).get("status") != "verified":
            return False
        return self._dated_within(dated)

    def _indexed_within(self, when: float | None) -> bool:
        """The collection node has no indexing time: either bound leaves it out (0 is a
        bound too)."""
        after, before = self.indexed_after, self.indexed_before
        if after is None and before is None:
            return True
        return when is not None and (after is None or when >= after) and (
            before is None or when <= before)

    def _dated_within(self, dated: tuple[str, str] | None) -> bool:
        """A document without a date of its own is left out by either date bound; one dated
        by a month alone, or a range of months, is kept where its days overlap the bounds
        (:func:`docnav.query.fields.own_date_span`)."""
        after, before = self.dated_after, self.dated_before
        if not (after or before):
            return True
        if not dated:
            return False
        first, last = dated
        return not (after and last < after) and not (before and first > before)


def _has_value(key: str, held: str, wanted: str) -> bool:
    """Whether a document's field ``key`` holding ``held`` has the value ``wanted``: the
    same but for case, or, of an author, its words in order in the field."""
    if held.lower() == wanted.lower():
        return True
    return key in _NAMING_KEYS and bool(wanted.strip()) and re.search(
        rf"(?<!\w){re.escape(wanted.strip())}(?!\w)", held, re.I) is not None
