internal import PayPhone

/// `payphone-bench paste [DIGITS ...]`: a long paste into the phone editor
/// and the as-you-type formatter (hostile input: once no format applies,
/// each further key must cost constant time, so time grows linearly).
enum PasteBenchmark: Benchmark {
  static let name = "paste"
  static let usage =
    "paste [DIGITS ...]   a paste of DIGITS digits into PhoneNumberEditor and AsYouTypeFormatter"

  static func run(_ arguments: [String]) -> Int32 {
    let sizes = arguments.isEmpty ? [16_000, 64_000, 256_000, 1_000_000] : arguments.compactMap { Int($0) }
    guard sizes.count == max(arguments.count, sizes.count), !sizes.isEmpty else {
      printError("payphone-bench paste: sizes must be whole numbers\n")
      return 2
    }
    // National digits (US), after `+1` (the prefix taken again on every
    // key), and GB's `00` waiting for a country code (Arabic-Indic zeros).
    let kinds: [(name: String, region: RegionCode, head: String, digit: String?)] = [
      ("national", .us, "", nil), ("plus", .us, "+1", nil), ("awaiting", .gb, "", "\u{0660}"),
    ]
    for size in sizes {
      for kind in kinds {
        measurePaste(size: size, kind.name, kind.region, kind.head, kind.digit)
      }
    }
    return 0
  }

  private static func measurePaste(
    size: Int, _ name: String, _ region: RegionCode, _ head: String, _ digit: String?
  ) {
    let digits =
      digit.map { String(repeating: $0, count: size) }
      ?? String(String(repeating: "6502532222", count: size / 10 + 1).prefix(size))
    let text = head + digits
    let editor = PhoneNumberEditor(region: region)
    var shown = 0
    let (editorPasses, editorNanoseconds) = measure(atLeast: .milliseconds(200)) {
      shown &+= editor.apply(.insert(text, into: "", at: 0)).text.utf8.count
    }
    let (formatterPasses, formatterNanoseconds) = measure(atLeast: .milliseconds(200)) {
      var formatter = AsYouTypeFormatter(region: region)
      for key in text.unicodeScalars { formatter.input(key) }
      shown &+= formatter.text.utf8.count
    }
    print(
      "paste kind=\(name) digits=\(size) editor_ms=\(format(editorNanoseconds / Double(editorPasses) / 1e6)) "
        + "formatter_ms=\(format(formatterNanoseconds / Double(formatterPasses) / 1e6)) checksum=\(shown)")
  }

  private static func format(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    return
      "\(hundredths / 100).\(String(repeating: "0", count: hundredths % 100 < 10 ? 1 : 0))\(hundredths % 100)"
  }
}
