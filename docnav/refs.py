"""Cross-references: anchor links, "see Section 3.2", "Table 2", a filing's "Item 7A" and "Note
12", links between documents, and documents named in the text by their numbers ("RFC 1859").

In-document references are a function of one tree and are stored with the document.
Links to other documents of the collection are resolved against the collection's paths and
section anchors and re-resolved whenever a document they might point to appears, changes or
goes away.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import PurePosixPath
from urllib.parse import unquote, urlsplit

from docnav.model import DocTree, Edge, EdgeKind, Node, NodeKind
from docnav.pull_requests import pull_request

# a number in capital Roman numerals, I to XXXIX ("VI"; not "Civil", "CIVIL", "MIX"); a
# section's may be an IEEE subsection's ("II-A")
_ROMAN = r"(?=[IVX])X{0,3}(?:IX|IV|V?I{0,3})"
ROMAN_NUMBER = rf"(?-i:{_ROMAN})(?![A-Za-z])"
ROMAN_SECTION = rf"(?-i:{_ROMAN}(?:-[A-Z])?)(?![A-Za-z])"
_SECTION_REF = re.compile(
    rf"\b(?:Sections|Section|Sec\.|§|Chapter|Appendix)\s*((?:\d+|{ROMAN_SECTION}|[A-Z])"
    r"(?:\.\d+)*)", re.I
)
# (or in Roman numerals: IEEE's "TABLE III"; or by chapter: a manual's "Figure 1-2", "Table
# 3.1"; or an appendix's, a supplement's: "Table A.1", "Figure S2")
FLOAT_NUMBER = (rf"(?:\d{{1,3}}(?:[-–.]\d{{1,3}}(?![.,]?\d))?|{ROMAN_NUMBER}|"
                r"(?-i:[A-Z])\.?\d{1,2}(?![.,]?\d))")
# one table or figure: "Table 2", "Fig. 3", "Tab. 2" (abbreviated), "Table1" (a PDF's missing
# space, before digits only)
_FLOAT_REF = re.compile(rf"\b(Table|Tab\.|Figure|Fig\.)(?:\s+|(?=\d))({FLOAT_NUMBER})", re.I)
# several: "Tables V and IV", "Figures 2, 3", "Figs. 4 & 5", "Tables 2-4" (a range where no
# float is labelled "2-4")
_FLOATS_REF = re.compile(rf"\b(Tables|Tabs\.|Figures|Figs\.)\s+({FLOAT_NUMBER}"
                         rf"(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+|\s*&\s*){FLOAT_NUMBER})*)",
                         re.I)
_MOST_IN_RANGE = 12


@dataclass(frozen=True)
class FloatRef:
    kind: str  # "table" or "figure"
    labels: tuple[str, ...]  # in digits ("4", "2-2", "A1"): several of "Tables 2 and 3"
    start: int
    end: int
    written: str  # "Tables V and IV"
    roman: bool  # its numbers written so ("TABLE IV")


def float_refs(text: str) -> list[FloatRef]:
    """The tables and figures ``text`` refers to by label, one :class:`FloatRef` per mention,
    in order: "Table 2", "TABLE III", "Fig. 1-2", "Tab. 4", "Table1", and of several ("Tables
    V and IV": 5 and 4; "Figures 2, 3"; "Tables 2-4": 2-4, or 2, 3 and 4 where no float is
    numbered so by chapter, for the caller to tell: :func:`label_range`)."""
    found = []
    for pattern in (_FLOAT_REF, _FLOATS_REF):
        for m in pattern.finditer(text):
            numbers = [n.group(0) for n in re.finditer(FLOAT_NUMBER, m.group(2))]
            found.append(FloatRef(
                _float_kind(m.group(1)), tuple(dict.fromkeys(map(arabic, numbers))),
                m.start(), m.end(), m.group(0),
                any(re.fullmatch(ROMAN_NUMBER, n) for n in numbers)))
    return sorted(found, key=lambda r: r.start)


def label_range(label: str) -> list[str]:
    """"2-4" of "Tables 2-4" as the labels it spans ("2", "3", "4"; at most twelve), or
    [] where it is no range."""
    m = re.fullmatch(r"(\d+)-(\d+)", label)
    if not m or not 0 < int(m.group(2)) - int(m.group(1)) < _MOST_IN_RANGE:
        return []
    return [str(i) for i in range(int(m.group(1)), int(m.group(2)) + 1)]
# a filing's parts: "see Item 7A", "Note 12" in the text; the sections headed "Item 7A.",
# "Note 12-SEGMENT INFORMATION" / "NOTE 12." or, inside "Notes to (Consolidated) Financial
# Statements", numbered "12. Segment Information"
# (capitalised: "other non-cash items 10" in a table row is no reference)
_LABEL_REF = re.compile(r"\b(Item|ITEM|Note|NOTE)[sS]?\s+(\d{1,2}[A-C]?)\b(?![.,]\d)")
_LABEL_HEADING = re.compile(r"^\s*(Item|Note)\s+(\d{1,2}[A-C]?)\b(?![.,]?\d)", re.I)
_NOTES_SECTION = re.compile(r"\bnotes to\b.*\bfinancial statements\b", re.I)
# an entry of a table of contents as the PDF reader writes it: its title, " … ", its page
_CONTENTS_ENTRY = re.compile(r"(.+?) … (?:[0-9]{1,4}|[ivxlcdm]{1,7})", re.I)
# (or in Roman numerals, as IEEE numbers them: "IV Word embeddings", "VI. Discussion")
_HEADING_NUMBER = re.compile(rf"^\s*(?:Section\s+|Appendix\s+|Chapter\s+)?"
                             rf"((?:\d+|{ROMAN_SECTION}|[A-Z])(?:\.\d+)*)\.?\s", re.I)


# a document of the collection named in the text by its number: "RFC 1859", "RFC #439",
# "PEP 8" (as written: "rfcs#1961" is a pull request, "rfc 1" no name)
_NAMED_BY_NUMBER = re.compile(r"\b(RFC|PEP) ?#?(\d{1,5})\b")
# the number a file is named by: Rust's RFCs bare (0439-cmp-ops-reform.md), the IETF's and
# Python's with their word (rfc1977.txt, pep-0008.rst); its whole stem or before "-"/"_"
# ("1809.01202.pdf" is an arXiv id, "2023-report" a year that RFC 2023 would name)
_FILE_NUMBER = re.compile(r"(?:(rfc|pep)[-_]?)?(\d{1,5})(?=[-_]|$)", re.I)
_MENTION_TARGET = re.compile(r"(rfc|pep):(\d+)")


def _mention(word: str, number: int) -> str:
    """The link target of a document named by its number: ``rfc:439`` (a bare file name's
    number is an RFC's: Rust's 0439-cmp-ops-reform.md)."""
    return f"{word.lower() or 'rfc'}:{number}"


def number_mentions(text: str) -> list[tuple[str, str]]:
    """The documents ``text`` names by their numbers, each once: (link target, as written),
    the target ``rfc:439`` for "RFC 439" and "RFC #0439". Kept as the node's links, they are
    resolved against the collection's file names (:func:`numbered_documents`) as links are."""
    found: dict[str, str] = {}
    for m in _NAMED_BY_NUMBER.finditer(text):
        found.setdefault(_mention(m.group(1), int(m.group(2))), m.group(0))
    return list(found.items())


