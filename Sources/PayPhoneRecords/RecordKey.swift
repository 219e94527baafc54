/// The keys of the command-line contract's records, each spelled once: the
/// JSON lines, the C ABI, the Python package and the CSV columns name
/// their fields from here.
@_spi(PayPhoneInternal) public enum RecordKey: Int, CaseIterable, Sendable {
  // Every record.
  case input, ok, error, message
  // phone
  case e164, countryCode, nationalNumber, numberExtension, region, valid, possible, type
  case international, national, rfc3966
  // phone --describe
  case location, carrier, timeZones
  // card
  case digits, brand, candidates, luhn, lengthValid, potentiallyValid, formatted, bin, last4
  case cvcName, cvcLength, cvcValid
  // expiry
  case month, year, expired
  // mask
  case text, value, complete, caret
  // text
  case graphemes, utf16, utf8, level, remaining, folded
  // as-you-type
  case steps
  // find
  case matches, kind, start, end, raw, redacted
  // match
  case match
  // short
  case cost, emergency, connectsToEmergency, carrierSpecific, smsService
  // regions
  case regionName, flag, example, nationalMask, internationalMask

  /// The key as the contract spells it (camelCase).
  package var spelling: StaticString {
    switch self {
    case .input: "input"
    case .ok: "ok"
    case .error: "error"
    case .message: "message"
    case .e164: "e164"
    case .countryCode: "countryCode"
    case .nationalNumber: "nationalNumber"
    case .numberExtension: "extension"
    case .region: "region"
    case .valid: "valid"
    case .possible: "possible"
    case .type: "type"
    case .international: "international"
    case .national: "national"
    case .rfc3966: "rfc3966"
    case .location: "location"
    case .carrier: "carrier"
    case .timeZones: "timeZones"
    case .digits: "digits"
    case .brand: "brand"
    case .candidates: "candidates"
    case .luhn: "luhn"
    case .lengthValid: "lengthValid"
    case .potentiallyValid: "potentiallyValid"
    case .formatted: "formatted"
    case .bin: "bin"
    case .last4: "last4"
    case .cvcName: "cvcName"
    case .cvcLength: "cvcLength"
    case .cvcValid: "cvcValid"
    case .month: "month"
    case .year: "year"
    case .expired: "expired"
    case .text: "text"
    case .value: "value"
    case .complete: "complete"
    case .caret: "caret"
    case .graphemes: "graphemes"
    case .utf16: "utf16"
    case .utf8: "utf8"
    case .level: "level"
    case .remaining: "remaining"
    case .folded: "folded"
    case .steps: "steps"
    case .matches: "matches"
    case .kind: "kind"
    case .start: "start"
    case .end: "end"
    case .raw: "raw"
    case .redacted: "redacted"
    case .match: "match"
    case .cost: "cost"
    case .emergency: "emergency"
    case .connectsToEmergency: "connectsToEmergency"
    case .carrierSpecific: "carrierSpecific"
    case .smsService: "smsService"
    case .regionName: "name"
    case .flag: "flag"
    case .example: "example"
    case .nationalMask: "nationalMask"
    case .internationalMask: "internationalMask"
    }
  }

  /// ``spelling`` as a `String`.
  package var name: String { spelling.description }
}
