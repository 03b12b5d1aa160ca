"""Month names (docnav/months.py), one list for a dated heading, a byline's date and a metadata
field's date: German, French and Spanish names read alike in each."""

from __future__ import annotations

import pytest

from docnav.query.fields import read_date

FOREIGN = {"de.md": "7. Dezember 2026", "fr.md": "7 décembre 2026",
           "es.md": "7 de diciembre de 2026", "abbr.md": "7. Dez. 2026",
           "plain.md": "7 decembre 2026", "en.md": "7 December 2026"}


@pytest.mark.parametrize("value, expected", [
    ("7. Dezember 2026", "2026-12-07"), ("5. März 2024", "2024-03-05"),
    ("3 Febr. 2026", "2026-02-03"), ("1er mars 2026", "2026-03-01"),
    ("7 de diciembre de 2026", "2026-12-07"), ("14 août 2025", "2025-08-14"),
    ("2 Mai 2024", "2024-05-02"), ("5 January 2024", "2024-01-05"),
    ("Sept. 5, 2024", "2024-09-05"),
    ("31. Februar 2024", None), ("5 Marching 2024", None)])
def test_a_field_s_date_reads_the_month_names_a_heading_s_date_reads(value, expected):
    """A metadata field's date read English month names only ("7. Dezember 2026" was no
    date), while a dated heading and a byline read German, French and Spanish ones too."""
    assert read_date(value) == expected


def test_a_front_matter_date_with_a_german_french_or_spanish_month_dates_the_document(
        tmp_path):
    from _stores import indexed_graph

    from docnav.query.fields import date_of

    graph = indexed_graph(tmp_path, {
        name: f"---\ndate: {date}\n---\n\n# {name}\n\nPump sales rose.\n"
        for name, date in FOREIGN.items()}, search_vectors=False)
    read = {p.rsplit("/", 1)[-1]: date_of(graph.fields(p)) for p in graph.document_paths()}
    assert read == {name: "2026-12-07" for name in FOREIGN}


@pytest.mark.parametrize("heading", ["2 May-Meeting", "2 Mai-Treffen", "2 March-Madness"])
def test_a_month_s_name_inside_a_compound_word_is_no_date(tmp_path, heading):
    """"2 May-Meeting" was read as a date (a month's name and then the end of a word), so
    "Pump guide" over "1 Install" and it was no heading over numbered parts; "2 Mai-Treffen"
    was read a section's number already (a German month needs a year after it)."""
    from docnav.parse import parse_file

    path = tmp_path / "pump.md"
    path.write_text(f"# Pump guide\n\n# 1 Install\n\nUnpack it.\n\n# {heading}\n\nMeet.\n",
                    encoding="utf-8")
    assert parse_file(path).title == "Pump guide"
    assert read_date(f"{heading} 2024") is None


@pytest.mark.parametrize("value, expected", [
    ("lundi 7 décembre 2026", "2026-12-07"), ("Mo, 7. Dezember 2026", "2026-12-07"),
    ("Montag, 7. Dezember 2026", "2026-12-07"), ("sáb. 12 dic 2026", "2026-12-12"),
    ("miércoles, 9 de diciembre de 2026", "2026-12-09"),
    ("Fri, 05 Jan 2024 10:00:00 +0000", "2024-01-05"), ("Mar 5, 2024", "2024-03-05"),
    ("Tuesday, January 5, 2024", "2024-01-05"), ("Mondays 5 Jan 2024", None)])
def test_a_date_after_a_german_french_or_spanish_weekday_is_read(value, expected):
    """Only English weekdays were skipped before a date: "lundi 7 décembre 2026" and "Mo, 7.
    Dezember 2026" were no dates."""
    assert read_date(value) == expected


@pytest.mark.parametrize("heading", ["3 May-June 2024", "3 Mar-Apr 2024", "12 Oct-Nov"])
def test_a_range_of_months_is_a_date_not_a_section_s_number(tmp_path, heading):
    """Since "2 May-Meeting" is no date (a month's name before a hyphen and a word), "3
    May-June 2024" was none either: a heading numbered as a section, so "Pump guide" was the
    title over "1 Install" and it; a month before a hyphen and another month is a range, a
    date, as "2 May 2024" is."""
    from docnav.parse import parse_file

    for text in (heading, "2 May 2024"):
        path = tmp_path / "pump.md"
        path.write_text(f"# Pump guide\n\n# 1 Install\n\nUnpack it.\n\n# {text}\n\nMeet.\n",
                        encoding="utf-8")
        assert parse_file(path).title != "Pump guide", text