def file_number(path: str) -> tuple[str, int] | None:
    """(its word, lower case, or "" when bare; its number) that a file is named by:
    0439-cmp-ops-reform.md -> ("", 439), rfc1977.txt -> ("rfc", 1977), pep-0008.rst ->
    ("pep", 8); None for other names."""
    m = _FILE_NUMBER.match(PurePosixPath(path).stem)
    return ((m.group(1) or "").lower(), int(m.group(2))) if m else None


def mention_targets(path: str) -> list[str]:
    """The targets of the mentions a file of this name answers (:func:`numbered_documents`):
    ``rfc:439`` for 0439-cmp-ops-reform.md; none for a file not named by a number."""
    numbered = file_number(path)
    return [_mention(*numbered)] if numbered is not None else []


def numbered_documents(doc_paths: Mapping[str, str]) -> dict[str, str]:
    """Mention target -> the one document it names, of ``doc_paths`` (doc_id -> path): "RFC
    439" names the file named rfc439 or rfc-0439 where there is one, else a bare 0439-*
    (Rust's RFCs); "PEP 8" only a pep-0008. A number two files answer names neither."""
    by_word: dict[tuple[str, int], list[str]] = {}
    for doc_id, path in doc_paths.items():
        if (numbered := file_number(path)) is not None:
            by_word.setdefault(numbered, []).append(doc_id)
    found: dict[str, str] = {}
    for word, number in {(word or "rfc", number) for word, number in by_word}:
        docs = by_word.get((word, number)) or (  # a bare 0439-* only where no rfc439 is
            by_word.get(("", number), []) if word == "rfc" else [])
        if len(docs) == 1:
            found[_mention(word, number)] = docs[0]
    return found


