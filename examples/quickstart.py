"""nimkit in a few lines: who wins, Grundy values with numpy, a proved period, a game."""

import numpy

import nimkit

analysis = nimkit.analyze(nimkit.Position("3 4 5"))
print(analysis.winner, analysis.grundy, [m.description for m in analysis.winning_moves])

kayles = nimkit.grundy_sequence("kayles", 100)
values = numpy.asarray(kayles)  # the engine's table itself, no copy
period = kayles.period()
print(values[:12], "period", period.period, "from heap", period.preperiod)

match = nimkit.Match("3 4 5")
players = [nimkit.perfect(), nimkit.random(seed=1)]
while not match.over:
    match.play(players[match.to_move])
print(match.transcript(), "winner:", match.winner)

quotient: nimkit.Analysis = nimkit.analyze("kayles:20 kayles:77 kayles:1000000000", misere=True)
print(quotient.method, quotient.winning_move_count)
print(nimkit.Nimber(5) * nimkit.Nimber(3))
