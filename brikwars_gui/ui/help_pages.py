"""Help menu pages: About (version, licence, homepage, where files live), the licence text and the
user guide that ships with the package (docs/user-guide.md, shown as Markdown)."""

from __future__ import annotations

import html
from pathlib import Path

from PySide6.QtCore import Qt, qVersion
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from brikwars_gui import __version__, product
from brikwars_gui.paths import USER_GUIDE


def about_html(data_dir: str | Path | None) -> str:
    homepage = product.homepage()
    notices = product.third_party_notices()
    parts = [
        f"<h3>BrikWars battle simulator {__version__}</h3>",
        "<p>A rules engine, scenario editor and battle player for the BrikWars tabletop wargame: "
        "play against the computer, prepare encounters, watch fire and Field Hazards spread.</p>",
        "<p>Every die comes from one seeded source, so a saved game replays exactly.</p>",
        f"<p>Released under the <b>{product.LICENCE} licence</b> (Help ▸ Licence shows it). Built with "
        f"Qt {html.escape(qVersion())} and Qt for Python, used under the GNU LGPL version 3.</p>",
    ]
    if homepage:
        parts.append(f'<p>Homepage: <a href="{html.escape(homepage)}">{html.escape(homepage)}</a></p>')
    if notices:
        parts.append(f"<p>Third-party licences: <code>{html.escape(str(notices))}</code></p>")
    if data_dir:
        where = html.escape(str(data_dir))
        # the path on a line of its own, unbroken: it wrapped after a "/" or a "-" (review 11-27 #29)
        parts.append("<p>Log file, recovery autosave and your unit templates:</p>")
        parts.append(f"<p style='white-space:pre'><code>{where}</code></p>")
    return "".join(parts)


def text_dialog(parent: QWidget, title: str, text: str, *, markdown: bool = False) -> QDialog:
    """A non-modal, resizable page of text with a Close button (deleted when closed)."""
    dialog = QDialog(parent)
    dialog.setWindowTitle(title)
    layout = QVBoxLayout(dialog)
    browser = QTextBrowser()
    browser.setOpenExternalLinks(True)
    if markdown:
        browser.setMarkdown(text)
    else:
        browser.setPlainText(text)
    layout.addWidget(browser)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
    buttons.rejected.connect(dialog.close)
    layout.addWidget(buttons)
    dialog.resize(760, 600)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.show()
    return dialog


def user_guide_text() -> str:
    if USER_GUIDE.is_file():
        return USER_GUIDE.read_text(encoding="utf-8")
    return f"The user guide is missing from this installation (looked for {USER_GUIDE})."


def licence_page() -> str:
    text = product.licence_text()
    notices = product.third_party_notices()
    if notices:
        text += f"\n\nThe libraries bundled with this program keep their own licences: see\n{notices}\n"
    return text
