// The test oracle: the brand table of
// Sources/PayPhoneCards/PayPhoneCards.docc/CardBrands.md, pasted verbatim below, and
// the detection rules of Sources/PayPhone/PayPhone.docc/CommandLineReference.md ("card")
// implemented the slow, obvious way (scan every range). Nothing here uses PayPhoneCards.

/// One row of CardBrands.md's table.
struct ReferenceBrand {
  let id: String
  /// `(low, high)` prefixes as written.
  let ranges: [(low: String, high: String)]
  let lengths: [Int]
  let fourSixRest: Bool
  let codeName: String
  let codeLength: Int
  let luhnRequired: Bool
}

enum Reference {
  /// CardBrands.md's table rows, copied as they are.
  static let markdownRows = """
    | visa | 4 | 16, 18, 19 | 4-4-4-4 (+4...) | CVV 3 | yes |
    | mastercard | 51–55, 2221–2229, 223–229, 23–26, 270–271, 2720 | 16 | by 4 | CVC 3 | yes |
    | american-express | 34, 37 | 15 | 4-6-5 | CID 4 | yes |
    | diners-club | 300–305, 36, 38, 39 | 14, 16, 19 | 4-6-rest | CVV 3 | yes |
    | discover | 6011, 644–649, 65 | 16, 19 | by 4 | CID 3 | yes |
    | troy | 9792, 650052, 650082–650083, 650092, 650161, 650170, 650173, 650175, 650268, 650271, 650273–650274, 650456–650457, 650836, 650846–650850, 650923, 650987, 650990, 654997, 657366, 657998, 658758, 658767–658768, 65083700–65083704, 65085800–65085804, 65085900–65085901, 65086000, 65086100–65086105, 65086200–65086203, 65875000–65875003, 65875009, 65875101–65875104, 65875200, 65875501, 65875601, 65875900, 65876000–65876002, 65876100–65876103, 65876110, 65876115–65876116, 65876200–65876201, 65876500, 65876504–65876505, 65876600–65876602, 65877100–65877101, 65877600–65877602, 65877700, 65877801–65877802, 65878200–65878202, 65878300–65878311, 65878400–65878405, 65878500–65878505, 65878600–65878601, 65879800, 65880800, 65880900 | 16 | by 4 | CVV 3 | yes |
    | jcb | 2131, 1800, 3528–3589 | 16–19 | by 4 | CVV 3 | yes |
    | unionpay | 620, 62100–62182, 62184–62187, 62185–62197, 62200–62205, 622010–622999, 622018, 62207–62209, 623–626, 6270, 6272, 6276, 627700–627779, 627781–627799, 6282–6289, 6291, 6292, 810, 8110–8131, 8132–8151, 8152–8163, 8164–8171 | 14–19 | by 4 | CVN 3 | **no** (card-validator default) |
    | naranja | 589562, 402918, 527572 | 16 | by 4 | CVV 3 | yes |
    | verve | 506099–506127, 506129, 506133–506150, 506158–506163, 506166, 506168, 506170, 506173, 506176–506180, 506184, 506187–506188, 506191, 506195, 506197, 507865, 507866, 507868–507877, 507880–507888, 507900, 507941 | 16, 18, 19 | by 4 | CVV 3 | yes |
    | maestro | 493698, 500000–504174, 504176–506698, 506779–508999, 56–59, 63, 67, 6 | 12–19 | by 4 | CVC 3 | yes |
    | elo | 401178, 401179, 431274, 438935, 451416, 457393, 457631, 457632, 504175, 506699–506778, 509000–509999, 627780, 636297, 636368, 650031–650033, 650035–650051, 650405–650439, 650485–650538, 650541–650598, 650700–650718, 650720–650727, 650901–650978, 651652–651679, 655000–655019, 655021–655058 | 16 | by 4 | CVE 3 | yes |
    | mir | 2200–2204 | 16–19 | by 4 | CVP2 3 | yes |
    | hiper | 637095, 63737423, 63743358, 637568, 637599, 637609, 637612 | 16 | by 4 | CVC 3 | yes |
    | hipercard | 606282 | 16 | by 4 | CVC 3 (README table says 4; code says 3) | yes |
    """

