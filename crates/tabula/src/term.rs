//! Colour in the terminal: whether to use it (`--color auto|always|never`, `NO_COLOR`, and
//! only when standard output is a terminal) and how a board and a seat are painted, each
//! seat in its game's colour (the colours of the web UI's pieces).

use clap::ValueEnum;
use std::io::IsTerminal;

/// The `--color` option.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// Colour when standard output is a terminal and `NO_COLOR` is not set.
    #[default]
    Auto,
    Always,
    Never,
}

impl ColorChoice {
    /// Whether to colour, given the environment.
    pub fn enabled(self) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
                let dumb = std::env::var_os("TERM").is_some_and(|t| t == "dumb");
                !no_color && !dumb && std::io::stdout().is_terminal()
            }
        }
    }
}

const RESET: &str = "\x1b[0m";

/// The SGR code of a colour named as the games name their seats and pieces.
fn code_of(colour: &str) -> Option<&'static str> {
    Some(match colour {
        "Red" => "31",
        "Green" => "32",
        "Yellow" => "33",
        "Blue" => "34",
        "Purple" | "Pink" => "35",
        "Teal" => "36",
        "White" => "97",
        "Black" => "90",
        _ => return None,
    })
}

/// Paints text, or leaves it alone when colour is off.
#[derive(Clone, Copy, Debug)]
pub struct Painter {
    pub on: bool,
}

impl Painter {
    /// `text` in colour `colour` (a name as [`code_of`] takes it), bold if asked.
    fn paint(&self, colour: &str, bold: bool, text: &str) -> String {
        match code_of(colour) {
            Some(code) if self.on => {
                let weight = if bold { "1;" } else { "" };
                format!("\x1b[{weight}{code}m{text}{RESET}")
            }
            _ => text.to_string(),
        }
    }

    /// A seat's name as shown (`shown`, maybe translated), in the colour its English name
    /// (`english`, e.g. `Yellow` or `Red (x)`) begins with.
    pub fn seat(&self, english: &str, shown: &str) -> String {
        let colour = english.split(' ').next().unwrap_or("");
        self.paint(colour, true, shown)
    }

    /// A game's board text with its pieces in their colours.
    pub fn board(&self, game: &str, text: &str) -> String {
        if !self.on {
            return text.to_string();
        }
        let lines: Vec<String> = text
            .split_inclusive('\n')
            .map(|line| match game {
                "toumai" => self.toumai_line(line),
                "khan-tsin" => self.stack_line(line),
                "china-moon" => self.china_moon_line(line),
                "connect-four" if line.starts_with(" |") => self.letters(line, |c| match c {
                    'x' | 'X' => Some(("Red", c == 'X')),
                    'o' | 'O' => Some(("Yellow", c == 'O')),
                    _ => None,
                }),
                _ => line.to_string(),
            })
            .collect();
        lines.concat()
    }

    /// Each character `pick` names a colour for, painted.
    fn letters(&self, line: &str, pick: impl Fn(char) -> Option<(&'static str, bool)>) -> String {
        line.chars()
            .map(|c| match pick(c) {
                Some((colour, bold)) => self.paint(colour, bold, &c.to_string()),
                None => c.to_string(),
            })
            .collect()
    }

    /// Toumaï: pawns such as `Y1`, `[RM]` or `BN`, the top pawn (in brackets) bold.
    fn toumai_line(&self, line: &str) -> String {
        let chars: Vec<char> = line.chars().collect();
        let mut out = String::new();
        let mut i = 0;
        while i < chars.len() {
            let before = if i == 0 { ' ' } else { chars[i - 1] };
            let colour = match chars[i] {
                'Y' => "Yellow",
                'R' => "Red",
                'B' => "Blue",
                _ => "",
            };
            let kind = chars.get(i + 1).copied().unwrap_or(' ');
            let after = chars.get(i + 2).copied().unwrap_or(' ');
            if !colour.is_empty()
                && "123MN".contains(kind)
                && matches!(before, ' ' | '[' | ',')
                && matches!(after, ' ' | ']' | ')' | '\n' | ',')
            {
                let pawn: String = [chars[i], kind].iter().collect();
                out.push_str(&self.paint(colour, before == '[', &pawn));
                i += 2;
            } else {
                out.push(chars[i]);
                i += 1;
            }
        }
        out
    }

    /// Khan-Tsin: the rows of stacks (only tokens, dots and spaces), Khans bold.
    fn stack_line(&self, line: &str) -> String {
        let body = line.trim_end();
        let is_stack_row = line.starts_with("   ")
            && !body.trim().is_empty()
            && body.chars().all(|c| " .wgbWGB".contains(c));
        if !is_stack_row {
            return line.to_string();
        }
        self.letters(line, |c| {
            let colour = match c.to_ascii_lowercase() {
                'w' => "White",
                'g' => "Green",
                'b' => "Blue",
                _ => return None,
            };
            Some((colour, c.is_ascii_uppercase()))
        })
    }

    /// China Moon: frogs `[3]` in their seat's colour, flowers `(y)` in theirs.
    fn china_moon_line(&self, line: &str) -> String {
        const SEATS: [&str; 5] = ["Red", "Blue", "Yellow", "Purple", "Teal"];
        let chars: Vec<char> = line.chars().collect();
        let mut out = String::new();
        let mut i = 0;
        while i < chars.len() {
            let mark = chars.get(i + 1).copied().unwrap_or(' ');
            let close = chars.get(i + 2).copied().unwrap_or(' ');
            let colour = match (chars[i], mark, close) {
                ('[', '1'..='5', ']') => SEATS[mark as usize - '1' as usize],
                ('(', 'y', ')') => "Yellow",
                ('(', 'p', ')') => "Pink",
                ('(', 'w', ')') => "White",
                ('(', 'k', ')') => "Black",
                ('(', 'u', ')') => "Blue",
                _ => "",
            };
            if colour.is_empty() {
                out.push(chars[i]);
                i += 1;
            } else {
                let token: String = chars[i..i + 3].iter().collect();
                out.push_str(&self.paint(colour, chars[i] == '[', &token));
                i += 3;
            }
        }
        out
    }
}
