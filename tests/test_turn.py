"""Your turn (rulebook pages 8-9, 14): the blessings deck, giving, moving, exploring, closing, resetting."""

from __future__ import annotations

import pytest

from pacg.engine.state import ScenarioOver
from pacg.engine.turn import take_turn
from pacg.engine.zones import BLESSINGS_DISCARD, ZoneKind
from table import Table, kind_of, shuffled


def kinds(table: Table) -> list[str]:
    return [kind_of(decision) for decision in table.decisions]


@pytest.mark.rule("TURN-03")
def test_moving_goes_to_a_different_location_and_staying_is_not_moving() -> None:
    table = Table()
    table.location("Armory", ["Mace"])
    table.location("Watchtower", ["Javelin"])
    table.location("Marketplace")
    table.game.locations["Marketplace"].closed = True
    table.blessings("Blessing of Ascension", "Blessing of Ascension")
    kyra = table.character("Kyra", at="Armory", deck=["Codex", "Frog", "Recruit", "Helm", "Cure"])
    table.run(take_turn(table.game, kyra), "Move to Watchtower", "End exploring")
    turn, explore = (d for d in table.decisions if kind_of(d) in ("turn", "explore"))
    assert [o.label for o in turn.options] == ["End exploring", "Explore Armory", "Move to Watchtower",
                                               "Move to Marketplace (closed)"]
    assert turn.prompt == "Kyra: move or explore?"
    assert [o.label for o in explore.options] == ["End exploring", "Explore Watchtower"], "moved: no more moving"
    assert kyra.location == "Watchtower"
    assert "Kyra moves from Armory to Watchtower" in table.game.log
    table.run(take_turn(table.game, kyra), "End exploring", "Done discarding")
    assert kyra.location == "Watchtower"
    assert sum("moves" in line for line in table.game.log) == 1


def _healed_deck(seed: int) -> list[str]:
    """Harsk's deck once Kyra's Cure shuffles his discarded cards into it."""
    table = Table(seed=seed)
    table.location("Armory", ["Mace"])
    table.blessings("Blessing of Ascension")
    kyra = table.character("Kyra", at="Armory", hand=["Cure"], deck=["Codex", "Frog", "Recruit", "Helm", "Mace"])
    harsk = table.character("Harsk", at="Armory", discard=["Longsword", "Javelin", "Bolas"])
    table.dice(4, 1)
    table.run(take_turn(table.game, kyra), "Reveal Cure", "Divine", "End exploring")
    return table.cards(harsk, ZoneKind.DECK)


@pytest.mark.rule("TURN-09")
@pytest.mark.rule("PLAY-08")
def test_cards_may_be_played_between_the_steps_of_a_turn() -> None:
    """Kyra casts Cure between her turn's steps, on Harsk at her location, from her discard pile's point
    of view: Harsk's discards go back into his deck."""
    table = Table()
    table.location("Armory", ["Mace"])
    table.blessings("Blessing of Ascension")
    kyra = table.character("Kyra", at="Armory", hand=["Cure"], deck=["Codex", "Frog", "Recruit", "Helm", "Mace"])
    harsk = table.character("Harsk", at="Armory", discard=["Longsword", "Javelin", "Bolas"])
    table.dice(4, 1)  # Cure heals 1d4+1 = 5; its Divine 8 check to recharge fails
    table.run(take_turn(table.game, kyra), "Reveal Cure", "Divine", "End exploring")
    assert kinds(table)[0] == "turn start", "after the blessings deck advances, before giving"
    assert table.cards(harsk, ZoneKind.DISCARD) == []
    assert sorted(table.cards(harsk, ZoneKind.DECK)) == ["Bolas", "Javelin", "Longsword"]
    assert shuffled(_healed_deck), "the cards healed are shuffled into the deck"
    assert "Cure" in table.cards(kyra, ZoneKind.DISCARD)


@pytest.mark.rule("DRAW-01")
@pytest.mark.rule("RESET-01")
def test_resetting_discards_any_number_then_down_to_hand_size_then_draws_from_the_top() -> None:
    table = Table()
    table.location("Armory")
    table.blessings("Blessing of Ascension", "Blessing of Ascension")
    kyra = table.character("Kyra", at="Armory", hand=["Mace", "Helm", "Cure", "Codex", "Frog", "Recruit", "Javelin"],
                           deck=["Longsword", "Bolas"])
    assert kyra.hand_size == 5
    table.run(take_turn(table.game, kyra), "Don't try", "Discard Mace", "Discard Helm", "Discard Cure",
              "Done discarding")
    assert sorted(table.cards(kyra, ZoneKind.DISCARD)) == ["Cure", "Helm", "Mace"]
    assert table.cards(kyra, ZoneKind.HAND) == ["Longsword", "Codex", "Frog", "Recruit", "Javelin"]
    assert table.cards(kyra, ZoneKind.DECK) == ["Bolas"], "drawn from the top"
    table.run(take_turn(table.game, kyra), "Don't try", "Done discarding")
    assert [d.kind for d in table.decisions][-1] == "reset discard", "a full hand: nothing to discard or draw"


