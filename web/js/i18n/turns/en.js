// i18n/turns/en.js — the strings of correspondence play on the home page (js/turns.js),
// merged into ../en.js (same keys in every language).

export default {
  'turns.title': 'Your turn',
  'turns.none': 'No match is waiting for your move.',
  'turns.play': 'Play',
  'turns.against': 'against {names}',
  'turns.left': '{time} left',
  'turns.daysHours': '{d} d, {h} h',
  'turns.hoursMinutes': '{h} h, {m} min',
  'turns.email': 'E-mail address',
  'turns.emailMe': 'E-mail me when it is my turn in a correspondence game',
  'turns.saved': 'E-mail settings saved.',
  'turns.noMail': 'This server sends no e-mail: ask its operator.',
  'home.clockDays': { one: 'Correspondence: {n} day per move', other: 'Correspondence: {n} days per move' },
  'pairing.days': { one: '{n} day per move', other: '{n} days per move' },
};
