"""The line of ``docnav ask`` saying which documents a question asking for documents ("Which
RFCs ...?", "Which is the longest ...?", "Which is older, A or B?") was asked of, and what
chose them: the best, those its references lead to, the first or last by date, the longest by
their words, the earliest of a year's (:func:`which_documents`, from the trace's "documents"
step)."""

from __future__ import annotations

from pathlib import Path

from docnav.query.count_text import names_listed, or_held, referred_named
from docnav.wording import counted


def which_documents(focus: dict) -> str:
    """Which documents a question asking for documents was asked of: the best, those its
    references lead to, the first or last by date, the earliest of a year's; of those it
    compares, what their lengths or dates do not answer ("Which is longer, A or B, and
    why?": the "why" was dropped)."""
    measure = "lengths" if focus.get("by_length") else "dates"
    if why := focus.get("why"):
        return (_which_documents(focus) + f" (\"and {why}?\" is not answered by their "
                f"{measure}: ask it of their text)")
    if much := focus.get("much"):  # "..., and by how much?": the difference, where known
        return _which_documents(focus) + (f" ({focus['by']} apart)" if focus.get("by") else
                                          f" (\"and {much}?\" is not answered: it is said of "
                                          f"two documents" + ("" if focus.get("by_length") else
                                                              " each dated to the day") + ")")
    return _which_documents(focus)


def _which_documents(focus: dict) -> str:
    """:func:`which_documents`, of any question."""
    n, without = len(focus["documents"]), f"without \"{focus['left_out']}\""
    if focus.get("about"):  # "discuss": what they say of it is searched, not the verb
        without += f" or \"{focus['about']}\""
    more = f" (--budget {focus['more_with']} reads one more)" if focus.get("more_with") else ""
    dated = f" dated {focus['dated']}" if focus.get("dated") else ""  # "in 2024"
    if focus.get("referred_by"):  # "Which RFCs does RFC 1974 refer to?"
        return (f"asked of the {counted(n, 'document')} that "
                f"{Path(focus['referred_by']).name} refers to, {focus['tokens_each']} tokens "
                f"each{more}")
    if focus.get("related"):  # "Which RFCs are related to RFC 1961?": either way
        whose = f"related to {Path(focus['refers_to']).name} by references, to it or from it"
        return (f"asked of the {n} documents {whose}, {focus['tokens_each']} tokens each{more}"
                if n > 1 else f"asked of the one document {whose}{more}")
    if focus.get("refers_to") or focus.get("cites"):  # "Which RFCs refer to RFC 1961?", by
        whose = (f"whose references lead to {referred_named(focus)}"  # their references;
                 f"{or_held(focus, 2)}"  # (' or hold "pinning" (by their words)')
                 if focus.get("refers_to") else  # "... cite Devlin et al.?"
                 f"whose works cited hold {focus['cites']}")
        return (f"asked of the {n} documents {whose}, {focus['tokens_each']} tokens each{more}"
                if n > 1 else f"asked of the one document {whose}{more}")
    if focus.get("by_length"):  # "Which RFC is the longest?": by their words
        named = ", ".join(f"{Path(p).name} ({counted(w, 'word')})"
                          for p, w in zip(focus["documents"], focus["words"]))
        if beside := focus.get("beside"):  # "Which is longer, ...?": "beside A and B"
            named += ", beside " + names_listed([f"{Path(p).name} ({counted(w, 'word')})"
                                                  for p, w in beside])
        which = (f"the one document asked of{_so(focus)}, by its words"
                 if focus["length_of"] == 1 else  # ("the longest of the 1 documents")
                 f"the {focus['by_length']} of the {focus['length_of']} documents "
                 f"{_asked(focus)}{_so(focus)}, by their words")
        return (f"asked of {which}: {named}"
                + (f", {focus['tokens_each']} tokens each" if n > 1 else ""))
    if focus.get("order"):  # "What is the newest RFC?": by their own dates
        if (undated := focus.get("undated_named")) and focus["dated_of"] < 2:  # of those named
            return (f"asked of {Path(focus['documents'][0]).name}, the first the question "
                    f"names (undated: {names_listed([Path(p).name for p in undated])}, so the "
                    f"{focus['dated_of'] + len(undated)} are not ordered by date)")
        named = ", ".join(f"{Path(p).name} ({_dated_as(p, d, focus)})"
                          for p, d in zip(focus["documents"], focus["dates"]))
        if beside := focus.get("beside"):  # "Which is older, ...?": "beside A and B"
            named += ", beside " + names_listed([f"{Path(p).name} ({_dated_as(p, d, focus)})"
                                                  for p, d in beside])
        undated = (f", {focus['undated']} undated" if focus["undated"] else "") + (
            f" ({names_listed([Path(p).name for p in undated])})" if undated else "")
        which = ("the one dated document asked of" if focus["dated_of"] == 1 else
                 f"the {focus['order']} by their own dates of the {focus['dated_of']} dated "
                 f"documents {_asked(focus)}")
        return (f"asked of {which}{_so(focus)}{undated}: {named}"
                + (f", {focus['tokens_each']} tokens each" if n > 1 else ""))
    if focus.get("earliest_of"):  # nothing asked but the date: the earliest so dated
        besides = " and ".join(Path(p).name for p in focus.get("besides", []))
        every = focus["earliest_of"]  # ("the 1 earliest of the 1 documents" was said)
        which = (f"the {n} earliest of the {every} documents" if n < every else
                 "the one document" if n == 1 else f"each of the {n} documents")
        return (f"asked of {which}{dated}{' besides ' + besides if besides else ''}, "
                + (f"{focus['tokens_each']} tokens each, " if n < every or n > 1 else "")
                + without)
    return (f"asked of the {n} best documents{dated}, {focus['tokens_each']} tokens each, "
            f"{without}{more}" if n > 1 else
            f"asked of the best document{dated} alone, {without}{more}")


