#!/usr/bin/env bash
# Real-terminal check of the installed `bohnanza`: tmux starts it, keys are typed
# with send-keys, and the screen is read back with capture-pane.
#
#   tests/e2e/tmux_check.sh            (BOHNANZA=path/to/bohnanza to pick another)
#
# Set-up screen -> start a seeded 3-player game -> privacy screen -> plant -> kill -9
# -> `bohnanza resume` -> the same table; a Guatemala Café game for two: a scoring, the
# blocking question behind the privacy screen, kill -9, resume -> the same question.
# Exits 0 when tmux is missing (nothing to check).
set -euo pipefail

if ! command -v tmux >/dev/null 2>&1; then
    echo "tmux is not installed: real-terminal check skipped"
    exit 0
fi
BOHNANZA=${BOHNANZA:-bohnanza}
command -v "$BOHNANZA" >/dev/null 2>&1 || { echo "no '$BOHNANZA' command: install the package first" >&2; exit 1; }

work=$(mktemp -d)
sock="$work/tmux.sock"
tm() { tmux -S "$sock" "$@"; }
cleanup() { tm kill-server >/dev/null 2>&1 || true; rm -rf "$work"; }
trap cleanup EXIT

# the autosave goes to a fresh data folder, never the user's
export XDG_DATA_HOME="$work/data"
start() {
    tm new-window -d -t game -n "$1" \
        "env XDG_DATA_HOME='$XDG_DATA_HOME' TERM=xterm-256color COLORTERM=truecolor $BOHNANZA $2"
}
screen() { tm capture-pane -p -t "game:$1"; }
wait_for() {  # window, text, [seconds]
    local deadline=$((SECONDS + ${3:-30}))
    until screen "$1" | grep -qF -- "$2"; do
        if ((SECONDS > deadline)); then
            echo "FAIL: '$2' never appeared in window $1; the screen was:" >&2
            screen "$1" >&2
            exit 1
        fi
        sleep 0.2
    done
    echo "ok: $2"
}
keys() { tm send-keys -t "game:$1" "${@:2}"; }

tm new-session -d -s game -x 120 -y 40 -n idle
tm set-option -t game -g default-terminal "xterm-256color" >/dev/null

# 1. the set-up screen, a seed, start
start one ""
wait_for one "Bohnanza — a new game"
wait_for one "Bohn Voyage"
tm send-keys -t game:one C-n
wait_for one "Pass the keyboard to Ann"
screen one | grep -q "'s hand" && { echo "FAIL: a hand shows behind the privacy screen" >&2; exit 1; }

# 2. Ann reveals her hand and plants the front card
keys one Enter
wait_for one "Ann's hand: ▶1"
wait_for one "Phase 1 · plant"
touch "$work/before-plant"
keys one p
wait_for one "on field 1."
before=$(screen one | grep -o "Ann plants [a-z-]* on field 1\.")
# the autosave follows the move's frame (at most 0.25 s later on an idle machine): wait for it
deadline=$((SECONDS + 30))
until [ -n "$(find "$XDG_DATA_HOME" -type f -name autosave.json -newer "$work/before-plant" 2>/dev/null)" ]; do
    if ((SECONDS > deadline)); then echo "FAIL: the plant was never saved" >&2; exit 1; fi
    sleep 0.1
done
echo "ok: the plant is saved"

# 3. kill the app without any clean exit, then resume
pid=$(tm display-message -p -t game:one '#{pane_pid}')
kill -9 "$pid"
sleep 0.5
start two "resume"
wait_for two "Pass the keyboard to Ann"
keys two Enter
wait_for two "Game resumed after 1 actions."
wait_for two "Ann's hand: ▶1"
bean=${before#Ann plants }
bean=${bean% on field 1.}
wait_for two "1: "
screen two | grep -q "1: [^ ]* $bean ×1" || { echo "FAIL: field 1 lost its $bean" >&2; screen two >&2; exit 1; }
echo "ok: field 1 still holds the $bean after the kill"
tm send-keys -t game:two C-q

# 4. Guatemala Café for two people: Ann scores, the blocking question goes to Bob behind
#    the privacy screen; killed there and resumed, it is still Bob's question
start three "new --players Ann,Bob --mode cafe --seed 3"
wait_for three "Pass the keyboard to Ann"
keys three Enter
wait_for three "Plantation board"
wait_for three "your sacks:"
touch "$work/before-score"
keys three m
wait_for three "score the brown coffee sack"
keys three 1
wait_for three "Pass the keyboard to Bob"
screen three | grep -q "your sacks" && { echo "FAIL: sacks show behind the privacy screen" >&2; exit 1; }
deadline=$((SECONDS + 30))
until [ -n "$(find "$XDG_DATA_HOME" -type f -name autosave.json -newer "$work/before-score" 2>/dev/null)" ]; do
    if ((SECONDS > deadline)); then echo "FAIL: the scoring was never saved" >&2; exit 1; fi
    sleep 0.1
done
pid=$(tm display-message -p -t game:three '#{pane_pid}')
kill -9 "$pid"
sleep 0.5
start four "resume"
wait_for four "Pass the keyboard to Bob"
keys four Enter
wait_for four "block?"
tm send-keys -t game:four C-q
echo "tmux check passed"
