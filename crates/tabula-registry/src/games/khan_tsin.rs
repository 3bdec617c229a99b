//! Khan-Tsin (Cosmoludo).

use crate::Entry;
use tabula_ai::BotFactory;
use tabula_khan_tsin::KhanTsin;

pub static ENTRY: Entry<KhanTsin> = Entry::new(&tabula_khan_tsin::DESCRIPTION, || {
    BotFactory::new().with_alphabeta()
});
