"""Responses (R-RESP): AI players answer with the default; a human is asked through the
controller's `ask_response` after the map has shown what causes the question."""

from __future__ import annotations

import logging
from typing import Any, Protocol

log = logging.getLogger("brikwars_gui.play")


class _Decides(Protocol):
    """What `_UIPolicy` needs of the controller (its `PromptsMixin`): named here, not imported
    from controller.py, so the mixins do not import each other in a circle."""

    def _decide(self, game: Any, request: Any) -> str: ...


class _UIPolicy:
    """ResponsePolicy: AI players answer with the default; humans are asked through the controller."""

    def __init__(self, controller: _Decides) -> None:
        self.controller = controller

    def decide(self, game: Any, request: Any) -> str:
        return self.controller._decide(game, request)


class PromptsMixin:
    """Asks a human player's Responses (unless "always do the default" was chosen).

    Each answer a human gives is announced (`answerGiven`, with its `decided` event) before the
    order goes on, so the write-ahead journal keeps it if the app is killed before the order
    ends (issue 26). Recovery re-issues that order with the answers already given
    (`resume_in_flight`): they are taken from `_given` in turn and only the rest are asked."""

    _given: list[dict[str, Any]]

    def _decide(self, game: Any, request: Any) -> str:
        given = self._given_answer(request)
        if given is not None:
            answer = given
        elif self.is_ai(request.team):
            return request.default
        elif (request.team, request.question) in self.always_default:
            answer = request.default
        else:
            self._flush_views()  # the map first: the move or attack that asks the question (issue 10)
            try:
                answer = self.ask_response(request)
            except Exception:
                log.exception("response prompt failed")
                answer = request.default
        answer = answer if answer in request.options else request.default
        if not self.is_ai(request.team):  # an AI's answers are made again by the AI
            from brikwars_gui.engine.rules.common import Decided

            decided = Decided(request.unit, request.question, request.about, list(request.options), answer)
            self.answerGiven.emit(decided.to_dict())
        return answer

    def _given_answer(self, request: Any) -> str | None:
        """The next answer given before a kill to this question of the order being resumed; the
        ones the rules settle alone (one option) are skipped, as in a replay. None: ask."""
        given = getattr(self, "_given", None)
        while given and len(given[0].get("options", ())) == 1:
            given.pop(0)
        if not given:
            return None
        logged = given.pop(0)
        if logged.get("question") != request.question or logged.get("unit") != request.unit:
            log.warning("resumed order diverged at %s of %s: asking again", request.question, request.unit)
            given.clear()
            return None
        return str(logged.get("answer"))

    def resume_in_flight(self, events: list[dict[str, Any]]) -> bool:
        """Re-issue the order a kill interrupted (`events`: its `order` event, then the `decided`
        events of the answers given before the kill), asking only the questions not yet answered.
        An AI player's order is left to the AI, which makes it again; the answers wait for it."""
        if self.game is None or not events or events[0].get("kind") != "order":
            return False
        order = events[0]
        self._given = [e for e in events[1:] if e.get("kind") == "decided"]
        if self.is_ai(self.game.active_player):
            return True
        try:
            return self._order(lambda: self.game.apply_order(order), f"resumed {order.get('order')}")
        finally:
            self._given = []
