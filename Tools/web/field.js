// Binds a text input to a shaper from the engine. The browser performs each
// edit itself (typing, deleting either way, pasting, dropping, cutting,
// replacing a selection, IME composition); `beforeinput` keeps the text and
// selection it started from, and `input` hands the shaper the edit — the text
// before it, the UTF-16 range replaced and what replaced it — together with
// the text and caret the browser left. The shaper answers the text to show and
// where the caret goes (UTF-16), and the field shows exactly that.

/**
 * @param {HTMLInputElement | HTMLTextAreaElement} input
 * @param {(change: {edit: object, text: string, caret: number}) => {text: string, caret: number}} shape
 * @param {() => void} [changed] called after every edit is shown
 */
export function bindField(input, shape, changed = () => {}) {
  let before = null;
  let composing = false;
  let shownText = input.value;

  const settle = () => {
    if (!before && input.value === shownText) return; // nothing changed since the last edit shown
    // Autofill changes the text with no `beforeinput`: the whole text was replaced.
    const from = before ?? { text: shownText, start: 0, end: shownText.length, forward: false };
    const change = {
      edit: editBetween(from, input.value, input.selectionStart),
      text: input.value,
      caret: input.selectionStart,
    };
    before = null;
    try {
      show(input, shape(change));
    } catch (error) {
      // Whatever the engine makes of odd input, the field keeps working:
      // it shows what the browser typed.
      console.error(error);
    }
    shownText = input.value;
    changed();
  };

  input.addEventListener("compositionstart", () => {
    composing = true;
    before = snapshot(input, "insertCompositionText");
  });
  input.addEventListener("compositionend", () => {
    composing = false;
    settle();
  });
  input.addEventListener("beforeinput", (event) => {
    if (!composing) before = snapshot(input, event.inputType);
  });
  input.addEventListener("input", () => {
    if (!composing) settle();
  });
}

/** Puts `state.text` into the field and the caret at `state.caret` (UTF-16). */
export function show(input, state) {
  if (input.value !== state.text) input.value = state.text;
  if (document.activeElement === input) input.setSelectionRange(state.caret, state.caret);
}

function snapshot(input, inputType) {
  return {
    text: input.value,
    start: input.selectionStart,
    end: input.selectionEnd,
    forward: inputType.endsWith("Forward"),
  };
}

/**
 * The edit that turned `before.text` into `text`: a range of the old text
 * and its replacement, anchored at the selection the edit started from and
 * the caret it left, so that typing a digit next to the same digit is read
 * where it happened.
 */
export function editBetween(before, text, caretAfter) {
  const old = before.text;
  let start = 0;
  const shared = Math.min(old.length, text.length);
  while (start < shared && old[start] === text[start]) start++;
  start = Math.min(start, before.start, caretAfter);
  // The replaced range ends no earlier than the selection did.
  const suffixLimit = Math.min(old.length - Math.max(start, before.end), text.length - start);
  let suffix = 0;
  while (suffix < suffixLimit && old[old.length - 1 - suffix] === text[text.length - 1 - suffix]) suffix++;
  return {
    text: old,
    start,
    end: old.length - suffix,
    replacement: text.slice(start, text.length - suffix),
    direction: before.forward ? "forward" : "backward",
  };
}

/**
 * The caret for a field whose formatter re-shapes the whole text and puts
 * the caret at its end: the formatter's text for what stands before the
 * caret is as long as the part of the whole result before it, so the caret
 * stays after the last character the person had before it.
 */
export function caretAfterPrefix(format, text, caret) {
  return format(text.slice(0, caret)).text.length;
}
