"""``--doc`` naming a document by its file's name without the extension ("--doc 1811.00942"
of 1811.00942.md), as ``docnav show 1811.00942`` and a question's "1811.00942" name it: it was
"no indexed document matches '1811.00942'"."""

from __future__ import annotations

import json
from pathlib import Path

from _cli import indexed_files, run

FILES = {"1811.00942.md": "# Neural language models\n\nPerplexity measures a language model.\n",
         "1907.05664.md": "# Saliency maps\n\nPerplexity is not used for saliency maps.\n"}


def test_doc_by_its_file_s_name_without_the_extension(tmp_path):
    db = indexed_files(tmp_path, FILES)
    code, out, err = run(db, "ask", "What is perplexity?", "--doc", "1811.00942", "--json")
    assert code == 0, err
    read = {Path(e["document"]).name for e in json.loads(out)["evidence"]}
    assert read == {"1811.00942.md"}
    code, out, err = run(db, "locate", "perplexity", "--doc", "docs/1811.00942")
    assert code == 0 and "Saliency" not in out and "Neural language models" in out, err


def test_doc_by_a_part_of_a_name_is_still_refused(tmp_path):
    # (a stem whole, not a prefix: "--doc 1811" is no file's name)
    code, _, err = run(indexed_files(tmp_path, FILES), "ask", "What is perplexity?",
                       "--doc", "1811")
    assert code == 2 and "no indexed document matches '1811'" in err
