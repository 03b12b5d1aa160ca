"""The Dagster definitions load, their settings come from the environment, and dagster.yaml
is a valid instance configuration."""

import os
import shutil
from pathlib import Path

import pytest
from dagster import DagsterInstance, Definitions

from docnav.errors import ConfigError
from docnav.parse import parser_fingerprint
from pipelines.definitions import VERSION, code_version, default_resource, defs, sensor_interval
from pipelines.versions import needs_reparse

ROOT = Path(__file__).resolve().parents[1]


def test_definitions_load():
    Definitions.validate_loadable(defs)
    repo = defs.get_repository_def()
    assert repo.has_job("index_documents") and repo.has_job("prune_vectors")
    assert repo.get_job("prune_vectors").tags == {"docnav/store": "write"}
    assert repo.get_job("compact_store").tags == {"docnav/store": "write"}
    assert {s.name for s in repo.schedule_defs} == {"reconcile_schedule", "reverify_schedule"}
    assert {s.name for s in repo.sensor_defs} == {"document_sensor"}
    assert repo.get_sensor_def("document_sensor").minimum_interval_seconds == 30
    assert repo.get_job("index_documents").executor_def.name == "in_process"
    document = repo.assets_defs_by_key[next(k for k in repo.assets_defs_by_key
                                            if k.to_user_string() == "document")]
    assert document.partitions_def.name == "documents"
    assert {c.name for c in document.check_keys} == {"parse_health", "nli_verification"}
    # the models are the assets' code version: changing one marks them stale in the UI
    assert set(document.code_versions_by_key.values()) == {VERSION}
    assert "summarizer=extractive-v9" in VERSION and "summary_rules=documents-4" in VERSION


def test_resource_settings_come_from_the_environment(monkeypatch):
    monkeypatch.setenv("DOCNAV_ROOTS", "/docs/a, /docs/b")
    monkeypatch.setenv("DOCNAV_DB", "/data/graph.duckdb")
    monkeypatch.setenv("DOCNAV_EMBED_MODEL", "hashing")
    monkeypatch.setenv("DOCNAV_EXCLUDE", "drafts/*")
    monkeypatch.setenv("DOCNAV_VERIFY", "0")
    monkeypatch.setenv("DOCNAV_PDF_MODE", "native")
    resource = default_resource(environ=os.environ).process_config_and_initialize()
    assert resource.root_list() == ["/docs/a", "/docs/b"]
    options = resource.index_options()
    assert options.lock_wait == resource.store().lock_wait == 600  # a shell run may hold it
    assert options.embedding.model == "hashing" and options.exclude == ("drafts/*",)
    assert options.parse.pdf_mode == "native"
    assert options.summaries is not None and options.summaries.verify is False
    assert options.summaries.nli.model == "cross-encoder/nli-deberta-v3-xsmall"
    assert resource.resident_worker is True  # a deployment hands runs to a warm worker
    monkeypatch.setenv("DOCNAV_RESIDENT_WORKER", "0")
    assert default_resource(environ=os.environ).resident_worker is False


def test_the_claim_policy_comes_from_the_environment_and_a_wrong_one_is_refused(monkeypatch):
    """The resource always verified with the flag policy: a deployment could not drop
    unsupported claims as `docnav index --policy drop` does."""
    monkeypatch.setenv("DOCNAV_ROOTS", "/docs")
    monkeypatch.setenv("DOCNAV_DB", "/data/graph.duckdb")
    resource = default_resource(environ=os.environ).process_config_and_initialize()
    assert resource.index_options().summaries.nli.policy == "flag"
    monkeypatch.setenv("DOCNAV_POLICY", "")  # `DOCNAV_POLICY=${DOCNAV_POLICY}`, unset: as unset
    assert default_resource(environ=os.environ).policy == "flag"
    monkeypatch.setenv("DOCNAV_POLICY", "drop")
    resource = default_resource(environ=os.environ).process_config_and_initialize()
    assert resource.index_options().summaries.nli.policy == "drop"
    monkeypatch.setenv("DOCNAV_POLICY", "delete")
    with pytest.raises(ConfigError, match="DOCNAV_POLICY='delete': use 'flag' .* or 'drop'"):
        default_resource(environ=os.environ)


def test_a_drop_policy_with_verification_off_is_refused_when_the_code_location_loads(
        monkeypatch):
    """`docnav index --policy drop --no-verify` is refused; DOCNAV_POLICY=drop with
    DOCNAV_VERIFY=0 was taken in silence (the code version said policy=off) and dropped
    nothing. With summaries off neither setting is used, as the CLI's --no-summaries."""
    monkeypatch.setenv("DOCNAV_ROOTS", "/docs")
    monkeypatch.setenv("DOCNAV_DB", "/data/graph.duckdb")
    monkeypatch.setenv("DOCNAV_POLICY", "drop")
    monkeypatch.setenv("DOCNAV_VERIFY", "off")  # named as set (it said DOCNAV_VERIFY=0)
    with pytest.raises(ConfigError, match=r"^DOCNAV_POLICY=drop removes the claims .*: it "
                                          r"cannot go with DOCNAV_VERIFY=off, .*; unset "
                                          r"DOCNAV_POLICY \(or set it to 'flag'\), or unset "
                                          r"DOCNAV_VERIFY to check the claims$"):
        default_resource(environ=os.environ)
    monkeypatch.setenv("DOCNAV_SUMMARIES", "0")
    assert default_resource(environ=os.environ).summaries is False


