"""`Answers`: a player policy for Game tests that answers chosen questions and records every
request (what was offered, with its chances); other questions get the rules' defaults."""

from __future__ import annotations

from typing import Any

from brikwars_gui.engine.rules.common import DecisionRequest


class Answers:
    """`Answers(bail_to="9,5")` always answers that question so; `Answers(np_difficulty=["tough",
    "easy"])` answers it in that order, then with the default."""

    def __init__(self, **answers: str | list[str]) -> None:
        self.answers = {k: v if isinstance(v, str) else list(v) for k, v in answers.items()}
        self.asked: list[DecisionRequest] = []

    def decide(self, game: Any, request: DecisionRequest) -> str:
        self.asked.append(request)
        answer = self.answers.get(request.question)
        if isinstance(answer, str):
            return answer
        return answer.pop(0) if answer else request.default

    def first(self, question: str) -> DecisionRequest:
        return next(r for r in self.asked if r.question == question)
