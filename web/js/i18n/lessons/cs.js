// i18n/lessons/cs.js — the strings of the tutorials (learn.html), merged into ../cs.js (same keys in
// every language).

export default {
  'learn.pageTitle': 'Naučte se hrát — Tabula',
  'learn.title': 'Naučte se hru {game}',
  'learn.lessons': 'Lekce',
  'learn.prev': 'Předchozí lekce',
  'learn.next': 'Další lekce',
  'learn.restart': 'Začít znovu',
  'learn.goal': 'Cíl:',
  'learn.step': 'Tah {n} z {total}',
  'learn.complete': 'Lekce dokončena.',
  'learn.right': 'Výborně!',
  'learn.notThis': 'Tento tah to není. {goal}',
  'learn.illegal': 'Nedovoleno:',
  'learn.pointless': 'Dovoleno, ale teď ne:',
  'learn.rule': 'pravidlo {rule}',
  'learn.rules': 'pravidla',
  'learn.completed': 'dokončeno',
  'learn.lastDone': 'To byla poslední lekce.',
  'learn.allDone': 'Dokončili jste všechny lekce.',
  'learn.firstGame': 'Zahrajte si první hru',
  'learn.firstGameHelp': 'Proti botovi začátečník, se zapnutou nápovědou.',
  'learn.cannotLoad': 'Výuku se nepodařilo načíst',
  'home.learn': 'Naučte se hrát',
  'home.learnOffer': 'Hru neznáte? Projděte si výuku',
  'home.learnGame': 'Naučte se hrát {game}',
};
