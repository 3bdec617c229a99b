// i18n/lessons/fr.js — the strings of the tutorials (learn.html), merged into ../fr.js (same keys in
// every language).

export default {
  'learn.pageTitle': 'Apprendre à jouer — Tabula',
  'learn.title': 'Apprendre {game}',
  'learn.lessons': 'Leçons',
  'learn.prev': 'Leçon précédente',
  'learn.next': 'Leçon suivante',
  'learn.restart': 'Recommencer',
  'learn.goal': 'Objectif :',
  'learn.step': 'Coup {n} sur {total}',
  'learn.complete': 'Leçon terminée.',
  'learn.right': 'Bravo !',
  'learn.notThis': 'Pas ce coup-là. {goal}',
  'learn.illegal': 'Interdit :',
  'learn.pointless': 'Permis, mais pas maintenant :',
  'learn.rule': 'règle {rule}',
  'learn.rules': 'les règles',
  'learn.completed': 'terminée',
  'learn.lastDone': 'C’était la dernière leçon.',
  'learn.allDone': 'Vous avez terminé toutes les leçons.',
  'learn.firstGame': 'Jouer votre première partie',
  'learn.firstGameHelp': 'Contre le bot débutant, avec les aides activées.',
  'learn.cannotLoad': 'Impossible de charger le tutoriel',
  'home.learn': 'Apprendre à jouer',
  'home.learnOffer': 'Nouveau venu ? Suivez le tutoriel',
  'home.learnGame': 'Apprendre à jouer à {game}',
};
