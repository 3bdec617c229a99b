// i18n/turns/fr.js — les textes du jeu par correspondance sur la page d'accueil
// (js/turns.js), fusionnés dans ../fr.js (mêmes clés dans chaque langue).

export default {
  'turns.title': 'À vous de jouer',
  'turns.none': 'Aucune partie n’attend votre coup.',
  'turns.play': 'Jouer',
  'turns.against': 'contre {names}',
  'turns.left': 'il reste {time}',
  'turns.daysHours': '{d} j {h} h',
  'turns.hoursMinutes': '{h} h {m} min',
  'turns.email': 'Adresse e-mail',
  'turns.emailMe': 'M’envoyer un e-mail quand c’est mon tour dans une partie par correspondance',
  'turns.saved': 'Réglages d’e-mail enregistrés.',
  'turns.noMail': 'Ce serveur n’envoie pas d’e-mails : demandez à son administrateur.',
  'home.clockDays': { one: 'Correspondance : {n} jour par coup', other: 'Correspondance : {n} jours par coup' },
  'pairing.days': { one: '{n} jour par coup', other: '{n} jours par coup' },
};
