"""Build hook: compile the rules core's hot modules with mypyc into the wheel.

The rules core is plain, fully typed Python; mypyc (part of mypy) compiles the
same source to C extensions that play the game three to four times as fast, which the
computer players and the benchmark feel. The bots' hot path (position values and
rollouts, ``BOTS_COMPILED``) is compiled too: the strong level searches more than
twice as many samples in its time. Only a regular wheel is compiled
(``pip install .``): an editable install (``pip install -e .``) stays pure
Python, so an edit takes effect at once. Without a C compiler, or with
``BOHNANZA_PURE=1`` set, the wheel is pure Python and plays the same game.

The first line of ``python -m bohnanza_tui.bench``, ``bohnanza_tui.rules.COMPILED``
and ``bohnanza_tui.bots.COMPILED`` say which build runs.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

#: the modules compiled: the state, the rules and random play (the benchmark's and bots' hot path)
COMPILED = (
    "state",
    "actions",
    "outcome",
    "common",
    "engine",
    "turn",
    "moves",
    "trading",
    "voyage",
    "duel",
    "randomplay",
    "views",
    "cafe",
    "cafe_session",
)
#: the computer players' hot path (the position values and the fast rollout policy)
BOTS_COMPILED = ("evaluate", "rollout")
#: the shared library the compiled modules link through, inside the package
GROUP = "bohnanza_tui.rules._core"

SETUP = """
from setuptools import setup
from mypyc.build import mypycify

setup(
    name="bohnanza-tui-core",
    ext_modules=mypycify(
        ["--ignore-missing-imports", *{paths!r}],
        opt_level="3",
        group_name={group!r},
    ),
    script_args=["build_ext", "--inplace"],
)
"""


class CustomBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable":
            return
        if os.environ.get("BOHNANZA_PURE"):
            self.app.display_info("BOHNANZA_PURE is set: the rules core stays pure Python")
            return
        self._work = tempfile.mkdtemp(prefix="bohnanza-mypyc-")
        try:
            built = self._compile(Path(self._work))
        except (OSError, subprocess.CalledProcessError) as exc:
            detail = exc.output if isinstance(exc, subprocess.CalledProcessError) else exc
            self.app.display_warning(
                f"The rules core could not be compiled; installing it as pure Python.\n{detail}"
            )
            return
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        for path in built:
            build_data["force_include"][str(path)] = path.relative_to(self._work).as_posix()

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        work = getattr(self, "_work", None)
        if work:
            shutil.rmtree(work, ignore_errors=True)

    def _compile(self, work: Path) -> list[Path]:
        """Compile a copy of the package's sources in ``work``; return the extension files."""
        shutil.copytree(
            Path(self.root) / "bohnanza_tui",
            work / "bohnanza_tui",
            ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"),
        )
        paths = [f"bohnanza_tui/rules/{name}.py" for name in COMPILED]
        paths += [f"bohnanza_tui/bots/{name}.py" for name in BOTS_COMPILED]
        (work / "setup.py").write_text(SETUP.format(paths=paths, group=GROUP), encoding="utf-8")
        self.app.display_info("Compiling the rules core with mypyc (about a minute)...")
        result = subprocess.run(
            [sys.executable, "setup.py"],
            cwd=work,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            check=False,
        )
        if result.returncode:
            tail = "\n".join(result.stdout.splitlines()[-15:])
            raise subprocess.CalledProcessError(result.returncode, "mypyc", output=tail)
        suffixes = (".so", ".pyd")
        built = [p for p in (work / "bohnanza_tui").rglob("*") if p.suffix in suffixes]
        if len(built) < len(paths):
            raise OSError(f"mypyc built {len(built)} extension files for {len(paths)} modules")
        return built
