"""Benchmark: how many questions a person answers per turn (issue 12: only real questions).

Run with ``python3 benchmarks/bench_questions.py [--games N]``.

It plays scripted games on the Game object (`pacg.new_game`), answering the first option of every question, as a
new player who never explores would (the issue's script: "answering the first option to every prompt, `pacg play
--characters Seelah,Kyra --seed 3`"), and counts the questions asked per turn. In the same run it plays the same
games with every play window open (`ask_always`, `pacg play --ask-always`), the reference for what the plays
that can't matter cost. It prints both, and the figure against the count the issue measured before questions
were cut (6.9 a turn: 214 questions in 31 turns) and the count this benchmark's script gave at the commit before
(13.7 a turn: 424 questions in 31 turns, at 8d4d37e, whose any-time windows opened every turn for a Blessing of
Ascension). The target is at most half the issue's 6.9; the exit status is 0 when it is met and 1 when not.

A second script explores whenever it may and answers the first option otherwise, over N games of one to four
characters: a game with encounters and checks, whose count per turn is printed beside the same games with every
window open.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable

import pacg
from pacg.decisions import Decision

SCENARIO = "The Godless Ones"
CHARACTERS = ["Alain", "Balazar", "Enora", "Harsk", "Imrijka", "Kyra", "Seelah"]
ISSUE_PER_TURN = 214 / 31  # `pacg play --characters Seelah,Kyra --seed 3`, first options, as the issue measured it
BEFORE_PER_TURN = 424 / 31  # the same script on the Game object at 8d4d37e
TARGET = ISSUE_PER_TURN / 2

Script = Callable[[Decision], str]


def first_option(decision: Decision) -> str:
    """The first legal action: the first option, or of a decision of several options the fewest it allows (no card
    discarded before the hand is reset, as "Done discarding" was the first option when each card was a question)."""
    return decision.choices()[0]


def explorer(decision: Decision) -> str:
    """Explore and try to acquire what is found; otherwise the first option."""
    for option in decision.options:
        if option.label.startswith(("Explore ", "Attempt to acquire")):
            return option.id
    return first_option(decision)


def questions_per_turn(party: list[str], seed: int, script: Script, ask_always: bool) -> tuple[int, int]:
    """The questions asked and the turns played in one scripted game."""
    game = pacg.new_game(SCENARIO, party, seed=seed, ask_always=ask_always)
    asked = 0
    while (decision := game.decision) is not None:
        asked += 1
        game.apply(script(decision))
    return asked, game.turn


def _line(name: str, asked: int, turns: int) -> str:
    return f"  {name:<34} {asked:>6} questions in {turns:>4} turns: {asked / turns:5.2f} a turn"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40, help="games of the exploring script (default 40)")
    arguments = parser.parse_args(argv)

    print("The issue's script: Seelah, Kyra, seed 3, the first option to every question")
    asked, turns = questions_per_turn(["Seelah", "Kyra"], 3, first_option, ask_always=False)
    every, every_turns = questions_per_turn(["Seelah", "Kyra"], 3, first_option, ask_always=True)
    print(_line("only real questions", asked, turns))
    print(_line("every play window (--ask-always)", every, every_turns))
    per_turn = asked / turns
    print(f"  against the issue's {ISSUE_PER_TURN:.2f} a turn: {per_turn / ISSUE_PER_TURN:.0%}; against "
          f"{BEFORE_PER_TURN:.2f} a turn at 8d4d37e: {per_turn / BEFORE_PER_TURN:.0%}")

    print(f"\nExploring whenever possible, {arguments.games} games of 1 to 4 characters:")
    totals = {False: [0, 0], True: [0, 0]}
    for number in range(arguments.games):
        party = random.Random(f"party {number}").sample(CHARACTERS, 1 + number % 4)
        for ask_always in totals:
            game_asked, game_turns = questions_per_turn(party, number, explorer, ask_always)
            totals[ask_always][0] += game_asked
            totals[ask_always][1] += game_turns
    print(_line("only real questions", *totals[False]))
    print(_line("every play window (--ask-always)", *totals[True]))

    met = per_turn <= TARGET
    print(f"\ntarget at most {TARGET:.2f} questions a turn on the issue's script: {'PASS' if met else 'FAIL'}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
