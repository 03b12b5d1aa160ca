"""Optional answer generation from the navigator's cited evidence.

By default an :class:`~docnav.query.evidence.Answer` *is* its cited evidence. With an
answerer, the evidence is numbered in the order the answer lists it and sent with the question
to an OpenAI-compatible endpoint (:mod:`docnav.chat`), which is asked to answer from it alone
and to cite the numbers it relies on, so every ``[n]`` in the generated text points at one
piece of evidence (``Answer.evidence[n - 1]``). Models also cite numbers with no evidence
behind them ([7] of five, [0], []): :func:`strip_invalid_citations` takes those out of the text
and names them, so no citation is shown that points at nothing. :class:`ChatAnswerer` takes a
reasoning model's ``<think>`` block and a repeated prompt out of the answer, and refuses one cut
off by the model's output limit. Any object with ``answerer_id`` and
``answer(question, evidence) -> str`` can stand in for :class:`ChatAnswerer`.

A generated answer can say more than its evidence does. :func:`check_claims` splits it into
sentences and checks each with the NLI verifier that checks summaries, against the evidence
the sentence cites (all of it when it cites none): entail, neutral or contradict. With the
``drop`` policy the answer keeps only its entailed sentences (:func:`supported_text`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from docnav.chat import ChatClient, ChatError, ChatOptions
from docnav.sentences import split_sentences
from docnav.verify import ENTAIL, Chunk, Verifier

if TYPE_CHECKING:
    from docnav.query.evidence import Answer, Evidence

PROMPT = (
    "Answer the question using only the numbered evidence below. After each statement, cite "
    "the evidence it rests on by its number in square brackets, e.g. [2]. If the evidence does "
    "not answer the question, say so instead of guessing.\n\n"
    "Question: {question}\n\nEvidence:\n{evidence}"
)


def numbered(evidence: Sequence["Evidence"]) -> str:
    """The evidence as the prompt shows it: ``[n] breadcrumb (p. N): text``, one per line."""
    return "\n".join(
        f"[{i}] {e.piece.breadcrumb}{f' (p. {e.piece.page})' if e.piece.page else ''}: "
        f"{e.piece.text}" for i, e in enumerate(evidence, start=1))


# an answer from a few thousand tokens of evidence is a few thousand characters; 4 MB of one
# sentence repeated (a model that does not stop) took the sentence splitter past its time limit
MAX_ANSWER_CHARS = 50_000


class ChatAnswerer:
    """Answers from the evidence through an OpenAI-compatible chat endpoint."""

    def __init__(self, options: ChatOptions = ChatOptions()) -> None:
        self.client = ChatClient(options)
        self.answerer_id = f"chat:{self.client.options.model}"

    def answer(self, question: str, evidence: Sequence["Evidence"]) -> str:
        prompt = PROMPT.format(question=question, evidence=numbered(evidence))
        completion = self.client.completion(prompt)
        url = f"{self.client.options.base_url}/chat/completions"
        if completion.cut_off:
            raise ChatError(
                f"the answer from {url} was cut off by the model's output limit after "
                f"{len(completion.text)} characters (finish_reason 'length'): raise the "
                "endpoint's max_tokens or context length, or give less evidence (--budget)")
        if not completion.text.strip():
            raise ChatError(f"{url} returned an empty answer")
        if len(completion.text) > MAX_ANSWER_CHARS:  # checked, it would take hours, or fail
            raise ChatError(f"the answer from {url} is {len(completion.text):,} characters "
                            f"long, more than {MAX_ANSWER_CHARS:,}: not taken (a model that "
                            "did not stop; set the endpoint's max_tokens)")
        text = completion.reply
        if not text.strip():
            raise ChatError(f"the answer from {url} holds only the model's reasoning "
                            "(<think>…), no answer")
        text = _without_echo(text, prompt).strip()
        if not text:
            raise ChatError(f"the model at {url} only repeated the prompt, with no answer")
        return text


def _without_echo(text: str, prompt: str) -> str:
    """``text`` without the prompt, or its question and evidence, repeated in it (spacing
    aside), as some models and servers put them before the answer."""
    flat = " ".join(text.split())
    for echo in (prompt, prompt[prompt.index("Question: "):]):
        words = echo.split()
        if " ".join(words[:8]) not in flat:
            continue  # not repeated: spare compiling a pattern as long as the evidence
        pattern = re.compile(r"\s+".join(map(re.escape, words)))
        text, found = pattern.subn("", text, count=1)
        if found:
            break
    return text


# a citation mark: [2], and as models also write them, [1, 3], [2-4] and the footnote [^2]
CITATION = re.compile(r"\[\^?(\d+(?:\s*[,–-]\s*\d+)*)\]")
_EMPTY_CITATION = r"\[\^?\s*\]"  # "[]": a citation of nothing
_CODE = r"```.*?```|`[^`\n]+`"  # Markdown code, whose brackets are not citations
_MARK = re.compile(rf"(?P<space>[ \t]*)(?:(?P<code>{_CODE})|{CITATION.pattern}|{_EMPTY_CITATION})",
                   re.S)
# citation marks after a sentence's full stop, where a new sentence (or the end) follows; one
# way to match each mark (no nested choice of spaces), so a long row of them stays linear
_AFTER_STOP = re.compile(r"([.!?])((?:\s*(?:,\s*)?" + CITATION.pattern +
                         r")+)[.!?]?(?=\s*$|\s+[A-Z\"“(])")  # "hours. [2]." too
_MAX_RANGE = 50  # a range mark [a-b] wider than this is taken as its two ends only
LIST_ITEM = re.compile(r"^(?:[-*+•]|\d{1,3}[.)])\s+")  # a Markdown list item's marker
_FOOTNOTE = re.compile(r"^\[\^?\d+\]:\s")  # "[^1]: Pump Manual", a footnote's source line
# a sentence ending in full-width stops (Chinese, Japanese), with the citation marks after them
_CJK_SENTENCE = re.compile(r"[^。！？]*[。！？]+(?:[ \t]*" + CITATION.pattern +
                           r")*|[^。！？]+")


def cited_numbers(text: str) -> list[int]:
    """Every evidence number the citation marks in ``text`` name, in order, ranges expanded
    (code spans left out)."""
    out = []
    for m in _MARK.finditer(text):
        if m.group("code") is None:
            out += _numbers(m.group(0))
    return out


def _numbers(mark: str) -> list[int]:
    """The numbers one citation mark names: "[1, 3-5]" -> [1, 3, 4, 5]; "[]" -> []."""
    out = []
    for part in (CITATION.findall(mark) or [""])[0].split(","):
        ends = [int(x) for x in re.split(r"\s*[–-]\s*", part.strip()) if x]
        if len(ends) == 2 and 0 <= ends[1] - ends[0] <= _MAX_RANGE:
            out += range(ends[0], ends[1] + 1)
        else:
            out += ends
    return out


def strip_invalid_citations(text: str, count: int) -> tuple[str, list[str]]:
    """``text`` without its citations of evidence that does not exist (there are ``count``
    pieces, [1] to [count]), and those citations, each once in order: "[7]", "[0]", and "[]"
    for a mark that names nothing. A mark keeps its valid numbers ("[1, 7]" -> "[1]"); one
    left with none goes, with the spaces before it."""
    invalid: list[str] = []

    def keep_valid(m: re.Match) -> str:
        if m.group("code") is not None:
            return m.group(0)
        numbers = _numbers(m.group(0))
        valid = [n for n in numbers if 1 <= n <= count]
        if numbers and len(valid) == len(numbers):
            return m.group(0)
        invalid.extend(f"[{n}]" for n in numbers if not 1 <= n <= count)
        if not numbers:
            invalid.append("[]")
        return m.group("space") + f"[{', '.join(map(str, valid))}]" if valid else ""

    text = _MARK.sub(keep_valid, text)
    return text, list(dict.fromkeys(invalid))


@dataclass(frozen=True)
class AnswerClaim:
    """One sentence of a generated answer and what its cited evidence says of it."""

    text: str  # the sentence without its citation marks
    refs: tuple[int, ...]  # the evidence numbers it cites (1-based), valid ones only
    verdict: str  # entail | neutral | contradict
    score: float  # the verdict's probability in the deciding window
    sentence: str = ""  # the sentence as the answer wrote it, its valid citation marks included
    invalid: tuple[str, ...] = ()  # its citations of evidence that does not exist ("[7]", "[]")

    @property
    def supported(self) -> bool:
        return self.verdict == ENTAIL

    def to_json(self) -> dict:
        return {"text": self.text, "refs": list(self.refs), "verdict": self.verdict,
                "score": self.score, "invalid_citations": list(self.invalid)}


def check_claims(text: str, evidence: Sequence["Evidence"],
                 verifier: Verifier) -> list[AnswerClaim]:
    """Each sentence of ``text`` checked against the evidence it cites (all the evidence when
    it cites none, or only numbers that do not exist: those are kept in ``invalid`` and taken
    out of its ``sentence``)."""
    everything = [Chunk(e.piece.node_id, e.piece.text) for e in evidence]
    claims = []
    for sentence in _sentences(text):
        if _FOOTNOTE.match(sentence):
            continue  # "[^1]: Pump Manual": where a footnote citation points, not a claim
        sentence, invalid = strip_invalid_citations(sentence, len(evidence))
        refs = tuple(sorted(set(cited_numbers(sentence))))
        claim = _without_citations(LIST_ITEM.sub("", sentence, count=1))
        if not re.search(r"\w", claim) or (claim.endswith(":") and not refs):
            continue  # citation marks alone, or a lead-in ("The seal:") to a list
        chunks = [everything[r - 1] for r in refs] or everything
        verdict = verifier.verify([(claim, None)], chunks)[0]
        claims.append(AnswerClaim(claim, refs, verdict.label, round(float(verdict.score), 4),
                                  sentence, tuple(invalid)))
    return claims


def _sentences(text: str) -> list[str]:
    """The sentences of an answer as written (citation marks included). A list item (``- ``,
    ``* ``, ``1. ``, ``2) ``) starts a new unit, its marker kept on its first sentence; so do
    a footnote's line and a line after one that ends a sentence, a lead-in or a footnote;
    other lines continue the one before (hard-wrapped prose)."""
    units: list[str] = []
    for line in (x.strip() for x in text.splitlines()):
        if not line:
            continue
        if units and not any(p.match(line) for p in (LIST_ITEM, _FOOTNOTE)) and not (
                re.search(r"[.!?:\]]$", units[-1]) or _FOOTNOTE.match(units[-1])):
            units[-1] += " " + line
        else:
            units.append(line)
    out: list[str] = []
    for unit in units:
        marker = LIST_ITEM.match(unit)
        lead = marker.group(0) if marker else ""
        for i, sentence in enumerate(_split(_cite_before_stop(unit[len(lead):]))):
            if i and not re.search(r"\w", _without_citations(sentence)):
                out[-1] += " " + sentence  # "... hours. [2].": the citation after the stop
            else:
                out.append((lead if i == 0 else "") + sentence)
    return out


def _split(text: str) -> list[str]:
    """Punkt's sentences, split again at full-width stops, which Punkt does not know."""
    return [part for sentence in split_sentences(text)
            for part in (m.group(0).strip() for m in _CJK_SENTENCE.finditer(sentence)) if part]


