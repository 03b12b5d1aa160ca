"""A node as the query library shows it: read-only, with its breadcrumb (document › section ›
subsection) and page, built by :class:`docnav.query.graph.DocNavGraph` from the stored nodes."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class NodeView:
    node_id: str
    doc_id: str
    path: str
    kind: str
    block_kind: str
    level: int
    position: int
    parent_id: str | None
    heading: str
    breadcrumb: str
    text: str
    page: int | None


__all__ = ["NodeView"]
