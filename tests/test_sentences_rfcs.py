"""Sentences of real Rust RFCs (from the bundle in ../shared) around "i.e.", "e.g." and the like,
where the trained Punkt parameters cut sentences that go on."""

from __future__ import annotations

import re
import subprocess

import pytest
from _paths import DATA, require

from docnav.parse import parse_file
from docnav.sentences import split_sentences
from docnav.summaries import SummaryBuilder, SummaryStats
from docnav.summarize import ExtractiveSummarizer
from docnav.tree import build_tree

_ONLY_ABBREVIATION = re.compile(r"(?i)[(\[]?(?:i\.e|e\.g|viz|cf|etc)\.[)\]]?")


@pytest.fixture(scope="module")
def rfc_text(tmp_path_factory):
    """The text of an RFC as the bundle's last commit has it."""
    bundle = require(DATA / "rfcs" / "rust-lang-rfcs.bundle")
    repo = tmp_path_factory.mktemp("rfcs") / "rfcs.git"
    subprocess.run(["git", "clone", "-q", "--bare", str(bundle), str(repo)], check=True)

    def read(name: str) -> str:
        return subprocess.run(["git", "--git-dir", str(repo), "show", f"HEAD:text/{name}"],
                              check=True, capture_output=True, text=True).stdout
    return read


def _paragraph(text: str, phrase: str) -> str:
    """The blank-line separated paragraph of ``text`` holding ``phrase`` (lines joined)."""
    for paragraph in text.split("\n\n"):
        joined = " ".join(paragraph.split())
        if phrase in joined:
            return joined
    raise AssertionError(f"{phrase!r} not found")


@pytest.mark.parametrize("name, phrase", [
    ("2091-inline-semantic.md", "statement level, e.g. Swift and C#."),
    ("2873-inline-asm.md", "overlapping registers (e.g. ARM VFP) in input operands"),
    ("1422-pub-restricted.md", "for the feature (i.e. I am not claiming"),
    ("1866-more-readable-assert-eq.md", "i.e. If two strings are between"),
])
def test_a_sentence_goes_on_after_a_lead_in_abbreviation(rfc_text, name, phrase):
    """Punkt cut these after "e.g." / "i.e." before a capitalised word ("... statement level,
    e.g." then "Swift and C#.")."""
    sentences = split_sentences(_paragraph(rfc_text(name), phrase))
    assert any(phrase in s for s in sentences), sentences


@pytest.mark.parametrize("name, phrase", [
    ("2528-type-changing-struct-update-syntax.md",
     "(a.k.a. functional record update (FRU)) to support"),
    ("1861-extern-types.md", '(ie. it is not a "fat pointer")'),
    ("3514-float-semantics.md", "(eg. if `to_bits` is called during const-evaluation)"),
    ("2497-if-let-chains.md", "this RFC is mostly complementary wrt. RFC 2046."),
    ("2500-needle.md", "(esp. `.start_index()` and `.end_index()`)"),
    ("2834-cargo-report-future-incompat.md", "(c.f. [PR #59658"),
    ("3923-cargo-min-publish-age.md", '(ex. "3 days")'),
])
def test_a_sentence_goes_on_after_an_informal_abbreviation(rfc_text, name, phrase):
    """Punkt knows none of these spellings and cut "Extend struct update syntax (a.k.a." from
    "functional record update (FRU)) to support ..."."""
    sentences = split_sentences(_paragraph(rfc_text(name), phrase))
    assert any(phrase in s for s in sentences), sentences


def test_rfc_1961_summary_keeps_no_abbreviation_as_a_sentence(rfc_text, tmp_path):
    """RFC 1961's Summary paragraph ends "... will "clamp" the input to the range.  I.E." before
    a code block; its summary held "I.E." as a sentence of its own."""
    path = tmp_path / "1961-clamp.md"
    path.write_text(rfc_text("1961-clamp.md"), encoding="utf-8")
    tree = build_tree(parse_file(path), "rfc1961", str(path))
    builder = SummaryBuilder(ExtractiveSummarizer(), verifier=None)
    summaries = builder.build_document(tree, {}, SummaryStats())
    sentences = [s.text for summary in summaries for s in summary.sentences]
    assert any(s.endswith('the input to the range. I.E.') for s in sentences), sentences
    assert not [s for s in sentences if _ONLY_ABBREVIATION.fullmatch(s.strip())]


@pytest.mark.parametrize("name, phrase", [
    ("0640-debug-improvements.md", "The `#` modifier (e.g. `{:#?}`) will be interpreted by"),
    ("1566-proc-macros.md", "with syntax `foo!(...)`, and an attribute-like macro"),
    ("2226-fmt-debug-hex.md", "(as `{:o?}` and `{:b?}`)?"),
    ("2480-liballoc.md", "When using `#![no_std]` in a crate"),
])
def test_no_sentence_ends_inside_inline_code(rfc_text, name, phrase):
    """Punkt read the code as prose and cut after its "?" or "!": "The `#` modifier (e.g.
    `{:#?" then "}`) will be interpreted by ...", "`#!" then "[no_std]` in a crate"."""
    sentences = split_sentences(_paragraph(rfc_text(name), phrase))
    assert any(phrase in s for s in sentences), sentences


@pytest.mark.parametrize("name, phrase", [
    ("2963-rustdoc-json.md", "The ID of the trait/struct/enum/etc. that this type refers to."),
    ("2318-custom-test-frameworks.md", "which targets (tests/benchmarks/etc.) are run."),
    ("3289-source_replacement_ambiguity.md", "(`yank`/`login`/`publish`/etc.) to a source"),
])
def test_a_lower_case_word_after_etc_goes_on_with_the_sentence(rfc_text, name, phrase):
    """Punkt knows "etc." only as a word of its own and cut after "trait/struct/enum/etc."
    (a table cell of RFC 2963), "(tests/benchmarks/etc.)"."""
    sentences = split_sentences(_paragraph(rfc_text(name), phrase))
    assert any(phrase in s for s in sentences), sentences


@pytest.mark.parametrize("name, phrase", [
    ("3855-mitigation-enforcement.md", "(should we bikeshed the syntax?)."),
    ("1861-extern-types.md", "to use uninhabited enums (ack!)."),
    ("2094-nll.md", "[Ralf Jung's recent blog post has more details.][rjung-sd]"),
])
def test_no_sentence_starts_with_a_closing_bracket(rfc_text, name, phrase):
    """Punkt keeps a bracket that closes after "?", "!" or "." only when a space follows it:
    "... (should we bikeshed the syntax?" then ").", a sentence of its own."""
    sentences = split_sentences(_paragraph(rfc_text(name), phrase))
    assert any(phrase in s for s in sentences), sentences


def test_code_without_its_backticks_ends_no_sentence(rfc_text, tmp_path):
    """docling drops the backticks of inline code, so RFC 0640's "The `#` modifier (e.g.
    `{:#?}`) will be interpreted by `Debug` ..." is indexed as "The # modifier (e.g. {:#?})
    will be interpreted by Debug ...", which Punkt cut before "will"."""
    path = tmp_path / "0640-debug-improvements.md"
    path.write_text(rfc_text("0640-debug-improvements.md"), encoding="utf-8")
    tree = build_tree(parse_file(path), "rfc0640", str(path))
    phrase = "The # modifier (e.g. {:#?}) will be interpreted by Debug implementations"
    texts = [n.text for n in tree.paragraphs if phrase in n.text]
    assert texts
    assert all(any(phrase in s for s in split_sentences(t)) for t in texts), texts