def test_switches_take_the_usual_spellings_and_refuse_others(monkeypatch):
    monkeypatch.setenv("DOCNAV_ROOTS", "/docs")
    monkeypatch.setenv("DOCNAV_DB", "/data/graph.duckdb")
    for off in ("0", "false", "No", "OFF"):
        monkeypatch.setenv("DOCNAV_SUMMARIES", off)
        assert default_resource(environ=os.environ).summaries is False, off
        assert "summarizer=off" in code_version(os.environ)
    for on in ("1", "true", "yes", "On", ""):
        monkeypatch.setenv("DOCNAV_SUMMARIES", on)
        assert default_resource(environ=os.environ).summaries is True, on
    monkeypatch.setenv("DOCNAV_SUMMARIES", "nope")
    with pytest.raises(ConfigError, match="DOCNAV_SUMMARIES='nope': expected 1 or 0"):
        default_resource(environ=os.environ)


def test_a_bad_pdf_mode_fails_when_the_code_location_loads(monkeypatch):
    """It said "pdf_mode='fast' is not valid", naming no variable (DOCNAV_SENSOR_INTERVAL and
    the others name theirs): it names DOCNAV_PDF_MODE and the values it takes."""
    monkeypatch.setenv("DOCNAV_PDF_MODE", "fast")
    with pytest.raises(ConfigError, match=r"^DOCNAV_PDF_MODE='fast': use 'auto' .*, 'standard' "
                                          r".* or 'native' .*; unset it for 'auto'$"):
        default_resource(environ=os.environ)


def test_code_version_follows_the_model_settings():
    base = code_version({})
    assert code_version({"DOCNAV_NLI_MODEL": "/models/other-nli"}) != base
    assert code_version({"DOCNAV_EMBED_MODEL": "hashing"}) != base
    assert "nli=off" in code_version({"DOCNAV_VERIFY": "0"})
    assert code_version({"DOCNAV_POLICY": "drop"}) != base == code_version({"DOCNAV_POLICY": ""})
    assert "policy=off" in code_version({"DOCNAV_VERIFY": "0", "DOCNAV_POLICY": "drop"})
    assert "summarizer=off" in code_version({"DOCNAV_SUMMARIES": "0"})
    assert "summary_rules=off" in code_version({"DOCNAV_SUMMARIES": "0"})
    assert code_version({"DOCNAV_ROOTS": "/elsewhere"}) == base  # where documents are: no


def test_code_version_names_the_parser_and_a_change_of_it_asks_for_a_reparse():
    base = code_version({})
    assert f"parser={parser_fingerprint()}" in base and "pdf_mode=auto" in base
    assert needs_reparse(base, base) is False
    # models: rebuilt summaries, verdicts, vectors; the trees stay
    assert needs_reparse(base, code_version({"DOCNAV_NLI_MODEL": "/models/other"})) is False
    assert needs_reparse(base, code_version({"DOCNAV_EMBED_MODEL": "hashing"})) is False
    # the parser or the PDF mode: the files must be parsed again
    assert needs_reparse(base, code_version({}, parser="0123456789ab")) is True
    native = code_version({"DOCNAV_PDF_MODE": "native"})
    assert "pdf_mode=native" in native and needs_reparse(base, native) is True
    # materialised before the parser was part of the version, or without a version at all
    assert needs_reparse(base.split(";parser=")[0], base) is True
    assert needs_reparse(None, base) is True


def test_sensor_interval_comes_from_the_environment():
    assert sensor_interval({}) == 30
    assert sensor_interval({"DOCNAV_SENSOR_INTERVAL": "2"}) == 2
    with pytest.raises(ConfigError, match="DOCNAV_SENSOR_INTERVAL='0'.*whole number"):
        sensor_interval({"DOCNAV_SENSOR_INTERVAL": "0"})


def test_dagster_yaml_is_a_valid_instance(tmp_path, monkeypatch):
    monkeypatch.setenv("DAGSTER_HOME", str(tmp_path))  # as `dagster dev` is started
    shutil.copy(ROOT / "dagster_home" / "dagster.yaml", tmp_path / "dagster.yaml")
    with DagsterInstance.from_config(str(tmp_path)) as instance:
        assert instance.run_coordinator.__class__.__name__ == "QueuedRunCoordinator"
        config = instance.get_concurrency_config()
        assert {"key": "docnav/store", "limit": 1} in config.run_queue_config.tag_concurrency_limits
        assert config.pool_config.default_pool_limit == 1
        assert instance.run_retries_enabled and instance.run_retries_max_retries == 2
        # a run killed with the deployment gives its store-pool slot back (test_dagster_dev.py)
        assert instance.run_monitoring_enabled
        assert instance.run_monitoring_settings["free_slots_after_run_end_seconds"] > 0
        assert instance.run_coordinator._dequeue_interval_seconds == 1
        assert not instance.telemetry_enabled
    assert (tmp_path / "history" / "runs.db").exists()  # runtime state stays in DAGSTER_HOME
