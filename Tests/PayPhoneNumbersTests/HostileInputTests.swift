import Testing

@testable import PayPhoneNumbers

/// A million digits run through every entry point in one pass, without
/// recursion on the input.
///
/// The answers are worked out before `#expect` sees them, so that a failure
/// prints a line, not the million digits.
@Suite struct HostileInputTests {
  static let million = Array(repeating: UInt8(ascii: "7"), count: 1_000_000)

  @Test func membershipOfAMillionDigits() throws {
    let all = try DigitPattern("\\d*").matchesEntirely(Self.million)
    let prefix = try DigitPattern("7\\d{9}").matchesPrefix(Self.million)
    let tenDigits = try DigitPattern("7\\d{9}").matchesEntirely(Self.million)
    let odd = Self.million + [UInt8(ascii: "7")]
    let pairs = try DigitPattern("(?:77)*").matchesEntirely(odd)
    #expect(all && prefix && !tenDigits && !pairs)
  }

  @Test func groupsOverAMillionDigits() throws {
    let allMatch = try DigitPattern("(\\d+)").wholeMatch(Self.million)
    let all = try #require(allMatch)
    #expect(all.group(1) == 0..<1_000_000)
    let lastMatch = try DigitPattern("(?:7|77)*(7)").wholeMatch(Self.million)
    let last = try #require(lastMatch)
    #expect(last.group(1) == 999_999..<1_000_000)
    let lazyMatch = try DigitPattern("(\\d*?)7$").prefixMatch(Self.million)
    let lazy = try #require(lazyMatch)
    #expect(lazy.group(1) == 0..<999_999)
    let shortMatch = try DigitPattern("(\\d{3})(\\d{3})").prefixMatch(Self.million)
    let short = try #require(shortMatch)
    #expect(short.end == 6 && short.group(2) == 3..<6)
  }

  @Test func bothEnginesHandleAMillionDigits() throws {
    let pattern = try DigitPattern("(?:(7)|8)+")
    Self.million.withUnsafeBufferPointer { input in
      for engine in [CaptureMatcher.Engine.threads, .backtracking] {
        let match = pattern.matcher.firstMatch(in: input, wholeInput: true, engine: engine)
        #expect(match?.group(1) == 999_999..<1_000_000, "\(engine)")
      }
    }
  }
}
