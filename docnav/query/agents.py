"""Who does something: "Who audits Best Buy?" is answered where the text says by whom it is
done ("... have been audited by Deloitte & Touche LLP, an independent registered public
accounting firm"). The searches ranked the paragraphs saying "audit" most (its critical
audit matters) first, and the auditor's name was not read within 400 tokens."""

from __future__ import annotations

import re

from docnav.query.graph import DocNavGraph
from docnav.query.lexical import tokens

# "Who audits ...?", "Who founded ...?", "Who manages ...?": the verb after "who" (a common
# word, "is", "has", "does", is no search term and asks nothing done)
_WHO_DOES = re.compile(r"^\W*who\s+([a-z]{3,})\b", re.I)
MOST_AGENTS = 2  # paragraphs saying by whom, read first at most
# the past participles a stem does not give ("Who leads the project?": "led by Ada")
_PARTICIPLES = {
    "lead": "led", "build": "built", "make": "made", "hold": "held", "sell": "sold",
    "buy": "bought", "write": "written", "bring": "brought", "find": "found", "keep": "kept",
    "pay": "paid", "send": "sent", "teach": "taught", "win": "won", "give": "given",
    "take": "taken", "draw": "drawn", "grow": "grown", "know": "known", "see": "seen",
    "choose": "chosen", "begin": "begun",
}


def agent_paragraphs(graph: DocNavGraph, question: str, filters: dict | None) -> list[str]:
    """For a question asking who does something ("Who audits Best Buy?"), the paragraphs in
    ``filters`` saying by whom it is done: the verb's stem, "by" and a name ("audited by
    Deloitte & Touche LLP"), those holding most of the question's other words first; []
    for any other question."""
    m = _WHO_DOES.match(question)
    if not m:
        return []
    stem = tokens(m.group(1))
    if not stem:
        return []
    verb = m.group(1).lower()  # "leads", "teaches", "makes": "lead", "teach", "make"
    participle = next((_PARTICIPLES[v] for v in (verb, verb[:-1], verb[:-2])
                       if v in _PARTICIPLES), None)
    done = [re.escape(stem[0]) + r"\w{0,3}"] + ([re.escape(participle)] if participle else [])
    done_by = re.compile(rf"\b(?i:(?:{'|'.join(done)})\s+by\s+(?:the\s+)?)[A-Z]")
    others = set(tokens(question)) - set(stem)
    held = graph.rankings(" ".join([m.group(1), participle or ""]), k=200,
                          kinds=["paragraph"], filters=filters).get("lexical", [])
    found = [nid for nid in held if done_by.search(graph.node(nid).text)]
    found.sort(key=lambda nid: -len(others & set(tokens(graph.node(nid).text))))
    return found[:MOST_AGENTS]
