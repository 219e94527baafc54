internal import PayPhone
@_spi(PayPhoneInternal) internal import PayPhoneRecords

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

/// A record the C ABI hands out, with the status its call returns: `ok`
/// for an answer, else the status of its failure.
protocol StatusRecord: Record {
  associatedtype Success
  associatedtype Failure: Error
  var answer: Result<Success, Failure> { get }
  static func status(_ failure: Failure) -> Status
}

extension StatusRecord {
  var status: Status {
    switch answer {
    case .success: .ok
    case .failure(let failure): Self.status(failure)
    }
  }
}

extension PhoneRecord: StatusRecord {
  static func status(_ failure: PhoneNumberError) -> Status { Status(failure.code) }
}

extension CardRecord: StatusRecord {
  static func status(_ failure: CardError) -> Status { Status(failure.code) }
}

extension AsYouTypeRecord: StatusRecord {
  static func status(_: FailureRecord) -> Status { .badInput }
}

extension FindRecord: StatusRecord {
  static func status(_: FailureRecord) -> Status { .textTooLong }
}