# a paper's works cited: the section so headed ("References", "7 Bibliography")
WORKS_CITED = re.compile(r"^\s*(?:(?:\d{1,2}|[IVX]{1,4}|[A-Z])\.?\s+)?"
                         r"(?i:references|bibliography|works cited)\s*$")
# an entry of a numbered list of works cited: "[12] Devlin, J. ...", or a Markdown list's "12.
# Devlin, J. ..." (not "[2014] Bi, W. ...", labelled by its year: 1801.05147 cites it "[Bi et
# al. 2014]")
_NUMBERED_ENTRY = re.compile(r"(?:\[(\d{1,3})\]|(\d{1,3})\.)\s")
# an author-year entry's label, before its authors: "[2014] Bi, W.; ..."
_LABEL = re.compile(r"^\[[^\]]{1,40}\]\s*")
# a numbered citation in the text: "[12]", "[3, 12]", "[3-5]"
_NUMBERED_CITE = re.compile(r"\[(\d{1,3}(?:\s*[,;–-]\s*\d{1,3})*)\]")
_YEAR_OF = r"((?:19|20)\d\d[a-z]?)"
_SURNAME = r"([A-Z][\w'’-]+)"
# the other authors a citation names: "et al.", "and Kwok"; in a list, ", Cho, and Bengio"
# too (in running text "Recently, Berant & Liang (2014)" would be cited by "Recently")
_OTHERS = r"(?:\s+et\s+al\.?|\s+(?:and|&)\s+[A-Z][\w'’-]+)?"
_LISTED_OTHERS = r"(?:\s+et\s+al\.?|(?:,\s+[A-Z][\w'’-]+)*,?\s+(?:and|&)\s+[A-Z][\w'’-]+)?"
# "Devlin et al. (2018)", "Bi and Kwok (2014)"
_NAMED_CITE = re.compile(rf"{_SURNAME}{_OTHERS}\s+\({_YEAR_OF}\)")
# one of "(Devlin et al., 2018; Bi and Kwok, 2014)", "[Chen et al. 2017]", "(see Wei 2020)"
_LISTED_CITE = re.compile(
    rf"^\s*(?:e\.g\.,?\s*|see\s+|cf\.\s*)?{_SURNAME}{_LISTED_OTHERS},?\s+{_YEAR_OF}\s*$")
_CITE_LIST = re.compile(r"[(\[]([^()\[\]]{4,300})[)\]]")
# an author-year entry: "Jacob Devlin, Ming-Wei Chang, ... 2018." or "Aharoni, R.; ... 2019."
_ENTRY_SURNAME_FIRST = re.compile(r"([A-Z][\w'’-]+),\s+[A-Z]\.")
_ENTRY_AUTHOR = re.compile(r"((?:[A-Z][\w'’.-]*\s+){1,3}?)([A-Z][\w'’-]+)(?:,|\s+and\s|\.)")
_ENTRY_YEAR = re.compile(rf"\b{_YEAR_OF}\b")