RANGES = {"en.md": "3 May-June 2024", "de.md": "3 Mai-Juni 2024", "fr.md": "3 mai-juin 2024",
          "es.md": "3 de mayo-junio de 2024", "de-august.md": "3. Juli-August 2024"}


def test_a_german_french_or_spanish_range_of_months_is_a_date_as_the_english_one(tmp_path):
    """"3 May-June 2024" was a date and "3 Mai-Juni 2024", "3 mai-juin 2024", "3 de
    mayo-junio de 2024" were none (a German, French or Spanish month needs a year right after
    it), so those headings were sections' numbers: `docnav show` titled each of those files
    "Pump guide", the heading over "1 Install" and them, where the English one was untitled
    (a dated heading is no numbered part); "Juli-August" was none either ("August" is an
    English name, no German one of its own)."""
    from _cli import indexed_files, run

    from docnav.parse import parse_file

    db = indexed_files(tmp_path, {
        name: f"# Pump guide\n\n# 1 Install\n\nUnpack it.\n\n# {heading}\n\nMeet.\n"
        for name, heading in RANGES.items()})
    code, out, _ = run(db, "show")
    assert code == 0
    listed = [line for line in out.splitlines() if ".md" in line]
    assert len(listed) == len(RANGES) and not any("Pump guide" in line for line in listed), out
    for heading in ("2 Mai-Treffen 2024", "1 Mai Tai", "3 Mai-Juniper 2024"):  # still none
        path = tmp_path / "pump.md"
        path.write_text(f"# Pump guide\n\n# 1 Install\n\nUnpack it.\n\n# {heading}\n\nMeet.\n",
                        encoding="utf-8")
        assert parse_file(path).title == "Pump guide", heading


@pytest.mark.parametrize("heading", ["3 Mai–Juni 2024", "3 mai–juin 2024",
                                     "3 Mai bis Juni 2024", "3 mai à juin 2024",
                                     "3 de mayo a junio de 2024"])
def test_a_range_of_months_with_an_en_dash_or_a_word_is_a_date(tmp_path, heading):
    """"3 May–June 2024" (an en dash) was a date and "3 Mai–Juni 2024", "3 mai–juin 2024"
    were none, nor "3 Mai bis Juni 2024", "3 mai à juin 2024", "3 de mayo a junio de 2024":
    headings numbered as sections, so "Pump guide" titled the file."""
    from docnav.parse import parse_file

    path = tmp_path / "pump.md"
    path.write_text(f"# Pump guide\n\n# 1 Install\n\nUnpack it.\n\n# {heading}\n\nMeet.\n",
                    encoding="utf-8")
    assert parse_file(path).title != "Pump guide", heading
    for other in ("3 Mai–Juniper 2024", "2 Mai–Treffen 2024", "3 Mai bis Treffen 2024",
                  "3 mai à Paris 2024"):  # still none
        path.write_text(f"# Pump guide\n\n# 1 Install\n\nUnpack it.\n\n# {other}\n\nMeet.\n",
                        encoding="utf-8")
        assert parse_file(path).title == "Pump guide", other


MONTH_RANGES = ["March-April 2018", "March–April 2018", "März bis April 2018",
                "mars à avril 2018", "marzo-abril 2018", "de marzo a abril de 2018"]


@pytest.mark.parametrize("value, expected", [
    *((value, "2018-03") for value in MONTH_RANGES), ("März 2018", "2018-03"),
    ("5 mars à avril 2018", "2018-03-05"), ("3 May–June 2024", "2024-05-03"),
    ("March-Madness 2018", None), ("mars à Paris 2018", None)])
def test_a_field_s_range_of_months_is_dated_as_its_first_month(value, expected):
    """A dated heading read a range of months as its first month ("3 Mai bis Juni 2024"), a
    metadata field read none, nor a month without its day ("March 2018"): no date."""
    assert read_date(value) == expected


