import Foundation
import PayPhoneTestSupport
import Testing

/// `payphone phone --jsonl` over the whole phone oracle fixture (inputs as
/// people type them, every region, phonenumbers 9.0.43's answers): each
/// line's `international`, `national` and `rfc3966` are phonenumbers'. The
/// CLI writes the RFC 3966 form by rewriting the international one when
/// there is no extension, so this is that rewrite's check against the
/// oracle, on one thread and on several.
@Suite struct PhoneOracleStreamTests {
  struct Case: Decodable {
    let input: String
    let defaultRegion: String?
    let ok: Bool
    let international: String?
    let national: String?
    let rfc3966: String?
  }

  @Test("formats agree with phonenumbers line by line", arguments: ["1", "2"])
  func formatsAgreeWithTheOracle(_ jobs: String) throws {
    let cases = try OracleFixture.cases(Case.self, from: "phone_oracle")
    var input: [UInt8] = []
    for oracle in cases {
      var object: [String: String] = ["number": oracle.input]
      if let region = oracle.defaultRegion { object["region"] = region }
      input += Array(try JSONSerialization.data(withJSONObject: object))
      input.append(0x0A)
    }
    let run = try PayPhoneProcess.run(["phone", "--jsonl", "--jobs", jobs], input: .bytes(input))
    #expect(run.status == 0)
    let lines = run.stdout.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
    #expect(lines.count == cases.count)
    var compared = 0
    var mismatches: [String] = []
    for (oracle, line) in zip(cases, lines) where oracle.ok {
      let object = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] ?? [:]
      for (key, expected) in [
        ("international", oracle.international), ("national", oracle.national), ("rfc3966", oracle.rfc3966),
      ] {
        guard let expected else { continue }
        compared += 1
        let written = object[key] as? String
        if written != expected {
          mismatches.append(
            "\(oracle.input.debugDescription) in \(oracle.defaultRegion ?? "-"): \(key) \(written ?? "nil") != \(expected)"
          )
        }
      }
    }
    #expect(compared > 50_000)
    #expect(
      mismatches.isEmpty,
      "\(mismatches.count) of \(compared) differ:\n\(mismatches.prefix(20).joined(separator: "\n"))")
  }
}
