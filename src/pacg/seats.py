"""The players at a game's seats: AI players at some, a person (or one agent) at the others, and undo around them
(issue 13, item 3; issue 27).

`Seats` is the one loop every front-end plays through: the command line's games of random or AI players and of a
person in lines (`Seats.play`), and the full screen, which takes the same steps from its events (`answer`,
`answer_for_ai`, `undo`). Each change (an answer, an undo) is given to `on_answer`, to save the game
(`session.Saver`); each AI answer is told (`tell`) in a line the person reads (`render.narrate`), in the line mode
and in the full screen's log. The web server (`web.service`) plays its AI seats on a worker thread, one stored
answer at a time, with the same pieces: `AISeat`, `undo_to_person` and `record_with_ai`.

`pacg play --ai Kyra,Harsk` (or the second question of the party prompt) has AI players play those seats, the
person the others. Which seats are AI, and with which agent, is kept in the game's record
(`record.RecordData.ai_seats`), so a game taken up again goes on the same way: an AI player answers each decision
as a new agent (`pacg.agents.make_agent`) seeded from the game's seed, its seat and the number of answers given
so far, and so gives the same answer to the same decision, in a game played through, taken up again, or after
an undo.

The person's undo takes back their own last answer and the AI answers given after it (`undo_to_person`), when
the game allows every one of them to be taken back.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Collection, Mapping
from typing import TYPE_CHECKING, Any

from pacg.cards.names import canonical
from pacg.decisions import Decision
from pacg.render.narrate import narrate

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
    """The AI player of one seat: answers as a new agent of its kind seeded for that answer (`answer_seed`)."""

    def __init__(self, kind: str, seat: str, game: Game) -> None:
        self.kind, self.seat, self.game = kind, seat, game

    def act(self, view: Mapping[str, Any], decision: Decision) -> str:
        from pacg.agents import make_agent

        game = self.game
        return make_agent(self.kind, answer_seed(game.setup.seed, self.seat, len(game.actions))).act(view, decision)


def ai_players(game: Game, seats: Mapping[str, str]) -> dict[str, Agent]:
    """An AI player for each AI seat ({seat: agent kind})."""
    return {seat: AISeat(kind, seat, game) for seat, kind in seats.items()}


def seats_text(seats: Mapping[str, str]) -> str:
    """The AI seats ({seat: agent kind}) in words: "AI teammates for Kyra (random)", or "no AI teammates"."""
    if not seats:
        return "no AI teammates"
    return "AI teammates for " + ", ".join(f"{seat} ({kind})" for seat, kind in seats.items())


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


class Seats:
    """A game and its players: an agent at each AI seat (`ai`), the person at the others (`people`); `on_answer` is
    told after every answer and every undo (to save the game), and `tell` of each AI answer, before it is made, with
    the AI seat's view and the line saying what it does."""

    def __init__(self, game: Game, ai: Mapping[str, Agent], on_answer: Callable[[Game], None] | None = None,
                 tell: Tell | None = None) -> None:
        self.game = game
        self.ai = dict(ai)
        self.on_answer = on_answer
        self.tell = tell
        self.people = [seat for seat in game.seats() if seat not in self.ai]

    def ai_decision(self) -> Decision | None:
        """The game's decision, when an AI seat makes it."""
        decision = self.game.decision
        return decision if decision is not None and decision.player in self.ai else None

    def answer(self, action: str) -> None:
        """Answer the decision with `action` (a person's)."""
        self.game.apply(action)
        self._changed()

    def answer_for_ai(self, decision: Decision) -> None:
        """Have the AI seat whose decision it is answer it, told first."""
        seat = decision.player
        view = self.game.agent_view(seat)
        action = self.ai[seat].act(view, decision)
        if self.tell is not None:
            self.tell(view, narrate(decision, action))
        self.answer(action)

    def why_not_undo(self) -> str:
        """Why the person's last answer can't be taken back now (`answers_to_person`), "" when it can."""
        return answers_to_person(self.game, self.ai)[1]

    def undo(self) -> str:
        """Take back the person's last answer and the AI answers after it (`undo_to_person`): "" when done, else why
        it can't be."""
        why = undo_to_person(self.game, self.ai)
        if not why:
            self._changed()
        return why

    def play(self, person: Agent | None = None, refused: Callable[[str], None] | None = None) -> None:
        """Play the game to its end: the AI seats' decisions go to their players, every other one to `person` (none
        when every seat is an AI's), each with its seat's view; a person's undo goes back to their own last
        decision, or `refused` is told why it can't."""
        from pacg.game import UndoRequested

        game = self.game
        while (decision := game.decision) is not None:
            if decision.player in self.ai:
                self.answer_for_ai(decision)
                continue
            assert person is not None, f"no one plays {decision.player}"
            try:
                action = person.act(game.agent_view(decision.player), decision)
            except UndoRequested:
                why = self.undo()
                if why and refused is not None:
                    refused(f"Can't undo: {why}.")
                continue
            self.answer(action)

    def _changed(self) -> None:
        if self.on_answer is not None:
            self.on_answer(self.game)
