#!/usr/bin/env bash
# Set up, index the bundled sample (four Rust RFCs, copied to .docnav/demo/docs), show the
# graph, ask it a question, then edit one paragraph and re-index: only that document is redone.
# Everything it makes is in .docnav/demo, which each run removes first; it never touches another
# store (not $DOCNAV_DB, nor the default .docnav/docnav.duckdb and its export .docnav/parquet),
# apart from what the older demo left at .docnav/demo.duckdb (below).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
demo=.docnav/demo
export DOCNAV_DB=$demo/demo.duckdb  # its Parquet export goes beside it, to $demo/parquet
# Claims are verified by an NLI model: the hub's cross-encoder/nli-deberta-v3-xsmall unless
# DOCNAV_NLI_MODEL names another. Offline development machines use the shared test model.
if [ -z "${DOCNAV_NLI_MODEL:-}" ] && [ -d ../shared/models/nli-minilm-l6-3way ]; then
  export DOCNAV_NLI_MODEL=../shared/models/nli-minilm-l6-3way
fi
docs=$demo/docs
rm -rf "$demo"
# The older demo's store, .docnav/demo.duckdb, and its export .docnav/parquet only where that
# export is the old store's (its owner file names it): left there, it kept the default store
# (.docnav/docnav.duckdb) from exporting to .docnav/parquet, so indexing into it was refused.
owner=$(cat .docnav/parquet/.store 2>/dev/null || true)
case "$owner" in "" | /*) ;; *) owner=.docnav/$owner ;; esac
if [ -n "$owner" ] && [ "$(realpath -m "$owner")" = "$(realpath -m .docnav/demo.duckdb)" ]; then
  rm -rf .docnav/parquet
fi
rm -f .docnav/demo.duckdb .docnav/demo.duckdb.wal
mkdir -p "$docs"
cp samples/rfcs/*.md "$docs"/
.venv/bin/docnav index "$docs"
.venv/bin/docnav show
.venv/bin/docnav show 0458-send-improvements.md
echo "--- a question, answered with cited evidence by navigating the graph ---"
.venv/bin/docnav ask "Why does Send need a static bound?" --budget 300
echo "--- one paragraph added to 0458-send-improvements.md; re-indexing ---"
sed -i "s/^## Motivation$/## Motivation\n\nThis paragraph was added by the demo./" "$docs/0458-send-improvements.md"
.venv/bin/docnav index "$docs" --no-progress
