"""A file over a size limit is refused with the way to raise the limit: a CLI user, who never
sees ParseOptions, was told "raise ParseOptions.max_text_bytes to parse it"."""

from __future__ import annotations

import pytest

from docnav.cli import main
from docnav.errors import DocumentError
from docnav.parse import ParseOptions, parse_file


def _index(db, docs, *extra: str) -> int:
    return main(["--db", str(db), "index", str(docs), "--embed-model", "hashing",
                 "--no-summaries", "--no-progress", "-v", *extra])


def test_the_cli_raises_the_size_limits_the_refusal_names(tmp_path, capsys):
    docs, db = tmp_path / "docs", tmp_path / "store.duckdb"
    docs.mkdir()
    big = docs / "big.md"
    big.write_text("# Big\n\n" + "A word of the big file. " * 100)  # 2.4 kB
    assert _index(db, docs, "--max-text-mb", "0.001") == 1
    assert (f"error: {big}: file too big: 2,407 bytes is over the Markdown/HTML limit of 1,048 "
            "bytes (to parse it, raise the limit: `docnav index --max-text-mb 1`, or "
            "ParseOptions.max_text_bytes)") in capsys.readouterr().err
    assert _index(db, docs, "--max-text-mb", "1", "--max-file-mb", "0.002") == 1
    assert "over the limit of 2,097 bytes (to parse it, raise the limit: `docnav index " \
           "--max-file-mb 1`" in capsys.readouterr().err
    assert _index(db, docs, "--max-text-mb", "1") == 0  # as the refusal said
    assert f"added: {big}" in capsys.readouterr().out


def test_a_size_limit_that_is_no_size_is_refused(tmp_path, capsys):
    for wrong, said in (("0", "'0': give a size in MB over 0"),
                        ("many", "'many' is not a number of MB"),
                        ("1e-9", "argument --max-text-mb: '1e-9' MB is under 1 byte: give "
                         "0.000001 (1 byte) or more")):
        try:
            _index(tmp_path / "s.duckdb", tmp_path, "--max-text-mb", wrong)
        except SystemExit as exc:
            assert exc.code == 2
        assert said in capsys.readouterr().err


def test_a_file_over_a_size_limit_names_the_limit_and_the_option(tmp_path):
    # moved from test_parse_formats.py (at 600 lines), its assertions whole
    path = tmp_path / "big.md"
    path.write_text("# Big\n\n" + "word " * 400)
    with pytest.raises(DocumentError) as info:
        parse_file(path, ParseOptions(max_file_bytes=1000))
    assert info.value.path == str(path)
    assert str(info.value) == (f"{path}: file too big: 2,007 bytes is over the limit of 1,000 "
                               "bytes (to parse it, raise the limit: `docnav index "
                               "--max-file-mb 1`, or ParseOptions.max_file_bytes)")
    with pytest.raises(DocumentError) as info:
        parse_file(path, ParseOptions(max_text_bytes=1000))
    assert str(info.value).startswith(f"{path}: file too big: ")
    assert "over the Markdown/HTML limit" in str(info.value)
    assert str(info.value).endswith("ParseOptions.max_text_bytes)")


def test_the_refusal_says_the_file_and_the_limit_in_one_unit(tmp_path):
    """A file of 1.4 MB over a limit of half a MB read "1.4 MB is over the Markdown/HTML limit
    of 524,288 bytes": both are in bytes under a limit of 1 MB, in MB from 1 MB on (in bytes
    where MB to one decimal could not tell them apart)."""
    path = tmp_path / "big.md"
    path.write_text("# Big\n\n" + "x" * (1_400_000 - 7))
    for limit, said in ((2**19, "1,400,000 bytes is over the Markdown/HTML limit of 524,288 "
                                "bytes"),
                        (2**20, "1.3 MB is over the Markdown/HTML limit of 1.0 MB"),
                        (1_399_999, "1,400,000 bytes is over the Markdown/HTML limit of "
                                    "1,399,999 bytes")):
        with pytest.raises(DocumentError) as info:
            parse_file(path, ParseOptions(max_text_bytes=limit))
        assert f"file too big: {said} (to parse it" in str(info.value)
