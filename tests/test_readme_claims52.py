"""README's command list: `docnav nav docs/guide.md --dir children` and `docnav fetch` take a
document's path as `docnav show` takes it. A path that names no indexed document (a typo) was
refused as an "unknown node id" with a pointer to `docnav locate`, as if no path were taken:
the message now says that it is no indexed document's path either, and where they are listed.
Real store, real commands."""

from __future__ import annotations

from _cli import indexed_files, run


def test_a_path_naming_no_document_is_refused_as_a_path_too(tmp_path):
    db = indexed_files(tmp_path, {"guide.md": "# Guide\n\n## Seals\n\nThe seal is replaced.\n"})
    assert run(db, "nav", "docs/guide.md", "--dir", "children")[0] == 0
    for args in (["nav", "docs/gudie.md", "--dir", "children"], ["fetch", "docs/gudie.md"]):
        code, out, err = run(db, *args)
        assert code == 2 and out == ""
        assert err.startswith("docnav: error: unknown node id 'docs/gudie.md', nor a document's "
                              "path"), err
        assert "`docnav show` lists the documents" in err
