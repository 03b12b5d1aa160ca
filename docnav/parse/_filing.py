"""An SEC filing's cover page: who files, which form, for which period.

The largest text of a 10-K's cover is "UNITED STATES SECURITIES AND EXCHANGE COMMISSION", which
names no document; the registrant is the line printed over "(Exact name of registrant as
specified in its charter)". Read from the cover's lines in reading order, whatever the format
(a PDF's first page, the first blocks of an HTML or DOCX filing).
"""

from __future__ import annotations

import re

from docnav.parse._letters import mostly_letters

_REGISTRANT = re.compile(r"\(?\s*exact name of registrant", re.I)
_FORM = re.compile(r"form\s+(\d{1,2}-[a-z]{1,2}|[a-z]-\d{1,2}|\d{1,2}-[a-z]\d?)", re.I)
_PERIOD = re.compile(r"for the ((?:fiscal )?(?:year|quarter|quarterly period)) ended\s+"
                     r"([a-z]+\s+\d{1,2},\s*\d{4})", re.I)


def filing_cover(lines: list[str]) -> dict[str, str]:
    """The cover's fields: ``registrant``, ``form`` ("10-K"), ``period`` ("fiscal year") and
    ``period_ended`` ("January 28, 2023"), those found; empty when the lines hold no
    registrant's name."""
    at = next((i for i, t in enumerate(lines) if _REGISTRANT.match(t.strip())), None)
    names = [t.strip() for t in lines[:at] if t.strip() and mostly_letters(t)] if at else []
    if not names:
        return {}
    out = {"registrant": names[-1]}
    form = next((m for t in lines[:at] if (m := _FORM.fullmatch(t.strip()))), None)
    if form:
        out["form"] = form.group(1).upper()
    period = next((m for t in lines[:at] if (m := _PERIOD.search(t))), None)
    if period:
        out["period"] = period.group(1).lower()
        out["period_ended"] = " ".join(period.group(2).split())
    return out


def filing_title(filing: dict[str, str]) -> str | None:
    """"BEST BUY CO., INC. Form 10-K, fiscal year ended January 28, 2023" from the cover's
    fields."""
    if not filing:
        return None
    title = filing["registrant"]
    if "form" in filing:
        title += f" Form {filing['form']}"
    if "period_ended" in filing:
        title += f", {filing['period']} ended {filing['period_ended']}"
    return title

