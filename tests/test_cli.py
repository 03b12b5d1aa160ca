"""The ``docnav`` command line: help with examples, exit codes, and what it prints.

Runs ``docnav.cli.main`` in-process on a copy of the bundled sample (tests/_cli.py);
``docnav ask`` is tests/test_cli_ask.py.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import shutil
from pathlib import Path

import pytest
from _cli import (SAMPLE_DOCS, SAMPLES, SEND, Indexed, docnav, index, index_sample, run,
                  summary_counts)

from docnav.cli import main


@pytest.fixture(scope="module")
def indexed(tmp_path_factory) -> Indexed:
    """A copy of the sample indexed once by the CLI, with what that first run printed."""
    return index_sample(tmp_path_factory.mktemp("cli"))


def test_prune_deletes_the_old_models_vectors_once_no_document_uses_them(tmp_path, capsys):
    from docnav.embed import EmbeddingOptions, HashingEmbedder
    from docnav.index import IndexOptions, Indexer
    from docnav.store import Store

    docs = tmp_path / "rfcs"
    shutil.copytree(SAMPLES, docs)
    db = tmp_path / "store" / "docnav.duckdb"
    assert index(db, docs) == 0  # hashing-v1-256
    first = docs / SAMPLE_DOCS[0]
    options = IndexOptions(embedding=EmbeddingOptions(model="hashing"), summaries=None)
    Indexer(Store(db), options, HashingEmbedder(dim=64)).index([docs], paths=[first])
    capsys.readouterr()

    assert docnav(db, "prune") == 0  # both models in use: nothing deleted, and why
    out, err = capsys.readouterr()
    assert out.startswith("nothing to prune: every stored model is in use (hashing-v1-256, "
                          "hashing-v1-64)")
    assert f"hashing-v1-64 by 1 ({first})" in err and "hashing-v1-256 by 3 (" in err

    Indexer(Store(db), options, HashingEmbedder(dim=64)).index([docs])  # the rest
    capsys.readouterr()
    assert docnav(db, "show") == 0
    shown = capsys.readouterr().out.strip().splitlines()[-2]
    n = int(re.search(r"; ([\d,]+) vectors of hashing-v1-256 no document uses", shown)
            .group(1).replace(",", ""))
    assert shown.startswith("embedded with hashing-v1-64 (4 documents); ")
    assert shown.endswith(" (`docnav prune` deletes them)")
    assert docnav(db, "prune", "--dry-run") == 0
    planned = capsys.readouterr().out
    assert planned.strip() == (f"would delete {n:,} text vectors ({n:,} of hashing-v1-256); "
                               "would keep hashing-v1-64")
    assert docnav(db, "prune", "--dry-run", "--json") == 0
    assert json.loads(capsys.readouterr().out) == {
        "dry_run": True, "kept": {"hashing-v1-64": sorted(str(docs / d) for d in SAMPLE_DOCS)},
        "pruned": {"hashing-v1-256": n}, "vectors_pruned": n, "exported": 0}
    assert docnav(db, "prune") == 0
    assert capsys.readouterr().out.strip() == (
        f"deleted {n:,} text vectors ({n:,} of hashing-v1-256); kept hashing-v1-64; "
        "4 documents re-exported")
    size = db.stat().st_size
    assert docnav(db, "compact", "--json") == 0
    compacted = json.loads(capsys.readouterr().out)
    assert compacted["path"] == str(db) and compacted["bytes_before"] == size
    assert compacted["bytes_after"] == db.stat().st_size < size and compacted["seconds"] > 0
    assert docnav(db, "show") == 0
    assert capsys.readouterr().out.strip().splitlines()[-2] == (
        "embedded with hashing-v1-64 (4 documents)")
    assert docnav(db, "locate", "negative impls", "--k", "1") == 0  # still searchable
    assert capsys.readouterr().out.strip()


def test_prune_refuses_a_missing_locked_or_older_store(tmp_path, capsys):
    from _harness import held

    assert docnav(tmp_path / "none.duckdb", "prune") == 2
    assert "none.duckdb: no store here, nothing to prune" in capsys.readouterr().err
    db = tmp_path / "s.duckdb"
    assert index(db, SAMPLES / SAMPLE_DOCS[0]) == 0
    capsys.readouterr()
    with held(db, "w", 60) as writer:  # the write lock, as a running `docnav index` holds it
        assert docnav(db, "prune", "--wait", "0.2") == 2
        err = capsys.readouterr().err
        assert f"locked by another process (PID {writer.pid})" in err and "(waited 0.2 s)" in err
    import duckdb

    with duckdb.connect(str(db)) as con:  # a store of an older schema version
        con.execute("UPDATE meta SET value = '0' WHERE key = 'schema_version'")
    assert docnav(db, "prune") == 2
    err = capsys.readouterr().err
    assert "store has schema version 0" in err and "run `docnav index` again" in err


COMMANDS = ["index", "watch", "ask", "locate", "nav", "fetch", "prune", "compact", "show"]


def test_every_command_is_in_the_help_example_test(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    listed = re.search(r"\{([a-z,]+)\}", capsys.readouterr().out).group(1).split(",")
    assert listed == COMMANDS


@pytest.mark.parametrize("argv", [[]] + [[c] for c in COMMANDS], ids=["docnav", *COMMANDS])
def test_help_has_an_example(argv, capsys):
    with pytest.raises(SystemExit) as exit_:
        main([*argv, "--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    assert "example" in out.lower()
    assert "docnav " in out.split("example", 1)[1], "the example shows a docnav command"
    if argv:  # each command speaks JSON for scripts too
        assert "--json" in out


def test_index_prints_a_summary_then_reports_unchanged_on_rerun(indexed, capsys):
    assert indexed.code == 0, indexed.err
    assert summary_counts(indexed.out) == dict(
        added=4, changed=0, renamed=0, removed=0, unchanged=0, failed=0
    )
    assert len(SAMPLE_DOCS) == 4
    assert "error" not in indexed.err

    assert index(indexed.db, indexed.docs) == 0
    again = capsys.readouterr()
    assert summary_counts(again.out) == dict(
        added=0, changed=0, renamed=0, removed=0, unchanged=4, failed=0
    )
    assert "0 nodes written, 0 texts embedded" in again.out


def test_show_lists_every_document(indexed, capsys):
    docs, db = indexed.docs, indexed.db
    assert docnav(db, "show") == 0
    out = capsys.readouterr().out
    lines = out.strip().splitlines()
    for name in SAMPLE_DOCS:
        (row,) = [line for line in lines if line.endswith(str(docs / name))]
        assert re.match(r"^[0-9a-f]{12} ok\s+1\s+\d+\s+/", row), row
    assert lines[-3].startswith("4 documents; edges: ")
    assert lines[-2] == "embedded with hashing-v1-256 (4 documents)"
    assert re.fullmatch(r"store file [\d.]+ MiB", lines[-1]), lines[-1]


def test_the_store_may_be_named_after_the_command_too(indexed, tmp_path, capsys):
    # `docnav show --db x` as people type it; after the command it wins over one before
    elsewhere = tmp_path / "nowhere.duckdb"
    assert main(["show", "--db", str(indexed.db)]) == 0
    after = capsys.readouterr().out
    assert "4 documents; edges: " in after
    assert main(["--db", str(elsewhere), "show", "--db", str(indexed.db)]) == 0
    assert capsys.readouterr().out == after
    assert main(["--db", str(indexed.db), "show", "--db", str(elsewhere)]) == 2
    assert str(elsewhere) in capsys.readouterr().err
    assert not elsewhere.exists()


def test_show_doc_prints_heading_tree_with_node_ids(indexed, capsys):
    docs, db = indexed.docs, indexed.db
    assert docnav(db, "show", str(docs / "0019-opt-in-builtin-traits.md")) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert "[" in lines[0] and str(docs / "0019-opt-in-builtin-traits.md") in lines[0]
    assert any(re.match(r"^\s+Summary  \[[0-9a-f]{12}\] \(\d+ paragraphs\)$", line)
               for line in lines), out
    # nesting is shown by indentation: a level-3 heading sits deeper than its level-2 parent
    design = next(line for line in lines if re.match(r"^\s+Detailed design  \[", line))
    unsafe = next(line for line in lines if re.match(r"^\s+Unsafe traits  \[", line))
    indent = lambda line: len(line) - len(line.lstrip())  # noqa: E731
    assert indent(unsafe) > indent(design)
    assert re.match(r"^\d+ sections, \d+ paragraphs, \d+ references, \d+ related edges$",
                    lines[-1]), lines[-1]


def test_show_doc_by_file_name_as_in_the_demo(indexed, capsys):
    assert docnav(indexed.db, "show", "0019-opt-in-builtin-traits.md") == 0
    out = capsys.readouterr().out
    assert "Detailed design" in out
    # the fields the metadata filters read, from the RFC's header list
    assert out.splitlines()[2].startswith("fields: start date = 2014-09-18; rfc pr # = ")


def test_show_json_lists_the_documents_the_listing_prints(indexed, capsys):
    assert docnav(indexed.db, "show") == 0
    lines = capsys.readouterr().out.splitlines()
    assert docnav(indexed.db, "show", "--json") == 0
    listed = json.loads(capsys.readouterr().out)
    rows = [line.split() for line in lines[1:1 + len(listed["documents"])]]
    assert [[d["doc_id"][:12], d["status"], str(d["version"]), str(d["nodes"]), d["path"]]
            for d in listed["documents"]] == [r[:5] for r in rows]
    assert sorted(Path(d["path"]).name for d in listed["documents"]) == sorted(SAMPLE_DOCS)
    edges = ", ".join(f"{n} {kind}" for kind, n in listed["edges"].items())
    assert f"{len(rows)} documents; edges: {edges}" in lines
    assert listed["notes"] == lines[2 + len(rows):] and listed["from_export"] is False


def test_show_doc_json_is_the_heading_tree_as_nested_sections(indexed, capsys):
    assert docnav(indexed.db, "show", "0019-opt-in-builtin-traits.md") == 0
    printed = capsys.readouterr().out
    assert docnav(indexed.db, "show", "0019-opt-in-builtin-traits.md", "--json") == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["path"] == str(indexed.docs / "0019-opt-in-builtin-traits.md")
    assert shown["status"] == "ok" and shown["fields"]["start date"] == "2014-09-18"

    def sections(entry):
        for child in entry["children"]:
            if "heading" in child:
                yield child
                yield from sections(child)

    every = list(sections(shown["tree"]))
    assert len(every) == shown["sections"]
    assert sum(e["paragraphs"] for e in [shown["tree"], *every]) == shown["paragraphs"]
    assert f"{shown['sections']} sections, {shown['paragraphs']} paragraphs," in printed
    for e in every:  # each as the text prints it: heading, short id, "(N paragraph(s))"
        assert f"{e['heading']}  [{e['node_id'][:12]}] ({e['paragraphs']} paragraph" in printed
    design = next(e for e in every if e["heading"] == "Detailed design")
    assert "Unsafe traits" in [c["heading"] for c in design["children"]]  # nested, not flat
    assert all(c["level"] == design["level"] + 1 for c in design["children"])
    assert not any("text" in c for e in every for c in e["children"])  # no --text: no text

    assert docnav(indexed.db, "show", "0019-opt-in-builtin-traits.md", "--json",
                  "--text") == 0
    texts = json.loads(capsys.readouterr().out)
    under = [c for e in sections(texts["tree"]) for c in e["children"] if "text" in c]
    under += [c for c in texts["tree"]["children"] if "text" in c]
    assert len(under) == shown["paragraphs"]
    assert all(c["text"] and c["block_kind"] for c in under)


def test_show_doc_json_of_a_document_that_never_indexed_has_no_tree(tmp_path, capsys):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "bad.pdf").write_text("not a pdf")
    db = tmp_path / "g.duckdb"
    index(db, docs)
    capsys.readouterr()
    assert docnav(db, "show", "bad.pdf", "--json") == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["status"] == "failed" and shown["tree"] is None
    assert shown["error"].startswith("not a PDF file")
    assert docnav(db, "show", "--json") == 0
    [listed] = json.loads(capsys.readouterr().out)["documents"]
    assert listed["status"] == "failed" and listed["error"] == shown["error"]


def test_index_json_is_the_run_s_report(tmp_path, capsys):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text("# Alpha\n\nAlpha has apples.\n")
    (docs / "bad.pdf").write_text("not a pdf")
    db = tmp_path / "g.duckdb"
    run_args = ("index", str(docs), "--embed-model", "hashing", "--no-summaries",
                "--no-progress", "--json")
    assert docnav(db, *run_args) == 1  # a document failed: exit 1, as without --json
    out, err = capsys.readouterr()
    report = json.loads(out)  # stdout is the JSON alone
    bad = str(docs / "bad.pdf")
    assert report["ok"] is False and report["added"] == [str(docs / "a.md")]
    [failed] = report["failed"]
    assert failed["path"] == bad and failed["error"].startswith("not a PDF file")
    assert report["documents_failed"] == 1 and report["documents_added"] == 1
    assert report["nodes_written"] > 0 and set(report["stage_seconds"]) >= {"parse", "write"}
    assert f"error: {bad}: {failed['error']}" in err.splitlines()  # stderr names it

    (docs / "a.md").rename(docs / "b.md")
    (docs / "bad.pdf").unlink()
    assert docnav(db, *run_args) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] and report["failed"] == [] and report["added"] == []
    assert report["renamed"] == [{"from": str(docs / "a.md"), "to": str(docs / "b.md")}]
    assert report["removed"] == [bad] and report["documents_removed"] == 1
    # without --json the last line is the summary, as before
    assert docnav(db, *run_args[:-1]) == 0
    assert capsys.readouterr().out.strip().splitlines()[-1].startswith(
        "0 added, 0 changed, 0 renamed, 0 removed, 1 unchanged, 0 failed;")


def test_show_on_missing_store_names_it_and_what_to_run(tmp_path, capsys):
    db = tmp_path / "nowhere" / "docnav.duckdb"
    assert docnav(db, "show") == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    err = captured.err
    assert err.startswith("docnav: error: ")
    assert str(db) in err
    assert f"docnav --db {db} index" in err
    assert not db.exists(), "show must not create a store"


def test_show_unknown_document_is_a_clear_error(indexed, capsys):
    assert docnav(indexed.db, "show", "no-such-doc.md") == 2
    err = capsys.readouterr().err
    assert "no document matches 'no-such-doc.md'" in err
    assert "docnav show" in err
    assert "Traceback" not in err


def test_index_shows_progress_lines_where_stderr_is_not_a_terminal(tmp_path):
    # a run under cron or into a log file showed nothing until its summary line, however long
    # it took; a terminal gets the bar instead (not drawn here: stderr is captured)
    docs = tmp_path / "rfcs"
    shutil.copytree(SAMPLES, docs)
    args = ("index", str(docs), "--embed-model", "hashing", "--no-summaries")
    code, out, err = run(tmp_path / "a.duckdb", *args)
    assert code == 0, err
    assert re.search(r"^indexing: 4/4 documents done \(\d+ s into the run\)$", err, re.M), err
    assert summary_counts(out)["added"] == 4  # the summary still ends stdout, alone
    code, out, err = run(tmp_path / "b" / "b.duckdb", *args, "--no-progress")  # its own folder
    assert (code, err) == (0, "")


def test_index_of_a_missing_path_names_it(tmp_path, capsys):
    missing = tmp_path / "not-here"
    assert index(tmp_path / "docnav.duckdb", missing) == 2
    err = capsys.readouterr().err
    assert err.startswith("docnav: error: ")
    assert str(missing) in err
    assert "no such file or folder" in err


def test_index_verifies_summaries_and_show_marks_each_claim(tmp_path, capsys):
    from tests.conftest import NLI_MODEL, require

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "river.md").write_text(
        "# River\n\nThe river floods every spring when the snow melts. Farmers plant rice "
        "after the water recedes.\n\n## Dam\n\nIn 1952 a dam was built upstream to control "
        "the floods.\n\n## Record\n\n- Start Date: 2024-08-22\n- Author: J. Smith\n"
    )
    db = tmp_path / "g.duckdb"
    code = docnav(db, "index", str(docs), "--embed-model", "hashing", "--nli-model",
                  str(require(NLI_MODEL)), "--no-progress")
    out = capsys.readouterr().out
    assert code == 0
    assert re.search(r"\d+ summaries rebuilt \(0 reused, 0 failed\), \d+ claims checked", out)
    assert docnav(db, "show", "river.md") == 0
    shown = capsys.readouterr().out
    assert "summary (verified):" in shown or "summary (flagged):" in shown
    assert re.search(r"^\s+[✓?✗] In 1952 a dam was built upstream", shown, re.M), shown
    assert "claims: ✓ entailed by the sources" in shown
    # a section of field lines has no summary: said so, not an empty list under a status
    record = shown[shown.index("Record  ["):].splitlines()
    assert record[1].strip() == "summary: none (it holds no statement)", shown
    # --json: each section's summary with its claims' verdicts, as printed
    assert docnav(db, "show", "river.md", "--json") == 0
    tree = json.loads(capsys.readouterr().out)["tree"]

    def headed(entry, name):
        return entry if entry.get("heading") == name else next(
            (f for c in entry.get("children", []) if (f := headed(c, name))), None)

    dam, record = headed(tree, "Dam"), headed(tree, "Record")
    [claim] = dam["summary"]["claims"]
    assert claim["text"].startswith("In 1952 a dam was built upstream") and claim["kept"]
    mark = {"entail": "✓", "neutral": "?", "contradict": "✗"}[claim["verdict"]]
    assert re.search(rf"^\s+{re.escape(mark)} In 1952 a dam", shown, re.M)
    assert dam["summary"]["status"] in shown and record["summary"]["claims"] == []


def test_missing_nli_model_is_a_clear_error(tmp_path, capsys):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text("# A\n\nText.\n")
    code = docnav(tmp_path / "g.duckdb", "index", str(docs), "--embed-model", "hashing",
                  "--nli-model", str(tmp_path / "missing-model"), "--no-progress")
    err = capsys.readouterr().err
    assert code == 2
    assert "missing-model" in err and "--nli-model" in err


# -- locate, nav (ask: tests/test_cli_ask.py) ------------------------------------------------------

@pytest.mark.parametrize("args, message", [
    (["ask", ""], "empty query"),
    (["ask", "x" * 10_000], "10000 characters is too long"),
    (["ask", SEND, "--budget", "0"], "budget 0"),
    (["ask", SEND, "--doc", "*10K*"], "no indexed document matches '*10K*'"),
    (["locate", "Send", "--kind", "paragraphs"], "unknown kind 'paragraphs'; valid: "),
    (["locate", "Send", "--k", "0"], "at least 1 hit"),
    (["nav", "zzzz", "--dir", "children"], "unknown node id 'zzzz'"),
    (["ask", "Which documents discuss?"], "query 'Which documents discuss?' asks which "
                                          "documents but not what about"),
    (["fetch", "0019-opt-in-builtin-traits.md", "zzzz"], "unknown node id 'zzzz'"),
    (["fetch", "0019-opt-in-builtin-traits.md", "--budget", "0"],  # (its most: test_cli_qa59)
     "--budget 0: give a whole number of tokens, at least 1 and at most 1,000,000"),
], ids=["empty", "long", "budget", "doc", "kind", "k", "node", "which", "fetch-node",
        "fetch-budget"])
def test_query_commands_refuse_bad_input_in_one_line(indexed, args, message):
    code, out, err = run(indexed.db, *args)
    assert code == 2 and out == ""
    assert err.startswith("docnav: error: ") and message in err and len(err.splitlines()) == 1


def test_locate_then_nav_walks_the_graph(indexed):
    import json

    code, out, _ = run(indexed.db, "locate", "negative impls", "--kind", "section", "--k", "3")
    rows = out.strip().splitlines()
    assert code == 0 and 1 <= len(rows) <= 3
    assert all(re.match(r"^[0-9a-f]{12}  \d\.\d{4}  section\s", r) for r in rows), rows
    section = rows[0].split()[0]
    code, out, _ = run(indexed.db, "locate", "negative impls", "--json", "--k", "2")
    assert code == 0 and len(json.loads(out)) == 2

    code, out, _ = run(indexed.db, "nav", section, "--dir", "parent")
    assert code == 0 and len(out.strip().splitlines()) == 1
    code, out, err = run(indexed.db, "nav", section, "--dir", "upward")
    assert code == 2 and ("valid: parent, children, siblings, next, previous, references, "
                          "referenced-by, related") in err
    # nothing that way: said (a section's references, what refers to it)
    code, out, _ = run(indexed.db, "nav", section, "--dir", "references")
    assert code == 0 and out.strip() == f"{section} (section) has no references"
    code, out, _ = run(indexed.db, "nav", section, "--dir", "referenced-by")
    assert code == 0 and out.strip() == f"{section} (section): nothing refers to it"
    # a document's last paragraph, and what is related to a paragraph (only sections are)
    from docnav.query import DocNavGraph

    graph = DocNavGraph.open(indexed.db, embedder=None)
    paragraphs = [(v.path, v.position, nid) for nid, v in graph.nodes_of_kind("paragraph")]
    last = max(p for p in paragraphs if p[0] == paragraphs[0][0])[2][:12]
    code, out, _ = run(indexed.db, "nav", last, "--dir", "next")
    assert code == 0 and out.strip() == (f"{last} (paragraph): nothing comes after it in its "
                                         "document")
    code, out, _ = run(indexed.db, "nav", last, "--dir", "related")
    assert code == 0 and out.strip() == (f"{last} (paragraph): no section is related to it "
                                         "(related edges join sections alike in meaning)")


def test_locate_shows_what_each_paragraph_hit_matched(indexed):
    import json

    code, out, _ = run(indexed.db, "locate", "negative impls", "-k", "2", "--kind", "paragraph")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 4
    assert all(re.match(r"^[0-9a-f]{12}  \d\.\d{4}  paragraph ", line) for line in lines[::2])
    assert all(line.startswith("    ") and len(line) <= 4 + 160 for line in lines[1::2])
    code, out, _ = run(indexed.db, "locate", "negative impls", "-k", "2", "--kind", "paragraph",
                       "--json")
    hits = json.loads(out)
    assert [h["text"][:20] for h in hits] == [line.strip()[:20] for line in lines[1::2]]
    assert all("impl" in h["text"].lower() for h in hits)


def test_nav_takes_the_document_id_that_show_prints(indexed):
    _, listing, _ = run(indexed.db, "show")
    doc_id = next(line.split()[0] for line in listing.splitlines()
                  if line.endswith("0019-opt-in-builtin-traits.md"))
    code, out, err = run(indexed.db, "nav", doc_id, "--dir", "children")
    assert code == 0, err
    assert out.strip() and all(" section " in line or " paragraph " in line
                               for line in out.strip().splitlines())
    code, out, _ = run(indexed.db, "nav", doc_id.upper(), "--dir", "parent")  # any case
    assert code == 0
    # the file name `docnav show` lists names the same document
    assert run(indexed.db, "nav", "0019-opt-in-builtin-traits.md", "--dir", "parent")[1] == out
    (parent,) = out.strip().splitlines()
    assert parent.split()[1] == "collection"
    code, out, _ = run(indexed.db, "nav", parent.split()[0], "--dir", "children")
    assert code == 0 and len(out.strip().splitlines()) == 4  # the four RFCs, paths shown
    assert "(" + str(indexed.docs / "0019-opt-in-builtin-traits.md") + ")" in out


def test_fetch_prints_a_section_s_paragraphs_with_breadcrumbs_up_to_the_budget(indexed):
    import json

    code, out, _ = run(indexed.db, "locate", "negative impls", "--kind", "section", "-k", "1")
    section = out.split()[0]
    code, out, err = run(indexed.db, "fetch", section, "--json")
    assert code == 0, err
    whole = json.loads(out)
    assert whole["paragraphs"] == whole["whole"] == len(whole["pieces"]) > 1 and not whole["cut"]
    crumb = whole["pieces"][0]["breadcrumb"]
    code, out, _ = run(indexed.db, "fetch", section)
    lines = out.splitlines()
    n = whole["paragraphs"]
    assert lines[0] == f"{n} of {n} paragraphs; {whole['tokens']} tokens" and lines[1] == ""
    # the breadcrumb once above the pieces it is the same for, each piece its id and text
    assert lines[2] == f"{crumb}  ({whole['pieces'][0]['document']})"
    assert lines[3] == f"[1] {whole['pieces'][0]['node_id'][:12]}"
    assert lines[4] == "  " + whole["pieces"][0]["text"].splitlines()[0]
    crumbs = [p["breadcrumb"] for p in whole["pieces"]]
    runs = 1 + sum(a != b for a, b in zip(crumbs, crumbs[1:]))
    assert sum(line.endswith(f"({whole['pieces'][0]['document']})") for line in lines) == runs
    # a budget that ends inside a later paragraph (one long enough to be cut: fetch cuts
    # none to fewer than 16 tokens): those before it whole, its start, and that said
    sizes = [p["tokens"] for p in whole["pieces"]]
    i = next(i for i, size in enumerate(sizes) if i > 0 and size > 20)
    budget = sum(sizes[: i + 1]) - 1
    code, out, _ = run(indexed.db, "fetch", section, "--budget", str(budget), "--json")
    part = json.loads(out)
    assert part["whole"] == i and part["cut"] and part["tokens"] == budget
    assert part["pieces"][i]["text"].endswith(" …")
    code, out, _ = run(indexed.db, "fetch", section, "--budget", str(budget))
    assert out.splitlines()[0] == (f"{i} of {n} paragraphs, and the start of one more; "
                                   f"{budget} tokens (--budget {budget}: a larger one reads "
                                   "the rest)")


def test_nav_prints_a_line_per_node_for_paragraphs_of_several_lines(indexed):
    # a code block or a PDF table's rows are one paragraph of several lines: each node's
    # line shows them joined, so every line of the listing is a node
    from docnav.query import DocNavGraph

    graph = DocNavGraph.open(indexed.db, embedder=None)
    lines = next(n for n in graph._nodes.values() if n.kind == "paragraph" and "\n" in n.text)
    code, out, err = run(indexed.db, "nav", lines.parent_id, "--dir", "children")
    assert code == 0, err
    listed = out.strip().splitlines()
    assert len(listed) == len(graph.navigate(lines.parent_id, "children"))
    assert all(re.match(r"^[0-9a-f]{12}  \w", line) for line in listed)


def test_nav_json_and_json_errors(indexed):
    _, listing, _ = run(indexed.db, "show")
    doc_id = next(line.split()[0] for line in listing.splitlines()
                  if line.endswith("0019-opt-in-builtin-traits.md"))
    code, out, err = run(indexed.db, "nav", doc_id, "--dir", "children", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["direction"] == "children"
    assert data["nodes"] and {n["kind"] for n in data["nodes"]} <= {"section", "paragraph"}
    assert all(n["document"].endswith("0019-opt-in-builtin-traits.md") for n in data["nodes"])
    _, out, _ = run(indexed.db, "nav", data["nodes"][0]["node_id"], "--dir", "parent", "--json")
    assert [n["node_id"] for n in json.loads(out)["nodes"]] == [data["from"]]
    # an error with --json: the message on stderr, and as JSON on stdout for a machine
    code, out, err = run(indexed.db, "nav", "ffffffffffff", "--dir", "parent", "--json")
    assert code == 2 and "unknown node id" in err
    assert json.loads(out) == {"error": err.removeprefix("docnav: error: ").strip(),
                               "exit_code": 2}
    code, out, err = run(indexed.db, "ask", SEND, "--doc", "nothing-*", "--json")
    assert code == 2 and "nothing-*" in json.loads(out)["error"]
    with pytest.raises(SystemExit) as exited, contextlib.redirect_stdout(io.StringIO()) as out:
        docnav(indexed.db, "ask", SEND, "--budget", "abc", "--json")  # argparse's: none
    assert exited.value.code == 2 and json.loads(out.getvalue()) == {
        "error": "docnav ask: argument --budget: invalid int value: 'abc'", "exit_code": 2}


def test_locate_takes_the_graph_s_filters(tmp_path):
    """`locate`'s filters are the library's: level, what a hit matched, document metadata and
    dates, verified summaries; a filter nothing passes says so, a bad value names the flag."""
    from docnav.embed import HashingEmbedder
    from docnav.index import IndexOptions, Indexer
    from docnav.query import DocNavGraph
    from docnav.store import Store
    from docnav.summaries import SummaryPipelineOptions

    docs = tmp_path / "docs"
    docs.mkdir()
    body = ("# Pumps\n\n## Seals\n\nPump seals wear out after {n} hours of pumping water.\n\n"
            "### Replacing seals\n\nReplace the pump seals with the motor stopped.\n")
    (docs / "old.md").write_text("---\nauthor: Ada\ndate: 2019-05-01\n---\n\n" + body.format(n=900))
    (docs / "new.md").write_text("---\nauthor: Bo\ndate: 2024-03-05\n---\n\n" + body.format(n=2000))
    db = tmp_path / "g.duckdb"
    options = IndexOptions(summaries=SummaryPipelineOptions(verify=False), progress=False)
    Indexer(Store(db), options, HashingEmbedder()).index([docs])
    graph = DocNavGraph.open(db, embedder=None)

    def hits(*flags):
        code, out, err = run(db, "locate", "pump seals", "-k", "50", "--json", *flags)
        assert code == 0, err
        return json.loads(out)

    everything = hits()
    assert {h["via"] for h in everything} == {"text", "summary"}
    assert {graph.node(h["node_id"]).level for h in everything} > {2}
    assert {graph.node(h["node_id"]).level for h in hits("--level", "2")} == {2}
    assert {h["via"] for h in hits("--via", "summary")} == {"summary"}
    assert {Path(h["document"]).name for h in hits("--meta", "author=ada")} == {"old.md"}
    assert {Path(h["document"]).name for h in hits("--after", "2020-01-01")} == {"new.md"}
    assert {Path(h["document"]).name for h in hits("--before", "2020-01-01")} == {"old.md"}
    assert hits("--verified-only") == []  # summarised without the NLI check: none verified
    code, out, _ = run(db, "locate", "pump seals", "--verified-only", "--after", "2020-01-01")
    assert code == 0 and out == "no hits with --after 2020-01-01, --verified-only\n"
    code, _, err = run(db, "locate", "pump seals", "--meta", "author")
    assert code == 2 and "--meta 'author': give KEY=VALUE" in err
    # a --doc glob no document matches is an error, as for `ask` (it printed "no hits")
    code, out, err = run(db, "locate", "pump seals", "--doc", "*nonexistent*")
    assert code == 2 and not out
    assert "no indexed document matches '*nonexistent*'; `docnav show` lists them" in err
    code, _, err = run(db, "locate", "pump seals", "--after", "2024-02-30")
    assert code == 2 and "give a real date as YYYY-MM-DD" in err


def test_the_sample_rfcs_are_dated_by_their_start_date(indexed):
    # 0003 2012-03-20, 0019 2014-09-18, 0123 2014-06-15, 0458 2014-11-10 (their header lists)
    code, out, err = run(indexed.db, "locate", "Send", "-k", "50", "--after", "2014-09-01",
                         "--json")
    assert code == 0, err
    assert {Path(h["document"]).name for h in json.loads(out)} == {
        "0019-opt-in-builtin-traits.md", "0458-send-improvements.md"}
