"""The native PDF reader's paragraphs across the breaks of a page: a list item with the lines
it wraps onto, and a paragraph that a column break, a footnote, a caption, a table or a figure
cuts in two (``docnav.parse._pdf_paragraphs.merge_runons``), over the fixture papers."""

from __future__ import annotations

import pytest
from _parsing import NATIVE
from _paths import FINANCEBENCH, FIXTURES, require

from docnav.model import BlockKind
from docnav.parse import parse_file


def test_a_list_item_keeps_the_lines_it_wraps_onto():
    """1912.01214's bullets wrap with a hanging indent: each item held its first line ("•
    Pivot-based Method is a common strategy to obtain a") and the rest became a paragraph of its
    own ("source→target model by introducing a pivot language. ..."), one starting "Zoph et al.
    (2016), ..." after "... introduced for NMT by", one "gual or source↔pivot bilingual data."
    after "... monolin-". After body text a column break's upper-case line stays apart: it is
    as often a caption or a footnote."""
    parsed = parse_file(require(FIXTURES / "pdf" / "1912.01214.pdf"), NATIVE)
    items = [b.text for b in parsed.blocks if b.kind is BlockKind.LIST_ITEM]
    texts = [b.text for b in parsed.blocks if b.kind is BlockKind.TEXT]
    assert any(t.startswith("Pivot-based Method is a common strategy to obtain a source→target "
                            "model by introducing a pivot language.") for t in items)
    assert any(t.startswith("Transfer Learning is firstly introduced for NMT by Zoph et al. "
                            "(2016), which") for t in items)
    assert ("Pre-train a universal encoder with source/pivot monolingual or source↔pivot "
            "bilingual data.") in items
    assert not any(t.startswith(("source→target model", "Zoph et al.", "gual or"))
                   for t in texts)
    caption = parse_file(require(FIXTURES / "pdf" / "1809.01202.pdf"), NATIVE)
    assert any(b.kind is BlockKind.CAPTION and b.text.startswith("Figure 1: A casual relation")
               for b in caption.blocks)


def test_a_footnote_at_a_column_s_foot_does_not_cut_the_paragraph_it_falls_into():
    """1705.07830's page 5 sets a column's footnotes ("1 https://github.com/google/
    sentencepiece", "2 http://knowitall...") between "... out of the original 35M. The" and
    the next column's "refined model has visibly better quality ...": the footnotes and
    "refined model ..." were one paragraph, the sentence cut in two. The footnote is placed
    after the paragraph, which goes on across it."""
    parsed = parse_file(require(FIXTURES / "pdf" / "1705.07830.pdf"), NATIVE)
    texts = [b.text for b in parsed.blocks]
    assert any("out of the original 35M. The refined model has visibly better quality" in t
               for t in texts)
    assert any("The AQA-QR reformulator has a BLEU score of 8.6" in t for t in texts)
    notes = [i for i, t in enumerate(texts)
             if t.startswith("1 https://github.com/google/sentencepiece")]
    assert len(notes) == 1 and texts[notes[0]].endswith("knowitall.cs.washington.edu/paralex/")
    assert "refined model has visibly better" in texts[notes[0] - 1]
    # a web address broken over two lines stays the footnote's ("5 http://nlp.stanford.edu/
    # data/glove." / "twitter.27B.zip"), not the end of the paragraph before it
    parsed = parse_file(require(FIXTURES / "pdf" / "1909.00754.pdf"), NATIVE)
    assert "1 The code is released at https://github.com/ renll/ComerNet" in [
        b.text for b in parsed.blocks]


