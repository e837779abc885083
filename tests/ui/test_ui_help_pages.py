"""Help ▸ User Guide, Licence and About (issue 27): what ships with the package is reachable from
the app."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox, QTextBrowser

from brikwars_gui.ui.help_pages import about_html


def _menu_texts(window) -> list[str]:
    help_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Help")
    return [a.text() for a in help_menu.actions() if a.text()]


def test_help_offers_the_user_guide_the_licence_and_about(window) -> None:
    assert _menu_texts(window)[0] == "&User Guide"
    assert {"&Licence", "&About"} <= set(_menu_texts(window))


def test_the_user_guide_opens_as_formatted_text(window, qtbot) -> None:
    dialog = window.show_user_guide()
    browser = dialog.findChild(QTextBrowser)
    text = browser.toPlainText()
    assert "Play mode" in text or "Play Mode" in text
    assert "# " not in text.splitlines()[0]  # Markdown rendered, not shown raw
    dialog.close()


def test_the_licence_page_shows_the_mit_text(window) -> None:
    dialog = window.show_licence()
    text = dialog.findChild(QTextBrowser).toPlainText()
    assert text.startswith("MIT License") and "WITHOUT WARRANTY" in text
    dialog.close()


def test_about_names_the_licence_homepage_qt_and_the_data_folder(tmp_path, monkeypatch) -> None:
    from brikwars_gui import product

    monkeypatch.setattr(product, "homepage", lambda: "https://example.org/brikwars")
    text = about_html(tmp_path)
    assert "MIT licence" in text and "LGPL" in text and "Qt 6." in text
    assert 'href="https://example.org/brikwars"' in text
    assert str(tmp_path) in text


def test_the_about_box_opens_from_the_menu(window, qtbot, monkeypatch) -> None:
    shown = []
    monkeypatch.setattr(QMessageBox, "about", lambda parent, title, text: shown.append((title, text)))
    window.act_about.trigger()
    assert shown and shown[0][0] == "About BrikWars" and "MIT licence" in shown[0][1]


def test_about_shows_the_data_folder_on_one_unbroken_line(qapp, tmp_path) -> None:
    """Review 2026-11-27 item 29: the About box broke the data path after a "/"."""
    from PySide6.QtGui import QTextDocument

    folder = tmp_path / "xdg-data" / "brikwars" / "brikwars_gui"
    doc = QTextDocument()
    doc.setHtml(about_html(folder))
    doc.setTextWidth(280)  # narrower than the path: the rest of the box wraps
    doc.size()  # lays it out
    block = doc.begin()
    while block.isValid() and str(folder) not in block.text():
        block = block.next()
    assert block.isValid() and block.text().strip() == str(folder)
    assert block.layout().lineCount() == 1
