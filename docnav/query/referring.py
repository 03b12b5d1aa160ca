"""Questions asking what documents refer to, read by their references rather than their
words: "What do RFC 2394 and RFC 2592 refer to?", "How many references does RFC 2592 have?",
"Does RFC 2592 refer to RFC 2394?". Their words name documents and a verb, none of which the
texts need say (a link says neither), so searched for as words they were answered from
whatever paragraphs held "refer" or the RFC's number; these read each one's references first
(:func:`read_references`). Apart from :mod:`docnav.query.holding`, which counts the documents
a question asks for, so that each stays under the length a reader can take in."""

from __future__ import annotations

import glob
import re
from typing import TYPE_CHECKING

from docnav.query.evidence import LEAVING_OUT
from docnav.query.kind_words import ASKED_OF, NUMBERED, one_of, ungrouped
from docnav.query.lexical import search_words
from docnav.query.names import NAMING_WORDS, said_alone, titled_documents
from docnav.query.parts import citing_documents, works_cited
from docnav.query.router import REFERENCED_KIND
from docnav.refs import mention_targets, number_mentions, numbered_documents

if TYPE_CHECKING:
    from docnav.query.evidence import Answer
    from docnav.query.graph import DocNavGraph
    from docnav.query.navigator import Navigator


# the verbs asking what a document's references lead to, one place for the patterns below
# and :mod:`docnav.query.holding`'s: "refer to", "build on", "cite" ...; not "mention", which
# "What does RFC 2592 mention?" asks of its text (:data:`REFERRING_OR_MENTIONING` adds it)
REFERRING_VERBS = (r"build\s+(?:up)?on|depend\s+on|rely\s+on|refer\s+to|link\s+to|cite|"
                   r"reference")
REFERRING_OR_MENTIONING = rf"{REFERRING_VERBS}|mention"
# "What does RFC 2349 build on?", "What does the pin RFC depend on?": the documents its
# references lead to, as "Which documents does RFC 2349 build on?" asks; "What does RFC 2592
# cite?" (or "reference") too, of an RFC or a PEP (its text was read, "cite" said missing)
WHAT_IT_REFERS_TO = re.compile(r"^\W*what\s+(?:does|did|do)\s+(?P<who>\S.*?)\s+"
                               rf"(?P<verb>{REFERRING_VERBS})\W*$", re.I)
# "Which documents does RFC 2592 refer to?", as
# :func:`docnav.query.holding.as_documents_referred` asks it ("Which RFCs ...?", "What
# documents ...?", "Which other RFC ...?" too: of the RFC a glob chose, those were left no
# word to search for, an error); "cite", "mention" too ("Which RFC does RFC 2592 cite?" was
# asked of its text, "cite" said to be in none of the documents); "How many RFCs ...?" too (no
# word was left to search for, an error)
WHICH_IT_REFERS_TO = re.compile(r"^\W*(?:which|what|how\s+many)\s+(?:other\s+)?(?P<kind>"
                                r"documents?|rfcs?|peps?)\s+(?:does|did|do)\s+"
                                r"(?P<who>\S.*?)\s+"
                                rf"(?P<verb>{REFERRING_OR_MENTIONING})\W*$", re.I)
# "Compare the references of RFC 2394 and RFC 2592": what each refers to, as "What do RFC 2394
# and RFC 2592 refer to?" asks (of papers, their works cited: docnav/query/cited.py)
_THE_REFERENCES_OF = re.compile(r"^\W*(?:compar(?:e|ing)\s+)?(?:the\s+)?references\s+"
                                r"of\s+(?P<who>\S.*?)\W*$", re.I)
# "How many references does RFC 2592 have?", "List the references of RFC 2394 and RFC 2592",
# "What are the references of ...?": of RFCs and PEPs, which cite no works, what they refer to
_JOINING = frozenset(("and", "or", "both", "the", "of"))  # between the names of a list
# "RFCs 2394 and 2592", "PEPs 8, 20 and 257", "RFC 2592, 2394 and 2349": the kind said once
# for several numbers
_NUMBERS_OF_KIND = re.compile(rf"\b(?P<kind>{ungrouped(NUMBERED)})s?\s*(?P<numbers>#?\d+(?:"
                              r"\s*(?:,\s*(?:and\s+|or\s+)?|and\s+|or\s+|&\s*)#?\d+)+)\b", re.I)
