// i18n/moderation/fr.js — the strings of blocking people (the chat, the "You" panel) and of
// the operator's reports page (js/reports.js), merged into ../fr.js (same keys in every
// language).

export default {
  'chat.block': "Bloquer",
  'chat.blocked': "Vous avez bloqué {name} : vous ne verrez plus ses messages et ne serez plus apparié avec cette personne.",
  'people.blocks': "Joueurs bloqués",
  'people.blocksNone': "Vous ne bloquez personne.",
  'people.unblock': "Débloquer",
  'people.unblocked': "{name} n’est plus bloqué.",
  'reports.pageTitle': "Messages signalés — Tabula",
  'reports.title': "Messages signalés",
  'reports.intro': "Pour l’opérateur de ce serveur : les messages de discussion signalés. Masquez un message pour ne plus le montrer à personne, ou classez ses signalements pour le garder.",
  'reports.token': "Jeton d’opérateur",
  'reports.open': "Afficher les signalements",
  'reports.forget': "Oublier le jeton",
  'reports.needToken': "Saisissez le jeton d’opérateur (tabula serve --operator-token) pour voir les signalements. Il n’est gardé que dans cet onglet.",
  'reports.refused': "Ce n’est pas le jeton d’opérateur de ce serveur.",
  'reports.none': "Aucun message signalé.",
  'reports.match': "Partie",
  'reports.count': "Signalé {n} fois",
  'reports.reasons': "motifs :",
  'reports.hide': "Masquer le message",
  'reports.dismiss': "Classer les signalements",
  'reports.hidden': "Masqué : plus personne ne verra ce message.",
  'reports.dismissed': "Signalements classés : le message reste.",
};
