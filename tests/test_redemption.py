"""Redeeming cards (RED-01): the redemption card, the `redeem` effect, and a redeemed boon without its Corrupted
trait, at setup (checked off in an earlier scenario of the path) and from the moment a power redeems it."""

from __future__ import annotations

from pathlib import Path

import pytest

from pacg.cards.lint import lint
from pacg.cards.powers import Purpose, Timing
from pacg.cards.vocabulary import CardType
from pacg.decisions import run
from pacg.engine.check import attempt_checks
from pacg.engine.encounter import encounter
from pacg.engine.playing import Step
from pacg.engine.redemption import redeem, redeemable
from pacg.engine.scenario import play_scenario
from pacg.engine.setup import SetupError, new_game
from pacg.engine.state import TurnState
from pacg.engine.window import play_window
from pacg.engine.zones import ZoneKind, box
from table import Table, card, library

CLEANSING_CENSER = card("""
name: Cleansing Censer
type: item
set: B
traits: [Divine]
provenance: standin
check_to_acquire: Wisdom 4
powers:
- when: any time
  action: discard
  effects:
  - redeem: hand
""")

# When you encounter a boon, you may reveal this to redeem it.
ABSOLVING_RELIC = card("""
name: Absolving Relic
type: item
set: B
provenance: standin
check_to_acquire: Wisdom 4
powers:
- when: on encounter
  action: reveal
  effects:
  - redeem: encountered
""")


def acquire_corroded_helm(table: Table, *answers: str) -> list[str]:
    """Seelah acquires a Corroded Helm at the Armory (with these answers first): what she holds, and what she
    buried (her third power buries an acquired boon with the Corrupted trait)."""
    seelah = table.game.character("Seelah")
    table.dice(6)
    outcome = table.run(encounter(table.game, seelah, table.top("Armory")), *answers, "Attempt", "Constitution")
    assert outcome == "acquired"
    return table.cards(seelah, ZoneKind.HAND) + [f"buried {name}" for name in table.cards(seelah, ZoneKind.BURIED)]


def test_the_redemption_card_lists_the_corrupted_weapons_items_and_armors() -> None:
    listed = redeemable(library())
    corrupted = {c.name for c in library() if c.type in ("weapon", "item", "armor") and "Corrupted" in c.traits}
    assert listed == corrupted == {"Corroded Helm"}


@pytest.mark.rule("RED-01")
@pytest.mark.parametrize(("redeemed", "holds"), [(False, ["buried Corroded Helm"]), (True, ["Corroded Helm"])])
def test_a_boon_redeemed_in_an_earlier_scenario_has_no_corrupted_trait(redeemed: bool, holds: list[str]) -> None:
    table = Table()
    table.location("Armory", ["Corroded Helm"])
    table.character("Seelah", at="Armory")
    if redeemed:
        redeem(table.game, table.top("Armory"))
    assert acquire_corroded_helm(table) == holds


@pytest.mark.rule("RED-01")
def test_a_power_redeems_a_card_from_the_hand_for_the_rest_of_the_game() -> None:
    """Seelah discards the Cleansing Censer to redeem the Corroded Helm in her hand: the copy she acquires later
    keeps no Corrupted trait either, so it is not buried."""
    table = Table(extra_cards=[CLEANSING_CENSER], strict=True)
    table.location("Armory", ["Corroded Helm"])
    seelah = table.character("Seelah", at="Armory", hand=["Cleansing Censer", "Corroded Helm"])
    table.game.turn = TurnState(seelah)
    step = Step(game=table.game, checker=seelah, timing=Timing.TURN_START, also=Timing.ANY_TIME)
    table.run(play_window(step), "Discard Cleansing Censer")
    assert table.game.redeemed == {"Corroded Helm"} and table.cards(seelah, ZoneKind.DISCARD) == ["Cleansing Censer"]
    table.strict = False
    assert acquire_corroded_helm(table) == ["Corroded Helm", "Corroded Helm"]


