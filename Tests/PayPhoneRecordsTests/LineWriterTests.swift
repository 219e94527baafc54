import Foundation
import PayPhoneTestSupport
import Testing

@_spi(PayPhoneInternal) @testable import PayPhoneRecords

/// The JSON writer: what it writes reads back through Foundation's
/// `JSONSerialization` as the same values, for strings of every kind.
@Suite struct LineWriterTests {
  struct Written: Decodable {
    let ok: Bool
    let text: String
    let none: String?
    let list: [String]
    let number: Int
    let flag: Bool?
  }

  static let pieces = [
    "a", "Z", "0", " ", "\"", "\\", "/", "\u{0}", "\u{1}", "\u{8}", "\u{9}", "\u{A}", "\u{C}", "\u{D}",
    "\u{1F}",
    "\u{7F}", "\u{80}", "é", "e\u{301}", "٣", "中", "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{FFFD}", "😀",
    "👍🏽", "🇬🇧", "\u{10FFFF}", "\"\"", "\\\\", "\\u0041", "abcdefgh", "12345678",
  ]

  /// One object with the string under `text`, the list under `list`, and
  /// the other kinds of field.
  static func write(_ text: String, list: [String], number: Int, flag: Bool?) -> [UInt8] {
    var writer = LineWriter()
    writer.beginObject()
    writer.field("ok", true)
    writer.field("text", text)
    writer.field("none", nil as String?)
    writer.field("list", list)
    writer.field("number", number)
    writer.field("flag", flag)
    writer.endObject()
    return writer.bytes
  }

  @Test func generatedStringsRoundTripThroughJSONSerialization() throws {
    var generator = SeededGenerator(seed: 0x5752_4954)
    for _ in 0..<3000 {
      let text = generator.string(from: Self.pieces, maximumLength: 24)
      let list = (0..<Int.random(in: 0...3, using: &generator)).map { _ in
        generator.string(from: Self.pieces, maximumLength: 6)
      }
      let number =
        Int.random(in: Int.min...Int.max, using: &generator) >> Int.random(in: 0...63, using: &generator)
      let flag: Bool? = [true, false, nil][Int.random(in: 0..<3, using: &generator)]
      let bytes = Self.write(text, list: list, number: number, flag: flag)
      #expect(bytes.last == 0x0A)
      #expect(
        bytes.dropLast().allSatisfy { $0 != 0x0A && $0 != 0x0D },
        "a raw line break in \(text.debugDescription)")
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(bytes.dropLast())) as? [String: Any],
        "\(String(decoding: bytes, as: UTF8.self))")
      // JSONSerialization drops U+FEFF from strings on this platform (the
      // bytes hold it: JSONDecoder reads it back below); compare without it.
      func withoutBOM(_ text: String) -> [Unicode.Scalar] { text.unicodeScalars.filter { $0 != "\u{FEFF}" } }
      #expect((object["text"] as? String).map(withoutBOM) == withoutBOM(text), "\(text.debugDescription)")
      #expect((object["list"] as? [String])?.map(withoutBOM) == list.map(withoutBOM))
      #expect(object["none"] is NSNull)
      #expect((object["number"] as? NSNumber)?.int64Value == Int64(number))
      if let flag { #expect(object["flag"] as? Bool == flag) } else { #expect(object["flag"] is NSNull) }
      #expect(object["ok"] as? Bool == true)
      let decoded = try JSONDecoder().decode(Written.self, from: Data(bytes))
      #expect(decoded.text.unicodeScalars.elementsEqual(text.unicodeScalars), "\(text.debugDescription)")
      #expect(decoded.list.map { Array($0.unicodeScalars) } == list.map { Array($0.unicodeScalars) })
      #expect(decoded.none == nil && decoded.number == number && decoded.flag == flag && decoded.ok)
    }
  }

  @Test func keysComeInTheOrderWrittenAndNullIsNotOmitted() {
    var writer = LineWriter()
    FailureRecord.badInputLine("line is not valid UTF-8").write(to: &writer)
    writer.beginObject()
    writer.field("b", 1)
    writer.field("a", nil as Int?)
    writer.beginArray("items")
    writer.beginObject()
    writer.field("x", -9_223_372_036_854_775_808)
    writer.endObject()
    writer.beginObject()
    writer.endObject()
    writer.endArray()
    writer.endObject()
    writer.plainLine("plain")
    #expect(
      String(decoding: writer.bytes, as: UTF8.self)
        == "{\"ok\":false,\"error\":\"bad_input_line\",\"message\":\"line is not valid UTF-8\"}\n"
        + "{\"b\":1,\"a\":null,\"items\":[{\"x\":-9223372036854775808},{}]}\nplain\n")
  }

  @Test func controlsAreEscapedAsRFC8259Asks() {
    #expect(
      String(
        decoding: Self.write("\u{0}\u{8}\t\n\u{C}\r\u{1F}\"\\/\u{2028}", list: [], number: 0, flag: nil),
        as: UTF8.self)
        == "{\"ok\":true,\"text\":\"\\u0000\\u0008\\t\\n\\u000c\\r\\u001f\\\"\\\\/\u{2028}\",\"none\":null,\"list\":[],"
        + "\"number\":0,\"flag\":null}\n")
  }

  @Test func aCopyOfAWriterSharesNothingOnceWritten() {
    var first = LineWriter()
    first.plainLine("a")
    var second = first
    second.plainLine("b")
    first.removeAll()
    #expect(first.bytes.isEmpty)
    #expect(String(decoding: second.bytes, as: UTF8.self) == "a\nb\n")
  }

  @Test func aLongLineGrowsTheBuffer() throws {
    let text = String(repeating: "\u{1}é", count: 40_000)
    let bytes = Self.write(text, list: [text], number: 1, flag: true)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    #expect((object["text"] as? String)?.unicodeScalars.elementsEqual(text.unicodeScalars) == true)
  }
}
