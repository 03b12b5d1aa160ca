"""The refusal of a run whose ``--include``/``--exclude`` read no file of one of its folders
while documents indexed from it still have their files there (`--include '*.MD'`, a case
typo, would remove every one of them), and what the refusal advises instead."""

from __future__ import annotations

import os
import shlex
from collections.abc import Callable, Sequence
from pathlib import Path

from docnav.errors import ConfigError, InputError
from docnav.scan import (
    DEFAULT_INCLUDE, FoundFile, absolute, empty_roots, file_kinds, hidden_under, in_scope,
)
from docnav.wording import counted


def refuse_filtered_out(roots: Sequence[str | Path], found: Sequence[FoundFile],
                        stored: Callable[[], Sequence[str]], include: Sequence[str],
                        exclude: Sequence[str], settings: tuple[str, str] | None = None
                        ) -> None:
    """An error naming each folder of ``roots`` of which the given ``include``/``exclude``
    (``found``: what the scan of the roots found with them) read no file while documents
    indexed from it (``stored``: the stored documents' paths, read only where a filter was
    given) still have their files there. Decided folder by folder: a file named as a root of
    its own (read whatever the filter says) or a file the filter reads in another folder does
    not make a typo right. A filter that reads some of a folder's files narrows it on purpose:
    the run removes the other documents, with a note; a folder whose documents' files are gone
    loses them, and the documents under a subfolder that cannot be listed are kept (neither is
    refused). ``settings``: the names of the include and exclude settings where they are not
    the CLI's --include/--exclude, each one comma-separated value (Dagster's DOCNAV_INCLUDE,
    DOCNAV_EXCLUDE)."""
    if tuple(include) == DEFAULT_INCLUDE and not exclude:
        return
    unread = _unread_folders(roots, found)
    if not unread:
        return
    paths = stored()
    kept = [f.path for f in found if f.unlisted]
    refused: list[tuple[str, int]] = []
    for root in unread:
        held = [p for p in paths if in_scope(p, [root])]
        if any(os.path.lexists(p) and not hidden_under(p, [root]) and not in_scope(p, kept)
               for p in held):
            refused.append((root, len(held)))
    if refused:  # of a pipeline's settings: a setting's error, which a retry cannot mend
        error = InputError if settings is None else ConfigError
        raise error(_filtered_out(roots, refused, include, exclude, settings))


def _unread_folders(roots: Sequence[str | Path], found: Sequence[FoundFile]) -> list[str]:
    """The folders of ``roots`` (absolute, each once) under which ``found`` has no file the
    walk read: neither a file named as a root of its own nor a folder that could not be
    listed. A folder inside another one of them is left to it (its files and documents are
    the outer one's too: named twice, they were counted twice)."""
    named = {str(absolute(r)) for r in roots if not absolute(r).is_dir()}
    walked = [f for f in found if not f.unlisted and f.path not in named]
    unread = empty_roots(roots, walked)
    return [r for r in unread if not any(o != r and in_scope(r, [o]) for o in unread)]


def _filtered_out(roots: Sequence[str | Path], refused: Sequence[tuple[str, int]],
                  include: Sequence[str], exclude: Sequence[str],
                  settings: tuple[str, str] | None) -> str:
    """The refusal: the options (or ``settings``) given, each folder (what it holds, how many
    documents the store holds from it), and the ways that work for what the user may have
    meant."""
    given, left_out = _given(include, exclude, settings)
    options = " ".join([*given, *left_out])
    if len(refused) == 1:
        (root, held), = refused
        files, shown = _holds(root)
        said = (f"the run reads no file of {root} ({files}: {shown}), and the store holds "
                f"{counted(held, 'document')} indexed from it")
    else:
        folders = ", ".join(f"{root} ({files}: {shown}; {counted(held, 'document')})"
                            for root, held in refused for files, shown in [_holds(root)])
        said = (f"the run reads no file of {len(refused)} folders whose documents the store "
                f"holds: {folders}")
    docs = "document" if len(refused) == 1 and refused[0][1] == 1 else "documents"
    its, it = ("its", "it") if len(refused) == 1 else ("their", "them")
    advice = ["Check the pattern (patterns are case-sensitive)."] if given else []
    if settings is not None:  # a pipeline's roots: one left out loses its documents too
        advice.append(f"To remove {its} {docs} on purpose, move {its} files out of {it}.")
        return f"{options}: {said}: the run is refused, nothing indexed or removed. " + " ".join(
            advice)
    others = _other_roots(roots, [root for root, _ in refused])
    if others:
        advice.append(f"To keep {its} {docs} and narrow the rest, leave {it} out of the run "
                      f"(give {others} {options}).")
    advice.append(f"To remove {its} {docs} on purpose, move {its} files out of {it} and "
                  f"index {it} again, or index what you keep into a new store (--db).")
    return (f"{options}: {said}: the run is refused, nothing indexed or removed. "
            + " ".join(advice))


def _given(include: Sequence[str], exclude: Sequence[str], settings: tuple[str, str] | None
           ) -> tuple[list[str], list[str]]:
    """The include and exclude patterns as the user gave them: the CLI's options, one per
    pattern ("--include '*.MD'"), or the ``settings`` named, each one value
    ("DOCNAV_INCLUDE ('*.mdd,*.txt')")."""
    default = tuple(include) == DEFAULT_INCLUDE
    if settings is None:
        return ([] if default else [f"--include {p!r}" for p in include],
                [f"--exclude {p!r}" for p in exclude])
    name_in, name_out = settings
    return ([] if default else [f"{name_in} ({','.join(include)!r})"],
            [f"{name_out} ({','.join(exclude)!r})"] if exclude else [])


def _other_roots(roots: Sequence[str | Path], refused: Sequence[str]) -> str:
    """The roots of the run outside the ``refused`` folders, as the user gave them: a run over
    them alone keeps the refused folders' documents; "" where there is none, or where a
    refused folder is inside one of them (the run over it would still remove them)."""
    others = [r for r in roots if not in_scope(str(absolute(r)), refused)]
    if any(in_scope(f, [str(absolute(r))]) for f in refused for r in others):
        return ""
    return " ".join(shlex.quote(str(r)) for r in others)


def _holds(root: str) -> tuple[str, str]:
    """What the folder ``root`` holds: "6 files" and ".md: 5, .txt: 1"."""
    kinds = file_kinds(root)
    shown = ", ".join(f"{k or 'no suffix'}: {n}" for k, n in list(kinds.items())[:5])
    return counted(sum(kinds.values()), "file"), shown + (", ..." if len(kinds) > 5 else "")
