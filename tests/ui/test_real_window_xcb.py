"""Issue 10: one smoke test starts the real application under Xvfb with Qt's xcb platform, so a
missing system library (libxcb-cursor0, ...) or a window that cannot shrink to a laptop screen fails
CI. The rest of the suite stays offscreen. Skipped where Xvfb is not installed, unless
BRIKWARS_REQUIRE_XVFB=1 (set by .ci/run, which installs it)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = r"""
import sys
from PySide6.QtCore import QElapsedTimer, QSettings, QTimer
from brikwars_gui.app import create_application, open_window
from brikwars_gui.paths import SCENARIOS

app = create_application(["brikwars"])
assert app.platformName() == "xcb", app.platformName()
settings = QSettings(sys.argv[1], QSettings.Format.IniFormat)
window = open_window(SCENARIOS / "skirmish.json", settings=settings)
window.controller.ask_response = lambda request: request.default
results = []
WAIT_S = 60  # a loaded CI machine answers late; a window that never fits fails after this


def measure(tag):
    view = window.view
    return f"{tag} {window.width()}x{window.height()} view {view.width()}x{view.height()}"


def fits(width=None):
    resized = width is None or window.width() == width
    return resized and window.width() <= 1024 and window.height() <= 700 and window.view.width() >= 480


def when_fitted(tag, then, width=None):
    # waits (the event loop running) until the window fits the screen with a usable map, then
    # records it and calls `then`: the X server and the dock layout answer in their own time
    clock = QElapsedTimer()
    clock.start()

    def poll():
        try:
            app.processEvents()
            if fits(width):
                results.append(measure(tag))
                then()
            elif clock.elapsed() > WAIT_S * 1000:
                raise AssertionError(f"not fitted within {WAIT_S} s: {measure(tag)}")
            else:
                QTimer.singleShot(50, poll)
        except BaseException as exc:
            fail(exc)

    QTimer.singleShot(0, poll)


def run():
    when_fitted("start", edit)  # the first start fits the screen by itself


def edit():
    window.resize(1024, 660)
    when_fitted("edit", play, width=1024)  # once the window has its new size (the start is narrower)


def play():
    window.set_play_mode(True, seed=5)
    when_fitted("play", done)


def done():
    print("OK", "; ".join(results), flush=True)
    window.ask_leave_game = lambda: "discard"
    window.close()
    app.quit()


def fail(exc):
    print("FAIL", repr(exc), flush=True)
    app.exit(3)


window.show()
run()
sys.exit(app.exec())
"""


def _xvfb() -> str | None:
    found = shutil.which("Xvfb")
    if found is None and os.environ.get("BRIKWARS_REQUIRE_XVFB") == "1":
        pytest.fail("Xvfb is not installed (.ci/run installs it: apt-get install xvfb)")
    return found


def test_the_real_application_starts_under_xvfb_and_fits_a_small_screen(tmp_path: Path) -> None:
    xvfb = _xvfb()
    if xvfb is None:
        pytest.skip("Xvfb not installed: the real-window smoke test runs in CI (.ci/run)")
    read, write = os.pipe()
    server = subprocess.Popen(
        [xvfb, "-displayfd", str(write), "-screen", "0", "1024x700x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    try:
        with os.fdopen(read) as pipe:
            display = pipe.readline().strip()
        assert display, "Xvfb did not report a display"
        env = {**os.environ, "QT_QPA_PLATFORM": "xcb", "DISPLAY": f":{display}", "PYTHONPATH": str(ROOT)}
        env.pop("WAYLAND_DISPLAY", None)
        done = subprocess.run(
            [sys.executable, "-c", SCRIPT, str(tmp_path / "settings.ini")],
            env=env,
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=240,
        )
    finally:
        server.terminate()
        server.wait(timeout=20)
    out = done.stdout + done.stderr
    assert "could not load the Qt platform plugin" not in out, out
    assert done.returncode == 0 and "OK start" in done.stdout and "; edit" in done.stdout, out
