"""Hidden files and folders under a root are no documents: `docnav index .` in a project read
the Markdown and HTML of its `.git`, its `.venv`'s packages and its store's folder. One given
as a root of its own is indexed."""

from __future__ import annotations

import json
from pathlib import Path

from _cli import run

from docnav.scan import candidates, scan, scan_paths


def _project(tmp_path: Path) -> Path:
    project = tmp_path / "project"
    for rel in ["docs/guide.md", "README.md", ".hidden.md", ".git/x.md", ".github/CONTRIBUTING.md",
                ".venv/lib/python3.11/site-packages/pkg/README.md", "docs/.drafts/next.md"]:
        (project / rel).parent.mkdir(parents=True, exist_ok=True)
        (project / rel).write_text(f"# {Path(rel).stem}\n\nSome words of {rel}.\n")
    return project


def test_a_walk_passes_over_hidden_files_and_folders(tmp_path):
    project = _project(tmp_path)
    found = [Path(f.path).relative_to(project).as_posix() for f in scan([project])]
    assert found == ["README.md", "docs/guide.md"]


def test_a_hidden_folder_or_file_given_as_a_root_is_read(tmp_path):
    project = _project(tmp_path)
    found = [Path(f.path).relative_to(project).as_posix()
             for f in scan([project / ".github", project / ".hidden.md"])]
    assert found == [".github/CONTRIBUTING.md", ".hidden.md"]


def test_an_event_on_a_hidden_file_under_a_root_is_no_candidate(tmp_path):
    """What the watcher and the Dagster sensor are told of (a commit writes under .git)."""
    project = _project(tmp_path)
    paths = [str(project / rel) for rel in [".git/x.md", "docs/.drafts/next.md", "README.md"]]
    assert candidates(paths, [project]) == [str(project / "README.md")]
    assert [f.path for f in scan_paths(paths, [project])] == [str(project / "README.md")]
    assert candidates([str(project / ".hidden.md")], [project / ".hidden.md"]) == [
        str(project / ".hidden.md")]


def test_index_of_a_project_folder_indexes_its_documents_alone(tmp_path):
    project = _project(tmp_path)
    code, out, err = run(tmp_path / "g.duckdb", "index", str(project), "--embed-model",
                         "hashing", "--no-summaries", "--no-progress", "--json")
    assert code == 0, err
    report = json.loads(out)
    assert (report["documents_added"], report["documents_failed"]) == (2, 0), report


def test_a_folder_of_hidden_files_alone_is_named_as_such(tmp_path):
    notes = tmp_path / "notes"
    (notes / ".obsidian").mkdir(parents=True)
    (notes / ".draft.md").write_text("# Draft\n\nwords\n")
    code, _, err = run(tmp_path / "g.duckdb", "index", str(notes), "--embed-model", "hashing",
                       "--no-summaries", "--no-progress")
    assert code == 0, err
    assert err.rstrip().endswith(f"note: {notes}: no file here matches what this run reads "
                                 "(*.md, *.markdown, *.html, *.htm, *.docx, *.pdf); it holds "
                                 "hidden files or folders alone (.draft.md, .obsidian), which "
                                 "a run passes over: give one as a root of its own to index it")


def test_a_hidden_root_inside_another_root_keeps_its_events_and_its_paths_run(tmp_path):
    """Roots "." and ".github" (`docnav index . .github`): the scan found .github/ci.md, but
    its file events were no candidates (the first root holding it was ".", under which it is
    hidden), and a run over its path alone removed its document."""
    project = _project(tmp_path)
    roots = [project, project / ".github"]
    contributing = str(project / ".github" / "CONTRIBUTING.md")
    assert contributing in [f.path for f in scan(roots)]
    assert candidates([contributing], roots) == [contributing]
    assert [f.path for f in scan_paths([contributing], roots)] == [contributing]
    assert candidates([str(project / ".git" / "x.md")], roots) == []


def test_a_document_removed_for_being_hidden_is_said_so(tmp_path):
    """Indexed from ".github" given as a root, then a run over the project alone: it is
    removed, and the note said "this run reads *.md, ..." of a Markdown file."""
    project = _project(tmp_path)
    db = tmp_path / "g.duckdb"
    quick = ["--embed-model", "hashing", "--no-summaries", "--no-progress"]
    assert run(db, "index", str(project), str(project / ".github"), *quick)[0] == 0
    code, _, err = run(db, "index", str(project), *quick)
    assert code == 0, err
    assert ("note: 1 document was removed although its file is still there "
            "(CONTRIBUTING.md): in a hidden folder or a hidden file (a name starting with "
            "\".\"), which a run passes over. Give such a folder as a root of its own to index "
            "it (`docnav index . .github`).") in err
    assert "this run reads" not in err


def test_the_watcher_passes_over_what_is_written_under_a_hidden_folder(tmp_path):
    """A commit writes under .git: each folder it made was a full rescan of every root, and
    each file a batch, though no run reads there."""
    import threading
    import time

    from docnav.watch import Watcher, WatchOptions

    seen: list[set[str]] = []
    arrived = threading.Event()

    def on_batch(paths: set[str]) -> None:
        seen.append(paths)
        arrived.set()

    with Watcher([tmp_path], on_batch, WatchOptions(debounce=0.2, settle=0.2, max_wait=5)):
        objects = tmp_path / ".git" / "objects" / "ab"
        objects.mkdir(parents=True)
        (objects / "cdef.md").write_text("not a document\n")
        (tmp_path / ".notes.md").write_text("# Hidden\n")
        time.sleep(1.0)
        (tmp_path / "a.md").write_text("# A\n")
        assert arrived.wait(15)
        time.sleep(0.5)
    assert seen == [{str(tmp_path / "a.md")}]
