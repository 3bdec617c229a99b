// i18n/pairing/fr.js — les textes de l’appariement rapide de la page d’accueil
// (js/pairing.js), fusionnés dans ../fr.js.

export default {
  'pairing.title': 'Jouer contre quelqu’un',
  'pairing.intro': 'Choisissez un jeu et une cadence : vous serez placé avec la prochaine personne qui demande la même chose, proche de votre classement. L’écart accepté grandit à mesure que vous attendez.',
  'pairing.game': 'Jeu',
  'pairing.players': 'Joueurs',
  'pairing.speed': 'Cadence',
  'pairing.untimed': 'sans pendule',
  'pairing.rated': 'classée',
  'pairing.casual': 'amicale',
  'pairing.ratedSignIn': 'Connectez-vous pour jouer des parties classées.',
  'pairing.find': 'Trouver un adversaire',
  'pairing.waiting': 'Recherche : {what}… attente {s} s, écart de classement ±{range}. Gardez cette page ouverte.',
  'pairing.cancel': 'Annuler',
  'pairing.bots': 'Compléter avec des bots',
  'pairing.expired': 'Votre recherche a expiré : relancez-la.',
  'pairing.open': 'Personnes en attente',
  'pairing.none': 'Personne n’attend pour le moment.',
  'pairing.who': '{name} ({rating}), attend depuis {s} s',
  'pairing.table': '{n} places prises sur {of} : la partie commence quand la table est complète.',
  'pairing.join': 'Rejoindre',
};
