"""Text views of the store for people: the document list and a document's heading tree."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path, PurePath

from docnav.compact import mib
from docnav.errors import InputError, names_several, quoted, without_path
from docnav.model import DocTree, Node, NodeKind
from docnav.scan import absolute as absolute_path
from docnav.scan import one_line
from docnav.snapshot import snapshot
from docnav.store import Store
from docnav.summary_rows import FAILED

MOST_REFERRING = 5  # documents named on a document's "referred to from" line


def render_documents(store: Store) -> str:
    """Every document with its status; while another process writes the store, as its
    Parquet export has them (said on the last line)."""
    listed = documents_json(store)
    if not listed["documents"]:
        return "no documents in the store: none indexed yet, or every one removed since"
    lines = [f"{'doc id':<12} {'status':<7} {'ver':>3} {'nodes':>6}  path"]
    for d in listed["documents"]:
        lines.append(f"{d['doc_id'][:12]:<12} {d['status']:<7} {d['version']:>3} "
                     f"{d['nodes']:>6}  {one_line(d['path'])}"
                     + (f"  \"{_short(d['title'])}\"" if _tells_more(d["title"], d["path"])
                        else ""))
        if d["error"]:
            lines.append(f"{'':<12} ! {one_line(d['error'])}")
    edges = ", ".join(f"{n} {k}" for k, n in listed["edges"].items())
    n = len(listed["documents"])
    lines.append(f"{n} document{'s' * (n != 1)}; edges: {edges}")
    return "\n".join(lines + listed["notes"])


def documents_json(store: Store) -> dict:
    """`docnav show --json`: every document (``doc_id``, ``path``, ``status``, ``version``,
    ``nodes``, ``title``, ``error``: without the path it begins with, as `index --json` gives
    it, the parser's ``warnings``), the edges by kind, and the
    notes the listing prints under them (embedding models, PDF pipelines, parser versions,
    the file's size; or that another process writes the store, ``from_export``)."""
    with snapshot(store) as (con, from_export):
        rows = con.execute(
            "SELECT d.doc_id, d.path, d.status, d.version, d.n_nodes, d.error, n.heading, "
            "d.metadata FROM documents d LEFT JOIN nodes n ON n.doc_id = d.doc_id AND "
            "n.kind = 'document' ORDER BY d.path").fetchall()
        counts = dict(con.execute("SELECT kind, count(*) FROM edges GROUP BY kind").fetchall())
        documents = [{"doc_id": doc_id, "path": path, "status": status, "version": version,
                      "nodes": n_nodes, "title": title,
                      "error": error and without_path(path, error),
                      "warnings": _warnings(metadata)}
                     for doc_id, path, status, version, n_nodes, error, title, metadata in rows]
        notes = _vectors_line(con) + _pdf_line(con) + _parser_line(con) + _warned_line(
            documents) + ([export_note(store)] if from_export else _space_line(con, store))
    return {"documents": documents,
            "edges": {k: counts.get(k, 0)
                      for k in ("contains", "sequential", "references", "related")},
            "notes": notes if rows else [], "from_export": from_export}


TITLE_SHOWN = 60  # characters of a title the listing shows


def _tells_more(title: str | None, path: str) -> bool:
    """Whether a document's title says more than its file name: not "2349-pin" for
    2349-pin.md, nor "Annual report" for annual_report.pdf ("1705.07830.pdf" is "Ask the Right
    Questions: ...")."""
    def words(text: str) -> list[str]:
        return re.findall(r"[^\W_]+", text.lower())

    return bool(title) and words(title) != words(PurePath(path).stem)


def _short(title: str) -> str:
    title = " ".join(title.split())
    return title if len(title) <= TITLE_SHOWN else title[: TITLE_SHOWN - 1].rstrip() + "…"


EXPORT_NOTE = ("read from the Parquet export, the last complete state: another process is "
               "writing the store")


def export_note(store: Store) -> str:
    """:data:`EXPORT_NOTE`, and where a run wrote the store and not the export after it (one
    with --no-parquet, one stopped before its export), by how much the export is older."""
    from docnav.export import behind_note, export_behind

    if not export_behind(store.parquet_dir):
        return EXPORT_NOTE
    return ("read from the Parquet export: another process is writing the store, and "
            + behind_note(store.parquet_dir, "it"))


def _vectors_line(con) -> list[str]:
    """The embedding models in use, with their documents, and the vectors of unused ones."""
    from docnav.prune import models_in_use

    users = models_in_use(con)
    stored = dict(con.execute("SELECT model, count(*) FROM embeddings GROUP BY 1").fetchall())
    unused = {m: n for m, n in sorted(stored.items()) if m not in users}
    if not users and not unused:
        return []
    line = ("embedded with " + ", ".join(f"{m} ({len(p)} document{'s' * (len(p) != 1)})"
                                         for m, p in users.items())
            if users else "no document has vectors")
    if unused:
        line += "; " + ", ".join(f"{n:,} vectors of {m}" for m, n in unused.items()) + \
            " no document uses (`docnav prune` deletes them)"
    return [line]


def _warnings(metadata: str | None) -> str | None:
    """What the parser warned of, from a document row's metadata (JSON pairs)."""
    return dict(map(tuple, json.loads(metadata or "[]"))).get("conversion_warnings")


def _warned_line(documents: list[dict]) -> list[str]:
    """Of the listed ``documents``, those whose stored tree came with the parser's warnings
    (front matter kept as text, scanned pages), which `docnav show DOC` prints."""
    paths = [d["path"] for d in documents if d["warnings"]]
    if not paths:
        return []
    names = ", ".join(PurePath(p).name for p in paths[:3]) + (", ..." if len(paths) > 3 else "")
    return [f"{len(paths)} document{'s' * (len(paths) != 1)} parsed with warnings (`docnav "
            f"show DOC` prints them): {names}"]


def _parser_line(con) -> list[str]:
    """After an upgrade: how many stored trees an older version of the parsers made (their
    PDF options are left out: the listing does not know the options of the next run). Failed
    documents are left out, as in the run's note: every run parses them again anyway."""
    from docnav.parse import parser_fingerprint

    (older,) = con.execute(
        "SELECT count(*) FROM documents WHERE content_hash IS NOT NULL AND status = 'ok' "
        "AND (parsed_with IS NULL OR split_part(parsed_with, ';', 1) <> ?)",
        [parser_fingerprint()]).fetchone()
    if not older:
        return []
    return [f"{older} document{'s' * (older != 1)} parsed by another version of DocNav's parsers "
            "(`docnav index DIR --reparse` parses them again)"]


# said on lines of their own: the PDF pipeline on the parser's line, the parser's warnings
_UNLISTED_FIELDS = ("conversion_warnings", "pdf_pipeline")


def _fields_lines(tree: DocTree) -> list[str]:
    """The document's metadata fields (front matter, an RFC's header list, a PDF's info, a
    filing's cover), which `docnav locate --meta KEY=VALUE` and the date filters read; and
    a paper's arXiv date, which the date filters read before its fields (1912.01214.pdf
    showed only "created = 2021-...", and was dated by its identifier): the day its first
    version's stamp gives, or its identifier's month (stamped on its first page, or its
    file's name)."""
    from docnav.query.fields import ARXIV_SOURCES, arxiv_dated, stamp_day_unused

    shown = [f"{key} = {value if len(value) <= 60 else value[:59] + '…'}"
             for key, value in tree.metadata if key not in _UNLISTED_FIELDS]
    lines = ["fields: " + "; ".join(shown)] if shown else []
    fields = {str(k).lower(): v for k, v in tree.metadata}
    dated, source = arxiv_dated(tree.path, fields)
    if dated is None:
        return lines
    by = ARXIV_SOURCES[source]
    why = ""  # the stamp's day, where it does not date it: "1909.00754v2 ... 18 Oct 2019"
    if unused := stamp_day_unused(tree.path, fields):
        day, of = unused
        why = (f" (its stamp's {day} is outside the identifier's month)" if of == "outside"
               else f" (its stamp's {day} is the day of {of}, not of its first)")
    return lines + [f"dated {dated} {by}, as --after/--before and questions by date read it"
                    + why]


def _dated(tree: DocTree) -> tuple[str | None, str | None]:
    """The document's own date as --after/--before read it, and where it comes from: what
    the text's fields and "dated ... by" line say, for a program (``arxiv_stamp``: the day
    a first version's stamp gives; ``arxiv_identifier``: the identifier's month)."""
    from docnav.query.fields import arxiv_dated, date_of

    fields = {str(k).lower(): v for k, v in tree.metadata}
    dated, source = arxiv_dated(tree.path, fields)
    if dated is not None:
        return dated, "arxiv_stamp" if source == "stamp day" else "arxiv_identifier"
    dated = date_of(fields)
    return dated, dated and "fields"


# a document whose row records no parser (indexed before schema 3 recorded it), and the fix
_OLDER = "indexed by an older DocNav"
_REPARSE = "`docnav index DIR --reparse` records it"


def _parser_note(parsed_with: str | None) -> str | None:
    """What to run where the stored tree is not of this DocNav's parsers (`show DOC`'s line,
    ``parser_note`` of its JSON): None where it is."""
    from docnav.parse import parser_fingerprint, recorded_parser

    if parsed_with is None:
        return f"{_OLDER}, which did not record its parser: {_REPARSE}"
    if recorded_parser(parsed_with)[0] != parser_fingerprint():
        return "another version: `docnav index DIR --reparse` parses it again"
    return None


def _parsed_line(tree: DocTree, parsed_with: str | None) -> str:
    """What parsed the stored tree: the parser's name (its version, its libraries' versions),
    and for a PDF the pipeline that read it with the --pdf-mode asked for (``auto`` chooses
    one on each machine)."""
    from docnav.parse import recorded_parser

    line = f"parsed by parser {recorded_parser(parsed_with)[0]}" if parsed_with else ""
    if note := _parser_note(parsed_with):
        line = f"{line} ({note})" if line else note
    if tree.format != "pdf":
        return line
    pipeline, mode, extras = _pdf_reading(parsed_with, tree.metadata, said=True)
    return f"{line}; PDF read by the {pipeline} pipeline (--pdf-mode {mode}{extras})"


def _pdf_reading(parsed_with: str | None, metadata: Iterable[tuple[str, str]],
                 said: bool = False) -> tuple[str, str, str]:
    """The pipeline that read a PDF, the --pdf-mode asked for, and the native options turned
    off (", outline off"), from its ``parsed_with``; a row recorded before the pipeline was
    takes it from the document's metadata. ``said``: the line says already that an older
    DocNav indexed it (no need to repeat it beside the mode)."""
    from docnav.parse import recorded_parser

    settings = recorded_parser(parsed_with)[1] if parsed_with else {}
    pipeline = settings.get("pipeline") or dict(metadata).get("pdf_pipeline", "unknown")
    off = "".join(f", {name} off" for name, key in (("outline", "outline"),
                                                    ("furniture removal", "furniture"))
                  if settings.get(key) == "False")
    # no parsed_with: indexed before schema 3 recorded the parser ("unknown" read as a mode)
    older = parsed_with is None and not said
    mode = settings.get("pdf_mode") or (f"not recorded: {_OLDER}; {_REPARSE}" if older
                                        else "not recorded")
    return pipeline, mode, off


def _pdf_line(con) -> list[str]:
    """How the stored PDFs were read: how many by each pipeline, with the --pdf-mode asked."""
    counts: dict[tuple[str, str, str], int] = {}
    for parsed_with, metadata in con.execute(
            "SELECT parsed_with, metadata FROM documents "
            "WHERE format = 'pdf' AND content_hash IS NOT NULL").fetchall():
        key = _pdf_reading(parsed_with, [tuple(m) for m in json.loads(metadata or "[]")])
        counts[key] = counts.get(key, 0) + 1
    if not counts:
        return []
    return ["PDFs: " + ", ".join(f"{n} read by the {pipeline} pipeline (--pdf-mode {mode}{off})"
                                 for (pipeline, mode, off), n in sorted(counts.items()))]


def _space_line(con, store: Store) -> list[str]:
    """The file's size (and its write-ahead log's, when one is left: rows committed but not
    yet written into the file, after a run that stopped on a full disk or was killed), and
    what a compaction would give back at least: DuckDB's free blocks.

    Blocks that deleted rows only partly emptied are not free, so the gain can be larger
    (measured: 5 blocks free and 5 given back after a prune of the test corpus; 10 free and
    12 given back after 30 edits of the sample RFCs); the hint says "at least" and appears
    once a tenth of the file is free."""
    row = con.execute("PRAGMA database_size").fetchone()
    size = dict(zip([d[0] for d in con.description], row))
    total, free, block = size["total_blocks"], size["free_blocks"], size["block_size"]
    # the file on disk, not its blocks: those count only what a checkpoint wrote ("store file
    # 0.0 MiB" for 16 documents whose rows were all in the log)
    line = f"store file {mib(_file_size(store.path))}"
    log = _file_size(store.wal_path)
    if log:
        small = log < 2**20 // 10  # "0.0 MiB" would say nothing is there
        line += (f" and {f'{log / 1024:.1f} KiB' if small else mib(log)} in its write-ahead "
                 "log (the next `docnav index` writes it into the file)")
    if total and free >= 0.1 * total:
        line += (f"; {free} of its {total} blocks are free: `docnav compact` gives at least "
                 f"{mib(free * block)} back")
    return [line]


def _file_size(path: Path) -> int:
    """The size of the file at ``path``, 0 when there is none."""
    try:
        return path.stat().st_size
    except FileNotFoundError:
        return 0


def find_document(store: Store, ref: str) -> str:
    """Resolve a doc id, a unique id prefix, or a path (as given or absolute) to a doc id."""
    with snapshot(store) as (con, _):
        rows = con.execute("SELECT doc_id, path FROM documents").fetchall()
    absolute = str(absolute_path(ref))
    for doc_id, path in rows:
        if ref == doc_id or path in (ref, absolute):
            return doc_id
    at = {p for _, p in rows if p.endswith("/" + ref) or Path(p).name.startswith(ref)}
    matches = [d for d, p in rows if d.startswith(ref) or p in at]
    if len(matches) == 1:
        return matches[0]
    if not matches:
        return _document_of_node(store, ref)
    if len(at) == len(matches):  # as `nav` and `fetch` say it
        raise names_several(ref, sorted(at))
    raise InputError(f"{ref!r} matches {len(matches)} documents; give more of the id or path")


def _document_of_node(store: Store, ref: str) -> str:
    """The document whose root node ``ref`` names (as `docnav nav` and `locate` print a
    document), else an error that says what a section's or paragraph's id is of: a node id
    copied from the tree was "no document" with no more said."""
    with snapshot(store) as (con, _):
        # (the collection node's document is no document: LEFT JOIN)
        rows = con.execute("SELECT n.node_id, n.kind, n.doc_id, d.path FROM nodes n LEFT JOIN "
                           "documents d USING (doc_id) WHERE starts_with(n.node_id, ?) "
                           "LIMIT 2", [ref.strip().lower()]).fetchall() if ref.strip() else []
    if len(rows) != 1:
        raise InputError(f"no document matches {quoted(ref)}; `docnav show` lists the "
                         "indexed ones")
    ((node_id, kind, doc_id, path),) = rows
    if kind == "document":
        return doc_id
    if kind == "collection":  # `nav DOC --dir parent` prints it
        raise InputError(f"{ref!r} is the id of the collection node (the parent of every "
                         f"document), not of a document: `docnav show` lists the documents, "
                         f"`docnav nav {node_id[:12]} --dir children` their nodes")
    around = "children` lists its parts" if kind == "section" else "parent` names its section"
    raise InputError(f"{ref!r} is the id of a {kind} of {path}, not of a document: `docnav "
                     f"fetch {node_id[:12]}` prints its text, `docnav nav {node_id[:12]} --dir "
                     f"{around}, and `docnav show {doc_id[:12]}` shows the document")


MARKS = {"entail": "✓", "neutral": "?", "contradict": "✗"}


@dataclass
class _NodeSummary:
    """A node's stored summary as `docnav show DOC` prints it: ``claims`` (claim, verdict,
    kept), ``sentences`` (the summary's text), and for a failed build its ``error``."""

    status: str
    claims: list[tuple]
    sentences: list[str]
    error: str | None


@dataclass
class _Shown:
    """What `docnav show DOC` reads of a document, for the text and the JSON alike."""

    doc_id: str
    path: str
    tree: DocTree | None
    status: str
    error: str | None
    version: int
    parsed_with: str | None
    summaries: dict
    references: int
    related: int
    referred_from: list[tuple[str, int]]  # (document path, references from it)
    from_export: bool


def _read_document(store: Store, ref: str, show_summaries: bool) -> _Shown:
    doc_id = find_document(store, ref)
    with snapshot(store) as (con, from_export):
        tree = store.load_tree(con, doc_id)
        path, status, error, version, parsed_with = con.execute(
            "SELECT path, status, error, version, parsed_with FROM documents WHERE doc_id = ?",
            [doc_id]).fetchone()
        summaries = _summaries(con, doc_id) if show_summaries else {}
        refs = con.execute(
            "SELECT count(*) FILTER (kind = 'references'), count(*) FILTER (kind = 'related') "
            "FROM edges WHERE src IN (SELECT node_id FROM nodes WHERE doc_id = ?)", [doc_id]
        ).fetchone()
        # what refers to it from other documents: links to it, its number ("RFC 1977")
        into = con.execute(
            "SELECT d.path, count(*) FROM edges e JOIN nodes s ON s.node_id = e.src "
            "JOIN documents d ON d.doc_id = s.doc_id WHERE e.kind = 'references' "
            "AND s.doc_id <> $doc AND e.dst IN (SELECT node_id FROM nodes WHERE doc_id = $doc) "
            "GROUP BY d.path ORDER BY d.path", {"doc": doc_id}).fetchall()
    return _Shown(doc_id, path, tree, status, error, version, parsed_with, summaries,
                  refs[0], refs[1], into, from_export)


def render_document(
    store: Store, ref: str, show_text: bool = False, show_summaries: bool = True
) -> str:
    shown = _read_document(store, ref, show_summaries)
    tree, summaries, into = shown.tree, shown.summaries, shown.referred_from
    error = shown.error and without_path(shown.path, shown.error)
    if tree is None:  # as a path not in the store: nothing to show is an error (exit code 2)
        raise InputError(f"{shown.path}: not indexed, no attempt to index it succeeded: "
                         f"{error}; fix the file and run `docnav index` on it again")
    lines = [f"{tree.title}  [{tree.doc_id}]  {tree.path}  v{shown.version} {shown.status}"]
    if error:  # the header line names the file: the error says it without it
        lines.append(f"! last attempt failed, showing the previous version: {error}")
    lines.append(_parsed_line(tree, shown.parsed_with))
    warned = dict(tree.metadata).get("conversion_warnings")
    if warned:  # what the run that parsed it said on stderr
        lines.append(f"! the parser warned: {warned}")
    lines += _fields_lines(tree)
    lines += _tree_lines(tree, show_text, summaries)
    listed = sum(map(len, _bibliographies(tree).values()))
    lines.append(
        f"{len(tree.sections)} sections, {len(tree.paragraphs) - listed} paragraphs"
        f"{f' (and {listed} of LaTeX bibliographies)' if listed else ''}, "
        f"{shown.references} references, {shown.related} related edges"
    )
    if into:
        named = ", ".join(f"{PurePath(p).name} ({n})" for p, n in into[:MOST_REFERRING])
        more = f", … and {len(into) - MOST_REFERRING} more" if len(into) > MOST_REFERRING else ""
        lines.append(f"referred to from {len(into)} other document{'s' * (len(into) > 1)} "
                     f"(references): {named}{more}")
    if summaries:
        lines.append("claims: ✓ entailed by the sources, ? not supported, ✗ contradicted, "
                     "· not checked, (dropped) removed by the drop policy")
    if shown.from_export:
        lines.append(export_note(store))
    return "\n".join(lines)


def document_json(store: Store, ref: str, show_text: bool = False,
                  show_summaries: bool = True) -> dict:
    """`docnav show DOC --json`: the document's status and fields, its own date as the date
    bounds read it (``dated``: ``2018-09`` for a month, an arXiv identifier's or a field's
    "September 2018"; ``2018-10-19`` for a first version's stamp) and where that comes from
    (``dated_by``: ``arxiv_stamp``, ``arxiv_identifier`` or ``fields``; both None undated), its
    heading tree as nested sections (``node_id``, ``heading``, ``level``, ``page``,
    ``paragraphs``: how many are directly under it, ``bibliography_paragraphs``: those directly
    under it that are a LaTeX bibliography's, not counted in ``paragraphs``
    (:func:`_bibliographies`), ``summary``: its status and claims with their verdicts,
    ``children``: its subsections and, with ``show_text``, its paragraphs in reading order).
    ``tree`` is None for a document never indexed (its ``error`` says why, without the path
    beside it, as `index --json` gives it)."""
    shown = _read_document(store, ref, show_summaries)
    tree = shown.tree
    dated, dated_by = _dated(tree) if tree else (None, None)
    listed = _bibliographies(tree) if tree else {}
    out = {"doc_id": shown.doc_id, "path": shown.path, "title": tree.title if tree else None,
           "status": shown.status, "version": shown.version,
           "error": shown.error and without_path(shown.path, shown.error),
           "parsed_with": shown.parsed_with,
           "parser_note": _parser_note(shown.parsed_with) if tree else None,
           "warnings": dict(tree.metadata).get("conversion_warnings") if tree else None,
           "fields": {k: v for k, v in tree.metadata if k not in _UNLISTED_FIELDS}
           if tree else {},
           "dated": dated, "dated_by": dated_by,
           "sections": len(tree.sections) if tree else 0,
           "paragraphs": len(tree.paragraphs) - sum(map(len, listed.values())) if tree else 0,
           "bibliography_paragraphs": sum(map(len, listed.values())),
           "references": shown.references, "related": shown.related,
           "referred_from": [{"document": p, "references": n} for p, n in shown.referred_from],
           "from_export": shown.from_export, "tree": None}
    if tree is None:
        return out

    def entry(node) -> dict:
        kids = tree.children(node.node_id)
        shown_kids = [k for k in kids if k.kind is NodeKind.SECTION or show_text]
        made = {"node_id": node.node_id, "heading": node.heading, "level": node.level,
                "page": node.page,
                "paragraphs": sum(k.kind is NodeKind.PARAGRAPH for k in kids)
                - len(listed.get(node.node_id, ())),
                "bibliography_paragraphs": len(listed.get(node.node_id, ()))}
        if node.node_id in shown.summaries:
            summary = shown.summaries[node.node_id]
            made["summary"] = {"status": summary.status, "claims": [
                {"text": text, "verdict": verdict, "kept": bool(kept)}
                for text, verdict, kept in summary.claims],
                "text": " ".join(summary.sentences), "error": summary.error}
        made["children"] = [entry(k) if k.kind is NodeKind.SECTION else
                            {"node_id": k.node_id, "block_kind": k.block_kind,
                             "page": k.page, "text": k.text} for k in shown_kids]
        return made

    out["tree"] = entry(tree.root)
    return out


def _summaries(con, doc_id: str) -> dict[str, _NodeSummary]:
    """node id -> what is stored of its summary, for the document's summaries."""
    out: dict[str, _NodeSummary] = {}
    try:
        for node_id, status, sentences, error in con.execute(
            "SELECT node_id, status, sentences, error FROM summaries WHERE doc_id = ?", [doc_id]
        ).fetchall():
            texts = [s["text"] for s in json.loads(sentences or "[]")]
            out[node_id] = _NodeSummary(status, [], texts, error)
        for node_id, text, verdict, kept in con.execute(
            "SELECT node_id, text, verdict, kept FROM claims WHERE doc_id = ? "
            "ORDER BY node_id, idx", [doc_id]
        ).fetchall():
            if node_id in out:
                out[node_id].claims.append((text, verdict, kept))
    except Exception:  # a store written without summaries has the tables but no rows
        return {}
    return out


def _summary_lines(indent: str, entry: _NodeSummary) -> list[str]:
    if entry.status == FAILED:
        return _failed_lines(indent, entry)
    if not entry.claims:  # field lines only ("Start Date: 2024-08-22"), or nothing: none is made
        return [f"{indent}  summary: none (it holds no statement)"]
    lines = [f"{indent}  summary ({entry.status}):"]
    for text, verdict, kept in entry.claims:
        lines.append(f"{indent}    {MARKS.get(verdict, '·')} {_cut(text)}"
                     f"{'' if kept else ' (dropped)'}")
    return lines


def _failed_lines(indent: str, entry: _NodeSummary) -> list[str]:
    """A summary whose last build failed (a chat endpoint down, an answer cut off): the
    previous one, which the store keeps (its sentences: a failed build keeps no claims), or
    that none was ever made; and why, since the next `docnav index` tries again."""
    error = one_line(entry.error or "no error recorded")
    if not entry.sentences:
        return [f"{indent}  summary: failed, none made yet (the next `docnav index` tries "
                f"again): {error}"]
    return [f"{indent}  summary (the previous one, kept: rebuilding it failed, the next "
            f"`docnav index` tries again: {error}):",
            *(f"{indent}    · {_cut(text)}" for text in entry.sentences)]


def _paragraphs(n: int) -> str:
    return f"{n} paragraph{'s' * (n != 1)}"


def _bibliographies(tree: DocTree) -> dict[str, list[Node]]:
    """Each section's paragraphs of a LaTeX bibliography left in its text (from
    "\\begin{thebibliography}" to its end, and "\\bibliographystyle{...}" lines), as a
    question reads them (:func:`docnav.query.parts.bibliographies`): works cited, no text of
    the section. `docnav show` counted them among the section's paragraphs."""
    from docnav.query.parts import bibliography_command, bibliography_runs, listed_text

    out: dict[str, list[Node]] = {}
    for section in (tree.root, *tree.sections):
        kids = tree.children(section.node_id)
        runs = set(bibliography_runs([listed_text(k) for k in kids]))
        held = [k for at, k in enumerate(kids) if k.kind is NodeKind.PARAGRAPH
                and (at in runs or bibliography_command(listed_text(k)))]
        if held:
            out[section.node_id] = held
    return out


def _listed(held: list[Node]) -> str:
    """What of a section's paragraphs are its LaTeX bibliography's, as its line says it:
    ", and 6 of a LaTeX bibliography: 2 \\bibitem entries"."""
    from docnav.query.parts import bibitems

    if not held:
        return ""
    entries = bibitems([n.text for n in held])
    said = f": {entries} \\bibitem entr{'y' if entries == 1 else 'ies'}" if entries else ""
    return f", and {len(held)} of a LaTeX bibliography{said}"


def _cut(text: str) -> str:
    return text if len(text) <= 110 else text[:107] + "..."


def _tree_lines(tree: DocTree, show_text: bool, summaries: dict | None = None) -> list[str]:
    summaries = summaries or {}
    lines = []
    if tree.root.node_id in summaries:
        lines += _summary_lines("", summaries[tree.root.node_id])
    listed = _bibliographies(tree)
    counts: dict[str, int] = {}
    for n in tree.paragraphs:
        counts[n.parent_id] = counts.get(n.parent_id, 0) + 1
    for section, held in listed.items():
        counts[section] -= len(held)
    for n in tree.nodes[1:]:
        indent = "  " * n.level
        if n.kind is NodeKind.SECTION:
            page = f" p.{n.page}" if n.page else ""
            lines.append(f"{indent}{n.heading or '(untitled)'}  [{n.node_id[:12]}]"
                         f" ({_paragraphs(counts.get(n.node_id, 0))}"
                         f"{_listed(listed.get(n.node_id, []))}{page})")
            if n.node_id in summaries:
                lines += _summary_lines(indent, summaries[n.node_id])
        elif show_text:
            # on one line: a table's rows, a list's or a code block's lines, joined by " ⏎ "
            # (they broke the tree's indentation)
            text = " ⏎ ".join(line.strip() for line in n.text.splitlines() if line.strip())
            text = text if len(text) <= 100 else text[:97] + "..."
            lines.append(f"{indent}- {n.block_kind}: {text}  [{n.node_id[:12]}]")
    return lines
