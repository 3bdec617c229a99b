// i18n/lessons/en.js — the strings of the tutorials (learn.html), merged into ../en.js (same keys in
// every language).

export default {
  'learn.pageTitle': 'Learn to play — Tabula',
  'learn.title': 'Learn {game}',
  'learn.lessons': 'Lessons',
  'learn.prev': 'Previous lesson',
  'learn.next': 'Next lesson',
  'learn.restart': 'Start again',
  'learn.goal': 'Goal:',
  'learn.step': 'Move {n} of {total}',
  'learn.complete': 'Lesson complete.',
  'learn.right': 'Well done!',
  'learn.notThis': 'Not this move. {goal}',
  'learn.illegal': 'Not allowed:',
  'learn.pointless': 'Allowed, but not now:',
  'learn.rule': 'rule {rule}',
  'learn.rules': 'the rules',
  'learn.completed': 'completed',
  'learn.lastDone': 'That was the last lesson.',
  'learn.allDone': 'You have completed every lesson.',
  'learn.firstGame': 'Play your first game',
  'learn.firstGameHelp': 'Against the beginner bot, with hints on.',
  'learn.cannotLoad': 'The tutorial could not be loaded',
  'home.learn': 'Learn to play',
  'home.learnOffer': 'New to this game? Take the tutorial',
  'home.learnGame': 'Learn to play {game}',
};