_REFERENCES_ASKED = re.compile(r"^\W*(?:how\s+many\s+references\s+(?:does|do|did)\s+"
                               r"(?P<many>\S.*?)\s+(?:have|has|had|list|contain)(?:\s+"
                               r"(?:in\s+(?:total|all)|altogether|overall))?|"
                               r"(?:(?:list|show|give)\s+(?:me\s+)?|what\s+(?:are|were)\s+)"
                               r"(?:all\s+)?(?:the\s+)?references\s+(?:of|in)\s+(?P<of>\S.*?))"
                               r"\W*$", re.I)
# "What does RFC 2394 refer to besides RFC 2592?": what it refers to, the one named left out
# of those listed and counted (asked of RFC 2394's text, "besides" and "2592" were said to
# be in none of the documents asked of; read as "as well as", 2592-futures.md was listed)
# (``LEAVING_OUT``: the same cues as leave words out of those searched)
NAMED_LEFT_OUT = re.compile(rf"^(?P<asked>.*?\S)\s+(?P<but>{LEAVING_OUT.pattern})\s+"
                            r"(?P<other>\S.*?)\W*$", re.I)


# "Does RFC 2592 refer to RFC 2394?": whether one document's references lead into another
_BETWEEN = re.compile(r"^\W*(?:does|did|do)\s+(?P<source>\S.*?)\s+"
                      rf"(?P<verb>{REFERRING_OR_MENTIONING})\s+(?P<target>\S.*?)\W*$", re.I)
# of those, the verbs asking so of a paper, whose works cited are its references ("rely on",
# "build on" ask what it says)
_CITES = re.compile(r"refer\s+to|reference|cite|mention", re.I)
# "What does the futures RFC say about the pin RFC?": what one says of another, first where
# it refers to it (its links to the pin RFC were not read: "pin" and "RFC" were searched)
_SAYS_ABOUT = re.compile(r"^\W*what\s+(?:does|did|do)\s+(?P<source>\S.*?)\s+(?P<verb>say|"
                         r"write|tell\s+us)\s+(?:about|of)\s+(?P<target>\S.*?)\W*$", re.I)


def referring_pair(graph: DocNavGraph, asked: str
                   ) -> tuple[str, dict[str, list[str]], str] | None:
    """Of a question asking whether one document refers to others ("Does RFC 2592 refer
    to RFC 2394?"), or what it says about them ("What does RFC 2592 say about RFC 2349?"),
    naming one document and one or more others: (the one asked about; each other, in the
    question's order, with the nodes of the first referring to it, in reading order, none
    where it does not; the words asking for and naming those it refers to, "refer to RFC
    2394"); None for any other question. Searched for its words alone, RFC 2592 was said to
    hold no "2394", though it links RFC 2394; the other words after the verb are none of
    those ("zebras" of "say about the pin RFC's zebras": every word after "say" taken,
    "zebras" was no more said missing). Of two others ("say about the pin RFC and the
    async/await RFC") it was asked as of any words, its paragraphs referring to them not
    read first. Of a paper ("Does sparse.md cite trees.md?"), an entry of its works cited
    holding the other's title is a reference to it (:func:`references_to`), as relation
    questions count it; it was asked as any question, "cite" and "trees.md" said to be in
    none of the documents asked of, though its works cited held the other's title."""
    m = _BETWEEN.match(asked) or _SAYS_ABOUT.match(asked)
    if m is None:
        return None
    source, targets = (titled_documents(graph, m.group(g)) for g in ("source", "target"))
    if len(source) != 1 or not targets or source[0][0] in {p for p, _ in targets}:
        return None
    # "Does the BERT paper rely on the GPT paper?" asks what it says (its works cited are
    # its references: "cite", "refer to")
    if not REFERENCED_KIND.search(asked) and not (
            m.re is _BETWEEN and _CITES.fullmatch(m["verb"])
            and source[0][0] in citing_documents(graph)):
        return None
    refs = references_to(graph, source[0][0], [p for p, _ in targets])
    said = asked[m.start("verb"):m.start("target")] + " ".join(
        n for p, n in targets if refs.get(p))  # (of one it never refers to, its words count)
    return source[0][0], refs, said


