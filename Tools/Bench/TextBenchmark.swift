import Foundation
import PayPhone

/// `payphone-bench text [CORPUS]`: grapheme counting and digit folding, in
/// nanoseconds per character (grapheme), on a built-in mixed-script corpus,
/// on a built-in ASCII corpus and, when given, on CORPUS (one text per line,
/// blank lines skipped).
///
/// Prints one line per corpus and operation:
/// `bench=text corpus=mixed op=graphemes texts=N chars=C bytes=B passes=P
/// checksum=K ns_per_char=X ns_per_text=Y`.
enum TextBenchmark: Benchmark {
  static let name = "text"
  static let usage = "text [CORPUS]    grapheme counting and digit folding, ns per character"

  /// What a checkout form receives: names, addresses and numbers in many
  /// scripts, digits of several scripts, emoji with ZWJ, skin tones, flags.
  static let mixedCorpus: [String] = [
    "Zoë Müller-Lüdenscheidt",
    "François Pérez, 12 rue de l'Église, 75004 Paris",
    "Åsa Øberg ☎ +47 22 33 44 55",
    "İstanbul, Beşiktaş — Çırağan Cd. No: 32",
    "山田 太郎 様",
    "東京都渋谷区神南１−２−３",
    "〒150-0041 東京都渋谷区",
    "北京市朝阳区建国路８８号",
    "김민준 서울특별시 강남구 테헤란로 １２３",
    "محمد عبد الله ٠٥٠ ١٢٣ ٤٥٦٧",
    "+٩٧١ ٥٠ ١٢٣ ٤٥٦٧",
    "شماره: ۰۹۱۲ ۳۴۵ ۶۷۸۹",
    "दूरभाष: ०९८७६ ५४३२१०",
    "नमस्ते, कृपया अपना पता लिखें",
    "বাংলা ০১৭১১ ২২৩৩৪৪",
    "Ελληνικά: Αθήνα 105 57",
    "Москва, ул. Тверская, д. 7",
    "ที่อยู่ กรุงเทพฯ ๑๐๒๐๐",
    "שלום, תל אביב 61000",
    "Gift for 👨‍👩‍👧‍👦 — thanks! 🎉🎁",
    "Shipping to 🇺🇸🇬🇧🇫🇷🇯🇵 soon 🚚",
    "👋🏽 Hi! Leave at door 🏳️‍🌈 ❤️‍🔥",
    "Call 1️⃣2️⃣3️⃣ then #️⃣ — 👩🏽‍💻 support",
    "ｆｕｌｌｗｉｄｔｈ ０３−１２３４−５６７８",
    "Cafe\u{301} re\u{301}sume\u{301} nai\u{308}ve",
    "Tiếng Việt: Hà Nội, Quận Hoàn Kiếm",
    "Straße 5, 10115 Berlin 🇩🇪",
    "4111 1111 1111 1111 💳 12/34",
  ]

  /// The same kind of fields, all ASCII (the fast paths).
  static let asciiCorpus: [String] = [
    "Jane Doe",
    "221B Baker Street, London NW1 6XE",
    "+44 20 7946 0958",
    "(650) 253-0000 ext. 123",
    "jane.doe@example.com",
    "4111 1111 1111 1111",
    "12/34",
    "Leave the parcel with the neighbour at number 17, thanks!",
    "1600 Amphitheatre Parkway, Mountain View, CA 94043",
    "Order #A-2048: 3 x widgets, gift wrap please",
    "tel:+1-201-555-0123;ext=456",
    "PO Box 1234, Anchorage AK 99501",
  ]

  static func run(_ arguments: [String]) -> Int32 {
    var corpora: [(name: String, texts: [String])] = [("mixed", mixedCorpus), ("ascii", asciiCorpus)]
    switch arguments.count {
    case 0:
      break
    case 1:
      guard let data = FileManager.default.contents(atPath: arguments[0]) else {
        printError("payphone-bench text: cannot read \(arguments[0])\n")
        return 1
      }
      // Split on bytes: as a Character, "\r\n" is one grapheme, not a "\n".
      let texts = data.split(separator: 0x0A).map { line in
        String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self)
      }
      corpora.append(("file", texts))
    default:
      printError("Usage: payphone-bench \(usage)\n")
      return 2
    }
    for (name, texts) in corpora {
      let chars = texts.reduce(0) { $0 + Graphemes.count(in: $1) }
      let bytes = texts.reduce(0) { $0 + $1.utf8.count }
      let sizes = "texts=\(texts.count) chars=\(chars) bytes=\(bytes)"

      var graphemeSum = 0
      let counting = measure(atLeast: .milliseconds(500)) {
        var sum = 0
        for text in texts { sum &+= Graphemes.count(in: text) }
        graphemeSum = sum
      }
      report(
        corpus: name, op: "graphemes", sizes, counting, checksum: graphemeSum, chars: chars,
        texts: texts.count)

      var foldedBytes = 0
      let folding = measure(atLeast: .milliseconds(500)) {
        var sum = 0
        for text in texts { sum &+= DigitFolding.fold(text).utf8.count }
        foldedBytes = sum
      }
      report(
        corpus: name, op: "fold", sizes, folding, checksum: foldedBytes, chars: chars, texts: texts.count)
    }
    return 0
  }

  private static func report(
    corpus: String, op: String, _ sizes: String, _ timing: (passes: Int, nanoseconds: Double), checksum: Int,
    chars: Int,
    texts: Int
  ) {
    let perPass = timing.nanoseconds / Double(timing.passes)
    print(
      "bench=text corpus=\(corpus) op=\(op) \(sizes) passes=\(timing.passes) checksum=\(checksum) "
        + "ns_per_char=\(figure(perPass / Double(max(chars, 1)))) "
        + "ns_per_text=\(figure(perPass / Double(max(texts, 1))))")
  }
}
