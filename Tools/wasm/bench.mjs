// node Tools/wasm/bench.mjs MODULE_DIR CORPUS
//
// The peers' phone loop (`payphone-bench phone`) on the WebAssembly module
// in Node: reads `REGION<TAB>RAW` lines, runs them all once untimed (as
// the native loop loads every region's tables first, with
// `PhoneMetadata.loadAll()`, and so that V8 has optimised the module's hot
// functions), then times `parse` per line (which answers validity, type
// and the formats at once; a number that does not parse throws). Prints
// the line the peers print, then how long the module took from import to
// its first answer.
//
//     bash Tools/wasm/build.sh .build/wasm
//     node Tools/wasm/bench.mjs .build/wasm corpus.tsv
//     swift run -c release payphone-bench phone corpus.tsv   # the native figure, same corpus
import { readFileSync } from "node:fs";
import path from "node:path";

const [directory, corpus] = process.argv.slice(2);
if (!directory || !corpus) {
  console.error("usage: node Tools/wasm/bench.mjs MODULE_DIR CORPUS");
  process.exit(2);
}

const loadStart = performance.now();
const payphone = await import(path.resolve(directory, "payphone.mjs"));
await payphone.ready;
payphone.parse("020 7946 0958", "GB");
const firstAnswer = performance.now() - loadStart;

const lines = readFileSync(corpus, "utf8")
  .split("\n")
  .map((line) => line.split("\t"))
  .filter((fields) => fields.length === 2)
  .map(([region, raw]) => ({ region, raw }));

// The checksum adds up the formats' lengths, as the native loop adds up
// their UTF-8 counts: each reads a count its string holds (formats are
// ASCII, so a JavaScript string's length is its UTF-8 count, and the two
// checksums agree), rather than counting bytes again, which in Node is a
// call into its C++ per string and would be timed as the module's work.
function work({ region, raw }) {
  try {
    const number = payphone.parse(raw, region);
    return { parsed: true, valid: number.valid, checksum: number.e164.length +
      number.international.length + number.national.length };
  } catch (error) {
    if (!(error instanceof payphone.PayPhoneError)) throw error;
    return { parsed: false, valid: false, checksum: 0 };
  }
}

for (const line of lines) work(line);
let parsed = 0;
let valid = 0;
let checksum = 0;
const start = process.hrtime.bigint();
for (const line of lines) {
  const result = work(line);
  parsed += result.parsed ? 1 : 0;
  valid += result.valid ? 1 : 0;
  checksum += result.checksum;
}
const elapsed = Number(process.hrtime.bigint() - start);
console.log(`impl=payphone-wasm-${payphone.version()} n=${lines.length} parsed=${parsed} valid=${valid} ` +
  `checksum=${checksum} ns_per_number=${(elapsed / Math.max(lines.length, 1)).toFixed(1)}`);
console.log(`first_answer_ms=${firstAnswer.toFixed(1)}`);
