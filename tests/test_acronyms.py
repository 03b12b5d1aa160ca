"""What an acronym stands for ("What does OLID stand for?", "What does DST mean?", "What is
RKS?"): the paragraph spelling it out is read first and the long form said. Searched as
words, "stand" and "mean" were missing from every answer, and a table row holding "DST" was
read before the definition."""

from __future__ import annotations

import pytest
from _cli import indexed_files, run
from _paths import FIXTURES
from _stores import indexed_copies

from docnav.query import Navigator
from docnav.query.acronyms import asked_acronym, definitions

OLID = "OLID (Offensive Language Identification Dataset) is a collection of English tweets"


@pytest.fixture(scope="module")
def papers(tmp_path_factory):
    """The offensive language paper ("OLID (Offensive Language ...)", "Random kitchen sink
    (RKS)") and the dialogue state tracking paper ("A Dialogue State Tracker (DST) is ..."),
    read by the native PDF pipeline."""
    return indexed_copies(tmp_path_factory.mktemp("papers"),
                          [FIXTURES / "pdf" / n for n in ("2001.03131.pdf", "1909.00754.pdf")])


def test_a_question_asking_what_an_acronym_stands_for():
    assert asked_acronym("What does OLID stand for?") == ("OLID", "stand for")
    assert asked_acronym("what does the acronym DST mean in the paper?") == ("DST", "mean")
    assert asked_acronym("What is the meaning of CRF?") == ("CRF", "meaning")
    assert asked_acronym("What is RKS?") == ("RKS", "")
    # a name of one capital is no acronym; nor is a question asking more of it
    for question in ("What is Adobe?", "What is RKS used for?", "What does the model mean?"):
        assert asked_acronym(question) is None, question


def test_the_long_form_is_read_where_the_text_spells_it_out(papers):
    spelled = {a: [(d.long_form, papers.node(d.node_id).text) for d in
                   definitions(papers, a, None)] for a in ("OLID", "DST", "RKS", "GloVe",
                                                           "COMER")}
    assert [(f, t[:60]) for f, t in spelled["OLID"]] == [
        ("Offensive Language Identification Dataset", OLID[:60])]
    assert [(f, t[:40]) for f, t in spelled["DST"]] == [
        ("Dialogue State Tracker", "A Dialogue State Tracker (DST) is a core")]
    ((form, text),) = spelled["RKS"]  # in the abstract
    assert form == "Random kitchen sink" and "Random kitchen sink (RKS)" in text
    assert spelled["GloVe"] == []  # "GloVe (Pennington et al., 2014)" spells nothing out
    # letters that are not its words' initials (the "N" of "Network" left out)
    ((form, text),) = spelled["COMER"]
    assert form == "COnditional MEmory Relation Network"
    assert "the COnditional MEmory Relation Network (COMER), a scalable" in text
    answer = Navigator(papers).ask("What does OLID stand for?", 200)
    assert answer.evidence[0].piece.text.startswith(OLID)
    assert answer.missing == [] and answer.confidence == 1.0
    (step,) = [s for s in answer.trace if s.get("over") == "paragraphs spelling the acronym out"]
    assert step["long_forms"] == ["Offensive Language Identification Dataset"]
    # none spelled out: still no missing "stand"
    assert "stand" not in Navigator(papers).ask("What does GloVe stand for?", 200).missing


def test_ask_says_the_long_form(tmp_path):
    db = indexed_files(tmp_path, {"paper.md": (
        "# A tagger\n\n## Method\n\nNER is hard for Armenian. We train a tagger for named "
        "entity recognition (NER) on Wikipedia.\n\n## Results\n\nNER F1 is 62.\n")})
    code, out, _ = run(db, "ask", "What does NER stand for?")
    assert code == 0
    assert "NER: named entity recognition (paper.md)" in out, out


def test_short_words_of_a_long_form_may_be_left_out_of_its_acronym(tmp_path):
    from _stores import indexed_graph

    graph = indexed_graph(tmp_path, {"paper.md": (
        "# A paper\n\n## Venue\n\nIt appeared at the Association for Computational Linguistics "
        "(ACL) meeting.\n\nThe ACL anthology holds it.\n")})
    assert [d.long_form for d in definitions(graph, "ACL", None)] == [
        "Association for Computational Linguistics"]



