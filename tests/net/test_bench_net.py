"""scripts/bench_net.py runs end to end on a few moves (its figures are not judged here)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
import bench_net


def test_the_benchmark_plays_two_tables_and_prints_its_figures(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["--actions", "5", "--tables", "2", "--players", "3", "--screens", "4"]
    assert bench_net.main(argv) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].startswith("1 table: 5 moves, round trip p50 ")
    assert out[2].startswith("2 tables at once: 10 moves, ")
    assert out[3].startswith("1 table, 1 seat in the app: 4 moves, ")
    assert all("p90" in line and "host CPU" in line for line in out[1:])
