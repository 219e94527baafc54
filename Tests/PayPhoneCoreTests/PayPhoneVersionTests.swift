import PayPhoneCore
import Testing

/// The C ABI hands out `PayPhoneVersion.current`'s bytes as a C string
/// (`payphone_version`): they must be a pointer into the binary's constant
/// data, ASCII, with a NUL after them, and read as a semantic version.
@Suite struct PayPhoneVersionTests {
  @Test func versionIsAStaticCString() {
    let version = PayPhoneVersion.current
    #expect(version.hasPointerRepresentation)
    #expect(version.isASCII)
    #expect(version.utf8Start[version.utf8CodeUnitCount] == 0)
  }

  @Test func versionIsMajorMinorPatch() {
    let parts = "\(PayPhoneVersion.current)".split(separator: ".", omittingEmptySubsequences: false)
    #expect(parts.count == 3)
    #expect(parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } })
  }
}