def test_a_caption_set_between_two_parts_of_a_paragraph_does_not_cut_it():
    """1809.01202 sets Figure 1's caption between "... relationships with life satisfaction,
    quality of" and "life, and length of life (Scheier et al., 1989; ...)", 1909.00754 a figure
    between "Different from pre-" and "vious methods ...": each was two paragraphs. A complete
    caption after running text that stops in mid-sentence goes after the paragraph, which goes
    on across it; after a table's row or a figure's label it stays where it is."""
    parsed = parse_file(require(FIXTURES / "pdf" / "1809.01202.pdf"), NATIVE)
    texts = [b.text for b in parsed.blocks]
    assert any("life satisfaction, quality of life, and length of life (Scheier" in t
               for t in texts)
    caption = next(i for i, b in enumerate(parsed.blocks) if b.kind is BlockKind.CAPTION
                   and b.text.startswith("Figure 1: A casual relation"))
    assert "quality of life, and length of life" in texts[caption - 1]
    parsed = parse_file(require(FIXTURES / "pdf" / "1909.00754.pdf"), NATIVE)
    assert any("Different from previous methods which formulate" in b.text
               for b in parsed.blocks)
    # "Total 1,598 7,015" (a table's last row) is no running text to go on with
    parsed = parse_file(require(FIXTURES / "pdf" / "1809.01202.pdf"), NATIVE)
    assert "Total 1,598 7,015" in [b.text for b in parsed.blocks]


def test_a_footnote_and_captions_after_it_do_not_cut_the_paragraph_they_fall_into():
    """1909.00754's page 2: "... to generate sample responses that" / the column's footnote
    ("1 The code is released at https://github.com/" / "renll/ComerNet") / Figure 1's and
    Figure 2's captions / "return information about Chinese restaurants. ...": once the
    address's second line had gone on in the footnote, the footnote stood for the paragraph,
    and the captions after it, which follow no running text, stayed in place."""
    parsed = parse_file(require(FIXTURES / "pdf" / "1909.00754.pdf"), NATIVE)
    texts = [b.text for b in parsed.blocks]
    joined = next(i for i, t in enumerate(texts)
                  if "generate sample responses that return information about Chinese" in t)
    assert texts[joined + 1] == "1 The code is released at https://github.com/ renll/ComerNet"
    assert [b.kind for b in parsed.blocks[joined + 2: joined + 4]] == [BlockKind.CAPTION] * 2
    assert not any(t.startswith("return information") for t in texts)


@pytest.mark.parametrize("name, start", [
    ("1909.00754.pdf", "Figure 1 shows a multi-domain dialogue"),
    ("1705.07830.pdf", "Table 1 shows the results."),
    ("2001.03131.pdf", "Figure 1 show the block diagram"),
])
def test_a_paragraph_that_opens_by_naming_a_figure_is_no_caption(name, start):
    """"Figure 1 shows a multi-domain dialogue in which ..." is running text about the figure,
    not its caption ("Figure 1: An example dialogue ..."): it was a caption, which summaries
    leave out and which is held aside where it falls into a paragraph."""
    parsed = parse_file(require(FIXTURES / "pdf" / name), NATIVE)
    [block] = [b for b in parsed.blocks if b.text.startswith(start)]
    assert block.kind is BlockKind.TEXT
    assert any(b.kind is BlockKind.CAPTION for b in parsed.blocks)  # its real captions stay


def test_a_table_or_figure_set_between_two_parts_of_a_paragraph_does_not_cut_it():
    """1809.01202's page 6: "... achieved the lowest accuracies ((Biran and McK-" / a table's
    rows / "Table 5: ..." / "eown, 2015) and (Lin et al., 2014) ..."; 1909.00754's page 6:
    "... (Wen et al., 2017). It consists" / Table 2's rows and caption / "of 1,200 dialogues
    ...": each was two paragraphs. The paragraph goes on across the float, which follows it.
    A table's head row is no paragraph to go on ("Causality messages CE DA Total DA Training
    1,278 5,606"), nor is a web address's end one to go on with ("twitter.27B.zip"), nor does
    what follows an equation after the caption ("h(x) =")."""
    parsed = parse_file(require(FIXTURES / "pdf" / "1809.01202.pdf"), NATIVE)
    texts = [b.text for b in parsed.blocks]
    joined = next(i for i, t in enumerate(texts) if "the lowest accuracies ((Biran and McK" in t)
    assert "eown, 2015) and (Lin et al., 2014) in Table 3). This result" in texts[joined]
    assert texts[joined + 2].startswith("Table 5: Causal explanation identification")
    assert "The Linear SVM obtained lowest F1 while the LSTM model" in " ".join(texts)
    assert not any(t.startswith(("eown, 2015)", "tained lowest F1")) for t in texts)
    assert not any("5,606 build a recursive neural network" in t for t in texts)
    assert "twitter.27B.zip" in texts
    parsed = parse_file(require(FIXTURES / "pdf" / "1909.00754.pdf"), NATIVE)
    texts = [b.text for b in parsed.blocks]
    assert any("(Wen et al., 2017). It consists of 1,200 dialogues from the restaurant" in t
               for t in texts)
    assert "h(x) =" in texts


