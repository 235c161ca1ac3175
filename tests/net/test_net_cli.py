"""``bohnanza host`` and ``bohnanza join`` on the command line: bad arguments are one
sentence and exit status 2 (or 1 when nothing is there to reach), never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from bohnanza_tui import cli


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = cli.main(list(argv))
    _out, err = capsys.readouterr()
    return code, err


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["host", "--players", "9"], "classic is played by 2 to 7 players"),
        (["host", "--mode", "voyage", "--players", "2"], "voyage is played by 3 to 5 players"),
        (["host", "--players", "2", "--computers", "basic,basic"], "at least one seat"),
        (["host", "--computers", "basic,wizard"], "is not a list of levels"),
        (["host", "--port", "0"], "is not a port"),
        (["join", "nowhere", "--name", "Ann"], "is not HOST:PORT"),
        (["join", "127.0.0.1:99999", "--name", "Ann"], "is not HOST:PORT"),
        (["join", "127.0.0.1:8765", "--name", "A:nn"], "colon"),
        (["join", "127.0.0.1:8765", "--name", "7"], "numbers name the seats"),
    ],
)
def test_bad_arguments_are_one_sentence(
    capsys: pytest.CaptureFixture[str], argv: list[str], says: str
) -> None:
    code, err = run(capsys, *argv)
    assert code == cli.BAD_INPUT
    assert says in err and "Traceback" not in err


def test_resume_without_a_saved_game_says_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, err = run(capsys, "host", "--resume", "--save", str(tmp_path / "none.json"))
    assert code == cli.BAD_INPUT and "there is no file" in err


def test_join_without_a_host_says_it_cant_reach_it(capsys: pytest.CaptureFixture[str]) -> None:
    import socket

    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    code, err = run(capsys, "join", f"127.0.0.1:{port}", "--name", "Ann")
    assert code == 1 and "can't reach the host" in err


def test_the_help_names_host_and_join(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--help"]) == 0
    out = capsys.readouterr().out
    assert "host" in out and "join" in out