def citations(paragraphs: list[tuple[str, str]],
              entries: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """(citing paragraph, entry) of a paper's citations: ``paragraphs`` (id, text) of its
    text, ``entries`` (id, text) those of its works cited, in order. A numbered list's
    entry ("[12] ...") is what "[12]" and "[3, 12]" cite; an author-year entry, known by
    its first author's surname and its year ("Jacob Devlin, ... 2018.", "Aharoni, R.; ...
    2019."), what "Devlin et al. (2018)" and "(Aharoni et al., 2019; ...)" cite. A label
    two entries share cites neither."""
    numbered: dict[int, str | None] = {}
    by_author: dict[tuple[str, str], str | None] = {}
    for eid, text in entries:
        if m := _NUMBERED_ENTRY.match(text):
            n = int(m.group(1) or m.group(2))
            numbered[n] = None if n in numbered else eid
        # by its first author and year too: a numbered paper may cite "Cheng et al. (2017)"
        author, year = first_author(text)
        if author and year:
            key = (author.casefold(), year)
            by_author[key] = None if key in by_author else eid
    found: dict[tuple[str, str], None] = {}
    for pid, text in paragraphs:
        if numbered:
            for m in _NUMBERED_CITE.finditer(text):
                for n in _cited_numbers(m.group(1)):
                    if dst := numbered.get(n):
                        found[(pid, dst)] = None
        if by_author:
            keys = [(m.group(1), m.group(2)) for m in _NAMED_CITE.finditer(text)]
            for listed in _CITE_LIST.finditer(text):
                keys += [(m.group(1), m.group(2)) for item in listed.group(1).split(";")
                         if (m := _LISTED_CITE.match(item))]
            for surname, year in keys:
                if dst := by_author.get((surname.casefold(), year)):
                    found[(pid, dst)] = None
    return list(found)


def _cited_numbers(cited: str) -> list[int]:
    """"3, 12" -> [3, 12]; "3-5" -> [3, 4, 5] (a range of at most 20)."""
    out: list[int] = []
    for part in re.split(r"\s*[,;]\s*", cited):
        ends = [int(x) for x in re.split(r"\s*[–-]\s*", part) if x]
        if len(ends) == 2 and 0 < ends[1] - ends[0] <= 20:
            out += range(ends[0], ends[1] + 1)
        else:
            out += ends
    return out


def first_author(entry: str) -> tuple[str | None, str | None]:
    """The surname of the first author of a works-cited entry ("[12] Jacob Devlin, ...",
    "Aharoni, R.; ...", "[2014] Bi, W.; ...") and its year ("2017a"), as :func:`citations`
    knows them; None for either it does not read."""
    m = _NUMBERED_ENTRY.match(entry)
    rest = entry[m.end():] if m else _LABEL.sub("", entry, count=1)
    year = _ENTRY_YEAR.search(rest)
    return _entry_author(rest), year.group(1) if year else None


# a numbered entry's label where it opens an entry, at a paragraph's start or after the end
# of the entry before ("... 2018. [5] Weber and Pötzl. ...": the PDF joined two entries)
_ENTRY_NUMBER = re.compile(r"(?:^|(?<=[.)]))\s*\[(\d{1,3})\]\s")
_MARKDOWN_NUMBER = re.compile(r"^\s*(\d{1,3})\.\s")


def count_entries(entries: list[str]) -> tuple[int, str] | None:
    """How many works a paper's works cited list, from its paragraphs (``entries``, in
    order), and how they were counted: a numbered list by its highest number ("[1]" ..
    "[32]": the PDF reader may lose an entry or join two, never renumber them); an
    author-year list by its entries' openings: "Aharoni, R.; ..." wherever one opens, in a
    paragraph or after the end of the entry before ("... In NAACL-HLT. Al-Shedivat, M., and
    ...": two entries the PDF joined), "Jacob Devlin, ... 2018." where a paragraph opens
    with an author and a year (in it or in the paragraph after, which the PDF split off: "In
    Proceedings of EMNLP, ... 2017." opens none). None when no entry is found."""
    numbers = [int(m.group(1)) for text in entries for m in _ENTRY_NUMBER.finditer(text)]
    if len(numbers) < 2:
        numbers = [int(m.group(1)) for text in entries if (m := _MARKDOWN_NUMBER.match(text))]
    if len(numbers) >= 2 and max(numbers) <= 2 * len(set(numbers)):
        return max(numbers), f"numbered 1 to {max(numbers)}"
    opening = [i for i, text in enumerate(entries) if _opens_entry(
        text, entries[i + 1] if i + 1 < len(entries) else "")]
    surname_first = sum(bool(_ENTRY_SURNAME_FIRST.match(_LABEL.sub("", entries[i], count=1)))
                        for i in opening)
    if opening and 2 * surname_first > len(opening):
        joined = sum(len(_JOINED_ENTRY.findall(text)) for text in entries)
        return len(opening) + joined, "entries by their authors and years"
    return (len(opening), "entries by their authors and years") if opening else None


# "Aharoni, R.; ...", "de Gispert, A., ...": an entry naming its first author surname first;
# after the end of the entry before, one the PDF joined to it
_PARTICLE = r"(?:(?:de|van|von|der|den|di|da|du|le|la)\s+)?"
_JOINED_ENTRY = re.compile(rf"(?<=\.\s)(?:\[[^\]]{{1,40}}\]\s*)?{_PARTICLE}[A-Z][\w'’-]+,"
                           r"\s+[A-Z]\.")


def _opens_entry(text: str, after: str) -> bool:
    """Whether a paragraph of an author-year list opens an entry: an author's name at its
    start (the surname read as :func:`first_author` reads it), and a year in it or in the
    paragraph ``after`` it, where that opens none."""
    rest = _LABEL.sub("", text, count=1)
    rest = re.sub(rf"^{_PARTICLE}", "", rest)
    author = _entry_author(rest)
    if not author or not rest[:1].isupper() or author not in rest[:60] or rest.startswith(
            "In "):
        return False
    if _ENTRY_YEAR.search(rest):
        return True
    nxt = _LABEL.sub("", after, count=1)
    return bool(_ENTRY_YEAR.search(nxt)) and not (_entry_author(nxt) and nxt[:1].isupper()
                                                 and not nxt.startswith("In "))


def _entry_author(entry: str) -> str | None:
    """The surname of an author-year entry's first author."""
    if m := _ENTRY_SURNAME_FIRST.match(entry):
        return m.group(1)
    if m := _ENTRY_AUTHOR.match(entry):
        return m.group(2)
    return None


def heading_number(heading: str) -> str | None:
    """The number a heading starts with: "3.2 Results" -> "3.2", "Appendix A. Proofs" -> "A"."""
    m = _HEADING_NUMBER.match(heading + " ")
    return m.group(1).upper() if m else None


def internal_references(tree: DocTree) -> list[Edge]:
    """References edges from paragraphs and sections to targets in the same document."""
    by_anchor: dict[str, str] = {}
    block_anchors: dict[str, str] = {}  # an element's own id wins over a heading's slug
    sections = [(n.node_id, n.heading) for n in tree.nodes if n.kind is NodeKind.SECTION]
    by_label = labelled_sections(sections)
    by_number = numbered_sections(sections, by_label)
    by_title: dict[str, str] = {}
    for node_id, heading in sections:
        by_title.setdefault(plain_title(heading), node_id)
    floats: dict[tuple[str, str], str] = {}
    for n in sorted((n for n in tree.nodes if n.kind is NodeKind.PARAGRAPH),
                    key=lambda n: caption_rank(n.text, n.block_kind)):  # stable: in order
        for label in float_labels(n.text, n.block_kind):
            floats.setdefault(label, n.node_id)
    for n in tree.nodes:
        if n.kind is NodeKind.SECTION:
            if n.anchor:
                by_anchor.setdefault(n.anchor, n.node_id)
        elif n.kind is NodeKind.PARAGRAPH and n.anchor:
            block_anchors.setdefault(n.anchor, n.node_id)
    by_anchor.update(block_anchors)

    found: dict[tuple[str, str], None] = {}
    for link in tree.links:
        target = link.target.strip()
        if target.startswith("#") and target[1:] in by_anchor:
            found[(link.node_id, by_anchor[target[1:]])] = None
    for n in tree.nodes:
        if n.kind is not NodeKind.PARAGRAPH:
            continue
        for m in _SECTION_REF.finditer(n.text):
            dst = by_number.get(m.group(1).upper())
            if dst:
                found[(n.node_id, dst)] = None
        for ref in float_refs(n.text):
            for label in ref.labels:
                labels = [label] if (ref.kind, label) in floats else label_range(label)
                for dst in filter(None, (floats.get((ref.kind, lb)) for lb in labels)):
                    found[(n.node_id, dst)] = None
        for m in _LABEL_REF.finditer(n.text):
            dst = by_label.get((m.group(1).lower(), m.group(2).upper()))
            if dst:
                found[(n.node_id, dst)] = None
        if n.block_kind == "table":
            for dst in _contents_targets(n.text, by_title):
                found[(n.node_id, dst)] = None
    for pair in _cited_in(tree):
        found[pair] = None
    ancestors_cache: dict[str, set[str]] = {}
    edges = []
    for src, dst in found:
        if src == dst:
            continue
        if src not in ancestors_cache:
            ancestors_cache[src] = {a.node_id for a in tree.ancestors(src)}
        if dst in ancestors_cache[src]:
            continue  # a paragraph citing its own section is not a navigation step
        edges.append(Edge(src, dst, EdgeKind.REFERENCES))
    return edges


def _cited_in(tree: DocTree) -> list[tuple[str, str]]:
    """(citing paragraph, entry) of the citations of a paper's works cited
    (:func:`citations`): the entries are the paragraphs of its sections headed
    "References" or "Bibliography"."""
    cited_sections: set[str] = set()
    text: list[tuple[str, str]] = []
    entries: list[tuple[str, str]] = []
    for n in tree.nodes:  # in reading order: a section before what it holds
        if n.kind is NodeKind.SECTION and (n.parent_id in cited_sections
                                          or WORKS_CITED.match(n.heading or "")):
            cited_sections.add(n.node_id)
        elif n.kind is NodeKind.PARAGRAPH:
            (entries if n.parent_id in cited_sections else text).append((n.node_id, n.text))
    return citations(text, entries) if entries else []


def _contents_targets(table: str, by_title: dict[str, str]) -> Iterable[str]:
    """The sections a table of contents' rows name ("1.1 Security fundamentals … 2", as the
    PDF reader writes an entry): each the first section headed by the entry's title."""
    for row in table.split("\n"):
        entry = _CONTENTS_ENTRY.fullmatch(row.strip())
        if entry and (dst := by_title.get(plain_title(entry.group(1)))):
            yield dst


def plain_title(heading: str) -> str:
    """A heading as a contents entry may print it: case, spacing and a closing stop aside."""
    return " ".join(heading.split()).rstrip(" .:").casefold()


def labelled_sections(sections: Iterable[tuple[str, str]]) -> dict[tuple[str, str], str]:
    """("item", "7A") and ("note", "12") -> the section so headed, the first of each, of one
    document's sections ``(node id, heading)`` in reading order. The sections numbered inside
    a "Notes to Financial Statements" section are its notes ("12. Segment Information" is Note
    12); other numbered sections are no notes (a paper's "note 1" is a footnote, not its
    Section 1)."""
    labels: dict[tuple[str, str], str] = {}
    sections = list(sections)
    notes_at = next((i for i, (_, h) in enumerate(sections) if _NOTES_SECTION.search(h)), None)
    for i, (node_id, heading) in enumerate(sections):
        m = _LABEL_HEADING.match(heading)
        if m:
            labels.setdefault((m.group(1).lower(), m.group(2).upper()), node_id)
        elif notes_at is not None and i > notes_at:
            num = heading_number(heading)
            if num and num.isdigit():
                labels.setdefault(("note", num), node_id)
    return labels


def numbered_sections(sections: Iterable[tuple[str, str]],
                      labels: dict[tuple[str, str], str]) -> dict[str, str]:
    """"4.2" -> the first section numbered so, of one document's sections ``(node id,
    heading)`` in reading order; the notes among ``labels`` (:func:`labelled_sections`) are
    no numbered sections ("Section 13" of an Act is no Note 13)."""
    notes = {nid for (kind, _), nid in labels.items() if kind == "note"}
    numbered: dict[str, str] = {}
    for node_id, heading in sections:
        if (num := heading_number(heading)) and node_id not in notes:
            numbered.setdefault(num, node_id)
    # "Section 5" of a paper numbering its sections "I" .. "VI" is its "V": where no section
    # is numbered 5 in digits
    for num, node_id in list(numbered.items()):
        if re.fullmatch(ROMAN_NUMBER, num):
            numbered.setdefault(arabic(num), node_id)
    return numbered


def _float_kind(word: str) -> str:
    return "table" if word.lower().startswith("tab") else "figure"


def float_labels(text: str, block_kind: str | None) -> list[tuple[str, str]]:
    """The labels of the tables and figures a paragraph captions: its own
    (:func:`float_label`), and in a caption those opening a later sentence ("Figure 7-26.
    Self-locking nuts. Figure 7-27. Stainless steel self-locking nut.": two figures)."""
    first = float_label(text, block_kind)
    labels = [first] if first else []
    if first and block_kind == "caption":
        labels += [(_float_kind(m.group(1)), arabic(m.group(2)))
                   for m in _FLOAT_REF.finditer(text, 1)
                   if text[:m.start()].rstrip().endswith((".", ":"))]
    return list(dict.fromkeys(labels))


def float_label(text: str, block_kind: str | None) -> tuple[str, str] | None:
    """``("table", "2")`` for a paragraph that is a table's or a figure's caption ("Table 2:
    The number of ...", "Fig. 3 shows", "TABLE II:"), by its first words; None for any
    other."""
    m = _FLOAT_REF.match(text)
    if m and block_kind in ("caption", "table", "text"):
        return _float_kind(m.group(1)), arabic(m.group(2))
    return None


def caption_rank(text: str, block_kind: str | None) -> tuple[bool, bool]:
    """Of the paragraphs opening with one label, which is its table's or figure's caption:
    those sorting first ("Table 2-2 Comparison of ..." before "Table 2-2 shows a comparison
    ...", which goes on as a sentence and the PDF reader may take for a caption too; a
    caption before a paragraph)."""
    m = _FLOAT_REF.match(text)
    goes_on = bool(m and re.match(r"\s+[a-z]", text[m.end():]))
    return goes_on, block_kind != "caption"


_ROMAN_VALUES = {"I": 1, "V": 5, "X": 10}


def arabic(label: str) -> str:
    """A table's, figure's or section's number in digits: "III" is "3" (IEEE numbers them
    so), "12" stays "12", "1–2" is "1-2", "A.1" is "A1"."""
    if not re.fullmatch(ROMAN_NUMBER, label):
        return re.sub(r"^([A-Z])\.", r"\1", label.replace("–", "-"))
    values = [_ROMAN_VALUES[c] for c in label.upper()]
    return str(sum(-v if v < w else v for v, w in zip(values, values[1:] + [0])))


@dataclass(frozen=True)
class LinkTarget:
    path: str  # normalised path of the linked file, relative to the collection root
    fragment: str


def split_link(target: str, source_path: str) -> LinkTarget | None:
    """Where a link points, as a collection-relative path, or None when it leaves the collection.

    Relative links resolve against the source document's folder. Absolute URLs keep their
    path, so ``https://host/repo/blob/master/text/0001-x.md`` can match ``text/0001-x.md``.
    """
    target = target.strip()
    if not target or target.startswith(("#", "mailto:", "tel:", "javascript:")):
        return None
    parts = urlsplit(target)
    path = unquote(parts.path)
    if not path:
        return None
    if parts.scheme or parts.netloc:
        return LinkTarget(path.lstrip("/"), parts.fragment)
    base = posixpath.dirname(source_path)
    return LinkTarget(posixpath.normpath(posixpath.join(base, path)), parts.fragment)


def resolve_document(link: LinkTarget, paths: Mapping[str, str]) -> str | None:
    """The doc_id a link points to: exact relative path, else the longest path-suffix match.

    ``paths`` maps collection-relative paths to doc ids.
    """
    if link.path in paths:
        return paths[link.path]
    best: tuple[int, str] | None = None
    for path, doc_id in _suffix_candidates(link.path, paths):
        score = path.count("/")
        if best is None or score > best[0] or (score == best[0] and doc_id < best[1]):
            best = (score, doc_id)
    return best[1] if best else None


def _suffix_candidates(link_path: str, paths: Mapping[str, str]) -> Iterable[tuple[str, str]]:
    name = posixpath.basename(link_path)
    if not name or "." not in name:
        return []
    return [(p, d) for p, d in paths.items()
            if (link_path.endswith("/" + p) or p.endswith("/" + link_path)
                or posixpath.basename(p) == name)]


def cross_references(
    links: Iterable[tuple[str, str, str]],
    doc_paths: Mapping[str, str],
    doc_of_path: Mapping[str, str],
    anchors: Mapping[tuple[str, str], str],
    doc_nodes: Mapping[str, str],
    pulls: Mapping[str, str] | None = None,
) -> list[Edge]:
    """Resolve links (node_id, source doc_id, target) to other documents of the collection;
    a mention's target (``rfc:439``, :func:`number_mentions`) to the document so numbered;
    a pull request's address or name (:func:`docnav.pull_requests.pull_request`) to the
    document whose RFC PR line names it.

    doc_paths: doc_id -> relative path; doc_of_path: relative path -> doc_id;
    anchors: (doc_id, anchor) -> section node id; doc_nodes: doc_id -> document node id;
    pulls: pull request -> its document (:func:`docnav.pull_requests.own_pull_requests`).
    """
    edges: dict[tuple[str, str], None] = {}
    numbered: dict[str, str] | None = None  # made when a mention asks
    for node_id, src_doc, target in links:
        if (pull := pull_request(target)) is not None:  # "rust-lang/rfcs#2349": its RFC's
            dst_doc = (pulls or {}).get(pull)
            if dst_doc is not None and dst_doc != src_doc and (dst := doc_nodes.get(dst_doc)):
                edges[(node_id, dst)] = None
            continue
        if _MENTION_TARGET.fullmatch(target):  # "RFC 439": the document so numbered
            if numbered is None:
                numbered = numbered_documents(doc_paths)
            dst_doc = numbered.get(target)
            if dst_doc is not None and dst_doc != src_doc and (dst := doc_nodes.get(dst_doc)):
                edges[(node_id, dst)] = None
            continue
        link = split_link(target, doc_paths.get(src_doc, ""))
        if link is None:
            continue
        dst_doc = resolve_document(link, doc_of_path)
        if dst_doc is None or dst_doc == src_doc:
            continue
        dst = anchors.get((dst_doc, link.fragment)) if link.fragment else None
        dst = dst or doc_nodes.get(dst_doc)
        if dst:
            edges[(node_id, dst)] = None
    return [Edge(s, d, EdgeKind.REFERENCES) for s, d in edges]


def is_ancestor_key(a: Node, b: Node) -> bool:
    """True when section ``a`` contains section ``b`` (same document, key prefix)."""
    return a.doc_id == b.doc_id and b.local_key.startswith(a.local_key[:-1] + ",")
