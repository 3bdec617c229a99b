//! The French and Czech rules pages say what the English page says: for every registered game
//! and language the page exists, has the English page's headings structure, every one of its
//! numbered rulings (R1, D11, …), its notation examples (fenced blocks, byte for byte) and
//! every inline code span (notation, fields, commands).

use std::collections::BTreeSet;
use tabula_registry::LANGUAGES;

/// Ruling identifiers: an `R` or `D` followed by digits, standing alone as a word.
fn rulings(page: &str) -> BTreeSet<String> {
    let chars: Vec<char> = page.chars().collect();
    let mut found = BTreeSet::new();
    for i in 0..chars.len() {
        let starts_word = i == 0 || !chars[i - 1].is_alphanumeric();
        if !starts_word || !matches!(chars[i], 'R' | 'D') {
            continue;
        }
        let digits: String = chars[i + 1..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .collect();
        let end = i + 1 + digits.len();
        let ends_word = chars.get(end).is_none_or(|c| !c.is_alphanumeric());
        if !digits.is_empty() && ends_word {
            found.insert(format!("{}{digits}", chars[i]));
        }
    }
    found
}

/// The fenced code blocks, in order.
fn fenced(page: &str) -> Vec<String> {
    let mut blocks = Vec::new();
    let mut current: Option<Vec<&str>> = None;
    for line in page.lines() {
        if line.trim_start().starts_with("```") {
            match current.take() {
                Some(block) => blocks.push(block.join("\n")),
                None => current = Some(vec![line.trim()]),
            }
        } else if let Some(block) = current.as_mut() {
            block.push(line);
        }
    }
    blocks
}

/// The inline code spans outside fenced blocks.
fn inline_code(page: &str) -> BTreeSet<String> {
    let mut spans = BTreeSet::new();
    let mut in_block = false;
    for line in page.lines() {
        if line.trim_start().starts_with("```") {
            in_block = !in_block;
            continue;
        }
        if in_block {
            continue;
        }
        let mut parts = line.split('`');
        parts.next();
        while let (Some(code), Some(_)) = (parts.next(), parts.next()) {
            spans.insert(code.to_string());
        }
    }
    spans
}

/// The heading levels, in order (`##` → 2).
fn headings(page: &str) -> Vec<usize> {
    let mut in_block = false;
    let mut levels = Vec::new();
    for line in page.lines() {
        if line.trim_start().starts_with("```") {
            in_block = !in_block;
        } else if !in_block && line.starts_with('#') {
            levels.push(line.chars().take_while(|c| *c == '#').count());
        }
    }
    levels
}

fn translations() -> Vec<(&'static str, &'static str, &'static str, &'static str)> {
    let mut pages = Vec::new();
    for entry in tabula_catalog::builtin().entries().to_vec() {
        let info = entry.info();
        for &lang in LANGUAGES.iter().filter(|l| **l != "en") {
            let page = info
                .rules_in(lang)
                .unwrap_or_else(|| panic!("{} has no {lang} rules", info.name));
            pages.push((info.name, lang, info.rules, page));
        }
    }
    pages
}

#[test]
fn every_game_has_a_french_and_a_czech_page() {
    let pages = translations();
    assert_eq!(
        pages.len(),
        2 * tabula_catalog::builtin().entries().to_vec().len()
    );
    for (game, lang, english, page) in pages {
        assert!(
            page.trim().len() > english.len() / 2,
            "{lang}/{game} is too short"
        );
        assert_ne!(page, english, "{lang}/{game} is the English page");
    }
}

#[test]
fn translations_carry_every_ruling_and_no_other() {
    for (game, lang, english, page) in translations() {
        assert!(
            !rulings(english).is_empty(),
            "{game}: no rulings found in English"
        );
        assert_eq!(rulings(page), rulings(english), "{lang}/{game}");
    }
}

#[test]
fn translations_keep_the_notation_examples() {
    for (game, lang, english, page) in translations() {
        assert_eq!(fenced(page), fenced(english), "{lang}/{game}: code blocks");
        let (mine, theirs) = (inline_code(page), inline_code(english));
        let missing: Vec<_> = theirs.difference(&mine).collect();
        let extra: Vec<_> = mine.difference(&theirs).collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "{lang}/{game}: inline code missing {missing:?}, extra {extra:?}"
        );
    }
}

#[test]
fn translations_have_the_english_structure() {
    for (game, lang, english, page) in translations() {
        assert_eq!(headings(page), headings(english), "{lang}/{game}: headings");
    }
}

#[test]
fn english_and_unknown_languages() {
    for entry in tabula_catalog::builtin().entries().to_vec() {
        let info = entry.info();
        assert_eq!(info.rules_in("en"), Some(info.rules));
        assert_eq!(info.rules_in("de"), None);
        assert_eq!(info.rules_in(""), None);
    }
}

#[test]
fn the_ruling_scanner_reads_words_only() {
    let found = rulings("(R1–R11, ruling R12) D3: `R2YMB1` DR4 R5a R6.");
    let expected: BTreeSet<String> = ["R1", "R11", "R12", "D3", "R6"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(found, expected);
}
