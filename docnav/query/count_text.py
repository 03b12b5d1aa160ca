"""What an answer that counts documents says: the line saying how many of those asked of were
counted, and by what (their words, their references, a section's heading, a company's
filings: "17 of the 106 documents asked of hold "borrow", "checker""), then their paths. Its
words are the count's own (:mod:`docnav.query.which` counts, :mod:`docnav.query.holding`
chooses), said again where a count is narrowed to one format (:mod:`docnav.query.formats`)."""

from __future__ import annotations

from pathlib import PurePath
from typing import TYPE_CHECKING

from docnav.query.answer import Answer, said_once
from docnav.query.stem_forms import forms_said
from docnav.wording import counted

if TYPE_CHECKING:
    from docnav.query.navigator import Navigator


def counted_answer(nav: Navigator, asked: str, count: dict, route: str | None = None) -> Answer:
    """The answer to "How many RFCs are there?" or "What documents do you have?": the count
    (or list) of the documents asked of, none read; its text says it and names them (on
    ``route``, where not the router's)."""
    return Answer(asked, route or nav.route_of(asked), [], [{
        "op": "count documents", "document_count": len(count["documents"]),
        "asked_of": count["asked_of"], "dated": count["dated"], "tokens": 0,
        "confidence": 0.0}], None, 0, counted_text(count), count=count,
        searched=said_once(count_searched(count), asked))


def count_searched(count: dict) -> list[str]:
    """What a count looked for, as the question wrote it (``Answer.searched``): the words
    the documents were counted by holding, or by not holding, or holding with the others
    ("async" and "pinning" of "mention async but not pinning"), and a heading counted by
    ("Drawbacks"); [] where it counted what the documents are, or refer to (by references,
    dates, authors: no words were searched)."""
    neither = count.get("neither") if count.get("neither_by") == "words" else None
    part = [count["part"]] if count.get("part") else list(count.get("parts") or [])
    return list(dict.fromkeys([*(count.get("holding") or []), *(count.get("words") or []),
                               *(count.get("or_holding") or []), *(neither or []), *part]))


def counted_text(count: dict) -> str:
    """The text of an answer that is a count (or list) of documents: its line, then their
    paths; made again where a count is said to be of one format (:mod:`docnav.query.formats`
    narrows the documents before they are counted)."""
    paths = [named_said(count, p) for p in count["documents"]]
    return count_line(count) + (": " + ", ".join(paths) if paths else "") + partly_line(count)


def named_said(count: dict, path: str) -> str:
    """``path`` as listed, said to be one of the documents named where it is ("Which RFCs
    cite RFCs 2394, 2349 and 2592?" listed 2592-futures.md unsaid): "2592-futures.md (named,
    refers to the others)"."""
    named = [PurePath(p).name for p in [count.get("refers_to"), *count.get("refers_also", [])]
             if p] if count.get("refers_also") else []
    if PurePath(path).name not in named:
        return path
    other = "the other" if len(named) == 2 else "the others" if count.get("both") else (
        "another of them")
    return f"{path} (named, refers to {other})"


def partly_line(count: dict, most: int | None = None) -> str:
    """The documents holding some of the words counted, fewer than those counted ("Which
    documents mention Adobe and Amazon?": the Amazon 10-K and a paper say "Amazon" alone),
    named after them, not read (at most ``most`` of them by name); "" where none is."""
    partly = count.get("partly") or []
    names = [PurePath(p).name for p in partly[:most]]
    more = f", … and {len(partly) - len(names)} more" if len(names) < len(partly) else ""
    return (f"; {len(partly)} more {'hold' if len(partly) != 1 else 'holds'} some of those "
            f"words (not read): {', '.join(names)}{more}" if partly else "")


def _besides_said(count: dict) -> str:
    """The start of a count's line that leaves a document out, where it does: which one,
    and whether the document asked of refers to it ("besides 2592-futures.md (which
    2394-async_await.md refers to), ..."), or it to the one named ("besides 2592-futures.md
    (which refers to 2349-pin.md), ...")."""
    about = count.get("besides_about")
    if about and not count.get("besides"):  # "... besides the ones about zebras?" was silent
        return f"no document holds \"{about}\": none left out; "
    if not count.get("besides"):
        return ""
    if about:  # "... besides the ones about pinning?"
        return (f"besides the {len(count['besides'])} holding \"{about}\" ("
                + ", ".join(PurePath(left).name for left in count["besides"]) + "), ")
    referring = count.get("referred_by") or count.get("refers_to")  # (else by their words)
    return "besides " + " and ".join(PurePath(left).name + (
        f" ({_how_referred(count, left in count['besides_referred'])})" if referring else "")
        for left in count["besides"]) + ", "