def test_a_copyright_notice_at_a_column_s_foot_is_set_aside_as_a_footnote():
    """AAAI's first page sets "Copyright c© 2020, Association for the Advancement of
    Artificial Intelligence (www.aaai.org). All rights reserved." at the first column's foot:
    1912.01214's "... a high-resource pivot→target model (parent) to ini-" / footnote /
    notice / Figure 1's caption / "tialize a low-resource ..." was two paragraphs, 1801.05147's
    "... Thus" / "majority work directly build models ..." too."""
    for name, joined in (("1912.01214.pdf", "model (parent) to initialize a low-resource"),
                         ("1801.05147.pdf", "to reach an agreement. Thus majority work")):
        texts = [b.text for b in parse_file(require(FIXTURES / "pdf" / name), NATIVE).blocks]
        at = next(i for i, t in enumerate(texts) if joined in t)
        assert texts[at + 2].startswith("Copyright c© 20")
        assert not any(t.startswith(("tialize a low-resource", "majority work")) for t in texts)


def test_a_quotation_closed_in_mid_sentence_does_not_end_the_paragraph():
    """1801.05147: '... For example, the label before "I-XX"' / 'must be either "B-XX" or
    "I-XX", ...' across a column break was two paragraphs: the closing quote was taken for a
    sentence's end. A parenthesis is not read so: an equation's number "(1)" ends its line
    before "where ...", and a caption's "(CE DA)" before the text after it."""
    texts = [b.text for b in parse_file(require(FIXTURES / "pdf" / "1801.05147.pdf"),
                                        NATIVE).blocks]
    assert any('the label before "I-XX" must be either "B-XX" or "I-XX"' in t for t in texts)
    assert "where W and b are both model parameters." in texts


def test_a_word_hyphenated_at_a_line_end_keeps_a_capital_s_hyphen_without_the_space():
    """A hyphen at a line's end after a lower-case letter is hyphenation, taken out
    ("informa-" + "tion"); after a capital or a digit it is the word's own, and was left with
    the line break's space: "E- commerce", "RNN- based models", "N- gram", "53400- token
    corpus"."""
    texts = {name: " ".join(b.text for b in parse_file(
        require(FIXTURES / "pdf" / name), NATIVE).blocks)
        for name in ("1801.05147.pdf", "1809.01202.pdf", "1810.08699.pdf")}
    assert "important for E-commerce platform" in texts["1801.05147.pdf"]
    assert "they used RNN-based models" in texts["1809.01202.pdf"]
    assert "a random forest with N-gram" in texts["1809.01202.pdf"]
    assert "another 53400-token corpus" in texts["1810.08699.pdf"]
    assert "300-dimensional" in texts["1810.08699.pdf"]
    # a name broken after a capital, written whole in the works cited ("Kathleen McKeown")
    assert "the lowest accuracies ((Biran and McKeown, 2015)" in texts["1809.01202.pdf"]
    assert not any(m in t for t in texts.values() for m in ("E- commerce", "RNN- based",
                                                             "N- gram", "DA- level"))


