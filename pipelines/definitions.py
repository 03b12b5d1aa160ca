"""The one place the Dagster code location is wired up."""

from __future__ import annotations

import os

from dagster import Definitions, EnvVar

from pipelines.assets import collection, document
from pipelines.resources import DocNavResource
from pipelines.sensors import document_sensor, index_job, reconcile_schedule

# optional settings: resource field <- environment variable (the resource's default when unset)
OPTIONAL_ENV = {
    "embed_model": "DOCNAV_EMBED_MODEL", "include": "DOCNAV_INCLUDE",
    "exclude": "DOCNAV_EXCLUDE", "nli_model": "DOCNAV_NLI_MODEL",
}


def default_resource(environ: dict[str, str] = os.environ) -> DocNavResource:
    """DOCNAV_ROOTS and DOCNAV_DB are required; DOCNAV_SUMMARIES=0 / DOCNAV_VERIFY=0 switch
    summaries / NLI verification off."""
    optional = {field: EnvVar(var) for field, var in OPTIONAL_ENV.items() if environ.get(var)}
    return DocNavResource(
        roots=EnvVar("DOCNAV_ROOTS"),
        db=EnvVar("DOCNAV_DB"),
        summaries=environ.get("DOCNAV_SUMMARIES", "1") != "0",
        verify=environ.get("DOCNAV_VERIFY", "1") != "0",
        **optional,
    )


defs = Definitions(
    assets=[document, collection],
    jobs=[index_job],
    sensors=[document_sensor],
    schedules=[reconcile_schedule],
    resources={"docnav": default_resource()},
)
