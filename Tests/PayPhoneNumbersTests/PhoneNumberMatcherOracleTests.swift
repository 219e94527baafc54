import PayPhoneTestSupport
import Testing

@testable import PayPhoneNumbers

/// The differential tier of finding: `PhoneNumberMatcher` against
/// phonenumbers' on the stored texts (`Tools/oracle/find.py`), at every
/// leniency: the same matches, in the same places, the same numbers.
@Suite struct PhoneNumberMatcherOracleTests {
  struct Case: Decodable {
    let text: String
    let region: String?
    let maxTries: Int?
    let results: [String: [[Value]]]
  }

  /// One field of a stored match: an offset, a string, or null.
  enum Value: Decodable, Equatable, CustomStringConvertible {
    case int(Int)
    case string(String)
    case null

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if container.decodeNil() {
        self = .null
      } else if let value = try? container.decode(Int.self) {
        self = .int(value)
      } else {
        self = .string(try container.decode(String.self))
      }
    }

    var description: String {
      switch self {
      case .int(let value): return String(value)
      case .string(let value): return "\"\(value)\""
      case .null: return "null"
      }
    }
  }

  /// A match as the fixture stores it.
  static func stored(_ match: PhoneNumberMatch) -> [Value] {
    [
      .int(match.scalarRange.lowerBound), .int(match.scalarRange.upperBound),
      .string(match.number.formatted(.e164)), match.number.numberExtension.map(Value.string) ?? .null,
    ]
  }

  static let cases = Result { try OracleFixture.cases(Case.self, from: "find") }

  @Test(arguments: PhoneNumberLeniency.allCases)
  func leniencyAgreesWithTheOracle(leniency: PhoneNumberLeniency) throws {
    let cases = try Self.cases.get()
    #expect(cases.count >= 22000)
    var compared = 0
    var mismatches = 0
    for item in cases {
      let region = item.region.map { RegionCode($0) ?? .unknown }
      let scalars = Array(item.text.unicodeScalars)
      do {
        let expected = try #require(item.results[leniency.rawValue])
        let matcher = PhoneNumberMatcher(
          text: item.text, region: region, leniency: leniency, maxTries: item.maxTries ?? 65535)
        let matches = Array(matcher)
        let actual = matches.map(Self.stored)
        compared += 1
        // The raw text and the index range are the text between the offsets.
        let rawAgrees = matches.allSatisfy { match in
          let raw = String(String.UnicodeScalarView(scalars[match.scalarRange]))
          return match.rawText == raw && String(item.text.unicodeScalars[match.range]) == raw
        }
        if actual != expected || !rawAgrees {
          mismatches += 1
          Issue.record(
            """
            \(leniency.rawValue) in \(item.region ?? "nil"): \(item.text.debugDescription)
              expected \(expected)
              found    \(actual)
            """)
        }
      }
    }
    print(
      "find oracle, \(leniency.rawValue): \(compared - mismatches) of \(compared) agree, \(mismatches) mismatches"
    )
  }
}