def test_an_acronym_of_letters_inside_its_words(tmp_path):
    """"COnditional MEmory Relation Network (COMER)", "Penn Discourse Treebank (PDTB)",
    "BiDirectional Attention Flow (BiDAF)", "targeted insult (TIN)": the acronym's letters in
    order, its first opening the long form (Schwartz and Hearst's rule), where the words'
    initials are not the acronym; no long form where the letters are not there, or the
    first word does not open with the first letter."""
    from _stores import indexed_graph

    graph = indexed_graph(tmp_path, {"paper.md": (
        "# A paper\n\n## Data\n\nWe use the Penn Discourse Treebank (PDTB) and tweets. "
        "Labels are targeted insult (TIN) or untargeted (UNT).\n\n## Model\n\nOur model is "
        "fast and small (FSX) and a strong baseline (ZQ), a useful baseline (SB). We introduce a "
        "\"mid-level IR\" (MIR) into it.\n")})
    spelled = {a: [d.long_form for d in definitions(graph, a, None)]
               for a in ("PDTB", "TIN", "UNT", "FSX", "ZQ", "SB", "MIR")}
    assert spelled == {"PDTB": ["Penn Discourse Treebank"], "TIN": ["targeted insult"],
                       "UNT": ["untargeted"], "FSX": [], "ZQ": [], "SB": [],
                       "MIR": ["mid-level IR"]}  # quoted: Rust's RFC 1211


def test_an_acronym_used_is_searched_with_its_long_form(tmp_path):
    """"Who is the CEO of Adobe?" read Mr. Wadhwani, once "CEO of AppDynamics": Adobe's 10-K
    calls Shantanu Narayen its "Chief Executive Officer", never its CEO. A question's acronym
    is searched with its long form too (the documents' own, else a filing's usual one), and a
    piece holding the long form holds the acronym."""
    from _stores import indexed_graph

    graph = indexed_graph(tmp_path, {"officers.md": (
        "# Pump Co annual report\n\n## Executive officers\n\nAda Byron 59 Chairman and Chief "
        "Executive Officer\n\nMr. Wadhwani joined in 2021. He was President and CEO of "
        "AppDynamics, a software company, and led its sales.\n\nBo Li 50 Chief Financial "
        "Officer\n\n## Pumps\n\nThe rotary pump (RP) moves water. Each RP has a seal.\n")})
    answer = Navigator(graph).ask("Who is the CEO?", 40)
    assert answer.evidence[0].piece.text.startswith("Ada Byron 59 Chairman"), [
        e.piece.text[:30] for e in answer.evidence]
    assert answer.absent == []
    # the long form alone read: no word missing, the confidence whole
    alone = Navigator(graph).ask("Who is the CEO?", 16)
    assert [e.piece.text for e in alone.evidence] == [
        "Ada Byron 59 Chairman and Chief Executive Officer"]
    assert alone.missing == [] and alone.confidence == 1.0
    # missing from the evidence read, but no word no document holds: one holds its long form
    other = Navigator(graph).ask("Did Wadhwani lead AppDynamics software sales as CFO?", 16)
    assert "cfo" in other.missing and "cfo" not in other.absent, other.absent
    (step,) = [s for s in answer.trace if s["op"] == "spell out"]
    assert step["acronyms"] == {"CEO": "Chief Executive Officer"}
    # a document's own long form first; none for an acronym asked the meaning of
    from docnav.query.acronyms import spelled_out
    assert spelled_out(graph, "How many seals does an RP have?", None) == {"RP": "rotary pump"}
    assert spelled_out(graph, "What does RP stand for?", None) == {}
    assert spelled_out(graph, "Who is the XYZ?", None) == {}
    db = tmp_path / "g.duckdb"
    code, out, _ = run(db, "ask", "Who is the CFO?", "--budget", "40")
    assert code == 0
    assert "searched with the long forms too: CFO (Chief Financial Officer)" in out
    assert "Bo Li 50 Chief Financial Officer" in out


def test_the_long_forms_are_said_once_when_each_document_is_asked(tmp_path):
    # asked of each document in turn, each part spelled CFO out: the line came once a part
    from _cli import run
    from _stores import indexed_graph

    indexed_graph(tmp_path, {f"{co}.md": f"# {co} annual report\n\n## Officers\n\nBo {co} 50 "
                             "Chief Financial Officer\n" for co in ("acme", "bolt")})
    code, out, err = run(tmp_path / "g.duckdb", "ask", "Who is the CFO of each document?")
    assert code == 0, err
    assert "asked of each of the 2 documents in turn" in out, out
    assert out.splitlines().count(
        "searched with the long forms too: CFO (Chief Financial Officer)") == 1, out


def test_each_document_s_first_definition_the_documents_using_it_most_first(tmp_path):
    from _stores import indexed_graph

    graph = indexed_graph(tmp_path, {
        "a.md": "# Notes\n\n## Aside\n\nA rotary press (RP) prints.\n",
        "b.md": ("# Pumps\n\n## Intro\n\nThe rotary pump (RP) moves water.\n\n## Seals\n\nEach "
                 "RP has a seal. A rotary pump (RP) of steel lasts.\n\n## Care\n\nOil the RP "
                 "yearly.\n")})
    assert [(d.long_form, graph.node(d.node_id).path.rsplit("/", 1)[1])
            for d in definitions(graph, "RP", None)] == [
        ("rotary pump", "b.md"), ("rotary press", "a.md")]
    # b.md's first, where it is first used: not its second, in "Seals"
    assert graph.node(definitions(graph, "RP", None)[0].node_id).text.startswith("The rotary")


