"""Runs tests/e2e/tmux_check.sh: the installed `bohnanza` in a real terminal (skipped without tmux)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).with_name("tmux_check.sh")


def _bohnanza() -> str | None:
    beside = Path(sys.executable).with_name("bohnanza")
    return str(beside) if beside.exists() else shutil.which("bohnanza")


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_real_terminal_session() -> None:
    command = _bohnanza()
    if command is None:
        pytest.skip("the bohnanza command is not installed")
    result = subprocess.run(
        ["bash", str(SCRIPT)],
        env={"BOHNANZA": command, "PATH": "/usr/bin:/bin", "HOME": str(Path.home())},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "tmux check passed" in result.stdout
