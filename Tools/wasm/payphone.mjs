// PayPhone's WebAssembly engine as an ES module, for browsers and Node
// (see payphone.d.ts for the API). It loads payphone.wasm from beside
// itself; `await ready` before calling.
//
// The calling convention is the engine's (Tools/wasm/Engine/EngineCalls.swift):
// string arguments are copied as UTF-8 into one scratch block of the
// module's memory, each export writes its answer as JSON into the module's
// answer buffer and returns 0, or 1 with `{"code", "message"}`. The
// per-number calls (`parse`, `normalize`) answer a record as words and
// bytes instead (Tools/wasm/Engine/RecordAnswer.swift), read without JSON.

let wasm = null;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** An input the library refused; `code` is its stable error code. */
export class PayPhoneError extends Error {
  constructor(code, message) {
    super(`${code}: ${message}`);
    this.name = "PayPhoneError";
    this.code = code;
  }
}

// The few WASI functions the C library and the Swift runtime link: random
// bytes (hashing seeds), and writing a fatal error's message. Nothing else
// is used; anything else asked answers ENOSYS.
function wasiImports() {
  let stderr = "";
  const memoryView = () => new DataView(wasm.memory.buffer);
  const functions = {
    random_get(pointer, length) {
      crypto.getRandomValues(new Uint8Array(wasm.memory.buffer, pointer, length));
      return 0;
    },
    fd_write(fd, iovecs, count, writtenPointer) {
      const view = memoryView();
      let written = 0;
      for (let index = 0; index < count; index++) {
        const base = view.getUint32(iovecs + 8 * index, true);
        const length = view.getUint32(iovecs + 8 * index + 4, true);
        stderr += decoder.decode(new Uint8Array(wasm.memory.buffer, base, length));
        written += length;
      }
      view.setUint32(writtenPointer, written, true);
      const end = stderr.lastIndexOf("\n");
      if (end >= 0) {
        console.error(`payphone.wasm: ${stderr.slice(0, end)}`);
        stderr = stderr.slice(end + 1);
      }
      return 0;
    },
    proc_exit(code) {
      throw new Error(`payphone.wasm exited with status ${code}`);
    },
  };
  return new Proxy(functions, { get: (target, name) => target[name] ?? (() => 52) });
}

async function wasmBytes() {
  const url = new URL("./payphone.wasm", import.meta.url);
  if (url.protocol === "file:") {
    const { readFile } = await import("node:fs/promises");
    return readFile(url);
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`payphone: cannot load ${url}: ${response.status}`);
  return response.arrayBuffer();
}

/** Resolves once the module is compiled and instantiated. */
export const ready = (async () => {
  const { instance } = await WebAssembly.instantiate(await wasmBytes(), {
    wasi_snapshot_preview1: wasiImports(),
  });
  wasm = instance.exports;
})();

// MARK: Calls

let scratch = 0;
let scratchSize = 0;
// Views of the module's memory, made again when the memory grows (which
// detaches the old buffer): bytes, 32-bit words, and in Node a Buffer,
// whose `toString("latin1", ...)` makes a string of ASCII bytes quicker
// than a decoder.
let memoryView = new Uint8Array(0);
let wordView = new Int32Array(0);
let bufferView = null;

function moduleMemory() {
  // Growing detaches the old buffer, whose views then have no bytes.
  if (memoryView.length === 0) {
    const buffer = wasm.memory.buffer;
    memoryView = new Uint8Array(buffer);
    wordView = new Int32Array(buffer);
    bufferView = globalThis.Buffer?.from(buffer) ?? null;
  }
  return memoryView;
}

/** The string of the ASCII bytes `start..<end` of the module's memory. */
function asciiText(start, end) {
  const memory = moduleMemory();
  return bufferView === null ? decoder.decode(memory.subarray(start, end)) : bufferView.toString("latin1", start, end);
}

function engine() {
  if (wasm === null) throw new Error("payphone: the module is not ready yet (await ready)");
  return wasm;
}

/**
 * Calls export `name` with `args`: each string becomes (pointer, byte
 * count) in the scratch block, each number or boolean is passed as it is.
 */
function call(name, ...args) {
  const exports = engine();
  let needed = 0;
  for (const arg of args) if (typeof arg === "string") needed += 3 * arg.length;
  const memory = scratchFor(needed);
  const values = [];
  let offset = scratch;
  for (const arg of args) {
    if (typeof arg === "string") {
      const written = writeText(memory, arg, offset);
      values.push(offset, written);
      offset += written;
    } else {
      values.push(typeof arg === "boolean" ? Number(arg) : arg);
    }
  }
  return exports[name](...values);
}

/** The module's memory, with a scratch block of at least `needed` bytes. */
function scratchFor(needed) {
  if (needed > scratchSize) {
    const exports = engine();
    if (scratch !== 0) exports.pp_free(scratch);
    scratchSize = Math.max(needed, 1024);
    scratch = exports.pp_alloc(scratchSize);
  }
  return moduleMemory();
}

