"""Unit cards (issue 10): in Play mode the inspector shows a read-only card of the selected unit,
and hovering a token shows a compact card beside it (tooltip-like: it never takes focus or the
mouse). Everything shown comes from a `UnitCard` the session controller builds (live state or the
timeline turn viewed); other rulesets' stats appear as their ruleset describes them."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QPainter, QPixmap, QTextDocument, QTextDocumentFragment
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QMenu,
    QStyleOptionGraphicsItem,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import isValid

from brikwars_gui.scenario.models import Unit
from brikwars_gui.ui.items import UnitItem
from brikwars_gui.ui.session_controller import UnitCard, WeaponLine
from brikwars_gui.ui.session_controller.supernatural import ASPECT_WORDS

MUTED = "#666"


def token_pixmap(unit: Unit, card: UnitCard, side: int = 56) -> QPixmap:
    """The unit's map token (team colour, facing, badges) drawn `side` px wide, as a portrait."""
    item = UnitItem(unit, card.team_color)
    item.apply_view(card.view, card.team_color)
    pixmap = QPixmap(side, side)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    box = item.boundingRect()
    scale = side / max(box.width(), box.height())
    painter.translate(side / 2, side / 2)
    painter.scale(scale, scale)
    item.paint(painter, QStyleOptionGraphicsItem(), None)
    painter.end()
    return pixmap


def weapon_range(w: WeaponLine) -> str:
    if w.range is None:
        return "close"
    return f'{w.range}"' + (" thrown" if w.kind == "thrown" else "")


def weapon_damage(w: WeaponLine) -> str:
    return w.damage + ("" if w.damage_type == "normal" else f" {w.damage_type.title()}")


def status_html(card: UnitCard) -> str:
    """The unit's conditions as coloured words, each with its rule in a tooltip-free title."""
    return " · ".join(
        f"<span style='color:{color}'><b>{escape(text)}</b></span>" for text, color, _tip in card.conditions
    )


def chips_html(card: UnitCard) -> str:
    """The unit's SN dice as coloured chips (green ready, grey spent, blue held; R-SN-9/12)."""
    return " ".join(
        f"<span style='background:{c.color}; color:#ffffff'>&nbsp;d{c.sides}&nbsp;</span>"
        for c in card.sn_dice
    )


def effects_html(card: UnitCard) -> str:
    """The Effects the unit sustains: template, where its dice went, on whom (R-SN-12/13)."""
    lines = []
    for e in card.sn_effects:
        dice = ", ".join(f"d{sides} {ASPECT_WORDS.get(aspect, aspect)}" for _name, sides, aspect in e.dice)
        on = f" on {escape(', '.join(e.targets))}" if e.targets else ""
        lasting = " · Lasting" if e.lasting else ""
        dice = f" ({escape(dice)})" if dice else ""
        lines.append(f"<b>{escape(e.template)}</b>{on}{dice}{lasting}")
    return "<br>".join(lines)


def move_text(card: UnitCard) -> str:
    """`3" of 5" left` on the unit's own turn, else its Move."""
    v = card.view
    return f'{v.move_left}" of {v.move}" left' if card.own_turn and v.alive else f'{v.move}"'


def stats_line(card: UnitCard) -> str:
    parts = [f"Move {move_text(card)}"]
    parts.append(f'Size {card.size}"' + (f' of {card.size_start}"' if card.size < card.size_start else ""))
    if card.power:
        parts.append(f"Power {escape(card.power, quote=False)}")
    parts += [f"{escape(label)} {escape(value)}" for label, value, _tip in card.stats]
    return " · ".join(parts)


