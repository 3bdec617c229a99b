//! The games' own commands (e.g. Magical Circle's `solve`), generated at start-up from the
//! descriptions of the catalog's games: a subcommand each, its arguments required flags.

use anyhow::{Result, anyhow, bail};
use clap::{Arg, ArgMatches, Command};
use tabula_core::{CommandDescription, GameDescription};

/// One game's command.
#[derive(Clone, Copy, Debug)]
pub(crate) struct GameCommand {
    /// The title of the game that declares it.
    game: &'static str,
    description: &'static CommandDescription,
}

impl GameCommand {
    /// The subcommand as the CLI offers it: the help after the game's title.
    fn subcommand(&self) -> Command {
        let d = self.description;
        Command::new(d.name)
            .about(format!("{}: {}", self.game, d.help))
            .args(d.args.iter().map(|a| {
                Arg::new(a.name)
                    .long(a.name)
                    .value_name(a.name.to_uppercase())
                    .help(a.help)
                    .required(true)
            }))
    }

    /// Runs the command on the subcommand's arguments: what it prints.
    fn run(&self, matches: &ArgMatches) -> Result<String> {
        let d = self.description;
        let values: Vec<&str> = d
            .args
            .iter()
            .map(|a| {
                matches
                    .get_one::<String>(a.name)
                    .map(String::as_str)
                    .unwrap_or_default()
            })
            .collect();
        (d.run)(&values).map_err(|e| anyhow!(e))
    }
}

/// The commands the games declare, refusing a name two games declare or one the CLI
/// (`builtin`) has itself.
pub(crate) fn game_commands(
    games: &[&'static GameDescription],
    builtin: &Command,
) -> Result<Vec<GameCommand>> {
    let mut commands: Vec<GameCommand> = Vec::new();
    for game in games {
        for description in game.commands {
            let name = description.name;
            if name == "help"
                || builtin
                    .get_subcommands()
                    .any(|s| s.get_name() == name || s.get_all_aliases().any(|a| a == name))
            {
                bail!(
                    "{} declares the command `{name}`, which is one of tabula's own",
                    game.title
                );
            }
            if let Some(other) = commands.iter().find(|c| c.description.name == name) {
                bail!(
                    "{} and {} both declare the command `{name}`",
                    other.game,
                    game.title
                );
            }
            commands.push(GameCommand {
                game: game.title,
                description,
            });
        }
    }
    Ok(commands)
}

/// `command` with a subcommand per game command.
pub(crate) fn add_game_commands(command: Command, commands: &[GameCommand]) -> Command {
    command.subcommands(commands.iter().map(GameCommand::subcommand))
}

/// Runs the game command the command line names, if it names one: `None` for the CLI's own
/// commands.
pub(crate) fn run_game_command(
    matches: &ArgMatches,
    commands: &[GameCommand],
) -> Option<Result<()>> {
    let (name, sub) = matches.subcommand()?;
    let command = commands.iter().find(|c| c.description.name == name)?;
    Some(command.run(sub).map(|text| print!("{text}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_core::{CommandArgDescription, CommandResult};

    fn echo(args: &[&str]) -> CommandResult {
        Ok(format!("{}\n", args.join(" ")))
    }

    const ECHO: CommandDescription = CommandDescription {
        name: "echo",
        help: "say the words again",
        args: &[
            CommandArgDescription {
                name: "first",
                help: "The first word",
            },
            CommandArgDescription {
                name: "second",
                help: "The second word",
            },
        ],
        run: echo,
    };

    const TOY: GameDescription = GameDescription {
        name: "toy",
        title: "Toy",
        min_players: 2,
        max_players: 2,
        default_players: 2,
        params: &[],
        commands: &[ECHO],
        real_time: false,
        draws_by_agreement: false,
        hidden_information: false,
        seats: &[],
        rules: "",
        translations: &[],
        lessons: None,
        puzzles: None,
    };

    const OTHER: GameDescription = GameDescription {
        name: "other",
        title: "Other",
        ..TOY
    };

    fn builtin() -> Command {
        Command::new("tabula").subcommand(Command::new("games").alias("list"))
    }

    #[test]
    fn a_described_command_becomes_a_subcommand_that_runs_with_its_arguments() {
        let commands = game_commands(&[&TOY], &builtin()).unwrap();
        let mut cli = add_game_commands(builtin(), &commands);
        let help = cli
            .find_subcommand_mut("echo")
            .expect("echo")
            .render_help()
            .to_string();
        assert!(help.contains("Toy: say the words again"), "{help}");
        assert!(help.contains("--first <FIRST>"), "{help}");
        let matches = cli
            .clone()
            .try_get_matches_from(["tabula", "echo", "--second", "b", "--first", "a"])
            .unwrap();
        assert_eq!(
            commands[0].run(matches.subcommand().unwrap().1).unwrap(),
            "a b\n"
        );
        assert!(
            cli.try_get_matches_from(["tabula", "echo", "--first", "a"])
                .is_err()
        );
        let games = builtin().try_get_matches_from(["tabula", "games"]).unwrap();
        assert!(run_game_command(&games, &commands).is_none());
    }

    #[test]
    fn two_games_declaring_one_command_are_refused() {
        let e = game_commands(&[&TOY, &OTHER], &builtin()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "Toy and Other both declare the command `echo`"
        );
    }

    #[test]
    fn a_command_named_as_one_of_the_clis_own_is_refused() {
        for name in ["games", "list", "help"] {
            let commands: &'static [CommandDescription] =
                Box::leak(Box::new([CommandDescription { name, ..ECHO }]));
            let game = GameDescription { commands, ..TOY };
            let e = game_commands(&[Box::leak(Box::new(game))], &builtin()).unwrap_err();
            assert_eq!(
                e.to_string(),
                format!("Toy declares the command `{name}`, which is one of tabula's own")
            );
        }
    }
}
