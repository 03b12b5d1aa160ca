"""Markdown through docling: inline golden edge cases, then the tree they build.

Each case writes a small Markdown file, parses it with the real docling reader and compares the
flat blocks (kind, level, text) with the expected ones written inline; the tree checks go
through :func:`docnav.tree.build_tree`.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from docnav.model import Block, BlockKind, DocTree, Link, ParsedDocument
from docnav.parse import parse_file
from docnav.tree import build_tree

H, T, LI, TABLE, CODE = (BlockKind.HEADING, BlockKind.TEXT, BlockKind.LIST_ITEM,
                         BlockKind.TABLE, BlockKind.CODE)


def parse_md(tmp_path: Path, text: str, name: str = "doc.md") -> ParsedDocument:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return parse_file(path)


def shape(parsed: ParsedDocument) -> list[tuple]:
    return [(b.kind, b.level, b.text) for b in parsed.blocks]


def tree_of(parsed: ParsedDocument, path: str = "/docs/doc.md") -> DocTree:
    return build_tree(parsed, "doc", path)


def parents(tree: DocTree) -> dict[str, str]:
    """Each section's parent heading ("<doc>" for the document node)."""
    return {s.heading: "<doc>" if s.parent_id == tree.root.node_id
            else tree.node(s.parent_id).heading for s in tree.sections}


GOLDEN = """\
# Guide

Intro with a [link](https://example.org/a) and `code` and *emphasis*.
It continues on a second line.

### Deep section

- first bullet
- second with [anchor link](#guide)
  - nested bullet

1. one
2. two

| Name | Size |
|------|-----:|
| a    |    1 |

```python
# a comment, not a heading
print("hi")
```

Setext title
============

Setext sub
----------

Text under setext.
"""


def test_golden_blocks(tmp_path):
    parsed = parse_md(tmp_path, GOLDEN)
    assert shape(parsed) == [
        (H, 1, "Guide"),
        (T, 0, "Intro with a link and code and emphasis. It continues on a second line."),
        (H, 3, "Deep section"),
        (LI, 0, "first bullet"),
        (LI, 0, "second with anchor link"),
        (LI, 0, "nested bullet"),
        (LI, 0, "1. one"),
        (LI, 0, "2. two"),
        (TABLE, 0, "| Name   |   Size |\n|--------|--------|\n| a      |      1 |"),
        (CODE, 0, '# a comment, not a heading\nprint("hi")'),
        (H, 1, "Setext title"),
        (H, 2, "Setext sub"),
        (T, 0, "Text under setext."),
    ]
    assert parsed.title == "doc"  # two top-level headings: no single title, the file names it
    assert parsed.format == "markdown"
    intro, bullet = parsed.blocks[1], parsed.blocks[4]
    assert intro.links == (Link("https://example.org/a", "link"),)
    assert bullet.links == (Link("#guide", "anchor link"),)


def test_heading_jump_nests_under_the_nearest_open_heading(tmp_path):
    tree = tree_of(parse_md(tmp_path, "# A\n\na.\n\n### C\n\nc.\n\n## B\n\nb.\n\n# D\n"))
    assert parents(tree) == {"A": "<doc>", "C": "A", "B": "A", "D": "<doc>"}
    assert {s.heading: s.level for s in tree.sections} == {"A": 1, "C": 2, "B": 2, "D": 1}


def test_no_headings_is_one_section_titled_by_the_file_stem(tmp_path):
    parsed = parse_md(tmp_path, "Just text.\n\nMore text.\n", name="plain-notes.md")
    assert parsed.title == "plain-notes"
    tree = tree_of(parsed, "/docs/plain-notes.md")
    (section,) = tree.sections
    assert section.heading == "plain-notes"
    assert [p.text for p in tree.paragraphs] == ["Just text.", "More text."]


def test_text_before_several_headings_means_the_file_names_the_document(tmp_path):
    assert parse_md(tmp_path, "intro\n\n## Setup\n\n## Run\n").title == "doc"
    assert parse_md(tmp_path, "## Setup\n\nintro\n\n### Run\n").title == "Setup"