def compact_html(card: UnitCard) -> str:
    """The hover card: name, team, conditions, stats, one line per weapon, the AI's note."""
    v = card.view
    rows = [
        f"<b>{escape(v.name)}</b> <span style='color:{card.team_color}'>●</span> "
        f"<span style='color:{MUTED}'>{escape(card.team_name)}"
        + (" · " + escape(" · ".join(card.traits)) if card.traits else "")
        + "</span>",
        status_html(card),
        stats_line(card),
    ]
    if card.sn_dice:
        rows.append("SN dice " + chips_html(card))
    for w in card.weapons:
        note = f" <i>({escape(w.note)})</i>" if w.note else ""
        rows.append(
            f"{escape(w.name)}: {escape(w.roll)} · {escape(weapon_range(w))} · "
            f"{escape(weapon_damage(w))}{note}"
        )
    if v.ai_note:
        rows.append(f"<i style='color:{MUTED}'>AI: {escape(v.ai_note)}</i>")
    return "<br>".join(r for r in rows if r)


#: The card's weapon table headers (header, align, short header); a narrow dock (a 1024 px screen)
#: gets the short ones, then one wrapped line per weapon, so the card never scrolls sideways.
WEAPON_HEADERS = (
    ("Weapon", "left", "Weapon"),
    ("To hit", "left", "Hit"),
    ("Range", "right", "Rng"),
    ("Damage", "left", "Dmg"),
)
WEAPON_LAYOUTS = ("table", "short", "lines")
SHORT_TIP = "Hit: what is rolled to hit · Rng: Range in inches (GRID-3) · Dmg: Damage as the ruleset rolls it"


def _weapon_note(w: WeaponLine) -> str:
    return f" <i style='color:{MUTED}'>({escape(w.note)})</i>" if w.note else ""


def _weapons_html(card: UnitCard, layout: str) -> str:
    if not card.weapons:
        return f"<p style='color:{MUTED}'>No weapons.</p>"
    if layout == "lines":
        return "".join(
            f"<p style='margin-top:4px'><b>{escape(w.name)}</b>{_weapon_note(w)}: {escape(w.roll)} · "
            f"{escape(weapon_range(w))} · {escape(weapon_damage(w))}</p>"
            for w in card.weapons
        )
    pad = "1px 6px" if layout == "table" else "1px 3px"
    head = "".join(
        f"<th align='{a}' style='padding:{pad}; background:#eceff1'>{h if layout == 'table' else short}</th>"
        for h, a, short in WEAPON_HEADERS
    )
    body = "".join(
        "<tr>"
        f"<td style='padding:{pad}'>{escape(w.name)}{_weapon_note(w)}</td>"
        f"<td style='padding:{pad}'>{escape(w.roll)}</td>"
        f"<td align='right' style='padding:{pad}'>{escape(weapon_range(w))}</td>"
        f"<td style='padding:{pad}'>{escape(weapon_damage(w))}</td></tr>"
        for w in card.weapons
    )
    return f"<table cellspacing='0' style='margin-top:6px'><tr>{head}</tr>{body}</table>"


def full_html(card: UnitCard, layout: str = "table") -> str:
    """The inspector's card body (beside the portrait): stats, the ruleset's lines, the weapons
    with what the ruleset rolls to hit, Range and Damage (R-ACT-3, GRID-3, R-DICE-1) laid out as
    `layout` (one of `WEAPON_LAYOUTS`), and what each condition means."""
    v = card.view
    rows = [f"<p style='margin:0'>{status_html(card)}</p>"]
    rows.append(
        "<table cellspacing='0' cellpadding='1' style='margin-top:4px'>"
        + "".join(
            f"<tr><td style='color:{MUTED}; padding-right:8px'>{escape(k)}</td><td>{val}</td></tr>"
            for k, val in _stat_rows(card)
        )
        + "</table>"
    )
    rows.append(_weapons_html(card, layout))
    if card.sn_effects:
        rows.append(f"<p style='margin-top:6px'>Effects:<br>{effects_html(card)}</p>")
    explained = [f"<b>{escape(text)}</b>: {escape(tip)}" for text, _c, tip in card.conditions if tip]
    if explained:
        rows.append(f"<p style='color:{MUTED}; margin-top:6px'>" + "<br>".join(explained) + "</p>")
    if v.ai_note:
        rows.append(f"<p style='color:{MUTED}'><i>AI: {escape(v.ai_note)}</i></p>")
    return "".join(rows)