# "Which RFC cites RFC 2394?", "Which RFC that was published in 2018 cites RFC 2394?": one
# asked for, of those referring to a document named (it was asked of RFC 2394 alone, "cites"
# and "published" not in the evidence)
_WHICH_ONE_REFERS = re.compile(
    rf"^(?P<which>\W*(?:which|what)\s+)(?P<kind>{one_of(ASKED_OF)})(?P<between>\s[^?]*?)??"
    r"\s+(?P<verb>builds\s+(?:up)?on|depends\s+on|relies\s+on|refers\s+to|links\s+to|cites|"
    r"references|mentions)\s+(?P<named>\S[^?]*?)\W*$", re.I)
# what the verb is of several ("relies" of one, "rely")
_OF_SEVERAL = {"builds": "build", "depends": "depend", "relies": "rely", "refers": "refer",
               "links": "link", "cites": "cite", "references": "reference",
               "mentions": "mention", "was": "were", "is": "are", "has": "have"}


def one_as_several(graph: DocNavGraph, asked: str) -> str:
    """"Which RFC that was published in 2018 cites RFC 2394?" as "Which RFCs that were
    published in 2018 cite RFC 2394?" (:data:`_WHICH_ONE_REFERS`), where what it refers to
    names indexed documents, or numbered ones none is or names (:func:`unindexed_alone`:
    "Which RFC refers to RFC 9999?" read the best match, "no document asked of is titled "RFC
    9999""); ``asked`` itself otherwise."""
    m = _WHICH_ONE_REFERS.match(asked)
    named = each_numbered(m["named"]) if m else ""
    if m is None or not (said_alone(graph, named, NAMING_WORDS | _JOINING)
                         or unindexed_alone(graph, named, graph.document_paths())):
        return asked

    def several(word: re.Match) -> str:
        said = _OF_SEVERAL[word.group().lower()]
        return said[:1].upper() + said[1:] if word.group()[:1].isupper() else said

    between = re.sub(r"\b(?:was|is|has)\b", several, m["between"] or "", flags=re.I)
    return (f"{m['which']}{m['kind']}s{between} "
            + re.sub(r"^\w+", several, m["verb"]) + asked[m.start("named") - 1:])


def as_referring(graph: DocNavGraph, asked: str) -> str:
    """"How many references does RFC 2592 have?" (:data:`_REFERENCES_ASKED`) as "What does RFC
    2592 refer to?", where an RFC or PEP is named and no document it names has works cited
    (their cross-references are its references); ``asked`` itself of any other question. Read
    as works cited, "no document asked of has a section headed References or Bibliography"
    was said (once of each RFC asked of), then each RFC's summary paragraphs were read.
    The kind said once before several numbers is said before each (:func:`each_numbered`), in
    "What do RFCs 2394 and 2592 refer to?" too."""
    m = _REFERENCES_ASKED.match(asked)
    if (said := WHAT_IT_REFERS_TO.match(asked)) and _works_cited_asked(graph, said):
        return f"Which works does {said['who']} {said['verb']}?"  # "What does sparse.md cite?"
    if m is None and said:  # "What do RFCs 2394 and
        # 2592 refer to?" as "What do RFC 2394 and RFC 2592 refer to?" (it named none)
        return asked[:said.start("who")] + each_numbered(said["who"]) + asked[said.end("who"):]
    if m is None or not REFERENCED_KIND.search(asked):
        return asked
    who = each_numbered(m.group("many") or m.group("of"))
    titled = titled_documents(graph, who)
    named = {p for p, _ in titled}
    if not named or named & citing_documents(graph):
        return asked
    rest = who.casefold()
    for _, name in titled:
        rest = rest.replace(name.casefold(), " ")
    left = set(re.findall(r"\w+", rest)) - _JOINING
    if left == {"to"} and len(pair := re.split(r"\s+to\s+", who, maxsplit=1)) == 2:
        return f"Does {pair[0]} refer to {pair[1]}?"  # "of RFC 2592 to RFC 2349"
    if left:  # "in RFC 2592 to pinning": more than names
        return asked
    return f"What {'do' if len(named) > 1 else 'does'} {who} refer to?"


