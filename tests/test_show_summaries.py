"""`docnav show DOC` on summaries whose last build failed (a chat endpoint cut off or down):
the previous summary the store keeps, and that its rebuild failed; or that none was ever
made. Before, both read "summary: none (it holds no statement)", as a section of field lines
does, while the store held the previous text."""

from __future__ import annotations

import json

import pytest
from _cli import run
from _endpoint import ChatEndpoint

KEPT = "The budget funds three new schools."
CUT_OFF = {"message": {"role": "assistant", "content": "The bud"}, "finish_reason": "length"}


@pytest.fixture
def endpoint(monkeypatch):
    server = ChatEndpoint(KEPT)
    monkeypatch.setenv("DOCNAV_LLM_BASE_URL", server.url)
    monkeypatch.setenv("DOCNAV_LLM_MODEL", "m")
    yield server
    server.close()


def _index(db, docs):
    return run(db, "index", str(docs), "--embed-model", "hashing", "--summarizer", "chat",
               "--no-verify", "--no-progress")


def _section(tree: dict) -> dict:
    return tree["children"][0]


def test_a_failed_rebuild_shows_the_kept_summary_and_why_it_failed(tmp_path, endpoint):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "b.md").write_text(f"# Budget\n\n{KEPT}\n")
    db = tmp_path / "g.duckdb"
    assert _index(db, docs)[0] == 0
    (docs / "b.md").write_text(f"# Budget\n\n{KEPT} They open in 2026.\n")
    endpoint.choice = CUT_OFF
    code, _, err = _index(db, docs)
    assert code == 0 and "failed, previous kept" in err
    code, out, err = run(db, "show", "b.md")
    assert code == 0, err
    assert "summary: none" not in out
    lines = out.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("  Budget  ["))
    assert lines[at + 1].startswith(
        "    summary (the previous one, kept: rebuilding it failed, the next `docnav index` "
        "tries again: chat summariser: "), lines
    assert "finish_reason 'length'" in lines[at + 1]
    assert lines[at + 2] == f"      · {KEPT}"
    code, out, _ = run(db, "show", "b.md", "--json")
    summary = _section(json.loads(out)["tree"])["summary"]
    assert summary["status"] == "failed" and summary["text"] == KEPT
    assert "finish_reason 'length'" in summary["error"]


def test_a_summary_never_built_says_it_failed_not_none(tmp_path, endpoint):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "b.md").write_text(f"# Budget\n\n{KEPT}\n")
    db = tmp_path / "g.duckdb"
    endpoint.mode = "401"  # refused at once: no retries
    assert _index(db, docs)[0] == 0
    code, out, err = run(db, "show", "b.md")
    assert code == 0, err
    assert "summary: none" not in out
    section = out[out.index("  Budget  ["):].splitlines()
    assert section[1].startswith("    summary: failed, none made yet (the next `docnav index` "
                                 "tries again): chat summariser"), section
    assert "Incorrect API key provided" in section[1]
    code, out, _ = run(db, "show", "b.md", "--json")
    summary = _section(json.loads(out)["tree"])["summary"]
    assert summary["status"] == "failed" and summary["text"] == "" and summary["claims"] == []
    assert "Incorrect API key provided" in summary["error"]


def test_the_legend_says_what_an_unchecked_claims_mark_means(tmp_path):
    """A claim not checked (``--no-verify``) is marked "·", which the legend did not name."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "b.md").write_text(f"# Budget\n\n{KEPT}\n")
    db = tmp_path / "g.duckdb"
    assert run(db, "index", str(docs), "--embed-model", "hashing", "--no-verify",
               "--no-progress")[0] == 0
    code, out, err = run(db, "show", "b.md")
    assert code == 0, err
    assert f"      · {KEPT}" in out.splitlines()
    assert "· not checked" in out.splitlines()[-1]
