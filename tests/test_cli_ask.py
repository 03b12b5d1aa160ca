"""``docnav ask``: the evidence it prints, what it says of the question's words and of the
documents it was asked of, ``--json``, and ``--generate`` with a local OpenAI-compatible
endpoint. On a copy of the bundled sample (tests/_cli.py), and on the pump store."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from _cli import SEND, Indexed, docnav, index, index_sample, indexed_files, run


@pytest.fixture(scope="module")
def indexed(tmp_path_factory) -> Indexed:
    """A copy of the sample indexed once by the CLI, with what that first run printed."""
    return index_sample(tmp_path_factory.mktemp("cli"))


def test_ask_prints_numbered_evidence_with_breadcrumbs_and_a_trace(indexed):
    code, out, err = run(indexed.db, "ask", SEND, "--budget", "300", "--trace")
    assert code == 0, err
    assert re.match(r"^route: local; confidence \d\.\d\d; \d+ tokens of evidence$",
                    out.splitlines()[0])
    cited = re.findall(r"^\[(\d+)\] ([0-9a-f]{12})  (.+)  \((.+)\)$", out, re.M)
    assert [int(n) for n, *_ in cited] == list(range(1, len(cited) + 1)) and cited
    assert all(Path(path).parent == indexed.docs for *_, path in cited)
    assert any(" › " in crumb for _, _, crumb, _ in cited)  # document › section
    assert "\n  op=locate, " in out.split("\ntrace:\n")[1]


def test_ask_of_a_document_as_a_whole_says_a_summary_answers_not_a_confidence(indexed,
                                                                              tmp_path):
    # "What is the send improvements RFC about?" names nothing but the RFC: its summary
    # answers, and a confidence (the share of the question's words a piece holds) has no
    # meaning; it printed "confidence 0.00"
    question = "What is the send improvements RFC about?"
    db = tmp_path / "summed.duckdb"
    assert docnav(db, "index", str(indexed.docs), "--embed-model", "hashing", "--no-verify",
                  "--no-progress") == 0
    code, out, err = run(db, "ask", question, "--budget", "200")
    assert code == 0, err
    assert out.splitlines()[0] == ("route: global; the question names nothing to look for "
                                   "(a summary answers); 200 tokens of evidence"), out
    assert "0458-send-improvements › Summary" in out  # its authors' summary opens it
    code, out, err = run(db, "ask", question, "--budget", "200", "--json")
    assert code == 0 and json.loads(out)["confidence"] is None, err
    # a store without summaries: its passages answer, and it does not say a summary does
    code, out, err = run(indexed.db, "ask", question, "--budget", "200")
    assert code == 0 and out.splitlines()[0] == (
        "route: global; the question names nothing to look for; 200 tokens of evidence"), out


def test_ask_says_a_section_asked_for_has_no_text_under_its_heading(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "3416-feature-metadata.md").write_text(
        "# Feature metadata\n\n## Summary\n\nAdd descriptions to Cargo features.\n\n"
        "## Prior art\n\n[prior-art]: #prior-art\n\n## Future possibilities\n\nMore.\n")
    db = tmp_path / "g.duckdb"
    assert index(db, docs) == 0
    code, out, err = run(db, "ask", "What does the Prior art section of the feature metadata "
                         "RFC say?", "--budget", "100")
    assert code == 0, err
    line = next(s for s in out.splitlines() if s.startswith("no text under"))
    assert re.fullmatch(r"no text under the heading asked for: Feature metadata › Prior "
                        r"art  \[[0-9a-f]{12}\]", line), out
    assert "docnav fetch ID reads one" not in out  # not offered as a place to read


def test_ask_says_a_part_asked_about_as_a_whole_is_outlined_first(tmp_path):
    """"What does Item 1A say?" reads the part's subsections' headings first; the line saying
    so took the outline of a question about a document's sections for it, and the command
    failed with a KeyError after printing the route."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "report.md").write_text(
        "# Annual report\n\n## Item 1A. Risk Factors\n\n### We Face Intense Competition\n\n"
        "Markets are competitive.\n\n### Our Expansion Strains Our Resources\n\nWe grow.\n\n"
        "### We Have Foreign Exchange Risk\n\nRates move.\n\n## Item 7. Discussion\n\nSales "
        "grew.\n")
    db = tmp_path / "g.duckdb"
    assert index(db, docs) == 0
    code, out, err = run(db, "ask", "What does Item 1A say?", "--budget", "200")
    assert code == 0, err
    assert ('the outline of "Item 1A. Risk Factors" first (3 of its subsections\' headings), '
            "then its text") in out, out
    assert "- We Face Intense Competition" in out
    # a label no part carries is said with the evidence (the line for a part one document of
    # several lacks took it for one of those, and failed likewise)
    code, out, err = run(db, "ask", "What does Item 9 say?", "--budget", "200")
    assert code == 0, err
    assert "in none of the documents asked of: Item 9" in out, out


