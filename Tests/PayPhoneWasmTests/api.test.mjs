// The typed API: the same answers as the tool's records for the same input,
// carets and offsets in UTF-16 (emoji and other astral characters count 2),
// errors thrown with the library's code.
import { test } from "node:test";
import assert from "node:assert/strict";
import { payphone, cliRecords, cliOutput, utf16OfScalars, utf16OfCharacters } from "./support.mjs";

const {
  parse, normalize, match, regions, AsYouTypeFormatter, PhoneNumberEditor, TextMask, MaskPicker,
  ExpiryFormatter, inspectCard, luhn, expiry, graphemeCount, textLimit, find, redact, run, PayPhoneError,
  memoryBytes,
} = payphone;

function withoutStatus(record) {
  const { ok, input, ...fields } = record;
  return fields;
}

test("parse gives the phone record's fields; a bad number throws its code", () => {
  const inputs = [["020 7946 0958 ext. 123", "GB"], ["+1 650 253 0000", ""], ["٠٢٠ ٧٩٤٦ ٠٩٥٨", "gb"]];
  const expected = cliRecords("phone", inputs.map(([number, region]) => ({ number, region: region || null })));
  inputs.forEach(([number, region], index) => {
    assert.deepStrictEqual(parse(number, region), withoutStatus(expected[index]));
    assert.deepStrictEqual(normalize(number, region), expected[index]);
  });
  const [failure] = cliRecords("phone", [{ number: "hello" }]);
  assert.throws(() => parse("hello"), { name: "PayPhoneError", code: failure.error });
  assert.throws(() => parse("020 7946 0958", "GBR"), { code: "invalid_region" });
});

test("match", () => {
  const [record] = cliRecords("match", [{ a: "+44 20 7946 0958", b: "020 7946 0958" }]);
  assert.equal(match("+44 20 7946 0958", "020 7946 0958"), record.match);
});

test("regions: the tool's records, names aside (the module has no ICU locale data)", () => {
  const expected = cliOutput("regions", []).map(({ name, ...fields }) => ({ ...fields, name: null }));
  assert.deepStrictEqual(run("regions"), expected);
  assert.deepStrictEqual(regions(), expected.map(({ ok, ...fields }) => fields));
});

test("the as-you-type formatter shows the tool's steps; free is idempotent", () => {
  const [record] = cliRecords("as-you-type", [{ region: "US", keys: "6502532222" }]);
  const formatter = new AsYouTypeFormatter("US");
  const steps = Array.from("6502532222", (key) => formatter.input(key));
  assert.deepStrictEqual(steps, record.steps);
  assert.equal(formatter.text, record.steps.at(-1));
  formatter.clear();
  assert.equal(formatter.input("4"), "4");
  formatter.free();
  formatter.free();
  assert.throws(() => formatter.input("1"), { code: "freed" });
});

test("the phone editor: typing astral digits in the middle keeps a UTF-16 caret", () => {
  const editor = new PhoneNumberEditor("US");
  const [typed] = cliRecords("as-you-type", [{ region: "US", keys: "6502532222" }]);
  const full = editor.format("𝟔𝟓𝟎𝟐𝟓𝟑𝟐𝟐𝟐𝟐");
  assert.equal(full.text, typed.steps.at(-1));
  assert.equal(full.caret, full.text.length);
  assert.equal(full.complete, true);
  assert.equal(full.e164, parse("6502532222", "US").e164);
  // Typing a digit in the middle (after "(650) 2"): the caret follows it.
  const middle = full.text.indexOf("2");
  const edited = editor.apply({ text: full.text, start: middle + 1, end: middle + 1, replacement: "9" });
  const [expected] = cliRecords("as-you-type", [{ region: "US", keys: "65029532222" }]);
  assert.equal(edited.text, expected.steps.at(-1));
  assert.equal(edited.text.slice(0, edited.caret).replace(/\D/g, ""), "65029");
  // Backspace over a separator takes the digit before it.
  const closing = full.text.indexOf(")");
  const deleted = editor.apply({ text: full.text, start: closing, end: closing + 1, replacement: "" });
  assert.equal(deleted.value, "652532222");
});

test("masks: carets in UTF-16 match the tool's character carets", () => {
  const cases = [
    ["+1 ([000]) [000]-[0000]", "👍5551234567", 3],
    ["[00]{.}[00]{.}[9900]", "0102", 2],
    ["(###) ###-####", "🇺🇸555", 2],
    ["##/##", "1225", 1],
  ];
  const records = cliRecords("mask", cases.map(([mask, text, caret]) => ({ mask, text, caret })));
  cases.forEach(([format, text, caret], index) => {
    const mask = new TextMask(format);
    const result = mask.apply(text, utf16OfCharacters(text, caret));
    const record = records[index];
    assert.equal(result.text, record.text);
    assert.equal(result.value, record.value);
    assert.equal(result.complete, record.complete);
    assert.equal(result.caret, utf16OfCharacters(record.text, record.caret));
    mask.free();
  });
  assert.equal(new TextMask("[00]").notation, "bracket");
  assert.equal(new TextMask("##/##").notation, "shorthand");
  assert.throws(() => new TextMask("[000AA]"), { name: "PayPhoneError", code: "invalid_mask" });
});

