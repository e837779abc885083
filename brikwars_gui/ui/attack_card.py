"""The attack forecast card (issue 10): before committing, what an attack on the enemy under the
mouse would do, the modifiers behind the numbers, and the same for the target's answer when it
holds a saved Action. The numbers and their words are the engine's (`Ruleset.attack_odds`, through
the session controller): each ruleset's odds carry their own lines (BrikWars: to-hit, a kill or a
lost inch of Size, Disruption, average Damage; Nine Powers: each difficulty's success, damage,
expected Armor and Stamina lost and chance to defeat), which the card renders as they come."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from PySide6.QtCore import QEvent, QObject, QRect, Qt
from PySide6.QtWidgets import QLabel, QWidget

from brikwars_gui.ui.battlefield.view import RULER_BAND


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
    """The modifiers and counted terms in grey: those every weapon shares on one row, then each
    weapon's own (its Use, its Shield cancellation, its blast) on a row of its own."""

    def row(pairs) -> str:
        return escape("; ".join(f"{label}: {value}" for label, value in pairs))

    shared = [m for m in attacks[0].modifiers if all(m in o.modifiers for o in attacks[1:])]
    rows = [f"<span style='color:#555'>{row(shared)}</span>"] if shared else []
    if len(attacks) > 1:
        for o in attacks:
            own = [m for m in o.modifiers if m not in shared]
            if own:
                rows.append(f"<span style='color:#555'><b>{escape(o.weapon)}</b>: {row(own)}</span>")
    return rows


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
        rows.append("<i>Saved Actions may answer it, at the same time by default (R-RESP-1/3/5):</i>")
        for o in answers:
            who_answers = escape(names.get(o.attacker, o.attacker))
            rows += [f"{who_answers}: {line}" for line in odds_lines(o)] + other_lines(o)
    notes = sorted({n for o in (*attacks, *answers) for n in o.notes})
    if notes:
        rows.append(f"<span style='color:#777'>Approximated: {escape('; '.join(notes))}.</span>")
    return "<br>".join(rows)


class AttackCard(QLabel):
    """The card over the battlefield, in a corner of the map's viewport that covers neither the
    attacker nor the target (`avoid`); hidden when there is nothing to forecast."""

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
        self._shown: tuple[str, tuple[QRect, ...]] = ("", ())
        viewport = getattr(parent, "viewport", None)
        if viewport is not None:  # a scroll bar that appears later shrinks it: place the card again
            viewport().installEventFilter(self)
        self.hide()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and self.isVisible() and self._shown[0]:
            self.show_forecast(*self._shown)
        return False

    def show_forecast(self, html: str, avoid: Sequence[QRect] = ()) -> None:
        """Show `html` in the first corner of the map's viewport (bottom left, bottom right, top
        left, top right) that covers none of `avoid` (the attacker's and the target's tokens and
        names, in the parent's coordinates), else in the corner that covers least of them."""
        self._shown = (html, tuple(avoid))
        if not html:
            self.hide()
            return
        parent = self.parentWidget()
        viewport = getattr(parent, "viewport", None)
        area = (viewport().geometry() if viewport is not None else parent.rect()).adjusted(
            RULER_BAND + 6 + 4, RULER_BAND + 4, -8, -8
        )
        self.setText(html)
        self.setFixedWidth(max(200, min(520, area.width())))
        self.setMinimumHeight(0)
        self.setMaximumHeight(16777215)
        self.adjustSize()
        self.setFixedHeight(max(self.height(), self.heightForWidth(self.width())))  # wrapped lines
        w, h = self.width(), self.height()
        left, right = area.left(), max(area.left(), area.right() - w + 1)
        top, bottom = area.top(), max(area.top(), area.bottom() - h + 1)
        places = [QRect(x, y, w, h) for x, y in ((left, bottom), (right, bottom), (left, top), (right, top))]

        def covered(r: QRect) -> int:
            return sum(r.intersected(a).width() * r.intersected(a).height() for a in avoid if r.intersects(a))

        best = min(places, key=lambda r: (covered(r) > 0, covered(r)))  # first free place wins ties
        self.move(best.topLeft())
        self.show()
        self.raise_()
