"""The rulebook's Example of Play (pages 26-27), on Under the Broken City, step by step as the rulebook tells it:
the setup, then Isabel's (Imrijka's), Avery's (Alain's) and Blake's (Balazar's) turns, each run to its end on
a strict table: every decision is scripted, "Done" included, and the test fails on any other (tests/table.py).

The table is the one the rulebook describes after setup (the location decks hold the cards the story meets, in
the order it meets them). Where the engine asks something the story doesn't tell (another player passing on a
check, a displayed spell's check to recharge at the end of the turn), the script says what the players do.
Where the rulebook's sums differ from the cards, the test follows the cards and says so:

- Alain's Melee is d10+4, not d10+3: his card (FACTS.md, two sources) prints Melee: Strength +3, and the rulebook
  gives him a Strength feat (his Strength check rolls d10+1). His Giant Bat check is 2d10+1d8+1d4+7, not +6.
- Padrig adds the adventure deck number with Balazar's Arcane skill (the card's text, FACTS.md), so the Millorn
  check is 2d6+1d10+1d4+4, not +3 (see Padrig's notes).
- Blake's turn is told out of order (the move to the Mongrel Village comes last in the text, and the Millorn
  encounter before the heading "Blake's Turn"); it is played in the order of the turn's steps, so Balazar meets
  Millorn at the Mongrel Village, the location his defeat closes.

Kyra's mythic example (page 22) is in tests/test_mythic_paths.py.
"""

from __future__ import annotations

import pytest

from pacg.cards.vocabulary import Skill
from pacg.engine.setup import add_cohorts, apply_setup_powers
from pacg.engine.state import Feats
from pacg.engine.turn import take_turn
from pacg.engine.zones import BLESSINGS_DISCARD, ZoneKind
from table import Table

DONE = "Done"


def broken_city() -> Table:
    """Under the Broken City for Imrijka, Alain and Balazar, as the Example of Play stands once set up: Imrijka
    and Balazar at the Canyon, Alain at the Cavern; their hands as drawn, cohorts taken and cards buried. Seed 5:
    the two barriers the Temptation of Invincibility adds are shuffled in below the cards Alain meets next."""
    table = Table(adventure_deck_number=1, seed=5, strict=True)
    table.scenario("Under the Broken City")
    table.location("Cavern", ["Temptation of Invincibility", "Corrosive Dagger +1", "Giant Bat", "Dire Rat", "Mace",
                              "Frog", "Skeleton", "Cave Lizard"])
    table.location("Collapsing Bridge", ["Giant Bat", "Frog", "Teamster", "Zombie", "Cave Viper"])
    table.location("Mongrel Village", ["Millorn", "Mercenary", "Sickle"])
    table.location("Canyon", ["Caravan Guard", "Worm Demon", "Giant Bat", "Giant Cockroach"])
    table.location("Great Hall", ["Giant Bat", "Longspear"])
    table.blessings("Blessing of Pulura", "Blessing of Ascension", "Blessing of Shax", "Blessing of Ascension",
                    "Blessing of Ascension")
    table.character(
        "Imrijka", at="Canyon",
        hand=["Blessing of Ascension", "Blessing of Ascension", "Hide Armor", "Hand Crossbow", "Sacred Weapon",
              "Anevia Tirabade"],
        deck=["Blessing of Ascension", "Mace", "Sagacity", "Cure", "Javelin", "Heavy Pick", "Longsword"])
    table.character(
        "Alain", at="Cavern", feats=Feats(skills={Skill.STRENGTH: 1}),
        hand=["Glaive +1", "Raconteur", "Helm", "Longsword", "Donahan", "Horgus Gwerm"],
        deck=["Recruit", "Scale Mail", "Sickle"])
    table.character(
        "Balazar", at="Canyon", feats=Feats(skills={Skill.CHARISMA: 1}),
        hand=["Wand of Paralyze", "Mirror Image", "Enchanted Fang", "Vulture", "Padded Armor", "Codex", "Padrig",
              "Aravashnial"],
        deck=["Brilliance", "Frilled Lizard", "Potion of Beast Skin"])
    return table


