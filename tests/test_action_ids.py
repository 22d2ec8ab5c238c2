"""Action ids say what an option does, never in its words (issue 27, item 2; DESIGN.md 3), and records of the
version before them still load (`pacg.record_v3`).

    no words: over random games of every scenario, no published id holds the text of a card's power, nor any
        word but the names of cards, characters, locations, skills, traits and card types and the words of the
        ids' grammar (docs/web.md);
    stable: an option's id is the same whatever the order of the hand;
    version 3: the records in tests/data/records were written by pacg before this change (README there): each
        loads, replays to the same log and outcome, resumes, and gives a record of the current version; a record
        of a version this pacg doesn't read is refused, naming both versions.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel
from typer.testing import CliRunner

from pacg.agents.random_agent import RandomAgent
from pacg.cards.powers import Power
from pacg.cards.vocabulary import CardAction, CardType, Skill
from pacg.cli import app
from pacg.decisions import Decision, DecisionKind, slug
from pacg.game import Game, load_game, new_game, play
from pacg.record import VERSION, RecordError, read_record
from pacg.saves import SaveStore
from table import library
from test_random_games import CHARACTERS, SCENARIOS

RECORDS = Path(__file__).parent / "data" / "records"
TABLES = Path(__file__).parent / "tables"
# The words of the ids' grammar besides names (docs/web.md): the kinds of answer, the places a card may go
# instead, and the words telling a play's paragraph and cost.
GRAMMAR = {"done", "play", "cost", "as", "role", "path", "elsewhere", "closed", "lasting", "explore", "end",
           "exploring", "stay", "give", "nothing", "move", "forfeit", "discard", "skill", "keep", "die", "yes", "no",
           "none", "choice", "instead", "attempt", "let", "go", "close", "offer", "accept", "refuse", "take",
           "hand", "top", "of", "deck", "shuffle", "into", *map(str, CardAction)}


def _walk(value: Any, seen: set[int]) -> Iterator[Power]:
    """Every power in a card's data, however deep (a feat's, a lasting one's, a role's, a mythic path's)."""
    if id(value) in seen or isinstance(value, str | int | float | bool) or value is None:
        return
    seen.add(id(value))
    if isinstance(value, Power):
        yield value
    if isinstance(value, BaseModel):
        items: Any = [getattr(value, name) for name in type(value).model_fields]
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        items = [getattr(value, one.name) for one in dataclasses.fields(value)]
    elif isinstance(value, dict):
        items = list(value.values())
    elif isinstance(value, tuple | list | set | frozenset):
        items = list(value)
    else:
        return
    for item in items:
        yield from _walk(item, seen)


def _power_texts() -> set[str]:
    """Each power's text in the library, as slugged words, of two words or more."""
    seen: set[int] = set()
    texts = {slug(power.effects_text) for card in library() for power in _walk(card, seen)}
    return {text for text in texts if text.count("-") >= 1}


def _name_words() -> set[str]:
    """The words of every name an id may give: cards (characters, locations, scenarios, mythic paths among them),
    skills, traits and card types."""
    names = [card.name for card in library()] + [trait for card in library() for trait in card.traits]
    names += [str(skill) for skill in Skill] + [str(kind) for kind in CardType]
    return {word for name in names for word in slug(name).split("-")}


def _id_words(action_id: str) -> list[str]:
    """An id's words: its parts split at the grammar's marks, numbers and uids left out."""
    return [word for word in re.split(r"[:#~,-]", action_id) if word and not word.isdigit()]


def _random_games(scenario: str, games: int) -> Iterator[Game]:
    """Random parties playing a scenario at random to its end, yielded at every decision."""
    for number in range(games):
        rng = random.Random(f"{scenario} {number}")
        game = new_game(scenario, rng.sample(CHARACTERS, rng.randint(1, 4)), rng.randrange(2**31), library=library())
        agent = RandomAgent(number)
        while (decision := game.decision) is not None:
            yield game
            game.apply(agent.act(game.agent_view(decision.player), decision))


