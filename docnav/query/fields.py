"""A document's metadata fields, as the store keeps them: a JSON list of ``[key, value]`` pairs
(PDF and DOCX properties, HTML ``<meta>``, Markdown front matter, a filing's cover). Read once
per document when a graph opens (:meth:`docnav.query.graph.DocNavGraph.fields`)."""

from __future__ import annotations

import calendar
import datetime
import json
import re
from pathlib import PurePath

from docnav.months import MONTHS, RANGE_TO, WEEKDAYS, alternatives, month_number
from docnav.query._checks import ISO_DATE

# an RFC's header list has a "Start Date"
DATE_KEYS = ("created", "dcterms.created", "date", "start date", "modified", "dcterms.modified")
# the verbs a document's own date is asked or chosen by ("Which RFCs were accepted in 2018?",
# "When was RFC 2349 merged?"), past forms; DATED_NOW the present ("When did it start?")
DATING = (r"(?:started|created|written|published|dated|filed|released|proposed|issued|"
          r"submitted|accepted|approved|adopted|merged)")
DATED_NOW = (r"(?:start|create|write|publish|date|file|release|propose|issue|submit|accept|"
             r"approve|adopt|merge)")
# the forms of a date :func:`date_of` reads, as an error says them; all-number forms with the
# year last (05/01/2024: 5 January or May 1?) and a bare year are not read
DATE_FORMS = ('"2024-01-05" (an ISO time too), "2024/01/05", "January 5, 2024", "Jan 5, 2024", '
              '"5 January 2024", "Fri, 05 Jan 2024 10:00:00 +0000", and German, French or '
              'Spanish months: "7. Dezember 2026", "7 décembre 2026", "7 de diciembre de 2026"; '
              'a month and its year, "March 2018" or "2018-03", or a range of months, '
              '"March-April 2018", "March to April 2018", "März bis April 2018": as its first '
              'month, a date bound holding it to the end of its last; a range with a day, '
              '"5 mars à avril 2018": as that day of its first month, held so too')
# a month by its name or its abbreviation (:mod:`docnav.months`), no other word: "Marching"
_MONTH = rf"(?P<month>{alternatives(MONTHS)})\.?"
_WEEKDAY = rf"(?:{alternatives(WEEKDAYS)}\.?,?\s+)?"  # "Fri,", "lundi", "Mo,"
# a range's last month, read as a dated heading reads it (:mod:`docnav.parse`), and a field's
# English "March to May 2019" (a heading's "to" is not read: it would make other trees, a new
# parser version): the range is dated as its first month, bounded as far as its last
# (:func:`own_date_span`)
_TO = rf"(?:(?:{RANGE_TO}|\s+to\s+)(?P<last>{alternatives(MONTHS)})\.?)?"
_DAY, _YEAR = r"(?P<day>\d{1,2})(?:st|nd|rd|th|er|\.)?", r"(?P<year>\d{4})\b"
# (a front matter's text date: YAML turns 2024-01-05 into ISO text, not these; an e-mail's
# header or a feed has the last)
_WORDED = (re.compile(rf"{_WEEKDAY}{_MONTH}\s+{_DAY},?\s+{_YEAR}", re.I),  # January 5, 2024
           # Fri, 05 Jan 2024; 7. Dezember 2026; 7 de diciembre de 2026
           re.compile(rf"{_WEEKDAY}{_DAY}\s+(?:de\s+)?{_MONTH}{_TO},?\s+(?:de\s+)?{_YEAR}",
                      re.I),
           re.compile(r"(?P<year>\d{4})/(?P<month>\d{1,2})/(?P<day>\d{1,2})\b"))  # 2024/01/05
# a month without its day: "March 2018", "März bis April 2018", "de marzo a abril de 2018"
_MONTH_ONLY = re.compile(rf"(?:de\s+)?{_MONTH}{_TO},?\s+(?:de\s+)?{_YEAR}", re.I)
# an ISO month, "2018-03" (as `show --json` gives a month alone); not "2018-03-05" nor "2018-2019"
_ISO_MONTH = re.compile(r"(?P<year>\d{4})-(?P<month>\d{2})(?![\w-])")


