"""HTML saved in UTF-16 or UTF-32 (a byte-order mark, then NUL bytes between the letters) is
named as such, with what to do: it was "binary data, not HTML text: NUL byte at byte offset 3",
which says nothing of the cause. Other HTML decodes as before."""

from __future__ import annotations

import pytest

from docnav.errors import DocumentError
from docnav.parse import parse_file

PAGE = '<html><head><meta charset="{}"></head><body><h1>Pumps</h1><p>Seals wear.</p></body></html>'


@pytest.mark.parametrize("codec, said", [("utf-16", "UTF-16 (its byte-order mark ff fe)"),
                                         ("utf-16-be", "UTF-16 (its byte-order mark fe ff)"),
                                         ("utf-32", "UTF-32 (its byte-order mark ff fe 00 00)")])
def test_html_in_a_wide_encoding_is_named(tmp_path, codec, said):
    path = tmp_path / "page.html"
    text = PAGE.format(codec)
    path.write_bytes(("\ufeff" + text).encode(codec) if codec == "utf-16-be"
                     else text.encode(codec))
    with pytest.raises(DocumentError) as err:
        parse_file(path)
    assert str(err.value) == (f"{path}: HTML in {said}, which DocNav does not read: save it as "
                              "UTF-8")


def test_html_in_utf8_and_latin1_reads(tmp_path):
    for codec in ("utf-8", "iso-8859-1"):
        path = tmp_path / f"{codec}.html"
        path.write_bytes(PAGE.format(codec).encode(codec))
        assert [b.text for b in parse_file(path).blocks] == ["Pumps", "Seals wear."]
