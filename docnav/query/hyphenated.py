"""A hyphenated word asked about ("if-let") in the spellings a reader takes as the same word:
"if let", "if-let", "if_let", "iflet". Searched as words, "if-let" is "if" and "let", held
apart by nearly every Rust RFC, and a question joining it to another by "or" dropped it
(:mod:`docnav.query.joined_or`): "Which RFCs mention if-let or pinning?" missed the RFC
writing "if let"."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from docnav.query.lexical import search_words, tokens

if TYPE_CHECKING:
    from docnav.query.graph import DocNavGraph

# a word of two or more joined by hyphens, the first beginning with a letter ("if-let",
# "async-await"; not "10-K")
HYPHENATED = re.compile(r"(?<![\w-])[^\W\d_]\w*(?:-\w+)+(?![\w-])")


def spelled_any_way(graph: DocNavGraph, word: str, every: list[str]) -> set[str]:
    """Of the documents ``every``, those holding the hyphenated ``word`` written with a
    hyphen, a space, an underscore or nothing between its parts ("if-let": "if let",
    "if_let", "iflet"): the joined spellings by their terms, the others in the texts of
    those holding every part's terms."""
    parts = word.split("-")
    joined = [each[0] for each in (tokens("".join(parts)), tokens("_".join(parts))) if each]
    terms = [t for part in parts for t in search_words(part)]
    holders = graph.term_documents([*joined, *terms])
    found = {p for t in joined for p in holders[t]} & set(every)
    # (its last part in any form of the same stem, as a word searched for is held: "type
    # ascriptions" of "type-ascription", "self-referentially" of "self-referential")
    phrase = re.compile(r"(?<![\w-])" + "".join(re.escape(p) + r"(?:\s+|-)" for p in parts[:-1])
                        + r"(\w+)(?![\w-])", re.I)
    last = parts[-1].lower()
    stem = tokens(last)

    def said(text: str) -> bool:
        return any(m[1].lower() == last or stem and tokens(m[1]) == stem
                   for m in phrase.finditer(text))
    for path in every:
        if path in found or not terms or not all(path in holders[t] for t in terms):
            continue
        root = graph.document_root(path)
        if root and any(said(graph.node(n).text or "")
                        for n in graph.expand(root, depth=10_000)):
            found.add(path)
    return found


__all__ = ["HYPHENATED", "spelled_any_way"]