def parse_fields(metadata: str | None) -> dict[str, str]:
    """The fields of a stored metadata value, keys lower-cased."""
    return {str(k).lower(): v for k, v in json.loads(metadata or "[]")}


def date_of(fields: dict[str, str]) -> str | None:
    """A document's own date as ``YYYY-MM-DD``: that of the first of its ``created``,
    ``dcterms.created``, ``date``, ``start date``, ``modified``, ``dcterms.modified`` that
    holds a date in one of :data:`DATE_FORMS` (:func:`date_key`); None when it has none."""
    key = date_key(fields)
    return read_date(str(fields[key])) if key else None


def date_key(fields: dict[str, str]) -> str | None:
    """The key of the field :func:`date_of` reads a document's date from; None for none."""
    return next((k for k in DATE_KEYS if read_date(str(fields.get(k, "")))), None)


# where a document's own date comes from, as an error says it
DATE_SOURCES = ("a PDF's arXiv identifier (stamped on its first page, or its file's name; a "
                "first version's stamp gives its day), front matter, document properties, "
                "a field list's Start Date")
# an arXiv identifier ("1912.01214", "0704.0001v2"): the year and month the paper was first
# submitted, then its number that month, of four digits until the end of 2014 and five since;
# a PDF named by it, a downloaded copy's "1912.01214 (1).pdf" too, and one named by it and
# more after a "-", "_" or space ("2305.03393v1-pg9.pdf", a page of it: dated by the PDF's
# creation, 2024, though the error said its file's name dates it)
_ARXIV_ID = r"(?P<yy>\d\d)(?P<mm>0[1-9]|1[0-2])\.(?P<n>\d{4,5})(?:v(?P<v>\d+))?"
_ARXIV_PDF = re.compile(_ARXIV_ID + r"(?: \(\d+\)|[-_ ][^/]*)?\.pdf", re.I)
_ARXIV_FIELD = re.compile(_ARXIV_ID)


def arxiv_date(path: str, fields: dict[str, str] | None = None) -> str | None:
    """When a paper was first submitted to arXiv: ``YYYY-MM``, the month of the identifier
    arXiv stamped on its first page (its ``arxiv`` field, "1810.08699v1":
    :func:`docnav.parse._metadata.arxiv_stamp`), else of its file's name where that is a PDF
    named by one, more after it or not ("1912.01214.pdf": 2019-12, "2305.03393v1-pg9.pdf":
    2023-05); None for any other ("2103.1234-notes.md", "1501.0001.pdf": no identifier of 2015
    has four digits). A PDF arXiv serves was made when it was fetched or built again:
    1912.01214.pdf says it was created in 2021, 1705.07830.pdf in 2024, and "Which paper is
    the oldest?" chose by those; the stamp dates a renamed paper
    ("paper.pdf") too. The identifier names no day: the month is read as :func:`own_date`
    says, unless a first version's stamp gives the day (``YYYY-MM-DD``:
    :func:`_first_version_day`). Only a PDF's ``arxiv`` field is the stamp: a Markdown
    note's front matter ``arxiv: 1810.08699v1`` names the paper it is about, and dated the
    note 2018-10 over its own ``date:``."""
    return arxiv_dated(path, fields)[0]


def arxiv_dated(path: str, fields: dict[str, str] | None = None
                ) -> tuple[str | None, str | None]:
    """:func:`arxiv_date` and where it comes from, as `docnav show` says it: "stamp day" (a
    first version's stamp), "stamp" (the identifier stamped on the first page, read before
    the file's name), "name" (the file's name); (None, None) where none dates it."""
    fields, stamped = _stamp(path, fields)
    named = _ARXIV_PDF.fullmatch(PurePath(path).name)
    if month := _submitted(stamped):
        day = _first_version_day(stamped, month, fields)
        return (day, "stamp day") if day else (month, "stamp")
    return (month, "name") if (month := _submitted(named)) else (None, None)


