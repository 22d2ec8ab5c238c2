"""Adding an effect to the power language touches its declaration, a card file and a test, and nothing else (issue
27; DESIGN.md 2). The declaration has two halves, one in each layer: the effect's model in `pacg.cards.powers` (its
key, fields and words, and what the card language allows of it: its moments ...) and what the engine does with it in
`pacg.engine.effects` (its handler, when it is offered: `pacg.engine.declared`). Leaving out a part fails as the
engine is imported, naming the effect.

Each test writes the new effect into a copy of the package, in a folder of its own, and runs a fresh interpreter on
it: the effect "shuffle the top card of your location deck into a random other location's deck", on a custom item.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import pacg

PACKAGE = Path(pacg.__file__).resolve().parent

MODEL = '''

class ShuffleIntoRandomLocation(_Effect, key="shuffle_into_random_location", moments=ANY_MOMENT):
    """Shuffle the top card of your location deck into the deck of another location, drawn at random."""

    shuffle_into_random_location: Literal[True]

    def text(self) -> str:
        return "shuffle the top card of your location deck into a random other location's deck"

'''

HANDLER = '''

def _may_shuffle_away(_: ShuffleIntoRandomLocation, step: Step, player: CharacterState) -> bool:
    """A card on top of your location deck, and another location to send it to."""
    game = step.game
    return bool(game.zones.cards(Zone(ZoneKind.LOCATION_DECK, player.location))) and len(game.locations) > 1


def _shuffle_away(step: Step, effect: ShuffleIntoRandomLocation, player: CharacterState, play: Play | None) -> None:
    game = step.game
    card = game.zones.cards(Zone(ZoneKind.LOCATION_DECK, player.location))[0]
    other = game.rng.choice(sorted(name for name in game.locations if name != player.location))
    game.zones.shuffle_into(card, Zone(ZoneKind.LOCATION_DECK, other), game.rng)
    game.note(f"The top card of {player.location} is shuffled into {other}")

'''

DECLARATION = "    declaration(ShuffleIntoRandomLocation, _shuffle_away, offered_if=_may_shuffle_away),\n"

CARD = """\
name: Wandering Charm
type: item
set: B
traits: [Magic]
provenance: standin
notes: A test card for a new effect.
check_to_acquire: Arcane 6
powers:
- when: any time
  action: discard
  effects:
  - shuffle_into_random_location: true
"""

# Plays a game in which Harsk holds the charm; prints what happened to the decks.
GAME = textwrap.dedent("""
    import json, sys
    import pacg

    table = {"scenario": "The Godless Ones", "seed": 3,
             "characters": [{"name": "Harsk", "location": "Abattoir", "hand": ["Wandering Charm"],
                             "deck": ["Blessing of Ascension"] * 5}],
             "locations": [{"name": "Abattoir", "deck": ["Dire Rat", "Mace"]}, {"name": "Armory", "deck": ["Cure"]}],
             "blessings": ["Blessing of Ascension"] * 3}
    game = pacg.new_game(table=table, cards=sys.argv[1])
    offered = [action for action in game.legal_actions() if action.startswith("play:wandering-charm")]
    game.apply(offered[0])
    left = {location["name"]: location["deck"] for location in game.view("Harsk")["locations"]}
    print(json.dumps({"offered": offered, "left": left, "log": game.log[-3:]}))
""")


def _package_with(tmp_path: Path, model: str = MODEL, handler: str = HANDLER, declaration: str = DECLARATION) -> Path:
    """A copy of pacg with the new effect written in: its model at the end of its group of effects
    (`pacg.cards.powers.effects.cards`), its handler and declaration among those of its group of effects
    (`pacg.engine.effects.cards`)."""
    root = tmp_path / "src"
    shutil.copytree(PACKAGE, root / "pacg", ignore=shutil.ignore_patterns("__pycache__"))
    powers = root / "pacg" / "cards" / "powers" / "effects" / "cards.py"
    powers.write_text(powers.read_text(encoding="utf-8") + model, encoding="utf-8")
    effects = root / "pacg" / "engine" / "effects" / "cards.py"
    text = effects.read_text(encoding="utf-8")
    table = "\nDECLARED = (\n"
    assert text.count(table) == 1
    text = text.replace(table, handler + table + declaration)
    imports = "from pacg.cards.powers import (\n"
    text = text.replace(imports, imports + "    ShuffleIntoRandomLocation,\n")
    effects.write_text(text, encoding="utf-8")
    cards = tmp_path / "cards"
    cards.mkdir()
    (cards / "wandering-charm.yaml").write_text(CARD, encoding="utf-8")
    return root


def _run(root: Path, tmp_path: Path, code: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(root), "PACG_CACHE_DIR": str(tmp_path / "cache")}
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=env, timeout=300,
                          check=False, cwd=tmp_path)


def test_an_effect_added_by_its_declaration_and_a_card_file_is_offered_and_works(tmp_path: Path) -> None:
    """The copy of pacg runs the new effect: the charm loads, is offered at any time, and playing it sends the
    Abattoir's top card to the Armory, the only other location."""
    root = _package_with(tmp_path)
    done = _run(root, tmp_path, GAME, str(tmp_path / "cards"))
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert len(seen["offered"]) == 1, seen["offered"]  # discarding the charm, its one power
    assert seen["left"] == {"Abattoir": 1, "Armory": 2}
    assert "The top card of Abattoir is shuffled into Armory" in seen["log"]


@pytest.mark.parametrize(("part", "said"), [
    ("the declaration", "effects with no declaration: ShuffleIntoRandomLocation"),
    ("its moments", "effect ShuffleIntoRandomLocation: no moments declared"),
    ("the truth about asking", "effect ShuffleIntoRandomLocation: its handler may ask the players, but its model"),
    ("its key", "effect ShuffleIntoRandomLocation names no key"),
    ("its words", "effect ShuffleIntoRandomLocation says nothing of itself"),
])
def test_an_effect_without_a_part_of_its_declaration_fails_at_import_naming_it(
        tmp_path: Path, part: str, said: str) -> None:
    model, handler, declaration = MODEL, HANDLER, DECLARATION
    if part == "the declaration":
        declaration = ""
    elif part == "its moments":
        model = model.replace(", moments=ANY_MOMENT", "")
    elif part == "the truth about asking":  # a handler that asks, a model that says it doesn't
        handler = HANDLER.replace('    game.note(f"The top card', '    yield from ()\n    game.note(f"The top card')
    elif part == "its key":
        model = model.replace(', key="shuffle_into_random_location"', "")
    else:
        model = model[:model.index("    def text")]
    root = _package_with(tmp_path, model, handler, declaration)
    done = _run(root, tmp_path, "import pacg.engine.effects")
    assert done.returncode != 0
    assert said in done.stderr.strip().splitlines()[-1], done.stderr
