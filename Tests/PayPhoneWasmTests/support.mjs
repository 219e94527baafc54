// What the Node tests share: the module under test (built by run.sh into
// PAYPHONE_WASM_DIR) and the reference, the `payphone` tool (PAYPHONE_CLI),
// whose `--jsonl` records every expectation comes from.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, "../..");

const wasmDirectory = process.env.PAYPHONE_WASM_DIR ?? path.join(root, ".build/wasm");
export const payphone = await import(path.resolve(wasmDirectory, "payphone.mjs"));
await payphone.ready;

const cli = process.env.PAYPHONE_CLI ?? path.join(root, ".build/debug/payphone");

/** The records `payphone COMMAND --jsonl` writes for `requests`. */
export function cliOutput(command, requests) {
  const input = requests.map((request) => JSON.stringify(request)).join("\n") + "\n";
  const result = spawnSync(cli, [command, "--jsonl"], { input, maxBuffer: 1 << 30, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${cli} ${command} failed: ${result.stderr}`);
  return result.stdout.split("\n").filter((line) => line.length > 0).map((line) => JSON.parse(line));
}

/** The tool's record for each of `requests`, one `payphone COMMAND --jsonl` run. */
export function cliRecords(command, requests) {
  const records = cliOutput(command, requests);
  if (records.length !== requests.length) {
    throw new Error(`${command}: ${requests.length} requests, ${records.length} records`);
  }
  return records;
}

/** The lines of a stored fixture, parsed. */
export function fixture(name) {
  return readFileSync(path.join(root, "Tests/Fixtures", name), "utf8")
    .split("\n")
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line));
}

/** UTF-16 length of the first `count` code points of `text` (the tool counts scalars). */
export function utf16OfScalars(text, count) {
  return Array.from(text).slice(0, count).join("").length;
}

/** UTF-16 length of the first `count` grapheme clusters of `text` (the tool's carets count characters). */
export function utf16OfCharacters(text, count) {
  const segments = Array.from(new Intl.Segmenter("en", { granularity: "grapheme" }).segment(text));
  return segments.slice(0, count).reduce((sum, { segment }) => sum + segment.length, 0);
}