def _how_referred(count: dict, referred: bool) -> str:
    """How a document a count leaves out stands to the one asked of ("which
    2394-async_await.md refers to"), or to the one named ("which refers to 2349-pin.md")."""
    if count.get("referred_by"):
        does = "refers to" if referred else "makes no reference to"
        return f"which {PurePath(count['referred_by']).name} {does}"
    named = referred_named(count)
    if count.get("related"):
        return f"which is {'' if referred else 'not '}related to {named}"
    return f"which {'refers' if referred else 'makes no reference'} to {named}"


def _referred_line(count: dict, documents: str, dated: str) -> str:
    """The line of a count of the documents a document's references lead to ("Which RFCs
    does RFC 1974 refer to?"), and those it names that are not indexed ("What does RFC 3668
    refer to?" named RFC 2394 alone, not RFC 2229 and two more it names outside the store):
    "2 of the 26 documents asked of are ones 2592-futures.md refers to", as where none is
    ("none of the 3 documents asked of is one 2349-pin.md refers to"; it read "2 of the 26
    documents asked of 2592-futures.md refers to")."""
    unindexed = count.get("unindexed")
    outside = f"; it also names {names_listed(unindexed)}, not indexed" if unindexed else ""
    return (f"{_besides_said(count)}{count['n']} of the {count['of']} {documents} asked "
            f"of{dated} {'is one' if count['n'] == 1 else 'are ones'} "
            f"{PurePath(count['referred_by']).name} refers to (by its references: a "
            f"link, a number; the evidence reads the best{outside})")


def _none_referring(count: dict, documents: str, dated: str) -> str:
    """The line of a count of the documents a document's references lead to, or leading to
    it, where none does ("What is RFC 130 related to?"): said, rather than the documents
    holding its number (said by no other) read as if they answered it."""
    noun = documents.removesuffix("s") if count["of"] == 1 else documents  # "documents"
    of = f"none of the {count['of']} {noun}"
    if count.get("referred_by"):  # "What does RFC 2349 build on?"
        other = "no other" if count.get("besides_referred") else "none"
        if unindexed := count.get("unindexed"):  # "What does RFC 2497 build on?": it names
            other = "none of them"  # RFC 2046, which is not in the store ("it links to none")
        outside = (f"; it names {names_listed(unindexed)}, not indexed" if unindexed else "")
        return (f"{_besides_said(count)}{of} asked of{dated} is one "
                f"{PurePath(count['referred_by']).name} refers to (it links to {other}, nor "
                f"names one by its number{outside})")
    name = referred_named(count)
    of = _besides_said(count) + of
    if count.get("related"):  # "What is RFC 130 related to?"
        return (f"{of} asked of{dated} is related to {name} by references (it links to none, "
                f"nor names one by its number; none links to it, nor names its number)")
    several = count.get("refers_also") or count.get("numbers_read")  # ("or RFC 9999")
    how = ("none links to it, nor names its number" if not several
           and not count.get("both") else
           "none links to, or names the number of, each of them" if count.get("both") else
           "none links to them, nor names their numbers")
    if count["of"] == 1:  # "none of the 1 document asked of dated in 2024 refers to ..."
        how = ("no link to it, nor its number" if not several
               and not count.get("both") else
               "no link to, nor the number of, each of them" if count.get("both") else
               "no link to them, nor their numbers")
        return (f"{_besides_said(count)}the one {noun} asked of{dated} does not refer to "
                f"{name} ({how}{_named_outside(count)}){or_held(count, 1, 'nor')}")
    return (f"{of} asked of{dated} refers to {name} ({how}{_named_outside(count)})"
            f"{or_held(count, 1)}")  # "Which RFCs depend on RFC 1068?"


