"""`docnav fetch` where it prints no text: a heading with nothing under it, and a budget too
small for the first paragraph (it printed "0 of 0 paragraphs; 0 tokens", or "0 of 2
paragraphs" with nothing to say why)."""

from __future__ import annotations

import json

from _cli import indexed_files, run

PUMP = ("# Pump\n\n## Seals\n\nThe impeller seal is replaced every 500 hours of running "
        "time.\n\n## Drawbacks\n\n## Parts\n\nSeal kit size 3.\n")


def test_fetch_says_why_it_prints_no_text(tmp_path):
    db = indexed_files(tmp_path, {"pump.md": PUMP})
    code, out, err = run(db, "fetch", "pump.md", "--json")
    first = json.loads(out)["pieces"][0]
    assert first["tokens"] > 10 and code == 0, err
    code, out, _ = run(db, "fetch", "pump.md", "--budget", "10")
    assert out == (f"0 of 2 paragraphs; 0 tokens (--budget 10: the first paragraph takes "
                   f"{first['tokens']} tokens, and one is cut only where 16 tokens or more are "
                   "left)\n")
    code, out, _ = run(db, "fetch", "pump.md", "--budget", str(first["tokens"]))
    assert out.startswith(f"1 of 2 paragraphs; {first['tokens']} tokens (--budget "
                          f"{first['tokens']}: a larger one reads the rest)\n")
    code, out, _ = run(db, "locate", "Drawbacks", "--kind", "section", "-k", "1")
    drawbacks = out.split()[0]
    code, out, _ = run(db, "fetch", drawbacks)
    assert code == 0 and out == "0 paragraphs: no text is under Pump › Drawbacks\n"
