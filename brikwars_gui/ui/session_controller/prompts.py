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
    """Asks a human player's Responses (unless "always do the default" was chosen)."""

    def _decide(self, game: Any, request: Any) -> str:
        if self.is_ai(request.team) or (request.team, request.question) in self.always_default:
            return request.default
        self._flush_views()  # the map first: the move or attack that asks the question (issue 10)
        try:
            answer = self.ask_response(request)
        except Exception:
            log.exception("response prompt failed")
            answer = request.default
        return answer if answer in request.options else request.default