@pytest.mark.parametrize("lines, joined", [
    (["the informa-", "tion retrieved"], "the information retrieved"),
    (["E-", "commerce platforms"], "E-commerce platforms"),
    (["short-", "and long-term goals"], "short- and long-term goals"),
    (["low-", "or no-interest financing"], "low- or no-interest financing"),
    (["short-", "to intermediate-term funds"], "short- to intermediate-term funds"),
    (["AI-", "and machine-driven"], "AI- and machine-driven"),
    (["a dash -", "then more"], "a dash - then more"),
    # a range or a name with a number, cut at its hyphen ("602- 610", "GPT- 2")
    (["Neural Networks 18(5):602-", "610."], "Neural Networks 18(5):602-610."),
    (["a GPT-", "2 model"], "a GPT-2 model"),
    (["Revenue", "rose"], "Revenue rose"),
])
def test_joined_lines_keep_a_hyphen_left_hanging_for_a_later_word(lines, joined):
    # "short-" at a line end then "and long-term": hyphenation was undone, "shortand long-term"
    from docnav.parse._pdf_lines import Line
    from docnav.parse._pdf_paragraphs import join_lines

    assert join_lines([Line(t, 1, 0, 10 * i, 100, 10 * i + 9) for i, t in enumerate(lines)]) \
        == joined


@pytest.mark.parametrize("lines, joined", [
    (["paved the way for self-", "publishing, blogging"], "paved the way for self-publishing, "
     "blogging"),
    (["a state-", "of-the-art model"], "a state-of-the-art model"),
    (["from non-", "experts; non-experts"], "from non-experts; non-experts"),
    (["some non-", "linear maps; nonlinear ones"], "some nonlinear maps; nonlinear ones"),
    (["the informa-", "tion retrieved"], "the information retrieved"),
    (["is self-", "ish"], "is selfish"),
    # a compound broken inside its last part is hyphenation (a review's finding: "three-
    # dimen-sional"); one whose last part the document writes alone keeps its hyphen
    (["the three-dimen-", "sional model"], "the three-dimensional model"),
    (["the cost-effec-", "tiveness was"], "the cost-effectiveness was"),
    (["business-to-", "everyone sales reach everyone"],
     "business-to-everyone sales reach everyone"),
    (["a state-of-the-", "art model, state-of-the-art"], "a state-of-the-art model, "
     "state-of-the-art"),
    # after a capital the hyphen is the word's own unless the document writes it whole
    (["(Biran and McK-", "eown, 2015); McKeown showed"], "(Biran and McKeown, 2015); McKeown "
     "showed"),
    (["(Biran and McK-", "eown, 2015)"], "(Biran and McK-eown, 2015)"),
    (["BERT-", "based models"], "BERT-based models"),
    (["an X-", "ray image"], "an X-ray image"),
])
def test_a_hyphen_the_word_had_before_its_line_broke_stays(lines, joined):
    """Line-end hyphens were all taken for breaks put into a word: "self-" / "publishing" read
    "selfpublishing" (multi_page.pdf), "cloud-" / "based" "cloudbased" (Adobe's 10-K). A
    compound of three parts, one the document writes with the hyphen more often than without,
    or one of "self" keeps it."""
    from docnav.parse._pdf_lines import Line
    from docnav.parse._pdf_paragraphs import join_lines, mark_word_hyphens

    marked = mark_word_hyphens([Line(t, 1, 0, 10 * i, 100, 10 * i + 9)
                                for i, t in enumerate(lines)])
    assert join_lines(marked) == joined


@pytest.mark.parametrize("lines, joined", [
    (["Sarikaya, R.; and Fosler-", "Lussier, E. 2017."], "Sarikaya, R.; and Fosler-Lussier, E. "
     "2017."),
    (["the baseline LSTM-", "CRF and our models"], "the baseline LSTM-CRF and our models"),
    (["the private Bi-", "LSTM, in order"], "the private Bi-LSTM, in order"),
    (["certain non-", "GAAP financial information"], "certain non-GAAP financial information"),
    (["Report on Form 10-", "Q for the Quarter"], "Report on Form 10-Q for the Quarter"),
    # a dash set between two phrases after a lower-case word keeps its space (1809.01202)
    (["types of positive samples-", "Bhatia used a schema"], "types of positive samples- Bhatia "
     "used a schema"),
    (["in Note 1-", "Description of Business"], "in Note 1- Description of Business"),
    (["Short-", "And Long-Term Debt"], "Short- And Long-Term Debt"),
    # a word the document writes whole was broken there
    (["referred to as AL-", "Crowd) is compared; ALCrowd wins"], "referred to as ALCrowd) is "
     "compared; ALCrowd wins"),
])
def test_a_hyphen_before_a_capital_at_a_line_end_loses_its_space(lines, joined):
    """Lines were joined with a space after a hyphen before a capital: "Fosler- Lussier"
    (1801.05147), "Sarbanes- Oxley", "non- GAAP" (the 10-Ks)."""
    from docnav.parse._pdf_lines import Line
    from docnav.parse._pdf_paragraphs import join_lines, mark_word_hyphens

    marked = mark_word_hyphens([Line(t, 1, 0, 10 * i, 100, 10 * i + 9)
                                for i, t in enumerate(lines)])
    assert join_lines(marked) == joined