@pytest.mark.rule("TURN-08")
def test_with_too_many_cards_the_player_discards_down_to_the_hand_size() -> None:
    table = Table()
    table.location("Armory")
    table.blessings("Blessing of Ascension")
    kyra = table.character("Kyra", at="Armory", hand=["Mace", "Helm", "Cure", "Codex", "Frog", "Recruit", "Javelin"])
    table.run(take_turn(table.game, kyra), "Don't try", "Done discarding", "Discard Mace", "Discard Helm")
    any_cards, down = [d for d in table.decisions if kind_of(d) == "reset discard"]
    assert any_cards.choose == (0, 7), "first any number of the 7 cards, in one choice"
    assert down.choose == (2, 2) and down.prompt == "Kyra: discard 2 to your hand size of 5?", "then exactly 2"
    assert sorted(table.cards(kyra, ZoneKind.DISCARD)) == ["Helm", "Mace"]
    assert len(table.cards(kyra, ZoneKind.HAND)) == 5


@pytest.mark.rule("END-01")
@pytest.mark.rule("TURN-01")
def test_with_no_blessing_to_advance_the_turn_ends_and_the_scenario_is_lost() -> None:
    table = Table()
    table.location("Armory", ["Mace"])
    kyra = table.character("Kyra", at="Armory", hand=["Cure"])
    with pytest.raises(ScenarioOver, match="blessings deck ran out") as over:
        table.run(take_turn(table.game, kyra))
    assert over.value.result == "lost"
    assert table.decisions == [], "nothing happens on that turn"
    assert table.game.zones.cards(BLESSINGS_DISCARD) == []


@pytest.mark.rule("PLAY-10")
def test_a_characters_mandatory_paragraph_always_applies() -> None:
    """Harsk may evade an Animal bane; if he doesn't, his 1d4 on checks against it always applies."""
    table = Table()
    table.location("Armory", ["Dire Rat"])
    table.blessings("Blessing of Ascension")
    harsk = table.character("Harsk", at="Armory", deck=["Codex", "Frog", "Recruit", "Helm", "Cure"])
    table.dice(5, 3)
    table.run(take_turn(table.game, harsk), "Explore Armory", "Dexterity", "Don't try")
    assert any(line.startswith("Harsk succeeded at Dexterity 1d8+1d4 against 6") for line in table.game.log)


@pytest.mark.rule("TURN-03")
def test_moving_to_the_forsaken_cloister_costs_a_buried_card() -> None:
    table = Table()
    table.location("Armory", ["Mace"])
    table.location("Forsaken Cloister", ["Javelin"])
    table.blessings("Blessing of Ascension")
    kyra = table.character("Kyra", at="Armory", hand=["Cure", "Codex"],
                           deck=["Frog", "Recruit", "Helm", "Mace", "Bolas"])
    table.run(take_turn(table.game, kyra), "Move to Forsaken Cloister", "Codex", "End exploring",
              "Done discarding")
    assert table.cards(kyra, ZoneKind.BURIED) == ["Codex"], "entering the location buries a card"
    assert "Kyra moves from Armory to Forsaken Cloister" in table.game.log


@pytest.mark.rule("PLAY-03")
def test_a_power_for_after_playing_a_spell_follows_a_spell_not_another_card() -> None:
    """Enora may recharge a random spell from her discard pile after she plays a spell, not after a blessing,
    even on a check where a spell was played before."""
    from pacg.cards.powers import Purpose
    from pacg.engine.check import attempt_checks

    table = Table()
    table.location("Armory")
    enora = table.character("Enora", at="Armory", hand=["Lightning Touch", "Blessing of Ascension"],
                            discard=["Frigid Blast"])
    table.dice(1, 1, 1, 1, 1)
    table.run(attempt_checks(table.game, enora, "Combat 40", Purpose.OTHER), "Discard Lightning Touch: Arcane",
              "No", "Discard Blessing of Ascension", "Arcane")
    offers = [d for d in table.decisions if kind_of(d) == "after playing"]
    assert len(offers) == 1, "after the spell only, not after the blessing that followed it"
    assert table.cards(enora, ZoneKind.DISCARD)[-1] == "Frigid Blast"


