"""The game's words: card types, set indicators, skills, traits and card actions (SET-01, SET-02).

Card files are checked against these lists, so a misspelt skill or trait is caught when the file loads
rather than silently never matching anything. A designer adding a new trait adds it to `TRAITS`.
"""

from __future__ import annotations

from enum import StrEnum


class CardType(StrEnum):
    """Every card type of the game (SET-02)."""

    CHARACTER = "character"
    ROLE = "role"
    TOKEN = "token"
    ADVENTURE_PATH = "adventure path"
    ADVENTURE = "adventure"
    SCENARIO = "scenario"
    LOCATION = "location"
    COHORT = "cohort"
    MYTHIC_PATH = "mythic path"
    REDEMPTION = "redemption"
    VILLAIN = "villain"
    HENCHMAN = "henchman"
    MONSTER = "monster"
    BARRIER = "barrier"
    WEAPON = "weapon"
    SPELL = "spell"
    ARMOR = "armor"
    ITEM = "item"
    ALLY = "ally"
    BLESSING = "blessing"
    LOOT = "loot"


BANE_TYPES = frozenset({CardType.VILLAIN, CardType.HENCHMAN, CardType.MONSTER, CardType.BARRIER})
BOON_TYPES = frozenset(
    {
        CardType.WEAPON,
        CardType.SPELL,
        CardType.ARMOR,
        CardType.ITEM,
        CardType.ALLY,
        CardType.BLESSING,
        CardType.LOOT,
    }
)
# The types a location's deck list and a character's Cards List count (loot counts as its listed type).
DECK_TYPES = (
    CardType.MONSTER,
    CardType.BARRIER,
    CardType.WEAPON,
    CardType.SPELL,
    CardType.ARMOR,
    CardType.ITEM,
    CardType.ALLY,
    CardType.BLESSING,
)

# Set indicators (SET-01): letters for the base set (B), the Character Add-On Deck (C) and promotional
# cards (P); numbers for the six Adventure Decks.
SET_INDICATORS = ("B", "C", "P", "1", "2", "3", "4", "5", "6")

# The most character decks built at once: 4 with the base set, 6 with the Character Add-On Deck, which this box
# holds (REB-03); a scenario lists its locations for 1 to 6 players (SETUP-05).
MAX_PARTY = 6
BASE_SET_PARTY = 4  # the most without the Character Add-On Deck's players


def adventure_deck_number(set_indicator: str) -> int:
    """A letter set counts as adventure deck number 0; an Adventure Deck as its number (SET-01)."""
    return int(set_indicator) if set_indicator.isdigit() else 0


class Skill(StrEnum):
    """The skills a character card may list, the six abilities first."""

    STRENGTH = "Strength"
    DEXTERITY = "Dexterity"
    CONSTITUTION = "Constitution"
    INTELLIGENCE = "Intelligence"
    WISDOM = "Wisdom"
    CHARISMA = "Charisma"
    MELEE = "Melee"
    RANGED = "Ranged"
    ACROBATICS = "Acrobatics"
    STEALTH = "Stealth"
    DISABLE = "Disable"
    FORTITUDE = "Fortitude"
    ARCANE = "Arcane"
    KNOWLEDGE = "Knowledge"
    CRAFT = "Craft"
    DIVINE = "Divine"
    PERCEPTION = "Perception"
    SURVIVAL = "Survival"
    DIPLOMACY = "Diplomacy"


ABILITIES = (
    Skill.STRENGTH,
    Skill.DEXTERITY,
    Skill.CONSTITUTION,
    Skill.INTELLIGENCE,
    Skill.WISDOM,
    Skill.CHARISMA,
)

# "Combat" names a combat check in a check to defeat; it is not a skill (CHK-07).
COMBAT = "Combat"

# Combat checks use Strength or Melee unless a card says otherwise (CHK-07).
DEFAULT_COMBAT_SKILLS = (Skill.STRENGTH, Skill.MELEE)

# The die rolled for a skill a character does not have (CHK-04).
UNTRAINED_DIE = 4


class CardAction(StrEnum):
    """What a player does with a card to play it (PLAY-01, PLAY-04), or to pay for a power."""

    REVEAL = "reveal"
    DISPLAY = "display"
    DISCARD = "discard"
    RECHARGE = "recharge"
    BURY = "bury"
    BANISH = "banish"
    TOP_OF_DECK = "top of deck"  # "another action specified by that card" (PLAY-01): put it on top of your deck
    SHUFFLE_INTO_DECK = "shuffle into deck"
    RETURN_TO_BOX = "return to box"  # not banishing it: a cohort returned to the box may be used again (COH-01)


# What doing an action to a card reads as ("discard this card", "put this card on top of your deck").
_ACTION_WORDS = {CardAction.TOP_OF_DECK: "put {card} on top of your deck",
                 CardAction.SHUFFLE_INTO_DECK: "shuffle {card} into your deck",
                 CardAction.RETURN_TO_BOX: "return {card} to the box"}


def action_text(action: CardAction, card: str = "this card") -> str:
    """An action done to a card, in words, without a capital: "reveal this card", "put Donahan on top of your
    deck"."""
    return _ACTION_WORDS.get(action, "{action} {card}").format(action=action, card=card)


class DamageType(StrEnum):
    """Damage types; "all" in a reduction means every type (ARMOR-01)."""

    COMBAT = "Combat"
    ACID = "Acid"
    COLD = "Cold"
    ELECTRICITY = "Electricity"
    FIRE = "Fire"
    FORCE = "Force"
    MENTAL = "Mental"
    POISON = "Poison"


class Proficiency(StrEnum):
    """What a character may be proficient with."""

    LIGHT_ARMORS = "Light Armors"
    HEAVY_ARMORS = "Heavy Armors"
    WEAPONS = "Weapons"

_CARD_TRAITS = """
Basic Elite Owner Corrupted Mythic Veteran Magic Attack Healing
Male Female Human Gnome Halfling Dwarf Half-Orc Half-Elf Elf Tiefling Aasimar Pitborn Mongrel Goblin
Cavalier Summoner Arcanist Ranger Inquisitor Cleric Paladin Hunter Bloodrager Sorcerer Shaman Wizard
Rogue Warrior Fighter Druid Bard Alchemist Monk Soldier Cultist Crusader Mendevian Noble Guard Scholar
Outsider Demon Daemon Minotaur Eidolon Vermin Swarm Undead Wight Ghost Ghoul Incorporeal Vampire Zombie
Skeleton Construct Golem Animal Plant Dragon Giant Ooze Spirit Aberration Reptile Insect
Rat Snake Bird Mount Horse Tuatara Wolf Bat Frog Lizard Vulture
Trap Task Cache Skirmish Temptation Obstacle Hazard
Pick Spear Polearm Mace Staff Chain Scythe Sword Dagger Knife Axe Hammer Club Bow Crossbow Shield Firearm
Melee Ranged Piercing Slashing Bludgeoning 2-Handed Finesse Thrown
Helm Book Liquid Alchemical Object Gambling Wand Potion Ring Tool Holy
Abadar Ascension Iomedae Sarenrae Shelyn Torag Pulura Abraxas Baphomet Shax Deskari Desna Gorum
Fire Cold Electricity Acid Poison Force Mental Sonic
Abyssal Wild Urban Dungeon
"""

# Every trait a card may carry. Skill names are traits too (CHK-06: the skill used adds its trait), and
# so are the arcane and divine traits of spells (Arcane, Divine).
TRAITS: frozenset[str] = (
    frozenset(_CARD_TRAITS.split()) | frozenset(str(s) for s in Skill) | {"Light Armor", "Heavy Armor"}
)
