"""Benchmark of hand-overs at one keyboard: privacy screens and answer dialogs per round.

    python scripts/bench_handovers.py [--games N] [--seed S] [--offers often|rarely|never]
                                      [--people-offers often|rarely|never] [--size WxH]
                                      [--mode classic|voyage] [--bids] [--levels A,B]

Whole games (classic by default, or Bohn Voyage) with 4 seats, Ann and Bob people, Cy and Dee computer
players (level basic), played through the app with Textual's pilot
(``run_test``). The people's decisions come from a fixed policy: a basic bot
of their own (which offers to the other person ``--people-offers``, "rarely"
by default: at most once a turn) plays what it chooses through the table
screen's ``play`` (the same hand-over flow as a key), and every dialog the app
opens is answered with keys: Enter on the privacy screen, Space on the turn's
end, ``a``/``n`` (or the dialog's own keys) on an answer dialog as the
person's bot would answer. What the active person offers to everyone is
called out to the table (``HotSeat.on_call``): the other person takes it up
with the bid key only when their bot would accept it.

With ``--bids`` the two people trade with each other every turn, as at a game
night: in each person's phase 2 the other person bids once, with the keys a
person presses: ``B``, Enter on the privacy screen, then the bid as the dialog
proposes it (``trade.proposed_bid``; where it proposes no card to give, End
and Space pick the last card), ctrl+s; the active person answers it as their
bot would. It also prints the keys of each traded bid, from ``B`` to the answer.

It prints, per game and on average: privacy screens and answer dialogs per
round (a round: every seat one turn), and the most answer dialogs one person
met in one computer player's turn. The computer players offer to people
``--offers`` ("rarely" by default, as in the app); ``--levels`` sets their
levels (``basic,basic`` by default; a game night: ``--bids --levels strong,basic``).
"""

from __future__ import annotations

import argparse
import asyncio
import re
import statistics
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bohnanza_tui.modes import DEFAULT_OFFERS

NAMES = ["Ann", "Bob", "Cy", "Dee"]
PEOPLE = (0, 1)
#: presses without the game moving on before a game is given up as stuck
STUCK = 400


@dataclass
class Tally:
    privacy: int = 0
    answers: int = 0
    #: (turn, person) -> answer dialogs that person met in a computer player's turn
    asked: Counter[tuple[int, int]] = field(default_factory=Counter)
    turns: int = 0
    presses: int = 0
    #: privacy screens by what they said (names left out) and whose turn it was
    reasons: Counter[str] = field(default_factory=Counter)
    #: bids made (``--bids``), and the keys of each bid that ended in a trade
    bids: int = 0
    bid_keys: list[int] = field(default_factory=list)
    #: privacy screens in each person's turn that had a bid in it
    bid_turns: list[int] = field(default_factory=list)
    #: turn -> what each privacy screen in it said
    turn_reasons: dict[int, list[str]] = field(default_factory=dict)

    def rounds(self) -> float:
        return self.turns / len(NAMES)


def is_answer_dialog(screen: Any) -> bool:
    name = type(screen).__name__
    return name in ("AnswerScreen", "AnswerAllScreen")


