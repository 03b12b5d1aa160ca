"""The command line where the sixty-first session's QA pass found it said less, or other, than
it should: a repeated --doc kept only its last glob, errors named the library's parameter
rather than the option typed, --verified-only of paragraphs said only "no hits", a reader
of a store held before its first export was told to read that export and to wait with a
--wait it lacks, an option without help, and a question none of whose words any document
holds. Real stores (the bundled sample, hashing embedder), real commands."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest
from _cli import Indexed, index_sample, run
from _harness import held

from docnav.cli import _parser


@pytest.fixture(scope="module")
def indexed(tmp_path_factory) -> Indexed:
    return index_sample(tmp_path_factory.mktemp("qa61"))


def _documents(hits: list[dict]) -> set[str]:
    return {Path(h["document"]).name for h in hits}


def test_a_repeated_doc_takes_every_glob(indexed):
    """`--doc A --doc B` searched B alone, without a word (the library takes a list)."""
    code, out, err = run(indexed.db, "locate", "Send", "-k", "50", "--json",
                         "--doc", "*0019*", "--doc", "*0458*")
    assert code == 0, err
    assert _documents(json.loads(out)) == {"0019-opt-in-builtin-traits.md",
                                           "0458-send-improvements.md"}
    code, out, err = run(indexed.db, "ask", "Why does Send need a static bound?", "--json",
                         "--budget", "2000", "--doc", "*0019*", "--doc", "*0458*")
    assert code == 0, err
    # evidence of both: one --doc honoured alone would read one of them
    assert _documents(json.loads(out)["evidence"]) == {"0019-opt-in-builtin-traits.md",
                                                       "0458-send-improvements.md"}
    # a glob of the two matching nothing is still an error, named
    code, _, err = run(indexed.db, "locate", "Send", "--doc", "*0019*", "--doc", "*nothing*")
    assert code == 2 and "'*nothing*'" in err
    for command in ("ask", "locate"):
        said = " ".join(_commands()[command].format_help().split("--doc GLOB")[-1].split())
        assert "repeatable" in said.split(" --")[0], command


def _commands() -> dict[str, argparse.ArgumentParser]:
    return next(a for a in _parser()._actions
                if isinstance(a, argparse._SubParsersAction)).choices


def test_errors_name_the_option_typed(indexed):
    """"levels -1", "budget 15" and "date '2020-13-01'" were the library's names."""
    for args, said in (
            (["locate", "Send", "--level", "-1"], "--level -1: "),
            (["locate", "Send", "--level", "1", "--level", "-2"], "--level -2: "),
            (["ask", "What is Send?", "--budget", "15"], "--budget 15: "),
            (["locate", "Send", "--after", "2020-13-01"], "--after '2020-13-01': "),
            (["ask", "What is Send?", "--before", "2020-02-30"], "--before '2020-02-30': ")):
        code, out, err = run(indexed.db, *args)
        assert code == 2 and not out, args
        assert err.startswith(f"docnav: error: {said}"), (args, err)
    code, out, _ = run(indexed.db, "ask", "What is Send?", "--budget", "15", "--json")
    assert code == 2 and json.loads(out)["error"].startswith("--budget 15: ")


def test_which_error_comes_first_is_as_before(indexed):
    """Once the CLI made the library's checks itself, --meta was checked after --budget,
    --after and --level, and --level before --kind: the error said was the other one."""
    for args, said in (
            (["ask", "What is Send?", "--meta", "author=", "--budget", "15"], "--meta "),
            (["ask", "What is Send?", "--meta", "author=", "--after", "2020-13-01"], "--meta "),
            (["locate", "Send", "--meta", "author=", "--level", "-1"], "--meta "),
            (["locate", "Send", "--meta", "noequals", "--after", "2020-13-01"], "--meta "),
            (["locate", "Send", "--kind", "bogus", "--level", "-1"], "unknown kind 'bogus'")):
        code, out, err = run(indexed.db, *args)
        assert code == 2 and not out, args
        assert err.startswith(f"docnav: error: {said}"), (args, err)


def test_verified_only_of_paragraphs_says_they_have_no_summaries(indexed):
    """--verified-only keeps nodes whose summary was verified, which a paragraph never has:
    "no hits with --verified-only, --kind paragraph" did not say why."""
    for kinds in (["paragraph"], ["table"], ["paragraph", "code"]):
        flags = [x for k in kinds for x in ("--kind", k)]
        code, out, err = run(indexed.db, "locate", "Send", "--verified-only", *flags)
        assert code == 2 and not out, kinds
        assert "paragraphs have no summaries" in err and "--verified-only" in err, err
    code, out, err = run(indexed.db, "locate", "Send", "--verified-only", "--kind", "section",
                         "--kind", "paragraph")
    assert code == 0, err  # a section may have one


def test_a_reader_of_a_store_without_an_export_is_told_only_what_applies(tmp_path, indexed):
    """While a writer held a store with no export, a reader was told "Wait for it to finish
    (index, watch, prune and compact take `--wait SECONDS`), or read the Parquet export
    instead. There is no Parquet export to read instead ..."."""
    db = tmp_path / "first.duckdb"
    code, _, err = run(db, "index", str(indexed.docs), "--embed-model", "hashing",
                       "--no-summaries", "--no-progress", "--no-parquet")
    assert code == 0, err
    with held(db, "w", 30) as holder:
        for command in (["locate", "Send"], ["ask", "What is Send?"], ["show"]):
            code, _, err = run(db, *command)
            assert code == 2, command
            assert f"locked by another process (PID {holder.pid})" in err, err
            assert "--wait" not in err and "or read the Parquet export instead" not in err, err
            assert "There is no Parquet export to read instead" in err, err
            assert "try again when that process has finished" in err, err


def test_every_option_of_every_command_says_what_it_does():
    """`locate --help` listed --json with nothing after it."""
    bare = []

    def walk(parser: argparse.ArgumentParser, name: str) -> None:
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for command, sub in action.choices.items():
                    walk(sub, command)
            elif not (action.help or "").strip():
                bare.append((name, action.option_strings or action.dest))

    walk(_parser(), "docnav")
    assert bare == []


def test_a_question_no_document_holds_a_word_of_says_so_in_its_json(indexed):
    """`ask "zzzz qqqq" --json` gave a full budget of unrelated evidence, exit 0, with no one
    field a script could read to learn that nothing matched."""
    code, out, err = run(indexed.db, "ask", "zzzz qqqq", "--json")
    assert code == 0, err
    answer = json.loads(out)
    assert answer["matched_words"] == [] and answer["absent"] == ["zzzz", "qqqq"]
    code, out, err = run(indexed.db, "ask", "Why does Send need a zzzz bound?", "--json")
    assert code == 0, err
    answer = json.loads(out)
    assert "zzzz" not in answer["matched_words"]
    assert {"send", "bound"} <= {w.lower() for w in answer["matched_words"]}
    # the words searched for, not the asking words ("rfcs", "mention", "tell", "explain",
    # "summarize" were said matched where nothing was)
    for question in ("Which RFCs mention zzzz?", "Tell me about zzzz", "Explain zzzz qqqq",
                     "Summarize zzzz", "What does the text say about zzzz?"):
        code, out, err = run(indexed.db, "ask", question, "--json")
        assert code == 0, err
        answer = json.loads(out)
        assert answer["matched_words"] == [] and "zzzz" in answer["absent"], (question, answer)
    code, out, err = run(indexed.db, "ask", "Which RFCs mention Send?", "--json")
    assert code == 0 and [w.lower() for w in json.loads(out)["matched_words"]] == ["send"]
