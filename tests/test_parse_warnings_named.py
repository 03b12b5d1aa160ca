"""Python warnings raised while a file is parsed name the file when shown (Pillow's
"Image size (... pixels) exceeds limit ..." about a picture of a DOCX said no file), files
parsed in two threads at once each their own, and the process's warnings hook and filters are
as they were after a parse (docnav/parse/_named_warnings.py). Real DOCX parses."""

from __future__ import annotations

import logging
import warnings
from collections import Counter

from _docx_links import WORD, Meeting, linked, pictured, put_on

from docnav.parse import parse_file, preload

BOMB = "Image size ("  # how Pillow's DecompressionBombWarning begins


def _hooks() -> tuple:
    preload("docx")  # (docling's imports add filters of their own, once)
    return warnings._showwarnmsg, warnings.showwarning, list(warnings.filters)


def _bombs(shown: list[warnings.WarningMessage]) -> list[str]:
    return [str(w.message) for w in shown if BOMB in str(w.message)]


def test_a_warning_raised_in_a_parse_names_the_file(tmp_path):
    path = pictured(linked(tmp_path / "pictured.docx", []))
    with warnings.catch_warnings(record=True) as shown:
        warnings.simplefilter("default")
        before = _hooks()
        parse_file(path)
        after = _hooks()
    assert after == before
    bombs = [w for w in shown if BOMB in str(w.message)]
    assert bombs and all(str(w.message).startswith(f"{path}: {BOMB}") for w in bombs)
    # (as Pillow raised it: its class, and where)
    from PIL.Image import DecompressionBombWarning

    assert {(w.category, type(w.message)) for w in bombs} == {(DecompressionBombWarning,) * 2}
    assert all(w.filename.replace("\\", "/").endswith("/PIL/Image.py") for w in bombs)


def test_a_program_s_filter_on_the_warning_s_words_still_silences_it(tmp_path):
    """The filters see the warning as Pillow said it, the name added as it is shown."""
    path = pictured(linked(tmp_path / "pictured.docx", []))
    with warnings.catch_warnings(record=True) as shown:
        warnings.simplefilter("always")
        warnings.filterwarnings("ignore", message=BOMB.replace("(", r"\("))
        parse_file(path)
    assert not _bombs(shown)


def test_files_parsed_in_two_threads_at_once_each_name_their_own(tmp_path):
    """Each parse waits at docling's first line for the other's, so both are under way at
    once when Pillow warns of each one's picture."""
    paths = {name: pictured(linked(tmp_path / f"{name}.docx", [f"http://{name} x:1/"]))
             for name in "ab"}
    first_waits = Meeting()
    with warnings.catch_warnings(record=True) as shown, put_on(WORD, first_waits):
        warnings.simplefilter("default")
        before = _hooks()
        first_waits.parse(paths)
        after = _hooks()
    assert first_waits.held("a", "b")  # the two parses were under way at once
    assert after == before
    named = Counter(bomb.partition(f": {BOMB}")[0] for bomb in _bombs(shown))
    assert set(named) == {str(paths["a"]), str(paths["b"])}
    assert named[str(paths["a"])] == named[str(paths["b"])]  # (each its picture's, all)


def test_a_hook_a_program_puts_in_during_a_parse_stays_and_is_called(tmp_path):
    """A program putting its own hook in front of the warnings module's (here from a filter on
    docling's first line of a parse): it is the active one after, and the next parse shows the
    warnings through it, named once (it recursed: our hook called the program's, which called
    ours)."""
    path = pictured(linked(tmp_path / "pictured.docx", ["http://exa mple.com:99999/"]))
    programs: list = []
    said: list[str] = []

    def puts_in_a_hook(record: logging.LogRecord) -> bool:
        if not programs:
            inner = warnings._showwarnmsg

            def program(shown: warnings.WarningMessage) -> None:
                said.append(str(shown.message))
                inner(shown)

            programs.append(program)
            warnings._showwarnmsg = program
        return True

    with warnings.catch_warnings(record=True) as shown:
        warnings.simplefilter("default")
        original = _hooks()[0]
        try:
            with put_on(WORD, puts_in_a_hook):
                parse_file(path)
            said.clear()
            parse_file(path)
            assert warnings._showwarnmsg is programs[0]
        finally:
            warnings._showwarnmsg = original
    assert said and all(line.startswith(f"{path}: {BOMB}") for line in said)
    assert len(_bombs(shown)) == 2 * len(said)  # (each parse's)
    assert all(line.startswith(f"{path}: {BOMB}") for line in _bombs(shown))


def test_a_once_filter_shows_a_file_s_warning_once_per_parse(tmp_path):
    """Under ``once`` each parse shows its picture's warning once, as a catch_warnings around
    the conversion did: a, a, b, three lines (each reissue reset the registry of warnings once
    shown: six)."""
    a = pictured(linked(tmp_path / "a.docx", []))
    b = pictured(linked(tmp_path / "b.docx", []))
    with warnings.catch_warnings(record=True) as shown:
        warnings.simplefilter("once")
        for path in (a, a, b):
            parse_file(path)
    assert [bomb.partition(f": {BOMB}")[0] for bomb in _bombs(shown)] == [str(a)] * 2 + [str(b)]


def test_a_file_s_warnings_alike_from_two_places_are_shown_once_under_once():
    """A file's warnings are issued again in one block: ``once`` keys on the words and class
    alone, so the same words said from two places are shown once, as Python says."""
    from docnav.parse._named_warnings import caught, reissue

    with warnings.catch_warnings(record=True) as shown:
        warnings.simplefilter("once")
        with caught() as got:
            for line in (1, 2):
                warnings.warn_explicit(f"{BOMB}1 pixels)", RuntimeWarning, "pil.py", line)
        reissue(got, "/d/a.docx")
    assert len(got) == 2 and _bombs(shown) == [f"/d/a.docx: {BOMB}1 pixels)"]


def test_a_warning_said_twice_alike_in_one_parse_is_shown_once(tmp_path):
    """docling opens a DOCX's picture twice, Pillow warning of it each time, alike (class,
    words and place): shown once, even under ``always`` (it was shown twice)."""
    path = pictured(linked(tmp_path / "pictured.docx", []))
    with warnings.catch_warnings(record=True) as shown:
        warnings.simplefilter("always")
        parse_file(path)
    bombs = _bombs(shown)
    assert len(bombs) == 1 and bombs[0].startswith(f"{path}: {BOMB}")


def test_without_the_warnings_internals_a_parse_shows_its_warning_as_before(
        tmp_path, monkeypatch, capsys):
    """Where this Python's warnings module lacks the internals the hook is set with (here
    ``_showwarnmsg`` taken away; 3.14 reorganised the module), a parse works and its warning
    is shown, unnamed, as before the hook (every parse raised AttributeError)."""
    path = pictured(linked(tmp_path / "pictured.docx", []))
    preload("docx")  # (docling's imports add filters of their own, once)
    with warnings.catch_warnings():
        warnings.simplefilter("default")
        before = list(warnings.filters)
        monkeypatch.delattr(warnings, "_showwarnmsg")
        parsed = parse_file(path)
        after = list(warnings.filters)
    assert [b.text for b in parsed.blocks] == ["See"] and after == before
    assert f"DecompressionBombWarning: {BOMB}" in capsys.readouterr().err
