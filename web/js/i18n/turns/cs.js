// i18n/turns/cs.js — texty korespondenční hry na úvodní stránce (js/turns.js), sloučené do
// ../cs.js (stejné klíče ve všech jazycích).

export default {
  'turns.title': 'Jste na tahu',
  'turns.none': 'Žádná partie nečeká na váš tah.',
  'turns.play': 'Hrát',
  'turns.against': 'proti {names}',
  'turns.left': 'zbývá {time}',
  'turns.daysHours': '{d} d {h} hod.',
  'turns.hoursMinutes': '{h} hod. {m} min',
  'turns.email': 'E-mailová adresa',
  'turns.emailMe': 'Pošlete mi e-mail, když jsem na tahu v korespondenční partii',
  'turns.saved': 'Nastavení e-mailů uloženo.',
  'turns.noMail': 'Tento server e-maily neposílá: obraťte se na jeho správce.',
  'home.clockDays': { one: 'Korespondenčně: {n} den na tah', few: 'Korespondenčně: {n} dny na tah', other: 'Korespondenčně: {n} dní na tah' },
  'pairing.days': { one: '{n} den na tah', few: '{n} dny na tah', other: '{n} dní na tah' },
};
