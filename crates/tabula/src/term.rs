//! Colour in the terminal: whether to use it (`--color auto|always|never`, `NO_COLOR`, and
//! only when standard output is a terminal) and how a board and a seat are painted, each
//! seat in its game's colour (the colours of the web UI's pieces), a board as its game's
//! terminal look colours it (`tabula_registry::TerminalLook`); and the rules pages'
//! Markdown as a terminal shows it (bold in bold, or plain text without colour: no `**`).

use clap::ValueEnum;
use std::io::IsTerminal;
use tabula_registry::{Colour, TerminalLook};

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

/// The SGR code of a colour of the games' palette.
fn code_of(colour: Colour) -> &'static str {
    match colour {
        Colour::Red => "31",
        Colour::Green => "32",
        Colour::Yellow => "33",
        Colour::Blue => "34",
        Colour::Purple | Colour::Pink => "35",
        Colour::Teal => "36",
        Colour::White => "97",
        Colour::Black => "90",
    }
}

/// Paints text, or leaves it alone when colour is off.
#[derive(Clone, Copy, Debug)]
pub struct Painter {
    pub on: bool,
}

impl Painter {
    /// `text` in `colour` (none: plain), bold if asked.
    fn paint(&self, colour: Option<Colour>, bold: bool, text: &str) -> String {
        match colour.map(code_of) {
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
        let colour = Colour::named(english.split(' ').next().unwrap_or(""));
        self.paint(colour, true, shown)
    }

    /// A rules page (Markdown) for the terminal: headings underlined (bold when colour is
    /// on), `**strong**` in bold or plain, `*emphasis*` and `` `code` `` as their text,
    /// links as their text, escapes undone. Lines keep their wrapping; lists and tables keep
    /// their layout.
    pub fn markdown(&self, page: &str) -> String {
        let mut out = String::new();
        let mut fenced = false;
        // Bold may run over a line break within a paragraph.
        let mut bold = false;
        for line in page.lines() {
            if line.trim().is_empty() {
                bold = false;
            }
            if line.trim_start().starts_with("```") {
                fenced = !fenced;
                continue;
            }
            if fenced {
                out.push_str("    ");
                out.push_str(line);
            } else if let Some((level, title)) = heading(line) {
                let title = self.inline(title, &mut false);
                if self.on {
                    out.push_str(&format!("\x1b[1m{title}{RESET}"));
                } else {
                    let rule = if level == 1 { '=' } else { '-' };
                    let width = title.chars().count();
                    out.push_str(&format!("{title}\n{}", rule.to_string().repeat(width)));
                }
            } else if is_table_rule(line) {
                continue;
            } else {
                out.push_str(&self.inline(line, &mut bold));
            }
            out.push('\n');
        }
        out
    }

    /// One line's inline Markdown, rendered; `bold` is whether the line starts (and then
    /// ends) inside `**…**`.
    fn inline(&self, line: &str, bold: &mut bool) -> String {
        let chars: Vec<char> = line.chars().collect();
        let mut out = String::new();
        if *bold && self.on {
            out.push_str("\x1b[1m");
        }
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            let next = chars.get(i + 1).copied();
            match c {
                '\\' if next.is_some_and(|n| "\\`*_[]()#|-!".contains(n)) => {
                    out.push(chars[i + 1]);
                    i += 2;
                }
                '`' => {
                    let end = chars[i + 1..].iter().position(|&x| x == '`');
                    match end {
                        Some(e) => {
                            out.extend(&chars[i + 1..i + 1 + e]);
                            i += e + 2;
                        }
                        None => {
                            out.push(c);
                            i += 1;
                        }
                    }
                }
                '*' if next == Some('*') => {
                    *bold = !*bold;
                    if self.on {
                        out.push_str(if *bold { "\x1b[1m" } else { RESET });
                    }
                    i += 2;
                }
                // Emphasis: a `*` against a word (not a list's bullet, not `2 * 3`).
                '*' if next.is_some_and(|n| !n.is_whitespace())
                    || (i > 0 && !chars[i - 1].is_whitespace()) =>
                {
                    i += 1;
                }
                '[' => match link(&chars[i..]) {
                    Some((text, used)) => {
                        out.push_str(&self.inline(&text, &mut false));
                        i += used;
                    }
                    None => {
                        out.push(c);
                        i += 1;
                    }
                },
                _ => {
                    out.push(c);
                    i += 1;
                }
            }
        }
        if *bold && self.on {
            out.push_str(RESET);
        }
        out
    }

    /// A game's board text, each line coloured by the game's terminal `look` (none: plain).
    pub fn board(&self, look: Option<&TerminalLook>, text: &str) -> String {
        let Some(paint) = look.and_then(|l| l.paint).filter(|_| self.on) else {
            return text.to_string();
        };
        text.split_inclusive('\n')
            .flat_map(paint)
            .map(|segment| match segment.ink {
                Some((colour, bold)) => self.paint(Some(colour), bold, &segment.text),
                None => segment.text,
            })
            .collect()
    }
}

/// A heading line's level and title (`## Title` → 2, `Title`).
fn heading(line: &str) -> Option<(usize, &str)> {
    let level = line.chars().take_while(|&c| c == '#').count();
    let title = line[level..].strip_prefix(' ')?;
    (1..=6).contains(&level).then_some((level, title.trim()))
}

/// Whether a line is a table's rule under its header (`|---|:-:|`).
fn is_table_rule(line: &str) -> bool {
    let t = line.trim();
    t.starts_with('|') && t.contains('-') && t.chars().all(|c| "|-: ".contains(c))
}

/// A link `[text](target)` at the start of `chars`: its text and how many chars it takes.
fn link(chars: &[char]) -> Option<(String, usize)> {
    let close = chars.iter().position(|&c| c == ']')?;
    if chars.get(close + 1) != Some(&'(') {
        return None;
    }
    let end = chars[close + 2..].iter().position(|&c| c == ')')? + close + 2;
    Some((chars[1..close].iter().collect(), end + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = "# Toumaï — rules\n\nSome **bold**, *italic*, `code` and [a link](#x).\n- a \\| b\n\n| a | b |\n|---|:-:|\n| 1 | 2 |\n";

    #[test]
    fn a_rules_page_without_colour_has_no_markdown_marks() {
        let text = Painter { on: false }.markdown(PAGE);
        assert_eq!(
            text,
            "Toumaï — rules\n==============\n\nSome bold, italic, code and a link.\n- a | b\n\n| a | b |\n| 1 | 2 |\n"
        );
    }

    #[test]
    fn a_rules_page_in_colour_shows_strong_text_in_bold() {
        let across = Painter { on: true }.markdown("the last **64\npositions**: a cycle\n");
        assert_eq!(
            across,
            "the last \x1b[1m64\x1b[0m\n\x1b[1mpositions\x1b[0m: a cycle\n"
        );
        let text = Painter { on: true }.markdown(PAGE);
        assert!(text.contains("Some \x1b[1mbold\x1b[0m, italic"), "{text}");
        assert!(text.starts_with("\x1b[1mToumaï — rules\x1b[0m\n"), "{text}");
        assert!(!text.contains("**") && !text.contains('`'), "{text}");
    }
}
