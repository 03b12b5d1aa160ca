#!/usr/bin/env bash
# Set up, index the bundled sample (four Rust RFCs) and show what was built.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export DOCNAV_DB=${DOCNAV_DB:-.docnav/demo.duckdb}
.venv/bin/docnav index samples/rfcs
.venv/bin/docnav show
.venv/bin/docnav show 0019-opt-in-builtin-traits.md
echo "--- editing one paragraph and re-indexing: only that document is reparsed ---"
tmp=$(mktemp -d)
cp samples/rfcs/*.md "$tmp"/
.venv/bin/docnav --db "$tmp/demo.duckdb" index "$tmp" --no-progress >/dev/null
sed -i 's/^# Summary$/# Summary\n\nThis paragraph was added by the demo./' "$tmp/0458-send-improvements.md"
.venv/bin/docnav --db "$tmp/demo.duckdb" index "$tmp" --no-progress
rm -rf "$tmp"