@pytest.mark.rule("RED-01")
def test_nothing_to_redeem_offers_no_power() -> None:
    """With no card the redemption card lists in hand (or one already checked off), the Censer isn't offered."""
    table = Table(extra_cards=[CLEANSING_CENSER])
    table.location("Armory")
    seelah = table.character("Seelah", at="Armory", hand=["Cleansing Censer", "Corroded Helm", "Longsword"])
    redeem(table.game, table.game.zones.cards(seelah.hand)[1])
    table.game.turn = TurnState(seelah)
    step = Step(game=table.game, checker=seelah, timing=Timing.TURN_START, also=Timing.ANY_TIME)
    table.run(play_window(step))
    assert not table.offered("Discard Cleansing Censer")


@pytest.mark.rule("RED-01")
def test_a_power_redeems_the_card_encountered_before_a_power_asks_for_its_trait() -> None:
    table = Table(extra_cards=[ABSOLVING_RELIC])
    table.location("Armory", ["Corroded Helm"])
    table.character("Seelah", at="Armory", hand=["Absolving Relic"])
    assert acquire_corroded_helm(table, "Reveal Absolving Relic") == ["Corroded Helm", "Absolving Relic"]
    assert table.game.redeemed == {"Corroded Helm"}


@pytest.mark.rule("RED-01")
def test_a_game_starts_with_the_boons_redeemed_earlier_and_its_outcome_lists_them() -> None:
    game = new_game(library(), "The Godless Ones", ["Seelah"], seed=3, redeemed=["Corroded Helm"])
    helm = next(c for c in game.zones.cards(box(CardType.ARMOR)) if c.name == "Corroded Helm")
    assert game.traits(helm) == ("Elite", "Heavy Armor", "Helm")
    outcome = run(play_scenario(game), lambda decision: 0)
    assert outcome.redeemed == ["Corroded Helm"] and outcome.summary()["redeemed"] == ["Corroded Helm"]


def test_only_a_card_the_redemption_card_lists_can_be_redeemed_at_setup() -> None:
    with pytest.raises(SetupError, match="'Longsword' can't be redeemed: the redemption card lists Corroded Helm"):
        new_game(library(), "The Godless Ones", ["Seelah"], redeemed=["Longsword"])


def test_lint_refuses_a_listed_card_without_the_corrupted_trait_and_notes_one_left_out(tmp_path: Path) -> None:
    (tmp_path / "redemption.yaml").write_text(
        "name: Redemption\ntype: redemption\nset: B\nprovenance: standin\nredeemable: [Corroded Helm, Longsword]\n")
    (tmp_path / "tainted-blade.yaml").write_text(
        "name: Tainted Blade\ntype: weapon\nset: B\ntraits: [Sword, Corrupted]\nprovenance: standin\n")
    report = lint(custom=tmp_path)
    problems = [(problem.field, problem.message, problem.note) for problem in report.problems
                if problem.path.parent == tmp_path]
    assert ("redeemable[1]", "'Longsword' has no Corrupted trait to redeem", False) in problems
    assert ("redeemable", "'Tainted Blade' is a Corrupted weapon it doesn't list", True) in problems


@pytest.mark.rule("RED-01")
@pytest.mark.parametrize("redeemed", [False, True])
def test_a_redeemed_boon_is_no_corrupted_card_for_the_corruptor_to_play_as_a_copy(redeemed: bool) -> None:
    """Seoni the Corruptor may play a Corrupted card as a copy of the top card of the blessings discard pile: her
    Corroded Helm, until it is redeemed."""
    from test_add_on_characters import blessings_discard, role

    table = Table()
    seoni = table.character("Seoni", at="Armory", hand=["Corroded Helm"], feats=role("Seoni", "Corruptor", "copy"))
    blessings_discard(table, "Blessing of Iomedae")
    if redeemed:
        redeem(table.game, table.game.zones.cards(seoni.hand)[0])
    table.dice(1, 1)
    table.run(attempt_checks(table.game, seoni, "Charisma 30", Purpose.OTHER), "Charisma")
    assert table.offered("Discard Corroded Helm as Blessing of Iomedae") == (not redeemed)
