"""Who sits at the table and who holds the keyboard: the hot-seat model, without Textual.

``seats``: a seat is a person or a computer player (no rules import: the set-up screen
lists seats before the rules core loads). ``hotseat``: a Bohnanza or Bohn Voyage session
with its seats: whom the game waits for, who holds the keyboard, when it changes hands,
the computer players' moves. ``cafe``: the same for Guatemala Café. The app (``ui``) shows
them; the network host (``net``) runs the same model for seats on other screens.
"""