def _works_cited_asked(graph: DocNavGraph, said: re.Match) -> bool:
    """Whether "What does sparse.md cite?" (or "reference"; :data:`WHAT_IT_REFERS_TO`'s match
    ``said``) names one document alone, which has works cited: they are what it cites, as
    "Which works does sparse.md cite?" reads them (its text was searched for "cite", said
    missing, its works cited not read as such)."""
    named = said_alone(graph, said["who"], frozenset(("the", "paper", "itself")))
    return bool(re.fullmatch(r"cite|reference", said["verb"], re.I)) and bool(
        named) and len(named) == 1 and named[0][0] in citing_documents(graph)


def asks_its_kind(m: re.Match) -> bool:
    """Whether the kind :data:`WHICH_IT_REFERS_TO` asks for (``m``) is documents or the kind
    of the one it names ("Which RFCs does RFC 2592 refer to?"); not "Which PEPs does RFC 2592
    refer to?", which was answered with the RFCs it refers to, as "Which documents ...?"."""
    kind = m["kind"].lower().rstrip("s")
    return kind == "document" or kind in (k.lower() for k in REFERENCED_KIND.findall(m["who"]))


def each_numbered(names: str) -> str:
    """``names`` with the kind said before each number of a list ("RFCs 2394 and 2592": "RFC
    2394 and RFC 2592"; "RFC 2592, 2394 and 2349" too, whose "2394" and "2349" named no
    document), as :func:`docnav.query.names.titled_documents` knows them (it named none, and
    the question was read as asking for works cited), and apart from it ("RFC2592": "RFC
    2592", whose documents asked of were searched for "rfc2592")."""
    names = re.sub(r"\b(rfc|pep)#?(\d+)\b", r"\1 \2", names, flags=re.I)
    return _NUMBERS_OF_KIND.sub(lambda m: re.sub(r"#?(\d+)", lambda n: f"{m['kind']} {n[1]}",
                                                 m["numbers"]), names)


def left_out_named(other: str) -> str:
    """What a cue leaves out (``other``: "RFC 2349", "2349 and 2394"), as
    :func:`docnav.query.names.titled_documents` knows it: numbers alone, each a document's
    ("document 2349"); a bare number names no title, and "What does RFC 2592 refer to besides
    2349?" was asked of RFC 2592's text, "2349" searched as a word."""
    if re.fullmatch(r"\s*#?\d+(?:\s*(?:,|and|or)\s*#?\d+)*\s*", other):
        return re.sub(r"#?(\d+)", r"document \1", other)
    return _THE_X_ONE.sub(r"\g<the> \g<words>document", other)


# "besides the saliency one", "other than the if-let ones": "one" stands for the word for
# what it is, and names it as "the saliency paper" does (it was said to name none)
_THE_X_ONE = re.compile(r"\b(?P<the>the|this|that)\s+(?P<words>(?:(?!(?:the|this|that|one|ones)"
                        r"\b)[\w'’./+-]+\s+){1,6}?)ones?\b", re.I)