@pytest.mark.plays_at_random
def test_no_action_id_holds_the_words_of_a_power_or_a_label() -> None:
    """Over random games of every scenario, each published id is made of names and the grammar's words alone: no
    power's text (`Power.effects_text`), no word of a label but a name; every id of a decision is its own."""
    ids: dict[str, str] = {}  # each id seen, with a label it was given for (to say which, if one fails)
    for scenario in SCENARIOS:
        for game in _random_games(scenario, 2):
            decision = game.decision
            assert decision is not None
            assert len(set(decision.actions)) == len(decision.actions), decision
            ids.update((option.id, option.label) for option in decision.options)
    assert len(ids) > 500, "the games came to many kinds of decision"
    texts, words = _power_texts(), _name_words() | GRAMMAR
    for action_id, label in ids.items():
        assert not [text for text in texts if text in action_id], f"{action_id!r} ({label!r}) holds a power's text"
        strangers = [word for word in _id_words(action_id) if word not in words]
        assert not strangers, f"{action_id!r} ({label!r}) has words of its label: {strangers}"


def _table_game(hand: list[str]) -> Game:
    """Harsk of tests/tables/screen.yaml at the end of his exploring, holding `hand`, deciding what to discard."""
    import yaml

    table = yaml.safe_load((TABLES / "screen.yaml").read_text())
    table["characters"][0]["hand"] = hand
    game = new_game(table=table, library=library())
    game.apply("end-exploring")
    return game


def _ids_by_card(decision: Decision) -> dict[str, list[str]]:
    """The ids of a decision's options by the card each names, its copies' sorted."""
    by_card: dict[str, list[str]] = {}
    for option in decision.options:
        by_card.setdefault(option.label, []).append(option.id)
    return {label: sorted(ids) for label, ids in by_card.items()}


@pytest.mark.rule("RESET-01")
def test_ids_are_the_same_whatever_the_order_of_the_hand() -> None:
    """The cards to discard before a reset, the hand in one order and another: each card has the same id, made
    of its name, and the two copies of a blessing each name their own copy; so has a set of them."""
    hand = ["Shortbow", "Blessing of Iomedae", "Longsword", "Blessing of Iomedae"]
    one, other = _table_game(hand).decision, _table_game(list(reversed(hand))).decision
    assert one is not None and other is not None and one.kind is DecisionKind.RESET_DISCARD
    assert [option.label for option in one.options] != [option.label for option in other.options]
    assert _ids_by_card(one) == _ids_by_card(other)
    ids = _ids_by_card(one)
    assert ids["Discard Shortbow"] == ["discard:shortbow"] and ids["Discard Longsword"] == ["discard:longsword"]
    copies = ids["Discard Blessing of Iomedae"]
    assert len(copies) == 2 and all(re.fullmatch(r"discard:blessing-of-iomedae#\d+", copy) for copy in copies)
    everything = one.choice_id(range(4))
    assert everything == other.choice_id(range(4)) == ",".join(sorted(one.actions)) and everything in other.choices()
    assert one.chosen(",".join(reversed(everything.split(",")))) == one.chosen(everything) == 0b1111


def _record(name: str) -> dict[str, Any]:
    record: dict[str, Any] = json.loads((RECORDS / f"{name}.json").read_text())
    return record


def _log(name: str) -> list[str]:
    log: list[str] = json.loads((RECORDS / f"{name}.log.json").read_text())
    return log


@pytest.mark.parametrize("name", ["v3-godless-ones-finished", "v3-traitors-lodge-finished",
                                  "v3-traitors-lodge-stopped"])
def test_a_version_3_record_loads_replays_the_same_game_and_records_it_anew(name: str) -> None:
    """A record of version 3, its answers the options' labels, loaded with the box of today, which has cards it
    didn't (they would number the copies anew): it loads, to the same log and outcome, with the box of version 3,
    and its record is of the current version, with ids of what the options do and that box named, which loads to
    the same game again."""
    old = _record(name)
    assert old["version"] == 3 and any("-" in action for action in old["actions"])
    game = load_game(old, library=library())
    assert game.log == _log(name)
    assert game.outcome == old.get("outcome")
    new = game.to_record()
    assert new["version"] == VERSION == 4 and len(new["actions"]) == len(old["actions"])
    assert new["digests"] == old["digests"] and new["actions"] != old["actions"]
    assert new["box"] == "version 3", "the game goes on with the box it was played with"
    assert {**new, "actions": old["actions"], "version": 3, "box": None} == {**old, "box": None}, \
        "only the answers' ids, the version and the box named differ"
    again = load_game(new, library=library())
    assert again.log == game.log and again.outcome == game.outcome


