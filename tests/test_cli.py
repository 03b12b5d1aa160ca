"""The ``docnav`` command line: help with examples, exit codes, and what it prints.

Runs ``docnav.cli.main`` in-process on a copy of the bundled sample (four RFCs), with the
hashing embedder and no summaries, so no model is loaded.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

from docnav.cli import main

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "samples" / "rfcs"
SAMPLE_DOCS = sorted(p.name for p in SAMPLES.glob("*.md"))
SUMMARY = re.compile(
    r"^(?P<added>\d+) added, (?P<changed>\d+) changed, (?P<renamed>\d+) renamed, "
    r"(?P<removed>\d+) removed, (?P<unchanged>\d+) unchanged, (?P<failed>\d+) failed; "
    r".*; \d+\.\d\d s$"
)


def docnav(db: Path, *args: str) -> int:
    return main(["--db", str(db), *args])


def index(db: Path, *paths: Path) -> int:
    return docnav(db, "index", *map(str, paths), "--embed-model", "hashing", "--no-summaries",
                  "--no-progress")


def summary_counts(stdout: str) -> dict[str, int]:
    last = stdout.strip().splitlines()[-1]
    match = SUMMARY.match(last)
    assert match, f"last line is not the run summary: {last!r}"
    return {k: int(v) for k, v in match.groupdict().items()}


@dataclass(frozen=True)
class Indexed:
    docs: Path
    db: Path
    code: int
    out: str
    err: str


@pytest.fixture(scope="module")
def indexed(tmp_path_factory) -> Indexed:
    """A copy of the sample indexed once by the CLI, with what that first run printed."""
    base = tmp_path_factory.mktemp("cli")
    docs = base / "rfcs"
    shutil.copytree(SAMPLES, docs)
    db = base / "store" / "docnav.duckdb"
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = index(db, docs)
    return Indexed(docs, db, code, out.getvalue(), err.getvalue())


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
    assert docnav(db, "prune") == 0
    assert capsys.readouterr().out.strip() == (
        f"deleted {n:,} text vectors ({n:,} of hashing-v1-256); kept hashing-v1-64; "
        "4 documents re-exported")
    assert docnav(db, "show") == 0
    assert capsys.readouterr().out.strip().splitlines()[-2] == (
        "embedded with hashing-v1-64 (4 documents)")
    assert docnav(db, "locate", "negative impls", "--k", "1") == 0  # still searchable
    assert capsys.readouterr().out.strip()


def test_prune_refuses_a_missing_locked_or_older_store(tmp_path, capsys):
    import subprocess
    import sys

    assert docnav(tmp_path / "none.duckdb", "prune") == 2
    assert "none.duckdb: no store here, nothing to prune" in capsys.readouterr().err
    db = tmp_path / "s.duckdb"
    assert index(db, SAMPLES / SAMPLE_DOCS[0]) == 0
    capsys.readouterr()
    # another process holds the write lock, as a running `docnav index` does
    writer = subprocess.Popen(
        [sys.executable, "-c", "import duckdb, sys, time; c = duckdb.connect(sys.argv[1]); "
         "print('locked', flush=True); time.sleep(60)", str(db)],
        stdout=subprocess.PIPE, text=True,
    )
    try:
        assert writer.stdout.readline().strip() == "locked"
        assert docnav(db, "prune", "--wait", "0.2") == 2
        err = capsys.readouterr().err
        assert f"locked by another process (PID {writer.pid})" in err and "(waited 0.2 s)" in err
    finally:
        writer.kill()
        writer.wait()
    import duckdb

    with duckdb.connect(str(db)) as con:  # a store of an older schema version
        con.execute("UPDATE meta SET value = '0' WHERE key = 'schema_version'")
    assert docnav(db, "prune") == 2
    err = capsys.readouterr().err
    assert "store has schema version 0" in err and "run `docnav index` again" in err


@pytest.mark.parametrize("argv", [[], ["index"], ["show"]], ids=["docnav", "index", "show"])
def test_help_has_an_example(argv, capsys):
    with pytest.raises(SystemExit) as exit_:
        main([*argv, "--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    assert "example" in out.lower()
    assert "docnav " in out.split("example", 1)[1], "the example shows a docnav command"


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
        "the floods.\n"
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


def test_missing_nli_model_is_a_clear_error(tmp_path, capsys):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text("# A\n\nText.\n")
    code = docnav(tmp_path / "g.duckdb", "index", str(docs), "--embed-model", "hashing",
                  "--nli-model", str(tmp_path / "missing-model"), "--no-progress")
    err = capsys.readouterr().err
    assert code == 2
    assert "missing-model" in err and "--nli-model" in err


# -- ask, locate, nav ----------------------------------------------------------------------------

SEND = "Why does Send need a static bound?"


def run(db: Path, *args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = docnav(db, *args)
    return code, out.getvalue(), err.getvalue()


def test_ask_prints_numbered_evidence_with_breadcrumbs_and_a_trace(indexed):
    code, out, err = run(indexed.db, "ask", SEND, "--budget", "300", "--trace")
    assert code == 0, err
    assert re.match(r"^route: local; confidence \d\.\d\d; \d+ tokens of evidence$",
                    out.splitlines()[0])
    cited = re.findall(r"^\[(\d+)\] ([0-9a-f]{12})  (.+)  \((.+)\)$", out, re.M)
    assert [int(n) for n, *_ in cited] == list(range(1, len(cited) + 1)) and cited
    assert all(Path(path).parent == indexed.docs for *_, path in cited)
    assert any(" › " in crumb for _, _, crumb, _ in cited)  # document › section
    assert "trace:\n  op=locate" in out


def test_ask_says_which_words_of_the_question_the_evidence_lacks(indexed):
    code, out, _ = run(indexed.db, "ask", "Send static bound zzyzxq", "--budget", "200")
    assert code == 0 and out.splitlines()[1:3] == ["not in the evidence: zzyzxq",
                                                   "in none of the documents asked of: zzyzxq"]
    code, out, _ = run(indexed.db, "ask", "zzyzxq qqxqq", "--budget", "200")
    assert code == 0 and out.splitlines()[1] == (
        "none of the question's words is in the evidence: the pieces below are only close in "
        "meaning")
    code, _, err = run(indexed.db, "ask", "the of and?")
    assert code == 2 and "no words to search for" in err
    # a question that is only a global cue has no words of its own to miss
    code, out, _ = run(indexed.db, "ask", "Summarise the main themes", "--budget", "200")
    assert code == 0 and out.startswith("route: global") and out.splitlines()[1] == ""


def test_ask_says_a_question_asking_which_documents_was_asked_of_each(indexed):
    code, out, err = run(indexed.db, "ask", "Which RFCs change the Send trait?", "--budget",
                         "450")
    assert code == 0, err
    n, each = re.fullmatch(r'asked of the (\d) best documents, (\d+) tokens each, without '
                           r'"RFCs"', out.splitlines()[1]).groups()
    assert int(n) > 1 and int(each) == 450 // int(n)
    cited = re.findall(r"^\[\d+\] [0-9a-f]{12}  .+  \((.+)\)$", out, re.M)
    assert len(set(cited)) == int(n)
    code, out, _ = run(indexed.db, "ask", "Which RFCs change the Send trait?", "--budget", "100")
    assert code == 0 and out.splitlines()[1] == 'asked of the best document alone, without "RFCs"'



def test_ask_says_which_documents_the_question_names_by_title(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "alpha.md").write_text("# Alpha\n\nThe alpha pump runs at 40 litres a minute.\n")
    (docs / "beta.md").write_text("# Beta\n\nThe beta pump runs at 60 litres a minute.\n")
    db = tmp_path / "g.duckdb"
    assert index(db, docs) == 0
    code, out, err = run(db, "ask", "Compare the flow of the Alpha pump and the Beta pump",
                         "--budget", "100")
    assert code == 0, err
    assert out.splitlines()[1] == ("asked of each document the question names by its title, "
                                   "50 tokens each: alpha.md (Alpha), beta.md (Beta)")
    assert out.index("alpha.md)") < out.index("beta.md)")
    # one document named by its title: asked of it alone
    code, out, err = run(db, "ask", "How fast does the Alpha report say the pump runs?")
    assert code == 0, err
    assert out.splitlines()[1] == ('asked of alpha.md, which the question names by its title '
                                   '("Alpha report")')
    assert "beta.md" not in out


def test_ask_says_which_company_s_filings_a_question_was_asked_of(tmp_path):
    # two filings (a registrant each, as a 10-K's cover gives): naming one company reads its
    # filing only, and the answer's header says so
    docs = tmp_path / "docs"
    docs.mkdir()
    for name, company in (("acme.md", "ACME WIDGETS CO., INC."), ("globex.md", "GLOBEX CORP.")):
        (docs / name).write_text(f"---\nregistrant: {company}\n---\n\n# Report\n\n"
                                 f"## Balance sheet\n\nTotal current assets 1,234 5,678\n")
    db = tmp_path / "g.duckdb"
    assert index(db, docs) == 0
    code, out, err = run(db, "ask", "What were Globex's total current assets?", "--budget", "100")
    assert code == 0, err
    assert out.splitlines()[1] == "asked of the 1 filing of GLOBEX, which the question names"
    assert "globex.md" in out and "acme.md" not in out
    code, out, _ = run(db, "ask", "What were total current assets?", "--budget", "100")
    assert code == 0 and "asked of" not in out and "acme.md" in out and "globex.md" in out
    # naming both companies asks each one's filing with half the budget
    code, out, _ = run(db, "ask", "Total current assets of Globex and Acme Widgets?",
                       "--budget", "100")
    assert code == 0 and out.splitlines()[1] == ("asked of each company the question names, "
                                                 "50 tokens each: GLOBEX (1 filing), "
                                                 "ACME WIDGETS (1 filing)")
    assert out.index("globex.md") < out.index("acme.md")
    # --doc chose the filing: the name is left out of the search, and the header says so
    code, out, _ = run(db, "ask", "What were Acme Widgets' total current assets?", "--doc",
                       "acme.md", "--budget", "100")
    assert code == 0 and out.splitlines()[1] == (
        "searched without ACME WIDGETS, the name of the filings asked")


def test_ask_json_is_the_answer_with_its_citations(indexed):
    import json

    code, out, _ = run(indexed.db, "ask", SEND, "--budget", "300", "--json", "--doc",
                       "0458-send-improvements.md")
    data = json.loads(out)
    assert code == 0 and data["question"] == SEND and data["generated_by"] is None
    assert data["evidence"] and all(e["document"].endswith("0458-send-improvements.md")
                                    for e in data["evidence"])
    assert sum(len(e["text"].split()) for e in data["evidence"]) * 4 // 3 <= 300 + 3


@pytest.fixture
def endpoint(monkeypatch):
    """A local OpenAI-compatible endpoint, set for `docnav ask --generate`, with the NLI model."""
    from _endpoint import ChatEndpoint

    from tests.conftest import NLI_MODEL, require

    endpoint = ChatEndpoint("")
    monkeypatch.setenv("DOCNAV_LLM_BASE_URL", endpoint.url)
    monkeypatch.setenv("DOCNAV_LLM_MODEL", "test-model")
    monkeypatch.setenv("DOCNAV_NLI_MODEL", str(require(NLI_MODEL)))
    yield endpoint
    endpoint.close()


def test_ask_generate_writes_an_answer_citing_the_evidence(indexed, endpoint):
    endpoint.reply = "Send needs a static bound because threads may outlive it [1]."
    code, out, err = run(indexed.db, "ask", SEND, "--budget", "300", "--generate")
    assert code == 0, err
    assert "answer (chat:test-model; [n] cites the evidence below):" in out
    assert endpoint.reply in out and "\nevidence:\n[1] " in out
    assert "[1] " in endpoint.prompt() and SEND in endpoint.prompt()
    # its one sentence, checked against evidence [1] by the NLI model
    assert re.search(r"^  [✓?✗] Send needs a static bound because threads may outlive it\.  "
                     r"\(\[1\]; \d\.\d\d\)$", out, re.M), out
    code, out, _ = run(indexed.db, "ask", SEND, "--budget", "300", "--generate",
                       "--no-verify")
    assert code == 0 and endpoint.reply in out and "checked against" not in out

    # --policy drop: an invented sentence is checked, marked and left out of the answer;
    # one taken word for word from evidence [1] stays, its citation with it
    from docnav.sentences import split_sentences

    _, out, _ = run(indexed.db, "ask", SEND, "--budget", "300", "--json")
    first = split_sentences(json.loads(out)["evidence"][0]["text"])[0]
    quoted = f"{first[:-1]} [1]{first[-1]}"
    endpoint.reply = f"Send was named after a carrier pigeon [1]. {quoted}"
    code, out, err = run(indexed.db, "ask", SEND, "--budget", "300", "--generate",
                         "--policy", "drop", "--json")
    data = json.loads(out)
    assert code == 0 and data["answer"] == quoted, err
    assert [c["text"] for c in data["dropped"]] == ["Send was named after a carrier pigeon."]
    assert len(data["claims"]) == 2 and data["dropped"][0]["verdict"] != "entail"
    code, out, err = run(indexed.db, "ask", SEND, "--budget", "300", "--generate",
                         "--policy", "drop")
    assert code == 0 and f"\n  {quoted}\n" in out and "carrier pigeon [1]" not in out
    assert re.search(r"^  [?✗] Send was named after a carrier pigeon\.  \(\[1\]; "
                     r"\d\.\d\d\)  \[dropped\]$", out, re.M), out
    # nothing supported: the answer is the evidence, the dropped sentence still shown
    endpoint.reply = "Send was named after a carrier pigeon [1]."
    code, out, err = run(indexed.db, "ask", SEND, "--budget", "300", "--generate",
                         "--policy", "drop")
    assert code == 0 and "(--policy drop removed all 1); the answer is the cited" in err
    assert "answer (chat:" not in out and "carrier pigeon.  ([1]; " in out
    assert "[dropped]" in out and re.search(r"^evidence:\n\[1\] [0-9a-f]{12}  ", out, re.M)

    endpoint.mode = "500"
    code, out, err = run(indexed.db, "ask", SEND, "--budget", "300", "--generate")
    assert code == 1  # generation failed: the evidence is printed, the failure said
    assert "answer generation failed" in err and "HTTP 500" in err
    assert re.search(r"^\[1\] [0-9a-f]{12}  ", out, re.M) and endpoint.reply not in out


def test_ask_indents_every_line_of_a_piece_of_evidence(built):
    from _pump import QUESTION

    code, out, err = run(built.path, "ask", QUESTION, "--budget", "200")
    assert code == 0, err
    assert "\n  | length   | cable   |\n  |----------|---------|\n  | 10 m     | 1.5 mm2 |\n" in out


def test_ask_generate_reports_citations_of_evidence_that_does_not_exist(indexed, endpoint):
    endpoint.reply = "Send needs a static bound [1, 40]. Threads may outlive it [0]."
    code, out, err = run(indexed.db, "ask", SEND, "--budget", "300", "--generate")
    count = len(re.findall(r"^\[\d+\] [0-9a-f]{12}  ", out, re.M))
    assert code == 0 and 0 < count < 40, err
    assert ("the generated answer cites evidence that does not exist: [40], [0] (the "
            f"evidence is [1] to [{count}]); those citations are left out of it") in err
    assert "\n  Send needs a static bound [1]. Threads may outlive it.\n" in out
    assert re.search(r"^  [✓?✗] Threads may outlive it\.  \(no citation: all evidence; "
                     r"\[0\] cited: no such evidence; \d\.\d\d\)$", out, re.M), out
    code, out, err = run(indexed.db, "ask", SEND, "--budget", "300", "--generate",
                         "--no-verify", "--json")
    data = json.loads(out)
    assert data["invalid_citations"] == ["[40]", "[0]"] and data["cited"] == [1]
    assert data["answer"] == "Send needs a static bound [1]. Threads may outlive it."
    endpoint.reply = "Send needs a static bound."
    code, out, err = run(indexed.db, "ask", SEND, "--budget", "300", "--generate",
                         "--no-verify")
    assert "answer (chat:test-model; it cites none of the evidence below):" in out
    assert code == 0 and "does not exist" not in err
    # an answer of several lines is indented as a whole, below its header
    endpoint.reply = "Send needs:\n- a static bound [1]\n- no borrowed data [1]\n\nSo it is."
    code, out, err = run(indexed.db, "ask", SEND, "--budget", "300", "--generate",
                         "--no-verify")
    assert ("):\n  Send needs:\n  - a static bound [1]\n  - no borrowed data [1]\n\n"
            "  So it is.\n") in out


@pytest.mark.parametrize("extra, message", [
    ([], "--policy drop applies to a generated answer: add --generate"),
    (["--generate", "--no-verify"], "it cannot go with --no-verify"),
], ids=["no-generate", "no-verify"])
def test_ask_policy_drop_needs_generation_and_the_check(indexed, monkeypatch, extra, message):
    monkeypatch.setenv("DOCNAV_LLM_BASE_URL", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("DOCNAV_LLM_MODEL", "m")
    code, out, err = run(indexed.db, "ask", SEND, "--policy", "drop", *extra)
    assert code == 2 and out == "" and message in err


def test_ask_generate_without_an_endpoint_names_the_settings(indexed, monkeypatch):
    monkeypatch.delenv("DOCNAV_LLM_BASE_URL", raising=False)
    code, out, err = run(indexed.db, "ask", SEND, "--generate")
    assert code == 2 and out == "" and "DOCNAV_LLM_BASE_URL" in err


@pytest.mark.parametrize("args, message", [
    (["ask", ""], "empty query"),
    (["ask", "x" * 10_000], "10000 characters is too long"),
    (["ask", SEND, "--budget", "0"], "budget 0"),
    (["ask", SEND, "--doc", "*10K*"], "no indexed document matches '*10K*'"),
    (["locate", "Send", "--kind", "paragraphs"], "unknown kind 'paragraphs'; valid: "),
    (["locate", "Send", "--k", "0"], "at least 1 hit"),
    (["nav", "zzzz", "--dir", "children"], "unknown node id 'zzzz'"),
], ids=["empty", "long", "budget", "doc", "kind", "k", "node"])
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
    assert code == 2 and "valid: parent, children, siblings, next, previous" in err


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
    (parent,) = out.strip().splitlines()
    assert parent.split()[1] == "collection"
    code, out, _ = run(indexed.db, "nav", parent.split()[0], "--dir", "children")
    assert code == 0 and len(out.strip().splitlines()) == 4  # the four RFCs, paths shown
    assert "(" + str(indexed.docs / "0019-opt-in-builtin-traits.md") + ")" in out


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
    assert code == 0 and out == "no hits with --after, --verified-only\n"
    code, _, err = run(db, "locate", "pump seals", "--meta", "author")
    assert code == 2 and "--meta 'author': give KEY=VALUE" in err
    code, _, err = run(db, "locate", "pump seals", "--after", "2024-02-30")
    assert code == 2 and "give a real date as YYYY-MM-DD" in err


def test_the_sample_rfcs_are_dated_by_their_start_date(indexed):
    # 0003 2012-03-20, 0019 2014-09-18, 0123 2014-06-15, 0458 2014-11-10 (their header lists)
    code, out, err = run(indexed.db, "locate", "Send", "-k", "50", "--after", "2014-09-01",
                         "--json")
    assert code == 0, err
    assert {Path(h["document"]).name for h in json.loads(out)} == {
        "0019-opt-in-builtin-traits.md", "0458-send-improvements.md"}