def test_ask_prints_the_fields_the_question_asks_for(indexed):
    # the sample's RFC 458 opens with "- Start Date: 2014-11-10"
    code, out, err = run(indexed.db, "ask", "When did the send improvements RFC start?",
                         "--budget", "100")
    assert code == 0, err
    assert ("asked for, in the fields of 0458-send-improvements.md: start date = 2014-11-10"
            in out.splitlines()), out
    code, out, err = run(indexed.db, "ask", "When did the send improvements RFC start?",
                         "--budget", "100", "--json")
    (fields,) = json.loads(out)["fields"].values()
    assert code == 0 and fields == {"start date": "2014-11-10"}, err
    # a key naming the kind of document the question takes out with its name ("RFC PR" of
    # "the Send RFC")
    code, out, err = run(indexed.db, "ask", "What is the PR number of the send improvements "
                         "RFC?", "--budget", "100")
    assert code == 0, err
    assert ("asked for, in the fields of 0458-send-improvements.md: rfc pr = "
            "rust-lang/rfcs#458" in out.splitlines()), out
    # and "number", the value's kind, is answered by it: it said "not in the evidence:
    # number" and "in none of the documents asked of: number" (of the Share RFC, whose
    # "Alternatives" say "a number of other names", it did not)
    assert "number" not in out.split("\n\n")[0], out
    code, out, err = run(indexed.db, "ask", "What is the PR number of the Send RFC?",
                         "--budget", "100", "--json")
    answer = json.loads(out)
    assert code == 0 and answer["missing"] == answer["absent"] == [], err
    assert answer["confidence"] == 1.0


def test_ask_says_no_document_has_the_title_the_question_names(indexed):
    # asked of 106 RFCs without it, "When did the trusted publishing RFC start?" printed the
    # lint reasons RFC's start date, the best match's, as the answer; nothing said the RFC
    # named was not there
    code, out, err = run(indexed.db, "ask", "When did the trusted send RFC start?",
                         "--budget", "100")
    assert code == 0, err
    assert ('no document asked of is titled "trusted send RFC" (no title or file name holds '
            "its words): the evidence is the best match's (`docnav show` lists the documents)"
            in out.splitlines()), out
    assert "asked for, in the fields of" not in out  # not the best match's start date
    code, out, err = run(indexed.db, "ask", "When did the trusted send RFC start?",
                         "--budget", "100", "--json")
    answer = json.loads(out)
    assert code == 0 and answer["untitled"] == ["trusted send RFC"] and answer["fields"] == {}
    # an RFC so titled: no such line
    code, out, err = run(indexed.db, "ask", "When did the send improvements RFC start?",
                         "--budget", "100", "--json")
    assert code == 0 and json.loads(out)["untitled"] == [], err


def test_ask_says_a_document_asked_who_wrote_it_has_no_author_field(indexed):
    code, out, err = run(indexed.db, "ask", "Who wrote the send improvements RFC?",
                         "--budget", "100")
    assert code == 0, err
    assert ("asked for, not in the fields of 0458-send-improvements.md: author (its fields: "
            "start date, rfc pr, rust issue)" in out.splitlines()), out


def test_ask_says_which_words_of_the_question_the_evidence_lacks(indexed):
    code, out, _ = run(indexed.db, "ask", "Send static bound zzyzxq", "--budget", "200")
    assert code == 0 and out.splitlines()[3:5] == ["not in the evidence: zzyzxq",
                                                   "in none of the documents asked of: zzyzxq"]
    code, out, _ = run(indexed.db, "ask", "zzyzxq qqxqq", "--budget", "200")
    assert code == 0 and out.splitlines()[3] == (
        "none of the question's words is in the evidence: the pieces below are only close in "
        "meaning")
    code, _, err = run(indexed.db, "ask", "the of and?")
    assert code == 2 and "no words to search for" in err
    # a question that is only a global cue has no words of its own to miss
    code, out, _ = run(indexed.db, "ask", "Summarise the main themes", "--budget", "200")
    assert code == 0 and out.startswith("route: global") and out.splitlines()[2] == ""
    assert out.splitlines()[1].startswith("stopped: ")  # why collecting stopped, no words


