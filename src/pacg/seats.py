"""AI teammates at a person's table: the seats AI players play, how they answer, and undo around them (issue 13,
item 3).

`pacg play --ai Kyra,Harsk` (or the second question of the party prompt) has AI players play those seats, the
person the others. Every AI answer is told in a line the person reads (`pacg.narrate`), in the line mode and in
the full screen's log. Which seats are AI, and with which agent, is kept in the game's record
(`record.RecordData.ai_seats`), so a game taken up again goes on the same way: an AI player answers each decision
as a new agent (`pacg.agents.make_agent`) seeded from the game's seed, its seat and the number of answers given
so far, and so gives the same answer to the same decision, in a game played through, taken up again, or after
an undo.

The person's undo takes back their own last answer and the AI answers given after it (`undo_to_person`), when
the game allows every one of them to be taken back.
"""

from __future__ import annotations

import time
import zlib
from collections.abc import Callable, Collection, Mapping
from typing import TYPE_CHECKING, Any

from pacg.cards.names import canonical
from pacg.decisions import Decision
from pacg.narrate import narrate

if TYPE_CHECKING:
    from pacg.game import Agent, Game

DEFAULT_AI = "heuristic"  # the AI teammates' agent when --ai-agent is not given, once `pacg.agents` has it

Tell = Callable[[Mapping[str, Any], str], None]  # a seat's view when an AI player answered, and the line saying so


def default_ai() -> str:
    """The agent AI teammates are by default: `DEFAULT_AI` when `pacg.agents.AGENTS` has it, else "random"."""
    from pacg.agents import AGENTS

    return DEFAULT_AI if DEFAULT_AI in AGENTS else "random"


def agent_named(name: str | None) -> str:
    """The agent a name in any case names (the default one for None); else `cards.names.UnknownName` with the
    closest names."""
    from pacg.agents import AGENTS

    return default_ai() if name is None else canonical(name, list(AGENTS), "AI agent")


def ai_seats(names: list[str], party: list[str], agent: str) -> dict[str, str]:
    """The AI seats: each name (in any case) a character of the party, played by `agent`; else UnknownName."""
    return {canonical(name, party, "character in the party"): agent for name in names}


def record_with_ai(game: Game, seats: Mapping[str, str]) -> dict[str, Any]:
    """The game's record (`Game.to_record`) with the seats AI players play, if any (`record.RecordData.ai_seats`):
    what a game taken up again needs to go on the same way."""
    record = game.to_record()
    if seats:
        record["ai_seats"] = dict(seats)
    return record


def answer_seed(game_seed: int, seat: str, answers: int) -> int:
    """The seed of an AI player's answer: from the game's seed, its seat and how many answers came before."""
    return zlib.crc32(f"{game_seed} {seat} {answers}".encode())


class AISeat:
    """The AI player of one seat: answers as a new agent of its kind seeded for that answer (`answer_seed`), and
    tells what it did (`tell`), then waits `pause` seconds for the person to read it."""

    def __init__(self, kind: str, seat: str, game: Game, tell: Tell | None = None, pause: float = 0.0) -> None:
        self.kind, self.seat, self.game = kind, seat, game
        self.tell, self.pause = tell, pause

    def act(self, view: Mapping[str, Any], decision: Decision) -> str:
        from pacg.agents import make_agent

        game = self.game
        agent = make_agent(self.kind, answer_seed(game.setup.seed, self.seat, len(game.actions)))
        action = agent.act(view, decision)
        if self.tell is not None:
            self.tell(view, narrate(decision, action))
            if self.pause > 0:
                time.sleep(self.pause)
        return action


def ai_players(game: Game, seats: Mapping[str, str], tell: Tell | None = None, pause: float = 0.0
               ) -> dict[str, Agent]:
    """An AI player for each AI seat ({seat: agent kind})."""
    return {seat: AISeat(kind, seat, game, tell, pause) for seat, kind in seats.items()}


def answers_to_person(game: Game, ai: Collection[str], person: str | None = None) -> tuple[int, str]:
    """How many answers take the game back to a person's last decision (their own last answer, with the AI answers
    given after it), and why that can't be done ("" when it can). With `person` named, only if that last person's
    answer was theirs (at a table of several people, each takes back only their own)."""
    answered_by = game.answered_by
    people = [index for index, seat in enumerate(answered_by) if seat not in ai]
    if not people:
        return 0, "nothing has been answered yet" if not answered_by else "no person has answered yet"
    last = people[-1]
    if person is not None and answered_by[last] != person:
        return 0, f"the last answer was {answered_by[last]}'s"
    count = len(answered_by) - last
    return count, game.why_not_undo(count)


def undo_to_person(game: Game, ai: Collection[str], person: str | None = None) -> str:
    """Take back answers until the decision is a person's again (`answers_to_person`); "" when done, else why it
    can't be (the game is left as it was)."""
    count, why = answers_to_person(game, ai, person)
    if why:
        return why
    for _ in range(count):
        game.undo()
    return ""


def play_with_ai(game: Game, person: Agent, ai: Mapping[str, Agent], on_answer: Callable[[Game], None],
                 refused: Callable[[str], None]) -> None:
    """Play a game to its end: the AI seats' decisions go to their players, every other one to the person, each
    with its seat's view; a person's undo goes back to their own last decision (`undo_to_person`), or `refused`
    is told why it can't. `on_answer` is told after every answer and every undo (to save the game)."""
    from pacg.game import UndoRequested

    while (decision := game.decision) is not None:
        seat = decision.player
        try:
            game.apply(ai.get(seat, person).act(game.agent_view(seat), decision))
        except UndoRequested:
            why = undo_to_person(game, ai)
            if why:
                refused(f"Can't undo: {why}.")
                continue
        on_answer(game)