@pytest.mark.rule("PLAY-03")
def test_each_character_s_after_playing_power_is_their_own_once_per_check() -> None:
    """Enora's and Kyra's after-playing powers are both printed second on their cards: Enora using hers
    doesn't use up Kyra's."""
    from pacg.cards.powers import Purpose
    from pacg.engine.check import attempt_checks

    table = Table()
    table.location("Armory")
    enora = table.character("Enora", at="Armory", hand=["Lightning Touch"], discard=["Frigid Blast"])
    kyra = table.character("Kyra", at="Armory", hand=["Blessing of Ascension"], discard=["Mace"])
    table.dice(1, 1, 1, 1, 1)
    table.run(attempt_checks(table.game, enora, "Combat 40", Purpose.DEFEAT), "Discard Lightning Touch: Arcane",
              "Use", "Discard Blessing of Ascension", "Use", "Kyra")
    assert [d.player for d in table.decisions if kind_of(d) == "after playing"] == ["Enora", "Kyra"]
    assert table.cards(enora, ZoneKind.DECK) == ["Frigid Blast"], "Enora recharged a random spell"
    assert table.cards(kyra, ZoneKind.DECK) == ["Mace"], "after the check, Kyra shuffled her Mace into her deck"


@pytest.mark.rule("TURN-09")
def test_every_player_may_play_after_each_step_taken_and_only_a_player_with_a_play_is_asked() -> None:
    """Harsk, holding a Cure, is asked after the blessings deck advances, after Kyra gives him a card and, as she
    stays, after her explore step, where he casts it on her; with nothing left to play, he isn't asked again.
    Seelah, with nothing to play between the steps, is never asked. Kyra's one question before exploring offers
    giving and moving; once she has given, only moving."""
    table = Table()
    table.location("Armory")
    table.blessings("Blessing of Ascension")
    kyra = table.character("Kyra", at="Armory", hand=["Frog"], discard=["Mace", "Helm"],
                           deck=["Codex", "Frog", "Recruit", "Helm", "Bolas", "Javelin"])
    harsk = table.character("Harsk", at="Armory", hand=["Cure"])
    table.character("Seelah", at="Watchtower", hand=["Longsword"])
    table.dice(4)
    table.run(take_turn(table.game, kyra), "Give Frog to Harsk", "Stay at Armory", "Reveal Cure", "Don't try")
    asked = [(d.player, kind_of(d)) for d in table.decisions if kind_of(d) in ("any time", "turn start", "turn end")]
    assert asked == [("Harsk", "turn start")] + [("Harsk", "any time")] * 2  # at the start: "any time" too
    assert kinds(table)[:5] == ["turn start", "turn", "any time", "turn", "any time"], "after giving, exploring"
    first, second = (d for d in table.decisions if kind_of(d) == "turn")
    assert first.prompt == "Kyra: give a card or move?" and second.prompt == "Kyra: move?"
    assert table.cards(kyra, ZoneKind.DISCARD) == [], "Kyra's discards went back into her deck"
    assert table.cards(harsk, ZoneKind.HAND) == ["Frog"], "Harsk, without the Divine skill, banishes the Cure"


@pytest.mark.rule("PLAY-03")
def test_a_power_applies_only_where_all_its_conditions_hold_the_card_played_being_tested_apart() -> None:
    """A paragraph applies only where every condition it states holds. After playing, whether the card just
    played is of the kind the power names is the play's own test, so the other conditions are asked without
    it: "after you play a spell on your turn" needs the turn to be yours."""
    from pacg.cards.powers import Conditions, Timing
    from pacg.engine.playing import Step, conditions_hold
    from pacg.engine.state import TurnState

    table = Table()
    table.location("Armory")
    enora = table.character("Enora", at="Armory")
    step = Step(game=table.game, checker=enora, timing=Timing.EXPLORE)
    conditions = Conditions.model_validate({"played": [{"types": ["spell"]}], "turn": "yours"})
    assert not conditions_hold(conditions, step, enora, but="played"), "it is no one's turn"
    table.game.turn = TurnState(enora)
    assert not conditions_hold(conditions, step, enora), "no spell was played in this step"
    assert conditions_hold(conditions, step, enora, but="played")