# the documents a question leaves out named one by one, at most; more, of a group it names
# ("besides those from 2018"), said as that group
_LEFT_NAMED = 3


def _asked(focus: dict) -> str:
    """Which documents were ordered: those asked of, or those the question named
    ("Which is longer, RFC 2394 or RFC 2349?")."""
    # "Which of them is the longest?", alone; not where a year, words or those left out narrow
    # them ("... the longest in 2018?" said all were asked of, then those of 2018)
    them = "" if any(focus.get(k) for k in ("dated", "holding", "besides", "referring_to",
                                             "cited_by", "part")) else (
        focus.get("them") or "").lower()
    return ("the question names" if focus.get("named") else f"asked of (\"{them}\" names "
            f"none before it: all asked of)" if them else "asked of")


def _so(focus: dict) -> str:
    """What chose the documents a question asked for the first or longest of: their year
    (" dated in 2018"), what they hold, then those left out (" besides 2497-if-let-chains.md":
    "Which RFC is the longest, besides RFC 2497?"; " holding "async" besides the 19 documents
    dated in 2018": said after them, the 19 read as holding it), what refers to them."""
    besides = [Path(p).name for p in focus.get("besides") or []]
    of_year = focus.get("besides_dated") or []
    if (year := focus.get("besides_year")) and len(of_year) > _LEFT_NAMED:  # not each of 19
        besides = [Path(p).name for p in focus["besides"] if p not in of_year] + [
            f"the {len(of_year)} documents dated {year}"]
    return ((f" dated {focus['dated']}" if focus.get("dated") else "") + _holding(focus)
            + (f" besides {' and '.join(besides)}" if besides else "")
            + (f" referring to {focus['referring_to']}" if focus.get("referring_to") else "")
            + (f" that {focus['cited_by']} refers to" if focus.get("cited_by") else ""))


def _holding(focus: dict) -> str:
    """What the documents ordered hold (" holding "async"", " with a section headed "X"",
    " without a section headed "X""); where none holds the words, all ordered, that none does
    (" (none holding "async")": they were said to hold it)."""
    with_ = "without" if focus.get("part_lacking") else "with"
    part = f" {with_} a section headed \"{focus['part']}\"" if focus.get("part") else ""
    words = ", ".join(f'"{w}"' for w in focus["holding"])
    if not words:
        return part
    return f"{part} (none holding {words})" if focus.get("held_by_none") else (
        f" holding {words}{part}")


def _dated_as(path: str, date: str, focus: dict) -> str:
    """A document's date as an order by date says it: its arXiv date
    (:func:`docnav.query.fields.arxiv_date`), the day its first version's stamp gives or its
    identifier's month, which names no day; or its own date."""
    if path not in focus.get("by_arxiv", ()):
        return date
    return f"{date}, by its first version's arXiv stamp" if len(date) > 7 else (
        f"{date}, by its arXiv identifier")
