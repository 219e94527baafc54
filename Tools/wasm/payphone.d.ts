// PayPhone's WebAssembly engine: phone numbers, masks, cards, expiry dates
// and text counting, the same answers as the Swift library and the
// `payphone` tool.
//
//     import { ready, parse, PhoneNumberEditor } from "./payphone.mjs";
//     await ready;
//     parse("020 7946 0958", "GB").e164;  // "+442079460958"
//
// Every offset, caret and range is counted in UTF-16 code units, as the
// DOM's `selectionStart` counts (an emoji such as 👍 is 2). Calls made
// before `ready` resolves throw. Input the library refuses throws a
// `PayPhoneError` whose `code` is the library's stable snake_case code.

/** Resolves once the module is compiled and instantiated; rejects if it cannot be. */
export declare const ready: Promise<void>;

/** The library's version, e.g. `"0.1.0"`. */
export declare function version(): string;

/**
 * The size of the module's memory in bytes. It grows when a call needs
 * more and never shrinks: steady under a steady load, so a leak shows as
 * growth.
 */
export declare function memoryBytes(): number;

/** An input the library refused: `code` is its stable error code (`not_a_number`, `invalid_mask`, ...). */
export declare class PayPhoneError extends Error {
  readonly code: string;
  constructor(code: string, message: string);
}

/** ISO 3166-1 alpha-2 region code (case-insensitive on input), or `"001"` for non-geographic entities. */
export type RegionCode = string;

export type PhoneNumberType =
  | "fixed_line" | "mobile" | "fixed_line_or_mobile" | "toll_free" | "premium_rate" | "shared_cost"
  | "voip" | "personal_number" | "pager" | "uan" | "voicemail" | "unknown";

export type Leniency = "possible" | "valid" | "strict_grouping" | "exact_grouping";

// MARK: Phone numbers

/** A parsed phone number: the `phone` record's fields. */
export interface PhoneNumber {
  readonly e164: string;
  readonly countryCode: number;
  /** The national significant number, leading zeros kept. */
  readonly nationalNumber: string;
  readonly extension: string | null;
  /** The region the number belongs to; `"001"` for non-geographic; null when unknown. */
  readonly region: RegionCode | null;
  readonly valid: boolean;
  readonly possible: boolean;
  readonly type: PhoneNumberType;
  readonly international: string;
  readonly national: string;
  readonly rfc3966: string;
}

/**
 * Parses a phone number as a person would type it, in `region` when it has
 * no `+` or international prefix.
 * @throws PayPhoneError `invalid_country_code`, `not_a_number`, `too_short_after_idd`,
 *   `too_short_nsn`, `too_long`; `invalid_region` for a region that is not a code.
 */
export declare function parse(text: string, region?: RegionCode): PhoneNumber;

/** The `phone` record of `number` (never throws for a bad number: `ok` is false). Same as `run("phone", {number, region})`. */
export declare function normalize(number: string, region?: RegionCode): PhoneRecord;

/**
 * libphonenumber's AsYouTypeFormatter: feed keys one at a time, show the
 * returned text. Owns Swift state: call `free()` when done (a
 * FinalizationRegistry frees forgotten ones eventually).
 */
export declare class AsYouTypeFormatter {
  constructor(region: RegionCode);
  /** Types `keys` (one or more characters, any script's digits, `+`) and returns the text after the last. */
  input(keys: string): string;
  /**
   * Types one key and remembers its position, so that `rememberedPosition`
   * follows it through later reformatting.
   */
  inputRememberingPosition(key: string): string;
  /** Where the remembered key is now, as a UTF-16 offset into `text`. */
  readonly rememberedPosition: number;
  /** The text so far. */
  readonly text: string;
  /** Forgets everything typed. */
  clear(): void;
  free(): void;
}

/** An edit as a text field reports it: `text[start..<end]` (UTF-16) replaced by `replacement`. */
export interface TextEdit {
  /** The field's text before the edit. */
  text: string;
  /** UTF-16 offsets of the replaced range (equal for a plain insertion or caret). */
  start: number;
  end: number;
  /** What replaces the range; `""` for a deletion. */
  replacement: string;
  /** Which key made a deletion: `"backward"` (backspace, cut; the default) or `"forward"` (delete). */
  direction?: "backward" | "forward";
}

/** A phone field after an edit. */
export interface PhoneFieldState {
  /** The formatted text to show. */
  readonly text: string;
  /** Where the caret goes (UTF-16). */
  readonly caret: number;
  /** The keys typed: ASCII digits, `+` first for an international number. */
  readonly value: string;
  /** Whether the keys make a valid number. */
  readonly complete: boolean;
  /** The number in E.164 once complete, else null. */
  readonly e164: string | null;
}

