"""Random agents and a Tabula bot playing Connect Four through PettingZoo's standard loop.

    pip install ./python[pettingzoo]
    python python/examples/pettingzoo_random.py
"""

import numpy as np

import tabula
from tabula.pettingzoo import env

e = env("connect-four", render_mode="ansi")
bot = tabula.Bot("casual", seed=1)
rng = np.random.default_rng(0)
for episode in range(3):
    e.reset(seed=episode)
    for agent in e.agent_iter():
        observation, reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            action = None
        elif agent == "seat_0":
            # choose_index: the bot's action as the index the environment takes.
            action = bot.choose_index(e.game_state)
        else:
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        e.step(action)
    print(f"episode {episode}: returns {e.game_state.returns()} (seat_0 is the bot)")
print(e.render())
