"""Campaigns: a party playing an adventure's or the Adventure Path's scenarios one after another, and what comes
between them (rulebook: "Ending a Scenario, Adventure, or Adventure Path", "Between Games", "Dying", "Feats").

- `story`: the scenarios a campaign plays in order, and the rewards of their story cards;
- `party`: the characters with their decks, feats and mythic paths, and the feat boxes they may check;
- `between`: what comes after a scenario, as questions: rewards, decks rebuilt, the dead replaced;
- `campaign`: the Campaign itself, from one game to the next, and its data.
"""