def isabels_turn(table: Table) -> None:
    game = table.game
    table.dice(9,  # Balazar's Arcane 12 to recharge the Wand: d10+3
               3, 2, 1)  # Imrijka's Worm Demon: d10, d6, d4 and 1 = 7
    table.pick("Anevia Tirabade")  # the scenario's random recharge
    table.run(
        take_turn(game, game.character("Imrijka")),
        DONE, DONE,  # the turn starts: Imrijka, then Balazar, play nothing
        "Give Blessing of Ascension to Balazar", DONE, DONE,
        "Explore Canyon", "Bury Hide Armor to acquire Caravan Guard",
        "Discard Blessing of Ascension: explore again",
        # The Worm Demon: at the Canyon, Balazar summons and encounters one first.
        "Bury Wand of Paralyze: evade", "Arcane 1d10+3 against 12", DONE,
        "Reveal Hand Crossbow: Ranged 1d10+1d6+1", "Use Imrijka's power, recharge Sacred Weapon", DONE,
        DONE,  # Imrijka takes the 3 damage
        DONE, DONE,  # Balazar between the steps and at the end of the turn
    )


def averys_turn(table: Table) -> None:
    game = table.game
    table.dice(2, 2, 2,  # the Dagger: Dexterity 1d4, Horgus's 1d4+2, the blessing's d4 = 8
               3,  # the Giant Bat's Perception 9: d6+1 = 4
               1, 2, 1, 1,  # Glaive: 2d10, Donahan's d8, the Dagger's d4, and 7 = 12
               5, 4, 2, 1,  # the reroll: 19
               7,  # closing the Cavern: Strength 1d10+1 = 8 against 5 + 1
               3)  # the Collapsing Bridge at the end of the turn: 3 doesn't beat its 5 cards
    table.pick("Corroded Helm", "Leather Armor", "Magic Scale Mail",  # the Temptation's 3 armors
               "Spiked Pit Trap", "Explosive Runes",  # and its 2 barriers
               "Collapsing Bridge",  # the Cavern's random move
               "Raconteur")  # the scenario's random recharge
    table.run(
        take_turn(game, game.character("Alain")),
        DONE, DONE,  # Balazar and Imrijka as the turn starts
        "Explore Cavern", "Magic Scale Mail",
        "Bury Horgus Gwerm: explore again",
        "Attempt to acquire Corrosive Dagger +1", "Dexterity 2d4+2 against 7",
        DONE, DONE, "Discard Blessing of Ascension",  # Alain and Balazar pass; Imrijka plays a blessing
        DONE, DONE,
        "Discard Raconteur: explore again",
        "Perception 1d6+1 against 9", DONE, DONE, DONE,  # Alain, Imrijka (Sagacity is for Wisdom), Alain
        "Reveal Glaive +1: Melee 2d10+5 against Combat 13", "Discard Corrosive Dagger +1", "Put Donahan on top",
        DONE, DONE,
        "Discard Glaive +1",  # the reroll
        "Close Cavern: succeed at a Strength 5 + AD check", "Strength 1d10+1 against 6", DONE,
        DONE, DONE,  # between the steps
        DONE,  # Alain recharges no weapons at the end of his turn
        DONE, DONE, DONE, "Done discarding",
    )