/** Writes `text` as UTF-8 into the scratch block at `offset`; its byte count. */
function writeText(memory, text, offset) {
  // ASCII is copied code by code, quicker than the encoder for the short
  // texts of most calls; the encoder takes anything else.
  let written = 0;
  while (written < text.length) {
    const code = text.charCodeAt(written);
    if (code >= 0x80) break;
    memory[offset + written] = code;
    written += 1;
  }
  if (written < text.length) {
    written = encoder.encodeInto(text, memory.subarray(offset, scratch + scratchSize)).written;
  }
  return written;
}

/** The last answer's text. */
function answerText() {
  const exports = engine();
  const length = exports.pp_answer_length();
  if (length === 0) return "";
  const start = exports.pp_answer_pointer();
  return decoder.decode(moduleMemory().subarray(start, start + length));
}

/** Calls `name` and returns its answer's objects (one per line); throws the engine's error. */
function answers(name, ...args) {
  const status = call(name, ...args);
  const objects = answerText()
    .split("\n")
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line));
  if (status !== 0) throw new PayPhoneError(objects[0].code, objects[0].message);
  return objects;
}

/** Calls `name` and returns its one answer object; throws the engine's error. */
function answer(name, ...args) {
  const status = call(name, ...args);
  const object = JSON.parse(answerText());
  if (status !== 0) throw new PayPhoneError(object.code, object.message);
  return object;
}

// Record key numbers by spelling (`key.ok`): how a typed answer names its fields.
let key = null;

// The typed answer being read (the layout of Tools/wasm/Engine/RecordAnswer.swift):
// the word of its next field, the address of its next string, and, when
// every byte is ASCII, all its strings as one string, which the fields'
// strings are cut from.
let nextField = 0;
let nextString = 0;
let strings = null;
let stringsStart = 0;

/** Starts reading the typed answer at `address`, field by field. */
function beginAnswer(address) {
  if (key === null) key = Object.fromEntries(answer("pp_record_keys").keys.map((name, index) => [name, index]));
  moduleMemory();
  const base = address >> 2;
  nextField = base + 3;
  nextString = stringsStart = wordView[base + 2];
  const asciiLength = wordView[base + 1];
  strings = asciiLength < 0 ? null : asciiText(nextString, nextString + asciiLength);
}

/**
 * The value of the typed answer's next field, which must be `expected`
 * (a key number): what the JSON record would parse to.
 */
function nextValue(expected) {
  const head = wordView[nextField];
  const value = wordView[nextField + 1];
  nextField += 2;
  if (head >> 3 !== expected) throw new Error(`payphone: field ${head >> 3} answered where ${expected} was expected`);
  switch (head & 7) {
    case 0: return null;
    case 1: return value !== 0;
    case 2: return value;
    case 4: return null; // the request's own text, which the caller holds
  }
  const start = nextString;
  nextString += value;
  return strings === null
    ? decoder.decode(memoryView.subarray(start, nextString))
    : strings.slice(start - stringsStart, nextString - stringsStart);
}

/**
 * The `phone` record of `text` read in `defaultRegion`, from the typed export; with
 * `fieldsOnly`, its fields without `input` and `ok`, and its error thrown.
 * Its `input` is `text` itself.
 */
function phoneRecord(fieldsOnly, text, defaultRegion) {
  // The export called directly: no argument list made per number.
  const memory = scratchFor(3 * (text.length + defaultRegion.length));
  const textCount = writeText(memory, text, scratch);
  const regionCount = writeText(memory, defaultRegion, scratch + textCount);
  const address = engine().pp_phone_record(scratch, textCount, scratch + textCount, regionCount);
  if (address === 0) {
    const failure = JSON.parse(answerText());
    throw new PayPhoneError(failure.code, failure.message);
  }
  beginAnswer(address);
  nextValue(key.input);
  if (!nextValue(key.ok)) {
    const error = nextValue(key.error);
    const message = nextValue(key.message);
    if (fieldsOnly) throw new PayPhoneError(error, message);
    return { input: text, ok: false, error, message };
  }
  const e164 = nextValue(key.e164);
  const countryCode = nextValue(key.countryCode);
  const nationalNumber = nextValue(key.nationalNumber);
  const extension = nextValue(key.extension);
  const region = nextValue(key.region);
  const valid = nextValue(key.valid);
  const possible = nextValue(key.possible);
  const type = nextValue(key.type);
  const international = nextValue(key.international);
  const national = nextValue(key.national);
  const rfc3966 = nextValue(key.rfc3966);
  return fieldsOnly
    ? { e164, countryCode, nationalNumber, extension, region, valid, possible, type, international,
      national, rfc3966 }
    : { input: text, ok: true, e164, countryCode, nationalNumber, extension, region, valid, possible,
      type, international, national, rfc3966 };
}

/** A record's fields without `ok` (and `input`); throws its error. */
function unwrap(record) {
  if (!record.ok) throw new PayPhoneError(record.error, record.message);
  const { ok, input, ...fields } = record;
  return fields;
}

