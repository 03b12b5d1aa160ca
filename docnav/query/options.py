"""How the navigator reads: its settings, each with its default and what it does."""

from __future__ import annotations

from dataclasses import dataclass

from docnav.checks import finite_number
from docnav.errors import ConfigError


@dataclass(frozen=True)
class NavigatorOptions:
    """Settings of a :class:`~docnav.query.navigator.Navigator`. The defaults are the ones the
    recall figures of benchmarks/README.md were measured with.

    max_steps: passages read at most, neighbours included: each passage a search finds, each
        gap's hit and each neighbour of the best passages is one (a lead-in ending "...:" is
        read with the paragraph it announces, which counts one more but is read even at the
        limit); what a route reads before them (summaries, named sections, definitions,
        statements, outlines) and a table's column heads are not counted.
    section_share: most of the budget one expanded section may take.
    candidates: paragraphs each ranking (BM25, embedding, reading order) contributes.
    sections: located sections whose paragraphs form the reading order (0: no reading order).
    reading_weight: the reading order's weight beside a search's 1 (0: none; 1: as much).
    figures_weight: the weight beside a search's 1 of the found paragraphs stating a figure,
        when the question asks for one ("How many ...?"; 0: none).
    short_hit_words: a hit of fewer words is read with the paragraph after it.
    specific: most paragraphs of the scope holding every word of the question for one piece
        holding them all to end the search (more: only the budget ends it).
    named_sections: a section named by its heading is read first (cross-reference route),
        and a part most documents have, named by the question's words, in the one it picks
        (local route).
    template_documents: fewest documents asked of for a heading most of them have to be a
        template's part.
    table_heads: most column-head paragraphs read with a table of figures.
    documents: most documents a "which documents" question reads.
    document_tokens: least budget each of those documents gets.
    outline_share: most of the budget the headings of a part summed up take (0: no outline).
    document_share: most of the budget a local question asked of several documents spends
        in the one it is most likely about, before passages of them all (0: no such document).
    """

    max_steps: int = 200
    section_share: float = 0.4
    candidates: int = 200
    sections: int = 10
    reading_weight: float = 0.75
    figures_weight: float = 1.0
    short_hit_words: int = 15
    specific: int = 3
    named_sections: bool = True
    template_documents: int = 3
    table_heads: int = 8
    documents: int = 5
    document_tokens: int = 150
    outline_share: float = 0.25
    document_share: float = 0.75

    def __post_init__(self) -> None:
        for name, least in (("max_steps", 1), ("candidates", 1), ("sections", 0),
                            ("short_hit_words", 0), ("specific", 0), ("template_documents", 1),
                            ("table_heads", 0), ("documents", 1), ("document_tokens", 1)):
            value = getattr(self, name)
            if not finite_number(value, whole=True) or value < least:
                raise ConfigError(f"{name} {value!r} is not valid: give a whole number >= "
                                  f"{least}")
        for name in ("section_share", "outline_share"):
            if not (finite_number(getattr(self, name)) and 0 <= getattr(self, name) <= 1):
                raise ConfigError(f"{name} {getattr(self, name)!r} is not valid: give a share "
                                  "of the budget from 0 to 1")
        if not (finite_number(self.reading_weight) and self.reading_weight >= 0):
            raise ConfigError(f"reading_weight {self.reading_weight!r} is not valid: give a "
                              "weight >= 0 (0: no reading order; 1: as much as a search's "
                              "ranking)")
        if not (finite_number(self.figures_weight) and self.figures_weight >= 0):
            raise ConfigError(f"figures_weight {self.figures_weight!r} is not valid: give a "
                              "weight >= 0 (0: a question asking for a figure ranks the "
                              "paragraphs stating one no higher; 1: as much as a search)")
        if not (finite_number(self.document_share) and 0 <= self.document_share <= 1):
            raise ConfigError(f"document_share {self.document_share!r} is not valid: give a "
                              "share of the budget from 0 (no document read first) to 1 (all "
                              "of it)")
        if not isinstance(self.named_sections, bool):  # "no" was taken for True
            raise ConfigError(f"named_sections {self.named_sections!r} is not valid: give True "
                              "or False")


__all__ = ["NavigatorOptions"]
