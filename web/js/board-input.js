// board-input.js — a player's clicks and keys on a board and on its prompt bar, turned into
// the chooser's steps (js/chooser.js): a click on an element carrying data-choice chooses it,
// a click elsewhere on the board drops an unfinished choice, Enter or Space on a focused
// choice chooses it, and the prompt's back button undoes a step; after a choice made from the
// keyboard the focus goes on to the next one (keepFocus). The match page, the tutorials and
// the puzzle trainer share it.

/**
 * @param {{board: Element, prompt: Element, chooser: import('./chooser.js').Chooser,
 *   onInput?: (byKeyboard: boolean) => void}} where the board, its prompt bar, the chooser,
 *   and who is told whether each choice came from the keyboard
 */
export function wireChoices({ board, prompt, chooser, onInput = () => {} }) {
  const pick = (target) => {
    const el = target.closest('[data-choice]');
    if (el && (board.contains(el) || prompt.contains(el))) {
      chooser.choose(el.dataset.choice);
      return true;
    }
    return false;
  };
  board.addEventListener('click', (e) => {
    if (!pick(e.target) && chooser.chosen.length && !chooser.locked) chooser.reset();
  });
  // A pointer's choice leaves the focus where it is; a key's moves it on (keepFocus).
  document.addEventListener('pointerdown', () => onInput(false), true);
  prompt.addEventListener('click', (e) => {
    onInput(e.detail === 0);
    if (e.target.closest('[data-back]')) chooser.back();
    else pick(e.target);
  });
  board.addEventListener('keydown', (e) => {
    if ((e.key === 'Enter' || e.key === ' ') && e.target.dataset?.choice) {
      e.preventDefault();
      onInput(true);
      chooser.choose(e.target.dataset.choice);
    }
  });
}

/** After a choice made from the keyboard the focus goes on to the next choice when the
 * element that had it was drawn anew or is no longer a choice: the first target the board
 * offers now, else the first button of the action bar, else `fallback` (the board itself
 * unless given, e.g. a tutorial's explanation). */
export function keepFocus(board, prompt, fallback = board) {
  const a = document.activeElement;
  const usable = a && a !== document.body && a.isConnected && !a.disabled
    && (a.matches('button, input, select, textarea, a[href]') || a.getAttribute('tabindex') === '0');
  if (usable && !(board.contains(a) && a !== board && !a.dataset.choice)) return;
  const next = [...board.querySelectorAll('[data-choice][tabindex="0"]')].find((el) => !el.classList.contains('chosen'))
    || prompt.querySelector('button[data-choice]') || prompt.querySelector('button');
  if (next) {
    next.focus();
    return;
  }
  if (!fallback.hasAttribute('tabindex')) fallback.setAttribute('tabindex', '-1');
  fallback.focus({ preventScroll: true });
}
