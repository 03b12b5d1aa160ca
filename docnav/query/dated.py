"""The documents asked of by their own dates (:func:`docnav.query.fields.own_date`): those of a
year a question names ("Which RFCs were started in 2018?", "Which RFC from 2018 is the
longest?"), and what their dates are where none is so dated."""

from __future__ import annotations

from typing import TYPE_CHECKING

from docnav.query.fields import own_date

if TYPE_CHECKING:
    from docnav.query.navigator import Navigator


def dated_in(nav: Navigator, doc: str | list[str] | None, relation: str, year: int
             ) -> list[str]:
    """The paths of the documents asked of (``doc``) whose own date is ``relation`` ("in",
    "after", "before", "since") ``year``, earliest first."""
    after, before = {"in": (f"{year}-01-01", f"{year}-12-31"),
                     "since": (f"{year}-01-01", None),
                     "after": (f"{year + 1}-01-01", None),
                     "before": (None, f"{year - 1}-12-31")}[relation]
    kept = nav.graph.filter(nav.graph.document_roots(doc), dated_after=after,
                            dated_before=before)
    paths = [nav.graph.node(nid).path for nid in kept]
    return sorted(paths, key=lambda p: (own_date(p, nav.graph.fields(p)) or "", p))


def dates_held(nav: Navigator, doc: str | list[str] | None) -> str:
    """What the dates of the documents asked of are ("theirs run from 2014-03-20 to
    2024-05-01, 3 undated"): said where none is dated as a question asks (a PDF's date is
    often when it was made, not written)."""
    paths = nav.graph.document_paths(doc)
    dates = sorted(d[:10] for d in (own_date(p, nav.graph.fields(p)) for p in paths) if d)
    return (f"theirs run from {dates[0]} to {dates[-1]}"
            f"{f', {len(paths) - len(dates)} undated' if len(dates) < len(paths) else ''}"
            if dates else "none of them has one")


__all__ = ["dated_in", "dates_held"]
