"""tabula.vector: batched environments stepped in Rust."""

import numpy as np
import pytest

import tabula
from tabula.vector import VectorAECEnv, VectorEnv, make_native


def first_legal(mask):
    return mask.argmax(axis=1).astype(np.int64)


def random_legal(rng, mask):
    return np.array([rng.choice(np.flatnonzero(m)) for m in mask], dtype=np.int64)


def test_the_arrays_have_the_games_shapes_and_dtypes():
    env = VectorEnv("connect-four", 5)
    obs, info = env.reset(seed=3)
    probe = tabula.new("connect-four")
    assert obs["observation"].shape == (5, *probe.observation_shape)
    assert obs["observation"].dtype == np.float32
    assert obs["action_mask"].shape == (5, probe.num_actions)
    assert obs["action_mask"].dtype == np.bool_
    obs, reward, term, trunc, info = env.step(first_legal(obs["action_mask"]))
    assert reward.shape == (5,) and reward.dtype == np.float32
    assert term.dtype == np.bool_ and trunc.dtype == np.bool_
    assert info["rewards"].shape == (5, 2)
    assert info["to_act"].dtype == np.int64


def test_observations_and_masks_are_those_of_the_single_env_api():
    env = make_native("connect-four", 3)
    env.reset(7)
    states = []
    for i in range(3):
        state = tabula.new("connect-four")
        assert env.masks[i].tolist() == state.legal_action_mask().tolist()
        assert np.array_equal(env.observations[i], state.observation(0).ravel())
        states.append(state)
    env.step(np.array([3, 0, 6]))
    for state, a in zip(states, [3, 0, 6]):
        state.apply(int(a))
    for i, state in enumerate(states):
        assert env.to_act[i] == 1
        assert env.masks[i].tolist() == state.legal_action_mask().tolist()
        assert np.array_equal(env.observations[i], state.observation(1).ravel())


def test_the_arrays_are_reused_not_reallocated():
    env = VectorEnv("connect-four", 4)
    obs, _ = env.reset(seed=1)
    obs2, reward, term, trunc, _ = env.step(first_legal(obs["action_mask"]))
    obs3, reward2, term2, trunc2, _ = env.step(first_legal(obs2["action_mask"]))
    assert obs3["observation"] is obs["observation"] and obs3["action_mask"] is obs["action_mask"]
    assert reward2 is reward and term2 is term and trunc2 is trunc


def test_auto_reset_keeps_the_final_observation():
    env = VectorEnv("connect-four", 2)
    obs, _ = env.reset(seed=0)
    # Seat 0 plays column 1, seat 1 column 2: seat 0 wins on its fourth move.
    for step in range(7):
        actions = np.full(2, 0 if step % 2 == 0 else 1)
        obs, reward, term, trunc, info = env.step(actions)
        if step < 6:
            assert not term.any()
    assert term.all() and not trunc.any()
    assert info["_final_obs"].all()
    state = tabula.new("connect-four")
    for step in range(7):
        state.apply(0 if step % 2 == 0 else 1)
    assert np.array_equal(info["final_obs"][0], state.observation(0))
    assert reward.tolist() == [1.0, 1.0]
    assert info["rewards"].tolist() == [[1.0, 0.0], [1.0, 0.0]]
    # The new games have started: empty boards, seat 0 to act.
    assert np.array_equal(obs["observation"][0], tabula.new("connect-four").observation(0))
    assert info["to_act"].tolist() == [0, 0]


def trajectory(seed, game="connect-four", steps=60, **kwargs):
    env = make_native(game, 4, **kwargs)
    env.reset(seed)
    rng = np.random.default_rng(5)
    seen = []
    for _ in range(steps):
        env.step(random_legal(rng, env.masks))
        seen.append((env.observations.copy(), env.rewards.copy(), env.terminated.copy(), env.to_act.copy()))
    return seen


def test_the_same_seed_gives_the_same_trajectories():
    a, b = trajectory(11, "toumai"), trajectory(11, "toumai")
    for x, y in zip(a, b):
        for u, v in zip(x, y):
            assert np.array_equal(u, v)
    c = trajectory(12, "toumai")
    assert any(not np.array_equal(x[0], y[0]) for x, y in zip(a, c))


def test_two_threads_give_the_trajectories_of_one():
    a, b = trajectory(4, threads=1), trajectory(4, threads=2)
    for x, y in zip(a, b):
        for u, v in zip(x, y):
            assert np.array_equal(u, v)


