"""The protocol's parsing is the host's first line against hostile clients (docs/NET.md).

Property tests: whatever text arrives, parsing either gives a valid message or
raises ``BadMessage`` (never another exception); and whatever a connected
client sends, the host's game stays as it was unless a legal action came.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bohnanza_tui.net import protocol
from bohnanza_tui.net.host import GameHost
from bohnanza_tui.rules import check, legal_actions
from bohnanza_tui.rules.actions import ACTION_TYPES

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**40), max_value=10**40)
    | st.floats(allow_nan=False)
    | st.text(max_size=30),
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5)
    ),
    max_leaves=20,
)
FIELDS = ["player", "card", "island", "slot", "offer", "give", "want", "to", "ship", "cards"]


@st.composite
def act_messages(draw: st.DrawFn, token: str) -> str:
    action: dict[str, Any] = {"action": draw(st.sampled_from([*ACTION_TYPES, "x", ""]))}
    for key in draw(st.lists(st.sampled_from(FIELDS), max_size=5, unique=True)):
        action[key] = draw(
            st.integers(min_value=-3, max_value=200)
            | st.lists(st.integers(min_value=-3, max_value=200), max_size=4)
            | json_values
        )
    return json.dumps({"type": "act", "token": token, "action": action})


@given(st.text(max_size=300) | json_values.map(json.dumps))
def test_any_text_parses_or_is_refused_with_a_reason(text: str) -> None:
    try:
        message = protocol.parse_client(text)
    except protocol.BadMessage as exc:
        assert str(exc)
        return
    if isinstance(message, protocol.Act):
        try:
            protocol.action_of(message)
        except protocol.BadMessage as exc:
            assert str(exc)


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_whatever_a_seated_client_sends_changes_the_game_only_by_a_legal_action(
    data: st.DataObject,
) -> None:
    host = GameHost("classic", 3, seed=data.draw(st.integers(0, 50)), rate=1e6)
    tokens = [host._give_token(i) for i in range(3)]
    for i, name in enumerate(["Ann", "Bob", "Cy"]):
        host.plan[i].name = name
    host._start()
    assert host.session is not None
    sent: list[str] = []

    class Sink:
        async def send(self, text: str) -> None:
            sent.append(text)

        async def close(self) -> None:
            pass

    async def play() -> None:
        from bohnanza_tui.net.host import _Peer

        peer = _Peer(Sink(), seat=1)  # type: ignore[arg-type]
        for _n in range(data.draw(st.integers(1, 8))):
            legal = legal_actions(host.session.state, 1)  # type: ignore[union-attr]
            if legal and data.draw(st.booleans()):
                text = protocol.act(tokens[1], data.draw(st.sampled_from(legal)))
            else:
                token = tokens[data.draw(st.integers(0, 2))]
                text = data.draw(act_messages(token) | st.text(max_size=50))
            before = host.session.state.copy()  # type: ignore[union-attr]
            count = len(host.session.log)  # type: ignore[union-attr]
            await host.receive(peer, text)
            if len(host.session.log) == count:  # type: ignore[union-attr]
                assert host.session.state == before  # type: ignore[union-attr]
            else:
                played = host.session.log[-1]  # type: ignore[union-attr]
                assert played.player == 1 and check(before, played) is None
        while not peer.queue.empty():  # what came back: refusals with reasons, nothing else
            text = peer.queue.get_nowait()
            assert text is not None
            reply = protocol.parse_host(text)
            assert isinstance(reply, protocol.Refused) and reply.reason

    asyncio.run(play())
