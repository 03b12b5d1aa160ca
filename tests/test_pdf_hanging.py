"""A works cited list set with a hanging indent: each entry one paragraph, its indented lines
with it whatever their font or the stop before them, and the next entry apart even where the
last line reached the margin (``docnav.parse._pdf_hanging``)."""

from __future__ import annotations

from _parsing import NATIVE, text_pdf
from _paths import FIXTURES, require

from docnav.parse import parse_file

PROSE = [(72, "Then the models were trained."),
         (90, "Each run took a day on one machine with eight processors, and the results were"),
         (72, "averaged over five runs with different seeds, as the earlier studies had done."),
         (72, "References")]
ENTRIES = [
    (72, "Ada Lovelace and Charles Babbage. 1843. Sketch of the analytical engine invented by"),
    (90, "Charles Babbage. Scientific Memoirs, 3:666-731."),
    (72, "Grace Hopper. 1952. The education of a computer. In Proceedings of the ACM National"),
    (90, "Meeting, pages 243-249, Pittsburgh."),
    (72, "Alan Turing. 1950. Computing machinery and intelligence. Mind, 59(236):433-460, the"),
    (90, "Oxford University Press, Oxford, and reprinted in many collections of papers since."),
    (72, "Claude Shannon. 1948. A mathematical theory of communication. The Bell System Tech-"),
    (90, "nical Journal, 27(3):379-423, published by the American Telephone and Telegraph"),
    (90, "Company, New York."),
    (72, "John McCarthy, Marvin Minsky, Nathaniel Rochester and Claude Shannon. August 31, 1955."),
    (90, "A proposal for the Dartmouth summer research project on artificial intelligence, in"),
    (90, "AI Magazine, 27(4):12-14."),
]


def test_each_entry_of_a_hanging_list_is_one_paragraph(tmp_path):
    """An entry's first line ending in a stop, then its indented wrap, was two paragraphs
    (an indented first line after a stop starts one); an entry whose last line reached the
    margin ran on into the next. The paragraphs above keep their own indent."""
    path = tmp_path / "paper.pdf"
    lines = PROSE + ENTRIES  # a line's space above "References"
    path.write_bytes(text_pdf([(text == "References", 10, x, 700 - 13 * i - 13 * (i > 2), text)
                               for i, (x, text) in enumerate(lines)]))
    texts = [b.text for b in parse_file(path, NATIVE).blocks]
    assert texts[:2] == ["Then the models were trained.",
                         "Each run took a day on one machine with eight processors, and the "
                         "results were averaged over five runs with different seeds, as the "
                         "earlier studies had done."]
    assert texts[3:] == [
        "Ada Lovelace and Charles Babbage. 1843. Sketch of the analytical engine invented by "
        "Charles Babbage. Scientific Memoirs, 3:666-731.",
        "Grace Hopper. 1952. The education of a computer. In Proceedings of the ACM National "
        "Meeting, pages 243-249, Pittsburgh.",
        "Alan Turing. 1950. Computing machinery and intelligence. Mind, 59(236):433-460, the "
        "Oxford University Press, Oxford, and reprinted in many collections of papers since.",
        "Claude Shannon. 1948. A mathematical theory of communication. The Bell System "
        "Technical Journal, 27(3):379-423, published by the American Telephone and Telegraph "
        "Company, New York.",
        "John McCarthy, Marvin Minsky, Nathaniel Rochester and Claude Shannon. August 31, 1955. "
        "A proposal for the Dartmouth summer research project on artificial intelligence, in "
        "AI Magazine, 27(4):12-14."]


def test_works_cited_in_the_papers_keep_their_entries_whole_and_apart():
    """1705.07830's "... evaluating reading comprehension systems. In" / "Proceedings of EMNLP,
    pp. 2011-2021, 2017." in italics, 1809.01202's "William C Mann and Sandra A Thompson. 1987."
    / "Rhetorical structure theory: ...": an entry cut in two. 2001.03131's "... Association
    for Computational Linguistics." / "[3] Zampieri, M., ...": two entries run together."""
    def texts(name: str) -> list[str]:
        return [b.text for b in parse_file(require(FIXTURES / "pdf" / name), NATIVE).blocks]

    cited = texts("1705.07830.pdf")
    assert "Robin Jia and Percy Liang. Adversarial examples for evaluating reading " \
        "comprehension systems. In Proceedings of EMNLP, pp. 2011-2021, 2017." in cited
    assert not any(t.startswith("Proceedings of") for t in cited)
    assert any(t.startswith("William C Mann and Sandra A Thompson. 1987. Rhetorical structure "
                            "theory") for t in texts("1809.01202.pdf"))
    cited = texts("2001.03131.pdf")
    assert any(t.startswith("[2] Xu, J. M.") and t.endswith("Association for Computational "
                                                             "Linguistics.") for t in cited)
    assert any(t.startswith("[3] Zampieri, M.") for t in cited)
    assert any(t.startswith("[20] Grosek, J.") for t in cited)
    assert any(t.startswith("[2015] Felt, P.") for t in texts("1801.05147.pdf"))


def test_an_entry_wrapping_onto_lines_in_italics_of_another_size_stays_whole():
    """1810.08699 sets each entry's title in italics, a font whose usual size in the paper is
    smaller: "[17] Jenny Rose Finkel, ... Incorpora-" / "ing Non-local Information ..." read
    as a change of size, and the entry was cut there, its last lines running on into the
    next entry ("... pp. 363-370. 2005. [18] Emma Strubell, ...")."""
    cited = [b.text for b in parse_file(require(FIXTURES / "pdf" / "1810.08699.pdf"),
                                        NATIVE).blocks]
    assert any(t.startswith("[17] Jenny Rose Finkel") and t.endswith("pp. 363-370. 2005.")
               for t in cited)
    assert any(t.startswith("[18] Emma Strubell") for t in cited)
    assert "[16] Guillaume Genthial. Sequence Tagging with Tensorflow. 2017. " \
        "https://guillaumegenthial.github.io/" in cited


def test_the_left_column_of_works_cited_in_italics_keeps_its_entries_whole_and_apart():
    """1810.08699's left column: each entry's title in italics, a smaller size than the line
    above, split every entry after its first line, so no draft but one showed the hanging
    indent from its first line and the column's list went unseen: "[4] Klesti Hoxha, ...
    Annotated" / "Corpus for Albanian ..." were apart, and "... No 1. 2018. [5] Weber and
    Pötzl. ..." ran together. A draft holding an entry's first line after another's last
    lines shows the indent too."""
    cited = [b.text for b in parse_file(require(FIXTURES / "pdf" / "1810.08699.pdf"),
                                        NATIVE).blocks]
    assert "[4] Klesti Hoxha, Artur Baxhaku. An Automatically Generated Annotated Corpus for " \
        "Albanian Named Entity Recognition CYBERNETICS AND INFORMATION TECHNOLOGIES, vol. 18, " \
        "No 1. 2018." in cited
    assert "[6] Nothman J., Ringland N., Radford W., Murphy T., Curran J. R. Learning " \
        "multilingual named entity recognition from Wikipedia. Artificial Intelligence, vol. " \
        "194, pp. 151-175. 2013." in cited
    assert "[13] Khurshudian V.G., Daniel M.A., Levonian D.V., Plungian V.A., Polyakov A.E., " \
        'Rubakov S.V. EASTERN ARMENIAN NATIONAL CORPUS. "Dialog 2009". 2009.' in cited
    starts = [t.split()[0] for t in cited if t.startswith("[")]
    assert starts == [f"[{n}]" for n in range(1, 22)]
