// The module's `run(command, request)` against the `payphone` tool: every
// request gets the record the tool writes for the same `--jsonl` line.
// Requests come from the stored oracle fixtures and from generated inputs
// for the fields; the tool answers them in this same run.
import { test } from "node:test";
import assert from "node:assert/strict";
import { payphone, cliRecords, fixture } from "./support.mjs";

function compare(command, requests, answer = (request) => payphone.run(command, request)) {
  const expected = cliRecords(command, requests);
  const mismatches = [];
  for (const [index, request] of requests.entries()) {
    const actual = answer(request);
    try {
      assert.deepStrictEqual(actual, expected[index]);
    } catch {
      mismatches.push({ request, expected: expected[index], actual });
    }
  }
  const shown = mismatches.slice(0, 5).map((mismatch) => JSON.stringify(mismatch)).join("\n");
  assert.equal(mismatches.length, 0, `${command}: ${mismatches.length} of ${requests.length} differ\n${shown}`);
}

test("phone: the oracle's numbers", () => {
  const requests = fixture("phone_oracle.jsonl").map(({ input, defaultRegion }) =>
    defaultRegion === null ? { number: input } : { number: input, region: defaultRegion });
  compare("phone", requests);
});

test("normalize and parse: the oracle's numbers, read from the typed answer", () => {
  const requests = fixture("phone_oracle.jsonl").map(({ input, defaultRegion }) => ({
    number: input,
    region: defaultRegion,
  }));
  compare("phone", requests, ({ number, region }) => payphone.normalize(number, region ?? ""));
  // parse: the same fields without `ok` and `input`, or the record's error thrown.
  compare("phone", requests, ({ number, region }) => {
    try {
      return { input: number, ok: true, ...payphone.parse(number, region ?? "") };
    } catch (error) {
      return { input: number, ok: false, error: error.code, message: error.message.replace(`${error.code}: `, "") };
    }
  });
});

test("as-you-type: the oracle's key sequences", () => {
  compare("as-you-type", fixture("as_you_type_oracle.jsonl").map(({ region, keys }) => ({ region, keys })));
});

test("find: the oracle's texts at every leniency, with cards and redaction", () => {
  const requests = [];
  for (const { text, region } of fixture("find.jsonl")) {
    for (const leniency of ["possible", "valid", "strict_grouping", "exact_grouping"]) {
      requests.push({ text, region, leniency });
    }
    requests.push({ text, region, cards: true, redact: true });
  }
  compare("find", requests);
});

test("match: the oracle's pairs, with and without a region", () => {
  const requests = [];
  for (const { a, b, region } of fixture("match.jsonl")) {
    requests.push({ a, b });
    if (region !== null) requests.push({ a, b, region });
  }
  compare("match", requests);
});

test("short: the oracle's numbers", () => {
  const requests = fixture("short.jsonl")
    .filter(({ kind }) => kind === "number")
    .map(({ number, region }) => ({ number, region }));
  compare("short", requests);
});

const masks = [
  "+7 ([000]) [000] [00] [00]", "{+7} ([000]) [000] [00] [00]", "+1 ([000]) [000]-[0000]",
  "[00]{.}[00]{.}[9900]", "[00]{.}[00]{.}[0000]", "[AAA]-[000]", "[000999]-[000999]", "[-----]",
  "##/##", "(###) ###-####", "#### #### #### ####", "AA-####", "{+7} ###", "[000AA]", "[00", "",
];
const maskTexts = [
  "", "1", "12", "79621234567", "+7 (962) 123-45-67", "5551234567", "٧٩٦٢١٢٣٤٥٦٧", "01.02.2020",
  "ab12cd", "👍1🇺🇸2", "1225", "12/2", "é1", "abc123def456",
];

test("mask: masks × texts × carets", () => {
  const requests = [];
  for (const mask of masks) {
    for (const text of maskTexts) {
      requests.push({ mask, text });
      requests.push({ mask, text, autocomplete: false });
      for (let caret = 0; caret <= Math.min(text.length, 4); caret += 2) requests.push({ mask, text, caret });
    }
  }
  requests.push({ text: "12" }, { mask: 7, text: "1" }, {});
  compare("mask", requests);
});

test("card: typed prefixes of every brand's numbers, with security codes", () => {
  const numbers = [
    "4111111111111111", "5555555555554444", "378282246310005", "6011111111111117", "30569309025904",
    "3530111333300000", "6205500000000000004", "6759649826438453", "2200123456789010", "6362970000457013",
    "6062826786276634", "5061990000000000008", "9792030000000000", "5895620000000002", "650923",
  ];
  const requests = [];
  for (const number of numbers) {
    for (let length = 0; length <= number.length; length++) requests.push({ number: number.slice(0, length) });
    requests.push({ number: number.replace(/(\d{4})/g, "$1 ").trim(), cvc: "123" });
    requests.push({ number, cvc: "1234" }, { number: `${number}x` }, { number: number.replace(/1/g, "١") });
  }
  requests.push({ number: "" }, { number: 4111 }, { cvc: "1" });
  compare("card", requests);
});

test("expiry: written forms on fixed days", () => {
  const texts = ["12/34", "1/30", "0130", "12/2034", "01-30", "01 / 30", "01 30", "1 2030", "13/30", "00/30",
    "12/3", "", "ab", "١٢/٣٤", "11/26", "12/26", "1/47", "1/46"];
  const requests = [];
  for (const today of ["2026-11-29", "2026-12-01", "2027-01-01"]) {
    for (const expiry of texts) requests.push({ expiry, today });
  }
  requests.push({ expiry: "12/34", today: "2026-13-01" }, { today: "2026-01-01" });
  compare("expiry", requests);
});

test("text: counts and levels", () => {
  const texts = ["", "hello", "👍🏽", "🇺🇸🇬🇧", "e\u0301", "٠١٢٣٤٥٦٧٨٩", "a".repeat(300), "👨‍👩‍👧‍👦 family",
    "\r\n", "한국어", "𝟔𝟓𝟎"];
  const requests = [];
  for (const text of texts) {
    requests.push({ text });
    requests.push({ text, limit: 5 }, { text, limit: 10, warningFraction: 0.5 }, { text, limit: 0 });
  }
  requests.push({ text: "x", limit: 1.5 }, { limit: 3 });
  compare("text", requests);
});

test("bad lines get the tool's bad_input_line record", () => {
  for (const command of ["phone", "card", "find", "match", "short", "as-you-type"]) {
    compare(command, [{}, { number: 5, text: 5, a: 1, keys: 2 }, [], "text", null]);
  }
});

test("an unknown command is an error, not a record", () => {
  assert.throws(() => payphone.run("nope", {}), { name: "PayPhoneError", code: "unknown_command" });
});
