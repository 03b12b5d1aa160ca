"""The one place the Dagster code location is wired up."""

from __future__ import annotations

import os

from dagster import Definitions, EnvVar, in_process_executor

from docnav.errors import ConfigError
from docnav.parse import ParseOptions
from pipelines.assets import collection, document
from pipelines.maintenance import compact_store_job, prune_vectors_job
from pipelines.resources import DocNavResource, check_policy
from pipelines.sensors import (
    DEFAULT_SENSOR_INTERVAL,
    build_document_sensor,
    build_reverify_schedule,
    index_job,
    reconcile_schedule,
)
from pipelines.versions import code_version, switch

# optional settings: resource field <- environment variable (the resource's default when unset)
OPTIONAL_ENV = {
    "embed_model": "DOCNAV_EMBED_MODEL", "include": "DOCNAV_INCLUDE",
    "exclude": "DOCNAV_EXCLUDE", "nli_model": "DOCNAV_NLI_MODEL", "pdf_mode": "DOCNAV_PDF_MODE",
    "spool": "DOCNAV_SPOOL", "policy": "DOCNAV_POLICY",
}


def default_resource(environ: dict[str, str] = os.environ) -> DocNavResource:
    """DOCNAV_ROOTS and DOCNAV_DB are required; DOCNAV_SUMMARIES=0 / DOCNAV_VERIFY=0 switch
    summaries / NLI verification off; DOCNAV_RESIDENT_WORKER=0 makes every run index in its
    own process instead of handing the work to the store's resident worker."""
    optional = {field: EnvVar(var) for field, var in OPTIONAL_ENV.items() if environ.get(var)}
    if environ.get("DOCNAV_PDF_MODE"):  # wrong: an error when the code location loads
        check_pdf_mode(environ["DOCNAV_PDF_MODE"])
    if (environ.get("DOCNAV_POLICY") or "flag") not in ("flag", "drop"):  # likewise (empty: unset)
        raise ConfigError(f"DOCNAV_POLICY={environ['DOCNAV_POLICY']!r}: use 'flag' (keep a "
                          "claim its sources do not support, marked) or 'drop' (remove it)")
    check_policy(environ.get("DOCNAV_POLICY") or "flag", switch(environ, "DOCNAV_SUMMARIES"),
                 switch(environ, "DOCNAV_VERIFY"), environ)
    return DocNavResource(
        # unset or blank: the resource loads (the UI shows it) and every tick and run says
        # so, naming DOCNAV_ROOTS, where Dagster said "You have attempted to fetch the
        # environment variable DOCNAV_ROOTS which is not set" and nothing of what it is for
        roots=EnvVar("DOCNAV_ROOTS") if (environ.get("DOCNAV_ROOTS") or "").strip() else "",
        db=EnvVar("DOCNAV_DB"),
        summaries=switch(environ, "DOCNAV_SUMMARIES"),
        verify=switch(environ, "DOCNAV_VERIFY"),
        resident_worker=switch(environ, "DOCNAV_RESIDENT_WORKER"),
        **optional,
    )


def check_pdf_mode(value: str) -> None:
    """DOCNAV_PDF_MODE checked as ParseOptions checks it, the error naming the variable (it
    said "pdf_mode='bogus' is not valid", naming no setting an operator can change)."""
    try:
        ParseOptions(pdf_mode=value)
    except ConfigError as exc:
        raise ConfigError(
            f"DOCNAV_PDF_MODE={value!r}: use 'auto' (docling's layout model where it is "
            "available locally, else the native pipeline), 'standard' (the layout model) or "
            "'native' (the PDF's text layer); unset it for 'auto'") from exc


def sensor_interval(environ: dict[str, str] = os.environ) -> int:
    """DOCNAV_SENSOR_INTERVAL: seconds between sensor evaluations (default 30)."""
    value = environ.get("DOCNAV_SENSOR_INTERVAL", "").strip()
    if not value:
        return DEFAULT_SENSOR_INTERVAL
    if not value.isdigit() or int(value) < 1:
        raise ConfigError(f"DOCNAV_SENSOR_INTERVAL={value!r}: expected a whole number of seconds "
                          f">= 1 (default {DEFAULT_SENSOR_INTERVAL}); unset it for the default.")
    return int(value)


def with_code_version(assets, version: str):
    return assets.map_asset_specs(lambda spec: spec.replace_attributes(code_version=version))


# Runs execute in-process: document -> collection is sequential anyway (one store writer), and
# a subprocess per step would add seconds of imports to every run (edit-to-queryable latency).
VERSION = code_version()
defs = Definitions(
    assets=[with_code_version(document, VERSION), with_code_version(collection, VERSION)],
    jobs=[index_job, prune_vectors_job, compact_store_job],
    sensors=[build_document_sensor(sensor_interval())],
    schedules=[reconcile_schedule, build_reverify_schedule(VERSION)],
    resources={"docnav": default_resource()},
    executor=in_process_executor,
)
