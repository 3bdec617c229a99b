//! China Moon (Bruno Faidutti), with boards as data.

use crate::Entry;
use tabula_ai::BotFactory;
use tabula_china_moon::ChinaMoon;

pub static ENTRY: Entry<ChinaMoon> = Entry::new(&tabula_china_moon::DESCRIPTION, BotFactory::new);
