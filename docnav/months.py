"""Month names and their numbers, in English, German, French and Spanish: one list for a dated
heading and a byline's date (:mod:`docnav.parse`) and a metadata field's date
(:mod:`docnav.query.fields`), which had each their own and read different months."""

from __future__ import annotations

import re

# the names in each language, January to December; then their abbreviations, each with its
# month's number
_ENGLISH = "january february march april may june july august september october november december"
_OTHER = (
    "januar februar märz april mai juni juli august september oktober november dezember",
    "janvier février mars avril mai juin juillet août septembre octobre novembre décembre",
    "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre")
# other spellings: Austrian, without accents or umlauts
_OTHER_SPELLINGS = {"jänner": 1, "marz": 3, "maerz": 3, "fevrier": 2, "aout": 8, "decembre": 12,
                    "setiembre": 9}
_ENGLISH_ABBREVIATIONS = {**{m[:3]: i for i, m in enumerate(_ENGLISH.split(), start=1)},
                          "sept": 9}
_OTHER_ABBREVIATIONS = {
    "jän": 1, "febr": 2, "mär": 3, "mrz": 3, "okt": 10, "dez": 12,  # German
    "janv": 1, "févr": 2, "fevr": 2, "avr": 4, "juil": 7, "juill": 7, "déc": 12,  # French
    "ene": 1, "abr": 4, "ago": 8, "dic": 12}  # Spanish

ENGLISH_MONTHS: dict[str, int] = {
    **{m: i for i, m in enumerate(_ENGLISH.split(), start=1)}, **_ENGLISH_ABBREVIATIONS}
# the German, French and Spanish names that are not English ones ("april", "august" are)
OTHER_MONTHS: dict[str, int] = {
    **{m: i for names in _OTHER for i, m in enumerate(names.split(), start=1)
       if m not in ENGLISH_MONTHS}, **_OTHER_SPELLINGS}
OTHER_ABBREVIATIONS: dict[str, int] = _OTHER_ABBREVIATIONS
MONTHS: dict[str, int] = {**ENGLISH_MONTHS, **OTHER_MONTHS, **OTHER_ABBREVIATIONS}

# the days of the week a date may begin with ("Fri, 05 Jan 2024", "lundi 7 décembre 2026",
# "Mo, 7. Dezember 2026"), by name and abbreviation, English, German, French and Spanish
WEEKDAYS: frozenset[str] = frozenset("""monday tuesday wednesday thursday friday saturday sunday
mon tue tues wed thu thur thurs fri sat sun
montag dienstag mittwoch donnerstag freitag samstag sonnabend sonntag mo di mi do fr sa so
lundi mardi mercredi jeudi vendredi samedi dimanche lun mar mer jeu ven sam dim
lunes martes miércoles miercoles jueves viernes sábado sabado domingo mié mie jue vie sáb sab
dom""".split())


# what joins a range's two months, before its last: "Mai-Juni", "March–April" (an en dash),
# "März bis April", "mars à avril", "marzo a abril"; a range of months is dated as its first
# month is, wherever a date is read (a dated heading, a byline, a metadata field)
RANGE_TO = r"(?:\s*[-–]\s*|\s+(?:bis|à|a)\s+)"


def alternatives(names, ranged=None) -> str:
    """A regular expression's group of ``names`` as whole words, the longest first, none the
    first part of a compound word: "2 Mai-Treffen" and "2 May-Meeting" are no dates; one
    before a hyphen and another of them, or of ``ranged`` where given, is a range, "3
    May-June 2024" a date (with ``ranged`` all months, "3 Juli-August 2024" too: "August" is
    an English name, not one of the other languages' own)."""
    group, then = (_group(names), _group(names if ranged is None else ranged))
    return rf"{group}\b(?!-(?!{then}\b)[^\W\d_])"


def _group(names) -> str:
    return "(?:" + "|".join(sorted(map(re.escape, names), key=len, reverse=True)) + ")"


def month_number(name: str) -> int | None:
    """The number of the month ``name`` names ("März", "Sept.", "dic"); None for no month."""
    return MONTHS.get(name.lower().rstrip("."))


__all__ = ["ENGLISH_MONTHS", "MONTHS", "OTHER_ABBREVIATIONS", "OTHER_MONTHS", "RANGE_TO",
           "WEEKDAYS", "alternatives", "month_number"]
