"""Test configuration: Qt always runs offscreen here, whoever calls pytest."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