def test_a_hyphen_before_a_capital_loses_its_space_in_real_pdfs():
    texts = [b.text for b in parse_file(require(FIXTURES / "pdf" / "1801.05147.pdf"),
                                        NATIVE).blocks]
    assert any("Sarikaya, R.; and Fosler-Lussier, E. 2017." in t for t in texts)
    assert any("in the baseline LSTM-CRF and our final models" in t for t in texts)
    assert not any("Fosler- Lussier" in t or "Bi- LSTM" in t for t in texts)
    texts = [b.text for b in parse_file(require(FIXTURES / "pdf" / "1809.01202.pdf"),
                                        NATIVE).blocks]
    assert any("types of positive samples- Bhatia used" in t for t in texts)


def test_a_compound_broken_at_its_hyphen_keeps_it_in_a_real_pdf():
    texts = [b.text for b in parse_file(require(FIXTURES / "pdf" / "multi_page.pdf"),
                                        NATIVE).blocks]
    assert any("paved the way for self-publishing, blogging" in t for t in texts)


def test_a_compound_s_hyphen_is_kept_across_a_table_set_inside_its_paragraph():
    """1909.00754's page 1 reads "... In a recently proposed multi-", Table 1's rows ("DST
    Models ITC ..."), then "domain dialogue state tracking dataset": the hyphen was judged
    against the table's row, the line after it in reading order, and taken out
    ("multidomain") once the paragraph went on across the table; the paper writes
    "multi-domain" elsewhere."""
    texts = [b.text for b in parse_file(require(FIXTURES / "pdf" / "1909.00754.pdf"),
                                        NATIVE).blocks]
    assert any("In a recently proposed multi-domain dialogue state tracking dataset" in t
               for t in texts)
    assert not any("multidomain" in t for t in texts)


def test_a_bullet_in_a_symbol_font_keeps_the_line_it_wraps_onto():
    """A bullet glyph set in a symbol font gives its line that font: the next line, in the
    text's font under the text, was taken for a new paragraph wherever the words could not
    say it went on (multi_page.pdf's "• Legal Document Processors: ... for legal
    professionals, like" / "WordPerfect, offered ...", the Redbook's "... both USER and
    CURRENT" / "USER having the value of ALICE.")."""
    def items(name):
        return [" ".join(b.text.split()) for b in parse_file(
            require(FIXTURES / "pdf" / name), NATIVE).blocks if b.kind is BlockKind.LIST_ITEM]

    assert any(t.startswith("Legal Document Processors: Word processors tailored for legal "
                            "professionals, like WordPerfect, offered") for t in items(
                                "multi_page.pdf"))
    assert any(t.endswith("both USER and CURRENT USER having the value of ALICE.")
               for t in items("redp5110_sampled.pdf"))


