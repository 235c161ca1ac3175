"""``bohnanza serve`` without a browser: its arguments, its refusals, what it passes on.

The page's websocket is driven by aiohttp's test client; the game behind it is a small
stand-in that speaks textual-serve's packets and tells what it was sent, so the checks
of what a page sends are seen from the game's side (tests/web/test_browser.py plays the
real game in a real browser).
"""

from __future__ import annotations

import asyncio
import json
import shlex
import socket
import subprocess
import sys
import textwrap
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from aiohttp import WSCloseCode, WSMsgType, WSServerHandshakeError
from aiohttp.test_utils import TestClient, TestServer

from bohnanza_tui import cli, web

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
import bench_web as bw

#: a stand-in for the game: textual-serve's prelude and its terminal size, then each
#: packet it is sent comes back as a data packet holding ``[type, payload]`` (JSON); it
#: quits on the quit meta
ECHO_APP = textwrap.dedent(
    """
    import json, os, sys
    out, inp = sys.stdout.buffer, sys.stdin.buffer
    def send(kind, text):
        echo = json.dumps([kind, text]).encode()
        out.write(b"D" + len(echo).to_bytes(4, "big") + echo); out.flush()
    out.write(b"__GANGLION__\\n"); out.flush()
    send("size", os.environ["COLUMNS"] + "x" + os.environ["ROWS"])
    while True:
        head = inp.read(5)
        if len(head) < 5:
            break
        payload = inp.read(int.from_bytes(head[1:], "big"))
        send(head[:1].decode(), payload.decode())
        if head[:1] == b"M" and json.loads(payload).get("type") == "quit":
            break
    """
)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("port", ["0", "65536", "-1", "eighty", "8000.5", "9" * 100])
def test_a_bad_port_is_one_sentence_and_status_2(
    capsys: pytest.CaptureFixture[str], port: str
) -> None:
    code, out, err = run(capsys, "serve", "--port", port)
    assert code == 2 and out == ""
    assert "is not a port: a whole number from 1 to 65535" in err
    assert "Traceback" not in err


@pytest.mark.parametrize("host", ["", "a b", "x" * 300, "tab\there", "new\nline"])
def test_a_bad_host_is_one_sentence_and_status_2(
    capsys: pytest.CaptureFixture[str], host: str
) -> None:
    code, _out, err = run(capsys, "serve", "--host", host)
    assert code == 2
    assert "is not a host name or address" in err
    assert "Traceback" not in err


