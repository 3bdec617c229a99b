// i18n/moderation/en.js — the strings of blocking people (the chat, the "You" panel) and of
// the operator's reports page (js/reports.js), merged into ../en.js (same keys in every
// language).

export default {
  'chat.block': "Block",
  'chat.blocked': "You blocked {name}: you will not see their messages, nor be paired with them.",
  'people.blocks': "Blocked players",
  'people.blocksNone': "You block nobody.",
  'people.unblock': "Unblock",
  'people.unblocked': "{name} is no longer blocked.",
  'reports.pageTitle': "Reported messages — Tabula",
  'reports.title': "Reported messages",
  'reports.intro': "For the operator of this server: the chat messages people reported. Hide a message to serve it to no one, or dismiss its reports to keep it.",
  'reports.token': "Operator token",
  'reports.open': "Show the reports",
  'reports.forget': "Forget the token",
  'reports.needToken': "Enter the operator token (tabula serve --operator-token) to see the reports. It is kept in this tab only.",
  'reports.refused': "This is not the operator token of this server.",
  'reports.none': "No reported message.",
  'reports.match': "Match",
  'reports.count': "Reported {n}×",
  'reports.reasons': "reasons:",
  'reports.hide': "Hide the message",
  'reports.dismiss': "Dismiss the reports",
  'reports.hidden': "Hidden: nobody will see this message any more.",
  'reports.dismissed': "Reports dismissed: the message stays.",
};