def test_a_table_whose_head_rows_read_as_text_does_not_cut_the_paragraph_it_falls_into():
    """1912.01214 sets Table 2 atop page 5 between "... which has parallel data" and "with
    other three languages ...", and Table 3 with Figure 3 atop page 6 inside "... thanks to the
    shared en-" / "coder trained on ...": the tables' head rows, read as lines of text
    ("Direction Fr →Es En→Es De→Fr ... Baselines", capitalised), stopped the paragraph from
    going on across them. A footnote is no paragraph to go on from, and is part of the float:
    1809.01202's "3 RST parsing builds ... from social media texts" (five lines at page 3's
    foot, too tall for a footnote at a column's foot) comes between "... Then, we" and, after
    Tables 1 and 2, "build a recursive neural network model ..."."""
    texts = [b.text for b in parse_file(require(FIXTURES / "pdf" / "1912.01214.pdf"),
                                        NATIVE).blocks]
    assert any("which has parallel data with other three languages which do not have" in t
               for t in texts)
    assert any("thanks to the shared encoder trained on both large-scale monolingual" in t
               for t in texts)
    assert not any(t.startswith(("with other three languages", "coder trained")) for t in texts)
    texts = [b.text for b in parse_file(require(FIXTURES / "pdf" / "1809.01202.pdf"),
                                        NATIVE).blocks]
    assert any("discourse parsing. Then, we build a recursive neural network model" in t
               for t in texts)
    assert not any("social media texts build" in t for t in texts)
    assert any(t.startswith("3 RST parsing builds") and t.endswith("from social media texts")
               for t in texts)


def test_footnotes_alone_between_the_parts_of_a_paragraph_do_not_cut_it():
    """1809.01202's page 2: "... work better than the LSTM classifier for the causality" /
    footnotes 1 and 2 (too tall for a column's foot) / "detection, while the LSTM classifier
    ..." was two paragraphs. A footnote's web address broken over two lines is not what goes
    on ("... the discourse argu-" / "5 http://nlp.stanford.edu/data/glove." /
    "twitter.27B.zip" stays the note's end)."""
    texts = [b.text for b in parse_file(require(FIXTURES / "pdf" / "1809.01202.pdf"),
                                        NATIVE).blocks]
    assert any("the LSTM classifier for the causality detection, while the LSTM classifier "
               "outperforms" in t for t in texts)
    assert any(t.startswith("1 Off-the-shelf Penn Discourse Treebank") for t in texts)
    assert not any(t.startswith("detection, while") for t in texts)
    assert "twitter.27B.zip" in texts


def test_a_list_item_goes_on_after_a_semicolon_a_parenthesis_or_an_abbreviation():
    """A list item whose line stops at "(VR)" or ";" went on in a paragraph of its own ("...
    virtual reality (VR)" / "technology advance, users may ..."; Best Buy's "... National
    Labor Relations Board rule changes;" / "healthcare reform; contracted worker ..."), and
    an item or paragraph stopping at an abbreviation's stop too (Amazon's "... the reduction
    in the U.S." / "statutory federal corporate tax rate ...")."""
    items = [b.text for b in parse_file(require(FIXTURES / "pdf" / "multi_page.pdf"),
                                        NATIVE).blocks if b.kind is BlockKind.LIST_ITEM]
    assert any("virtual reality (VR) technology advance, users may be able" in t for t in items)
    items = [b.text for b in parse_file(require(FINANCEBENCH / "pdfs" / "BESTBUY_2023_10K.pdf"),
                                        NATIVE).blocks if b.kind is BlockKind.LIST_ITEM]
    assert any("Labor Relations Board rule changes; healthcare reform; contracted worker" in t
               for t in items)
    assert any("quantities to be purchased; fixed, minimum or variable price" in t
               for t in items)


@pytest.mark.parametrize("last, first, item, joined", [
    ("to reflect the reduction in the U.S.", "statutory federal corporate tax rate", True, True),
    ("as shown by Smith et al.", "in their survey of", False, True),
    ("to reflect the reduction in the U.S.", "Statutory rates fell", False, False),
    ("National Labor Relations Board rule changes;", "healthcare reform; contracted", True,
     True),
    ("As augmented reality (AR) and virtual reality (VR)", "technology advance", True, True),
    # after body text a parenthesis ends an equation ("(1)" / "where ..."), and a semicolon
    # a clause of its own, as often as not
    ("h = W x + b, (1)", "where W and b are parameters", False, False),
    ("the first model was trained;", "then the second", False, False),
    ("the model was trained.", "then the second", False, False),
])
def test_a_line_runs_on_after_an_abbreviation_and_an_item_after_a_semicolon(
        last, first, item, joined):
    from docnav.parse._pdf_paragraphs import _runs_on

    assert _runs_on(last, first, item) is joined


