"""The Effect builder (Chapter D, R-SN-14): a caster's Effect is built over the map one SN die at
a time. The engine's `Cast` order asks `sn_next_die` before each die; this panel answers it with
one button per ready die and allowed Aspect (with the engine's exact chance that a Range die
reaches, `detail["p_reach"]`) and a Stop button that lands the Effect. Between dice the map shows
the path so far (the path line, labelled with the inches reached), each die's roll rising from
the Effect's point, and where it lands. Nothing here computes a rule: the words and numbers are
the request's and the Effect's as the engine has them."""

from __future__ import annotations

from html import escape

from PySide6.QtWidgets import QGridLayout, QLabel

from brikwars_gui.ui.response_prompt import PromptText, ResponsePrompt
from brikwars_gui.ui.session_controller.supernatural import ASPECT_WORDS, DieChip, EffectLine, chips_text


def _percent(p: float) -> str:
    """A chance in whole percent; a chance too small to round up still reads as a chance."""
    return "<1%" if 0 < p < 0.005 else f"{round(p * 100)}%"


def builder_text(
    request, names: dict[str, str], effect: EffectLine | None, chips: tuple[DieChip, ...]
) -> PromptText:
    """The `sn_next_die` question in words: what is built so far, one answer per die and Aspect."""
    detail = dict(getattr(request, "detail", None) or {})
    caster = names.get(request.unit, request.unit)
    template = effect.template if effect is not None else "the Effect"
    target = ", ".join(effect.targets) if effect is not None and effect.targets else ""
    reach = int(detail.get("reach", 0) or 0)
    left = float(detail.get("distance", 0) or 0)
    head = f"<b>{escape(caster)}</b> builds <b>{escape(template)}</b>"
    if target:
        head += f" at <b>{escape(target)}</b>"
    if left > 0:  # a Fumble may have turned the point aside: what is rolled and what is left
        head += f': {left:.0f}" to go ({reach}" rolled on Range so far)'
    elif effect is not None and effect.dice:
        head += ": on target"
    spent = [
        f"{escape(name)} d{sides} → {ASPECT_WORDS.get(a, a)}"
        for name, sides, a in (effect.dice if effect else ())
    ]
    if spent:
        head += "<br><span style='color:#555'>Spent: " + "; ".join(spent) + "</span>"

    by_id = {c.talisman: c for c in chips}
    p_reach = detail.get("p_reach") or {}
    buttons: list[tuple[str, str, str]] = []
    for option in request.options:
        if option == "stop":
            label = (
                "Stop: land the Effect now" if effect is not None and effect.dice else "Stop: cast nothing"
            )
            buttons.append((option, label, "No more dice: the Effect lands where its point is (R-SN-15)"))
            continue
        talisman, _, aspect = option.partition(":")
        chip = by_id.get(talisman)
        die = f"{chip.name} d{chip.sides}" if chip is not None else talisman
        label = f"{die} → {ASPECT_WORDS.get(aspect, aspect)}"
        tip = f"Spend the {die} on {ASPECT_WORDS.get(aspect, aspect)}; it is rolled at once (R-SN-14/23)"
        if aspect == "range" and talisman in p_reach:
            label += f" — {_percent(float(p_reach[talisman]))} to reach"
            tip += "; the chance is the engine's, Bonus Dice and Fumbles counted (R-SN-17/18)"
        buttons.append((option, label, tip))
    return PromptText(head, tuple(buttons), {})


class EffectBuilder(ResponsePrompt):
    """The Effect builder over the map: `ask_die(request, names, effect, chips, avoid)` returns
    the answer to one `sn_next_die` question (the map stays live while it waits)."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("effectBuilder")
        self.setStyleSheet(
            "#effectBuilder { background: #f3e5f5; border: 2px solid #8e24aa; border-radius: 6px; }"
        )
        self.always.hide()  # each die is a choice: never "always the default" (design map S3)
        self.effect: EffectLine | None = None
        self.chips: tuple[DieChip, ...] = ()

    def ask_die(self, request, names, effect: EffectLine | None, chips: tuple[DieChip, ...], avoid=()) -> str:
        self.effect, self.chips = effect, chips
        answer, _always = self.ask(request, names, avoid)
        return answer

    def describe(self, request, names, odds) -> PromptText:
        return builder_text(request, names, self.effect, self.chips)

    def _fill_row(self, request) -> None:
        """A row per die (its Talisman, then one button per allowed Aspect), Stop on top."""
        grid = QGridLayout(self.row_box)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setVerticalSpacing(2)  # a small map (1280x720) keeps its units in sight
        self.row_box.setToolTip("One more die on one Aspect (rolled at once), or stop and land it (R-SN-14)")
        cells: dict[str, list[int]] = {}  # talisman -> [row, next column]
        for option, label, tip in self.text.buttons:
            if option == "stop":
                grid.addWidget(self._button(option, label, tip), 0, 0, 1, 3)
                continue
            die, _, what = label.partition(" → ")
            place = cells.get(option.partition(":")[0])
            if place is None:
                place = cells[option.partition(":")[0]] = [len(cells) + 1, 1]
                grid.addWidget(QLabel(f"<b>{escape(die)}</b>"), place[0], 0)
            grid.addWidget(self._button(option, what, tip), place[0], place[1])
            place[1] += 1
        grid.setColumnStretch(max((c for _r, c in cells.values()), default=1) + 1, 1)

    def _show(self, request, names, odds=None) -> None:
        super()._show(request, names, odds)
        self.always.hide()
        self.setToolTip("SN dice left: " + chips_text(self.chips))
