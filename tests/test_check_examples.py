"""The rulebook's examples of attempting a check, played on real tables (rulebook pages 12-15)."""

from __future__ import annotations

import pytest

from pacg.cards.checks import parse_check
from pacg.cards.powers import Purpose
from pacg.cards.vocabulary import Skill
from pacg.engine.check import attempt_checks, check_of
from pacg.engine.state import Feats
from pacg.engine.zones import ZoneKind
from table import Table, kind_of


@pytest.mark.rule("DICE-03")
@pytest.mark.rule("CHK-04")
@pytest.mark.rule("CHK-14")
def test_seelah_fails_to_acquire_the_quarterstaff_of_vaulting() -> None:
    """Seelah's Melee is d8+3 (Strength 1d8, Melee: Strength +3); she has no Acrobatics, so she'd roll a d4.
    She rolls 5 on her d8 for 8 against 9, and fails."""
    table = Table()
    seelah = table.character("Seelah", at="Abattoir")
    table.character("Harsk", at="Abattoir")
    staff = table.card("Quarterstaff of Vaulting")
    table.dice(5)

    [result] = table.run(attempt_checks(table.game, seelah, check_of(staff), Purpose.ACQUIRE, staff), "Melee",
                         strict=True)

    labels = [option.label for option in table.decisions[0].options]
    assert labels == ["Strength 1d8 against 9", "Melee 1d8+3 against 9", "Acrobatics 1d4 against 6"]
    assert (str(result.pool), result.difficulty, result.total, result.success) == ("1d8+3", 9, 8, False)


@pytest.mark.rule("CHK-08")
def test_imrijka_closes_the_sacristy_with_good_omen() -> None:
    """Sacristy: discard a Divine card or succeed at Divine 7. Imrijka's Divine is d8+1; Good Omen adds 1
    plus the adventure deck number (1): she rolls 1d8+3 and gets 9."""
    table = Table(adventure_deck_number=1)
    imrijka = table.character("Imrijka", at="Sacristy", hand=["Good Omen", "Blessing of Ascension"])
    sacristy = table.game.locations["Sacristy"].card
    divine_7 = next(option.check for option in sacristy.when_closing if option.check is not None)
    assert str(divine_7) == "Divine 7"
    table.dice(6)

    closing = attempt_checks(table.game, imrijka, divine_7, Purpose.CLOSE)
    results = table.run(closing, "Divine", "Discard Good Omen", "Divine")

    assert (str(results[0].pool), results[0].total, results[0].success) == ("1d8+3", 9, True)
    assert "Blessing of Ascension" in table.cards(imrijka, ZoneKind.HAND)


@pytest.mark.rule("CHK-12")
@pytest.mark.rule("KEEP-01")
def test_a_blessing_adds_a_d8_to_enoras_charisma() -> None:
    """Enora's Charisma is d8+1 (one skill feat): a Blessing of Ascension played by anyone adds a d8."""
    table = Table()
    enora = table.character("Enora", at="Abattoir", feats=Feats(skills={Skill.CHARISMA: 1}))
    seelah = table.character("Seelah", at="Sacristy", hand=["Blessing of Ascension"])
    table.dice(8, 1)

    [result] = table.run(
        attempt_checks(table.game, enora, "Charisma 9", Purpose.OTHER), "Charisma", "Discard Blessing of Ascension"
    )

    assert (str(result.pool), result.total, result.success) == ("2d8+1", 10, True)
    assert table.cards(seelah, ZoneKind.DISCARD) == ["Blessing of Ascension"]


@pytest.mark.rule("CHK-02")
def test_or_binds_tighter_than_then_and_both_checks_are_attempted() -> None:
    """"Wisdom 10 or Combat 13 then Combat 15": first Wisdom 10 or Combat 13, then Combat 15, attempted
    even though the first failed."""
    check = parse_check("Wisdom 10 or Combat 13 then Combat 15")
    assert [[(o.skills, o.difficulty) for o in step.options] for step in check.steps] == [
        [(("Wisdom",), 10), (("Combat",), 13)],
        [(("Combat",), 15)],
    ]
    table = Table()
    seelah = table.character("Seelah", at="Abattoir")
    table.dice(1, 8)

    results = table.run(attempt_checks(table.game, seelah, check, Purpose.OTHER), "Wisdom", "Melee")

    assert [(r.skill, r.difficulty, r.total, r.success) for r in results] == [
        (Skill.WISDOM, 10, 1, False),
        (Skill.MELEE, 15, 11, False),
    ]
    assert [option.label for option in table.decisions[0].options] == [
        "Wisdom 1d8 against 10",
        "Strength 1d8 against Combat 13",
        "Melee 1d8+3 against Combat 13",
    ]


@pytest.mark.rule("CHK-03")
def test_another_local_character_may_attempt_one_of_sequential_checks() -> None:
    """Harsk encounters an Animal bane with two sequential checks; Seelah attempts the first, and Harsk's
    power (1d4 against Animals) applies to her; Harsk must attempt the last, since he attempted none."""
    table = Table()
    harsk = table.character("Harsk", at="Abattoir")
    table.character("Seelah", at="Abattoir")
    rat = table.card("Dire Rat")
    table.dice(8, 4, 6, 4)
    results = table.run(
        attempt_checks(table.game, harsk, "Combat 9 then Wisdom 6", Purpose.DEFEAT, rat), "Seelah", "Melee", "Wisdom"
    )
    assert [(str(r.pool), r.total) for r in results] == [("1d8+1d4+3", 15), ("1d8+1d4", 10)]
    assert [d.player for d in table.decisions if kind_of(d) == "skill"] == ["Seelah", "Harsk"]
