"""Python warnings raised while a file is converted: caught for that file alone, and shown
naming it ("/docs/a.docx: Image size (95000000 pixels) exceeds limit ...", where the warning
said the rest, and a run of many files could not tell which file it was about).

:func:`caught` collects the warnings the converting thread raises, each one (the ``always``
action, whatever the program's filters say: a file's warning is the file's, however many files
said it before), and shows none; :func:`reissue` then issues them as they came, through the
program's filters, shown naming the file. Two things are set in the process while a
conversion runs, and put back when the last one ends, never at import: a hook in front of the
warnings module's (``warnings._showwarnmsg``, which every shown warning goes through, whatever
``warnings.showwarning`` a program set) and a first filter, ``always`` for a thread catching
only (its message pattern matches in such a thread alone). A warning another thread raises
meanwhile is filtered and shown as the program says, as it was: files converted in several
threads at once each catch their own, where ``warnings.catch_warnings``, process-wide, gave
one thread's warnings to another's list and could leave the hook pointing at a finished
conversion's list.
"""

from __future__ import annotations

import copy
import threading
import warnings
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, nullcontext

Shown = warnings.WarningMessage

_THREAD = threading.local()  # .caught: where this thread's warnings go; .file: named in shown
_LOCK = threading.Lock()
_users = 0  # the conversions running, in any thread
_hook: Callable[[Shown], None] | None = None  # ours while they run


class _Catching:
    """The message pattern of our filter: it matches in a thread catching alone."""

    def match(self, text: str) -> bool:
        return getattr(_THREAD, "caught", None) is not None

    def __repr__(self) -> str:
        return "<a thread catching a conversion's warnings (docnav)>"


_FILTER = ("always", _Catching(), Warning, None, 0)


@contextmanager
def caught() -> Iterator[list[Shown]]:
    """The warnings this thread raises in the block, caught, none shown."""
    if not _hookable():  # (as before the hook: every thread's meanwhile)
        with warnings.catch_warnings(record=True) as mine:
            warnings.simplefilter("always")
            yield mine
        return
    before = getattr(_THREAD, "caught", None)
    _THREAD.caught = mine = []
    try:
        with _hooked():
            yield mine
    finally:
        _THREAD.caught = before


def reissue(shown: Iterable[Shown], file: str) -> None:
    """Issue each of ``shown``, a file's warnings, as it came, the program's filters deciding
    whether it is shown (or raised), shown naming ``file``; within an outer conversion's
    :func:`caught`, caught by it. All in one block: the registries of warnings once shown are
    reset once, not at each, so ``once`` shows one of several alike, as it did."""
    shown = list(shown)
    outer = getattr(_THREAD, "caught", None)
    if outer is not None:
        outer.extend(shown)
        return
    if not shown:
        return
    before = getattr(_THREAD, "file", None)
    _THREAD.file = file
    try:
        with _hooked() if _hookable() else nullcontext():  # (else unnamed)
            for one in shown:
                warnings.warn_explicit(one.message, one.category, one.filename, one.lineno)
    finally:
        _THREAD.file = before


def _hookable() -> bool:
    """Whether this Python's warnings module has the internals the hook is set with (3.11's;
    3.14 reorganised the module): where not, a conversion's warnings are caught as before the
    hook (a ``catch_warnings`` around it, process-wide) and issued again unnamed."""
    return all(hasattr(warnings, name) for name in ("_showwarnmsg", "_filters_mutated"))


@contextmanager
def _hooked() -> Iterator[None]:
    global _users, _hook
    with _LOCK:
        if _users == 0:
            _hook = warnings._showwarnmsg = _showing(warnings._showwarnmsg)
            warnings.filters.insert(0, _FILTER)
            warnings._filters_mutated()  # (the registries of warnings once shown are reset)
        _users += 1
    try:
        yield
    finally:
        with _LOCK:
            _users -= 1
            if _users == 0:
                _unhook()


def _unhook() -> None:
    # (a hook a program set since is its own: left, ours in it passing warnings on as before)
    if warnings._showwarnmsg is _hook:
        warnings._showwarnmsg = _hook.previous
    while _FILTER in warnings.filters:
        warnings.filters.remove(_FILTER)
    warnings._filters_mutated()


def _showing(previous: Callable[[Shown], None]) -> Callable[[Shown], None]:
    """A hook catching a warning in a thread catching, else passing it on to ``previous``,
    named where the thread names a file. (One made at each install, holding the hook before
    it: a program's hook put in front of one, calling it, is called by the next, not by it.)"""

    def show(shown: Shown) -> None:
        caught = getattr(_THREAD, "caught", None)
        if caught is not None:
            caught.append(shown)
            return
        file = getattr(_THREAD, "file", None)
        previous(shown if file is None else _named(shown, file))

    show.previous = previous  # type: ignore[attr-defined]
    return show


def _named(shown: Shown, file: str) -> Shown:
    """``shown`` with its message naming ``file``: a copy of the warning, of its class, where
    its message is its ``args`` (else the words, a string, as ``showwarning`` takes too)."""
    said = str(shown.message)
    named: Warning | str = said if said.startswith(f"{file}: ") else f"{file}: {said}"
    if isinstance(shown.message, Warning):
        try:
            warning = copy.copy(shown.message)
            warning.args = (named,)
            if str(warning) == named:
                named = warning
        except Exception:  # (a warning class copying in ways of its own: its words)
            pass
    return Shown(named, shown.category, shown.filename, shown.lineno, shown.file, shown.line,
                 shown.source)