/**
 * The phone field editor: keeps a field formatted as the person types,
 * deletes, pastes or edits in the middle, with the caret where they are
 * working (Swift's `PhoneNumberEditor`).
 */
export declare class PhoneNumberEditor {
  constructor(region: RegionCode);
  readonly region: RegionCode;
  /** Applies an edit (typing, deleting, pasting, replacing a selection). */
  apply(edit: TextEdit): PhoneFieldState;
  /** Formats whole text, caret (UTF-16, default the end) after the key before it. */
  format(text: string, caret?: number): PhoneFieldState;
  free(): void;
}

/** The masks of a region's example number, in the `#` shorthand: `"(###) ###-####"`. */
export interface RegionInfo {
  readonly region: RegionCode;
  readonly countryCode: number;
  /** Always null in the WebAssembly build (no ICU locale data): use `Intl.DisplayNames`. */
  readonly name: string | null;
  readonly flag: string | null;
  readonly example: string | null;
  readonly nationalMask: string | null;
  readonly internationalMask: string | null;
}

/** Every supported region, then every non-geographic calling code (`"001"`). */
export declare function regions(): RegionInfo[];

/** `is_number_match`: with `region`, each is parsed in it first. */
export declare function match(a: string, b: string, region?: RegionCode):
  "exact_match" | "nsn_match" | "short_nsn_match" | "no_match" | "not_a_number";

// MARK: Masks

/** A masked field's text after an edit. */
export interface MaskResult {
  readonly text: string;
  /** UTF-16 caret. */
  readonly caret: number;
  /** The value: the characters the person typed (and `{...}` fixed characters). */
  readonly value: string;
  readonly complete: boolean;
  /** +1 per input character the mask took, -1 per character it wrote or skipped. */
  readonly affinity: number;
  /** What the rest of the mask looks like, to show greyed after the text. */
  readonly tailPlaceholder: string;
}

export interface MaskOptions {
  /** Write the literals that follow the text (default true). */
  autocomplete?: boolean;
  /** On deletion, also delete the literals before the caret (default false). */
  autoskip?: boolean;
}

/** What every mask-like field driver offers. */
export interface Mask {
  /** Shapes whole text, caret (UTF-16) default the end. */
  apply(text: string, caret?: number, options?: MaskOptions): MaskResult;
  /** Applies a field edit. */
  applyEdit(edit: TextEdit, options?: MaskOptions): MaskResult;
  free(): void;
}

/**
 * A mask: InputMask's bracket notation when `format` has a `[`
 * (`+1 ([000]) [000]-[0000]`), else the `#`/`A` shorthand (`(###) ###-####`).
 * @throws PayPhoneError `invalid_mask`.
 */
export declare class TextMask implements Mask {
  constructor(format: string);
  readonly format: string;
  readonly notation: "bracket" | "shorthand";
  readonly placeholder: string;
  apply(text: string, caret?: number, options?: MaskOptions): MaskResult;
  applyEdit(edit: TextEdit, options?: MaskOptions): MaskResult;
  free(): void;
}

export type AffinityStrategy = "whole_string" | "prefix" | "capacity" | "extracted_value_capacity";

/** Several masks; each input goes to the one with the highest affinity (ties: the primary, then in order). */
export declare class MaskPicker implements Mask {
  /** @throws PayPhoneError `invalid_mask`. */
  constructor(primary: string, affine: string[], strategy?: AffinityStrategy);
  apply(text: string, caret?: number, options?: MaskOptions): MaskResult;
  applyEdit(edit: TextEdit, options?: MaskOptions): MaskResult;
  /** The format of the mask `apply` would use for this text. */
  choose(text: string, caret?: number): string;
  free(): void;
}

/**
 * The `MM/YY` field: `##/##` with the readings a person means
 * (`4` → `04`, `1/` → `01`, a pasted `12/2034` → `12/34`); caret at the end.
 */
export declare class ExpiryFormatter implements Mask {
  constructor();
  apply(text: string, caret?: number, options?: MaskOptions): MaskResult;
  applyEdit(edit: TextEdit, options?: MaskOptions): MaskResult;
  free(): void;
}

// MARK: Cards

export type CardBrand =
  | "visa" | "mastercard" | "american-express" | "discover" | "diners-club" | "jcb" | "unionpay"
  | "maestro" | "mir" | "elo" | "hiper" | "hipercard" | "verve" | "troy" | "naranja";