  /// The command-line reference's brand id list: the listing (candidates) order.
  static let listingOrder = [
    "visa", "mastercard", "american-express", "discover", "diners-club", "jcb", "unionpay", "maestro",
    "mir", "elo", "hiper", "hipercard", "verve", "troy", "naranja",
  ]

  /// the Card brands article's priority order, used for equal-length ties (it gives
  /// Verve's blocks to Verve and Troy's 650923 to Troy, as the contract's
  /// detection text requires).
  static let tieBreakOrder = [
    "visa", "mastercard", "american-express", "diners-club", "discover", "troy", "jcb", "unionpay",
    "naranja", "verve", "maestro", "elo", "mir", "hiper", "hipercard",
  ]

  static let brands: [ReferenceBrand] = markdownRows.split(separator: "\n").map { row in
    let cells = row.split(separator: "|").map { $0.trimmingSpaces() }
    let ranges = cells[1].split(separator: ",").map { item -> (low: String, high: String) in
      let parts = item.trimmingSpaces().split(separator: "–").map(String.init)
      return (parts[0], parts.count > 1 ? parts[1] : parts[0])
    }
    var lengths: [Int] = []
    for item in cells[2].split(separator: ",") {
      let parts = item.trimmingSpaces().split(separator: "–").compactMap { Int($0) }
      lengths += Array(parts[0]...(parts.count > 1 ? parts[1] : parts[0]))
    }
    let code = cells[4].split(separator: " ")
    return ReferenceBrand(
      id: cells[0], ranges: ranges, lengths: lengths,
      fourSixRest: cells[3].hasPrefix("4-6-"), codeName: String(code[0]),
      codeLength: Int(code[1]) ?? 0, luhnRequired: cells[5] == "yes")
  }

  static func brand(_ id: String) -> ReferenceBrand {
    brands.first { $0.id == id }!
  }

  /// Every range of every brand as numbers: its 8-digit span
  /// `[start, end)`, its prefix length, its brand and the brand's rank.
  private static let flatRanges:
    [(low: Int, high: Int, digits: Int, start: Int, end: Int, id: String, rank: Int)] = brands.flatMap {
      brand in
      brand.ranges.map { range in
        let scale = power(8 - range.low.count)
        return (
          Int(range.low)!, Int(range.high)!, range.low.count, Int(range.low)! * scale,
          (Int(range.high)! + 1) * scale, brand.id, tieBreakOrder.firstIndex(of: brand.id)!
        )
      }
    }

  /// The brand a number is detected as: the longest matching prefix, ties to
  /// the earlier brand of the priority order.
  static func detect(_ digits: String) -> String? {
    let values = Array(digits.utf8.prefix(8)).map { Int($0) - 48 }
    var prefixValue = [0]
    for value in values { prefixValue.append(prefixValue.last! * 10 + value) }
    var best: (id: String, length: Int, rank: Int)?
    for range in flatRanges where values.count >= range.digits {
      let head = prefixValue[range.digits]
      guard head >= range.low && head <= range.high else { continue }
      if let current = best,
        current.length > range.digits || (current.length == range.digits && current.rank <= range.rank)
      {
        continue
      }
      best = (range.id, range.digits, range.rank)
    }
    return best?.id
  }

  /// The 8-digit completions of `digits` where the detected brand may
  /// change: the first one, and every range start or end inside them.
  private static func decisionPoints(_ digits: String) -> [String] {
    let free = 8 - digits.count
    let first = (Int(digits) ?? 0) * power(free)
    let end = first + power(free)
    var points: Set<Int> = [first]
    for range in flatRanges {
      if range.start > first && range.start < end { points.insert(range.start) }
      if range.end > first && range.end < end { points.insert(range.end) }
    }
    return points.sorted().map(eightDigits)
  }