def _part_line(count: dict, documents: str, dated: str) -> str:
    """The line of a count of the documents with (or without: ``count``'s "lacking") a
    section headed as asked: "5 of the 27 documents asked of have no section headed
    "Drawbacks" (none read)"; of one, whether it has one ("0 of the 1 documents asked of
    dated in 2020 have no section ..." was said)."""
    lacking, n, part = count.get("lacking"), count["n"], count["part"]
    if count.get("parts") and not part:  # (one asked of: "Drawbacks" or "Alternatives")
        part = f"\" {count['parts_joined']} \"".join(count["parts"])
    if count["of"] == 1:
        has = "a section" if (n == 1) != bool(lacking) else "no section"
        return (f"the one {documents[:-1]} asked of{dated} has {has} headed \"{part}\""
                + (" (not read)" if lacking or not n or count["asked"] != "which" else
                   " (read from it)"))
    if parts := count.get("parts"):  # "... a Drawbacks or Alternatives section?": of each
        joins = count["parts_joined"]
        said = f" {joins} one headed ".join(f'"{h}"' for h in parts)
        each = ", ".join(f'{k} "{h}"' if i else f'{k} {"has" if k == 1 else "have"} "{h}"'
                         for i, (h, k) in enumerate(parts.items()))
        both = ("both " if len(parts) == 2 else "each of ") if joins == "and" else ""
        return (f"{n} of the {count['of']} {documents} asked of{dated} "
                f"{'have' if n != 1 else 'has'} {both}a section "
                f"headed {said} ({each}" + ("; each read from the first of them it has)"
                                            if n and count["asked"] == "which" else ")"))
    return (f"{n} of the {count['of']} {documents} asked of{dated} "
            f"{'have' if n != 1 else 'has'} {'no section' if lacking else 'a section'} "
            f"headed \"{part}\"" + (" (none read)" if lacking else " (each read from it)"
                                    if n and count["asked"] == "which" else ""))


def or_held(count: dict, n: int, joined: str = "or") -> str:
    """The words a count of those referring to a document joins to it by "or" (``count``'s
    "or_holding"), said after it, of ``n`` documents: ' or hold "pinning" (by their words)';
    "" where there are none."""
    if not (words := count.get("or_holding")):
        return ""
    said = " or ".join(f'"{w}"' for w in words)
    return f" {joined} {'holds' if n == 1 else 'hold'} {said} (by their words)"


def _neither_line(count: dict, documents: str, dated: str) -> str:
    """The line of a count of the documents holding none of what the question names
    (:func:`docnav.query.neither.neither_count`): "1 of the 3 documents asked of refers to neither
    2394-async_await.md nor 2349-pin.md (by their references: ...)"."""
    n, by = count["n"], count["neither_by"]
    # one name ("Which RFCs do not mention async?"): "do not hold "async""
    verb, neither = (("does not " if n == 1 else "do not ") + "{}", "") if len(
        count["neither"]) == 1 else ("{}s" if n == 1 else "{}", "neither ")
    if by == "references":
        names = " nor ".join(PurePath(path).name if path else name for path, name in
                             zip(count["neither_paths"], count["neither"]))
        how = (f"{verb.format('refer')} to {neither}{names} (by their references: "
               f"no link to {'any of them' if neither else 'it'}, nor its number, nor its "
               f"title in their works cited; none read)")
    else:
        names = " nor ".join(f'"{name}"' for name in count["neither"])
        how = (f"{verb.format('hold')} {neither}{names} (counted by their words; "
               f"none read)")
    if count.get("holding"):  # "Which RFCs mention async but not pinning?"
        return _but_not_line(count, documents, dated, names.replace(" nor ", " or "), how)
    if count["of"] == 1:  # of one (--doc): "the one document asked of refers to neither ...",
        # or to one at least, said how as of all ("(by its references ...)" was dropped); of
        # those indexed only ("refers to 2394-async_await.md or RFC 9999" was said)
        refers = _indexed_or(count) if by == "references" else ""
        them = "one of them at least" if " or " in refers else "it"
        how = how if n else (f"refers to {refers} (by its references: a link to {them}, its "
                             f"number or its title in its works cited; not read)"
                             f"{_unindexed(count)}" if by == "references" else
                             f"holds {names.replace(' nor ', ' or ')} (counted by its words; "
                             f"not read)")
        return f"the one {documents[:-1]} asked of{dated} {how}"
    # (those not indexed said so: "nor RFC 9999" read as one of the documents listed)
    outside = _unindexed(count, every=True) if by == "references" else ""
    return f"{n} of the {count['of']} {documents} asked of{dated} {how}{outside}"


