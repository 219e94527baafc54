import Foundation
import Testing

/// `--jobs N`: stdin answered on N threads gives byte for byte what one
/// thread gives (one line per input line, in input order), on inputs big
/// enough to span many read blocks and with broken lines among them.
@Suite struct ParallelJobsTests {
  /// Inputs for every line command, JSONL and plain, mixed with lines that
  /// are broken (not JSON, not UTF-8, blank, a missing field).
  static let commands: [(arguments: [String], lines: [String])] = [
    (["phone", "--jsonl"], numbers.map { #"{"number": "\#($0)", "region": "GB"}"# }),
    (["phone", "--region", "US"], numbers),
    (["card", "--jsonl"], cards.map { #"{"number": "\#($0)"}"# }),
    (["card"], cards),
    (["as-you-type", "--jsonl"], numbers.map { #"{"region": "US", "keys": "\#($0)"}"# }),
    (["expiry", "--jsonl", "--today", "2026-11-29"], expiries.map { #"{"expiry": "\#($0)"}"# }),
    (["mask", "--jsonl"], numbers.map { #"{"mask": "+1 ([000]) [000]-[0000]", "text": "\#($0)"}"# }),
    (["mask", "--mask", "##/##"], expiries),
    (["text", "--jsonl"], numbers.map { #"{"text": "\#($0) ٤٥ 👋🏽", "limit": 12}"# }),
  ]

  static let numbers: [String] = (0..<12_000).map { index in
    let forms = ["020 7946 %04d", "+1 650-253-%04d", "+44 7911 12%04d", "00%04d", "+%04d", "tel:+1-650-%04d"]
    return String(format: forms[index % forms.count], index % 10000)
  }
  static let cards: [String] = (0..<12_000).map { index in
    ["4111 1111 1111 %04d", "3782 822463 1%04d", "65%04d", "5555-5555-5555-%04d"][index % 4]
      .replacingOccurrences(of: "%04d", with: String(format: "%04d", index))
  }
  static let expiries: [String] = (0..<12_000).map { index in
    String(format: "%02d/%02d", index % 14, index % 100)
  }

  /// Broken lines every 97 lines: not JSON, a blank, invalid UTF-8.
  static func input(_ lines: [String]) -> [UInt8] {
    var bytes: [UInt8] = []
    for (index, line) in lines.enumerated() {
      switch index % 97 {
      case 13: bytes += Array("{not json".utf8)
      case 29: break
      case 41: bytes += [0xFF, 0xFE, 0x41]
      default: bytes += Array(line.utf8)
      }
      bytes.append(0x0A)
    }
    return bytes
  }

  @Test("--jobs 4 writes exactly what --jobs 1 writes", arguments: 0..<commands.count)
  func parallelOutputIsIdentical(_ index: Int) throws {
    let (arguments, lines) = Self.commands[index]
    let input = Self.input(lines)
    let single = try PayPhoneProcess.run(arguments + ["--jobs", "1"], input: .bytes(input))
    let parallel = try PayPhoneProcess.run(arguments + ["--jobs", "4"], input: .bytes(input))
    let byDefault = try PayPhoneProcess.run(arguments, input: .bytes(input))
    #expect(single.status == 0)
    #expect(single.outputLines.count == lines.count)
    #expect(parallel.status == single.status)
    #expect(parallel.stdout == single.stdout, "payphone \(arguments.joined(separator: " ")) --jobs 4 differs")
    #expect(byDefault.stdout == single.stdout)
  }

  @Test(
    "a --jobs that is not a whole number from 1 to 256 is a usage error",
    arguments: ["0", "-3", "x", "257", ""])
  func badJobsIsAUsageError(_ value: String) throws {
    let run = try PayPhoneProcess.run(["phone", "--jobs", value, "+442079460958"])
    #expect(run.status == 2)
    #expect(run.stderrText.contains("--jobs"))
    #expect(run.stdout.isEmpty)
  }
}

/// The streaming promise with several jobs: an answer is written as soon
/// as its line is read, while stdin stays open.
@Suite struct ParallelStreamingTests {
  @Test("with --jobs N, each line is answered before the next is sent", arguments: ["1", "2"])
  func eachLineIsAnsweredWhileInputStaysOpen(_ jobs: String) throws {
    let process = Process()
    process.executableURL = try PayPhoneProcess.executable()
    process.arguments = ["phone", "--jsonl", "--jobs", jobs]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    defer { if process.isRunning { process.terminate() } }
    // A watchdog: should an answer never come, the read below ends empty.
    DispatchQueue.global().asyncAfter(deadline: .now() + 60) {
      if process.isRunning { process.terminate() }
    }
    let reader = output.fileHandleForReading
    for number in ["+442079460958", "+16502530000", "+33142685300"] {
      input.fileHandleForWriting.write(Data(#"{"number": "\#(number)"}"#.utf8 + [0x0A]))
      var answer: [UInt8] = []
      while answer.last != 0x0A {
        let data = reader.availableData
        try #require(!data.isEmpty, "payphone ended before answering \(number)")
        answer += data
      }
      let line = try JSON(parsing: String(decoding: answer.dropLast(), as: UTF8.self))
      #expect(line["e164"] == .string(number))
    }
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
  }
}
