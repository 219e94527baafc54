import Testing

/// A phone match object as the contract ("find") writes it.
private func phone(_ start: Int, _ end: Int, _ raw: String, _ e164: String, _ ext: String? = nil) -> JSON {
  [
    "kind": "phone", "start": .number(Double(start)), "end": .number(Double(end)), "raw": .string(raw),
    "e164": .string(e164), "extension": ext.map(JSON.string) ?? .null,
  ]
}

private func card(_ start: Int, _ end: Int, _ brand: String, _ last4: String) -> JSON {
  [
    "kind": "card", "start": .number(Double(start)), "end": .number(Double(end)), "brand": .string(brand),
    "last4": .string(last4),
  ]
}

/// `payphone find` end to end, against the contract; the phone matches are
/// phonenumbers' (`PhoneNumberMatcher(text, region, leniency)` on the same
/// texts, digits folded).
@Suite("payphone find")
struct FindCommandTests {
  @Test("JSONL: matches in text order, offsets in scalars, raw text as given")
  func jsonLines() throws {
    let lines = [
      #"{"text": "Ring +44 20 7946 0958 or 020 7946 0959 (office)", "region": "GB"}"#,
      #"{"text": "٠٢٠ ٧٩٤٦ ٠٩٥٨ 👋🏽", "region": "gb"}"#,
      #"{"text": "650 2530000 and 65 02 53 00 00", "region": "US", "leniency": "strict_grouping"}"#,
      #"{"text": "650 2530000 and 65 02 53 00 00", "region": "US"}"#,
      #"{"text": "650 253 0000 x123", "region": "US", "leniency": "exact_grouping"}"#,
      #"{"text": "no numbers", "region": "US"}"#,
    ]
    let run = try PayPhoneProcess.run(["find", "--jsonl"], input: .lines(lines))
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
    let expected: [JSON] = [
      [
        "ok": true,
        "matches": [
          phone(5, 21, "+44 20 7946 0958", "+442079460958"), phone(25, 38, "020 7946 0959", "+442079460959"),
        ],
      ],
      ["ok": true, "matches": [phone(0, 13, "٠٢٠ ٧٩٤٦ ٠٩٥٨", "+442079460958")]],
      ["ok": true, "matches": [phone(0, 11, "650 2530000", "+16502530000")]],
      [
        "ok": true,
        "matches": [
          phone(0, 11, "650 2530000", "+16502530000"), phone(16, 30, "65 02 53 00 00", "+16502530000"),
        ],
      ],
      ["ok": true, "matches": [phone(0, 17, "650 253 0000 x123", "+16502530000", "123")]],
      ["ok": true, "matches": []],
    ]
    #expect(try run.jsonLines() == expected)
  }

  @Test("--cards and --redact: the card wins, never shown; the redacted text")
  func cardsAndRedaction() throws {
    let line = #"{"text": "card 4111 1111 1111 1111, tel 020 7946 0958 — ٠٢٠ ٧٩٤٦ ٠٩٥٩", "region": "GB"}"#
    let run = try PayPhoneProcess.run(["find", "--jsonl", "--cards", "--redact"], input: .lines([line]))
    #expect(run.status == 0)
    let expected: JSON = [
      "ok": true,
      "matches": [
        card(5, 24, "visa", "1111"), phone(30, 43, "020 7946 0958", "+442079460958"),
        phone(46, 59, "٠٢٠ ٧٩٤٦ ٠٩٥٩", "+442079460959"),
      ],
      "redacted": "card [card], tel [phone] — [phone]",
    ]
    #expect(try run.jsonLines() == [expected])
    #expect(!run.stdoutText.contains("4111 1111 1111 1111"))
    #expect(!run.stdoutText.contains("4111111111111111"))
  }