def _stat_rows(card: UnitCard) -> list[tuple[str, str]]:
    v = card.view
    rows = [("Move", move_text(card))]
    size = f'{card.size}"' + (f' of {card.size_start}" (wounded)' if card.size < card.size_start else "")
    rows.append(("Size", size))
    if card.power:  # weapon inches left this turn (G-7, R-HAZ-5/11, R-FIRE-7)
        rows.append(("Power", escape(card.power, quote=False)))
    rows += [(label, escape(value)) for label, value, _tip in card.stats]
    if card.sn_dice:
        rows.append(("SN dice", chips_html(card)))
    rows.append(("Facing", escape(v.facing)))
    return rows


class UnitCardView(QFrame):
    """The read-only card in the inspector (Play mode)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("unitCard")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        top = QHBoxLayout()
        self.portrait = QLabel()
        self.portrait.setObjectName("unitPortrait")
        self.portrait.setFixedSize(60, 60)
        self.title = QLabel()
        self.title.setObjectName("unitCardTitle")
        self.title.setWordWrap(True)
        self.title.setTextFormat(Qt.TextFormat.RichText)
        self.title.setMinimumWidth(1)  # it wraps to the dock (a long word is cut, never scrolled)
        top.addWidget(self.portrait)
        top.addWidget(self.title, 1)
        layout.addLayout(top)
        self.body = QLabel()
        self.body.setObjectName("unitCardBody")
        self.body.setWordWrap(True)
        self.body.setTextFormat(Qt.TextFormat.RichText)
        self.body.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.body.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.body.setMinimumWidth(1)  # `_fit_body` picks the weapons' layout that fits the width
        layout.addWidget(self.body, 1)
        self._measure = QLabel(self)  # never shown: how wide the body's text must be
        self._measure.setWordWrap(True)
        self._measure.setTextFormat(Qt.TextFormat.RichText)
        self._measure.hide()
        self.card: UnitCard | None = None

    def show_card(self, card: UnitCard | None, unit: Unit | None) -> None:
        self.card = card
        self.portrait.setVisible(card is not None and unit is not None)
        if card is None:
            self.portrait.clear()
            self.title.setText("No unit selected")
            self.body.clear()
            return
        if unit is not None:
            self.portrait.setPixmap(token_pixmap(unit, card, 58))
        v = card.view
        traits = escape(" · ".join(card.traits)) if card.traits else ""
        self.title.setText(
            f"<span style='font-size:14px'><b>{escape(v.name)}</b></span><br>"
            f"<span style='color:{card.team_color}'>●</span> {escape(card.team_name)}"
            + (f" · {traits}" if traits else "")
            + f"<br><span style='color:{MUTED}'>{escape(card.ruleset)}</span>"
        )
        self._fit_body()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit_body()

    def _fit_body(self) -> None:
        """The body with the weapons laid out the widest way that fits the card's width (issue 10
        polish: at 1024x700 the weapon table pushed the inspector ~30 px sideways)."""
        if self.card is None:
            return
        room = self.contentsRect().width()
        self._measure.setFont(self.body.font())
        html = ""
        for layout in WEAPON_LAYOUTS:
            html = full_html(self.card, layout)
            self._measure.setText(html)
            if self._measure.minimumSizeHint().width() <= room:  # its widest unbreakable part
                break
        self.body.setToolTip(SHORT_TIP if layout == "short" else "")
        if html != self.body.text():
            self.body.setText(html)

    def text(self) -> str:
        """Everything the card says, as plain text (tests, copying, accessibility)."""
        html = self.title.text() + "<br>" + self.body.text()
        return QTextDocumentFragment.fromHtml(html).toPlainText()


class UnitHoverCard(QLabel):
    """The compact card beside a hovered token: a child of the map that never takes focus or the
    mouse (the map keeps its hover and clicks), hidden when the mouse leaves the token."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("unitHoverCard")
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setWordWrap(True)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating)
        self.setStyleSheet(
            "#unitHoverCard { background: rgba(255, 255, 240, 242); border: 1px solid #5d4037;"
            " border-radius: 4px; padding: 4px 7px; }"
        )
        self.unit_id = ""
        self.held_by: QMenu | None = None
        self.hide()

    def hold_under(self, menu: QMenu) -> None:
        """A right-click menu opens over the map: the card goes and stays away while the menu is
        up (it stayed open under the action menu, s9 real-window check)."""
        self.hide_card()
        self.held_by = menu

    def held(self) -> bool:
        menu = self.held_by
        return menu is not None and isValid(menu) and menu.isVisible()

    GAP = 6  # px between the card and the hovered unit's token box

    def show_card(
        self, card: UnitCard, token: QRect, avoid: Sequence[QRect] = (), tokens: Sequence[QRect] = ()
    ) -> None:
        """Show `card` beside the hovered unit's `token` box (its token and name, in the parent's
        coordinates): above it, right, left, below, then farther out — the first
        place inside the map that covers neither the token, nor `avoid` (the attack card, the
        selected unit), nor any of the other units' `tokens`; else the one covering least of
        `avoid` and the token, then of the other tokens (issue 10 polish: at 1280x720 Gill's card
        covered Eel's token, three cells above)."""
        if self.held():  # under an open menu (`hold_under`)
            return
        self.unit_id = card.view.id
        html = compact_html(card)
        self.setText(html)
        parent = self.parentWidget()
        doc = QTextDocument()
        doc.setDefaultFont(self.font())
        doc.setHtml(html)
        ideal = int(doc.idealWidth()) + 2 * 7 + 4  # unwrapped lines, the padding and the border
        self.setFixedWidth(max(120, min(ideal, 360, parent.width() - 20)))  # long AI notes wrap
        self.adjustSize()
        viewport = getattr(parent, "viewport", None)
        area = (viewport().geometry() if viewport is not None else parent.rect()).adjusted(4, 4, -4, -4)
        rect = hover_place(self.size(), token, area, [token, *avoid], tokens, self.GAP)
        self.move(rect.topLeft())
        self.show()
        self.raise_()

    def plain_text(self) -> str:
        return QTextDocumentFragment.fromHtml(self.text()).toPlainText()

    def hide_card(self) -> None:
        self.unit_id = ""
        self.hide()


