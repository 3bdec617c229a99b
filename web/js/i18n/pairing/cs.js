// i18n/pairing/cs.js — texty rychlého párování na úvodní stránce (js/pairing.js), sloučené
// do ../cs.js.

export default {
  'pairing.title': 'Hrát s někým',
  'pairing.intro': 'Vyberte hru a tempo: posadíme vás k dalšímu člověku, který chce totéž a má podobný rating. Čím déle čekáte, tím širší rozmezí.',
  'pairing.game': 'Hra',
  'pairing.players': 'Hráči',
  'pairing.speed': 'Tempo',
  'pairing.untimed': 'bez hodin',
  'pairing.rated': 'hodnocená',
  'pairing.casual': 'přátelská',
  'pairing.ratedSignIn': 'Pro hodnocené partie se přihlaste.',
  'pairing.find': 'Najít soupeře',
  'pairing.waiting': 'Hledáme: {what}… čekáte {s} s, rozmezí ratingu ±{range}. Nechte tuto stránku otevřenou.',
  'pairing.cancel': 'Zrušit',
  'pairing.bots': 'Doplnit boty',
  'pairing.expired': 'Vaše hledání vypršelo: zkuste to znovu.',
  'pairing.open': 'Čekající hráči',
  'pairing.none': 'Právě nikdo nečeká.',
  'pairing.who': '{name} ({rating}), čeká {s} s',
  'pairing.table': 'Obsazeno {n} z {of} míst: partie začne, až bude stůl plný.',
  'pairing.join': 'Přidat se',
};