/** What the library says about a card number typed so far (the `card` record's fields, plus `mask`). */
export interface CardInspection {
  readonly digits: string;
  /** Set only when exactly one candidate remains. */
  readonly brand: CardBrand | null;
  readonly candidates: CardBrand[];
  readonly luhn: boolean;
  readonly lengthValid: boolean;
  readonly valid: boolean;
  readonly potentiallyValid: boolean;
  /** Grouped by brand: `"3782 822463 10005"`. */
  readonly formatted: string;
  readonly bin: string;
  readonly last4: string;
  readonly cvcName: string | null;
  readonly cvcLength: number | null;
  /** With a `cvc` argument, whether it fits the brand; else null. */
  readonly cvcValid: boolean | null;
  /**
   * A `#` shorthand mask for the field: the brand's grouping over its
   * longest length (`"#### ###### #####"` for Amex), by 4 up to 19 digits
   * while no brand is known.
   */
  readonly mask: string;
}

/**
 * Inspects a card number as typed (spaces, hyphens, dots and any script's digits allowed).
 * @throws PayPhoneError `empty`, `invalid_character`.
 */
export declare function inspectCard(number: string, cvc?: string): CardInspection;

/** The Luhn check of the digits (other characters ignored). */
export declare function luhn(digits: string): boolean;

export interface Expiry {
  readonly month: number;
  readonly year: number;
  /** `"MM/YY"`. */
  readonly formatted: string;
  readonly expired: boolean;
  /** Not expired and at most 20 years ahead. */
  readonly valid: boolean;
}

/**
 * Reads an expiry date (`MM/YY`, `M/YY`, `MMYY`, `MM/YYYY`, ...).
 * `today` is `YYYY-MM-DD`; default the local date.
 * @throws PayPhoneError `invalid_month`, `invalid_format`; `invalid_date` for a bad `today`.
 */
export declare function expiry(text: string, today?: string): Expiry;

// MARK: Text

/** User-perceived characters (extended grapheme clusters): an emoji, a flag, an accented letter count once. */
export declare function graphemeCount(text: string): number;

export type TextLevel = "normal" | "warning" | "over";

export interface TextLimitOptions {
  /** Default 280. */
  limit?: number;
  /** The level is `warning` from this fraction of the limit (default 0.9). */
  warningFraction?: number;
}

/** The `text` record's fields. The text is never cut. */
export interface TextEvaluation {
  readonly graphemes: number;
  readonly utf16: number;
  readonly utf8: number;
  readonly level: TextLevel;
  /** `limit - graphemes`, negative past the limit. */
  readonly remaining: number;
  /** The text with every Unicode decimal digit as its ASCII digit. */
  readonly folded: string;
}

export declare function textLimit(text: string, options?: TextLimitOptions): TextEvaluation;

// MARK: Finding

export interface FindOptions {
  region?: RegionCode;
  /** Default `"valid"`. */
  leniency?: Leniency;
  /** Also find card numbers (default false). */
  cards?: boolean;
}

/** A match; `start`/`end` are UTF-16 offsets into the text. */
export type TextMatch =
  | {
      readonly kind: "phone"; readonly start: number; readonly end: number;
      readonly raw: string; readonly e164: string; readonly extension: string | null;
    }
  | {
      readonly kind: "card"; readonly start: number; readonly end: number;
      readonly brand: CardBrand; readonly last4: string;
    };

/** The phone numbers (and with `cards`, card numbers) in free text, in text order. @throws PayPhoneError `text_too_long`. */
export declare function find(text: string, options?: FindOptions): TextMatch[];

/** The text with each match replaced by `[phone]` or `[card]`. @throws PayPhoneError `text_too_long`. */
export declare function redact(text: string, options?: FindOptions): string;

// MARK: The CLI contract as a function

/** A record: the `payphone` tool's `--jsonl` output object for one line. */
export type PayPhoneRecord = { readonly ok: boolean; readonly error?: string; readonly message?: string } & {
  readonly [field: string]: unknown;
};
export type PhoneRecord = PayPhoneRecord;

export type Command =
  | "phone" | "card" | "expiry" | "mask" | "text" | "as-you-type" | "find" | "match" | "short" | "regions";

/**
 * The `payphone <command> --jsonl` contract as a function: `request` is the
 * object of one input line (options as camelCase fields: `region`,
 * `leniency`, `cards`, `redact`, `today`, `limit`, ...), and the answer is
 * the record the tool writes for it, offsets and carets as the tool counts
 * them. A request the tool would call a bad line gets its
 * `bad_input_line` record. `"regions"` answers an array of records (names
 * null). The module carries no describe tables: a `phone` request's
 * `describe` and `locale` fields are not read. `expiry` requests without
 * `today` use the local date.
 * @throws PayPhoneError `unknown_command` for a command not listed.
 */
export declare function run(command: "regions", request?: object): PayPhoneRecord[];
export declare function run(command: Command, request: object): PayPhoneRecord;
