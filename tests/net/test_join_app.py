"""``bohnanza join``'s app, headless, at a host on loopback: one seat's table, no privacy screen.

The app is driven by keys (Textual's pilot); the other seats by headless
clients; the host decides everything. Waits are bounded.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from pathlib import Path

from textual.pilot import Pilot

from bohnanza_tui.net.host import GameHost
from bohnanza_tui.rules import Phase, legal_actions, view
from bohnanza_tui.rules.actions import MakeOffer, Plant
from bohnanza_tui.ui.netplay import JoinApp, NetTableScreen
from bohnanza_tui.ui.screens.privacy import PrivacyScreen
from bohnanza_tui.ui.screens.trade import AnswerScreen

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_host import close_all, eventually, hosting, seated

SIZE = (120, 40)
WAIT = 10.0


async def until(pilot: Pilot[int], ready: Callable[[], bool], timeout: float = WAIT) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not ready():
        assert loop.time() < end, "timed out"
        await pilot.pause(0.02)


def no_privacy(app: JoinApp) -> bool:
    return not any(isinstance(s, PrivacyScreen) for s in app.screen_stack)


async def test_a_seat_plays_by_keys_and_answers_a_bid_on_its_own_screen() -> None:
    host = GameHost("classic", 3, seed=4, rate=1e6)
    async with hosting(host) as address:
        app = JoinApp(address, "Ann")
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: app.client is not None and app.client.seat == 0)
            bob, cy = await seated(address, ["Bob", "Cy"])
            await until(pilot, lambda: isinstance(app.screen, NetTableScreen))
            assert host.session is not None
            session = host.session
            assert session.state.active == 0
            table = app.screen
            assert isinstance(table, NetTableScreen)
            assert table.hs.state == view(session.state, 0)  # its own view, nothing else
            # phase 1: two plantings by key, played by the host
            await pilot.press("p")
            await until(pilot, lambda: len(session.log) == 1)
            await pilot.press("p")
            await until(pilot, lambda: len(session.log) == 2)
            assert all(isinstance(a, Plant) and a.player == 0 for a in session.log)
            await until(pilot, lambda: table.hs.state.phase is Phase.TRADE)
            # Bob bids from his own screen: Ann's answer dialog opens by itself
            assert bob.state is not None
            await bob.wait_for(lambda: bob.seq == 2)
            card = bob.state.players[1].hand[0]
            await bob.act(MakeOffer(1, 0, (card,), ()))
            await until(pilot, lambda: isinstance(app.screen, AnswerScreen))
            assert no_privacy(app)
            # her view shows the offered card (on the table), never Bob's other cards
            shown = app.netseat.state.players[1].hand if app.netseat else []
            assert card in shown and len(set(shown) - {card, -1}) == 0
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, NetTableScreen))
            # a key the rules refuse is refused on the view, nothing is sent
            sent = len(session.log)
            await pilot.press("u")  # no undo over the network
            await pilot.pause(0.1)
            assert len(session.log) == sent
            await pilot.press("ctrl+q")  # quits, and the host sees the seat leave
        await eventually(lambda: not host.connected(0))
        await close_all([bob, cy])


async def test_a_seat_that_is_not_active_bids_from_its_own_screen() -> None:
    from bohnanza_tui.ui.screens.trade import OfferBuilder

    host = GameHost("classic", 4, seed=4, rate=1e6)
    async with hosting(host) as address:
        (ann,) = await seated(address, ["Ann"])
        app = JoinApp(address, "Bob")
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: app.client is not None and app.client.seat == 1)
            cy, dee = await seated(address, ["Cy", "Dee"])
            await until(pilot, lambda: isinstance(app.screen, NetTableScreen))
            assert host.session is not None and host.session.state.active == 0
            state = host.session.state
            for n in range(2):  # Ann plants twice: her trading phase
                await ann.wait_for(lambda n=n: ann.seq == n)
                assert ann.state is not None
                plant = next(a for a in legal_actions(ann.state, 0) if isinstance(a, Plant))
                await ann.act(plant)
            await until(
                pilot, lambda: app.netseat is not None and app.netseat.state.phase is Phase.TRADE
            )
            await pilot.press("B")  # a bid: straight to the offer dialog, for Bob himself
            await until(pilot, lambda: isinstance(app.screen, OfferBuilder))
            assert no_privacy(app) and len(state.players) == 4
        await close_all([ann, cy, dee])


async def test_the_app_says_why_the_host_refused_it() -> None:
    host = GameHost("classic", 2, rate=1e6)
    async with hosting(host) as address:
        (ann,) = await seated(address, ["Ann"])
        app = JoinApp(address, "ann")
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: app.problem is not None or not app.is_running)
        assert app.problem is not None and "taken" in app.problem
        await close_all([ann])


async def test_a_dropped_app_rejoins_by_itself() -> None:
    host = GameHost("classic", 2, rate=1e6)
    async with hosting(host) as address:
        app = JoinApp(address, "Ann")
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: app.client is not None and app.client.seat == 0)
            (bob,) = await seated(address, ["Bob"])
            await until(pilot, lambda: isinstance(app.screen, NetTableScreen))
            first = app.client
            assert first is not None and first.ws is not None
            await first.ws.close()  # as a network cut would
            await until(pilot, lambda: app.client is not first and app.client is not None)
            assert app.client is not None and app.client.seat == 0
            assert host.connected(0)
            await pilot.press("p")
            assert host.session is not None
            await until(pilot, lambda: len(host.session.log) == 1)  # type: ignore[union-attr]
        await close_all([bob])


async def test_without_a_name_the_app_asks_for_one_and_asks_again_if_refused() -> None:
    """``bohnanza join HOST:PORT`` (and each page of ``bohnanza serve --join``)."""
    host = GameHost("classic", 3, rate=1e6)
    async with hosting(host) as address:
        (bob,) = await seated(address, ["Bob"])
        app = JoinApp(address)
        async with app.run_test(size=SIZE) as pilot:
            field = app.lobby.query_one("#lobby-name")
            await until(pilot, lambda: field.display and field.has_focus)
            await pilot.press("b", "o", "b", "enter")  # taken: asked again, with the reason
            await until(pilot, lambda: field.display and bool(app.client and app.client.refusals))
            assert app.client is not None and "taken" in app.client.refusals[-1].reason
            await pilot.press("ctrl+a", "ctrl+k", "4", "enter")  # not a name: said at once
            await pilot.pause(0.05)
            assert app.client.seat is None
            await pilot.press("ctrl+a", "ctrl+k", *"Dee", "enter")
            await until(pilot, lambda: app.client is not None and app.client.seat == 1)
            assert app.is_running and app.problem is None
            assert host.plan[1].name == "Dee"
        await close_all([bob])
