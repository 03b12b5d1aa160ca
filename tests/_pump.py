"""The pump manual and field notes that the query and generation tests navigate, and the store
the real pipeline builds of them (hashing embedder, unverified summaries)."""

from __future__ import annotations

from pathlib import Path

from docnav.embed import HashingEmbedder
from docnav.index import Indexer, IndexOptions
from docnav.store import Store
from docnav.summaries import SummaryPipelineOptions

MANUAL = """# Pump Manual

Read this manual before installing the pump.

## 1 Installation

Mount the pump on a level concrete base. See Section 2 for wiring.

### 1.1 Clearance

Leave at least 40 centimetres of clearance around the motor housing.

## 2 Wiring

Connect the pump to a dedicated 230 volt circuit with a 16 ampere breaker.

Table 1 lists the cable sizes.

| length | cable |
| --- | --- |
| 10 m | 1.5 mm2 |

## 3 Maintenance

Replace the impeller seal every 2000 operating hours.
"""

NOTES = """# Field Notes

Most pump failures in the field were caused by worn impeller seals.

## Wiring problems

Undersized breakers tripped when the pump started under load.
"""

QUESTION = "How often is the impeller seal replaced?"


def pump_store(base: Path) -> Store:
    """Both documents indexed into a new store under ``base``."""
    docs = base / "docs"
    docs.mkdir()
    (docs / "manual.md").write_text(MANUAL)
    (docs / "notes.md").write_text(NOTES)
    store = Store(base / "db" / "g.duckdb")
    options = IndexOptions(summaries=SummaryPipelineOptions(verify=False), progress=False)
    Indexer(store, options, HashingEmbedder()).index([docs])
    return store


def find(graph, text):
    """The first node of ``graph`` whose text (or heading) contains ``text``."""
    return next(n for n in graph._nodes.values() if text in (n.text or n.heading))