def test_a_common_word_in_capitals_is_no_acronym_to_look_up(tmp_path):
    # "WHO IS THE CEO?": "WHO", "IS" and "THE" have no search terms; every paragraph holds none
    from _stores import indexed_graph

    from docnav.query.acronyms import spelled_out

    graph = indexed_graph(tmp_path, {"a.md": (
        "# A\n\n## B\n\nWe track the time (WT) here. Information Systems (IS) run it.\n")})
    assert definitions(graph, "IS", None) == []  # "is", whatever a text spells "(IS)" as
    assert spelled_out(graph, "WHO IS THE CEO?", None) == {"CEO": "Chief Executive Officer"}


def test_a_question_too_long_is_said_before_its_acronyms_are_looked_up(tmp_path, monkeypatch):
    """A 10,000-character question of capitals was looked up acronym by acronym (1.6 s on the
    three 10-Ks) before "too long" was said; and a question near the longest, its long forms
    added, was "too long" for the search."""
    from _stores import indexed_graph

    import docnav.query.navigator as navigator_module
    from docnav.errors import InputError

    graph = indexed_graph(tmp_path, {"officers.md": (
        "# Pump Co\n\n## Officers\n\nAda Byron is our CEO and Chairman.\n")})
    long = " ".join(["Who is the CEO?"] * 140)[:1995]
    answer = Navigator(graph).ask(long, 40)  # searched without the long form: no room
    assert [e.piece.text for e in answer.evidence] == ["Ada Byron is our CEO and Chairman."]
    assert [s["acronyms"] for s in answer.trace if s["op"] == "spell out"] == [
        {"CEO": "Chief Executive Officer"}]
    monkeypatch.setattr(navigator_module, "spell_out",
                        lambda *a: (_ for _ in ()).throw(AssertionError("looked up")))
    with pytest.raises(InputError, match="characters is too long"):
        Navigator(graph).ask("CEO " * 2500, 40)


def test_the_document_spelling_the_acronym_out_is_read_first(tmp_path):
    """"What is MIR?" of 107 RFCs read the NLL RFC first, which uses MIR throughout; RFC
    1211 spells it out ('Introduce a "mid-level IR" (MIR) into the compiler')."""
    from docnav.query.passages import BEST_DOCUMENT

    db = indexed_files(tmp_path, {
        "nll.md": ("# Non-lexical lifetimes\n\n## Design\n\nThe MIR borrow check runs on MIR. "
                   "MIR lvalues and MIR statements: what is MIR here is MIR as built.\n\n"
                   "## More\n\nEach MIR block ends a MIR scope.\n"),
        "mir.md": ("# Mid-level IR\n\n## Summary\n\nIntroduce a \"mid-level IR\" (MIR) into the "
                   "compiler.\n\n## Motivation\n\nLowering is simpler on it.\n"),
        "pumps.md": "# Pumps\n\n## Seals\n\nSeals wear out.\n"})
    from docnav.query import DocNavGraph
    from docnav.embed import HashingEmbedder

    graph = DocNavGraph.open(db, embedder=HashingEmbedder())
    answer = Navigator(graph).ask("What is MIR?", 60)
    (lead,) = [s for s in answer.trace if s.get("over") == BEST_DOCUMENT]
    assert (lead["document"].rsplit("/", 1)[1], lead["defines"]) == ("mir.md", "MIR")
    code, out, _ = run(db, "ask", "What is MIR?", "--budget", "60")
    assert code == 0
    assert ("read first (up to 45 tokens): mir.md, the one of the 3 documents asked of that "
            "spells MIR out") in out, out


def test_an_acronym_s_definitions_are_looked_up_once_a_question(tmp_path, monkeypatch):
    """The document read first and the definitions read both want the paragraphs spelling
    "What is MIR?"'s acronym out: one search of every paragraph holding it, not two."""
    from docnav.embed import HashingEmbedder
    from docnav.query import DocNavGraph, acronyms, passages

    db = indexed_files(tmp_path, {
        "mir.md": ("# Mid-level IR\n\n## Summary\n\nIntroduce a \"mid-level IR\" (MIR) into the "
                   "compiler.\n"),
        "nll.md": "# Non-lexical lifetimes\n\n## Design\n\nThe borrow check runs on MIR.\n"})
    graph = DocNavGraph.open(db, embedder=HashingEmbedder())
    looked_up = []
    lookup = acronyms.definitions
    for module in (acronyms, passages):  # wherever it is called from
        monkeypatch.setattr(module, "definitions",
                            lambda *a: looked_up.append(a[1]) or lookup(*a), raising=False)
    answer = Navigator(graph).ask("What is MIR?", 60)
    assert looked_up == ["MIR"]
    assert [s["acronym"] for s in answer.trace if s.get("over", "").startswith(
        "paragraphs spelling")] == ["MIR"]  # both still had them
