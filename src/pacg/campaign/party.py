"""The party of a campaign: each character with their deck, their feats and their mythic path, kept from one
scenario to the next ("Between Games", "Feats"; FEAT-01, FEAT-02, REB-01).

A member's feats are written as a table file writes them (`pacg.tables.TableFeats`), and checked as it checks them:
the feats a member may check now are those whose checking leaves the character's feats valid (`free_feats`), so one
checker says what a box allows wherever feats come from.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple

from pacg.cards.model import Character
from pacg.engine.feats import feat_problems
from pacg.tables import TableFeats

FeatKind = Literal["skill", "power", "card"]
FEAT_KINDS: tuple[FeatKind, ...] = ("skill", "power", "card")


@dataclass
class Member:
    """A character of the party: alive or dead (DEATH-01), the card names of their deck for the next scenario, their
    checked feats and mythic path (MYTH-01)."""

    name: str
    deck: list[str] = field(default_factory=list)
    feats: TableFeats = field(default_factory=TableFeats)
    mythic_path: str | None = None
    alive: bool = True

    def data(self) -> dict[str, Any]:
        """The member as a campaign's JSON holds it."""
        return {"name": self.name, "alive": self.alive, "deck": list(self.deck),
                "feats": self.feats.model_dump(mode="json", exclude_defaults=True), "mythic_path": self.mythic_path}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Member:
        return cls(data["name"], list(data["deck"]), TableFeats.model_validate(data.get("feats") or {}),
                   data.get("mythic_path"), bool(data.get("alive", True)))


class FeatBox(NamedTuple):
    """One feat box a member may check now: its kind (FEAT-02), what it is on and the feats once it is checked."""

    kind: FeatKind
    label: str
    feats: TableFeats


def free_feats(card: Character, feats: TableFeats, kind: FeatKind | Literal["any"]) -> list[FeatBox]:
    """The boxes of a kind (or of any kind) the character may check now: for each skill, power and card type the
    leftmost unchecked box (FEAT-01), on the character card or the role chosen (ROLE-01); none where every box of
    that kind is checked (END-03: then no feat is gained)."""
    kinds = FEAT_KINDS if kind == "any" else (kind,)
    boxes = [box for one in kinds for box in _candidates(card, feats, one)]
    return [box for box in boxes if not any(feat_problems(card, box.feats))]


def _candidates(card: Character, feats: TableFeats, kind: FeatKind) -> list[FeatBox]:
    """Every next box of a kind, checked or not by the rules: `free_feats` keeps those the checker allows."""
    if kind == "skill":
        return [FeatBox(kind, f"{skill} +{feats.skills.get(skill, 0) + 1}",
                        _with(feats, skills={**feats.skills, skill: feats.skills.get(skill, 0) + 1}))
                for skill in card.skills]
    if kind == "card":
        return [FeatBox(kind, f"{card_type} +{feats.cards.get(card_type, 0) + 1}",
                        _with(feats, cards={**feats.cards, card_type: feats.cards.get(card_type, 0) + 1}))
                for card_type in card.cards_list]
    role = next((role for role in card.roles if role.name == feats.role), None)
    holder = role if role is not None else card
    boxes = [FeatBox(kind, f"hand size +{feats.hand_size + 1}", _with(feats, hand_size=feats.hand_size + 1))]
    boxes += [FeatBox(kind, f"proficiency: {entry.name}",
                      _with(feats, proficiencies=[*feats.proficiencies, entry.name]))
              for entry in holder.proficiencies if entry.feat and entry.name not in feats.proficiencies]
    for paragraph, power in enumerate(holder.powers):
        labels = [label for label in (power.box, *(feat.box for feat in power.feats)) if label is not None]
        boxes += [FeatBox(kind, f"power {paragraph + 1}: {label}",
                          _with(feats, powers=[*feats.powers, (paragraph, label)]))
                  for label in labels if (paragraph, label) not in feats.powers]
    return boxes


def _with(feats: TableFeats, **changed: Any) -> TableFeats:
    return TableFeats.model_validate({**feats.model_dump(), **changed})


def feat_labels(feats: TableFeats) -> list[str]:
    """The feats checked, in words: "Strength +2", "hand size +1", "weapon +1", "power 2: +1", a proficiency, the
    role."""
    labels = [f"{skill} +{count}" for skill, count in feats.skills.items()]
    labels += [f"hand size +{feats.hand_size}"] if feats.hand_size else []
    labels += [f"{card_type} +{count}" for card_type, count in feats.cards.items()]
    labels += [f"proficiency: {proficiency}" for proficiency in feats.proficiencies]
    labels += [f"power {paragraph + 1}: {label}" for paragraph, label in feats.powers]
    return labels + ([f"role: {feats.role}"] if feats.role else [])
