import Foundation
import PayPhoneTestSupport
import Testing

/// `--csv` with `--jobs N`: the reader cuts the input at record ends and
/// workers scan the chunks, so the cut must fall exactly where one scanner
/// ends records. Hostile inputs spanning many read blocks — quoted fields
/// with delimiters, quotes and line breaks, CRLF, a BOM, ragged rows,
/// invalid UTF-8, lone CRs, quotes inside unquoted fields, a field of
/// megabytes, an unbalanced quote — give byte for byte what one thread
/// gives, and the same exit status and stderr.
@Suite struct ParallelCSVTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let arguments: [String]
    let input: [UInt8]
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "mixed hostile rows",
      arguments: ["phone", "--csv", "--column", "phone", "--region-column", "region"],
      input: HostileCSV.make(seed: 1, rows: 30_000)),
    Case(
      name: "BOM, semicolons, CRLF", arguments: ["phone", "--csv", "--column", "phone", "--delimiter", ";"],
      input: HostileCSV.make(seed: 2, rows: 20_000, delimiter: UInt8(ascii: ";"), bom: true)),
    Case(
      name: "a field of 3 MB with line breaks in the middle",
      arguments: ["phone", "--csv", "--column", "phone", "--column", "id"],
      input: HostileCSV.make(seed: 3, rows: 12_000, hugeFieldAt: 6_000)),
    Case(
      name: "an unbalanced quote that runs to the end",
      arguments: ["phone", "--csv", "--column", "phone", "--region-column", "region"],
      input: HostileCSV.make(seed: 4, rows: 12_000, unbalancedAt: 9_000)),
    Case(
      name: "find --csv", arguments: ["find", "--csv", "--column", "phone", "--region", "GB"],
      input: HostileCSV.make(seed: 5, rows: 12_000)),
    Case(
      name: "a header only, no line end", arguments: ["phone", "--csv", "--column", "phone"],
      input: Array("id,phone".utf8)),
    Case(name: "empty input", arguments: ["phone", "--csv", "--column", "phone"], input: []),
    Case(
      name: "no such column", arguments: ["phone", "--csv", "--column", "nope"],
      input: HostileCSV.make(seed: 6, rows: 100)),
  ]

  @Test("--csv --jobs 2 and 4 write exactly what --jobs 1 writes", arguments: cases)
  func parallelCSVIsIdentical(_ testCase: Case) throws {
    let single = try PayPhoneProcess.run(testCase.arguments + ["--jobs", "1"], input: .bytes(testCase.input))
    for jobs in ["2", "4"] {
      let parallel = try PayPhoneProcess.run(
        testCase.arguments + ["--jobs", jobs], input: .bytes(testCase.input))
      #expect(parallel.status == single.status, "\(testCase.name): --jobs \(jobs) status")
      let same = parallel.stdout == single.stdout
      #expect(
        same,
        "\(testCase.name): --jobs \(jobs) output differs (\(parallel.stdout.count) bytes, not \(single.stdout.count))"
      )
      #expect(parallel.stderrText == single.stderrText, "\(testCase.name): --jobs \(jobs) stderr differs")
    }
  }

  @Test func hostileInputsAreWhatTheySayTheyAre() throws {
    let input = HostileCSV.make(seed: 1, rows: 30_000)
    #expect(input.count > 1 << 20)
    #expect(input.contains(0xFF))
    #expect(input.count(where: { $0 == 0x0D }) > 1000)
    let single = try PayPhoneProcess.run(
      ["phone", "--csv", "--column", "phone", "--region-column", "region", "--jobs", "1"],
      input: .bytes(input))
    #expect(single.status == 0)
    // Ragged rows are counted on stderr.
    #expect(single.stderrText.contains("with fewer fields than the header"))
  }
}

/// Deterministic hostile CSV (header `id,phone,region,note`).
enum HostileCSV {
  static func make(
    seed: UInt64, rows: Int, delimiter: UInt8 = UInt8(ascii: ","), bom: Bool = false, hugeFieldAt: Int? = nil,
    unbalancedAt: Int? = nil
  ) -> [UInt8] {
    var generator = SeededGenerator(seed: seed)
    let d = String(UnicodeScalar(delimiter))
    var bytes: [UInt8] = bom ? [0xEF, 0xBB, 0xBF] : []
    bytes += Array("id\(d)phone\(d)region\(d)note\r\n".utf8)
    let phones = [
      "+44 20 7946 0958", "020 7946 0958", "(650) 253-0000", "+1 650 253 0000 ext. 12", "٠٢٠ ٧٩٤٦ ٠٩٥٨",
      "tel:+33-1-42-68-53-00", "12", "not a number", "",
    ]
    let regions = ["GB", "us", " fr ", "", "ZZ", "001"]
    for row in 0..<rows {
      var line = "\(row)"
      let phone = phones[Int(generator.next() % UInt64(phones.count))]
      let region = regions[Int(generator.next() % UInt64(regions.count))]
      if row == hugeFieldAt {
        let huge = String(repeating: "+44 20 7946 0958\n\"\"\(d)", count: 150_000)
        line += "\(d)\"\(huge)\"\(d)\(region)\(d)x"
      } else if row == unbalancedAt {
        line += "\(d)\"\(phone) never closed\(d)\(region)"
      } else {
        switch generator.next() % 12 {
        case 0: line += "\(d)\"\(phone)\(d) \"\"quoted\"\"\nnext line\"\(d)\(region)\(d)n"
        case 1: line += "\(d)\(phone)"  // short row
        case 2: line += "\(d)\(phone)\(d)\(region)\(d)n\(d)extra\(d)more"  // long row
        case 3: line += "\(d)a\"b \(phone)\(d)\(region)\(d)quote in an unquoted field"
        case 4: line += "\(d)\(phone)\r\(d)\(region)\(d)lone CR"
        case 5: line += "\(d)\"\(phone)\"tail\(d)\(region)\(d)after a closing quote"
        case 6: line += "\(d)\"\"\(d)\"\"\(d)\"\r\n\""
        default: line += "\(d)\(phone)\(d)\(region)\(d)plain"
        }
      }
      bytes += Array(line.utf8)
      if generator.next() % 9 == 0 { bytes += [0xFF, 0xC3] }  // invalid UTF-8 at the row's end
      bytes += generator.next() % 2 == 0 ? [0x0D, 0x0A] : [0x0A]
      if generator.next() % 50 == 0 { bytes += [0x0A] }  // an empty line
    }
    return bytes
  }
}
