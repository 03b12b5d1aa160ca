"""Links that cross out of a document or section: the other documents' nodes referring into
one (:func:`references_into`), and what its sections and paragraphs lead to outside it
(:func:`parts_lead_to`: a document refers to nothing itself, its sections do), as
:class:`docnav.query.graph.DocNavGraph` gives them and ``docnav nav`` lists them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from docnav.errors import InputError

if TYPE_CHECKING:
    from docnav.query.graph import DocNavGraph

# the directions whose links of a document's or section's parts lead out of it
ACROSS = ("references", "referenced-by")


def references_into(graph: DocNavGraph, path: str) -> dict[str, list[str]]:
    """The other documents with a reference into the document at ``path``, in path order,
    each with the nodes that make them, in reading order."""
    path = graph.document_at(path)
    inside = graph.expand(graph.document_root(path), depth=10_000)
    sources = {s for nid in inside for s in graph.navigate(nid, "referenced-by")
               if graph.node(s).path != path}
    out: dict[str, list[str]] = {}
    for s in graph.in_reading_order(sources):
        out.setdefault(graph.node(s).path, []).append(s)
    return dict(sorted(out.items()))


def parts_lead_to(graph: DocNavGraph, node_id: str, direction: str) -> dict[str, list[str]]:
    """Of a document or section, what its sections and paragraphs lead to outside it by
    ``direction`` ("references": the nodes they refer to; "referenced-by": the nodes whose
    references lead into them), those its own links lead to (``navigate``'s) aside; in
    reading order, each with the nodes inside it that the link is of. {} of a paragraph."""
    if direction not in ACROSS:
        raise InputError(f"direction {direction!r}: parts lead out by {' or '.join(ACROSS)}")
    node_id = graph.expand(node_id, 0)[0]  # the node id, where a document or path was given
    direct = set(graph.navigate(node_id, direction))
    if graph.node(node_id).kind not in ("document", "section"):
        return {}
    inside = set(graph.expand(node_id, depth=10_000))
    across: dict[str, list[str]] = {}
    for part in sorted(inside - {node_id}, key=lambda t: graph.node(t).position):
        for other in graph.navigate(part, direction):
            if other not in inside and other not in direct:
                across.setdefault(other, []).append(part)
    return {other: across[other] for other in graph.in_reading_order(across)}