test("mask edits: backspace deletes a digit, not the literal", () => {
  const mask = new TextMask("+1 ([000]) [000]-[0000]");
  const typed = mask.applyEdit({ text: "+1 (555", start: 7, end: 7, replacement: "1" });
  const [record] = cliRecords("mask", [{ mask: "+1 ([000]) [000]-[0000]", text: "+1 (5551" }]);
  assert.equal(typed.text, record.text);
  const deleted = mask.applyEdit({ text: typed.text, start: typed.text.length - 1, end: typed.text.length,
    replacement: "" });
  assert.equal(deleted.value, "555");
  const picker = new MaskPicker("[00]-[00]", ["[0000]-[0000]"], "capacity");
  assert.equal(picker.choose("123456"), "[0000]-[0000]");
  const expiryField = new ExpiryFormatter();
  assert.equal(expiryField.apply("4").text, "04");
});

test("cards: the card record's fields and a mask for the brand", () => {
  const [amex, typing] = cliRecords("card", [{ number: "3782 822463 10005", cvc: "1234" }, { number: "65" }]);
  assert.deepStrictEqual(inspectCard("3782 822463 10005", "1234"),
    { ...withoutStatus(amex), mask: "#### ###### #####" });
  const partial = inspectCard("65");
  assert.deepStrictEqual(partial.candidates, typing.candidates);
  assert.equal(partial.brand, null);
  assert.equal(partial.mask, "#### #### #### #### ###");
  const [empty, bad] = cliRecords("card", [{ number: "" }, { number: "4111x" }]);
  assert.throws(() => inspectCard(""), { code: empty.error });
  assert.throws(() => inspectCard("4111x"), { code: bad.error });
  assert.equal(luhn("4111111111111111"), true);
  assert.equal(luhn("4111111111111112"), false);
});

test("expiry and text", () => {
  const [valid, badMonth] = cliRecords("expiry", [
    { expiry: "12/34", today: "2026-11-29" }, { expiry: "13/30", today: "2026-11-29" }]);
  assert.deepStrictEqual(expiry("12/34", "2026-11-29"), withoutStatus(valid));
  assert.throws(() => expiry("13/30", "2026-11-29"), { code: badMonth.error });
  assert.throws(() => expiry("12/34", "tomorrow"), { code: "invalid_date" });
  const text = "👨‍👩‍👧‍👦 hi 🇺🇸";
  const [record] = cliRecords("text", [{ text, limit: 6 }]);
  assert.deepStrictEqual(textLimit(text, { limit: 6 }), withoutStatus(record));
  assert.equal(graphemeCount(text), record.graphemes);
});

test("find and redact: UTF-16 offsets after emoji", () => {
  const text = "📞 call 020 7946 0958 or 👍 card 4111 1111 1111 1111 today";
  const [record] = cliRecords("find", [{ text, region: "GB", cards: true, redact: true }]);
  const matches = find(text, { region: "GB", cards: true });
  assert.equal(matches.length, record.matches.length);
  matches.forEach((found, index) => {
    const expected = record.matches[index];
    assert.equal(found.kind, expected.kind);
    assert.equal(found.start, utf16OfScalars(text, expected.start));
    assert.equal(found.end, utf16OfScalars(text, expected.end));
  });
  assert.equal(redact(text, { region: "GB", cards: true }), record.redacted);
  assert.throws(() => find("x", { leniency: "loose" }), { code: "invalid_leniency" });
});

test("bad input is an error, never a trap", () => {
  for (const call of [
    () => parse("\u0000\uFFFF\uD800", "US"), () => inspectCard("💳".repeat(1000)),
    () => new TextMask("[".repeat(500)), () => expiry("9".repeat(10000), "2026-01-01"),
  ]) {
    try {
      call();
    } catch (error) {
      assert.ok(error instanceof PayPhoneError, `${error}`);
    }
  }
  assert.equal(run("phone", { number: "\uD800" }).ok, false);
  assert.equal(typeof textLimit("x".repeat(1 << 20)).graphemes, "number");
});

test("no memory grows across calls: answers, errors and freed objects give their memory back", () => {
  function round() {
    for (let index = 0; index < 3000; index++) {
      const formatter = new AsYouTypeFormatter("US");
      formatter.input("6502532222");
      formatter.free();
      const mask = new TextMask("+1 ([000]) [000]-[0000]");
      mask.applyEdit({ text: "+1 (555", start: 7, end: 7, replacement: "1" });
      mask.free();
      parse("020 7946 0958", "GB");
      assert.throws(() => parse("x"));
      find("call 020 7946 0958 or 4111 1111 1111 1111", { region: "GB", cards: true });
      inspectCard("4111111111111111", "123");
      run("phone", { number: `+44 20 7946 ${index}` });
    }
  }
  round();
  const settled = memoryBytes();
  round();
  round();
  assert.equal(memoryBytes(), settled);
});