def test_a_table_of_contents_is_a_table_an_entry_a_row_without_its_dot_leaders():
    """The redbook's contents were paragraphs of entries run together, a quarter of their
    characters dot leaders ("Chapter 1. Securing and protecting IBM DB2 data . . . . . 1 1.1
    Security fundamentals . . . . 2 ..."): a question on row permissions read one first, and
    the summaries took entries for sentences. A dotted line in a paper's figure that leads to
    no page number ("x1 x2 ...... xn-1 xn") is no entry."""
    parsed = parse_file(require(FIXTURES / "pdf" / "redp5110_sampled.pdf"), NATIVE)
    tables = [b.text.split("\n") for b in parsed.blocks if b.kind is BlockKind.TABLE]
    assert ["Notices … vii", "Trademarks … viii"] in tables
    assert ["DB2 for i Center of Excellence … ix"] in tables  # an entry alone: no sentence
    (chapter_3,) = [t for t in tables if t[0] == "Chapter 3. Row and Column Access Control … 13"]
    assert "3.1.1 Row permission and column mask definitions … 14" in chapter_3
    assert not any(". . . ." in b.text for b in parsed.blocks)
    figure = parse_file(require(FIXTURES / "pdf" / "1801.05147.pdf"), NATIVE)
    assert "x1 x2 ...... xn-1 xn" in [b.text for b in figure.blocks]


def test_a_bullet_written_as_its_glyph_name_is_a_bullet():
    """The Redbook's bullets are a symbol font's glyph without a Unicode mapping, which the
    PDF reader writes as its name: "SM590000 Work Function Usage (WRKFCNUSG)", and the three
    commands' lines ran together into one paragraph with the name three times in it."""
    blocks = parse_file(require(FIXTURES / "pdf" / "redp5110_sampled.pdf"), NATIVE).blocks
    assert not [b.text for b in blocks if "SM590000" in b.text]
    assert "Database performance and scalability" in [  # its Wingdings bullets, typed "r"
        b.text for b in blocks if b.kind is BlockKind.LIST_ITEM]
    items = [b.text for b in blocks if b.kind is BlockKind.LIST_ITEM]
    for command in ("Work Function Usage (WRKFCNUSG)", "Change Function Usage (CHGFCNUSG)",
                    "Display Function Usage (DSPFCNUSG)"):
        assert command in items


def test_codes_starting_table_rows_or_cited_in_text_are_no_bullets():
    """A glyph name is a bullet only where the same name starts three lines or more and
    stands nowhere else: a column of codes has one per row; a code also named in a sentence
    is text."""
    from docnav.parse._pdf_glyphs import name_bullets
    from docnav.parse._pdf_lines import Line

    def lines(*texts):
        return [Line(t, page=1, left=72, top=100 + 12 * i, right=400, bottom=110 + 12 * i)
                for i, t in enumerate(texts)]

    codes = lines("AB1234 Opening balance", "AB1235 Closing balance", "AB1236 Transfers")
    assert name_bullets(codes) == codes
    cited = lines("XY5000 first", "XY5000 second", "XY5000 third", "The XY5000 form is filed.")
    assert name_bullets(cited) == cited
    named = lines("SM590000 first", "SM590000 second", "SM590000 third", "Plain text.")
    assert [x.text for x in name_bullets(named)] == ["• first", "• second", "• third",
                                                     "Plain text."]
    assert name_bullets(named[:2]) == named[:2]  # two lines are too few to tell
    # a symbol font's bullet typed as a letter (the Redbook's Wingdings "r Database ...")
    typed = lines("r Database performance", "r Advanced SQL", "r DB2 Web Query")
    assert [x.text for x in name_bullets(typed)] == ["• Database performance",
                                                    "• Advanced SQL", "• DB2 Web Query"]
    worded = lines("o Oil the pump", "o Check the seal", "o Run it", "a tenth o the way")
    assert name_bullets(worded) == worded  # the letter stands on its own elsewhere too
    lower = lines("o oil it", "o check it", "o run it")
    assert name_bullets(lower) == lower  # a letter bullet comes before a capital