def blakes_turn(table: Table) -> None:
    game = table.game
    table.dice(7,  # Imrijka's Wisdom 6 with Sagacity: d8+3 = 10
               2,  # Balazar's Wisdom 6: d6 = 2
               8, 2, 2, 1,  # Millorn: d10, 2d6, d4 and 4 = 17
               7)  # Sagacity's check to recharge at the end of the turn: Divine 1d8+1 = 8
    table.pick("Cambion",  # the random monster shuffled into the Canyon
               "Mongrel Wizard",  # Balazar's random monster from the box
               "Blessing of Ascension",  # the blessing Millorn escapes with
               "Vulture")  # the scenario's random recharge
    table.run(
        take_turn(game, game.character("Balazar")),
        DONE, DONE,
        "Move to Mongrel Village", "Yes",  # Imrijka comes along
        "Display Padrig", "Use Balazar's power, discard Mirror Image", DONE, DONE,
        "Explore Mongrel Village",
        "Temporarily close Collapsing Bridge: be dealt 4 Combat damage", "Reveal Helm", "Recharge Magic Scale Mail",
        "Discard Helm",
        # Millorn, before acting: Imrijka, then Balazar, attempt Wisdom 6.
        "Wisdom 1d8 against 6", "Display Sagacity", DONE, DONE,
        "Wisdom 1d6 against 6", DONE, "Discard Vulture",
        "Strength 1d6 against Combat 15", "Use Padrig, put Enchanted Fang on top", "Use Padrig, banish Mongrel Wizard",
        DONE,
        DONE,  # Balazar keeps no villain in hand
        DONE, DONE,
        "Divine 1d8+1 against 8", DONE,  # Imrijka's Sagacity at the end of the turn
        DONE, DONE, "Done discarding",
    )


@pytest.mark.rule("SETUP-11")
@pytest.mark.rule("SETUP-12")
def test_setting_up_the_cohorts_are_taken_and_each_character_buries_1d4_plus_1_cards() -> None:
    """Imrijka takes Anevia Tirabade, Alain Horgus Gwerm, Balazar Aravashnial; Alain and Balazar have their own
    cohorts. Then the scenario buries 2 of Imrijka's cards, 2 of Alain's and 3 of Balazar's."""
    table = Table(adventure_deck_number=1, strict=True)
    scenario = table.scenario("Under the Broken City")
    imrijka = table.character("Imrijka", at="Canyon", deck=["Hand Crossbow", "Demon Hunter", "Mace", "Cure"])
    alain = table.character("Alain", at="Cavern", deck=["Flaming Heavy Pick +1", "Steel Shield", "Helm"])
    balazar = table.character("Balazar", at="Canyon",
                              deck=["Glibness", "Blackwing Librarian", "Book of the Loremaster", "Vulture"])
    table.run(add_cohorts(table.game, scenario), "Take Anevia Tirabade", "Take Horgus Gwerm", "Take Aravashnial")
    offered = [decision.options for decision in table.decisions]
    assert [option.label for option in offered[0]] == [
        "No cohort", "Take Anevia Tirabade", "Take Aravashnial", "Take Horgus Gwerm"]
    assert len(offered[2]) == 2, "a cohort taken is no longer offered"
    assert table.cards(imrijka, ZoneKind.HAND) == ["Anevia Tirabade"]
    assert sorted(table.cards(alain, ZoneKind.HAND)) == ["Donahan", "Horgus Gwerm"]
    assert sorted(table.cards(balazar, ZoneKind.HAND)) == ["Aravashnial", "Padrig"]

    for character, face in zip(table.game.characters, (1, 1, 2), strict=True):  # 1d4+1 for each: 2, 2, 3
        table.dice(face)
        table.run(apply_setup_powers(table.game, character))
    assert table.cards(imrijka, ZoneKind.BURIED) == ["Demon Hunter", "Hand Crossbow"]
    assert table.cards(alain, ZoneKind.BURIED) == ["Steel Shield", "Flaming Heavy Pick +1"]
    assert table.cards(balazar, ZoneKind.BURIED) == ["Book of the Loremaster", "Blackwing Librarian", "Glibness"]
    assert table.cards(balazar, ZoneKind.DECK) == ["Vulture"]


