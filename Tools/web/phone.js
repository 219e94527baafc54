// The phone field and its country picker: the engine's phone field editor
// formats every edit as libphonenumber would show the keys typed, with the
// caret after the key the person was at.

import { bindField, show } from "./field.js";

/** The browser's region, if the engine knows it; else the United States. */
function preferredRegion(known) {
  for (const tag of navigator.languages ?? [navigator.language]) {
    try {
      const region = new Intl.Locale(tag).maximize().region;
      if (region && known.has(region)) return region;
    } catch {
      // Not a usable language tag; try the next.
    }
  }
  return "US";
}

/** Fills the picker: flag, name in the browser's language, calling code; sorted by name. */
function fillRegions(engine, picker) {
  const names = new Intl.DisplayNames(navigator.languages ?? [navigator.language], { type: "region" });
  const nameOf = (code) => {
    try {
      return names.of(code) ?? code;
    } catch {
      return code;
    }
  };
  const regions = engine
    .regions()
    .filter((info) => info.region !== "001")
    .map((info) => ({ ...info, name: nameOf(info.region) }));
  const collator = new Intl.Collator(navigator.languages ?? [navigator.language]);
  regions.sort((a, b) => collator.compare(a.name, b.name));
  for (const info of regions) {
    const option = new Option(`${info.flag ?? ""} ${info.name} +${info.countryCode}`, info.region);
    option.dataset.example = info.example ?? "";
    picker.append(option);
  }
  picker.value = preferredRegion(new Set(regions.map((info) => info.region)));
}

export function bindPhone(engine, input, picker, e164Output) {
  fillRegions(engine, picker);
  let editor = new engine.PhoneNumberEditor(picker.value);

  const update = (state) => {
    input.dataset.valid = String(state.complete);
    e164Output.value = state.e164 ?? "";
    return state;
  };
  const showExample = () => {
    const example = picker.selectedOptions[0]?.dataset.example;
    try {
      input.placeholder = example ? engine.parse(example).national : "";
    } catch {
      input.placeholder = "";
    }
  };

  bindField(input, ({ edit }) => update(editor.apply(edit)));
  picker.addEventListener("change", () => {
    editor.free();
    editor = new engine.PhoneNumberEditor(picker.value);
    showExample();
    // The keys typed so far, formatted for the new country.
    show(input, update(editor.format(input.value)));
  });
  showExample();
  update(editor.format(input.value));
}
