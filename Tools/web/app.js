// Loads the WebAssembly engine, then binds every field of the page to it.
// `body[data-engine]` says where loading stands: loading, ready or failed.

import { bindBio } from "./bio.js";
import { bindCardForm } from "./card-form.js";
import { bindBracketMask, bindShorthandMask } from "./masks.js";
import { bindPhone } from "./phone.js";

const byId = (id) => document.getElementById(id);

async function start() {
  const status = byId("engine-status");
  let engine;
  try {
    engine = await import("./payphone.mjs");
    await engine.ready;
  } catch (error) {
    document.body.dataset.engine = "failed";
    status.textContent = `The engine did not load: ${error.message}`;
    throw error;
  }

  for (const id of ["card-mask", "expiry-mask", "phone-mask"]) bindShorthandMask(engine, byId(id));
  bindPhone(engine, byId("phone"), byId("phone-region"), byId("phone-e164"));
  bindBio(engine, byId("bio"), byId("bio-meter"), byId("bio-ring"), byId("bio-count"));
  bindBracketMask(engine, byId("bracket-mask"), byId("bracket-format"), byId("bracket-value"));
  bindCardForm(engine, {
    number: byId("card-number"),
    brand: byId("card-brand"),
    expiry: byId("card-expiry"),
    cvc: byId("card-cvc"),
    cvcLabel: byId("card-cvc-label"),
    name: byId("card-name"),
    pay: byId("pay"),
    form: byId("card-form"),
    result: byId("pay-result"),
  });

  status.textContent = `Engine ${engine.version()} ready.`;
  document.body.dataset.engine = "ready";
}

start();
