"""Read-only navigation over the produced tables: DocNavGraph, EvidenceState, Navigator
(with NavigatorOptions)."""

from docnav.query.graph import DIRECTIONS, DocNavGraph, Hit, NodeView, Piece
from docnav.query.tables import embedder_for
from docnav.query.navigator import Answer, Evidence, EvidenceState, Navigator
from docnav.query.options import NavigatorOptions
from docnav.query.router import route

__all__ = ["DIRECTIONS", "DocNavGraph", "Hit", "NodeView", "Piece", "embedder_for", "Answer",
           "Evidence", "EvidenceState", "Navigator", "NavigatorOptions", "route"]