def _but_not_line(count: dict, documents: str, dated: str, names: str, how: str) -> str:
    """The line of a count of the documents holding one thing and not another
    (:func:`docnav.query.neither.but_not_count`): how many hold the first, then how many of
    those are left, "2 of the 27 documents asked of hold "async"; 0 of those do not hold
    "pinning" (...)" ("0 of the 27 documents asked of hold "async", and do not hold
    "pinning"" read as if none held "async"); of one, which part it fails."""
    n, first = count["n"], count["holding_n"]
    either = " or ".join(f'"{name}"' for name in count["holding"])
    if count["of"] == 1:
        it = (f"holds {either} and not {names}" if n else f"holds {either}, and {names} too"
              if first else f"does not hold {either}")
        return f"the one {documents[:-1]} asked of{dated} {it} (counted by its words; not read)"
    if not first:
        return (f"none of the {count['of']} {documents} asked of{dated} holds {either} "
                f"(counted by their words; none read)")
    if first == 1:
        it = f"does not hold {names}" if n else f"holds {names} too"
        return (f"1 of the {count['of']} {documents} asked of{dated} holds {either}, and it "
                f"{it} (counted by their words; none read)")
    return (f"{first} of the {count['of']} {documents} asked of{dated} hold {either}; {n} of "
            f"those {how}")


def _indexed_or(count: dict) -> str:
    """The documents a "neither" question names by references, those indexed, joined by "or"
    ("2394-async_await.md or 2349-pin.md"); all of them as said where none is."""
    pairs = list(zip(count["neither_paths"], count["neither"]))
    return " or ".join(PurePath(p).name for p, _ in pairs if p) or " or ".join(
        name for _, name in pairs)


def _unindexed(count: dict, every: bool = False) -> str:
    """Of those a "neither" question names, those not indexed, said after the line's count:
    " (RFC 9999 is not indexed)"; where none is indexed, only with ``every`` (of one document
    asked of, the line names them as said, not as documents)."""
    paths = count["neither_paths"]
    outside = [name for p, name in zip(paths, count["neither"]) if not p]
    if not outside or len(outside) == len(paths) and not every:
        return ""
    return f" ({names_listed(outside)} {'are' if outside[1:] else 'is'} not indexed)"


def _named_outside(count: dict) -> str:
    """Of a count of those referring to the documents a question names, those it names that
    are not indexed ("Which RFCs cite RFC 2394 or RFC 9999?" said nothing of RFC 9999)."""
    if not (outside := count.get("unindexed")):
        return ""
    are = "are" if outside[1:] else "is"
    if count.get("both") or count.get("numbers_read"):  # (those counted name it: "... cite
        # RFC 2394 and RFC 9999?"; may name it: "... cite RFC 401 or RFC 447?")
        its = "its" if are == "is" else "their"
        return f"; {names_listed(outside)} {are} not indexed: read by {its} number"
    return f"; {names_listed(outside)}, also named, {are} not indexed"


def referred_named(count: dict) -> str:
    """The document those counted refer to ("2394-async_await.md"), or those ("2394-async_await.md
    or 2349-pin.md"; "and" where they refer to all)."""
    names = [PurePath(p).name for p in [count["refers_to"], *count.get("refers_also", [])]]
    if count.get("both") or count.get("numbers_read"):  # and those not indexed, read by
        names += count.get("unindexed") or []  # number ("2394-async_await.md and RFC 9999")
    return names_listed(names, "and" if count.get("both") else "or")


def names_listed(names: list[str], joined: str = "and") -> str:
    """Names as a list says them: "RFC 160, RFC 2046 and RFC 2086" (``joined``: "or")."""
    return ", ".join(names[:-1]) + f" {joined} " + names[-1] if len(names) > 1 else names[0]


def _outside_line(count: dict) -> str:
    """The line of a count of the documents referring to the one a glob chose, which the
    question names: they are outside it, and not read."""
    n, name = count["n"], PurePath(count["refers_to"]).name
    several = count.get("refers_also") or count.get("numbers_read") or count.get("both")
    if not n and several and not count.get("related"):
        how = (f"refers to {referred_named(count)} (none links to them, nor names their "
               f"numbers{_named_outside(count)})")
    elif not n:
        how = ("is related to it by references (none links to it, nor names its number, nor "
               "is one it refers to)" if count.get("related") else
               "refers to it (none links to it, nor names its number)")
    elif count.get("related"):
        how = (f"{'is' if n == 1 else 'are'} related to it by references (a link, a number: "
               f"to it, or from it)")
    elif several:  # (others named beside it, or read by number: "... cite RFC 401 or RFC
        # 447?" said "3 refer to it", 2 of them naming RFC 447 alone)
        how = (f"{'refers' if n == 1 else 'refer'} to {referred_named(count)} (by "
               f"{'its' if n == 1 else 'their'} references: a link to them, their numbers"
               f"{_named_outside(count)})")
    else:
        how = (f"{'refers' if n == 1 else 'refer'} to it (by {'its' if n == 1 else 'their'} "
               f"references: a link to it, its number)")
    dated = f" dated {count['dated']}" if count.get("dated") else ""  # "from 2019"
    others = "other" if count["of"] == 1 else "others"
    return (f"{_besides_said(count)}the one document asked of (--doc) is {name}, which the "
            f"question names; of the {count['of']} {others}{dated}, outside the glob and not "
            f"read, {n or 'none'} {how}{or_held(count, n)}")


