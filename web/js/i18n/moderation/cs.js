// i18n/moderation/cs.js — the strings of blocking people (the chat, the "You" panel) and of
// the operator's reports page (js/reports.js), merged into ../cs.js (same keys in every
// language).

export default {
  'chat.block': "Blokovat",
  'chat.blocked': "Zablokovali jste hráče {name}: jeho zprávy už neuvidíte a nebudete s ním spárováni.",
  'people.blocks': "Blokovaní hráči",
  'people.blocksNone': "Nikoho neblokujete.",
  'people.unblock': "Odblokovat",
  'people.unblocked': "{name} už není blokován.",
  'reports.pageTitle': "Nahlášené zprávy — Tabula",
  'reports.title': "Nahlášené zprávy",
  'reports.intro': "Pro provozovatele tohoto serveru: zprávy z konverzace, které lidé nahlásili. Skryjte zprávu, aby ji už nikdo neviděl, nebo zamítněte její nahlášení a ponechte ji.",
  'reports.token': "Token provozovatele",
  'reports.open': "Zobrazit nahlášení",
  'reports.forget': "Zapomenout token",
  'reports.needToken': "Zadejte token provozovatele (tabula serve --operator-token), abyste viděli nahlášení. Uchová se jen v této kartě.",
  'reports.refused': "Toto není token provozovatele tohoto serveru.",
  'reports.none': "Žádná nahlášená zpráva.",
  'reports.match': "Partie",
  'reports.count': "Nahlášeno {n}×",
  'reports.reasons': "důvody:",
  'reports.hide': "Skrýt zprávu",
  'reports.dismiss': "Zamítnout nahlášení",
  'reports.hidden': "Skryto: tuto zprávu už nikdo neuvidí.",
  'reports.dismissed': "Nahlášení zamítnuta: zpráva zůstává.",
};
