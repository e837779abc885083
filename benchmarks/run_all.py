"""Run every benchmark script and print one table, with the machine's cores and a calibration figure.

Run: `.venv/bin/python benchmarks/run_all.py [--full] [--markdown]`.

Every `benchmarks/bench_*.py` runs in its own process (so one's imports, caches or crash cannot
touch another's figures), by default with the short arguments in `QUICK` so the whole run takes a
few minutes on 2 cores; `--full` uses each script's own defaults. The table has one row per figure a
script printed, under the script's name, its wall time and exit status. The calibration figure (a
fixed pure-Python loop, best of 5) is measured before and after: divide a figure by it to compare
machines, or a busy machine with itself. `--markdown` prints the table for docs/performance.md.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

from bench_scale import calibration_ms  # the same loop bench_scale.py prints (benchmarks/ is on sys.path)

HERE = Path(__file__).resolve().parent
QUICK: dict[str, list[str]] = {
    "bench_forecast.py": ["--runs", "20", "--large-runs", "4"],
    "bench_forecast_dialog.py": ["--runs", "20"],
    "bench_hazards.py": ["--rounds", "20"],
    "bench_rollout.py": ["--seeds", "1", "--rounds", "4"],
    "bench_scale.py": ["--sizes", "50", "200", "--turns", "6"],
    "bench_turn.py": ["--rounds", "5", "--seeds", "2"],
}
"""Short arguments per script (scripts not listed run with their defaults)."""
TIMEOUT_S = 240
"""A script still running after this long is stopped and reported as such."""


def scripts() -> list[Path]:
    return sorted(HERE.glob("bench_*.py"))


def run(script: Path, full: bool) -> tuple[float, str, list[str]]:
    """Wall seconds, status and the non-empty output lines of one benchmark script."""
    args = [] if full else QUICK.get(script.name, [])
    env = {**os.environ, "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen")}
    start = time.perf_counter()
    try:
        done = subprocess.run(
            [sys.executable, str(script), *args],
            capture_output=True,
            text=True,
            timeout=TIMEOUT_S,
            env=env,
            cwd=HERE.parent,
        )
    except subprocess.TimeoutExpired as exc:
        out = exc.stdout.decode() if isinstance(exc.stdout, bytes) else exc.stdout or ""
        return time.perf_counter() - start, f"stopped after {TIMEOUT_S} s", _lines(out)
    status = "ok" if done.returncode == 0 else f"exit {done.returncode}"
    lines = _lines(done.stdout)
    if done.returncode != 0:
        lines += [f"stderr: {line}" for line in _lines(done.stderr)[-3:]]
    return time.perf_counter() - start, status, lines


def _lines(text: str) -> list[str]:
    """Figures only: the machine lines each script prints are in the table's header already."""
    return [line.strip() for line in text.splitlines() if line.strip() and not line.startswith("machine:")]


def table(rows: list[tuple[str, float, str, list[str]]], markdown: bool) -> str:
    if markdown:
        out = ["| benchmark | wall s | status | figures |", "| --- | ---: | --- | --- |"]
        for name, seconds, status, lines in rows:
            figures = "<br>".join(line.replace("|", "\\|") for line in lines) or "(none)"
            out.append(f"| {name} | {seconds:.1f} | {status} | {figures} |")
        return "\n".join(out)
    width = max(len(name) for name, *_ in rows)
    out = [f"{'benchmark':<{width}}  {'wall s':>7}  {'status':<8}  figures", "-" * (width + 60)]
    for name, seconds, status, lines in rows:
        first, *rest = lines or ["(none)"]
        out.append(f"{name:<{width}}  {seconds:7.1f}  {status:<8}  {first}")
        out += [f"{'':<{width}}  {'':>7}  {'':<8}  {line}" for line in rest]
    return "\n".join(out)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true", help="each script's own (longer) defaults")
    parser.add_argument("--markdown", action="store_true", help="a Markdown table (docs/performance.md)")
    args = parser.parse_args()
    before = calibration_ms()
    start = time.perf_counter()
    rows = []
    for script in scripts():
        print(f"running {script.name}...", file=sys.stderr, flush=True)
        rows.append((script.stem, *run(script, args.full)))
    after = calibration_ms()
    today = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    print(
        f"{today}; machine: {os.cpu_count()} cores, Python {platform.python_version()}; calibration loop "
        f"(1e6 iterations, best of 5): {before:.1f} ms before, {after:.1f} ms after; "
        f"{'full' if args.full else 'quick'} run, {time.perf_counter() - start:.0f} s in all"
    )
    print()
    print(table(rows, args.markdown))
    return 0 if all(status == "ok" for _, _, status, _ in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