  /// The brands that some 8-digit completion of `digits` is detected as, in
  /// listing order. Eight digits decide every brand; within the completions
  /// of a prefix the answer only changes where some range starts or ends, so
  /// looking at those points (and the first completion) sees every brand.
  static func candidates(_ digits: String) -> [String] {
    if digits.count >= 8 { return detect(digits).map { [$0] } ?? [] }
    let found = Set(decisionPoints(digits).compactMap(detect))
    return listingOrder.filter(found.contains)
  }

  /// The brand field: the only candidate, if there is exactly one.
  static func brandOf(_ digits: String) -> String? {
    let list = candidates(digits)
    return list.count == 1 ? list[0] : nil
  }

  static func luhn(_ digits: String) -> Bool {
    var sum = 0
    for (position, character) in digits.reversed().enumerated() {
      let digit = Int(String(character))!
      sum += position % 2 == 1 ? (digit * 2 > 9 ? digit * 2 - 9 : digit * 2) : digit
    }
    return sum % 10 == 0
  }

  /// `payload` plus the digit that makes it pass Luhn (found by trying all ten).
  static func withCheckDigit(_ payload: String) -> String {
    (0...9).map { payload + String($0) }.first(where: luhn)!
  }

  static func lengthValid(_ digits: String) -> Bool {
    guard let id = brandOf(digits) else { return false }
    return brand(id).lengths.contains(digits.count)
  }

  static func valid(_ digits: String) -> Bool {
    guard let id = brandOf(digits), brand(id).lengths.contains(digits.count) else { return false }
    return luhn(digits) || !brand(id).luhnRequired
  }

  /// Whether some completion (the digits included) is valid, by building
  /// one: for each candidate brand and each longer length it allows, an
  /// 8-digit prefix detected as that brand, zeros, and a check digit.
  static func potentiallyValid(_ digits: String) -> Bool {
    if valid(digits) { return true }
    for id in candidates(digits) {
      let head =
        digits.count >= 8 ? digits : decisionPoints(digits).first { detect($0) == id }
      guard let head else { continue }
      for length in brand(id).lengths where length > digits.count && length > head.count {
        let payload = head + String(repeating: "0", count: length - 1 - head.count)
        if valid(withCheckDigit(payload)) { return true }
      }
    }
    return false
  }

  /// the command-line reference `bin`: the first 8 digits when there are 16 or more,
  /// else the first 6 (all of them when fewer).
  static func bin(_ digits: String) -> String {
    String(digits.prefix(digits.count >= 16 ? 8 : 6))
  }

  /// the command-line reference `cvcValid`: only digits (any script), exactly the
  /// brand's code length, 3 or 4 when no brand is known.
  static func cvcValid(_ code: String, brandID: String?) -> Bool {
    let allDigits = code.unicodeScalars.allSatisfy { $0.properties.numericType == .decimal }
    let lengths = brandID.map { [brand($0).codeLength] } ?? [3, 4]
    return allDigits && lengths.contains(code.unicodeScalars.count)
  }

  /// Groups 4-6-rest for Amex and Diners Club, by 4 for everything else.
  static func formatted(_ digits: String) -> String {
    let id = brandOf(digits)
    var sizes: [Int]
    if let id, brand(id).fourSixRest {
      sizes = [4, 6, max(0, digits.count - 10)]
    } else {
      sizes = Array(repeating: 4, count: (digits.count + 3) / 4)
    }
    var groups: [String] = []
    var rest = Substring(digits)
    for size in sizes where !rest.isEmpty {
      groups.append(String(rest.prefix(size)))
      rest = rest.dropFirst(size)
    }
    return groups.joined(separator: " ")
  }

  static func power(_ exponent: Int) -> Int {
    (0..<exponent).reduce(1) { value, _ in value * 10 }
  }

  static func eightDigits(_ value: Int) -> String {
    let text = String(value)
    return String(repeating: "0", count: 8 - text.count) + text
  }
}

extension Substring {
  func trimmingSpaces() -> String {
    String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
  }
}
