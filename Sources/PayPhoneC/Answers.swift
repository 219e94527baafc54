internal import PayPhone

/// The statuses of `payphone.h`: 0, the contract's error codes (positive),
/// and the ABI's own failures (negative).
enum Status: Int32 {
  case ok = 0
  case invalidCountryCode = 1
  case notANumber = 2
  case tooShortAfterIDD = 3
  case tooShortNSN = 4
  case tooLong = 5
  case empty = 6
  case invalidCharacter = 7
  case textTooLong = 8
  case badInput = 9
  case bufferTooSmall = -1
  case invalidArgument = -2
  case outOfMemory = -3

  /// The stable snake_case code (the contract's, where it has one).
  var code: StaticString {
    switch self {
    case .ok: "ok"
    case .invalidCountryCode: "invalid_country_code"
    case .notANumber: "not_a_number"
    case .tooShortAfterIDD: "too_short_after_idd"
    case .tooShortNSN: "too_short_nsn"
    case .tooLong: "too_long"
    case .empty: "empty"
    case .invalidCharacter: "invalid_character"
    case .textTooLong: "text_too_long"
    case .badInput: "bad_input_line"
    case .bufferTooSmall: "buffer_too_small"
    case .invalidArgument: "invalid_argument"
    case .outOfMemory: "out_of_memory"
    }
  }

  /// Parsing throws only the contract's five codes; any other (the codes
  /// are open) is the caller's bad input.
  init(_ code: PhoneNumberError.Code) {
    switch code {
    case .invalidCountryCode: self = .invalidCountryCode
    case .notANumber: self = .notANumber
    case .tooShortAfterIDD: self = .tooShortAfterIDD
    case .tooShortNSN: self = .tooShortNSN
    case .tooLong: self = .tooLong
    default: self = .invalidArgument
    }
  }

  /// Reading a card number throws only `empty` and `invalid_character`.
  init(_ code: CardError.Code) {
    switch code {
    case .empty: self = .empty
    case .invalidCharacter: self = .invalidCharacter
    default: self = .invalidArgument
    }
  }
}

/// A number's formats, as the `phone` record has them.
struct PhoneRecordFormats {
  let e164: String
  let international: String
  let national: String
  let rfc3966: String

  init(_ number: PhoneNumber) {
    e164 = number.formatted(.e164)
    international = number.formatted(.international)
    national = number.formatted(.national)
    rfc3966 = number.formatted(.rfc3966)
  }
}

/// The records the C ABI writes: the same fields, in the same order, as the
/// CLI contract's `--jsonl` output of each command.
enum Answers {
  /// `payphone phone`'s record for `input` parsed with `region`.
  static func phone(_ input: String, region: RegionCode?, into writer: inout RecordWriter) -> Status {
    writer.beginRecord()
    defer { writer.endRecord() }
    writer.field(.input, input)
    do throws(PhoneNumberError) {
      let number = try PhoneNumber(input, region: region)
      writer.field(.ok, true)
      let formats = PhoneRecordFormats(number)
      writer.field(.e164, formats.e164)
      writer.field(.countryCode, number.countryCode)
      writer.field(.nationalNumber, number.nationalNumber)
      writer.field(.numberExtension, number.numberExtension)
      writer.field(.region, recurring: number.region?.rawValue)
      writer.field(.valid, number.isValid)
      writer.field(.possible, number.isPossible)
      writer.field(.type, recurring: number.type.rawValue)
      writer.field(.international, formats.international)
      writer.field(.national, formats.national)
      writer.field(.rfc3966, formats.rfc3966)
      return .ok
    } catch {
      writer.field(.ok, false)
      writer.field(.error, recurring: error.code.rawValue)
      writer.field(.message, error.message)
      return Status(error.code)
    }
  }

