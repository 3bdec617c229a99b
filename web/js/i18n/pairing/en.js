// i18n/pairing/en.js — the strings of quick pairing on the home page (js/pairing.js), merged
// into ../en.js (same keys in every language).

export default {
  'pairing.title': 'Play someone',
  'pairing.intro': 'Choose a game and a speed: you are seated with the next person who asks for the same, close to your rating. The range widens the longer you wait.',
  'pairing.game': 'Game',
  'pairing.players': 'Players',
  'pairing.speed': 'Speed',
  'pairing.untimed': 'untimed',
  'pairing.rated': 'rated',
  'pairing.casual': 'casual',
  'pairing.ratedSignIn': 'Sign in to play rated games.',
  'pairing.find': 'Find an opponent',
  'pairing.waiting': 'Looking for {what}… waiting {s} s, rating range ±{range}. Keep this page open.',
  'pairing.cancel': 'Cancel',
  'pairing.bots': 'Fill with bots',
  'pairing.expired': 'Your seek expired: ask again.',
  'pairing.open': 'People waiting',
  'pairing.none': 'Nobody is waiting right now.',
  'pairing.who': '{name} ({rating}), waiting {s} s',
  'pairing.table': '{n} of {of} seats taken: the match starts when the table is full.',
  'pairing.join': 'Join',
};