def test_ask_names_the_sections_a_missing_word_heads(indexed):
    # asked of one RFC, "drawbacks" is only a word: its Drawbacks section is not read first,
    # and the output says where a reader would look, with the id that docnav fetch takes
    args = ("ask", "What are the drawbacks of renaming Share?", "--doc", "*0123*",
            "--budget", "60")
    code, out, _ = run(indexed.db, *args)
    lines = out.splitlines()
    assert code == 0 and lines[1] == "not in the evidence: drawbacks"
    assert lines[2] == "sections headed by those words, not read (docnav fetch ID reads one):"
    short, breadcrumb = lines[3].split(maxsplit=1)
    assert breadcrumb == "0123-share-to-threadsafe › Drawbacks" and lines[5] == ""
    assert lines[4] == "stopped: the budget is spent (60 of 60 tokens)"
    code, out, _ = run(indexed.db, *args, "--json")
    (section,) = json.loads(out)["headed"]["drawbacks"]
    assert section.startswith(short)
    code, out, _ = run(indexed.db, "fetch", short)
    assert code == 0 and "The name Sync may invoke" in out  # the section's paragraph


def test_ask_says_which_document_of_several_it_read_first(indexed):
    # four RFCs asked of: the one whose paragraphs match best is read first, then all four
    code, out, _ = run(indexed.db, "ask", "Send static bound", "--budget", "200")
    assert code == 0 and out.splitlines()[1:3] == [
        "read first (up to 150 tokens): 0458-send-improvements.md, the best match of the 4 "
        "documents asked of",
        # the documents of the next best paragraphs: the question may be about one of them
        "next best: 0019-opt-in-builtin-traits.md (--doc asks one document alone)"]
    code, out, _ = run(indexed.db, "ask", "Send static bound", "--budget", "200",
                       "--doc", "*0458*")
    assert code == 0 and "read first" not in out  # one document asked of
    # a word of one document's title that no other document holds names that document
    code, out, _ = run(indexed.db, "ask", "What does the attribute usage lint check?",
                       "--budget", "200")
    assert code == 0 and out.splitlines()[1] == (
        'read first (up to 150 tokens): 0003-attribute-usage.md, the only one of the 4 '
        'documents asked of that says "attribute", a word of its title')
    assert "next best" not in out  # named: no other document is


@pytest.mark.parametrize("named_by, said", [
    ([], "the best match of the 26 documents asked of"),
    (["clamp"], 'the only one of the 26 documents asked of that says "clamp", a word of its '
                'title'),
    (["GC", "refcounting"], 'the only one of the 26 documents asked of that says "GC" and '
                            '"refcounting", words of its title'),
    (["a", "b", "c"], 'the only one of the 26 documents asked of that says "a", "b" and "c", '
                      'words of its title')])
def test_the_read_first_line_names_the_words_that_chose_the_document(named_by, said):
    from docnav.ask_text import read_first

    lead = {"document": "/rfcs/1961-clamp.md", "named_by": named_by, "next": [], "of": 26,
            "up_to": 300}
    assert read_first(lead) == f"read first (up to 300 tokens): 1961-clamp.md, {said}"


def test_the_read_first_line_names_the_title_words_that_chose_the_document():
    from docnav.ask_text import read_first

    lead = {"document": "/rfcs/1192-inclusive-ranges.md", "named_by": [], "next": [],
            "titled_by": ["inclusive", "ranges"], "of": 106, "up_to": 450}
    assert read_first(lead) == (
        "read first (up to 450 tokens): 1192-inclusive-ranges.md, the one of the 106 documents "
        'asked of whose title holds most of the question\'s words ("inclusive" and "ranges")')