def test_duplicate_headings_get_distinct_ids_and_github_anchors(tmp_path):
    parsed = parse_md(tmp_path, "## Dup\n\none\n\n## Dup\n\ntwo\n\n## Dup-1\n\nthree\n")
    assert [(b.text, b.anchor) for b in parsed.blocks if b.kind is H] == [
        ("Dup", "dup"), ("Dup", "dup-1"), ("Dup-1", "dup-1-1")
    ]
    tree = tree_of(parsed)
    assert len({s.node_id for s in tree.sections}) == 3


def test_headings_inside_code_blocks_are_not_headings(tmp_path):
    parsed = parse_md(tmp_path, "# Real\n\n```\n# fake\n## fake too\n```\n\n    # indented code\n")
    assert [b.text for b in parsed.blocks if b.kind is H] == ["Real"]
    assert [b.kind for b in parsed.blocks[1:]] == [CODE, CODE]


def test_inline_links_stay_in_one_paragraph_with_all_targets(tmp_path):
    parsed = parse_md(
        tmp_path,
        "See [the spec](spec.md#api), [home](https://example.com/x) and <https://auto.link/>.\n",
    )
    (block,) = parsed.blocks
    assert block.kind is T
    assert block.text == "See the spec, home and https://auto.link/."
    assert [link.text for link in block.links] == ["the spec", "home", "https://auto.link/"]
    assert block.links[0].target.endswith("spec.md#api")
    assert block.links[1].target == "https://example.com/x"


def test_list_items_keep_numbers_and_nesting_order(tmp_path):
    parsed = parse_md(tmp_path, "3. three\n4. four\n   - four-a\n\n* star\n+ plus\n")
    assert shape(parsed) == [
        (LI, 0, "3. three"), (LI, 0, "4. four"), (LI, 0, "four-a"),
        (LI, 0, "star"), (LI, 0, "plus"),
    ]


def test_table_cells_are_structured_markdown_text(tmp_path):
    parsed = parse_md(tmp_path, "| h1 | h2 |\n|---|---|\n| x | y z |\n| 1 | |\n")
    (table,) = parsed.blocks
    rows = [[c.strip() for c in line.strip("|").split("|")] for line in table.text.splitlines()]
    assert rows[0] == ["h1", "h2"] and rows[2:] == [["x", "y z"], ["1", ""]]


def test_utf8_bom_and_unicode_text(tmp_path):
    path = tmp_path / "bom.md"
    path.write_bytes("\ufeff# Café\n\nnaïve — déjà vu ✓\n".encode())
    parsed = parse_file(path)
    assert shape(parsed) == [(H, 1, "Café"), (T, 0, "naïve — déjà vu ✓")]


def test_10000_headings_and_200_levels_of_list_nesting(tmp_path):
    parts = ["# Root\n"]
    for i in range(10_000):
        parts.append(f"{'#' * (2 + i % 5)} H{i}\n\nbody {i}\n")
    parts.append("\n".join("  " * k + f"- level {k}" for k in range(200)) + "\n")
    parsed = parse_md(tmp_path, "\n".join(parts))
    headings = [b for b in parsed.blocks if b.kind is H]
    assert len(headings) == 10_001
    assert [b.level for b in headings[1:6]] == [2, 3, 4, 5, 6]
    assert [b.text for b in parsed.blocks if b.kind is LI] == [f"level {k}" for k in range(200)]
    tree = tree_of(parsed)
    assert len(tree.sections) == 10_001
    assert max(s.level for s in tree.sections) == 6