function today() {
  const now = new Date();
  const pad = (value) => String(value).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const registry = new FinalizationRegistry(({ free, handle }) => {
  if (wasm !== null) wasm[free](handle);
});

// MARK: The API

export function version() {
  return answer("pp_version").version;
}

export function memoryBytes() {
  return engine().memory.buffer.byteLength;
}

export function parse(text, region = "") {
  return phoneRecord(true, String(text), String(region ?? ""));
}

export function normalize(number, region = "") {
  return phoneRecord(false, String(number), String(region ?? ""));
}

export function match(a, b, region = "") {
  return answer("pp_match", String(a), String(b), String(region ?? "")).match;
}

export function regions() {
  return answers("pp_regions").map(({ ok, ...fields }) => fields);
}

export class AsYouTypeFormatter {
  #handle;
  #state = { text: "", rememberedPosition: 0 };

  constructor(region) {
    this.#handle = answer("pp_formatter_new", String(region)).handle;
    registry.register(this, { free: "pp_formatter_free", handle: this.#handle }, this);
  }

  #input(keys, remembering) {
    if (this.#handle === 0) throw new PayPhoneError("freed", "the formatter was freed");
    this.#state = answer("pp_formatter_input", this.#handle, String(keys), remembering);
    return this.#state.text;
  }

  input(keys) {
    return this.#input(keys, false);
  }

  inputRememberingPosition(key) {
    return this.#input(key, true);
  }

  get rememberedPosition() {
    return this.#state.rememberedPosition;
  }

  get text() {
    return this.#state.text;
  }

  clear() {
    if (this.#handle !== 0) engine().pp_formatter_clear(this.#handle);
    this.#state = { text: "", rememberedPosition: 0 };
  }

  free() {
    if (this.#handle === 0) return;
    engine().pp_formatter_free(this.#handle);
    registry.unregister(this);
    this.#handle = 0;
  }
}

function editArguments(edit) {
  return [
    String(edit.text),
    edit.start | 0,
    edit.end ?? edit.start | 0,
    String(edit.replacement ?? ""),
    edit.direction === "forward",
  ];
}

export class PhoneNumberEditor {
  constructor(region) {
    this.region = String(region);
    // Checks the region now, as the Swift initialiser's type does.
    answer("pp_editor_format", this.region, "", -1);
  }

  apply(edit) {
    return answer("pp_editor_apply", this.region, ...editArguments(edit));
  }

  format(text, caret) {
    return answer("pp_editor_format", this.region, String(text), caret ?? -1);
  }

  // The editor keeps no state in the module: nothing to free.
  free() {}
}

class MaskDriver {
  #handle;

  constructor(kind, format, affine, strategy) {
    const made = answer("pp_mask_new", kind, format, affine, strategy);
    this.#handle = made.handle;
    registry.register(this, { free: "pp_mask_free", handle: this.#handle }, this);
    this.format = made.format;
    if (made.notation !== undefined) {
      this.notation = made.notation;
      this.placeholder = made.placeholder;
    }
  }

  get _handle() {
    if (this.#handle === 0) throw new PayPhoneError("freed", "the mask was freed");
    return this.#handle;
  }

  apply(text, caret, options = {}) {
    return answer("pp_mask_apply", this._handle, String(text), caret ?? -1, options.autocomplete ?? true);
  }

  applyEdit(edit, options = {}) {
    return answer(
      "pp_mask_apply_edit", this._handle, ...editArguments(edit), options.autocomplete ?? true,
      options.autoskip ?? false);
  }

  free() {
    if (this.#handle === 0) return;
    engine().pp_mask_free(this.#handle);
    registry.unregister(this);
    this.#handle = 0;
  }
}

export class TextMask extends MaskDriver {
  constructor(format) {
    super(0, String(format), "", "");
  }
}

export class MaskPicker extends MaskDriver {
  constructor(primary, affine, strategy = "whole_string") {
    super(1, String(primary), affine.map(String).join("\0"), String(strategy));
  }

  choose(text, caret) {
    return answer("pp_mask_choose", this._handle, String(text), caret ?? -1).format;
  }
}

export class ExpiryFormatter extends MaskDriver {
  constructor() {
    super(2, "", "", "");
  }
}

export function inspectCard(number, cvc) {
  const [record, field] = answers("pp_card", String(number), String(cvc ?? ""), cvc !== undefined && cvc !== null);
  return { ...unwrap(record), mask: field.mask };
}

export function luhn(digits) {
  return answer("pp_luhn", String(digits)).luhn;
}

export function expiry(text, day = today()) {
  return unwrap(answer("pp_expiry", String(text), String(day)));
}

export function graphemeCount(text) {
  return call("pp_graphemes", String(text));
}

export function textLimit(text, options = {}) {
  return unwrap(answer("pp_text", String(text), options.limit ?? 280, options.warningFraction ?? 0.9));
}

function found(text, options = {}) {
  return answer(
    "pp_find", String(text), String(options.region ?? ""), String(options.leniency ?? ""), options.cards ?? false);
}

export function find(text, options) {
  return found(text, options).matches;
}

export function redact(text, options) {
  return found(text, options).redacted;
}

export function run(command, request) {
  if (command === "regions") return answers("pp_regions");
  const line = JSON.stringify(request) ?? "";
  return answer("pp_run", String(command), line, command === "expiry" ? today() : "");
}