def test_ask_says_a_question_asking_which_documents_was_asked_of_each(indexed):
    code, out, err = run(indexed.db, "ask", "Which RFCs change the Send trait?", "--budget",
                         "450")
    assert code == 0, err
    n, each = re.fullmatch(r'asked of the (\d) best documents, (\d+) tokens each, without '
                           r'"RFCs"', out.splitlines()[1]).groups()
    assert int(n) > 1 and int(each) == 450 // int(n)
    cited = re.findall(r"^\[\d+\] [0-9a-f]{12}  .+  \((.+)\)$", out, re.M)
    assert len(set(cited)) == int(n)
    # a budget for one document says what budget reads another that holds the words
    code, out, _ = run(indexed.db, "ask", "Which RFCs change the Send trait?", "--budget", "100")
    assert code == 0 and out.splitlines()[1] == ('asked of the best document alone, without '
                                                 '"RFCs" (--budget 300 reads one more)')
    code, out, _ = run(indexed.db, "ask", "Which RFCs change the Send trait?", "--budget", "300")
    # no other document holds them: no budget reads more
    assert code == 0 and out.splitlines()[1] == ('asked of the 2 best documents, 150 tokens '
                                                 'each, without "RFCs"')
    # a verb saying only that they are about it is not searched for either
    code, out, _ = run(indexed.db, "ask", "Which RFCs talk about the Send trait?", "--budget",
                       "300")
    assert code == 0 and out.splitlines()[1] == ('asked of the 2 best documents, 150 tokens '
                                                 'each, without "RFCs" or "talk about"')



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
    assert code == 0 and "which the question names" not in out
    assert "acme.md" in out and "globex.md" in out
    # naming both companies asks each one's filing with half the budget
    code, out, _ = run(db, "ask", "Total current assets of Globex and Acme Widgets?",
                       "--budget", "100")
    assert code == 0 and out.splitlines()[1] == ("asked of each company the question names, "
                                                 "50 tokens each: GLOBEX (1 filing), "
                                                 "ACME WIDGETS (1 filing)")
    assert out.index("globex.md") < out.index("acme.md")
    # a question about each company: every company's filings in turn
    code, out, _ = run(db, "ask", "What were each company's total current assets?", "--budget",
                       "100")
    assert code == 0 and out.splitlines()[1] == ("asked of each company in the store, 50 tokens "
                                                 "each: ACME WIDGETS (1 filing), GLOBEX (1 "
                                                 "filing)")
    # --doc chose the filing: the name is left out of the search, and the header says so
    code, out, _ = run(db, "ask", "What were Acme Widgets' total current assets?", "--doc",
                       "acme.md", "--budget", "100")
    assert code == 0 and out.splitlines()[1] == (
        "searched without ACME WIDGETS, the name of the filing asked")  # one: acme.md
    code, out, _ = run(db, "ask", "What were the company's total current assets?", "--doc",
                       "acme.md", "--budget", "100")
    assert code == 0 and out.splitlines()[1] == (
        'searched without ACME WIDGETS (or "the company"), the name of the filing asked')
    # a question that names no company says nothing of names left out ("What sections
    # does it have?" took the outline's words out and said "searched without ACME WIDGETS")
    for question in ("What sections does it have?", "Summarise the filing"):
        code, out, _ = run(db, "ask", question, "--doc", "acme.md", "--budget", "100")
        assert code == 0 and "acme.md" in out and "searched without" not in out, out


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
    (["--generate", "--no-verify", "--nli-model", "m", "--policy", "flag"],
     "--nli-model names the model of the check that --no-verify leaves out"),
], ids=["no-generate", "no-verify", "nli-model and no-verify"])
def test_ask_policy_drop_needs_generation_and_the_check(indexed, monkeypatch, extra, message):
    monkeypatch.setenv("DOCNAV_LLM_BASE_URL", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("DOCNAV_LLM_MODEL", "m")
    code, out, err = run(indexed.db, "ask", SEND, "--policy", "drop", *extra)
    assert code == 2 and out == "" and message in err


def test_ask_generate_with_no_evidence_says_no_answer_was_written(indexed, endpoint):
    # a counted answer has no evidence: no request was sent, and nothing said so
    code, out, err = run(indexed.db, "ask", "How many RFCs are there?", "--generate")
    assert code == 0 and endpoint.requests == 0, err
    assert ("note: --generate: no evidence was collected (the answer is a count of "
            "documents), so no answer was written from it") in err


def test_ask_generate_without_an_endpoint_names_the_settings(indexed, monkeypatch):
    monkeypatch.delenv("DOCNAV_LLM_BASE_URL", raising=False)
    code, out, err = run(indexed.db, "ask", SEND, "--generate")
    # the environment first: a library object's fields came first, on the command line
    assert code == 2 and out == "" and ("set DOCNAV_LLM_BASE_URL and DOCNAV_LLM_MODEL (or "
                                        "ChatOptions.base_url and .model)") in err


def test_ask_generate_of_no_store_says_so_before_the_nli_model(tmp_path, monkeypatch):
    """With no store at --db and an NLI model that does not load, `ask --generate` said the
    model could not be loaded; the store to index is the first thing to fix."""
    monkeypatch.setenv("DOCNAV_LLM_BASE_URL", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("DOCNAV_LLM_MODEL", "m")
    db = tmp_path / "none.duckdb"
    code, out, err = run(db, "ask", SEND, "--generate", "--nli-model",
                         str(tmp_path / "missing-model"))
    assert code == 2 and out == "" and f"{db}: no store here" in err and "NLI" not in err


@pytest.mark.parametrize("given", [["--no-verify"], ["--nli-model", "/models/nli"]])
def test_ask_no_verify_or_nli_model_without_generate_is_refused(indexed, given):
    # each was taken silently: there is no generated answer to check or not
    code, out, err = run(indexed.db, "ask", SEND, *given)
    assert code == 2 and out == "" and f"{given[0]} applies to a generated answer: add " \
                                       "--generate" in err




def test_evidence_from_a_document_whose_file_now_fails_says_so(tmp_path):
    # the previous version answers, as it should, but nothing said that the file had changed
    # into one that could not be indexed
    db = indexed_files(tmp_path, {"pump.md": "# Pump\n\nThe impeller seal lasts a year.\n",
                                  "notes.md": "# Notes\n\nNothing about seals here.\n"})
    (tmp_path / "docs" / "pump.md").write_bytes(b"\xff\xfe not text")
    assert index(db, tmp_path / "docs") == 1
    code, out, _ = run(db, "ask", "How long does the impeller seal last?", "--budget", "100")
    assert code == 0 and "The impeller seal lasts a year." in out
    assert ("from the version last indexed of pump.md: its file now fails (not valid UTF-8 "
            "text: invalid byte(s) ff at byte offset 0") in out
    code, out, _ = run(db, "ask", "How long does the impeller seal last?", "--budget", "100",
                       "--json")
    [stale] = json.loads(out)["stale"]
    assert stale["document"] == str(tmp_path / "docs" / "pump.md")
    assert stale["error"].startswith("not valid UTF-8 text")
    # as fetch and locate say it, on stderr
    note = (f"docnav: note: {tmp_path / 'docs' / 'pump.md'} is the version last indexed: its "
            "file now fails (not valid UTF-8 text")
    for args in (["fetch", "pump.md"], ["locate", "impeller seal", "-k", "1"]):
        code, out, err = run(db, *args)
        assert code == 0 and "impeller seal lasts" in out and err.startswith(note), args
    # a document of the evidence whose file indexes: nothing said
    code, out, _ = run(db, "ask", "What is in the notes?", "--doc", "notes.md")
    assert "from the version last indexed" not in out
    assert json.loads(run(db, "ask", "notes", "--doc", "notes.md", "--json")[1])["stale"] == []
    assert run(db, "fetch", "notes.md")[2] == ""


def test_a_failed_file_s_error_is_the_same_in_index_json_and_ask_json(tmp_path):
    # `index --json` gave "/.../pump.md: file is empty (0 bytes)", its path said twice, and
    # `ask --json`'s "stale" gave "file is empty (0 bytes)"
    db = indexed_files(tmp_path, {"pump.md": "# Pump\n\nThe impeller seal lasts a year.\n"})
    pump = tmp_path / "docs" / "pump.md"
    pump.write_bytes(b"")
    code, out, err = run(db, "index", str(tmp_path / "docs"), "--embed-model", "hashing",
                         "--no-summaries", "--no-progress", "--json")
    assert code == 1 and f"error: {pump}: file is empty (0 bytes)" in err.splitlines()
    assert json.loads(out)["failed"] == [{"path": str(pump), "error": "file is empty (0 bytes)"}]
    code, out, _ = run(db, "ask", "How long does the impeller seal last?", "--json")
    assert json.loads(out)["stale"] == [{"document": str(pump),
                                         "error": "file is empty (0 bytes)"}]


@pytest.mark.parametrize("model", ["missing", "no weights"])
def test_ask_generate_refuses_a_bad_nli_model_before_any_request(indexed, endpoint, tmp_path,
                                                                 model):
    """A bad --nli-model was said after the question and its evidence went to the chat
    endpoint (a paid request, and up to its timeout): it is said before any search."""
    from tests.conftest import NLI_MODEL, require

    folder = tmp_path / "nli"
    if model == "no weights":  # its config and tokenizer, not its weights
        folder.mkdir()
        for name in ("config.json", "tokenizer.json", "tokenizer_config.json"):
            (folder / name).symlink_to(require(NLI_MODEL) / name)
    endpoint.reply = "Send needs a static bound [1]."
    code, out, err = run(indexed.db, "ask", SEND, "--generate", "--nli-model", str(folder))
    assert code == 2 and out == "" and endpoint.requests == 0, err
    assert (f"NLI model folder {str(folder)!r} does not exist" if model == "missing"
            else f"cannot load NLI model {str(folder)!r}") in err, err
