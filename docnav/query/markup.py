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
markup ("$ 7,838 $ 7,230") says something: it is a table's; so does a formula written as a
paragraph ("$$L = -\\sum_{i} \\log p(y_i)$$") or a Windows path ("C:\\ProgramData\\DocNav"), whose
backslashes are no commands; a code block, formula or table is not a paragraph of text, and is
read as it is. A section read whole leaves out less: only the lines of *structure* alone
("\\label{sec:intro}", "\\begin{center}", "\\end{proof}").
"""

from __future__ import annotations

import re

# a command whose braces hold a name, not text: "\begin{center}", "\cite{yao2017automated}",
# "\bibitem{honnibal-johnson:2015:EMNLP}", "\begin{tabular}{ | l | c | }"
_NAMING = re.compile(r"\\(?:begin|end|bibitem|cite[a-z]*|label|ref|eqref|url|"
                     r"includegraphics|usepackage|documentclass|bibliography(?:style)?)\*?"
                     r"(?:\s*\[[^\]]*\])*\s*\{[^}]*\}")
# a command giving a document its structure, alone on its line: "\label{sec:intro}",
# "\end{proof}", "\bibliographystyle{plain}", "\begin{figure}[t]"
_STRUCTURE = re.compile(r"\\(?:begin|end|bibitem|label|ref|eqref|usepackage|documentclass|"
                        r"bibliography(?:style)?)\*?(?:\s*\[[^\]]*\])*\s*\{[^}]*\}"
                        r"(?:\s*\[[^\]]*\])?")
# maths between dollars, or a path whose backslashes part its folders ("C:\ProgramData",
# "\\server\share"): what it says is no prose, and no markup either (a formula is maths saying
# letters or figures besides its commands; a table cell's "$\alpha$" or "$\checkmark$" says
# none, and its row is markup)
_MATHS = re.compile(r"\$[^$]*\\[^$]*\$")
_PATH = re.compile(r"(?<![\w\\])(?:[A-Za-z]:|\\\\[\w.$-]+)\\[\w.$ -]")
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
    if _PATH.search(text) or any(re.search(r"[A-Za-z0-9]", _COMMAND.sub("", m[0]))
                                 for m in _MATHS.finditer(text)):
        return False
    marked = bool(_NAMING.search(text) or _COMMAND.search(text) or _OPTION.search(text))
    return marked and not prose_words(text)


# a command with its arguments, as LaTeX sets a heading or a caption: "\paragraph{Bernoulli
# penalties to language model}", "\caption{Pseudocode for augmenting language model. }"
# a line of a bibliography environment: "\newblock Coherent dialogue with attention-based
# language models." (a work cited, no evidence of what the paper citing it is about)
_BIBLIOGRAPHY = re.compile(r"\s*\\(?:newblock|bibitem)\b")
_WITH_ARGUMENT = re.compile(r"\\[A-Za-z]+\*?(?:\s*\[[^\]]*\])*(?:\s*\{[^{}]*\})+")
# a formula, inline or displayed ("$E = \\mathrm{mc}^2$", "$$\\frac{a}{b}$$"): it says something
_FORMULA = re.compile(r"\$[^$]+\$")


def latex_alone(text: str) -> bool:
    """Whether ``text`` is a line of LaTeX source: markup alone (:func:`says_nothing`), or
    commands whose arguments hold all its words ("\\paragraph{Bernoulli penalties to language
    model}", "\\caption{...}" set as a paragraph of its own), or a bibliography's line
    ("\\newblock Coherent dialogue with attention-based language models."). Their words
    are prose, read with the rest of a section; but short, such a line ranked first for them
    and chose the document a question is about ("what classic language models are mentioned
    in the paper?" read the fake reviews paper's, not the one on neural language models). Not
    a formula ("$E = \\mathrm{mc}^2$"): its commands are what it says."""
    if _FORMULA.search(text):
        return False
    if says_nothing(text) or _BIBLIOGRAPHY.match(text):
        return True
    rest = _WITH_ARGUMENT.sub(" ", text)
    return rest != text and not prose_words(rest) and not _PATH.search(text)


def structure_alone(text: str) -> bool:
    """Whether ``text`` is nothing but commands giving a document its structure
    ("\\label{sec:intro}", "\\begin{center} \\end{center}"): what a section read whole
    leaves out, keeping any other line, a formula and a path among them."""
    return bool(text.strip()) and not _STRUCTURE.sub("", text).strip()


__all__ = ["latex_alone", "prose_words", "says_nothing", "structure_alone"]
