"""Markup: a paragraph that is markup alone says nothing a reader could use as evidence.

A paper rendered to Markdown from its LaTeX source keeps the lines of its environments and
table rules as paragraphs of their own ("\\\\", "\\begin{center}", "\\end{tabular}",
"\\bibitem{honnibal-johnson:2015:EMNLP}"), and the lines of a listing of command options
("-lower -tgt_words_min_frequency 10"). Read as passages or as the paragraph after a short hit,
they filled the budget of "Who wrote the fake reviews paper?" with 26 such pieces. A paragraph
*says nothing* when it holds markup and, outside it, no word of prose: two letters or more,
not part of a name joined by "_" or a digit ("tgt_words", "BIBREF0"). The text inside a
command's braces is prose ("\\caption{User study statistics.}"), except that of the commands
naming things (an environment, a citation key, a label, a URL). A row of figures without
markup ("$ 7,838 $ 7,230") says something: it is a table's; a code block, formula or table is
not a paragraph of text, and is read as it is.
"""

from __future__ import annotations

import re

# a command whose braces hold a name, not text: "\begin{center}", "\cite{yao2017automated}",
# "\bibitem{honnibal-johnson:2015:EMNLP}", "\begin{tabular}{ | l | c | }"
_NAMING = re.compile(r"\\(?:begin|end|bibitem|cite[a-z]*|label|ref|eqref|url|"
                     r"includegraphics|usepackage|documentclass|bibliography(?:style)?)\*?"
                     r"(?:\s*\[[^\]]*\])*\s*\{[^}]*\}")
# any other command or escape: "\hline", "\\", "\newblock", "\&" (its braces' text is prose)
_COMMAND = re.compile(r"\\(?:[A-Za-z]+\*?|.)")
# a command line's option: "-lower", "-tgt_words_min_frequency", "--save-data"; not the
# hyphen inside a word ("reviews-val.txt", "e-mail")
_OPTION = re.compile(r"(?<![\w-])--?[A-Za-z][\w-]*")
_PROSE_WORD = re.compile(r"(?<![\w\\])[^\W\d_]{2,}(?!\w)")


def prose_words(text: str) -> list[str]:
    """The words of prose in ``text``, outside its markup."""
    return _PROSE_WORD.findall(_COMMAND.sub(" ", _OPTION.sub(" ", _NAMING.sub(" ", text))))


def says_nothing(text: str) -> bool:
    """Whether ``text`` is markup alone: LaTeX commands or command options, and no word of
    prose outside them."""
    marked = bool(_NAMING.search(text) or _COMMAND.search(text) or _OPTION.search(text))
    return marked and not prose_words(text)


__all__ = ["prose_words", "says_nothing"]