def test_long_steps_shared_between_threads_keep_the_trajectories():
    # With the opponent bot searching, each step is long enough for the standing pool to
    # share it, and games cross threads between steps.
    def run(threads):
        env = make_native("connect-four", 32, opponent="casual", opponent_seats=[1], threads=threads)
        env.reset(9)
        rng = np.random.default_rng(3)
        seen, ended = [], 0
        for _ in range(30):
            env.step(random_legal(rng, env.masks))
            ended += int(env.terminated.sum())
            seen.append((env.observations.copy(), env.rewards.copy(), env.terminated.copy()))
        return seen, ended

    one, ended = run(1)
    assert ended > 0, "some games end, so auto-reset is crossed"
    for threads in (2, 3):
        other, _ = run(threads)
        for x, y in zip(one, other):
            for u, v in zip(x, y):
                assert np.array_equal(u, v)


def test_threads_out_of_range_are_refused_and_extra_threads_are_harmless():
    for threads in (0, 1025):
        with pytest.raises(tabula.ParamsError, match=f"threads must be from 1 to 1024, not {threads}"):
            make_native("connect-four", 2, threads=threads)
    env = make_native("connect-four", 2, threads=8)
    env.reset(1)
    env.step(first_legal(env.masks))
    assert env.acted.tolist() == [0, 0]


def test_unseeded_resets_differ_between_envs():
    a, b = make_native("toumai", 4), make_native("toumai", 4)
    a.reset()
    b.reset()
    assert not np.array_equal(a.observations, b.observations)


def test_the_opponent_seats_never_appear_to_the_caller():
    env = VectorEnv("connect-four", 8, opponent="casual", opponent_seats=[1])
    obs, info = env.reset(seed=2)
    rng = np.random.default_rng(0)
    games = 0
    for _ in range(200):
        assert (info["to_act"] == 0).all()
        obs, reward, term, trunc, info = env.step(random_legal(rng, obs["action_mask"]))
        games += int(term.sum())
    assert games > 0


def test_an_illegal_index_names_the_env_and_the_index_and_changes_nothing():
    env = make_native("connect-four", 3)
    env.reset(0)
    for _ in range(6):
        env.step(np.zeros(3, np.int64))  # column 1 is now full
    before = env.observations.copy()
    with pytest.raises(tabula.IllegalActionError, match=r"env 2: action index 0 is not legal"):
        env.step(np.array([1, 1, 0]))
    with pytest.raises(tabula.IllegalActionError, match=r"env 0: action index -1"):
        env.step(np.array([-1, 1, 1]))
    with pytest.raises(tabula.IllegalActionError, match=r"env 1: action index 99"):
        env.step(np.array([1, 99, 1]))
    assert np.array_equal(env.observations, before)


def test_bad_arguments_raise_typed_errors():
    with pytest.raises(tabula.ParamsError, match="actions has 2 entries, for 3"):
        env = make_native("connect-four", 3)
        env.reset(0)
        env.step(np.zeros(2, np.int64))
    with pytest.raises(tabula.TabulaError, match="reset"):
        make_native("connect-four", 3).step(np.zeros(3, np.int64))
    with pytest.raises(tabula.ParamsError, match="opponent seat 2 does not exist"):
        make_native("connect-four", 3, opponent="casual", opponent_seats=[2])
    with pytest.raises(tabula.BotError):
        make_native("connect-four", 3, opponent="nobody", opponent_seats=[1])
    with pytest.raises(tabula.UnknownGameError):
        make_native("chess", 3)
    with pytest.raises(tabula.ParamsError, match="seed must be"):
        VectorEnv("connect-four", 2).reset(seed=-1)


def test_max_steps_truncates():
    env = VectorEnv("connect-four", 2, max_steps=3)
    obs, _ = env.reset(seed=0)
    for _ in range(2):
        obs, _, term, trunc, _ = env.step(first_legal(obs["action_mask"]))
        assert not trunc.any()
    obs, _, term, trunc, info = env.step(first_legal(obs["action_mask"]))
    assert trunc.all() and not term.any() and info["_final_obs"].all()


def test_the_large_toumai_mask_is_written_in_place():
    env = make_native("toumai", 3)
    env.reset(1)
    mask = env.masks
    rng = np.random.default_rng(1)
    for _ in range(30):
        env.step(random_legal(rng, mask))
        flat, offsets = env.legal_indices()
        for i in range(3):
            assert np.flatnonzero(mask[i]).tolist() == sorted(flat[offsets[i]:offsets[i + 1]].tolist())


def test_the_pettingzoo_view_lists_each_games_agent():
    env = VectorAECEnv("connect-four", 2)
    env.reset(seed=0)
    assert env.agent_selection == ["seat_0", "seat_0"]
    env.step(first_legal(env.observe()["action_mask"]))
    assert env.agent_selection == ["seat_1", "seat_1"]
    assert env.rewards["seat_0"].shape == (2,)


def test_gymnasiums_checks_pass():
    gymnasium = pytest.importorskip("gymnasium")
    env = VectorEnv("connect-four", 3)
    obs, _ = env.reset(seed=0)
    assert env.observation_space.contains(obs)
    assert env.single_observation_space.contains({k: v[0] for k, v in obs.items()})
    assert env.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.SAME_STEP
