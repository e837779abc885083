#!/usr/bin/env bash
# Set up (first run only) and start the BrikWars battle simulator on the bundled skirmish.
set -euo pipefail
cd "$(dirname "$0")"
bash scripts/setup-venv.sh
exec .venv/bin/brikwars "${@:-resources/scenarios/skirmish.json}"
