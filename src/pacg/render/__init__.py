"""What a person is shown of a game, drawn from a seat's view (`Game.view`, plain data: DESIGN.md 5) as rich
renderables, for the line mode (`agents.terminal`) and the full screen (`screen`) alike:

    table.py     the table: locations, characters with their hands and piles, the blessings deck, the encounter
    decision.py  a decision: the check under way with its exact odds (DESIGN.md 6), its options, the outcome
    explain.py   what a decision is about (its rule and cards), a character's sheet, a location's card
    narrate.py   an AI player's answer in one line a person reads

Nothing here reads the live game, asks anything or waits for a key: the front-ends do that. The package imports
none of its modules, so a front-end loads only what it draws.
"""
