/// A small deterministic random number generator (SplitMix64), so the
/// property tests see the same cases on every run and a failure can be
/// replayed.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// A string of up to `maximumLength` characters drawn from `alphabet`.
  mutating func string(from alphabet: [String], maximumLength: Int) -> String {
    let length = Int.random(in: 0...maximumLength, using: &self)
    var text = ""
    for _ in 0..<length {
      text += alphabet[Int.random(in: 0..<alphabet.count, using: &self)]
    }
    return text
  }
}

/// Characters a person (or a paste) might throw at a mask: ASCII digits and
/// letters, separators, digits of other scripts, accented letters, emoji.
let fuzzAlphabet: [String] = [
  "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "4", "7", "9",
  "a", "b", "x", "Z", "Q", "é", "e\u{301}", "ß", "Ж", "中",
  " ", "-", "(", ")", "+", ".", "/", "_", "…", "\\", "[", "]", "{", "}",
  "٣", "۷", "०", "５", "²", "Ⅻ", "👍🏽", "🇺🇸", "\r\n", "\t",
]
