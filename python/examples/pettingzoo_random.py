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
            # The bot answers in notation; the environment takes action indices.
            action = e.state_.action_index(bot.choose(e.state_))
        else:
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        e.step(action)
    print(f"episode {episode}: returns {e.state_.returns()} (seat_0 is the bot)")
print(e.render())
