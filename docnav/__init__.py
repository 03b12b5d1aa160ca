"""DocNav: keep long structured documents navigable.

The public API is listed in ``__all__``; heavy modules (docling, torch) load on first use.
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"

_EXPORTS = {
    "DocNavError": "docnav.errors",
    "InputError": "docnav.errors",
    "DocumentError": "docnav.errors",
    "ConfigError": "docnav.errors",
    "StoreError": "docnav.errors",
    "InternalError": "docnav.errors",
    "Block": "docnav.model",
    "BlockKind": "docnav.model",
    "DocTree": "docnav.model",
    "Edge": "docnav.model",
    "EdgeKind": "docnav.model",
    "Node": "docnav.model",
    "NodeKind": "docnav.model",
    "ParsedDocument": "docnav.model",
    "SCHEMA_VERSION": "docnav.model",
    "build_tree": "docnav.tree",
    "TreeDiff": "docnav.diff",
    "diff_trees": "docnav.diff",
    "Embedder": "docnav.embed",
    "EmbeddingOptions": "docnav.embed",
    "HashingEmbedder": "docnav.embed",
    "SentenceTransformerEmbedder": "docnav.embed",
    "make_embedder": "docnav.embed",
    "ParseOptions": "docnav.parse",
    "parse_file": "docnav.parse",
    "Store": "docnav.store",
    "vector_of": "docnav.rows",
    "CollectionOptions": "docnav.collection",
    "IndexOptions": "docnav.index_options",
    "IndexReport": "docnav.report",
    "Indexer": "docnav.index",
    "index_paths": "docnav.index",
    "PruneReport": "docnav.prune",
    "prune_vectors": "docnav.prune",
    "ResidentIndexer": "docnav.worker",
    "WorkerOptions": "docnav.worker",
}

__all__ = sorted(_EXPORTS) + ["__version__"]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'docnav' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)


def __dir__() -> list[str]:
    return __all__