def _big_markdown(target: int) -> tuple[str, int, int]:
    rng = random.Random(3)
    words = ["".join(rng.choices("abcdefghij", k=rng.randint(2, 9))) for _ in range(500)]
    parts: list[str] = []
    size = headings = paragraphs = 0
    while size < target:
        headings += 1
        chunk = [f"{'#' * (1 + headings % 3)} Part {headings}\n\n"]
        for _ in range(5):
            paragraphs += 1
            chunk.append(" ".join(rng.choices(words, k=60)).capitalize() + ".\n\n")
        parts += chunk
        size += sum(map(len, chunk))
    return "".join(parts), headings, paragraphs


@pytest.mark.slow
def test_20_mb_markdown_parses(tmp_path):
    """140-210 s and 1.5 GB here (2 cores): docling's Markdown reader is linear but slow."""
    text, headings, paragraphs = _big_markdown(20 * 2**20)
    parsed = parse_md(tmp_path, text, name="big.md")
    kinds = [b.kind for b in parsed.blocks]
    assert kinds.count(H) == headings
    assert kinds.count(T) == paragraphs


def test_blocks_are_immutable_values(tmp_path):
    parsed = parse_md(tmp_path, "# A\n\ntext\n")
    assert parsed.blocks == (Block(H, "A", level=1, anchor="a"), Block(T, "text"))


@pytest.mark.parametrize("text, title", [
    ("# Pump Manual\n\nIntro.\n\n## Install\n\nText.\n", "Pump Manual"),
    ("- Start Date: 2014\n\n# Summary\n\nText.\n\n# Motivation\n\nMore.\n", "notes"),
    ("# One\n\nText.\n\n# Two\n\nText.\n", "notes"),
    ("No headings at all.\n", "notes"),
])
def test_markdown_title_is_a_single_leading_heading_or_the_file_name(tmp_path, text, title):
    page = tmp_path / "notes.md"
    page.write_text(text)
    from docnav.parse import parse_file

    assert parse_file(page).title == title


# -- front matter ------------------------------------------------------------------------------

FRONT_MATTER = """\
---
title: Front Matter Doc
author: Ada Lovelace
date: 2024-03-05
tags: [a, b]
draft: false
nested: {x: 1}
# comment: not heading
---

# Heading One

Read the [spec](https://example.org/spec) first.
"""


def test_yaml_front_matter_is_metadata_not_content(tmp_path):
    parsed = parse_md(tmp_path, FRONT_MATTER)
    assert shape(parsed) == [(H, 1, "Heading One"), (T, 0, "Read the spec first.")]
    assert parsed.title == "Front Matter Doc"
    assert parsed.metadata == (("title", "Front Matter Doc"), ("author", "Ada Lovelace"),
                               ("date", "2024-03-05"), ("tags", "a, b"), ("draft", "false"))
    from docnav.query.fields import document_date

    assert document_date(json.dumps(parsed.metadata)) == "2024-03-05"
    tree = tree_of(parsed)
    assert tree.title == "Front Matter Doc" and [s.heading for s in tree.sections] == [
        "Heading One"]


def test_toml_front_matter_and_a_yaml_block_closed_by_dots(tmp_path):
    toml = parse_md(tmp_path, '+++\ntitle = "Toml Doc"\ndate = 2023-01-02\n+++\n\nText.\n')
    assert shape(toml) == [(T, 0, "Text.")]
    assert toml.title == "Toml Doc" and ("date", "2023-01-02") in toml.metadata
    dots = parse_md(tmp_path, "---\r\nauthor: Bo\r\n...\r\n\r\n# A\r\n\r\n# B\r\n")
    assert shape(dots) == [(H, 1, "A"), (H, 1, "B")]
    assert dots.metadata == (("author", "Bo"),) and dots.title == "doc"


@pytest.mark.parametrize("text, kept", [
    ("---\ntitle: Never closed\n\n# Heading\n\nBody.\n", "title: Never closed"),
    ("---\nAn introduction\n---\n\nBody.\n", "An introduction"),  # a rule and a heading
    ("---\ntitle: [unclosed\n---\n\nBody.\n", "title: [unclosed"),  # not YAML
    ("Body first.\n\n---\ntitle: x\n---\n", "title: x"),  # not at the top
])
def test_what_is_not_front_matter_stays_content(tmp_path, text, kept):
    parsed = parse_md(tmp_path, text)
    assert any(kept in b.text for b in parsed.blocks)
    assert "Body" in " ".join(b.text for b in parsed.blocks)
    assert not any(key == "title" for key, _ in parsed.metadata)