def references_each(graph: DocNavGraph, asked: str, asked_of: list[str] | None = None
                    ) -> tuple[dict[str, dict[str, list[str]]], str] | None:
    """Of "What do RFC 2349 and RFC 2592 refer to?" (or "build on", "depend on"), naming two
    documents or more: each one's references (:func:`references_from`), in the question's
    order, and the words asking for and naming them; None of any other question. It was
    asked of RFC 2349 alone, "2592" said to be in none of the documents asked of. Likewise
    "Compare the references of RFC 2394 and RFC 2592", whose words were searched for
    ("references" in "Reference-level explanation"). "... refer to besides RFC 2394?" (or
    "other than", "apart from", "except"): those it names left out of each one's references
    (one of those asked about is not: the plain question). "Compare the references of RFC 2394
    and the pioNER paper" is not answered so: "1810.08699.pdf refers to no other document"
    was said, its 21 works cited unread. Of one document asked of (``asked_of``: those of a
    glob), :func:`references_of_one`."""
    if asked_of is not None and len(asked_of) < 2:
        return references_of_one(graph, asked, asked_of)
    left = NAMED_LEFT_OUT.match(asked)
    m = (WHAT_IT_REFERS_TO.match(f"{left.group('asked')}?" if left else asked)
         or _THE_REFERENCES_OF.match(asked))
    if m is None or not REFERENCED_KIND.search(asked):  # (a paper's: its works cited)
        return None
    named = titled_documents(graph, m.group("who"))
    other = ({p for p, _ in titled_documents(graph, left_out_named(left.group("other")))}
             if left else set())
    if len(named) < 2 or left and not other:  # ("besides pinning": what their texts say)
        return None
    # of a paper among them: its works cited, each in turn
    if m.re is _THE_REFERENCES_OF and {p for p, _ in named} & citing_documents(graph):
        return None
    besides = other - {p for p, _ in named}
    # (each word of "Compare the references of" asks for them: "compare" was said missing)
    said = asked if m.re is _THE_REFERENCES_OF else asked[m.start("who"):]
    return {p: {to: nodes for to, nodes in references_from(graph, p).items()
                if to not in besides} for p, _ in named}, said


def references_of_one(graph: DocNavGraph, asked: str, asked_of: list[str]
                      ) -> tuple[dict[str, dict[str, list[str]]], str] | None:
    """Of "What does RFC 2592 refer to?" (or "Which documents does ... refer to?", "build
    on", "depend on"), asked of that RFC alone (``asked_of``, as ``--doc '*2592*'`` chose
    it): its references, as :func:`references_each` gives each one's, and the words asking
    for and naming them; None of any other question, or document. As any question of it, its
    name was taken out ("What does refer to?" was searched in its text) and none was read,
    where asked of every RFC the documents it refers to are listed."""
    m = WHAT_IT_REFERS_TO.match(asked) or WHICH_IT_REFERS_TO.match(asked)
    if m is None or not REFERENCED_KIND.search(asked):  # (a paper's: its works cited)
        return None
    if m.re is WHICH_IT_REFERS_TO and not asks_its_kind(m):  # ("Which PEPs ...?" of an RFC)
        return None
    named = [p for p, _ in titled_documents(graph, m.group("who"))]
    if named != asked_of or set(named) & citing_documents(graph):
        return None
    return {named[0]: references_from(graph, named[0])}, asked[m.start("who"):]


