// The masked fields: three `#` shorthand masks with a checkmark, and a field
// in InputMask's bracket notation whose mask is picked from a list.

import { bindField, caretAfterPrefix, show } from "./field.js";

/**
 * Whether a complete mask's text is also valid, by what the field holds:
 * a card number the card rules accept, an expiry whose month is a month,
 * a valid US number.
 */
function validator(engine, kind) {
  switch (kind) {
    case "card":
      return (result) => engine.inspectCard(result.value).valid;
    case "expiry":
      return (result) => {
        engine.expiry(result.text);
        return true;
      };
    case "us-phone":
      return (result) => engine.parse(result.value, "US").valid;
    default:
      return () => true;
  }
}

function isValid(check, result) {
  if (!result.complete) return false;
  try {
    return check(result);
  } catch {
    // The engine refused it (a month over 12, a number that does not parse).
    return false;
  }
}

/** A `#` shorthand mask field: the mask re-shapes the whole text, the caret stays put. */
export function bindShorthandMask(engine, input) {
  const mask = new engine.TextMask(input.dataset.mask);
  const check = validator(engine, input.dataset.check);
  const format = (text) => mask.apply(text);
  bindField(input, ({ text, caret }) => {
    const result = format(text);
    input.dataset.valid = String(isValid(check, result));
    return { text: result.text, caret: caretAfterPrefix(format, text, caret) };
  });
  input.dataset.valid = "false";
}

/**
 * The bracket-notation field: each edit goes to the mask with its range, so
 * the mask's own caret rules apply (literals it writes push the caret on
 * while typing; deleting skips back over them).
 */
export function bindBracketMask(engine, input, picker, valueOutput) {
  const masks = new Map();
  const current = () => {
    const format = picker.value;
    if (!masks.has(format)) masks.set(format, new engine.TextMask(format));
    return masks.get(format);
  };
  const update = (result) => {
    input.dataset.valid = String(result.complete);
    valueOutput.value = result.value;
    return result;
  };
  bindField(input, ({ edit }) => update(current().applyEdit(edit, { autocomplete: true, autoskip: true })));
  picker.addEventListener("change", () => {
    input.placeholder = current().placeholder;
    // The text typed so far, read into the newly chosen mask.
    show(input, update(current().apply(input.value)));
  });
  input.placeholder = current().placeholder;
  input.dataset.valid = "false";
}