  /// The contract's card rule: groups split by one to three separators of
  /// many kinds, cards taken from the left at group boundaries, no card at
  /// a run's start after a plus, letters touching a card not hiding it.
  /// Expectations from the rule, the brands' lengths and Luhn: 4111111111111111
  /// (Visa) and 5555555555554444 (Mastercard) are valid; no brand starts
  /// with "12" or "1111".
  @Test("--cards: separators, boundaries, letters and the plus rule; the redacted text")
  func cardsByTheWidenedRule() throws {
    let cases: [(line: String, matches: [JSON], redacted: String)] = [
      (#"PAN4111111111111111"#, [card(3, 19, "visa", "1111")], "PAN[card]"),
      (
        #"4111.1111.1111.1111 / 4111/1111/1111/1111"#,
        [card(0, 19, "visa", "1111"), card(22, 41, "visa", "1111")], "[card] / [card]"
      ),
      (
        #"4111111111111111/5555555555554444"#,
        [card(0, 16, "visa", "1111"), card(17, 33, "mastercard", "4444")], "[card]/[card]"
      ),
      (#"order 12 4111 1111 1111 1111"#, [card(9, 28, "visa", "1111")], "order 12 [card]"),
      (#"4111 - 1111 - 1111 - 1111."#, [card(0, 25, "visa", "1111")], "[card]."),
      (#"4111\t1111\u00a01111\u20131111"#, [card(0, 19, "visa", "1111")], "[card]"),
      (#"👋🏽 ٤١١١_١١١١\u200b١١١١_١١١١"#, [card(3, 22, "visa", "1111")], "👋🏽 [card]"),
      (#"+4111111111111111"#, [], "+4111111111111111"),
      (#"4111    1111 1111 1111"#, [], "4111    1111 1111 1111"),
      (
        #"call +1 650-253-0000 ext. 4111 1111 1111 1111"#, [card(26, 45, "visa", "1111")],
        "call +1 650-253-0000 ext. [card]"
      ),
    ]
    let run = try PayPhoneProcess.run(
      ["find", "--jsonl", "--cards", "--redact", "--region", "US"],
      input: .lines(cases.map { #"{"text": "\#($0.line)"}"# }))
    #expect(run.status == 0)
    let expected = cases.map { item -> JSON in
      ["ok": true, "matches": .array(item.matches), "redacted": .string(item.redacted)]
    }
    #expect(try run.jsonLines() == expected)
    let plain = try PayPhoneProcess.run(
      ["find", "--cards", "--redact", "--region", "US", "4111/1111/1111/1111 or PAN4111.1111.1111.1111"])
    #expect(plain.outputLines == ["[card] or PAN[card]"])
  }

  @Test("bad lines and texts over 1 MiB give one error line each; the stream goes on")
  func badLinesAndLongTexts() throws {
    let long = String(repeating: "a", count: (1 << 20) + 1)
    let lines = [
      "", "{broken", #"{"region": "GB"}"#, #"{"text": "x", "leniency": "loose"}"#,
      #"{"text": "\#(long)"}"#, #"{"text": "+44 20 7946 0958"}"#,
    ]
    let run = try PayPhoneProcess.run(["find", "--jsonl"], input: .lines(lines))
    #expect(run.status == 0)
    let outputs = try run.jsonLines()
    try #require(outputs.count == 6)
    for index in 0..<4 {
      #expect(outputs[index]["ok"] == false)
      #expect(outputs[index]["error"] == "bad_input_line")
    }
    #expect(outputs[4]["error"] == "text_too_long")
    #expect(outputs[5] == ["ok": true, "matches": [phone(0, 16, "+44 20 7946 0958", "+442079460958")]])
  }

  @Test("plain mode: one line per input; --redact prints only the redacted text")
  func plainMode() throws {
    let run = try PayPhoneProcess.run(["find", "--region", "GB", "Call 020 7946 0958 today", "nothing"])
    #expect(run.status == 0)
    #expect(run.outputLines == [#"+442079460958 at 5-18 "020 7946 0958""#, "no numbers found"])
    let redacted = try PayPhoneProcess.run(
      ["find", "--region", "GB", "--redact", "--cards"],
      input: .lines(["Call 020 7946 0958 or pay 5555-5555-5555-4444.", "", "plain text"]))
    #expect(redacted.outputLines == ["Call [phone] or pay [card].", "", "plain text"])
    let long = try PayPhoneProcess.run(
      ["find"], input: .lines([String(repeating: "1", count: (1 << 20) + 5), "+44 20 7946 0958"]))
    #expect(long.outputLines.count == 2)
    #expect(long.outputLines.first?.hasPrefix("error: text_too_long") == true)
  }

  @Test("CSV: every row kept, phoneMatches and redacted appended")
  func csv() throws {
    let input =
      "id,note\r\n1,\"call 020 7946 0958, or +1 650-253-0000\"\r\n2,nothing\r\n3,\"say \"\"hi\"\" 4111111111111111\"\r\n"
    let run = try PayPhoneProcess.run(
      ["find", "--csv", "--column", "note", "--region", "GB", "--redact", "--cards"], input: .text(input))
    #expect(run.status == 0)
    #expect(
      run.stdoutText
        == "id,note,phoneMatches,redacted\r\n"
        + "1,\"call 020 7946 0958, or +1 650-253-0000\",+442079460958 +16502530000,\"call [phone], or [phone]\"\r\n"
        + "2,nothing,,nothing\r\n" + "3,\"say \"\"hi\"\" 4111111111111111\",,\"say \"\"hi\"\" [card]\"\r\n")
  }

  @Test(
    "usage errors exit 2 and name the problem",
    arguments: [
      ["find", "--leniency", "loose", "x"], ["find", "--csv"], ["find", "--column", "note", "x"],
      ["find", "--csv", "--column", "a", "--jsonl"], ["find", "--jsonl", "x"], ["find", "--bogus"],
    ])
  func usageErrors(_ arguments: [String]) throws {
    let run = try PayPhoneProcess.run(arguments)
    #expect(run.status == 2)
    #expect(run.stderrText.contains("payphone"))
    #expect(run.stdout.isEmpty)
  }
}

/// No output of `payphone find --cards` (any mode) nor its errors shows a
/// found card's digits, however the card was written.
@Suite("payphone find keeps cards secret")
struct FindCardSecrecyTests {
  static let cards = [
    "4000056655665556", "5555555555554444", "378282246310005", "6011111111111117", "3530111333300000",
    "6200000000000005", "5066991111111118", "2223003122003222",
  ]

  static func texts() -> [String] {
    var texts: [String] = []
    let around = [
      "call +44 20 7946 0958", "ext.", "x", "Tel:", "card", "#", "(", ")", "/", "—", "ref 12", "👍",
    ]
    for (index, digits) in cards.enumerated() {
      let chars = Array(digits)
      let grouped = stride(from: 0, to: chars.count, by: 4).map {
        String(chars[$0..<min(chars.count, $0 + 4)])
      }
      let arabic = String(
        String.UnicodeScalarView(
          digits.unicodeScalars.map { Unicode.Scalar(0x660 + $0.value - 0x30) ?? $0 }))
      for written in [digits, grouped.joined(separator: " "), grouped.joined(separator: "-"), arabic] {
        for offset in 0..<around.count {
          let before = around[(offset + index) % around.count]
          let after = around[(offset * 7 + index) % around.count]
          texts.append("\(before) \(written) \(after)")
          texts.append("\(before) ext. \(written)")
        }
      }
    }
    return texts
  }

  static func jsonString(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return "\"" + escaped + "\""
  }

  @Test(arguments: [["find", "--jsonl", "--cards"], ["find", "--jsonl", "--cards", "--redact"]])
  func jsonLinesShowNoCard(_ arguments: [String]) throws {
    let texts = Self.texts()
    let lines = texts.map { #"{"text": \#(Self.jsonString($0)), "region": "GB", "leniency": "possible"}"# }
    let run = try PayPhoneProcess.run(arguments, input: .lines(lines))
    #expect(run.status == 0)
    let outputs = try run.jsonLines()
    try #require(outputs.count == texts.count)
    var found = 0
    for (text, output) in zip(texts, outputs) {
      let line = String(describing: output)
      for digits in Self.cards where text.contains(digits) || DigitsOf.fold(text).contains(digits) {
        found += 1
        #expect(!DigitsOf.fold(line).contains(digits), "\(text)")
      }
    }
    #expect(found > 100)
    #expect(run.stderr.isEmpty)
  }

  @Test(arguments: [
    ["find", "--cards", "--region", "GB"], ["find", "--cards", "--redact", "--region", "GB"],
  ])
  func plainLinesShowNoCard(_ arguments: [String]) throws {
    let texts = Self.texts().filter { text in Self.cards.contains { DigitsOf.fold(text).contains($0) } }
    let run = try PayPhoneProcess.run(arguments, input: .lines(texts))
    #expect(run.status == 0)
    #expect(run.outputLines.count == texts.count)
    let output = DigitsOf.fold(run.stdoutText + run.stderrText)
    for digits in Self.cards { #expect(!output.contains(digits)) }
  }
}

/// Folds Arabic-Indic digits (the only other script these texts use).
enum DigitsOf {
  static func fold(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { scalar in
          (0x660...0x669).contains(scalar.value) ? Unicode.Scalar(scalar.value - 0x660 + 0x30)! : scalar
        }))
  }
}
