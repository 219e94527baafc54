/// One field of a record: its key, the kind of its value, whether it may be
/// `null`, and whether it is written only when the request asks for it
/// (`--describe`'s place, carrier and zones; `--redact`'s text).
package struct RecordField: Sendable, Hashable, CustomStringConvertible {
  /// The kind of a field's value.
  package enum Kind: Sendable, Hashable {
    case string, integer, boolean
    /// A list of strings.
    case strings
    /// A list of records (`find`'s matches).
    case records
  }

  package let key: RecordKey
  package let kind: Kind
  package let isNullable: Bool
  package let isOnRequest: Bool

  init(_ key: RecordKey, _ kind: Kind, nullable: Bool = false, onRequest: Bool = false) {
    self.key = key
    self.kind = kind
    isNullable = nullable
    isOnRequest = onRequest
  }

  package var description: String { key.name }
}

/// The declaration of a command's record: its fields, in order, with their
/// kinds and nulls, for an answer (`"ok": true`) and for a failure
/// (`"ok": false`). Each record type walks its fields in this order (see
/// ``RecordWriting``); the JSON lines, the C ABI, the Python package and
/// the CSV columns are those walks.
@_spi(PayPhoneInternal) public struct RecordSchema: Sendable {
  /// An answer's fields, in order.
  package let fields: [RecordField]
  /// A failure's fields, in order. A line that is no request at all
  /// (`bad_input_line`) has only ``lineFailureFields``.
  package let failureFields: [RecordField]
  /// The fields of each kind of element of a ``RecordField/Kind/records``
  /// field (`find`'s `phone` and `card` matches), in order.
  package let elementFields: [String: [RecordField]]

  init(
    _ fields: [RecordField], failureHasInput: Bool = false,
    elementFields: [String: [RecordField]] = [:]
  ) {
    self.fields = fields
    failureFields = (failureHasInput ? [RecordField(.input, .string)] : []) + Self.lineFailureFields
    self.elementFields = elementFields
  }

  /// A failure's fields when the line is no request (`bad_input_line`).
  package static let lineFailureFields = [
    RecordField(.ok, .boolean), RecordField(.error, .string), RecordField(.message, .string),
  ]

  /// Every command's record, in the contract's order.
  package static let all = [phone, asYouType, regions, card, expiry, mask, text, find, match, short]

  package static let phone = RecordSchema(
    [
      RecordField(.input, .string), RecordField(.ok, .boolean), RecordField(.e164, .string),
      RecordField(.countryCode, .integer), RecordField(.nationalNumber, .string),
      RecordField(.numberExtension, .string, nullable: true), RecordField(.region, .string, nullable: true),
      RecordField(.valid, .boolean), RecordField(.possible, .boolean), RecordField(.type, .string),
      RecordField(.international, .string), RecordField(.national, .string), RecordField(.rfc3966, .string),
      RecordField(.location, .string, nullable: true, onRequest: true),
      RecordField(.carrier, .string, nullable: true, onRequest: true),
      RecordField(.timeZones, .strings, onRequest: true),
    ], failureHasInput: true)

  package static let asYouType = RecordSchema(
    [RecordField(.ok, .boolean), RecordField(.steps, .strings)])

  package static let regions = RecordSchema(
    [
      RecordField(.ok, .boolean), RecordField(.region, .string), RecordField(.countryCode, .integer),
      RecordField(.regionName, .string, nullable: true), RecordField(.flag, .string, nullable: true),
      RecordField(.example, .string, nullable: true), RecordField(.nationalMask, .string, nullable: true),
      RecordField(.internationalMask, .string, nullable: true),
    ])

  package static let card = RecordSchema(
    [
      RecordField(.input, .string), RecordField(.ok, .boolean), RecordField(.digits, .string),
      RecordField(.brand, .string, nullable: true), RecordField(.candidates, .strings),
      RecordField(.luhn, .boolean), RecordField(.lengthValid, .boolean), RecordField(.valid, .boolean),
      RecordField(.potentiallyValid, .boolean), RecordField(.formatted, .string), RecordField(.bin, .string),
      RecordField(.last4, .string), RecordField(.cvcName, .string, nullable: true),
      RecordField(.cvcLength, .integer, nullable: true), RecordField(.cvcValid, .boolean, nullable: true),
    ], failureHasInput: true)

  package static let expiry = RecordSchema(
    [
      RecordField(.ok, .boolean), RecordField(.month, .integer), RecordField(.year, .integer),
      RecordField(.formatted, .string), RecordField(.expired, .boolean), RecordField(.valid, .boolean),
    ])

  package static let mask = RecordSchema(
    [
      RecordField(.ok, .boolean), RecordField(.text, .string), RecordField(.value, .string),
      RecordField(.complete, .boolean), RecordField(.caret, .integer),
    ])

  package static let text = RecordSchema(
    [
      RecordField(.ok, .boolean), RecordField(.graphemes, .integer), RecordField(.utf16, .integer),
      RecordField(.utf8, .integer), RecordField(.level, .string), RecordField(.remaining, .integer),
      RecordField(.folded, .string),
    ])

  package static let find = RecordSchema(
    [
      RecordField(.ok, .boolean), RecordField(.matches, .records),
      RecordField(.redacted, .string, onRequest: true),
    ],
    elementFields: [
      "phone": [
        RecordField(.kind, .string), RecordField(.start, .integer), RecordField(.end, .integer),
        RecordField(.raw, .string), RecordField(.e164, .string),
        RecordField(.numberExtension, .string, nullable: true),
      ],
      "card": [
        RecordField(.kind, .string), RecordField(.start, .integer), RecordField(.end, .integer),
        RecordField(.brand, .string), RecordField(.last4, .string),
      ],
    ])

  package static let match = RecordSchema(
    [RecordField(.ok, .boolean), RecordField(.match, .string)])

  package static let short = RecordSchema(
    [
      RecordField(.ok, .boolean), RecordField(.possible, .boolean), RecordField(.valid, .boolean),
      RecordField(.cost, .string), RecordField(.emergency, .boolean),
      RecordField(.connectsToEmergency, .boolean),
      RecordField(.carrierSpecific, .boolean), RecordField(.smsService, .boolean),
    ])
}
