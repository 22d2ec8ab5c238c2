"""`pacg simulate`: many games of one or more configurations, played in bulk and summed up (issue 13).

One module per concern: `config` (what a game is played with, and each game's seed), `games` (playing one game
and what it leaves: `GameResult`, watched through the agent, never the live game), `stats` (running sums that
merge in any order, so a run of a million games holds only its cards' counts), `intervals` (Wilson and Newcombe
intervals), `runner` (chunks of games on this process, a pool of processes or Ray), `progress` (the progress bar),
`summary` (the text and JSON summaries) and `report` (an HTML page with matplotlib plots).
"""
