"""A run that fails for a reason of the operator's making says that reason first."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from dagster import Failure

from docnav.errors import InputError, StoreError


@contextmanager
def readable_failure() -> Iterator[None]:
    """Bad input, a setting or the store (``InputError``, ``StoreError``) fails the step with
    DocNav's message as the failure's first line. Raised as it is, the event log led with
    Dagster's 'Error occurred while executing op "document":' and twenty lines of Dagster's
    stack, the message last, after "The above exception was caused by". A defect of DocNav's
    (any other exception) keeps Dagster's traceback, which is what its report needs."""
    try:
        yield
    except (InputError, StoreError) as exc:
        raise Failure(description=str(exc), metadata={"error": type(exc).__name__}) from exc