def _cite_before_stop(text: str) -> str:
    """"... hours. [2] Next" -> "... hours [2]. Next": the sentence splitter would give the
    marks to the next sentence."""
    return _AFTER_STOP.sub(lambda m: " " + " ".join(
        f"[{n}]" for n in CITATION.findall(m.group(2))) + m.group(1), text)


def _without_citations(sentence: str) -> str:
    bare = _MARK.sub(lambda m: m.group(0) if m.group("code") is not None else " ", sentence)
    return re.sub(r" ([.,;:!?。，、；：！？])", r"\1", " ".join(bare.split()))


def supported_text(claims: Sequence[AnswerClaim]) -> str:
    """The answer rebuilt from its supported sentences (citations kept), list items on lines
    of their own; "" when none is."""
    out = ""
    for c in claims:
        if c.supported:
            out += ("\n" if out and LIST_ITEM.match(c.sentence) else " " if out else "") + \
                c.sentence
    return out


def drop_unsupported(answer: Answer, evidence_text: str) -> None:
    """Keep the generated sentences the evidence supports (``--policy drop``); none: the
    answer is the evidence again (``generated_by`` None, every claim in ``dropped``)."""
    answer.dropped = [c for c in answer.claims if not c.supported]
    if not answer.dropped:
        return
    kept = supported_text(answer.claims)
    answer.trace.append({"op": "drop", "dropped": len(answer.dropped),
                         "kept": len(answer.claims) - len(answer.dropped)})
    if kept:
        answer.text = kept
    else:
        answer.text, answer.generated_by = evidence_text, None


__all__ = ["AnswerClaim", "ChatAnswerer", "PROMPT", "check_claims", "cited_numbers",
           "drop_unsupported", "numbered", "strip_invalid_citations", "supported_text"]
