"""Incremental indexing equals a from-scratch build, over random corpora and random edit scripts.

Store A is indexed after every edit; store B is built once, from scratch, over the final folder.
Ids differ where they must (a renamed document keeps its doc_id in A), so both stores are
compared in a canonical form: doc ids become paths and node ids become (path, local_key).
"""

from __future__ import annotations

import re
import tempfile
from collections import Counter
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from docnav.collection import CollectionOptions
from docnav.embed import HashingEmbedder
from docnav.index import IndexOptions, Indexer
from docnav.rows import vector_of
from docnav.store import COLLECTION_DOC_ID, Store
from docnav.tree import slugify

WORDS = (
    "graph node section paragraph index store query summary claim vector embedding parser "
    "heading document folder change hash tree edge link anchor cache model batch reader "
    "writer table column schema version"
).split()
HEADINGS = ["Overview", "Usage", "Details", "Notes", "Design"]
NAMES = [f"doc{i}.md" for i in range(7)]
# A low threshold and a small k, so related lists fill up and get truncated: the hard case
# for an incremental top-k.
COLLECTION = CollectionOptions(related_k=3, related_threshold=0.3)

Block = tuple  # ("h", level, text) or ("p", text)


@st.composite
def paragraphs(draw) -> str:
    words = draw(st.lists(st.sampled_from(WORDS), min_size=3, max_size=8))
    text = " ".join(words).capitalize() + "."
    if draw(st.integers(0, 3)) == 0:  # a link to another document, which may not exist (yet)
        target = draw(st.sampled_from(NAMES))
        fragment = draw(st.sampled_from([""] + ["#" + slugify(x) for x in HEADINGS]))
        text += f" See [{words[0]}]({target}{fragment}) for more."
    return text


@st.composite
def documents(draw) -> tuple[str, list[Block]]:
    title = " ".join(draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=3))).title()
    blocks: list[Block] = []
    if draw(st.booleans()):
        blocks.append(("p", draw(paragraphs())))
    for _ in range(draw(st.integers(1, 5))):
        blocks.append(("h", draw(st.integers(2, 4)), draw(st.sampled_from(HEADINGS))))
        for _ in range(draw(st.integers(1, 3))):
            blocks.append(("p", draw(paragraphs())))
    return title, blocks


OPS = ["edit", "relink", "insert", "delete_paragraph", "move_section", "rename_file",
       "delete_file", "add_file"]
ops = st.tuples(
    st.sampled_from(OPS), st.integers(0, 999), st.integers(0, 999), st.integers(0, 999),
    paragraphs(), documents(),
)


def render(doc: tuple[str, list[Block]]) -> str:
    title, blocks = doc
    out = [f"# {title}"]
    for b in blocks:
        out.append("#" * b[1] + " " + b[2] if b[0] == "h" else b[1])
    return "\n\n".join(out) + "\n"


class Corpus:
    """The documents as block lists, mirrored into a folder."""

    def __init__(self, folder: Path, docs: dict[str, tuple[str, list[Block]]]) -> None:
        self.folder = folder
        self.docs = docs
        for name in docs:
            self._write(name)

    def _write(self, name: str) -> None:
        (self.folder / name).write_text(render(self.docs[name]), encoding="utf-8")

    def _unused(self, start: int) -> str | None:
        free = [n for n in NAMES if n not in self.docs]
        return free[start % len(free)] if free else None

    def apply(self, op: tuple) -> str:
        kind, a, b, c, para, new_doc = op
        names = sorted(self.docs)
        name = names[a % len(names)]
        title, blocks = self.docs[name]
        paras = [i for i, x in enumerate(blocks) if x[0] == "p"]
        heads = [i for i, x in enumerate(blocks) if x[0] == "h"]
        if kind == "edit" and paras:
            blocks[paras[b % len(paras)]] = ("p", para)
        elif kind == "relink" and paras:
            # only the link markup changes: the rendered text, and so the node's id, stay
            i = paras[b % len(paras)]
            text = blocks[i][1]
            found = re.search(r"\[([^\]]*)\]\(([^)]*)\)", text)
            target = NAMES[c % len(NAMES)] + ("#" + slugify(HEADINGS[c % len(HEADINGS)])
                                              if c % 3 == 0 else "")
            if found is None:  # link the first word
                first, _, rest = text.partition(" ")
                text = f"[{first}]({target}) {rest}".rstrip()
            elif c % 2:  # drop the link, keep its words
                text = text[:found.start()] + found.group(1) + text[found.end():]
            else:  # point it somewhere else
                text = text[:found.start()] + f"[{found.group(1)}]({target})" + text[found.end():]
            blocks[i] = ("p", text)
        elif kind == "insert":
            blocks.insert(b % (len(blocks) + 1), ("p", para))
        elif kind == "delete_paragraph" and paras:
            del blocks[paras[b % len(paras)]]
        elif kind == "move_section" and heads:
            start = heads[b % len(heads)]
            end = next((i for i in heads if i > start and blocks[i][1] <= blocks[start][1]),
                       len(blocks))
            run, rest = blocks[start:end], blocks[:start] + blocks[end:]
            spots = [i for i, x in enumerate(rest) if x[0] == "h"] + [len(rest)]
            at = spots[c % len(spots)]
            self.docs[name] = (title, rest[:at] + run + rest[at:])
        elif kind == "rename_file":
            new = self._unused(b)
            if new is None:
                return "noop"
            (self.folder / name).rename(self.folder / new)
            self.docs[new] = self.docs.pop(name)
            return f"rename {name} -> {new}"
        elif kind == "delete_file":
            if len(self.docs) == 1:
                return "noop"
            (self.folder / name).unlink()
            del self.docs[name]
            return f"delete {name}"
        elif kind == "add_file":
            new = self._unused(b)
            if new is None:
                return "noop"
            self.docs[new] = (new_doc[0], list(new_doc[1]))
            self._write(new)
            return f"add {new}"
        else:
            return "noop"
        self._write(name)
        return f"{kind} {name}"