def test_a_front_matter_range_of_months_dates_the_document_by_its_first_month(tmp_path):
    """"date: March-April 2018" left the document undated: --after and --before left it out
    and said its date field held no date. Its first month dates it, as an arXiv identifier's
    month does: kept by a bound inside that month."""
    from _stores import indexed_graph

    from docnav.query.fields import date_of

    files = {f"note{i}.md": f"---\ndate: {value}\n---\n\n# Note {i}\n\nPump sales rose.\n"
             for i, value in enumerate(MONTH_RANGES)}
    graph = indexed_graph(tmp_path, files, search_vectors=False)
    assert {date_of(graph.fields(p)) for p in graph.document_paths()} == {"2018-03"}
    roots = graph.document_roots(None)
    assert len(graph.filter(roots, dated_after="2018-03-15")) == len(files)
    assert graph.filter(roots, dated_before="2018-02-28") == []


@pytest.mark.parametrize("byline", ["Jana Schmidt, März bis April 2018",
                                    "Marie Curie, mars à avril 2018",
                                    "Ana García, marzo-abril 2018",
                                    "Jane Doe, March–April 2018",
                                    "Ana López, de marzo a abril de 2018"])
def test_a_byline_s_range_of_months_is_its_date(tmp_path, byline):
    """"Jana Schmidt, März bis April 2018" was no byline (its "März bis" no name), so the
    page's one ``<h2>`` under it did not name the page: its file did, "pump-notes"."""
    from docnav.parse import parse_file

    path = tmp_path / "pump-notes.html"
    path.write_text(f"<html><body><p>{byline}</p><h2>Installing the pump</h2>"
                    "<p>Unpack it.</p><h3>Running it</h3><p>Start it.</p></body></html>",
                    encoding="utf-8")
    assert parse_file(path).title == "Installing the pump"


@pytest.mark.parametrize("value, expected", [
    ("March 0000", None), ("0000-03", None), ("2018-03", "2018-03"), ("2018-13", None),
    ("2018-03T10", None), ("2018-2019", None), ("2018-03-05", "2018-03-05")])
def test_a_field_s_month_is_of_a_real_year_and_iso_as_show_gives_it(value, expected):
    """"date: March 0000" was read as 0000-03 (an ISO day of the year 0 is no date), and a
    field "2018-03", the form `show --json` gives a month ("dated"), was no date."""
    assert read_date(value) == expected


def test_the_date_forms_an_error_lists_say_what_each_is_read_as():
    """DATE_FORMS listed "5 mars à avril 2018" under "as its first month", but it is read as
    that day of its first month; it did not name the English "March to April 2018" read since
    a58b6c7, nor that a date bound holds a range as far as its last month."""
    from docnav.query.fields import DATE_FORMS, own_date_span

    assert read_date("5 mars à avril 2018") == "2018-03-05"
    assert read_date("March to April 2018") == "2018-03"
    assert own_date_span("a.md", {"date": "March to April 2018"}) == ("2018-03-01", "2018-04-30")
    assert own_date_span("a.md", {"date": "5 mars à avril 2018"}) == ("2018-03-05", "2018-04-30")
    assert DATE_FORMS.endswith('"March-April 2018", "March to April 2018", "März bis April '
                               '2018": as its first month, a date bound holding it to the end '
                               'of its last; a range with a day, "5 mars à avril 2018": as that '
                               'day of its first month, held so too'), DATE_FORMS


@pytest.mark.parametrize("value", ["March-April 2020", "March to April 2020",
                                   "März bis April 2020", "de marzo a abril de 2020"])
def test_a_date_bound_holds_a_range_of_months_where_the_range_overlaps_it(tmp_path, value):
    """A range of months was bounded as its first month alone: --after 2020-04-15 left out a
    note of March-April 2020 (read as 2020-03), though its April is after the bound; "March
    to April 2020" was no date at all. A bound keeps it where the range overlaps what the bound
    allows; a note of March 2020 alone is still left out."""
    from _stores import indexed_graph

    files = {"range.md": f"---\ndate: {value}\n---\n\n# Spring\n\nPump sales rose.\n",
             "march.md": "---\ndate: March 2020\n---\n\n# March\n\nPump sales fell.\n"}
    graph = indexed_graph(tmp_path, files, search_vectors=False)

    def kept(**bounds):
        return {p.rsplit("/", 1)[-1] for p in (graph.node(n).path for n in graph.filter(
            graph.document_roots(None), **bounds))}

    assert kept(dated_after="2020-04-15") == {"range.md"}
    assert kept(dated_after="2020-04-30", dated_before="2020-05-31") == {"range.md"}
    assert kept(dated_before="2020-04-01") == {"range.md", "march.md"}
    assert kept(dated_after="2020-05-01") == set()
    assert kept(dated_before="2020-02-29") == set()