@pytest.mark.rule("TURN-02")
@pytest.mark.rule("SUM-01")
@pytest.mark.rule("SUM-02")
@pytest.mark.rule("ENC-05")
@pytest.mark.rule("KEEP-04")
@pytest.mark.rule("CHK-15")
@pytest.mark.rule("DMG-02")
@pytest.mark.rule("TURN-08")
def test_isabels_turn() -> None:
    """Imrijka gives Balazar a blessing, buries her Hide Armor to acquire the Caravan Guard, explores again with
    a blessing and meets a Worm Demon; at the Canyon Balazar summons one too and evades it with the Wand of
    Paralyze (recharged on Arcane 12). Her check, d10+d6+d4+1, rolls 7: 3 damage takes her last 3 cards, the
    demon buries the Caravan Guard from her discard pile and is shuffled back. The scenario recharges a random
    card of her discard pile, Anevia, and she draws 5."""
    table = broken_city()
    game = table.game
    imrijka, _, balazar = game.characters
    isabels_turn(table)
    assert [card.name for card in game.zones.cards(BLESSINGS_DISCARD)] == ["Blessing of Pulura"]
    assert "Blessing of Ascension" in table.cards(balazar, ZoneKind.HAND)
    assert table.cards(balazar, ZoneKind.DECK)[-1] == "Wand of Paralyze", "recharged, not buried"
    assert table.deck("Canyon").count("Worm Demon") == 1, "the summoned copy vanished; Imrijka's is shuffled back"
    assert "Imrijka failed at Ranged 1d10+1d6+1d4+1 against 10: rolled 7" in game.log
    assert "Imrijka is dealt 3 Combat damage" in game.log
    assert table.cards(imrijka, ZoneKind.BURIED) == ["Caravan Guard", "Hide Armor"]
    assert table.cards(imrijka, ZoneKind.DISCARD) == ["Hand Crossbow", "Blessing of Ascension"]
    assert table.cards(imrijka, ZoneKind.HAND) == ["Javelin", "Cure", "Sagacity", "Mace", "Blessing of Ascension"]
    assert table.cards(imrijka, ZoneKind.DECK) == ["Heavy Pick", "Longsword", "Sacred Weapon", "Anevia Tirabade"]


@pytest.mark.rule("ENC-06")
@pytest.mark.rule("SUM-06")
@pytest.mark.rule("TURN-05")
@pytest.mark.rule("ENC-02")
@pytest.mark.rule("CHK-08")
@pytest.mark.rule("CHK-13")
@pytest.mark.rule("CLOSE-01")
@pytest.mark.rule("CLOSE-04")
@pytest.mark.rule("TURN-03")
def test_averys_turn() -> None:
    """Alain draws 3 armors for the Temptation of Invincibility, keeps the Magic Scale Mail (the barrier is
    banished, 2 barriers shuffled in); buries Horgus to explore (1d4+2 on his checks to acquire for that
    exploration) and, with Imrijka's blessing, acquires the Corrosive Dagger +1 on 3d4+2; discards the
    Raconteur to explore, fails the Giant Bat's Perception 9 (difficulty 13), plays the Glaive, the Dagger and
    Donahan, rolls 12 and rerolls with the Glaive for 19. He closes the Cavern on Strength 5 + 1 and moves at
    random to the Collapsing Bridge; at the end of his turn the scenario recharges the Raconteur and he draws
    Donahan."""
    table = broken_city()
    game = table.game
    imrijka, alain, _ = game.characters
    isabels_turn(table)
    averys_turn(table)
    assert "Alain draws Corroded Helm, Leather Armor, Magic Scale Mail from the box" in game.log
    assert "Temptation of Invincibility is banished" in game.log
    assert "Alain succeeded at Dexterity 3d4+2 against 7: rolled 8" in game.log
    assert table.cards(imrijka, ZoneKind.DISCARD)[0] == "Blessing of Ascension"
    assert table.cards(alain, ZoneKind.BURIED) == ["Horgus Gwerm"]
    assert "Alain failed at Perception 1d6+1 against 9: rolled 4" in game.log
    assert "Alain succeeded at Melee 2d10+1d8+1d4+7 against 13: rolled 19" in game.log
    cavern = game.locations["Cavern"]
    assert cavern.closed and table.deck("Cavern") == [], "the 2 barriers went with the rest of its deck"
    assert alain.location == "Collapsing Bridge"
    assert "Alain rolls 3 on a d10" in game.log, "the Collapsing Bridge's roll at the end of the turn"
    assert len(table.deck("Collapsing Bridge")) == 5
    assert sorted(table.cards(alain, ZoneKind.HAND)) == ["Donahan", "Helm", "Longsword", "Magic Scale Mail"]
    assert sorted(table.cards(alain, ZoneKind.DISCARD)) == ["Corrosive Dagger +1", "Glaive +1"]
    assert table.cards(alain, ZoneKind.DECK)[-1] == "Raconteur"