def canonical(store: Store) -> dict[str, object]:
    """Every table with ids replaced by paths and (path, local_key)."""
    with store.reader() as con:
        path_of = dict(con.execute("SELECT doc_id, path FROM documents").fetchall())
        path_of[COLLECTION_DOC_ID] = COLLECTION_DOC_ID
        key_of = {
            node_id: (path_of.get(doc_id, f"?{doc_id}"), local_key)
            for node_id, doc_id, local_key in con.execute(
                "SELECT node_id, doc_id, local_key FROM nodes").fetchall()
        }

        def node(x: str | None) -> object:
            return None if x is None else key_of.get(x, f"?{x}")

        def rows(sql: str) -> list[tuple]:
            return con.execute(sql).fetchall()

        out: dict[str, object] = {}
        out["documents"] = sorted(rows(
            "SELECT path, format, title, content_hash, tree_hash, status, n_nodes FROM documents"))
        out["nodes"] = sorted(
            (node(r[0]), path_of.get(r[1]), *r[2:7], node(r[7]), *r[8:])
            for r in rows(
                "SELECT node_id, doc_id, local_key, kind, block_kind, level, position, "
                "parent_id, heading, breadcrumb, text, page, anchor, text_hash, tree_hash "
                "FROM nodes")
        )
        edges = [
            (node(s), node(d), k, round(w, 4), path_of.get(o, f"?{o}"))
            for s, d, k, w, o in rows("SELECT src, dst, kind, weight, doc_id FROM edges")
        ]
        out["edges"] = sorted(e for e in edges if e[2] != "related")
        out["related"] = related_up_to_ties(
            [(s, d, w) for s, d, k, w, _ in edges if k == "related"], COLLECTION.related_k)
        out["links"] = sorted(
            (node(n), path_of.get(d, f"?{d}"), t, x)
            for n, d, t, x in rows("SELECT node_id, doc_id, target, text FROM links")
        )
        out["node_vectors"] = sorted(
            (node(n), path_of.get(d, f"?{d}"), k, m, tuple(round(float(v), 5) for v in vector_of(vec)))
            for n, d, k, m, vec in rows(
                "SELECT node_id, doc_id, local_key, model, vector FROM node_vectors")
        )
        out["embeddings"] = sorted(rows("SELECT text_hash, model FROM embeddings"))
    return out


def related_up_to_ties(edges: list[tuple], k: int) -> list[tuple]:
    """Each section's related list: all its weights, and its neighbours except at a full cut.

    A full top-k list that cuts through a tie keeps the tied neighbours with the smallest node
    ids, and a renamed document's node ids differ between the stores by design; so the
    neighbours at the lowest weight of a full list are compared by weight only.
    """
    lists: dict[object, list[tuple[float, object]]] = {}
    for src, dst, weight in edges:
        lists.setdefault(src, []).append((weight, dst))
    out = []
    for src, items in lists.items():
        weights = sorted(w for w, _ in items)
        cut = weights[0] if len(items) >= k else None
        named = sorted(((w, d) for w, d in items if w != cut), key=repr)
        out.append((src, tuple(weights), tuple(named)))
    return sorted(out, key=repr)


def indexer(db: Path) -> Indexer:
    options = IndexOptions(export_parquet=False, collection=COLLECTION, progress=False)
    return Indexer(Store(db), options, HashingEmbedder())


def diff_tables(a: dict, b: dict) -> str:
    lines = []
    for table in a:
        only_a = Counter(a[table]) - Counter(b[table])
        only_b = Counter(b[table]) - Counter(a[table])
        for row in sorted(only_a, key=repr)[:6]:
            lines.append(f"{table}: only incremental: {row}")
        for row in sorted(only_b, key=repr)[:6]:
            lines.append(f"{table}: only scratch:     {row}")
    return "\n".join(lines)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    initial=st.lists(documents(), min_size=3, max_size=5),
    script=st.lists(ops, min_size=1, max_size=6),
)
def test_incremental_index_equals_a_full_rebuild(initial, script):
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "docs"
        folder.mkdir()
        corpus = Corpus(folder, {NAMES[i]: (t, list(b)) for i, (t, b) in enumerate(initial)})
        incremental = indexer(Path(tmp) / "a" / "a.duckdb")
        scratch = indexer(Path(tmp) / "b" / "b.duckdb")
        # One connection per store for the whole example, as a long-lived indexer holds it:
        # opening and checkpointing DuckDB per run would be most of this test's time.
        with incremental.store.session(), scratch.store.session():
            report = incremental.index([folder])
            assert report.ok, report.failed
            done = []
            for op in script:
                done.append(corpus.apply(op))
                report = incremental.index([folder])
                assert report.ok, report.failed
                # what the indexer keeps in memory between runs is still the store's state
                with incremental.store.reader() as con:
                    kept = incremental.kept_state_differences(con)
                assert not kept, f"after {done}: {kept}"

            assert scratch.index([folder]).ok
            a, b = canonical(incremental.store), canonical(scratch.store)
        assert a == b, f"after {done}:\n{diff_tables(a, b)}"
