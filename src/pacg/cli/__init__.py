"""The `pacg` command: the terminal entry point to cards, odds and games, one module for each of its commands.

    command.py   the group of commands (`app`), when a command has started, how a command fails or stops
    library.py   the card library a command reads: the built-in cards, another folder, custom cards added
    odds.py      pacg odds       the exact odds of a dice pool against a difficulty
    cards.py     pacg cards      list, show and check cards; the card file schema
    play.py      pacg play       set up a game (new, from a table file, or taken up again) and play it
    replay.py    pacg replay     play a game record again
    serve.py     pacg serve      the web server
    simulate.py  pacg simulate   many games played by AI players, summed up
    saves.py     pacg saves      the saved games
    campaign.py  pacg campaign   campaigns: make, list, show, play and delete them

A command only parses its options and wires the parts together: the games are played by `pacg.seats.Seats`, on the
full screen (`pacg.screen`) or in lines (`pacg.agents.terminal`), saved by `pacg.session`.

Only typer and rich are imported here: each command imports what it needs (the engine, the card models and
pydantic, the card library) when it runs, so that `pacg --help` and the start of every command stay quick
(a test checks that `pacg --help` imports none of them; benchmarks/bench_startup.py times it). Help is plain
text (`rich_markup_mode=None`): typer's rich help takes as long again to import as typer itself.
"""

from __future__ import annotations

from pacg.cli import campaign, cards, odds, play, replay, saves, serve, simulate
from pacg.cli.command import app

app.command("odds")(odds.odds)
app.add_typer(cards.app, name="cards")
app.command("play")(play.play_command)
app.command("replay")(replay.replay_command)
app.command("serve")(serve.serve_command)
app.command("simulate")(simulate.simulate_command)
app.add_typer(saves.app, name="saves")
app.add_typer(campaign.app, name="campaign")

__all__ = ["app"]
