"""The attack forecast card (issue 10): before committing, what an attack on the enemy under the
mouse would do, the modifiers behind the numbers, and the same for the target's answer when it
holds a saved Action. The numbers and their words are the engine's (`Ruleset.attack_odds`, through
the session controller): each ruleset's odds carry their own lines (BrikWars: to-hit, a kill or a
lost inch of Size, Disruption, average Damage; Nine Powers: each difficulty's success, damage,
expected Armor and Stamina lost and chance to defeat), which the card renders as they come."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget


def pct(p: float) -> str:
    """Whole percent, but never 0% or 100% for what can (or can fail to) happen."""
    if 0 < p < 0.005:
        return "<1%"
    if 0.995 < p < 1:
        return ">99%"
    return f"{p:.0%}"


def figure_text(figure) -> str:
    """`50% hit` for a chance, `4.2 Damage on a hit` / `3 damage` for an amount."""
    if figure.amount:
        return f"{figure.value:.1f}".removesuffix(".0") + f" {figure.what}"
    return f"{pct(figure.value)} {figure.what}"


def odds_lines(odds) -> list[str]:
    """The odds' own lines in the ruleset's terms: `<b>Rifle</b>: 50% hit · 23% kill · 4.2 Damage
    on a hit` (BrikWars), `<b>Claws, Easy</b>: 75% success · 1 damage · 0.4 to Stamina` (Nine
    Powers): whatever the engine put in `lines`."""
    return [
        f"<b>{escape(line.label)}</b>: " + " · ".join(escape(figure_text(f)) for f in line.figures)
        for line in odds.lines
    ]


def _modifier_rows(attacks) -> list[str]:
    """The modifiers and counted terms in grey: one row when every weapon shares them, else one
    row per weapon (its Use, its Shield cancellation, its blast differ)."""
    texts = [escape("; ".join(f"{label}: {value}" for label, value in o.modifiers)) for o in attacks]
    if len(set(texts)) <= 1:
        return [f"<span style='color:#555'>{texts[0]}</span>"] if texts and texts[0] else []
    return [
        f"<span style='color:#555'><b>{escape(o.weapon)}</b>: {text}</span>"
        for o, text in zip(attacks, texts, strict=True)
        if text
    ]


def other_lines(odds) -> list[str]:
    """Everyone else the attack may hit (a blast's radius, G-12), smaller and indented under
    the weapon's line: `Blast: Fen (ally): 40% caught · 12% kill · 28% knocked over`."""
    return [
        "<span style='font-size:small'>&nbsp;&nbsp;&nbsp;"
        + f"{escape(line.label)}: "
        + " · ".join(escape(figure_text(f)) for f in line.figures)
        + "</span>"
        for line in odds.others
    ]


def forecast_html(attacks, answers, names: dict[str, str]) -> str:
    """The card: who attacks whom, each weapon's line and those its blast may catch, the
    modifiers, the target's possible answers (R-RESP-1/5) and what the numbers approximate."""
    if not attacks:
        return ""
    first = attacks[0]
    who = escape(names.get(first.attacker, first.attacker))
    whom = escape(names.get(first.target, first.target))
    rows = [f"<b>{who}</b> → <b>{whom}</b>"]
    for o in attacks:
        rows += odds_lines(o) + other_lines(o)
    rows += _modifier_rows(attacks)
    if answers:
        rows.append(f"<i>{whom} holds a saved Action and may answer (R-RESP-1/5):</i>")
        for o in answers:
            rows += odds_lines(o) + other_lines(o)
    notes = sorted({n for o in (*attacks, *answers) for n in o.notes})
    if notes:
        rows.append(f"<span style='color:#777'>Approximated: {escape('; '.join(notes))}.</span>")
    return "<br>".join(rows)


class AttackCard(QLabel):
    """The card over the battlefield (bottom left); hidden when there is nothing to forecast."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("attackCard")
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setWordWrap(True)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setStyleSheet(
            "#attackCard { background: rgba(255, 255, 255, 235); border: 1px solid #37474f;"
            " border-radius: 5px; padding: 5px 8px; }"
        )
        self.hide()

    def show_forecast(self, html: str) -> None:
        if not html:
            self.hide()
            return
        parent = self.parentWidget()
        self.setText(html)
        self.setFixedWidth(min(520, max(260, parent.width() - 40)))
        self.adjustSize()
        wrapped = self.heightForWidth(self.width())  # adjustSize alone can miss wrapped lines
        if wrapped > self.height():
            self.setFixedHeight(wrapped)
        self.move(12, max(8, parent.height() - self.height() - 30))
        self.show()
        self.raise_()