def _asked_of(count: dict) -> str:
    """How many documents a count was asked of, where a date, an author or a format chose
    some: "27", or of a question leaving one out "the 26 others" (its "(of 27)" counted the
    one left out)."""
    return f"the {count['asked_of']} others" if count.get("besides") else str(count["asked_of"])


def count_line(count: dict) -> str:
    """How many documents a question asking so counted, as said to its reader: "17 of the 106
    documents asked of hold "borrow", "checker" (counted by their words, not read)"."""
    if "companies" in count:  # "Which companies are in the store?"
        named = "; ".join(f"{name} ({counted(len(paths), 'filing')})"
                          for name, paths in count["companies"].items())
        without = len(count["without"])
        none = (f"; {without} of them name{'s' if without == 1 else ''} no registrant (a "
                f"filing's cover names it)" if without else "")
        return (f"{count['n']} compan{'y' if count['n'] == 1 else 'ies'} in the "
                f"{count['asked_of']} documents asked of{': ' + named if named else ''}{none}")
    dated = (f" by {count['by']}" if count["by"] else "") + (
        f" dated {count['dated']}" if count["dated"] else "")
    # "How many PDFs are there?": of the documents of that format (docnav.query.formats)
    documents = f"{count['format']} documents" if count.get("format") else "documents"
    if count.get("outside"):  # "Which RFCs link to the futures RFC?" of that RFC alone
        line = _outside_line(count)
    elif count.get("neither"):  # "Which RFCs cite neither RFC 2394 nor RFC 2349?"
        line = _besides_said(count) + _neither_line(count, documents, dated)
    elif count.get("refers_unindexed"):  # "Which RFCs cite RFC 9999?"
        it, its = ("it is", "its") if len(count["unindexed"]) == 1 else ("they are", "their")
        line = (f"{_besides_said(count)}none of the {count['of']} {documents} asked of{dated} "
                f"refers to {names_listed(count['unindexed'], 'and' if count['both'] else 'or')} "
                f"({it} not indexed, and "
                f"none names {its} number{'' if its == 'its' else 's'})")
    elif not count["n"] and (count.get("referred_by") or count.get("refers_to")):  # of one
        line = _none_referring(count, documents, dated)  # no reference leads to, or from
    elif count.get("cites"):  # "How many papers cite Devlin et al.?"
        line = (f"{count['n']} of the {count['of']} {documents} asked of{dated} "
                f"{'cite' if count['n'] != 1 else 'cites'} {count['cites']} (by their works "
                f"cited: an entry of that author's; the evidence reads the best)")
    elif count.get("referred_by"):  # "Which RFCs does RFC 1974 refer to?"
        line = _referred_line(count, documents, dated)
    elif count.get("related"):  # "Which RFCs are related to RFC 1961?"
        line = (f"{_besides_said(count)}{count['n']} of the {count['of']} {documents} asked "
                f"of{dated} {'are' if count['n'] != 1 else 'is'} related to "
                f"{PurePath(count['refers_to']).name} by references (a link, a number: to "
                f"it, or from it; the evidence reads the best)")
    elif count.get("refers_to"):  # "How many RFCs refer to RFC 1961?"
        it, its, s = (("them", "their", "s") if count.get("refers_also") or count.get("both")
                      or count.get("numbers_read") else ("it", "its", ""))  # (two named:
        # "refers to 2025-nested-method-calls.md and RFC 1327 (... a link to it" was said)
        title = f", {its} title{s} in their works cited" if count.get("by_title") else ""
        of_them = (f"the one {documents[:-1]}" if count["of"] == 1 else  # (was "1 of the 1
                   f"{count['n']} of the {count['of']} {documents}")  # documents")
        line = (f"{_besides_said(count)}{of_them} asked of{dated} "
                f"{'refer' if count['n'] != 1 else 'refers'} to {referred_named(count)} (by "
                f"{'its' if count['of'] == 1 else 'their'} references: a link to {it}, "
                f"{its} number{s}{title}; the evidence reads the best{_named_outside(count)})"
                f"{or_held(count, count['n'])}")
    elif count.get("part") or count.get("parts"):  # "How many RFCs have a Drawbacks
        # section?", "... lack ...?", "... a Drawbacks or Alternatives section?"
        line = _besides_said(count) + _part_line(count, documents, dated)
    elif count.get("left_dated"):  # "Which RFCs besides 3668 were published in 2024?"
        line = f"none asked of {_besides_said(count)[:-2]} is dated {count['dated']}"
    elif count["words"] is None:  # "How many RFCs are there?"
        line = _besides_said(count) + (
                f"{count['n']} {documents[:-1] if count['n'] == 1 else documents} asked "
                f"of{dated}" + (f" (of {_asked_of(count)})" if count["dated"] or count["by"]
                                or count.get("format") else ""))
    else:
        forms = count.get("forms", {})  # (other forms of its stem counted: "generate")
        words = (" or " if count.get("any") else ", ").join(f'"{w}"{forms_said(forms, w)}'
                                                           for w in count["words"])
        if either := count.get("either"):  # "Adobe" or "Amazon", and "Europe"
            words = " or ".join(f'"{w}"' for w in either) + ", and " + ", ".join(
                f'"{w}"' for w in count["words"] if w not in either)
        some = "" if count["held"] == len(count["words"]) else f"{count['held']} of "
        line = _besides_said(count) + (
                f"{count['n']} of the {count['of']} {documents} asked of{dated} "
                f"{'hold' if count['n'] != 1 else 'holds'} {some}{words} (counted by their "
                f"words, not read: the evidence reads the best)" if count["held"] else
                f"no {documents[:-1]} of the {count['of']} asked of{dated} holds {words}")
    for held in ("dates", "authors"):  # none is so dated, or by that author: what theirs are
        if count[held]:
            line += f" ({count[held]})"
    if count.get("year_unread"):  # "Which RFCs cite work published in 2018?"
        line += _years_unread(count)
    if count.get("named_dated"):  # "Which RFCs cite RFC 2394 that was published in 2018?"
        line += _named_dated(count)
    return line


