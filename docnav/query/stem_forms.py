"""The forms of a word a count of documents holding it counted.

Documents are counted by the stems of the question's words: "Which RFCs mention
generators?" counted 11 of 27 RFCs, those holding any word of the stem "generat"
("generate", "generated", "generation"), where 2 say "generator" or "generators". A count
line read as if all 11 said "generators". A word counted so is now said with the forms the
documents counted hold, where they hold others than the word itself and its singular or
plural ('hold "generators" (any form of its stem: "generator", "generators", "generated",
...)'); the count is left as it was (what a count of "pinning" guards counts "pinned" too).
The forms said are the words whose stem is the word's, as the count matches them: "copy"
and "copying" of "copies" (stem "copi", which begins neither).
"""

from __future__ import annotations

import re
from collections import Counter
from typing import TYPE_CHECKING

from docnav.query.lexical import tokens

if TYPE_CHECKING:
    from docnav.query.graph import DocNavGraph

MOST_READ = 40  # documents whose texts are read for the forms they hold, at most
MOST_SAID = 5  # forms said of a word, the most held first


def stem_forms(graph: DocNavGraph, paths: list[str], words: list[str]
               ) -> dict[str, list[str]]:
    """word -> the forms of its stem the documents ``paths`` hold (of the first
    :data:`MOST_READ`), its own singular or plural first, then the most held, of each word
    of ``words`` (as the question writes it) whose documents hold other forms than it, its
    singular or plural."""
    out: dict[str, list[str]] = {}
    stems = {w: tokens(w) for w in words}
    asked = {w: s[0] for w, s in stems.items() if len(s) == 1 and s[0].isalpha()}
    if not asked or not paths:
        return out
    held: dict[str, Counter] = {w: Counter() for w in asked}
    # (the words a stem may be of: those beginning with it less its last two letters, the
    # stemmer rewriting its end, "copi" of "copy", "usabl" of "usability"; each then
    # stemmed as the count stems it)
    pattern = re.compile(r"\b(?:" + "|".join(sorted({re.escape(s[:max(len(s) - 2, 3)])
                                                     for s in asked.values()})) + r")\w*", re.I)
    stem_of: dict[str, list[str]] = {}
    for path in paths[:MOST_READ]:
        root = graph.document_root(path)
        if root is None:
            continue
        text = " ".join(graph.node(n).text or "" for n in graph.expand(root, depth=10_000))
        found = {m.group().lower() for m in pattern.finditer(text)}
        for form in found - stem_of.keys():  # (each form stemmed once)
            stem_of[form] = tokens(form)
        for word, stem in asked.items():
            held[word].update(f for f in found if stem_of[f] == [stem])
    for word, forms in held.items():
        own = _number_forms(word)
        if set(forms) - own:  # (the word's own forms first, then the most held)
            out[word] = [f for f, _ in sorted(forms.items(), key=lambda fn: (
                fn[0] not in own, -fn[1], fn[0]))]
    return out


def _number_forms(word: str) -> set[str]:
    """The word, its plural and its singular, as a reader takes them as the word."""
    w = word.lower()
    return {w, w + "s", w + "es", re.sub(r"(?:es|s)$", "", w), re.sub(r"s$", "", w)}


def forms_said(forms: dict[str, list[str]], word: str) -> str:
    """What a count line says after ``word`` where it counted other forms of it."""
    if word not in forms:
        return ""
    said = ", ".join(f'"{f}"' for f in forms[word][:MOST_SAID])
    more = ", ..." if len(forms[word]) > MOST_SAID else ""
    return f" (any form of its stem: {said}{more})"


__all__ = ["forms_said", "stem_forms"]
