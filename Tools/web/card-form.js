// The card form: the number grouped by its brand as it is typed, the expiry
// read as a person means it, the security code sized by the brand, and Pay
// enabled only once the engine accepts every field.

import { bindField, caretAfterPrefix } from "./field.js";

const BRAND_NAMES = {
  visa: "Visa",
  mastercard: "Mastercard",
  "american-express": "American Express",
  discover: "Discover",
  "diners-club": "Diners Club",
  jcb: "JCB",
  unionpay: "UnionPay",
  maestro: "Maestro",
  mir: "Mir",
  elo: "Elo",
  hiper: "Hiper",
  hipercard: "Hipercard",
  verve: "Verve",
  troy: "Troy",
  naranja: "Naranja",
};

export function bindCardForm(engine, elements) {
  const { number, brand, expiry, cvc, cvcLabel, name, pay, form, result } = elements;
  const masks = new Map();
  const maskFor = (format) => {
    if (!masks.has(format)) masks.set(format, new engine.TextMask(format));
    return masks.get(format);
  };
  const inspect = (digits, code) => {
    try {
      return engine.inspectCard(digits, code);
    } catch {
      return null; // no digits yet
    }
  };
  // The grouping of a number whose brand is not known yet holds every length
  // a card can have; the digits are read through it first, which drops
  // anything that is not a digit and folds other scripts' digits.
  const anyCardMask = maskFor(engine.inspectCard("0").mask);
  const expiryFormatter = new engine.ExpiryFormatter();

  const state = { card: null, expiryValid: false, cvcValid: false };

  const cvcMask = () => maskFor("#".repeat(state.card?.cvcLength ?? 4));

  const validate = () => {
    const card = inspect(state.card?.digits ?? "", cvc.value);
    state.cvcValid = card?.cvcValid === true;
    cvc.dataset.valid = String(state.cvcValid);
    const nameValid = name.value.trim() !== "";
    pay.disabled = !(card?.valid && state.expiryValid && state.cvcValid && nameValid);
  };

  bindField(
    number,
    ({ text, caret }) => {
      const digits = anyCardMask.apply(text).value;
      const mask = maskFor(inspect(digits)?.mask ?? anyCardMask.format);
      const format = (part) => mask.apply(part);
      const shown = format(text);
      // The brand's mask holds no more digits than the brand's longest number.
      state.card = inspect(shown.value);
      number.dataset.valid = String(state.card?.valid === true);
      const id = state.card?.brand ?? "";
      brand.dataset.brand = id;
      brand.textContent = BRAND_NAMES[id] ?? id;
      cvc.placeholder = state.card?.cvcName ?? "CVC";
      cvcLabel.textContent = state.card?.cvcName ?? "Security code";
      return { text: shown.text, caret: caretAfterPrefix(format, text, caret) };
    },
    validate,
  );

  bindField(
    expiry,
    ({ text, caret }) => {
      const format = (part) => expiryFormatter.apply(part);
      const shown = format(text);
      try {
        state.expiryValid = shown.complete && engine.expiry(shown.text).valid;
      } catch {
        state.expiryValid = false; // a month over 12
      }
      expiry.dataset.valid = String(state.expiryValid);
      return { text: shown.text, caret: caretAfterPrefix(format, text, caret) };
    },
    validate,
  );

  bindField(
    cvc,
    ({ text, caret }) => {
      const format = (part) => cvcMask().apply(part);
      return { text: format(text).text, caret: caretAfterPrefix(format, text, caret) };
    },
    validate,
  );

  name.addEventListener("input", validate);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (pay.disabled || !state.card) return;
    result.value = `${BRAND_NAMES[state.card.brand] ?? "Card"} ending ${state.card.last4} accepted`;
  });
  validate();
}