def _serve(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``bohnanza serve`` in a process of its own, with HOME in ``home``, in English."""
    return subprocess.run(
        [sys.executable, "-P", "-m", "bohnanza_tui", "serve", *args],
        capture_output=True,
        text=True,
        timeout=60,
        env=bw.isolated_env(home),
    )


def test_a_port_in_use_is_one_sentence_and_status_1(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = _serve(tmp_path, "--port", str(port))
    assert result.returncode == 1
    assert f"can't serve at 127.0.0.1 port {port}: " in result.stderr
    assert "in use" in result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    assert "served at" not in result.stdout  # it never said it served


def test_an_unknown_host_is_one_sentence_and_status_1(tmp_path: Path) -> None:
    result = _serve(tmp_path, "--host", "no-such-host.invalid", "--port", "8000")
    assert result.returncode == 1
    assert "can't serve at no-such-host.invalid port 8000: " in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


def test_without_the_web_extra_serve_says_how_to_get_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delitem(sys.modules, "bohnanza_tui.web")
    monkeypatch.setitem(sys.modules, "textual_serve", None)  # as if not installed
    monkeypatch.setitem(sys.modules, "textual_serve.server", None)
    monkeypatch.setitem(sys.modules, "textual_serve.app_service", None)
    code, _out, err = run(capsys, "serve")
    assert code == 1
    assert "serving needs the package textual_serve" in err
    assert "pip install 'bohnanza-tui[web]'" in err
    assert "Traceback" not in err


def test_the_served_command_is_this_python_s_bohnanza_and_the_chosen_language() -> None:
    assert shlex.split(web.app_command()) == [sys.executable, "-P", "-m", "bohnanza_tui"]
    assert shlex.split(web.app_command("de"))[-2:] == ["--lang", "de"]
    # serve --join: each page joins a bohnanza host's game (asking its player's name)
    assert shlex.split(web.app_command(None, "10.0.0.2:8765"))[-2:] == ["join", "10.0.0.2:8765"]


def test_lang_before_serve_reaches_the_served_games(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[str, int, str | None, str | None]] = []
    monkeypatch.setattr(
        web, "serve", lambda host, port, lang, join=None: seen.append((host, port, lang, join))
    )
    assert cli.main(["--lang", "nl", "serve", "--port", "8123"]) == 0
    assert cli.main(["serve"]) == 0
    assert cli.main(["serve", "--join", "10.0.0.2:8765"]) == 0
    assert seen == [
        ("127.0.0.1", 8123, "nl", None),
        ("127.0.0.1", 8000, None, None),
        ("127.0.0.1", 8000, None, "10.0.0.2:8765"),
    ]


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("127.0.0.1", True),
        ("localhost", True),
        ("::1", True),
        ("127.0.0.2", True),
        ("0.0.0.0", False),
        ("::", False),
        ("192.168.1.5", False),
        ("example.org", False),
    ],
)
def test_loopback_addresses(host: str, loopback: bool) -> None:
    assert web.is_loopback(host) is loopback


# -- what a page sends ------------------------------------------------------------------------


@pytest.fixture
async def client(tmp_path: Path) -> AsyncIterator[TestClient]:
    app_file = tmp_path / "echo_app.py"
    app_file.write_text(ECHO_APP, encoding="utf-8")
    server = web.GameServer("127.0.0.1", 8000)
    server.command = shlex.join([sys.executable, str(app_file)])
    async with TestClient(TestServer(await server._make_app())) as test_client:
        yield test_client
        for _ in range(300):  # the pages closed, the games end (their processes too)
            if server.sessions == 0:
                break
            await asyncio.sleep(0.05)
        assert server.sessions == 0


async def test_the_page_is_the_game_s_without_fonts_from_the_internet(
    client: TestClient,
) -> None:
    response = await client.get("/")
    assert response.status == 200
    page = await response.text()
    assert "<title>Bohnanza</title>" in page
    assert f'data-session-websocket-url="ws://{client.host}:{client.port}/ws"' in page
    assert "googleapis" not in page and "https://" not in page
    assert (await client.get("/static/js/textual.js")).status == 200


async def test_a_page_of_another_site_is_refused(client: TestClient) -> None:
    with pytest.raises(WSServerHandshakeError) as refused:
        await client.ws_connect("/ws", headers={"Origin": "http://evil.example"})
    assert refused.value.status == 403


async def test_a_name_that_only_resolves_here_is_refused_on_loopback(
    client: TestClient,
) -> None:
    # DNS rebinding: evil.example resolving to 127.0.0.1, the page "same-origin" with it
    headers = {"Host": "evil.example:8000", "Origin": "http://evil.example:8000"}
    assert (await client.get("/", headers=headers)).status == 403
    with pytest.raises(WSServerHandshakeError) as refused:
        await client.ws_connect("/ws", headers=headers)
    assert refused.value.status == 403


async def _echoes(ws: object, count: int) -> list[list[str]]:
    from aiohttp import ClientWebSocketResponse

    assert isinstance(ws, ClientWebSocketResponse)
    echoes = []
    while len(echoes) < count:
        message = await ws.receive(timeout=30)
        assert message.type == WSMsgType.BINARY, message
        echoes.append(json.loads(message.data))
    return echoes


async def test_only_textual_serve_s_messages_reach_the_game_and_sizes_are_bounded(
    client: TestClient,
) -> None:
    origin = f"http://{client.host}:{client.port}"
    ws = await client.ws_connect("/ws?width=99999999&height=-5", headers={"Origin": origin})
    for junk in [
        "not json",
        "{}",
        "[]",
        "[1, 2]",
        '["stdin", 5]',
        '["stdin"]',
        '["resize", "wide"]',
        '["ping", {"a": 1}]',
        '["exec", "rm -rf"]',
    ]:
        await ws.send_str(junk)
    await ws.send_bytes(b"\x00binary")
    await ws.send_str('["resize", {"width": 1e309, "height": 10}]')
    await ws.send_str('["resize", {"width": 120, "height": 100000}]')
    await ws.send_str('["stdin", "p"]')
    echoes = await _echoes(ws, 4)
    assert [json.loads(payload) if kind == "M" else payload for kind, payload in echoes] == [
        f"{web.MAX_COLUMNS}x1",  # the size it started at, from the page's address
        {"type": "resize", "width": 80, "height": 10},
        {"type": "resize", "width": 120, "height": web.MAX_ROWS},
        "p",
    ]
    await ws.send_str('["ping", "12345"]')
    pong = await ws.receive(timeout=30)
    assert pong.type == WSMsgType.TEXT and json.loads(pong.data) == ["pong", "12345"]
    await ws.close()


async def test_a_message_too_large_closes_the_page_s_connection(
    client: TestClient,
) -> None:
    ws = await client.ws_connect("/ws", headers={"Origin": f"http://{client.host}:{client.port}"})
    await ws.send_str(json.dumps(["stdin", "x" * (web.MAX_MESSAGE + 1)]))
    message = await ws.receive(timeout=30)
    assert message.type in (WSMsgType.CLOSE, WSMsgType.CLOSED, WSMsgType.CLOSING)


async def test_games_at_once_are_bounded(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(web, "MAX_SESSIONS", 1)
    headers = {"Origin": f"http://{client.host}:{client.port}"}
    first = await client.ws_connect("/ws", headers=headers)
    await first.send_str('["stdin", "a"]')
    assert await _echoes(first, 2) == [["size", "80x24"], ["D", "a"]]
    with pytest.raises(WSServerHandshakeError) as refused:
        await client.ws_connect("/ws", headers=headers)
    assert refused.value.status == 503
    await first.close()


async def test_stopping_the_server_tells_every_page_at_once(client: TestClient) -> None:
    headers = {"Origin": f"http://{client.host}:{client.port}"}
    pages = [await client.ws_connect("/ws", headers=headers) for _ in range(2)]
    for page in pages:
        await page.send_str('["stdin", "a"]')
        assert await _echoes(page, 2) == [["size", "80x24"], ["D", "a"]]
    closing = asyncio.ensure_future(client.server.close())
    for page in pages:  # told the server goes away (their games quit), not left waiting
        message = await page.receive(timeout=30)
        assert message.type == WSMsgType.CLOSE and message.data == WSCloseCode.GOING_AWAY
    await closing