def _named_dated(count: dict) -> str:
    """What a count of those referring to the one named says of the year the question gives
    that one ("... cite RFC 2394 that was published in 2018?"): whether it is so dated; those
    counted are not chosen by it (they were: of the RFCs of 2018 citing it)."""
    name, date, when = (PurePath(count["named"]).name, count["named_date"],
                        count["named_dated"])
    dated = f"is dated {date[:10]}" if date else "has no date of its own"
    held = f"{when}, as said" if count["named_so"] else f"not {when} as said"
    return f" ({name} {dated}: {held}; the year is its, not theirs)"


def _years_unread(count: dict) -> str:
    """What a count says of the years a question names that were not read as a date of those
    counted: searched as words where they are among the words counted (never of those
    counted by their references: "Which RFCs cite RFC 2349 published in 2018?"; nor of "Which
    RFCs mention async in 2018?", counting "async" alone), with an example of its verb."""
    years = count["year_unread"]
    searched = [y for y in years if y in (count.get("words") or [])]
    if count.get("refers_to") or count.get("referred_by") or count.get("cites"):
        searched = []
    other = [y for y in years if y not in searched]
    one = {True: ("was", "a word", "a date"), False: ("were", "words", "dates")}
    said = []
    if searched:
        was, word, date = one[len(searched) == 1]
        said.append(f"{names_listed(searched)} {was} searched as {word}, not read as {date}")
    if other:
        was, _, date = one[len(other) == 1]
        said.append(f"{names_listed(other)} {was} not read as {date}")
    return (f" ({'; '.join(said)}: a year dates the documents counted only right after the "
            f"one they refer to, \"... {count.get('year_verb') or 'cite'} RFC 2394 in "
            f"{years[0]}?\")")


__all__ = ["count_line", "count_searched", "counted_answer", "counted_text", "named_said",
           "names_listed", "or_held", "partly_line", "referred_named"]