@pytest.mark.rule("TURN-03")
@pytest.mark.rule("VIL-01")
@pytest.mark.rule("DMG-01")
@pytest.mark.rule("GOLD-03")
@pytest.mark.rule("VIL-03")
@pytest.mark.rule("VIL-04")
@pytest.mark.rule("PLAY-04")
def test_blakes_turn() -> None:
    """Balazar moves to the Mongrel Village and Imrijka comes along (a random monster is shuffled into the
    Canyon); he displays Padrig and discards Mirror Image for a Mongrel Wizard, and explores: Millorn. Alain
    temporarily closes the Collapsing Bridge by taking 4 Combat damage, reduced by the Helm (1) and the Magic
    Scale Mail (2): he discards the Helm. Before acting, Imrijka succeeds at Wisdom 6 with Sagacity (d8+3 = 10);
    Balazar rolls 2, discards the Vulture to 1 Mental damage that can't be reduced, and can't play weapons or
    spells. Padrig adds his Arcane skill (Enchanted Fang on top of his deck) and the Mongrel Wizard, banished,
    1d4 and 1d6 for the shared Wizard trait: 17 defeats Millorn. The Mongrel Village closes; Millorn escapes with
    a blessing into the Canyon and the Great Hall, not the Collapsing Bridge, which opens again. The scenario
    recharges the Vulture and Balazar draws 2, his Enchanted Fang first."""
    table = broken_city()
    game = table.game
    imrijka, alain, balazar = game.characters
    isabels_turn(table)
    averys_turn(table)
    blakes_turn(table)
    assert imrijka.location == balazar.location == "Mongrel Village"
    assert "Cambion is shuffled from the box into Canyon" in game.log
    assert table.cards(alain, ZoneKind.DISCARD)[0] == "Helm"
    assert table.cards(alain, ZoneKind.DECK)[-1] == "Magic Scale Mail"
    assert "Collapsing Bridge is temporarily closed" in game.log and not game.temporarily_closed
    assert "Imrijka succeeded at Wisdom 1d8+3 against 6: rolled 10" in game.log
    assert "Balazar is dealt 1 Mental damage" in game.log
    cant_play = [d for d in table.decisions if d.player == "Balazar" and "Strength check" in d.prompt]
    assert cant_play and not any("Enchanted Fang:" in o.label for d in cant_play for o in d.options), (
        "no spell may be played on the check")
    assert "Balazar succeeded at Strength 1d10+2d6+1d4+4 against 15: rolled 17" in game.log
    assert game.locations["Mongrel Village"].closed and table.deck("Mongrel Village") == []
    escaped = table.deck("Canyon") + table.deck("Great Hall")
    assert escaped.count("Millorn") == 1 and "Blessing of Ascension" in escaped
    assert "Millorn" not in table.deck("Collapsing Bridge")
    assert "Mongrel Wizard" not in table.cards(balazar, ZoneKind.HAND)
    assert table.cards(balazar, ZoneKind.DISPLAYED) == ["Padrig"]
    assert table.cards(balazar, ZoneKind.DECK)[-1] == "Vulture"
    hand = table.cards(balazar, ZoneKind.HAND)
    assert len(hand) == 6 and "Enchanted Fang" in hand
    assert table.cards(imrijka, ZoneKind.DECK)[-1] == "Sagacity", "recharged on Divine 8 as the turn ends"