def test_a_stopped_version_3_game_resumes_to_the_end_it_would_have_had(tmp_path: Path) -> None:
    """`pacg play --resume FILE` of a version 3 record stopped after 50 answers, random players answering: the
    game ends as the whole game, played by the same random players with that pacg, ended; the file is then a
    record of the current version."""
    path = tmp_path / "stopped.json"
    path.write_text(json.dumps(_record("v3-traitors-lodge-stopped")))
    done = CliRunner().invoke(app, ["play", "--agent", "random", "--resume", str(path), "--json"])
    assert done.exit_code == 0, done.output
    finished = _record("v3-traitors-lodge-finished")
    assert json.loads(done.stdout) == finished["outcome"]
    record = read_record(path)
    assert record.version == VERSION == 4 and len(record.actions) == len(finished["actions"])
    assert load_game(path, library=library()).log == _log("v3-traitors-lodge-finished")


def test_a_version_3_saved_game_resumes() -> None:
    """A saved game (`pacg.saves`) whose record is of version 3 is taken up by its name, and saved anew in the
    current version."""
    with SaveStore() as store:
        store.put("old game", _record("v3-traitors-lodge-stopped"))
    done = CliRunner().invoke(app, ["play", "--agent", "random", "--resume", "old game", "--json"])
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout) == _record("v3-traitors-lodge-finished")["outcome"]
    with SaveStore() as store:
        saved = store.get("old game")
    assert saved["version"] == VERSION == 4 and saved["outcome"] == _record("v3-traitors-lodge-finished")["outcome"]


def test_a_version_3_game_plays_on_with_the_ids_of_now() -> None:
    """A stopped version 3 game, loaded: its decision is answered with today's ids, and each game played on from
    it records every answer, the converted ones too, in the current version."""
    game = load_game(_record("v3-traitors-lodge-stopped"), library=library())
    play(game, RandomAgent(3))
    record = game.to_record()
    assert record["version"] == VERSION == 4
    assert load_game(record, library=library()).outcome == game.outcome


@pytest.mark.parametrize(("version", "says"), [
    (5, "version 5 of the record format; it was written by a newer pacg; this pacg reads 4 (and converts 3)"),
    (2, "version 2 of the record format, from a pacg that asked other questions (every play window opened): its "
        "answers can't be replayed as this pacg asks; this pacg reads 4"),
    (0, "version 0 of the record format; this pacg reads 4 (and converts 3)"),
    ("3", "version '3' of the record format; this pacg reads 4"),
    ([3], "version [3] of the record format; this pacg reads 4"),
])
def test_a_record_of_a_version_not_read_is_refused_naming_both_versions(version: object, says: str) -> None:
    record = {**_record("v3-godless-ones-finished"), "version": version}
    with pytest.raises(RecordError, match=re.escape(says)):
        read_record(record, "the old record")


def test_a_version_3_answer_that_names_no_option_is_refused_saying_so() -> None:
    """A version 3 record edited to an answer no option's label gives: refused at that answer, saying it was read
    as version 3 names options."""
    record = _record("v3-godless-ones-finished")
    record["actions"][3] = "fly-away"
    with pytest.raises(RecordError, match=r"actions\[3\]: 'fly-away' is no option of .* as version 3 of the record "
                                          r"format named them"):
        load_game(record, library=library())


def test_a_record_naming_a_box_not_known_is_refused() -> None:
    record = {**_record("v3-godless-ones-finished"), "version": 4, "box": "version 2"}
    with pytest.raises(RecordError, match="field 'box' must be 'version 3' .the box of version 3., or left out"):
        read_record(record, "the record")
