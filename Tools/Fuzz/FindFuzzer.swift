internal import PayPhone

/// Fuzz target `find`: one byte picks the default region, the leniency and
/// whether cards are found; the rest is free text searched by `TextFinder`
/// (and `PhoneNumberMatcher`). Every match's range lies inside the text, in
/// order, not overlapping; its raw text is the text's; a found number meets
/// its leniency; a found card is valid and gone from the redacted text,
/// which keeps everything else.
@_cdecl("LLVMFuzzerTestOneInput")
public func findFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  var input = FuzzInput(data, size)
  let options = input.byte()
  let regions: [RegionCode?] = [nil, .us, .gb, .de, .br, RegionCode("IN"), .jp, .ru]
  let region = regions[Int(options & 7)]
  let leniency = PhoneNumberLeniency.allCases[Int(options >> 3 & 3)]
  let findsCards = options & 0x20 != 0
  FindFuzzer.exercise(input.restText(), region: region, leniency: leniency, findsCards: findsCards)
  return 0
}

enum FindFuzzer {
  static func exercise(_ text: String, region: RegionCode?, leniency: PhoneNumberLeniency, findsCards: Bool) {
    let scalars = Array(text.unicodeScalars)
    let finder = TextFinder(text: text, region: region, leniency: leniency, findsCards: findsCards)
    let matches = Array(finder)
    var previousEnd = 0
    var redactedLength = scalars.count
    for match in matches {
      let range = match.scalarRange
      fuzzCheck(range.lowerBound >= previousEnd && range.upperBound <= scalars.count, "range \(range)")
      fuzzCheck(!range.isEmpty, "empty match at \(range.lowerBound)")
      fuzzCheck(
        text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: match.range.lowerBound)
          == range.lowerBound && text.unicodeScalars[match.range].count == range.count,
        "index range of \(range)")
      previousEnd = range.upperBound
      redactedLength += match.placeholder.unicodeScalars.count - range.count
      switch match {
      case .phone(let phone):
        fuzzCheck(phone.rawText == String(String.UnicodeScalarView(scalars[range])), "raw text of \(range)")
        fuzzCheck(
          leniency == .possible ? phone.number.isPossible : phone.number.isValid, "leniency of \(range)")
      case .card(let card):
        fuzzCheck(findsCards, "a card without --cards")
        fuzzCheck(CardBrandTable.standard.inspect(card.card).isValid, "an invalid card")
        fuzzCheck((12...19).contains(card.card.count), "a card of \(card.card.count) digits")
      }
    }
    let redacted = TextFinder.redacted(text, matches: matches)
    fuzzCheck(redacted.unicodeScalars.count == redactedLength, "redacted length")
    // A card's digits stay only where the text has them outside every match.
    var outside = ""
    var position = 0
    for match in matches {
      outside += String(String.UnicodeScalarView(scalars[position..<match.scalarRange.lowerBound])) + "\u{0}"
      position = match.scalarRange.upperBound
    }
    outside += String(String.UnicodeScalarView(scalars[position...]))
    for case .card(let card) in matches where redacted.contains(card.card.digits) {
      fuzzCheck(outside.contains(card.card.digits), "a card left in the redacted text")
    }
    // The phone matches of the finder without cards are the matcher's.
    if !findsCards {
      let matcher = PhoneNumberMatcher(text: text, region: region, leniency: leniency)
      fuzzCheck(matcher.map(\.scalarRange) == matches.map(\.scalarRange), "finder and matcher differ")
    }
  }
}