def hover_place(
    size: QSize, token: QRect, area: QRect, keep: Sequence[QRect], others: Sequence[QRect], gap: int
) -> QRect:
    """Where a card of `size` goes beside `token` inside `area`: centred above it, right, left,
    below, then slid along each side by quarters of the card, then the same a token's size and
    two farther out (each place moved inside `area`); the first that covers none of `keep` and
    `others`, else the one covering least of `keep`, then of `others`."""
    w, h = size.width(), size.height()
    cx, cy = token.center().x() - w // 2, token.center().y() - h // 2
    corners = []
    for ring in range(3):
        dx, dy = gap + ring * token.width(), gap + ring * token.height()
        above, below = token.top() - dy - h, token.bottom() + 1 + dy
        left, right = token.left() - dx - w, token.right() + 1 + dx
        for k in (0, 1, -1, 2, -2):
            corners += [(cx + k * w // 4, above), (right, cy + k * h // 4), (left, cy + k * h // 4)]
            corners.append((cx + k * w // 4, below))
    last_x, last_y = area.right() + 1 - w, area.bottom() + 1 - h  # inside `area`
    top_lefts = [(max(area.left(), min(x, last_x)), max(area.top(), min(y, last_y))) for x, y in corners]
    places = [QRect(x, y, w, h) for x, y in top_lefts]

    def covered(r: QRect, boxes: Sequence[QRect]) -> int:
        return sum(r.intersected(b).width() * r.intersected(b).height() for b in boxes if r.intersects(b))

    return min(places, key=lambda r: (covered(r, keep), covered(r, others)))  # the first wins ties