def stamp_day_unused(path: str, fields: dict[str, str] | None = None
                     ) -> tuple[str, str] | None:
    """(the day, why) where the arXiv stamp on a PDF's first page gives a day that does not
    date it (:func:`arxiv_dated` gives the identifier's month): ("2019-10-18", "version 2")
    of "1909.00754v2 [cs.CL] 18 Oct 2019", the day a later version came out; ("2018-11-02",
    "outside") of a first version's day outside the identifier's month. None otherwise."""
    fields, stamped = _stamp(path, fields)
    day = read_date(str(fields.get("arxiv_version_date", "")))
    if not day or not stamped or not stamped["v"] or not (month := _submitted(stamped)):
        return None
    if _first_version_day(stamped, month, fields):
        return None
    return day, "outside" if stamped["v"] == "1" else f"version {int(stamped['v'])}"


def _stamp(path: str, fields: dict[str, str] | None) -> tuple[dict[str, str], re.Match | None]:
    """(a PDF's fields, none of another file's, and the arXiv identifier stamped on its first
    page that its ``arxiv`` field holds, or None)."""
    fields = (fields or {}) if PurePath(path).suffix.lower() == ".pdf" else {}
    return fields, _ARXIV_FIELD.fullmatch(str(fields.get("arxiv", "")).strip())


def _first_version_day(stamped: re.Match | None, month: str | None,
                       fields: dict[str, str]) -> str | None:
    """``YYYY-MM-DD``, the day a first version's stamp gives ("arXiv:1810.08699v1 [cs.CL] 19
    Oct 2018", its ``arxiv_version_date``), where it dates the paper (``month``): that
    version's date is the day the paper was submitted, so orders and bounds read it exactly
    (the month read as its first day put 1810.08699v1 before a report of 2018-10-10). A later
    version's is not (1705.07830v3 is stamped 2 Mar 2018, submitted in May 2017), nor a day
    outside the identifier's month. None for those."""
    if not stamped or stamped["v"] != "1" or _submitted(stamped) != month:
        return None
    day = read_date(str(fields.get("arxiv_version_date", "")))
    return day if day and day[:7] == month else None


def _submitted(m: re.Match | None) -> str | None:
    """The month of an identifier matched; None for none, or one arXiv never gave."""
    if m is None or (m["yy"], m["mm"]) < ("07", "04") or (len(m["n"]) == 5) != (m["yy"] >= "15"):
        return None
    return f"20{m['yy']}-{m['mm']}"


# where a paper's arXiv date comes from (:func:`arxiv_dated`'s second), as `docnav show` and
# an answer say it
ARXIV_SOURCES = {"stamp day": "by its first version's arXiv stamp (on its first page)",
                 "stamp": "by its arXiv identifier (on its first page)",
                 "name": "by its arXiv identifier (its file's name)"}


def own_date_said(path: str, fields: dict[str, str]) -> dict[str, str | None]:
    """:func:`own_date` ("date"), where it comes from as an answer says it ("by": "by its
    arXiv identifier (its file's name)", "by its "start date" field") and the field's key
    ("field", None of an arXiv date); all None where nothing dates the document."""
    dated, source = arxiv_dated(path, fields)
    if dated:
        return {"date": dated, "by": ARXIV_SOURCES[source], "field": None}
    key = date_key(fields)  # (read as date_of reads it, so as own_date does)
    return {"date": date_of(fields), "by": f'by its "{key}" field' if key else None,
            "field": key}


