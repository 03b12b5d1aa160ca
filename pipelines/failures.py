"""A run that fails for a reason of the operator's making says that reason first."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from dagster import Failure

from docnav.errors import ConfigError, InputError, StoreError

# a run tagged so is not re-executed by Dagster's run retries when a step fails
NO_RETRY_TAG = "dagster/retry_on_asset_or_op_failure"


@contextmanager
def readable_failure(context=None) -> Iterator[None]:
    """Bad input, a setting or the store (``InputError``, ``StoreError``) fails the step with
    DocNav's message as the failure's first line. Raised as it is, the event log led with
    Dagster's 'Error occurred while executing op "document":' and twenty lines of Dagster's
    stack, the message last, after "The above exception was caused by". A defect of DocNav's
    (any other exception) keeps Dagster's traceback, which is what its report needs.

    A setting's error (``ConfigError``: DOCNAV_ROOTS blank, an embedding model that does not
    load, an NLI folder that is not there) fails without retries: with the same settings a
    retry fails the same way, and the run (given ``context``) is tagged so that Dagster's run
    retries leave it; two doomed retries under the daemon once delayed the edit's next run."""
    try:
        yield
    except (InputError, StoreError) as exc:
        permanent = isinstance(exc, ConfigError)
        if permanent and context is not None:
            context.instance.add_run_tags(context.run_id, {NO_RETRY_TAG: "false"})
        raise Failure(description=str(exc), metadata={"error": type(exc).__name__},
                      allow_retries=not permanent) from exc
