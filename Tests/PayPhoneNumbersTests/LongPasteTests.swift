import Testing

@testable import PayPhoneNumbers

/// Bounded time on hostile input: once no format can apply, each further
/// key costs constant (amortised) time, so a paste of any length finishes
/// in linear time, with the answer libphonenumber gives (the keys as
/// typed, since no format fits). The work is counted too, through
/// `WorkMeter` (debug builds, as CI's `swift test`): the bytes the
/// national number moves, and how often the awaited text is rebuilt, stay
/// linear in (or independent of) the keys. Work that copied the whole
/// number on every key would count in the billions here and fail.
@Suite(.timeLimit(.minutes(10))) struct LongPasteTests {
  /// Long enough that work quadratic in the keys stands far above the
  /// bounds below, short enough for CI; release timings for a megabyte
  /// are in `payphone-bench paste`.
  static let long = 1 << 16

  /// The work `body` makes the formatter do, counted in debug builds
  /// (nil in release builds, which count nothing).
  static func counting(_ body: () -> Void) -> (movedBytes: Int, awaitedTextRebuilds: Int)? {
    #if DEBUG
      let counts = WorkMeter.Counts()
      WorkMeter.$current.withValue(counts) { body() }
      return (counts.movedBytes, counts.awaitedTextRebuilds)
    #else
      body()
      return nil
    #endif
  }

  /// Every path a stalled formatter takes on each key: national digits
  /// (US), an international number after `+` (the prefix taken again on
  /// every key), after a typed international prefix, and a national prefix
  /// tried again on every key (GB's `0`); and waiting for a country code
  /// that never comes (`+0...`).
  static let pastes: [(region: RegionCode, head: String, shown: String, length: Int)] = [
    (.us, "", "", long), (.us, "+1", "+1", long), (.us, "011 44 ", "01144", long), (.gb, "0", "0", long),
    (.gb, "+0", "+0", long),
  ]

  static func digits(_ count: Int) -> String {
    String(String(repeating: "6502532222", count: count / 10 + 1).prefix(count))
  }

  @Test(arguments: 0..<pastes.count)
  func aLongPasteIntoTheEditorFinishesWithTheKeysAsTyped(_ index: Int) {
    let paste = Self.pastes[index]
    let body = Self.digits(paste.length)
    let field = PhoneNumberEditor(region: paste.region).apply(.insert(paste.head + body, into: "", at: 0))
    // The editor types the digits (and a leading +) only: its spaces are
    // not keys.
    #expect(field.value == paste.shown + body)
    #expect(field.text.utf8.count == paste.shown.utf8.count + body.utf8.count)
    #expect(field.text == paste.shown + body)
    #expect(field.caret == field.text.unicodeScalars.count)
    #expect(field.number == nil)
  }

  @Test func longKeysIntoTheFormatterCostLinearWork() {
    var formatter = AsYouTypeFormatter(region: .us)
    let body = Self.digits(Self.long)
    let plusOne = Self.counting {
      for key in "+1".unicodeScalars { formatter.input(key) }
      for key in body.unicodeScalars { formatter.input(key) }
    }
    #expect(formatter.text == "+1" + body)
    // Every key takes the `+1` again: a few bytes moved per key, never the
    // whole number.
    if let plusOne { #expect(plusOne.movedBytes <= 4 * Self.long, "\(plusOne.movedBytes) bytes moved") }
    // Other scripts' digits are folded on the way, as the contract says;
    // GB reads `00` as its international prefix and then waits for a
    // country code that never comes (libphonenumber: "00 000...").
    var arabic = AsYouTypeFormatter(region: .gb)
    let awaiting = Self.counting { for _ in 0..<Self.long { arabic.input("\u{0660}") } }
    #expect(arabic.text == "00 " + String(repeating: "0", count: Self.long - 2))
    if let awaiting { #expect(awaiting.awaitedTextRebuilds <= 2) }
    var gb = AsYouTypeFormatter(region: .gb)
    let nationalPrefix = Self.counting { for key in ("0" + body).unicodeScalars { gb.input(key) } }
    #expect(gb.text == "0" + body)
    // The national prefix is put back and taken again on every key.
    if let nationalPrefix {
      #expect(nationalPrefix.movedBytes <= 4 * Self.long, "\(nationalPrefix.movedBytes) bytes moved")
    }
  }

  #if DEBUG
    /// The meter sees quadratic work: a queue whose front is taken off and
    /// put back whole on every key counts each byte again each time.
    @Test func theMeterCountsWorkThatGrowsWithTheNumber() throws {
      let counts = try #require(
        Self.counting {
          var queue = DigitQueue()
          for key in 0..<1000 {
            queue.append(UInt8(ascii: "0") + UInt8(key % 10))
            let whole = Array(queue)
            queue.removeFirst(whole.count)
            queue.prepend(contentsOf: whole)
          }
        })
      #expect(counts.movedBytes >= 1000 * 999 / 2)
    }
  #endif
}
