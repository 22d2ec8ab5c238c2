"""Dice pools, rolling and exact odds (rules.md DICE-01, CHK-11, CHK-13, CHK-14, CHK-15)."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import product
from math import prod

import icepool
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pacg.dice import DiceError, DicePool, DieResult, Distribution, Roll

# --------------------------------------------------------------------------------------------
# Independent reference: enumerate every outcome (small pools) or ask icepool (big pools)
# --------------------------------------------------------------------------------------------

BRUTE_FORCE_LIMIT = 20_000


def brute_force_results(dice: tuple[int, ...], modifier: int) -> tuple[Counter[int], int]:
    """Every outcome of the dice, each floored at 0: (count per result, number of outcomes)."""
    faces = [range(1, sides + 1) for sides in dice]
    results = Counter(max(0, sum(roll) + modifier) for roll in product(*faces))
    return results, prod(dice)


def icepool_results(dice: tuple[int, ...], modifier: int) -> tuple[Counter[int], int]:
    """The same as ``brute_force_results``, computed by icepool."""
    total = icepool.d(dice[0])
    for sides in dice[1:]:
        total = total + icepool.d(sides)
    floored = (total + modifier).map(lambda result: max(0, result))
    return Counter(dict(floored.items())), floored.denominator()


def reference_results(dice: tuple[int, ...], modifier: int) -> tuple[Counter[int], int]:
    if prod(dice) <= BRUTE_FORCE_LIMIT:
        return brute_force_results(dice, modifier)
    return icepool_results(dice, modifier)


def reference_odds(
    dice: tuple[int, ...], modifier: int, difficulty: int
) -> tuple[Fraction, dict[int, Fraction]]:
    """P(result >= difficulty) and the damage distribution, from the reference outcomes."""
    results, total = reference_results(dice, modifier)
    success = Fraction(sum(n for result, n in results.items() if result >= difficulty), total)
    damage: dict[int, Fraction] = {0: success}
    for result, n in results.items():
        if result < difficulty:
            damage[difficulty - result] = damage.get(difficulty - result, Fraction(0)) + Fraction(n, total)
    return success, damage


# --------------------------------------------------------------------------------------------
# Parsing and the canonical form (DICE-01)
# --------------------------------------------------------------------------------------------


@pytest.mark.rule("DICE-01")
@pytest.mark.parametrize(
    ("text", "dice", "modifier", "canonical"),
    [
        ("1d8+1d6+2d4+3", (8, 6, 4, 4), 3, "1d8+1d6+2d4+3"),
        ("d8", (8,), 0, "1d8"),
        ("2d6-1", (6, 6), -1, "2d6-1"),
        (" 2d4 + 1d8 +1 + 1d6 - 3 ", (8, 6, 4, 4), -2, "1d8+1d6+2d4-2"),
        ("1D12+1d12", (12, 12), 0, "2d12"),
        ("1d4+2-2", (4,), 0, "1d4"),
        ("3d3", (3, 3, 3), 0, "3d3"),
    ],
)
def test_parse_and_canonical_form(text: str, dice: tuple[int, ...], modifier: int, canonical: str) -> None:
    pool = DicePool.parse(text)
    assert pool.dice == dice
    assert pool.modifier == modifier
    assert pool.rerolls == 0
    assert str(pool) == canonical
    assert DicePool.parse(str(pool)) == pool


def test_dice_are_kept_sorted_descending() -> None:
    assert DicePool((4, 20, 6, 4)).dice == (20, 6, 4, 4)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1d0", '"1d0": a die needs at least 2 sides'),
        ("1d1+2", '"1d1": a die needs at least 2 sides'),
        ("x", '"x": expected a term like 2d6 or +3'),
        ("1d8+x", '"x": expected a term like 2d6 or +3'),
        ("2d6x", '"2d6x": expected a term like 2d6 or +3'),
        ("1d8 + 2 x", '"2 x": expected a term like 2d6 or +3'),
        ("1d8+", '"+": expected a term like 2d6 or +3'),
        ("1d8++2", '"++2": expected a term like 2d6 or +3'),
        ("0d6", '"0d6": the number of dice must be at least 1'),
        ("1d8-1d4", '"-1d4": dice can only be added, not subtracted'),
        ("3", '"3": a dice pool needs at least one die'),
        ("   ", '"": empty dice text'),
        ("1000000000d6", '"1000000000d6": more than 100 dice'),
        ("60d6 + 60d4", '"60d6 + 60d4": more than 100 dice'),
    ],
)
def test_bad_text_names_the_bad_part(text: str, message: str) -> None:
    with pytest.raises(DiceError) as caught:
        DicePool.parse(text)
    assert message in str(caught.value)
    assert isinstance(caught.value, ValueError)


def test_bad_pools_are_refused() -> None:
    with pytest.raises(DiceError, match="at least one die"):
        DicePool(())
    with pytest.raises(DiceError, match="at least 2 sides"):
        DicePool((6, 1))
    with pytest.raises(DiceError, match="negative"):
        DicePool((6,), rerolls=-1)


# --------------------------------------------------------------------------------------------
# Builders
# --------------------------------------------------------------------------------------------


def test_builders_return_new_pools() -> None:
    pool = DicePool.parse("1d6")
    bigger = pool.add_dice(8).add_dice(4, count=2).add_modifier(3).add_modifier(-1)
    assert str(bigger) == "1d8+1d6+2d4+2"
    assert str(pool) == "1d6"
    assert pool.with_rerolls(2).rerolls == 2
    assert pool.rerolls == 0
    assert bigger.with_rerolls(1).add_dice(10).rerolls == 1


def test_add_dice_checks_its_input() -> None:
    with pytest.raises(DiceError, match="at least 2 sides"):
        DicePool.parse("1d6").add_dice(1)
    with pytest.raises(DiceError, match="negative"):
        DicePool.parse("1d6").add_dice(6, count=-1)


@pytest.mark.rule("CHK-11")
def test_replace_die_swaps_one_die() -> None:
    pool = DicePool.parse("1d8+2d4+2")
    replaced = pool.replace_die(4, 12)
    assert str(replaced) == "1d12+1d8+1d4+2"
    assert replaced.modifier == pool.modifier
    assert str(pool) == "1d8+2d4+2"


@pytest.mark.rule("CHK-11")
def test_replace_die_keeps_rerolls_and_needs_the_die() -> None:
    pool = DicePool.parse("1d6+1").with_rerolls(1)
    assert pool.replace_die(6, 10).rerolls == 1
    with pytest.raises(DiceError, match='"d8": the pool 1d6\\+1 has no such die'):
        pool.replace_die(8, 10)


# --------------------------------------------------------------------------------------------
# Distribution
# --------------------------------------------------------------------------------------------


def test_distribution_of_two_d6() -> None:
    dist = DicePool.parse("2d6").distribution()
    assert isinstance(dist, Distribution)
    assert dist.total == 36
    assert dist.outcome_counts() == {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}
    assert (dist.min, dist.max, dist.mean) == (2, 12, Fraction(7))


def test_mean_min_max_with_modifier() -> None:
    dist = DicePool.parse("1d8+1d6+2d4+3").distribution()
    assert dist.total == 8 * 6 * 4 * 4
    assert dist.min == 7
    assert dist.max == 25
    assert dist.mean == Fraction(9, 2) + Fraction(7, 2) + 5 + 3


@pytest.mark.rule("DICE-01")
def test_results_are_floored_at_zero() -> None:
    dist = DicePool.parse("1d6-3").distribution()
    assert dist.outcome_counts() == {0: 3, 1: 1, 2: 1, 3: 1}
    assert dist.total == 6
    assert dist.min == 0


@pytest.mark.rule("DICE-01")
def test_a_huge_penalty_leaves_every_result_at_zero() -> None:
    dist = DicePool.parse("2d4-100").distribution()
    assert dist.outcome_counts() == {0: 16}
    assert (dist.min, dist.max, dist.mean) == (0, 0, 0)
    assert dist.probability_at_least(0) == 1
    assert dist.probability_at_least(1) == 0
    assert dist.damage_distribution(5) == {0: 0, 5: 1}


@pytest.mark.rule("CHK-14")
def test_success_when_result_is_at_least_the_difficulty() -> None:
    pool = DicePool.parse("1d6")
    assert pool.probability_at_least(4) == Fraction(1, 2)  # 4, 5 and 6 succeed
    assert pool.probability_at_least(6) == Fraction(1, 6)
    assert pool.probability_at_least(7) == 0
    assert pool.probability_at_least(1) == 1
    assert pool.probability_at_least(0) == 1
    assert pool.probability_at_least(-3) == 1


@pytest.mark.rule("CHK-14")
def test_success_with_a_modifier() -> None:
    # 1d8+1d6+2d4+3 against 10 fails only on results 7, 8 and 9: 1 + 4 + 10 of 768 outcomes.
    pool = DicePool.parse("1d8+1d6+2d4+3")
    assert pool.probability_at_least(10) == Fraction(768 - 15, 768)


@pytest.mark.rule("CHK-15")
def test_damage_is_difficulty_minus_result() -> None:
    damage = DicePool.parse("1d6").distribution().damage_distribution(4)
    sixth = Fraction(1, 6)
    assert damage == {0: Fraction(1, 2), 1: sixth, 2: sixth, 3: sixth}
    assert sum(damage.values()) == 1


@pytest.mark.rule("CHK-15")
def test_damage_when_the_check_cannot_fail_or_cannot_succeed() -> None:
    assert DicePool.parse("1d4+4").distribution().damage_distribution(5) == {0: 1}
    damage = DicePool.parse("1d4").distribution().damage_distribution(10)
    assert damage == {0: 0, 6: Fraction(1, 4), 7: Fraction(1, 4), 8: Fraction(1, 4), 9: Fraction(1, 4)}


@pytest.mark.rule("CHK-13")
def test_a_reroll_gives_a_second_chance() -> None:
    # Needing a 6 on 1d6: fail twice with probability (5/6)^2.
    assert DicePool.parse("1d6").with_rerolls(1).probability_at_least(6) == Fraction(11, 36)
    assert DicePool.parse("1d6").with_rerolls(2).probability_at_least(6) == 1 - Fraction(5, 6) ** 3


def _brute_force_rerolls(pool: DicePool, difficulty: int) -> tuple[Fraction, dict[int, Fraction]]:
    """Enumerate every sequence of rolls; the player rerolls whenever the roll failed (CHK-13)."""
    faces = [range(1, sides + 1) for sides in pool.dice]
    single = [max(0, sum(roll) + pool.modifier) for roll in product(*faces)]
    success = Fraction(0)
    damage: dict[int, Fraction] = {}
    for rolls in product(single, repeat=pool.rerolls + 1):
        weight = Fraction(1, len(single) ** len(rolls))
        used = next((i for i, result in enumerate(rolls) if result >= difficulty), None)
        if used is not None:
            success += weight
        else:
            hurt = difficulty - rolls[-1]
            damage[hurt] = damage.get(hurt, Fraction(0)) + weight
    return success, {0: success, **damage}


@pytest.mark.rule("CHK-13")
@pytest.mark.rule("CHK-15")
@pytest.mark.parametrize(("text", "rerolls", "difficulty"), [("1d4+1d6", 1, 8), ("1d6-2", 2, 3), ("2d4", 1, 9)])
def test_rerolls_against_enumerated_sequences(text: str, rerolls: int, difficulty: int) -> None:
    pool = DicePool.parse(text).with_rerolls(rerolls)
    dist = pool.distribution()
    success, damage = _brute_force_rerolls(pool, difficulty)
    assert dist.probability_at_least(difficulty) == success
    assert dist.damage_distribution(difficulty) == dict(sorted(damage.items()))


@pytest.mark.rule("CHK-13")
def test_rerolls_do_not_change_a_single_roll() -> None:
    plain = DicePool.parse("2d6+1").distribution()
    rerolled = DicePool.parse("2d6+1").with_rerolls(3).distribution()
    assert rerolled.counts == plain.counts
    assert rerolled.mean == plain.mean
    assert rerolled.rerolls == 3


@pytest.mark.rule("CHK-14")
@pytest.mark.rule("CHK-15")
@settings(max_examples=1000, deadline=None)
@given(
    dice=st.lists(st.sampled_from([4, 6, 8, 10, 12, 20]), min_size=1, max_size=8),
    modifier=st.integers(-10, 10),
    difficulty=st.integers(0, 60),
)
def test_exact_odds_match_an_independent_computation(dice: list[int], modifier: int, difficulty: int) -> None:
    pool = DicePool(tuple(dice), modifier)
    dist = pool.distribution()
    success, damage = reference_odds(pool.dice, modifier, difficulty)
    assert dist.total == prod(dice)
    assert dist.probability_at_least(difficulty) == success
    assert dist.damage_distribution(difficulty) == dict(sorted(damage.items()))


# --------------------------------------------------------------------------------------------
# Rolling
# --------------------------------------------------------------------------------------------


@pytest.mark.rule("DICE-01")
def test_rolling_is_reproducible_with_a_seeded_generator() -> None:
    pool = DicePool.parse("1d12+1d8+2d4+1")
    first = [pool.roll(random.Random(2026)) for _ in range(3)]
    again = [pool.roll(random.Random(2026)) for _ in range(3)]
    assert first == again
    rng_a, rng_b = random.Random(7), random.Random(7)
    assert [pool.roll(rng_a) for _ in range(50)] == [pool.roll(rng_b) for _ in range(50)]


@pytest.mark.rule("DICE-01")
def test_rolls_stay_within_bounds() -> None:
    pool = DicePool.parse("1d20+1d6+2d4-3")
    rng = random.Random(11)
    for _ in range(500):
        roll = pool.roll(rng)
        assert isinstance(roll, Roll)
        assert [die.sides for die in roll.dice] == [20, 6, 4, 4]
        assert all(1 <= die.face <= die.sides for die in roll.dice)
        assert roll.modifier == -3
        assert roll.total == max(0, sum(die.face for die in roll.dice) - 3)
        assert 0 <= roll.total <= 33


@pytest.mark.rule("DICE-01")
def test_a_rolled_total_is_never_below_zero() -> None:
    rng = random.Random(3)
    assert {DicePool.parse("2d6-50").roll(rng).total for _ in range(100)} == {0}
    roll = Roll(dice=(DieResult(6, 1), DieResult(4, 1)), modifier=-5)
    assert roll.total == 0


@pytest.mark.rule("CHK-14")
@pytest.mark.rule("CHK-15")
def test_a_roll_knows_success_and_damage() -> None:
    roll = Roll(dice=(DieResult(8, 3), DieResult(6, 2)), modifier=1)
    assert roll.total == 6
    assert roll.succeeds(6) and not roll.succeeds(7)
    assert roll.damage(6) == 0
    assert roll.damage(9) == 3


def test_rolling_leaves_the_global_random_state_alone() -> None:
    state = random.getstate()
    DicePool.parse("3d6").roll(random.Random(1))
    assert random.getstate() == state


def test_rolled_faces_follow_the_distribution() -> None:
    # Not a proof, just a sanity check that every face of every die can come up.
    rng = random.Random(5)
    faces = Counter(die.face for _ in range(600) for die in DicePool.parse("1d6").roll(rng).dice)
    assert set(faces) == {1, 2, 3, 4, 5, 6}


def test_a_pool_of_a_thousand_and_more_dice_has_its_distribution_without_a_recursion_error() -> None:
    """No check rolls so many, but a pool's distribution never depends on Python's recursion limit."""
    from math import comb

    pool = DicePool((2,) * 1500)  # past the recursion limit of 1000, once a recursion per die
    distribution = pool.distribution()
    assert (distribution.min, distribution.max) == (1500, 3000)
    assert distribution.counts == tuple(comb(1500, ones) for ones in range(1501))
