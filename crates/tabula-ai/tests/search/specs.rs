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
        ("mcts:c=-1", "c: a finite number ≥ 0, not -1"),
        ("mcts:threads=0", "threads"),
        ("mcts:depth", "not `key=value`"),
        ("mcts:rollout=smart", "rollout is random, heuristic or game"),
        ("mcts:reuse=maybe", "yes or no"),
        ("mcts:parallel=leaf", "parallel is tree or root"),
        ("alphabeta:depth=0", "depth must be at least 1"),
        ("alphabeta:iterations=5", "unknown option `iterations`"),
        ("alphabeta:threads=0", "threads must be at least 1"),
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

/// Every number of a specification has an upper bound, and a value beyond it is refused
/// with the option's name, its bound and the value given; at the bound it is accepted.
#[test]
fn specs_beyond_the_bounds_are_refused_naming_the_option_and_the_bound() {
    for (text, message) in [
        (
            "mcts:iterations=10:threads=2:nodes=1000000000000000",
            "nodes: at most 8000000 (about 2 GiB), not 1000000000000000",
        ),
        (
            "mcts:iterations=100000001",
            "iterations: at most 100000000, not 100000001",
        ),
        (
            "mcts:ms=600001",
            "ms: at most 600000 (10 minutes), not 600001",
        ),
        ("mcts:threads=65", "threads: at most 64, not 65"),
        (
            "mcts:threads=4:parallel=root:nodes=6000000",
            "nodes × threads with parallel=root: at most 8000000 (about 2 GiB), not 24000000",
        ),
        ("mcts:steps=100001", "steps: at most 100000, not 100001"),
        ("mcts:prior=inf", "prior: a finite number ≥ 0, not inf"),
        ("mcts:c=NaN", "c: a finite number ≥ 0, not NaN"),
        ("alphabeta:depth=65", "depth: at most 64, not 65"),
        (
            "alphabeta:nodes=1000000001",
            "nodes: at most 1000000000, not 1000000001",
        ),
        (
            "alphabeta:ms=3600000",
            "ms: at most 600000 (10 minutes), not 3600000",
        ),
        ("alphabeta:tt=30", "tt: at most 26 (about 1 GiB), not 30"),
        ("alphabeta:threads=256", "threads: at most 64, not 256"),
        ("alphabeta:noise=inf", "noise: a finite number ≥ 0, not inf"),
        ("strong:threads=1000", "threads: at most 64, not 1000"),
        (
            "expert:ms=86400000",
            "ms: at most 600000 (10 minutes), not 86400000",
        ),
    ] {
        let msg = text.parse::<BotSpec>().unwrap_err().to_string();
        assert_eq!(msg, format!("bad bot `{text}`: {message}"));
    }
    for text in [
        "mcts:iterations=100000000:ms=600000:threads=64:nodes=8000000:steps=100000",
        "mcts:threads=2:parallel=root:nodes=4000000",
        "alphabeta:depth=64:nodes=1000000000:ms=600000:tt=26:threads=64",
        "expert:threads=64:ms=600000",
    ] {
        assert!(text.parse::<BotSpec>().is_ok(), "{text}");
    }
}

/// A level built from a specification made in code (not read from text) is checked too.
#[test]
fn a_level_with_too_many_threads_is_not_built() {
    let factory = BotFactory::<ConnectFour>::new().with_alphabeta();
    for engine in [Engine::Mcts, Engine::AlphaBeta] {
        let spec = BotSpec::Level {
            level: tabula_ai::Level::Strong,
            engine: Some(engine),
            threads: Some(1000),
            ms: None,
        };
        let err = factory
            .build(&spec, 2, 1)
            .err()
            .expect("refused")
            .to_string();
        assert!(
            err.contains("threads: at most 64, not 1000"),
            "{engine:?}: {err}"
        );
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
    assert_eq!(facing("beginner"), "beginner:threads=4:ms=90");
    // A level with its own threads keeps them, within its time cap; the smaller cap wins.
    assert_eq!(facing("expert:threads=1"), "expert:threads=1:ms=1900");
    assert_eq!(facing("strong:ms=5000"), "strong:ms=450");
    // A smaller time of its own, and every other kind of bot, is played as given.
    for kept in ["strong:ms=200", "random", "mcts:iterations=500"] {
        assert_eq!(facing(kept), spec(kept).to_string());
    }
}

#[test]
fn an_uncapped_level_searches_within_its_budgets_alone() {
    let uncapped = |t: &str| t.parse::<BotSpec>().unwrap().uncapped().to_string();
    assert_eq!(uncapped("expert"), "expert:ms=600000");
    assert_eq!(uncapped("strong:threads=2"), "strong:threads=2:ms=600000");
    for kept in ["strong:ms=200", "random", "mcts:iterations=500"] {
        assert_eq!(uncapped(kept), kept.parse::<BotSpec>().unwrap().to_string());
    }
}
