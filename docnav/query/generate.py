"""Optional answer generation from the navigator's cited evidence.

By default an :class:`~docnav.query.navigator.Answer` *is* its cited evidence. With an
answerer, the evidence is numbered in the order the answer lists it and sent with the question
to an OpenAI-compatible endpoint (:mod:`docnav.chat`), which is asked to answer from it alone
and to cite the numbers it relies on, so every ``[n]`` in the generated text points at one
piece of evidence (``Answer.evidence[n - 1]``). Any object with ``answerer_id`` and
``answer(question, evidence) -> str`` can stand in for :class:`ChatAnswerer`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from docnav.chat import ChatClient, ChatError, ChatOptions

if TYPE_CHECKING:
    from docnav.query.navigator import Evidence

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


class ChatAnswerer:
    """Answers from the evidence through an OpenAI-compatible chat endpoint."""

    def __init__(self, options: ChatOptions = ChatOptions()) -> None:
        self.client = ChatClient(options)
        self.answerer_id = f"chat:{self.client.options.model}"

    def answer(self, question: str, evidence: Sequence["Evidence"]) -> str:
        text = self.client.complete(PROMPT.format(question=question,
                                                  evidence=numbered(evidence))).strip()
        if not text:
            raise ChatError(f"{self.answerer_id} returned an empty answer")
        return text


__all__ = ["ChatAnswerer", "PROMPT", "numbered"]
