use super::*;
use tabula_core::ParamDescription;

const fn param(
    name: &'static str,
    kind: &'static str,
    help: &'static str,
    values: &'static [&'static str],
) -> ParamDescription {
    ParamDescription {
        name,
        kind,
        help,
        default: None,
        values,
    }
}

const ONE: GameDescription = GameDescription {
    name: "one",
    title: "One",
    min_players: 2,
    max_players: 2,
    default_players: 2,
    params: &[
        param("board_size", "integer", "the board's side", &[]),
        param("map", "text", "a map file", &[]),
        param("speed", "string", "how fast", &["slow", "fast"]),
        param("start", "integers", "the starting squares", &[]),
        param("seed", "integer", "shadowed by the command's own", &[]),
    ],
    commands: &[],
    real_time: false,
    draws_by_agreement: false,
    hidden_information: false,
    seats: &[],
    rules: "",
    translations: &[],
    lessons: None,
    puzzles: None,
};

const TWO: GameDescription = GameDescription {
    name: "two",
    title: "Two",
    params: &[
        param("speed", "string", "pace", &["fast", "crawl"]),
        param("map", "string", "a map's name", &[]),
    ],
    ..ONE
};

/// A command line with a command that takes game parameters (`play`) and one that does not.
fn cli(games: &[&GameDescription]) -> Command {
    let play = Command::new("play")
        .arg(Arg::new("seed").long("seed"))
        .arg(Arg::new(PARAM_PAIRS).long("param"));
    let root = Command::new("tabula")
        .subcommand(play)
        .subcommand(Command::new("games"));
    add_game_flags(root, &game_flags(games))
}

fn given_to(
    games: &[&GameDescription],
    args: &[&str],
) -> Result<Vec<(String, GivenValue)>, String> {
    let matches = cli(games)
        .try_get_matches_from(["tabula", "play"].iter().chain(args))
        .map_err(|e| e.to_string())?;
    let mut given = super::given(matches.subcommand().expect("play").1);
    given.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(given)
}

#[test]
fn every_parameter_becomes_a_flag_read_by_its_kind() {
    let given = given_to(
        &[&ONE],
        &[
            "--board-size",
            "7",
            "--map",
            "m.json",
            "--speed",
            "fast",
            "--start",
            "1,2",
        ],
    )
    .unwrap();
    assert_eq!(
        given,
        vec![
            ("board_size".to_string(), GivenValue::Value(Value::from(7))),
            ("map".to_string(), GivenValue::File(PathBuf::from("m.json"))),
            ("speed".to_string(), GivenValue::Value(Value::from("fast"))),
            (
                "start".to_string(),
                GivenValue::Value(Value::from(vec![1, 2]))
            ),
        ]
    );
    assert_eq!(
        given_to(&[&ONE], &["--start", "[3, 4]"]).unwrap()[0].1,
        GivenValue::Value(Value::from(vec![3, 4]))
    );
}

#[test]
fn a_bad_value_is_refused_naming_the_flag() {
    let e = given_to(&[&ONE], &["--board-size", "big"]).unwrap_err();
    assert!(
        e.contains("--board-size") && e.contains("`big` is not an integer"),
        "{e}"
    );
    let e = given_to(&[&ONE], &["--speed", "crawl"]).unwrap_err();
    assert!(e.contains("--speed") && e.contains("crawl"), "{e}");
}

#[test]
fn a_parameter_of_several_games_is_one_flag_with_each_games_help() {
    let mut command = cli(&[&ONE, &TWO]);
    let help = command
        .find_subcommand_mut("play")
        .expect("play")
        .render_help()
        .to_string();
    assert!(help.contains("Game parameters:"), "{help}");
    assert!(help.contains("One: how fast"), "{help}");
    assert!(help.contains("Two: pace"), "{help}");
    assert!(
        help.contains("[possible values: slow, fast, crawl]"),
        "{help}"
    );
    // Written differently by the two games: read as `--param` reads a value.
    assert_eq!(
        given_to(&[&ONE, &TWO], &["--map", "north"]).unwrap()[0].1,
        GivenValue::Value(Value::from("north"))
    );
}

#[test]
fn a_commands_own_flag_wins_and_commands_without_parameters_get_none() {
    let command = cli(&[&ONE]);
    let play = command.find_subcommand("play").expect("play");
    let seeds = play
        .get_arguments()
        .filter(|a| a.get_long() == Some("seed"))
        .count();
    assert_eq!(seeds, 1);
    let games = command.find_subcommand("games").expect("games");
    assert_eq!(games.get_arguments().count(), 0);
    assert_eq!(
        flag_list(&game_flags(&[&ONE])),
        "--board-size, --map, --seed, --speed, --start"
    );
}