def own_date(path: str, fields: dict[str, str]) -> str | None:
    """The date of the document at ``path`` with ``fields``, as every question, order and
    bound by date reads it: its arXiv date (:func:`arxiv_date`: the day a first version's
    stamp gives, else the identifier's month), else :func:`date_of` its fields. "Which paper
    is the oldest?" chose 1705.07830.pdf by its identifier, and ``--after 2018-01-01`` kept
    it by its PDF's date (2024).

    An arXiv month (``2018-09``) names no day: the paper may be of any day of it
    (:func:`date_span`). A date bound keeps it where its month overlaps what the bound allows:
    ``--after 2018-09-15`` and ``--before 2018-09-15`` both keep a September 2018 paper, read
    as of the 1st it was left out of the first. An order by date reads it as its month's
    first day, newest first or oldest first alike: one order, so that beside a report of
    2018-09-20 the September paper is the older (read as its month's last day for the newest
    and its first for the oldest, it was both the newest and the oldest of the two)."""
    return arxiv_date(path, fields) or date_of(fields)


def date_span(date: str) -> tuple[str, str]:
    """The first and the last day a document's own date (:func:`own_date`) may be: a day
    twice; of a month alone (``2018-10``), its first and last (2018-10-01, 2018-10-31)."""
    if len(date) > 7:
        return date, date
    year, month = int(date[:4]), int(date[5:7])
    return f"{date}-01", f"{date}-{calendar.monthrange(year, month)[1]:02d}"


def own_date_span(path: str, fields: dict[str, str]) -> tuple[str, str] | None:
    """The first and the last day the document at ``path`` may be of, as a date bound reads
    it: :func:`date_span` of :func:`own_date`, to the end of a range's last month where its
    date field names a range of months ("March-April 2020": 2020-03-01 to 2020-04-30), so
    that ``--after 2020-04-15`` keeps it as ``--before 2020-04-01`` does. A range whose last
    month comes before its first ("November-February 2020": which year is whose?) is read as
    its first month alone. None for a document without a date."""
    dated = own_date(path, fields)
    if not dated:
        return None
    first, last = date_span(dated)
    if arxiv_date(path, fields):  # (its month, or a day: never a range)
        return first, last
    key = date_key(fields)
    found = key and _ranged(str(fields[key]).strip())
    if found and (month := month_number(found["last"])) and month > int(first[5:7]):
        last = date_span(f"{first[:4]}-{month:02d}")[1]
    return first, last


def _ranged(value: str) -> re.Match | None:
    """The match of a date field's value naming a range of months (its ``last``); None for
    a value naming none."""
    found = next((m for m in (_WORDED[1].match(value), _MONTH_ONLY.match(value)) if m), None)
    return found if found and found["last"] else None


def unread_date(fields: dict[str, str]) -> str | None:
    """The value of the first date field of a document :func:`date_of` reads no date from;
    None where it reads one, or there is none."""
    if date_of(fields):
        return None
    return next((str(fields[k]) for k in DATE_KEYS if str(fields.get(k, "")).strip()), None)


def read_date(value: str) -> str | None:
    """``YYYY-MM-DD`` of a value starting with a date in one of :data:`DATE_FORMS` (a real
    date: not 2024-02-30), ``YYYY-MM`` of a month without its day ("March 2018", "2018-03":
    as an arXiv identifier's, :func:`date_span`); None for any other. A range of months is
    dated as its first month: "date: March-April 2018" was no date (nor "March 2018"),
    though a dated heading or a byline read it."""
    value = value.strip()
    if ISO_DATE.match(value):  # (a field's "2024-02-30" or "2018-13-45" was taken as a date)
        try:
            return datetime.date.fromisoformat(value[:10]).isoformat()
        except ValueError:
            return None
    for form in _WORDED:
        if found := form.match(value):
            month = found["month"]
            month = int(month) if month.isdigit() else month_number(month)
            try:
                return datetime.date(int(found["year"]), month, int(found["day"])).isoformat()
            except ValueError:
                return None
    if found := _MONTH_ONLY.match(value) or _ISO_MONTH.match(value):
        month = found["month"]
        month = int(month) if month.isdigit() else month_number(month)
        # (as a day's date, a month of the year 0000 or of a 13th month is none: "March 0000")
        return f"{found['year']}-{month:02d}" if int(found["year"]) and 1 <= month <= 12 else None
    return None


def document_date(metadata: str | None) -> str | None:
    """:func:`date_of` a stored metadata value."""
    return date_of(parse_fields(metadata))
