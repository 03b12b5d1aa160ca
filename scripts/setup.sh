#!/usr/bin/env bash
# Create .venv with DocNav and everything it needs. Idempotent: re-runs only when
# pyproject.toml or this script changed. Needs Python 3.11+ and pip (PyPI access).
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
VENV=${DOCNAV_VENV:-.venv}
stamp="$VENV/.docnav-installed"
if [ -f "$stamp" ] && [ "$stamp" -nt pyproject.toml ] && [ "$stamp" -nt scripts/setup.sh ]; then
  exit 0
fi
[ -x "$VENV/bin/python" ] || "$PYTHON" -m venv "$VENV"
pip=("$VENV/bin/python" -m pip install --disable-pip-version-check)
echo "docnav setup: installing CPU torch first (a plain torch requirement would pull a CUDA build)" >&2
"${pip[@]}" -q "torch==2.13.0"
echo "docnav setup: installing docnav and its dependencies" >&2
"${pip[@]}" -q -c scripts/constraints.txt -e '.[dev]'
# docling pulls torchvision, whose PyPI build breaks CPU torch 2.13 ("operator torchvision::nms
# does not exist"); DocNav's docling paths (Markdown, HTML, DOCX, native PDF) do not need it.
"$VENV/bin/python" -m pip uninstall -y -q torchvision || true
"$VENV/bin/python" -c "from transformers import AutoModelForSequenceClassification; import docling.document_converter, sentence_transformers, dagster, duckdb" \
  || { echo "docnav setup: the environment is broken (see the import error above)" >&2; exit 1; }
# Browser test (tests/test_dagster_dev.py) needs Debian's headless Chromium; install it when we
# may (root with apt-get), otherwise that test skips and says what to install.
if ! command -v chromium >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "docnav setup: installing chromium and chromium-driver (apt-get) for the browser test" >&2
    { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium chromium-driver; } \
      >/dev/null || echo "docnav setup: could not install chromium; the browser test will skip" >&2
  else
    echo "docnav setup: no chromium; the browser test will skip (apt-get install -y chromium chromium-driver)" >&2
  fi
fi
touch "$stamp"
echo "docnav setup: ready in $VENV" >&2
