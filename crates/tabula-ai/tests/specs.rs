//! Bot specifications: reading, writing back, and every bad input refused with a reason.

use tabula_ai::{AiError, BotFactory, BotSpec, Engine, Level, MctsConfig, RolloutKind};
use tabula_connect_four::ConnectFour;

#[test]
fn specs_read_and_write_back() {
    for text in [
        "random",
        "beginner",
        "expert:engine=mcts",
        "strong:engine=alphabeta:threads=2",
        "expert:threads=2:ms=1900",
        "mcts:iterations=5000:c=1",
        "mcts:ms=200:c=0.7:threads=4:reuse=no:rollout=heuristic",
        "mcts:iterations=800:c=1.4:threads=2:parallel=root",
        "mcts:iterations=100:c=1.4:nodes=1000:steps=50:prior=2.5:rollout=game",
        "alphabeta:depth=6",
        "alphabeta:depth=12:nodes=1000:ms=500:noise=0.1:tt=16",
        "alphabeta:depth=30:ms=100:threads=2",
        "alphabeta:depth=30:ms=100:threads=2:split=no",
        "alphabeta:depth=30:threads=4:split=yes",
    ] {
        let spec: BotSpec = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        let back: BotSpec = spec.to_string().parse().unwrap();
        assert_eq!(back, spec, "{text} -> {spec}");
    }
    assert_eq!(
        "casual".parse::<BotSpec>().unwrap(),
        BotSpec::Level {
            level: Level::Casual,
            engine: None,
            threads: None,
            ms: None,
        }
    );
    let BotSpec::Mcts { config, rollout } = "mcts:ms=50".parse().unwrap() else {
        panic!()
    };
    assert_eq!((config.iterations, config.time_ms), (None, Some(50)));
    assert_eq!(rollout, None);
    let BotSpec::Mcts { config, .. } = "mcts".parse().unwrap() else {
        panic!()
    };
    assert_eq!(config, MctsConfig::default());
    let BotSpec::Mcts { rollout, .. } = "mcts:rollout=random".parse().unwrap() else {
        panic!()
    };
    assert_eq!(rollout, Some(RolloutKind::Random));
    let list = BotSpec::parse_list("strong,random,mcts:iters=10").unwrap();
    assert_eq!(list.len(), 3);
}

#[test]
fn bad_specs_name_the_problem() {
    for (text, needle) in [
        ("grandmaster", "a bot is random"),
        ("random:x=1", "unknown option `x`"),
        ("mcts:iterations=lots", "`iterations` needs a number"),
        ("mcts:c=-1", "exploration"),
        ("mcts:threads=0", "threads"),
        ("mcts:depth", "not `key=value`"),
        ("mcts:rollout=smart", "rollout is random, heuristic or game"),
        ("mcts:reuse=maybe", "yes or no"),
        ("mcts:parallel=leaf", "parallel is tree or root"),
        ("alphabeta:depth=0", "depth must be at least 1"),
        ("alphabeta:iterations=5", "unknown option `iterations`"),
        (
            "alphabeta:threads=0",
            "threads must be from 1 to 256, not 0",
        ),
        ("alphabeta:threads=many", "`threads` needs a number"),
        ("alphabeta:split=sometimes", "yes or no"),
        ("strong:engine=minimax", "engine is mcts or alphabeta"),
        ("strong:threads=0", "threads must be at least 1"),
        ("expert:ms=0", "ms must be at least 1"),
        ("expert:ms=soon", "`ms` needs a number"),
        ("expert:depth=3", "unknown option `depth`"),
    ] {
        let err = text.parse::<BotSpec>().unwrap_err();
        let msg = err.to_string();
        assert!(msg.contains(needle), "{text}: {msg}");
        assert!(msg.contains(text), "{text}: {msg}");
    }
}

#[test]
fn factory_builds_only_what_the_game_supports() {
    let plain = BotFactory::<ConnectFour>::new();
    let full = BotFactory::<ConnectFour>::new()
        .with_alphabeta()
        .with_heuristic_rollouts(0.2);
    let spec = |t: &str| t.parse::<BotSpec>().unwrap();
    assert!(matches!(
        plain.build(&spec("alphabeta"), 2, 1),
        Err(AiError::Unsupported(_))
    ));
    assert!(matches!(
        plain.build(&spec("strong:engine=alphabeta"), 2, 1),
        Err(AiError::Unsupported(_))
    ));
    assert!(matches!(
        plain.build(&spec("mcts:rollout=heuristic"), 2, 1),
        Err(AiError::Unsupported(_))
    ));
    assert!(matches!(
        full.build(&spec("mcts:rollout=game"), 2, 1),
        Err(AiError::Unsupported(_))
    ));
    for t in [
        "random",
        "beginner",
        "strong:engine=mcts",
        "alphabeta:depth=3",
        "mcts:rollout=heuristic",
    ] {
        let bot = full.build(&spec(t), 2, 1).unwrap();
        assert_eq!(bot.name(), spec(t).to_string());
    }
    assert_eq!(full.engine_for(2, None), Engine::AlphaBeta);
    assert_eq!(full.engine_for(3, None), Engine::Mcts);
    assert_eq!(plain.engine_for(2, Some(Engine::AlphaBeta)), Engine::Mcts);
}

#[test]
fn a_level_facing_people_gets_the_threads_and_its_time_cap_and_chosen_settings_are_kept() {
    let spec = |t: &str| t.parse::<BotSpec>().unwrap();
    let facing = |t: &str| spec(t).facing_people(4).to_string();
    assert_eq!(facing("expert"), "expert:threads=4:ms=1900");
    assert_eq!(
        facing("strong:engine=mcts"),
        "strong:engine=mcts:threads=4:ms=450"
    );
    assert_eq!(facing("beginner"), "beginner:threads=4:ms=100");
    // A level with its own threads or time, and every other kind of bot, is played as given.
    for kept in [
        "expert:threads=1",
        "strong:ms=200",
        "random",
        "mcts:iterations=500",
    ] {
        assert_eq!(facing(kept), spec(kept).to_string());
    }
}
