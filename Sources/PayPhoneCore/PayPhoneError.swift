/// The one shape of PayPhone's errors: every area (numbers, cards, masks,
/// describe) throws one error struct with a stable, open ``code`` and a
/// sentence for people, so a caller (the command-line tool, the C library, a
/// backend) reports any of them alike.
///
///     func report(_ error: some PayPhoneError) -> String {
///       "\(error.code.rawValue): \(error.message)"
///     }
///     do {
///       _ = try PhoneNumber("+999 123")
///     } catch {
///       report(error)  // "invalid_country_code: ..."
///     }
///
/// Conforming types: `PhoneNumberError`, `CardError`, `DescribeError`.
public protocol PayPhoneError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The error's kind: an open set of stable snake_case codes.
  associatedtype Code: PayPhoneErrorCode
  /// What kind of failure this is; its raw value is the CLI contract's code.
  var code: Code { get }
  /// A human sentence saying what was wrong.
  var message: String { get }
}

extension PayPhoneError {
  /// `code: message`, as the command-line tool prints errors.
  ///
  ///     PhoneNumberError(code: .tooLong, message: "too long").description  // "too_long: too long"
  public var description: String { "\(code.rawValue): \(message)" }
}

/// A stable error code: a snake_case string that a new release may add to
/// but never renames. The library's codes are `Codable` as their raw value
/// (`"too_long"`) where the standard library has `Codable` (not in an
/// Embedded Swift build).
///
///     PhoneNumberError.Code.tooLong.rawValue  // "too_long"
///     PhoneNumberError.Code(rawValue: "too_long") == .tooLong  // true
public protocol PayPhoneErrorCode: RawRepresentable<String>, Hashable, Sendable, CustomStringConvertible {
  /// The code spelled `rawValue`; any string is a code (the set is open).
  init(rawValue: String)
}

extension PayPhoneErrorCode {
  /// The raw value.
  ///
  ///     "\(PhoneNumberError.Code.notANumber)"  // "not_a_number"
  public var description: String { rawValue }
}