async def play_game(
    seed: int,
    offers: str,
    people_offers: str,
    size: tuple[int, int],
    mode: str = "classic",
    bids: bool = False,
    levels: tuple[str, str] = ("basic", "basic"),
) -> Tally:
    from bohnanza_tui.bots import make_bot
    from bohnanza_tui.rules import Phase, check, view
    from bohnanza_tui.rules.save import Session
    from bohnanza_tui.rules.trading import awaiting
    from bohnanza_tui.seating.hotseat import Seat, fallback_action
    from bohnanza_tui.ui.app import BohnanzaApp
    from bohnanza_tui.ui.screens.privacy import PrivacyScreen, TurnOverScreen
    from bohnanza_tui.ui.screens.table import TableScreen
    from bohnanza_tui.ui.screens.trade import OfferBuilder

    tally = Tally()
    session = Session.new(mode, NAMES, seed)
    level = {2: levels[0], 3: levels[1]}
    seats = [Seat(n) if p in PEOPLE else Seat(n, "computer", level[p]) for p, n in enumerate(NAMES)]

    def factory(level: str, bot_seed: int, **_options: Any) -> Any:
        return make_bot(level, bot_seed, people=PEOPLE, offers_to_people=offers)  # type: ignore[arg-type]

    # the people's policy: a basic bot each, offering to the other person as set
    policy = {
        p: make_bot("basic", seed * 101 + p, people=PEOPLE, offers_to_people=people_offers)  # type: ignore[arg-type]
        for p in PEOPLE
    }

    #: turn -> privacy screens in it; the turns in which a bid was made; the open bid's keys
    per_turn: Counter[int] = Counter()
    bid_in: set[int] = set()
    bid: dict[str, Any] = {}

    class Counted(BohnanzaApp):
        def push_screen(self, screen: Any, *args: Any, **kwargs: Any) -> Any:
            state = session.state
            if isinstance(screen, PrivacyScreen):
                tally.privacy += 1
                per_turn[state.turn] += 1
                tally.turn_reasons.setdefault(state.turn, []).append(screen.reason)
                reason = screen.reason
                for name in NAMES:
                    reason = reason.replace(name, "X")
                reason = re.sub(r"\d+", "N", reason)
                whose = "person" if state.active in PEOPLE else "computer"
                tally.reasons[f"{whose}'s turn, phase {state.phase.value}: {reason}"] += 1
            elif is_answer_dialog(screen):
                tally.answers += 1
                if state.active not in PEOPLE:
                    tally.asked[(state.turn, screen.player)] += 1
            return super().push_screen(screen, *args, **kwargs)

    app = Counted(session, seats=seats, bot_factory=factory, bot_delay=0, autosave=None)

    def decide(person: int) -> Any:
        state = session.state
        try:
            action = policy[person].act(view(state, person), person)
        except Exception:
            action = None
        if action is None or check(state, action) is not None:
            action = fallback_action(state, person)
        return action

    def answer_keys(screen: Any) -> list[str]:
        """The keys that answer the open answer dialog as the person's policy would."""
        person = screen.player
        if hasattr(screen, "keys_for"):  # one dialog for several offers
            return list(screen.keys_for({o: accepts(person, o) for o in screen.offer_ids}))
        return ["a"] if accepts(person, screen.offer_id) else ["n"]

    def accepts(person: int, offer_id: int) -> bool:
        from bohnanza_tui.bots.basic import Policy

        v = view(session.state, person)
        policy[person].new_decision(v)
        return type(Policy(v, person, policy[person]).answer(offer_id)).__name__ == "Accept"

    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        last = (-1, -1)
        idle = 0
        while not session.state.over:
            screen = app.screen
            hs = app.hotseat
            assert hs is not None
            keys: list[str] = []
            state = session.state
            if bid and not any(o.proposer == bid["bidder"] for o in state.offers) and bid["sent"]:
                if state.players[bid["bidder"]].received or bid["traded"]:
                    tally.bid_keys.append(bid["keys"])
                bid.clear()
            if isinstance(screen, PrivacyScreen):
                keys = ["enter"]
            elif isinstance(screen, TurnOverScreen):
                keys = ["space"]
            elif is_answer_dialog(screen):
                keys = answer_keys(screen)
                if bid and any(
                    o.proposer == bid["bidder"] and accepts(screen.player, o.id)
                    for o in state.offers
                ):
                    bid["traded"] = True
            elif isinstance(screen, OfferBuilder) and bid and not bid["sent"]:
                # the bid as proposed; with no card to give proposed, the last card picked
                offer = screen.offer()
                if not bid["picked"] and not (offer.give and offer.want):
                    keys = [] if offer.give else ["end", "space"]
                    keys += [] if offer.want else ["tab", "right"]  # the first face-up kind
                    bid["picked"] = True
                elif check(state, offer) is None:
                    keys = ["ctrl+s"]
                    bid["sent"] = True
                else:
                    keys = ["escape"]
                    bid.clear()
            elif isinstance(screen, TableScreen):
                actor = hs.next_actor()
                bidder = (
                    next(p for p in PEOPLE if p != state.active) if state.active in PEOPLE else None
                )
                if (
                    bids
                    and bidder is not None
                    and state.phase is Phase.TRADE
                    and actor == state.active
                    and hs.holder == state.active
                    and state.face_up
                    and state.turn not in bid_in
                    and not hs.on_call_people()
                    and not bid
                ):
                    # the other person bids: B (one other person: no choice of who), Enter
                    bid_in.add(state.turn)
                    tally.bids += 1
                    bid.update(bidder=bidder, keys=0, sent=False, picked=False, traded=False)
                    for key in ("B", "enter"):
                        await pilot.press(key)
                        tally.presses += 1
                        bid["keys"] += 1
                    await pilot.pause()
                    continue
                taker = next(
                    (
                        p
                        for p in hs.on_call_people()
                        if any(accepts(p, o.id) for o in awaiting(session.state, p))
                    ),
                    None,
                )
                if taker is not None:
                    # a person takes up an offer to everyone: the bid key, who (if asked), then
                    # the answer dialog behind the privacy screen (the loop answers both)
                    keys = ["B"]
                    bidders = [p for p in hs.humans if p != session.state.active]
                    if len(bidders) > 1:
                        keys.append(str(bidders.index(taker) + 1))
                elif actor is not None and hs.holder == actor and hs.is_human(actor):
                    screen.play(decide(actor))
                    tally.presses += 1
                else:
                    await pilot.pause()
            else:
                keys = [
                    "escape"
                ]  # a list opened for the person (the offers): the policy acts instead
            for key in keys:
                await pilot.press(key)
                tally.presses += 1
                if bid:
                    bid["keys"] += 1
            if keys:
                await pilot.pause()
            now = (len(session.log), session.state.turn)
            idle = idle + 1 if now == last else 0
            last = now
            if idle > STUCK:
                raise RuntimeError(f"seed {seed}: stuck on {type(app.screen).__name__}")
        tally.turns = session.state.turn
        tally.bid_turns = [per_turn[t] for t in sorted(bid_in)]
        await pilot.pause()  # the end screen shows before the app quits
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--offers", default=DEFAULT_OFFERS, choices=["often", "rarely", "never"])
    parser.add_argument("--people-offers", default="rarely", choices=["often", "rarely", "never"])
    parser.add_argument("--size", default="120x40")
    parser.add_argument("--why", action="store_true", help="privacy screens by their reason")
    parser.add_argument("--mode", default="classic", choices=["classic", "voyage"])
    parser.add_argument(
        "--bids", action="store_true", help="the people bid to each other every turn"
    )
    parser.add_argument("--levels", default="basic,basic", help="Cy's and Dee's levels")
    args = parser.parse_args(argv)
    levels = tuple(args.levels.split(","))
    if len(levels) != 2 or any(level not in ("basic", "strong") for level in levels):
        parser.error("--levels takes two of basic, strong: basic,basic")
    size = tuple(int(x) for x in args.size.split("x"))
    privacy, answers, worst = [], [], []
    bid_keys: list[int] = []
    bid_turns: list[int] = []
    bids_made = 0
    reasons: Counter[str] = Counter()
    rounds_total = 0.0
    print(
        f"{args.mode}, 4 seats: Ann and Bob people, Cy {levels[0]} and Dee {levels[1]}; "
        f"computers offer to people {args.offers}, people to each other {args.people_offers}"
        + ("; the people bid to each other every turn" if args.bids else "")
    )
    for g in range(args.games):
        seed = args.seed + g
        t = asyncio.run(
            play_game(
                seed,
                args.offers,
                args.people_offers,
                size,  # type: ignore[arg-type]
                args.mode,
                bids=args.bids,
                levels=levels,  # type: ignore[arg-type]
            )
        )
        if args.why and t.bid_turns:
            worst_turn = max(t.turn_reasons, key=lambda n: len(t.turn_reasons[n]))
            print(f"  most in one turn ({worst_turn}):", " | ".join(t.turn_reasons[worst_turn]))
        bid_keys += t.bid_keys
        bid_turns += t.bid_turns
        bids_made += t.bids
        rounds = t.rounds()
        most = max(t.asked.values(), default=0)
        privacy.append(t.privacy / rounds)
        answers.append(t.answers / rounds)
        worst.append(most)
        reasons += t.reasons
        rounds_total += rounds
        print(
            f"game {g + 1:2} (seed {seed}): {rounds:4.1f} rounds, "
            f"{t.privacy:3} privacy screens ({t.privacy / rounds:4.1f}/round), "
            f"{t.answers:3} answer dialogs ({t.answers / rounds:4.1f}/round), "
            f"most asked in one computer turn: {most}",
            flush=True,
        )
    print(
        f"average over {args.games} games: {statistics.mean(privacy):.1f} privacy screens "
        f"and {statistics.mean(answers):.1f} answer dialogs per round; one person asked at most "
        f"{max(worst)} times in one computer turn"
    )
    if args.bids:
        traded = len(bid_keys)
        print(
            f"bids: {bids_made} made, {traded} traded; keys of a traded bid (B to the answer): "
            + (
                f"{statistics.mean(bid_keys):.1f} on average, {min(bid_keys)} to {max(bid_keys)}"
                if bid_keys
                else "none"
            )
            + (
                f"; privacy screens in a person's turn with a bid: "
                f"{statistics.mean(bid_turns):.1f} on average, at most {max(bid_turns)}"
                if bid_turns
                else ""
            )
        )
    if args.why:
        for reason, n in reasons.most_common():
            print(f"  {n / rounds_total:5.2f}/round  {reason}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
