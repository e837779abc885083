"""The events of Enemy Response (R-RESP-1..9): who answered what and how, hidden answers, Counters,
initiative roll-offs and wasted attacks; shared by the movement and attack Responses
(`response`) and the Angry Inch (`angry_inch`)."""

from __future__ import annotations

from typing import Any

from brikwars_gui.engine.events import Event, register_event


@register_event
class Responded(Event):
    """A unit spends its saved Action as a Response (R-RESP-1)."""

    kind = "responded"
    responder: str
    target: str
    reason: str
    response: str

    def describe(self) -> str:
        return f"{self.responder} responds to {self.target} ({self.reason}): {self.response}"


@register_event
class ResponseUnseen(Event):
    """The target of an attack holds a saved Action but does not see its attacker, so it cannot
    respond (R-RESP-1, GRID-6): said in the log, or the player wonders why no question came."""

    kind = "response_unseen"
    unit: str
    attacker: str

    def describe(self) -> str:
        return (
            f"{self.unit} keeps its saved Action: it does not see {self.attacker}, "
            "so it cannot respond (R-RESP-1)"
        )


@register_event
class Countered(Event):
    """R-MOVE-5: the mover Counters; both are in Close Combat and its Movement ends."""

    kind = "countered"
    unit: str
    target: str

    def describe(self) -> str:
        return f"{self.unit} Counters {self.target}: both enter Close Combat (R-MOVE-5)"


@register_event
class Initiative(Event):
    """R-RESP-4/5: who acts first when the Actions cannot be simultaneous."""

    kind = "initiative"
    first: str
    second: str
    reason: str
    rolls: list[dict[str, Any]]

    def describe(self) -> str:
        return f"{self.first} acts before {self.second}: {self.reason}"


@register_event
class AttackWasted(Event):
    """The target got out of reach (a Bail) before the attack; the Action is spent for nothing."""

    kind = "attack_wasted"
    attacker: str
    target: str
    reason: str

    def describe(self) -> str:
        return f"{self.attacker}'s attack on {self.target} is wasted: {self.reason}"
