"""What of an SEC filing describes the filer: the items its document summary is made from.

A filing's own sentences about its form (its cover's check boxes, "The information required by
this Item is incorporated by reference ...", certifications, exhibits, signatures) are central
to its vocabulary, so a summary by centrality picks them; its Business and MD&A items say what
the company does and how it did (:class:`docnav.summaries.SummaryBuilder`).
"""

from __future__ import annotations

import re

from docnav.model import DocTree, Node, NodeKind

# The items of an SEC form that describe the filer's business and results: a 10-K's "Item 1.
# Business" and "Item 7. Management's Discussion and Analysis", a 10-Q's "Item 2.
# Management's Discussion ...", a 20-F's "Item 4. Information on the Company" and "Item 5.
# Operating and Financial Review and Prospects".
_CONTENT_ITEM = re.compile(
    r"\s*item\s+\d+[a-z]?\s*[.:]?\s*(business\b|management['’]s\s+discussion"
    r"|information\s+on\s+the\s+company|operating\s+and\s+financial\s+review)", re.I)


# a section about the filer's people, not its business: Amazon's and Adobe's Item 1 end
# with their executive officers' careers ("Mr. Olsavsky has served as Senior Vice President
# ...", which led Amazon's summary)
_PEOPLE = re.compile(r".*\b(?:executive\s+officers|directors)\b", re.I)


def filing_content(tree: DocTree) -> tuple[list[Node], list[Node]]:
    """The paragraphs and sections of a filing (a document whose cover names its form) that
    describe the filer's business and results, in reading order; nothing for any other
    document (the rest of a filing is the form's: the sentences a summary by centrality
    picked for Best Buy's, Amazon's and Adobe's 10-Ks). An item with a section about the
    filer's executive officers or directors gives its own paragraphs and its other sections
    instead of itself."""
    if not dict(tree.metadata).get("form"):
        return [], []
    paragraphs: list[Node] = []
    sections: list[Node] = []
    for item in tree.nodes:
        if item.kind is not NodeKind.SECTION or not _CONTENT_ITEM.match(item.heading):
            continue
        children = tree.children(item.node_id)
        if not any(c.kind is NodeKind.SECTION and _PEOPLE.match(c.heading) for c in children):
            sections.append(item)
            continue
        paragraphs += [c for c in children if c.kind is NodeKind.PARAGRAPH]
        sections += [c for c in children
                     if c.kind is NodeKind.SECTION and not _PEOPLE.match(c.heading)]
    return paragraphs, sections
