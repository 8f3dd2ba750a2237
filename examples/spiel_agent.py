"""nimkit.spiel as an OpenSpiel game: a random agent against the perfect player on Kayles."""

from typing import List, Union

from nimkit import spiel


def play(game: spiel.Game, seed: int) -> List[float]:
    state = game.new_initial_state()
    bots: List[Union[spiel.UniformRandomBot, spiel.PerfectBot]] = [
        spiel.UniformRandomBot(0, seed),
        spiel.PerfectBot(game, 1),
    ]
    while not state.is_terminal():
        action = bots[state.current_player()].step(state)
        state.apply_action(action)
    return state.returns()


game = spiel.load_game("kayles(heaps=9;4)")
results = [play(game, seed) for seed in range(20)]
wins = sum(1 for r in results if r[0] > 0)
print(f"{game}: the random agent won {wins} of {len(results)} games")
