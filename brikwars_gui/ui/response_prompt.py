"""A human player's Response (a `DecisionRequest` from the engine), asked over the battlefield.

Not a modal dialog: a compact panel at the top of the map, in words with percentages, while the map
stays visible and live (the move that caused the question animates, the units involved are
highlighted). Questions whose answers are cells (Bail landing, Angry Inch step) are answered on the
map: the legal cells are shaded, the default is marked, Enter or Esc takes the default (Enter
presses a focused answer button). The engine waits in a
local event loop until the player answers; the numbers all come from the request (the engine's)."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QEventLoop, QPoint, Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QCheckBox,
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

QUESTIONS = {
    "close_attack": "{about} comes into close combat range: strike it? (R-MOVE-5)",
    "angry_inch": "{about} is near: take the Angry Inch toward it? (R-RESP-2)",
    "shoot": "{about} is in your weapon range: shoot with your saved Action? (R-RESP-1)",
    "counter": "{about} struck you in close combat: counter-attack? (R-MOVE-5)",
    "attack_response": "{about} attacks you: respond with your saved Action? (R-RESP-1/5)",
    "bail_to": "Where do you Bail to? Click a shaded cell (R-RESP-6)",
    "operate_response": "{about} steps into your Trap's aim: pull its trigger now? (R-RESP-2)",
    "fire_patch": "Your fire {about} changes size: click the cell it spreads to or dies down on (R-FIRE-12)",
    "overskill": "Overskill: how do you spend it? (R-DICE-8)",
    "fate_point": "Spend a Fate Point before this roll? It doubles your own dice and pips (R-D6-8)",
    "character_points": "The roll fell short: spend Character Points on extra Wild Dice? (R-D6-7)",
    "damage_points": "Spend Character Points on extra Wild Dice for this Damage? (R-D6-7)",
    "np_difficulty": "pick the difficulty: harder deals more damage but succeeds less often (R-NP-2, R-NP-6)",
    "np_veto": "{about} declares an attack: spend a veto to cancel it before it is rolled? (R-NP-11)",
    "np_sticky": "{about} moves away: take the Melee talent's free attack? Damage holds it there (R-NP-12)",
    "np_wrestle_effect": "which wrestling effect does each success buy? (L932-936)",
    "np_avoid": "{about} is not your primary opponent: try to avoid its attack? (Perception talent, L1123)",
    "sn_fumble_to": "a Fumble Die: which opponent gets it? (R-SN-18)",
    "sn_spread": "the 4pion burns: set something touching it alight? (R-SN-3)",
    "sn_detonate": "{about} steps within the blast: blow the 10amyte up now? (R-SN-5)",
    "sn_lasting": "keep this Effect's die on a target as a Lasting Effect? (R-SN-12)",
    "sn_include_self": "you stand inside your own Effect's radius: are you caught in it too? (R-SN-28)",
    "sn_window": "spend SN dice on this roll before it is judged? (R-SN-15)",
    "sn_arc": "widen the Effect by a d8's Firing Arc, a 45° cone from you along its path? (R-SN-27)",
}
#: R-SN-18: what an opponent may make of a Fumble Die (`{n}`: its total, `{caster}`).
FUMBLE_USES = {
    "none": "Let it pass",
    "damage-": "Weaken its Damage by {n}",
    "mod-": "Weaken what it changes by {n}",
    "range-": 'Push it back {n}" toward {caster}',
}
WORDS = {
    "decline": "Do nothing",
    "bail": "Bail out of the way (R-RESP-6)",
    "angry_inch": "Angry Inch: step into range, then shoot (R-RESP-2)",
    "skill": "Reroll for a better Skill total",
    "damage": "Add a Bonus Die to the damage",
    "range": "Cancel the range penalty",
    "precise": "Precise attack (disarm)",
    "stay_on_feet": "Land on your feet (not Disrupted)",
    "distance": "Leap further",
    "sprint": "Sprint further",
    "continue": "Don't counter: keep moving",
}


LONG_ROW = 80  # characters of answer labels that still fit side by side in the panel


OPTION_LABELS = {
    ("fate_point", "no"): "no Fate Point",
    ("fate_point", "yes"): "spend 1 Fate Point: double this roll",
    ("fate_point", "climax"): "climax: 1 Fate Point doubles every roll this round",
}


def option_label(request, option: str) -> str:
    """A D6 point answer in words with, when the request carries them, its exact chance."""
    text = OPTION_LABELS.get((request.question, option), option)
    if request.question == "damage_points":  # no chance to show: short labels fit in one row
        return "Keep my points" if option == "0" else f"{option} CP"
    if request.question == "character_points":
        text = f"{option} Character Point" + ("s" if option != "1" else "")
    chances = (getattr(request, "detail", None) or {}).get("chances")
    if isinstance(chances, dict) and option in chances:
        text += f" — {float(chances[option]):.0%} to succeed"
    return text


def parse_cell(option: str) -> tuple[int, int] | None:
    """`"4,9"` → (4, 9); any other option → None."""
    parts = option.split(",")
    if len(parts) != 2 or not all(p.strip().lstrip("-").isdigit() for p in parts):
        return None
    return int(parts[0]), int(parts[1])


def percent(value) -> str:
    return f"{round(float(value) * 100)}%"


@dataclass(frozen=True)
class PromptText:
    """A request in words: the headline, one (option, label, tooltip) per answer, cell options."""

    headline: str
    buttons: tuple[tuple[str, str, str], ...]
    cells: dict[tuple[int, int], str]  # cell option → what landing/stepping there means
    cell_options: dict[tuple[int, int], str] | None = None  # cell → its option when not "x,y"


def outcome_words(hit: float, odds=None) -> str:
    """`67% to hit, 31% to kill` in the ruleset's word (`out_word`: "defeat" under Nine Powers),
    with Disrupt and a bigger target's −1" Size when the odds give them; only the chance to hit
    when the ruleset has no forecast (`odds` None)."""
    words = [f"{percent(hit)} to hit"]
    if odds is not None:
        word = getattr(odds, "out_word", "kill")
        if word == "kill" and not odds.kills and odds.beats_armor:
            words.append(f'{percent(odds.beats_armor)} to take 1" of Size')
        else:
            words.append(f"{percent(odds.kills)} to {word}")
        if odds.disrupts:
            words.append(f"{percent(odds.disrupts)} to Disrupt")
    return ", ".join(words)


def _fumble_text(request, names: dict[str, str], player: str) -> PromptText:
    """R-SN-18: the opponent's Fumble Die, rolled: how to turn it against the caster's Effect
    (a redirect is a cell on the map within the rolled inches)."""
    detail = dict(getattr(request, "detail", None) or {})
    caster = names.get(request.unit, request.unit)
    total, effect = detail.get("total", "?"), detail.get("effect", "the Effect")
    headline = (
        f"<b>{player or 'You'}</b>: {caster}'s {effect} fumbled — your Fumble Die rolled <b>{total}</b>. "
        "Turn it against the Effect? (R-SN-18)"
    )
    buttons, cells, options = [], {}, {}
    for option in request.options:
        cell = parse_cell(option.removeprefix("range:")) if option.startswith("range:") else None
        if cell is not None:
            where = f"[{cell[0]}, {cell[1]}]"
            default = " — the default" if option == request.default else ""
            cells[cell] = f"Turn the {effect} onto {where}{default}"
            options[cell] = option
            continue
        label = FUMBLE_USES.get(option, option).format(n=total, caster=caster)
        buttons.append((option, label, label))
    if cells:
        headline += " Or click a shaded cell to turn it there."
    return PromptText(headline, tuple(buttons), cells, options)


def _own_headline(request, detail: dict, names: dict[str, str], who: str, about: str) -> str | None:
    """Headlines that need the request's details to make sense (issue 25's real-window check:
    "Your fire fire:barn changes size", a lever with no word of the Trap or its target, a Damage
    question that did not say what was rolled)."""
    if request.question == "fire_patch":  # `who`: the burning object or unit
        if detail.get("change") == "grow":
            return (
                f"The fire on <b>{who}</b> grows by 1\": click the shaded cell it spreads to "
                "(the marked one is the default; Enter takes it). R-FIRE-12"
            )
        return (
            f"The fire on <b>{who}</b> dies down by 1\": click the shaded cell where it goes out "
            "(the marked one is the default; Enter takes it). R-FIRE-12"
        )
    if request.question == "operate_response":
        traps = ", ".join(detail.get("traps") or ["its Trap"])
        lever = detail.get("object", "the trigger")
        first = detail.get("first_in_aim")
        text = (
            f"<b>{who}</b>: {about} steps into the aim of {traps}. Pull {lever} with your saved Action "
            "to fire it? (R-RESP-2)"
        )
        if first:
            text += f" It fires at the first unit in its aim: <b>{names.get(first, first)}</b>."
        return text
    if request.question == "damage_points" and "total" in detail:
        roll = str(detail.get("roll") or "the Damage")
        return (
            f"<b>{who}</b>: your {roll} rolled <b>{detail['total']}</b> before the target resists. "
            "Spend Character Points? Each buys one more Wild Die on this Damage (a 6 rolls again; "
            "spent points are gone). R-D6-7"
        )
    return None


def describe(request, names: dict[str, str], odds: dict | None = None, player: str = "") -> PromptText:
    """Words and percentages for a request; the chances to hit are the engine's (`request.detail`),
    the chances to kill the ruleset's exact odds (`odds`: "against_you" for the attack being
    answered, "attack:<weapon>" for each answer; from `SessionController.response_odds`).
    `player`: the name of the player asked when it is not the one whose turn it is (hot seat)."""
    if request.question == "sn_fumble_use":
        return _fumble_text(request, names, player)
    detail = dict(getattr(request, "detail", None) or {})
    odds = odds or {}
    who = names.get(request.unit, request.unit)
    about = names.get(request.about or "", request.about or "an enemy")
    head = QUESTIONS.get(request.question, request.question.replace("_", " ").capitalize())
    headline = _own_headline(request, detail, names, who, about)
    headline = headline or f"<b>{who}</b>: " + head.format(about=about)
    if player:
        headline = f"<b>{player}</b>, your answer — " + headline
    if request.question == "attack_response" and "chance_against_you" in detail:
        weapon = detail.get("weapon", "a weapon")
        chances = outcome_words(detail["chance_against_you"], odds.get("against_you"))
        headline = (
            f"<b>{about}</b> attacks <b>{who}</b> with {weapon}: {chances}."
            " Respond with your saved Action? (R-RESP-1/5)"
        )
    if request.question in ("np_veto", "np_avoid") and "attack" in detail:
        headline += f" — {detail['attack']}"
        if "vetoes" in detail:
            headline += f", {detail['vetoes']} veto(es) left"
    if request.question == "overskill" and detail.get("needed") is not None and "total" in detail:
        total, needed = detail["total"], detail["needed"]
        verdict = "it already hits" if total >= needed else "a miss so far"
        headline += f" You rolled {total} (needs {needed}): {verdict}."
    if request.question == "sn_window" and "words" in detail:  # the engine's words for the roll
        headline += f" {detail['words']}"
    if request.question == "sn_arc" and "adds" in detail:  # who the wider cone would take in
        adds = [names.get(u, u) for u in detail["adds"] or ()]
        headline += f" It would also catch {', '.join(adds)}." if adds else " It would catch no one more."
    if request.question == "bail_to" and "inches" in detail:
        headline += f' — up to {detail["inches"]}"'
    chances = detail.get("chances", {}) or {}
    buttons: list[tuple[str, str, str]] = []
    cells: dict[tuple[int, int], str] = {}
    for option in request.options:
        cell = parse_cell(option)
        if cell is not None:
            where = f"[{cell[0]}, {cell[1]}]"
            if request.question == "bail_to":
                tip = f"Land at {where}: Disrupted unless Overskill keeps it on its feet (R-RESP-6)"
            elif request.question == "fire_patch":
                grow = detail.get("change") == "grow"
                tip = f"The fire spreads to {where}" if grow else f"The fire goes out at {where}"
            elif option in chances:
                tip = f"Step to {where}: {percent(chances[option])} to hit from there (R-RESP-2)"
            else:
                tip = where
            cells[cell] = tip + (" — the default" if option == request.default else "")
            continue
        if option.startswith("attack:"):
            weapon = option.split(":", 1)[1]
            label = f"Attack with {weapon}"
            if option in chances:
                label += f" — {outcome_words(chances[option], odds.get(option))}"
            tip = f"Use the saved Action: {weapon} at {about}"
        elif option.startswith("counter:"):  # R-MOVE-5: the mover strikes back, its Movement ends
            weapon = option.split(":", 1)[1]
            label = f"Counter-attack with {weapon}"
            attack = odds.get(f"attack:{weapon}")
            if attack is not None:
                label += f" — {outcome_words(attack.hit, attack)}"
            tip = f"Strike {about} with {weapon}: your Action, and your Movement ends (R-MOVE-5)"
        elif request.question in ("fate_point", "character_points", "damage_points"):  # D6's own labels
            label = option_label(request, option)
            tip = label
            if request.question == "damage_points" and option != "0":
                tip = f"Spend {option} Character Point(s): {option} more Wild Dice on this Damage (R-D6-7)"
        elif request.question == "operate_response" and option != "decline":
            lever = detail.get("object", "the trigger")
            first = detail.get("first_in_aim")
            label = f"Pull {lever}" + (f": fire at {names.get(first, first)}" if first else "")
            tip = f"Use the saved Action to operate {lever}; its Traps fire (R-RESP-2, R-TRAP-1)"
        elif isinstance(detail.get(option), str):  # the engine's words for this answer (its odds)
            label = tip = str(detail[option])
        elif ":" in option:  # keep:<target>, <kind>:<id>: the id in the player's names
            verb, _, what = option.partition(":")
            label = tip = f"{verb.replace('_', ' ').capitalize()} {names.get(what, what)}"
        elif option in names:  # a unit or object to choose (sn_spread)
            label = tip = names[option]
        else:
            label = WORDS.get(option, option.replace("_", " ").capitalize())
            tip = label
        buttons.append((option, label, tip))
    return PromptText(headline, tuple(buttons), cells)


class ResponsePrompt(QFrame):
    """The Response panel over the map. `ask(request, names)` returns the answer (str)."""

    answered = Signal(str)
    cellsChanged = Signal(object, object)  # {cell: tooltip} or None, the default cell or None

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("responsePrompt")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        self.setStyleSheet(
            "#responsePrompt { background: #fffbe6; border: 2px solid #f9a825; border-radius: 6px; }"
        )
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 6, 10, 6)
        self.label = QLabel()
        self.label.setObjectName("responseText")
        self.label.setWordWrap(True)
        layout.addWidget(self.label)
        self.row_box = QWidget()  # replaced for each question (see _show)
        layout.addWidget(self.row_box)
        self.always = QCheckBox("Always take the default for this question (this player, this battle)")
        layout.addWidget(self.always)
        self.buttons: dict[str, QPushButton] = {}
        self.request = None
        self.text: PromptText | None = None
        self._answer: str | None = None
        self._avoid: list[QPoint] = []
        self._loop: QEventLoop | None = None
        self.escape = QShortcut(QKeySequence(Qt.Key.Key_Escape), self.window() or self)
        self.escape.setContext(Qt.ShortcutContext.ApplicationShortcut)
        self.escape.setEnabled(False)
        self.escape.activated.connect(self.take_default)
        # Return/Enter press the answer button that has the focus, else take the default (review
        # 2026-11-27 item 24: Return did nothing; a panel over the map has no dialog default button)
        self.enter_keys = []
        for key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            shortcut = QShortcut(QKeySequence(key), self.window() or self)
            shortcut.setContext(Qt.ShortcutContext.ApplicationShortcut)
            shortcut.setEnabled(False)
            shortcut.activated.connect(self.press_focused_or_default)
            self.enter_keys.append(shortcut)
        self.hide()

    @property
    def active(self) -> bool:
        return self.request is not None

    def ask(
        self,
        request,
        names: dict[str, str],
        avoid: list[QPoint] = (),
        odds: dict | None = None,
        player: str = "",
    ) -> tuple[str, bool]:
        """Show the question and wait (the map stays live); returns (answer, always-default box).
        `avoid`: points of the map (parent coordinates) the panel should not cover; `odds`: the
        ruleset's forecasts for `describe`; `player`: the name of the player asked, when it is not
        the player whose turn it is (hot seat: an opponent's Fumble Die, R-SN-18)."""
        self._avoid = list(avoid)
        self._player = player
        self._show(request, names, odds)
        self._loop = QEventLoop()
        self.answered.connect(self._loop.quit)
        try:
            if self._answer is None:
                self._loop.exec()
        finally:
            self.answered.disconnect(self._loop.quit)
            self._loop = None
        answer = self._answer if self._answer is not None else request.default
        always = self.always.isChecked() and answer == request.default
        self._clear()
        return answer, always

    def _show(self, request, names: dict[str, str], odds: dict | None = None) -> None:
        self.request = request
        self._answer = None
        self.text = self.describe(request, names, odds)
        self.label.setText(self.text.headline)
        # a new row of buttons: the old one is hidden at once (a nested event loop would not
        # process its deleteLater before the next question is shown)
        layout = self.layout()
        old = self.row_box
        old.hide()
        self.row_box = QWidget()
        layout.replaceWidget(old, self.row_box)
        old.deleteLater()
        self.buttons = {}
        self._fill_row(request)
        self.always.setChecked(False)
        by_option = {o: c for c, o in (self.text.cell_options or {}).items()}
        default_cell = by_option.get(request.default) or parse_cell(request.default)
        self.cellsChanged.emit(self.text.cells or None, default_cell if self.text.cells else None)
        self._keys_enabled(True)
        self.show()
        self.raise_()
        self.reposition()

    def _button(self, option: str, label: str, tip: str) -> QPushButton:
        button = QPushButton(label + (" (default, Enter/Esc)" if option == self.request.default else ""))
        button.setToolTip(tip)
        button.setObjectName(f"answer_{option}")
        button.clicked.connect(lambda _c=False, o=option: self.choose(o))
        self.buttons[option] = button
        return button

    def _fill_row(self, request) -> None:
        """One button per answer in `row_box`: side by side, or one per line when the labels
        carry their odds in words (they would be clipped side by side)."""
        buttons = [self._button(option, label, tip) for option, label, tip in self.text.buttons]
        if self.text.cells and request.default not in self.buttons:
            button = QPushButton("Default cell (Enter/Esc)")
            button.setObjectName("answer_default")
            button.clicked.connect(self.take_default)
            buttons.append(button)
            self.buttons["(default)"] = button
        # one per line when the labels are long or the row would not fit the panel (a 1280x720
        # screen: clipped labels otherwise)
        wide = sum(b.sizeHint().width() + 8 for b in buttons) > self._panel_width() - 40
        wordy = wide or sum(len(label) for _, label, _ in self.text.buttons) > LONG_ROW
        row = QVBoxLayout(self.row_box) if wordy else QHBoxLayout(self.row_box)
        row.setContentsMargins(0, 0, 0, 0)
        for button in buttons:
            if wordy:
                button.setStyleSheet("text-align: left; padding: 3px 8px;")
            row.addWidget(button)
        row.addStretch(1)

    def describe(self, request, names: dict[str, str], odds: dict | None) -> PromptText:
        """The request in words (`describe`); the Effect builder says it its own way."""
        return describe(request, names, odds, getattr(self, "_player", ""))

    def _panel_width(self) -> int:
        """The panel's width over the map: the map's, at most 760 px."""
        parent = self.parentWidget()
        return max(200, min(parent.width() - 16, 760)) if parent is not None else 760

    def reposition(self, avoid: list[QPoint] | None = None) -> None:
        """Centred at the top of the map, or at its bottom when that would cover a point of
        `avoid` (the units the question is about, in the parent's coordinates)."""
        parent = self.parentWidget()
        if parent is None:
            return
        if avoid is not None:
            self._avoid = avoid
        self.setFixedWidth(self._panel_width())
        self.adjustSize()
        x, top = (parent.width() - self.width()) // 2, 8
        bottom = max(top, parent.height() - self.height() - 24)

        def covers(y: int, points) -> bool:
            return any(y - 20 <= p.y() <= y + self.height() + 20 for p in points)

        if not covers(top, self._avoid):
            self.move(x, top)
        elif not covers(bottom, self._avoid):
            self.move(x, bottom)
        else:  # a small map (1280x720): scroll the units into the band below the panel
            self.move(x, top)
            self._make_room(parent, top + self.height() + 24, parent.height() - 24)

    def _make_room(self, view, band_top: int, band_bottom: int) -> None:
        """Scroll `view` (the map) so the points of `_avoid` lie between `band_top` and
        `band_bottom`, as far as its scroll bar goes."""
        bar = getattr(view, "verticalScrollBar", lambda: None)()
        if bar is None or not self._avoid:
            return
        ys = [p.y() for p in self._avoid]
        shift = min(ys) - band_top if max(ys) - min(ys) <= band_bottom - band_top else 0
        if shift < 0 or max(ys) > band_bottom:
            before = bar.value()
            bar.setValue(before + shift)
            moved = bar.value() - before
            self._avoid = [QPoint(p.x(), p.y() - moved) for p in self._avoid]

    def choose(self, option: str) -> None:
        """Answer with `option` (a legal option; anything else is ignored)."""
        if self.request is None or option not in self.request.options:
            return
        self._answer = option
        self.answered.emit(option)

    def choose_cell(self, cell: tuple[int, int]) -> bool:
        """A click on the map: answers when `cell` is one of the offered cells."""
        if self.text is None or cell not in self.text.cells:
            return False
        self.choose((self.text.cell_options or {}).get(cell, f"{cell[0]},{cell[1]}"))
        return True

    def take_default(self) -> None:
        if self.request is not None:
            self.choose(self.request.default)

    def press_focused_or_default(self) -> None:
        """Return/Enter: the focused answer button, or the default; typing in a field elsewhere
        (the log's filter) keeps its Return."""
        focused = QApplication.focusWidget()
        if focused in self.buttons.values():
            focused.click()
        elif not isinstance(focused, QLineEdit | QAbstractSpinBox | QComboBox):
            self.take_default()

    def _keys_enabled(self, on: bool) -> None:
        for shortcut in (self.escape, *self.enter_keys):
            shortcut.setEnabled(on)

    def _clear(self) -> None:
        self.request = None
        self.text = None
        self._keys_enabled(False)
        self.cellsChanged.emit(None, None)
        self.hide()
