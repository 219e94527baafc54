import Testing

@testable import PayPhoneNumbers

/// A million digits run through every entry point in one pass, without
/// recursion on the input.
@Suite struct HostileInputTests {
  static let million = Array(repeating: UInt8(ascii: "7"), count: 1_000_000)

  @Test func membershipOfAMillionDigits() throws {
    #expect(try DigitPattern("\\d*").matchesEntirely(Self.million))
    #expect(try DigitPattern("7\\d{9}").matchesPrefix(Self.million))
    #expect(try !DigitPattern("7\\d{9}").matchesEntirely(Self.million))
    #expect(try !DigitPattern("(?:77)*").matchesEntirely(Self.million + [UInt8(ascii: "7")]))
  }

  @Test func groupsOverAMillionDigits() throws {
    let all = try #require(try DigitPattern("(\\d+)").wholeMatch(Self.million))
    #expect(all.group(1) == 0..<1_000_000)
    let last = try #require(try DigitPattern("(?:7|77)*(7)").wholeMatch(Self.million))
    #expect(last.group(1) == 999_999..<1_000_000)
    let lazy = try #require(try DigitPattern("(\\d*?)7$").prefixMatch(Self.million))
    #expect(lazy.group(1) == 0..<999_999)
    let short = try #require(try DigitPattern("(\\d{3})(\\d{3})").prefixMatch(Self.million))
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