  /// `payphone card`'s record for `input`, with `cvc` checked when given.
  static func card(_ input: String, cvc: String?, into writer: inout RecordWriter) -> Status {
    writer.beginRecord()
    defer { writer.endRecord() }
    writer.field(.input, input)
    let number: CardNumber
    do {
      number = try CardNumber(input)
    } catch {
      writer.field(.ok, false)
      writer.field(.error, recurring: error.code.rawValue)
      writer.field(.message, error.message)
      return Status(error.code)
    }
    let inspection = CardBrandTable.standard.inspect(number)
    writer.field(.ok, true)
    writer.field(.digits, number.digits)
    writer.field(.brand, recurring: inspection.brand?.rawValue)
    writer.field(.candidates, inspection.candidates.map(\.rawValue))
    writer.field(.luhn, inspection.passesLuhn)
    writer.field(.lengthValid, inspection.isLengthValid)
    writer.field(.valid, inspection.isValid)
    writer.field(.potentiallyValid, inspection.isPotentiallyValid)
    writer.field(.formatted, number.formatted(inspection.grouping))
    writer.field(.bin, bin(of: number.digits))
    writer.field(.last4, number.last4)
    writer.field(.cvcName, recurring: inspection.securityCode?.name)
    writer.field(.cvcLength, inspection.securityCode?.length)
    writer.field(.cvcValid, cvc.map { isValidSecurityCode($0, length: inspection.securityCode?.length) })
    return .ok
  }

  /// The contract's `bin`: the first 8 digits when there are 16 or more,
  /// else the first 6 (all of them when fewer).
  static func bin(of digits: String) -> String {
    String(digits.utf8.count >= 16 ? digits.prefix(8) : digits.prefix(6))
  }

  /// The contract's `cvcValid`: only digits (any script) and exactly the
  /// brand's length, or 3 or 4 digits when no brand is known.
  static func isValidSecurityCode(_ code: String, length: Int?) -> Bool {
    var count = 0
    for scalar in code.unicodeScalars {
      guard DigitFolding.digitValue(of: scalar) != nil else { return false }
      count += 1
    }
    if let length { return count == length }
    return count == 3 || count == 4
  }

  /// The most keys one as-you-type input may have, as in the CLI: every
  /// step repeats the text so far, so the answer grows with the square of
  /// the keys.
  static let maximumKeys = 250

  /// `payphone as-you-type`'s record: the text after each key of `keys`.
  static func asYouType(_ keys: String, region: RegionCode, into writer: inout RecordWriter) -> Status {
    writer.beginRecord()
    defer { writer.endRecord() }
    var count = 0
    for _ in keys.unicodeScalars {
      count += 1
      if count > maximumKeys {
        writer.field(.ok, false)
        writer.field(.error, "bad_input_line")
        writer.field(.message, "keys has more than \(maximumKeys) characters")
        return .badInput
      }
    }
    var formatter = AsYouTypeFormatter(region: region)
    writer.field(.ok, true)
    writer.field(.steps, keys.unicodeScalars.map { formatter.input($0) })
    return .ok
  }
}

extension Answers {
  /// The most UTF-8 bytes one find text may have, as in the CLI.
  static let maximumTextLength = 1 << 20

  /// `payphone find`'s record: the matches in `text`, in text order, and
  /// with `redacting` the text with each replaced by `[phone]` or `[card]`.
  static func find(
    _ text: String, region: RegionCode?, leniency: PhoneNumberLeniency, cards: Bool, redacting: Bool,
    into writer: inout RecordWriter
  ) -> Status {
    writer.beginRecord()
    defer { writer.endRecord() }
    let byteCount = text.utf8.count
    guard byteCount <= maximumTextLength else {
      writer.field(.ok, false)
      writer.field(.error, recurring: "text_too_long")
      writer.field(
        .message, "the text is \(byteCount) bytes long, more than the \(maximumTextLength)-byte (1 MiB) limit"
      )
      return .textTooLong
    }
    let matches = Array(TextFinder(text: text, region: region, leniency: leniency, findsCards: cards))
    writer.field(.ok, true)
    writer.field(.matches, records: matches) { writer, match in
      writer.beginRecord()
      switch match {
      case .phone(let phone):
        writer.field(.kind, recurring: "phone")
        writer.field(.start, phone.scalarRange.lowerBound)
        writer.field(.end, phone.scalarRange.upperBound)
        writer.field(.raw, phone.rawText)
        writer.field(.e164, phone.number.formatted(.e164))
        writer.field(.numberExtension, phone.number.numberExtension)
      case .card(let card):
        writer.field(.kind, recurring: "card")
        writer.field(.start, card.scalarRange.lowerBound)
        writer.field(.end, card.scalarRange.upperBound)
        writer.field(.brand, recurring: card.brand.rawValue)
        writer.field(.last4, card.card.last4)
      }
      writer.endRecord()
    }
    if redacting { writer.field(.redacted, TextFinder.redacted(text, matches: matches)) }
    return .ok
  }
}