def test_front_matter_that_is_not_yaml_is_named_in_the_warnings(tmp_path):
    parsed = parse_md(tmp_path, "---\ntitle: [unclosed\n---\n\nBody.\n")
    warnings = dict(parsed.metadata)["conversion_warnings"]
    assert warnings.startswith("front matter (lines 1-3) kept as text: not valid YAML")
    # kept as a paragraph: between its fences it was a heading ("title: [unclosed" over
    # "---" is a setext heading), a section of no text before the document's own
    kept = next(b for b in parsed.blocks if "title: [unclosed" in b.text)
    assert kept.kind is not BlockKind.HEADING


def test_what_the_parser_warned_of_reaches_the_user(tmp_path, capsys):
    # the warnings were kept with the document and shown nowhere: not by the run, whose
    # stderr `docnav show` left them to, nor by show
    from docnav.cli import main

    docs, db = tmp_path / "docs", ["--db", str(tmp_path / "s.duckdb")]
    docs.mkdir()
    (docs / "a.md").write_text("---\ntitle: [unclosed\n---\n\n# Body\n\nText.\n")
    (docs / "b.md").write_text("# Fine\n\nNothing to say of it.\n")
    run = [*db, "index", str(docs), "--embed-model", "hashing", "--no-summaries",
           "--no-progress"]
    assert main(run) == 0  # every document indexed
    said = f"warning: {docs / 'a.md'}: front matter (lines 1-3) kept as text: not valid YAML"
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith(said)
    assert main([*db, "show", str(docs / "a.md")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[2].startswith("! the parser warned: front matter (lines 1-3) kept as text")
    assert main([*db, "show", str(docs / "a.md"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["warnings"].startswith("front matter (lines")
    assert main([*db, "show", str(docs / "b.md"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["warnings"] is None
    assert main([*db, "show"]) == 0  # the listing names it
    assert ("1 document parsed with warnings (`docnav show DOC` prints them): a.md"
            in capsys.readouterr().out.splitlines())
    assert main([*db, "show", "--json"]) == 0
    listed = {Path(d["path"]).name: d["warnings"]
              for d in json.loads(capsys.readouterr().out)["documents"]}
    assert listed["a.md"].startswith("front matter (lines 1-3)") and listed["b.md"] is None
    # said by the run that parses it, not by every run after
    assert main([*run, "--json"]) == 0
    out = capsys.readouterr()
    assert json.loads(out.out)["warned"] == [] and out.err == ""
    (docs / "a.md").write_text("---\ntitle: [unclosed\n---\n\n# Body\n\nMore text.\n")
    assert main([*run, "--json"]) == 0
    out = capsys.readouterr()
    [warned] = json.loads(out.out)["warned"]
    assert warned["path"] == str(docs / "a.md") and warned["warnings"].startswith(
        "front matter (lines 1-3) kept as text: not valid YAML")
    assert json.loads(out.out)["documents_warned"] == 1 and out.err.startswith(said)


def test_blanked_front_matter_keeps_every_line_in_place():
    from docnav.parse._front_matter import split_front_matter

    front = split_front_matter(FRONT_MATTER.replace("\n", "\r\n"))
    lines = front.body.split("\r\n")
    assert len(lines) == FRONT_MATTER.count("\n") + 1 and front.lines == 9
    assert lines[:10] == [""] * 10 and lines[10] == "# Heading One"
    assert split_front_matter("---\ntitle: x\n").body == "---\ntitle: x\n"


# -- typography ------------------------------------------------------------------------------


@pytest.mark.parametrize("html", ["", "<!-- a comment -->\n\n"])
def test_raw_html_leaves_dashes_and_quotes_as_written_so_anchor_links_resolve(tmp_path, html):
    """Any raw HTML sends the file through docling's HTML reader, which made every dash,
    curly quote and ellipsis ASCII: "Uni — heading" lost its anchor "uni--heading"."""
    from docnav.refs import internal_references

    parsed = parse_md(tmp_path, f"# T\n\nSee [below](#uni--heading).\n\n{html}"
                                "## Uni — heading\n\n“Quoted” it’s – here…\n")
    assert [b.text for b in parsed.blocks] == [
        "T", "See below.", "Uni — heading", "“Quoted” it’s – here…"]
    assert parsed.blocks[2].anchor == "uni--heading"
    tree = tree_of(parsed)
    see = next(n for n in tree.paragraphs if n.text == "See below.")
    target = next(s for s in tree.sections if s.heading == "Uni — heading")
    assert [(e.src, e.dst) for e in internal_references(tree)] == [(see.node_id,
                                                                    target.node_id)]


def test_docling_warnings_are_kept_with_the_document_not_printed(tmp_path):
    """docling warns (with no file name) when it rewrites suspicious Markdown; the warning is
    the document's, in its conversion_warnings, and nothing of docling's reaches stderr."""
    import warnings

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        parsed = parse_md(tmp_path, "# Form\n\nSign here: ________________________\n")
    assert not [w for w in caught if "/docling" in w.filename]
    assert dict(parsed.metadata)["conversion_warnings"] == (
        "docling: Detected potentially incorrect Markdown, correcting...")


SPACED_AS_WRITTEN = """\
- RFC PR: [rust-lang/rfcs#243](https://github.com/rust-lang/rfcs/pull/243)

## Summary

* An `?` operator for propagating "exceptions".

The idea for the `?` operator originates from [RFC PR 204][204] by
[@aturon](https://github.com/aturon), who wrote `try!`-like macros.

Attributes such as _lint_ `#[allow]`s, if/`else` chains.

> **Note**: Rust will consume `&mut T`s with both implicit and explicit
> coercions (`&T`s too).

[204]: https://github.com/rust-lang/rfcs/pull/204
"""


def test_inline_code_is_spaced_as_written_after_links_of_every_kind(tmp_path):
    # Each paragraph's pieces are found in the source to tell where spaces were. A block whose
    # first word reappears later ("RFC") once sent the search past the blocks between; a
    # reference link's "[204]", emphasis underscores and a block quote's "> " were not read as
    # markup: the joins fell back to guessing ("An? operator", "#[allow] s", "&mut T s").
    texts = [b.text for b in parse_md(tmp_path, SPACED_AS_WRITTEN).blocks]
    assert texts == [
        "RFC PR: rust-lang/rfcs#243",
        "Summary",
        'An ? operator for propagating "exceptions".',
        "The idea for the ? operator originates from RFC PR 204 by @aturon, who wrote "
        "try!-like macros.",
        "Attributes such as lint #[allow]s, if/else chains.",
        "Note: Rust will consume &mut Ts with both implicit and explicit coercions (&Ts too).",
    ]


def test_pieces_starting_with_markup_characters_are_spaced_as_written(tmp_path):
    # a piece's words are found after a break of white space or a quote's "> ": a piece that
    # begins with ">" or ":" once lost its space ("The required::< _ > syntax")
    texts = [b.text for b in parse_md(tmp_path, "* The required `::< _ >` syntax is unfriendly.\n"
                                                 "\n> quoted `>> shift` here\n").blocks]
    assert texts == ["The required ::< _ > syntax is unfriendly.", "quoted >> shift here"]


def test_a_paragraph_of_a_thousand_code_spans_is_one_block(tmp_path):
    # each piece is a level of the search for its place in the source: past 400 the spaces
    # are guessed (no recursion limit), and the paragraph stays whole
    spans = " ".join(f"`c{i}`," for i in range(1000))
    (block,) = parse_md(tmp_path, f"Spans: {spans} end.\n").blocks
    assert block.text.startswith("Spans: c0, c1, c2,") and block.text.endswith("c999, end.")


def test_headings_with_code_or_links_are_headings(tmp_path):
    # docling gives such a heading an empty text and its pieces as an inline child: the
    # heading was lost and its pieces became a paragraph of the section before (8 % of the
    # headings of the first 200 Rust RFCs).
    parsed = parse_md(tmp_path, "# The `docnav` guide\n\n## Motivation\n\nText.\n\n"
                                "### `?` operator\n\nBody.\n\n### Early exit from `any` block\n\n"
                                "X.\n\n### See [RFC 204](https://example.org/204)\n\nY.\n")
    assert shape(parsed) == [
        (H, 1, "The docnav guide"), (H, 2, "Motivation"), (T, 0, "Text."),
        (H, 3, "? operator"), (T, 0, "Body."),
        (H, 3, "Early exit from any block"), (T, 0, "X."),
        (H, 3, "See RFC 204"), (T, 0, "Y."),
    ]
    assert parsed.title == "The docnav guide"
    assert parsed.blocks[7].links == (Link("https://example.org/204", "RFC 204"),)
    assert parents(tree_of(parsed))["? operator"] == "Motivation"


ALL_EMPHASISED = """# T

## _Rules for `unsafe` code_
_Read [the guide](https://example.org/g) first._

- **Use `cargo` always**
- plain item
    - [Let's reimplement `unwrap()`](#unwrap)

+ An item.

  _By requiring `const` contexts, global reasoning
  can be avoided._

_One `a` note._

_Two `b` notes._

_`cargo` runs first._

**Example `x`:**
```
let y = 1;
```

Plain.
"""


def test_a_block_all_in_one_emphasis_or_link_stays_one_block(tmp_path):
    # docling gives a paragraph, list item or heading that is all one emphasis or link no
    # inline group: its pieces came as blocks of their own ("By requiring", "const",
    # "contexts, global reasoning can be avoided." in a Rust RFC; a heading cut to its first
    # word; in a nested list the pieces come after the list, outside it).
    # The source shows which pieces are one block; separate paragraphs stay separate, and a
    # paragraph right under a heading does not join it.
    parsed = parse_md(tmp_path, ALL_EMPHASISED)
    assert shape(parsed) == [
        (H, 1, "T"), (H, 2, "Rules for unsafe code"), (T, 0, "Read the guide first."),
        (LI, 0, "Use cargo always"), (LI, 0, "plain item"), (LI, 0, "Let's reimplement unwrap()"),
        (LI, 0, "An item."),
        (T, 0, "By requiring const contexts, global reasoning can be avoided."),
        (T, 0, "One a note."), (T, 0, "Two b notes."),
        (T, 0, "cargo runs first."), (T, 0, "Example x:"),
        (CODE, 0, "let y = 1;"), (T, 0, "Plain."),
    ]
    assert parsed.blocks[2].links == (Link("https://example.org/g", "the guide"),)
    assert parents(tree_of(parsed))["Rules for unsafe code"] == "T"


# -- references ------------------------------------------------------------------------------

FILING = """# Annual Report

## Item 7. Management's Discussion

Leases are discussed in Note 3. Other non-cash items 8 (3) 4.

We file reports under Section 13 of the Exchange Act.

## Item 8. Financial Statements

### Notes to Consolidated Financial Statements

#### 3. Leases

We lease stores; see Item 7 for the outlook.

#### 13. Contingencies

None.
"""


def _references(tree: DocTree) -> set[tuple[str, str]]:
    from docnav.refs import internal_references

    text = {n.node_id: n.text or n.heading for n in tree.nodes}
    return {(text[e.src][:20].strip(), text[e.dst]) for e in internal_references(tree)}


def test_a_filing_s_item_and_note_references_lead_to_their_sections(tmp_path):
    """"Note 3" is the section numbered 3 in the notes to the financial statements, "Item 7"
    the section headed so: 10-Ks cite their parts this way ("See Item 8 of Part II, ...—Note
    7—Commitments"). "Section 13" of an Act is no note numbered 13, and a table's "non-cash
    items 8" no reference."""
    tree = tree_of(parse_md(tmp_path, FILING))
    assert _references(tree) == {("Leases are discussed", "3. Leases"),
                                 ("We lease stores; see", "Item 7. Management's Discussion")}


def test_a_note_heading_is_found_by_its_label_and_a_paper_s_note_is_no_section(tmp_path):
    filing = tree_of(parse_md(tmp_path, "# R\n\n## Note 2 - Revenue\n\nText.\n\n"
                                        "## Note 12 - Segments\n\nAs in Note 2.\n"))
    assert _references(filing) == {("As in Note 2.", "Note 2 - Revenue")}
    paper = tree_of(parse_md(tmp_path, "# P\n\n## 1 Introduction\n\nText.\n\n"
                                       "## 2 Method\n\nAs note 1 says, and Note 1 too.\n"))
    assert _references(paper) == set()


def test_an_rfc_s_header_list_is_its_metadata(tmp_path):
    """A Rust RFC opens with "- Start Date: ..." items before its first heading: its fields,
    the start date its date. A key without a value takes the items under it."""
    rfc = parse_md(tmp_path, "- Feature Name: clamp\n- Start Date: 2017-03-26\n"
                             "- RFC PR: [rust-lang/rfcs#1961](https://example.org/1961)\n"
                             "- Rust Issues:\n  - [#44095](https://example.org/44095)\n"
                             "  - [#58710](https://example.org/58710)\n\n# Summary\n\nClamp.\n")
    assert rfc.metadata == (("feature name", "clamp"), ("start date", "2017-03-26"),
                            ("rfc pr", "rust-lang/rfcs#1961"), ("rust issues", "#44095, #58710"))
    from docnav.query.fields import date_of
    assert date_of(dict(rfc.metadata)) == "2017-03-26"
    front = parse_md(tmp_path, "---\nfeature name: from the front matter\n---\n\n"
                               "- Feature Name: clamp\n- Owner: Ann\n\n# Summary\n\nClamp.\n")
    assert front.metadata == (("feature name", "from the front matter"), ("owner", "Ann"))
    noted = parse_md(tmp_path, "- Start Date: 2014-09-18\n\n**Note:** later renamed.\n\n"
                               "# Summary\n\nBody.\n")  # a note under the list, as RFC 19 has
    assert noted.metadata == (("start date", "2014-09-18"),)
    # 18 RFCs open with their title's heading over the list, then their first section:
    # their fields all the same (RFC 3691 had no date, and `--after 2024-01-01` left it out)
    titled = parse_md(tmp_path, "# Security Improvements for CI Publishing\n\n"
                                "- Feature Name: crates-io-trusted-publishing\n"
                                "- Start Date: 2024-09-10\n\n# Summary\n\nBody.\n")
    assert titled.metadata == (("feature name", "crates-io-trusted-publishing"),
                               ("start date", "2024-09-10"))
    assert date_of(dict(titled.metadata)) == "2024-09-10"


@pytest.mark.parametrize("text", [
    "Note: this paragraph is text.\n\n# Summary\n\nBody.\n",  # a paragraph, not a list
    "- Start Date: 2017-03-26\n- and a list item of prose\n\n# Summary\n\nBody.\n",
    "# Summary\n\n- Start Date: 2017-03-26\n",  # under a heading: content
    # under a heading with more than the list: content ("Term: what it means")
    "# Glossary\n\n- Start Date: the day work began\n\nMore on dates.\n\n# Next\n\nX.\n",
    # numbered steps ("Step 1", "Phase 2"): a list's labels, not fields
    "- Step 1: Open the valve.\n- Step 2: Drain the tank.\n\n# Summary\n\nBody.\n",
])
def test_other_openings_are_no_metadata(tmp_path, text):
    assert parse_md(tmp_path, text).metadata == ()