def read_references(nav: Navigator, asked: str, budget: int,
                    refers: dict[str, dict[str, list[str]]], said: str, every: bool = True
                    ) -> Answer:
    """Whether each source of ``refers`` (one, or those "What do RFC 2349 and RFC 2592 refer
    to?" names) refers to the documents its value names, or what it says about them
    (``said``: the question's words asking so, "build on the pin RFC"), asked of the
    sources: their nodes referring to each read first, in reading order, where they have
    any, and those words none the evidence need hold (a link need not say them); a source
    referring to none, a step "to" None. Of ``every`` reference of each source (not of
    those alone a question names, "Does RFC 3668 refer to RFC 2394?"), its steps say the
    documents it names that are not indexed too. Its route is "cross-reference" whatever the router
    says, as :attr:`docnav.query.holding.Held.route` is: the references answered (or found
    none), before any router; the router's route read what came after them (its trace's ops),
    and "route: local" hid that the references were read first."""
    refs = nav.graph.in_reading_order({n for targets in refers.values()
                                       for nodes in targets.values() for n in nodes})
    # ("Which documents does RFC 2592 refer to?" of that RFC alone was left no word to search
    # for, its name, "which documents" and the verb taken out: an error); "build on", "depend
    # on", "link to" asked as "refer to", which they ask of its references too (of the futures
    # RFC alone, "build" was searched for and held by none: confidence 0.00); of one referring
    # to none, without the verb: its summary ("What does RFC 2497 build on?" read first its
    # paragraph saying "refers to a chain of multiple let bindings", "refer" searched); so of
    # one referring to others, after its paragraphs that do ("refer" was searched after them,
    # and its paragraphs saying "refer" read: "the question's words are together in 32
    # paragraphs")
    which = WHICH_IT_REFERS_TO.match(asked)
    what = WHAT_IT_REFERS_TO.match(asked)
    read = (f"What does {which['who']}?" if which else
            f"{asked[:what.start('verb')]}{asked[what.end('verb'):]}" if what else asked)
    read = re.sub(r"\s+(?=\?)", "", read)
    answer = nav.collect(read, budget, [glob.escape(s) for s in refers], first=refs,
                         referred=True)
    answer.question = read  # (Navigator.ask says it as searched_as where it is not as asked)
    answer.route = "cross-reference"
    steps = refers_steps(refers)
    for step in steps:  # the documents each names that are not indexed ("RFC 2046"): of one
        # referring to none, "no other document" was said; of one referring to others too,
        # nothing ("What does RFC 3668 refer to?" named RFC 2394 alone, not RFC 2229)
        if every or step["to"] is None:
            step["unindexed"] = unindexed_named(nav.graph, step["document"])
    answer.trace[:0] = mark_cited(nav.graph, steps)
    # (those asked of: their names are no word of them; nor "refer" of one referring to none,
    # which the steps say)
    if refs or len(refers) > 1 or not any(refers.values()):
        naming = {w.lower() for w in [*re.findall(r"\w+", said),
                                      *search_words(said).values()]}
        answer.missing = [w for w in answer.missing if w.lower() not in naming]
        answer.absent = [w for w in answer.absent if w.lower() not in naming]
    return answer


def refers_steps(refers: dict[str, dict[str, list[str]]]) -> list[dict]:
    """The trace's "refers" steps: each source of ``refers`` with its nodes referring to each
    document its value names; a source referring to none, a step "to" None."""
    return [{"op": "refers", "document": source, "to": target, "nodes": nodes, "tokens": 0,
             "confidence": 0.0} for source, targets in refers.items()
            for target, nodes in (targets.items() or [(None, [])])]


def references_to(graph: DocNavGraph, path: str, others: list[str]) -> dict[str, list[str]]:
    """The nodes of the document at ``path`` referring to each of ``others``, in reading
    order (none where it refers to it not at all): a link or its number
    (:func:`references_from`), and an entry of its works cited holding the other's whole title
    (:func:`cited_by_title`). Relation questions and "Does paper A refer to paper B?" count
    them alike."""
    refs, cited = references_from(graph, path), cited_by_title(graph, path, others)
    return {other: graph.in_reading_order({*refs.get(other, []), *cited.get(other, [])})
            for other in others}


def cited_by_title(graph: DocNavGraph, path: str, others: list[str]) -> dict[str, list[str]]:
    """The entries of the works cited of the document at ``path`` that hold the whole title
    (three words at least) of each of ``others``, by its path: two papers citing each other
    by their titles were "neither refers to the other" (no link, no number)."""
    entries = [n for n in works_cited(graph) if graph.node(n).path == path]
    out: dict[str, list[str]] = {}
    for other in others:
        root = graph.document_root(other)
        title = _plain(graph.node(root).heading or "") if root else ""
        if len(title.split()) >= 3 and (held := [n for n in entries
                                                 if title in _plain(graph.node(n).text)]):
            out[other] = held
    return out


def _plain(text: str) -> str:
    """``text``'s words, casefolded, one space between."""
    return " ".join(re.findall(r"\w+", text.casefold()))


def mark_cited(graph: DocNavGraph, steps: list[dict]) -> list[dict]:
    """``steps`` ("refers", :func:`refers_steps`), each marked with how many of its nodes are
    entries of works cited ("cited") and whether its document has works cited
    ("has_works_cited"), which the answer says."""
    cited = works_cited(graph)
    for step in steps:
        step.update(cited=len(set(step["nodes"]) & cited),
                    has_works_cited=step["document"] in citing_documents(graph))
    return steps


