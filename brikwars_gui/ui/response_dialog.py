"""The prompt for a human player's Response (a `DecisionRequest` from the engine)."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

QUESTIONS = {
    "close_attack": "An enemy moves into close combat range: attack it? (R-MOVE-5)",
    "angry_inch": "Take the Angry Inch towards the attacker? (R-RESP-2)",
    "shoot": "An enemy enters weapon range: shoot it with the saved Action?",
    "counter": "Counter the close-combat attack? (R-MOVE-5)",
    "attack_response": "You are attacked: respond with the saved Action? (R-RESP-1/5)",
    "bail_to": "Where to Bail to? (R-RESP-6)",
    "overskill": "Overskill: how to spend the Benny? (R-DICE-8)",
    "fate_point": "Spend a Fate Point before this roll? It doubles your own dice and pips (R-D6-8); "
    "a climax doubles all your rolls this round, once a battle (R-D6-9)",
    "character_points": "The roll fell short: spend Character Points on extra Wild Dice before it is "
    "judged? (R-D6-7)",
    "np_difficulty": "Pick the difficulty: harder deals more damage but succeeds less often (R-NP-2, R-NP-6)",
    "np_veto": "An enemy declares an attack: spend a veto to cancel it before it is rolled? (R-NP-11)",
    "np_sticky": "An enemy moves away: take the Melee talent's free attack? Any damage holds it there "
    "(R-NP-12)",
    "np_wrestle_effect": "Which wrestling effect does each success buy? (L932-936)",
    "np_avoid": "An enemy that is not your primary opponent attacks: try to avoid it? (L1123)",
}
#: What an answer does, shown beside it (the chance to succeed follows when the engine gives it).
OPTION_LABELS = {
    ("fate_point", "no"): "no Fate Point",
    ("fate_point", "yes"): "spend 1 Fate Point: double this roll",
    ("fate_point", "climax"): "climax: 1 Fate Point doubles every roll this round",
}


def option_label(request, option: str) -> str:
    """An answer as shown: its meaning and, when the request carries them, its exact chance."""
    text = OPTION_LABELS.get((request.question, option), option)
    if request.question == "character_points":
        text = f"{option} Character Point" + ("s" if option != "1" else "")
    chances = (getattr(request, "detail", None) or {}).get("chances")
    if isinstance(chances, dict) and option in chances:
        text += f" — {float(chances[option]):.0%} to succeed"
    return text + ("  (default)" if option == request.default else "")


def describe_request(request, unit_name: str = "", about_name: str = "") -> str:
    head = QUESTIONS.get(request.question, request.question.replace("_", " ").capitalize())
    who = unit_name or request.unit
    about = f" — about {about_name or request.about}" if request.about else ""
    return f"<b>{who}</b>{about}<br>{head}"


class ResponseDialog(QDialog):
    """Options as radio buttons, the default preselected, and an "always do the default" box."""

    def __init__(self, request, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.request = request
        self.setWindowTitle("Response")
        layout = QVBoxLayout(self)
        label = QLabel(text or describe_request(request))
        label.setWordWrap(True)
        layout.addWidget(label)
        detail = getattr(request, "detail", None) or {}
        shown = {k: v for k, v in detail.items() if k != "chances" or not isinstance(v, dict)}
        if shown:
            info = QLabel("<br>".join(f"<span style='color:#555'>{k}: {v}</span>" for k, v in shown.items()))
            info.setWordWrap(True)
            layout.addWidget(info)
        self.group = QButtonGroup(self)
        self.buttons: dict[str, QRadioButton] = {}
        for option in request.options:
            button = QRadioButton(option_label(request, option))
            button.setChecked(option == request.default)
            self.group.addButton(button)
            self.buttons[option] = button
            layout.addWidget(button)
        self.always = QCheckBox("Always answer this question with the default (this player, this battle)")
        layout.addWidget(self.always)
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok)
        box.accepted.connect(self.accept)
        layout.addWidget(box)

    def answer(self) -> str:
        for option, button in self.buttons.items():
            if button.isChecked():
                return option
        return self.request.default


def ask_with_dialog(parent, controller, request, names: dict[str, str] | None = None) -> str:
    names = names or {}
    dialog = ResponseDialog(
        request,
        describe_request(request, names.get(request.unit, ""), names.get(request.about or "", "")),
        parent,
    )
    accepted = dialog.exec() == QDialog.DialogCode.Accepted
    # Esc / closing the window is not a choice: it answers the default, and records nothing.
    answer = dialog.answer() if accepted else request.default
    if accepted and dialog.always.isChecked() and answer == request.default:
        controller.always_default.add((getattr(request, "team", None), request.question))
    return answer
