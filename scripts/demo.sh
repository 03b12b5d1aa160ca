#!/usr/bin/env bash
# Set up, index the bundled sample (four Rust RFCs, copied to .docnav/demo-docs), show the
# graph, ask it a question, then edit one paragraph and re-index: only that document is redone.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export DOCNAV_DB=${DOCNAV_DB:-.docnav/demo.duckdb}
# Claims are verified by an NLI model: the hub's cross-encoder/nli-deberta-v3-xsmall unless
# DOCNAV_NLI_MODEL names another. Offline development machines use the shared test model.
if [ -z "${DOCNAV_NLI_MODEL:-}" ] && [ -d ../shared/models/nli-minilm-l6-3way ]; then
  export DOCNAV_NLI_MODEL=../shared/models/nli-minilm-l6-3way
fi
docs=.docnav/demo-docs
rm -rf "$docs" "$DOCNAV_DB" "$(dirname "$DOCNAV_DB")/parquet"
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