def references_from(graph: DocNavGraph, path: str) -> dict[str, list[str]]:
    """The other documents the document at ``path`` refers to (a link, its number), in path
    order, each with its nodes that do, in reading order."""
    out: dict[str, list[str]] = {}
    for nid in graph.expand(graph.document_root(path), depth=10_000):
        for target in graph.navigate(nid, "references"):
            if (to := graph.node(target).path) != path and nid not in out.get(to, []):
                out.setdefault(to, []).append(nid)
    return dict(sorted(out.items()))


def unindexed_named(graph: DocNavGraph, path: str) -> list[str]:
    """The documents the document at ``path`` names by their numbers ("RFC 2046", "RFC
    #1023", as :func:`docnav.refs.number_mentions` reads them) that no document of the store
    is, by number, in order ("RFC 160", "RFC 1023", "RFC 2046"): of one referring to none,
    "What does RFC 2497 build on?" said it linked to "no other" document, where it names RFC
    2046 and four more that are not indexed (its own number is none of them)."""
    numbered = numbered_documents({p: p for p in graph.document_paths()})
    own = set(mention_targets(path))
    named: set[tuple[str, int]] = set()
    for nid in graph.expand(graph.document_root(path), depth=10_000):
        for target, _ in number_mentions(graph.node(nid).text):
            if target not in own and target not in numbered:
                word, number = target.split(":")
                named.add((word.upper(), int(number)))
    return [f"{word} {number}" for word, number in sorted(named)]


def numbers_unindexed(graph: DocNavGraph, asked: str) -> list[str]:
    """The documents ``asked`` names by their numbers (:func:`each_numbered`: "RFCs 2394 and
    9999") that no document of the store is, as said: "Which RFCs cite RFC 2394 or RFC
    9999?" said nothing of RFC 9999."""
    numbered = numbered_documents({p: p for p in graph.document_paths()})
    said = [target for target, _ in number_mentions(each_numbered(asked))
            if target not in numbered]
    return [f"{t.split(':')[0].upper()} {int(t.split(':')[1])}" for t in dict.fromkeys(said)]


# words that may stand beside the numbers "Which RFCs cite ...?" names: "the RFCs 9999 and 9998"
_NAMING_ALONE = frozenset("the a an document documents proposal proposals rfc rfcs pep peps "
                          "or and".split())


def unindexed_alone(graph: DocNavGraph, asked: str, paths: list[str]) -> list[str]:
    """The documents ``asked`` names by their numbers (:func:`numbers_unindexed`), where it
    names no indexed one and none of the documents at ``paths`` holds any of their numbers,
    so that none refers to them: "Which RFCs cite RFC 9999?" was searched for "9999" (and
    answered with the documents ranking best, "in none of the documents asked of: 9999");
    none otherwise ("RFC 2046", not indexed, is named by the RFC 2497 holding "2046"), and
    where ``asked`` says more than their names ("RFC 9999 or pinning": searched by its words)."""
    unindexed = numbers_unindexed(graph, asked)
    if not unindexed or titled_documents(graph, each_numbered(asked)):
        return []
    # nothing said but their names: "... mention RFC 9999 or pinning?" counts those holding
    # either word (was: none refers to RFC 9999, "pinning" dropped)
    said = each_numbered(asked).casefold()
    for name in unindexed:
        said = re.sub(rf"(?<!\w){re.escape(name.casefold())}(?!\w)", " ", said)
    if not set(re.findall(r"\w+", said)) <= _NAMING_ALONE:
        return []
    numbers = [name.split()[-1] for name in unindexed]
    held = graph.term_documents(numbers)
    return [] if any(set(paths) & held.get(n, set()) for n in numbers) else unindexed


__all__ = ["NAMED_LEFT_OUT", "REFERRING_OR_MENTIONING", "REFERRING_VERBS", "WHAT_IT_REFERS_TO",
           "WHICH_IT_REFERS_TO", "as_referring", "asks_its_kind", "cited_by_title",
           "each_numbered", "left_out_named", "mark_cited", "numbers_unindexed", "one_as_several",
           "read_references", "references_each", "references_from", "references_of_one",
           "references_to", "referring_pair", "refers_steps", "unindexed_alone",
           "unindexed_named"]
