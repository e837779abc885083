"""The attack forecast card (issue 10): before committing, what an attack on the enemy under the
mouse would do — to-hit, Damage beating Armor (a kill for a Size 1 minifig), Disruption, average
Damage, the modifiers behind the numbers, and the same for the target's answer when it holds a
saved Action. The numbers are the engine's (`attack_odds`, through the session controller)."""

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


def odds_line(odds) -> str:
    """`Rifle: 50% hit · 23% kill · 8% Disrupt · 4.2 Damage on a hit`."""
    parts = [f"<b>{escape(odds.weapon)}</b>: {escape(pct(odds.hit))} hit"]
    if odds.kills:
        parts.append(f"{escape(pct(odds.kills))} kill")
    elif odds.beats_armor:
        parts.append(f'{escape(pct(odds.beats_armor))} −1" Size')
    if odds.disrupts:
        parts.append(f"{escape(pct(odds.disrupts))} Disrupt")
    parts.append(f"{odds.expected_damage:.1f} Damage on a hit")
    return " · ".join(parts)


def forecast_html(attacks, answers, names: dict[str, str]) -> str:
    if not attacks:
        return ""
    first = attacks[0]
    who = escape(names.get(first.attacker, first.attacker))
    whom = escape(names.get(first.target, first.target))
    rows = [f"<b>{who}</b> → <b>{whom}</b>"]
    rows += [odds_line(o) for o in attacks]
    mods = escape("; ".join(f"{label}: {value}" for label, value in first.modifiers))
    rows.append(f"<span style='color:#555'>{mods}</span>")
    if answers:
        rows.append(f"<i>{whom} holds a saved Action and may answer (R-RESP-1/5):</i>")
        rows += [odds_line(o) for o in answers]
    notes = sorted({n for o in (*attacks, *answers) for n in o.notes})
    if notes:
        rows.append(f"<span style='color:#777'>Not counted: {escape('; '.join(notes))}.</span>")
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
        self.move(12, max(8, parent.height() - self.height() - 30))
        self.show()
        self.raise_()
