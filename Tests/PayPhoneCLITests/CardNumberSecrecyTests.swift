import Foundation
import Testing

/// No whole card number reaches standard error, an error message or a
/// plain error line, whatever command it is given to and wherever it is
/// put: a known PAN is fed through every command, mode and option, and every
/// one of those output paths is searched for it.
///
/// Data fields that exist to carry the number (`digits`, `formatted` and the
/// echoed `input` of a JSONL answer, the grouped number of a plain `card`
/// answer) are the point of the tool and are not searched.
@Suite struct CardNumberSecrecyTests {
  static let pan = "4000056655665556"
  static let spaced = "4000 0566 5566 5556"
  static let hyphenated = "4000-0566-5566-5556"

  /// Runs that put the PAN somewhere it does not belong or break it.
  static let runs: [(arguments: [String], input: String)] = [
    (["card", pan + "x"], ""),
    (["card", spaced + "/"], ""),
    (["card", "x" + hyphenated], ""),
    (["card", "٤٠٠٠٠٥٦٦٥٥٦٦٥٥٥٦?"], ""),
    (["card"], pan + "\u{0}\n" + spaced + "#\n" + pan + "\u{FEFF}\n"),
    (["card", "--jsonl"], #"{"number": "\#(pan)!"}"# + "\n"),
    (["card", "--jsonl"], #"{"number": \#(pan)}"# + "\n"),
    (["card", "--jsonl"], #"{"number": "\#(pan)"#),
    (["card", "--jsonl"], #"{"\#(pan)": "\#(pan)"}"# + "\n"),
    (["card", "--jsonl"], #"{"number": "\#(pan)", "number": [\#(pan)]"# + "\n"),
    (["card", "--bogus", pan], ""),
    (["card", "--jsonl", pan], ""),
    (["phone", pan], ""),
    (["phone", "+" + pan + "0000"], ""),
    (["phone", "--region", pan, spaced], ""),
    (["phone", "--jsonl"], #"{"number": "\#(hyphenated)", "region": 7}"# + "\n"),
    (["phone", "--jsonl"], #"{"number": "\#(pan)\#(pan)"}"# + "\n"),
    (["phone", "--csv", "--column", "phone"], pan + ",x\n1,2\n"),
    (["phone", "--csv", "--column", pan], "phone\n1\n"),
    (["phone", "--csv", "--column", "phone", "--region-column", spaced], "phone\n1\n"),
    (["expiry", "--today", pan, "12/34"], ""),
    (["expiry", "--today", "2026-11-29", pan, spaced], ""),
    (["expiry", "--jsonl", "--today", "2026-11-29"], #"{"expiry": "\#(pan)"}"# + "\n"),
    (["expiry", "--jsonl"], #"{"expiry": "12/34", "today": "\#(pan)"}"# + "\n"),
    (["mask", "--mask", "[" + pan, "1"], ""),
    (["mask", "--mask", pan + "]", "1"], ""),
    (["mask", "--jsonl"], #"{"mask": "[\#(pan)", "text": "\#(pan)"}"# + "\n"),
    (["mask", "--jsonl"], #"{"text": "\#(pan)", "caret": "\#(pan)"}"# + "\n"),
    (["text", "--limit", spaced, pan], ""),
    (["text", "--warning-fraction", pan + "x", pan], ""),
    (["text", "--jsonl"], #"{"text": "\#(pan)", "limit": "\#(pan)"}"# + "\n"),
    (["regions", "--locale", pan], ""),
    ([pan], ""),
    (["--" + pan], ""),
  ]

  /// The PAN in any of the ways it is written, digits only.
  static func showsPAN(_ text: String) -> Bool {
    let digitsOnly = String(
      text.unicodeScalars.compactMap { scalar -> Character? in
        guard scalar.properties.generalCategory == .decimalNumber, let value = scalar.properties.numericValue
        else { return scalar == " " || scalar == "-" || scalar == "." ? nil : "|" }
        return Character(String(Int(value)))
      })
    return digitsOnly.contains(pan)
  }

  @Test func thePANCheckSeesEveryWayOfWritingIt() {
    #expect(Self.showsPAN(Self.pan) && Self.showsPAN(Self.spaced) && Self.showsPAN("x" + Self.hyphenated))
    #expect(Self.showsPAN("٤٠٠٠٠٥٦٦٥٥٦٦٥٥٥٦"))
    #expect(!Self.showsPAN("************5556") && !Self.showsPAN("**** **** **** 5556"))
  }

  @Test(arguments: 0..<runs.count)
  func noErrorPathShowsTheCardNumber(_ index: Int) throws {
    let (arguments, input) = Self.runs[index]
    let run = try PayPhoneProcess.run(arguments, input: input.isEmpty ? .none : .text(input))
    let what = "payphone \(arguments.joined(separator: " "))"
    #expect(!Self.showsPAN(run.stderrText), "stderr of \(what): \(run.stderrText)")
    for line in run.stdoutText.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("{") {
        let object = try JSON(parsing: String(line))
        let message = object["message"]?.stringValue ?? ""
        #expect(!Self.showsPAN(message), "message from \(what): \(message)")
        if object["ok"] == false {
          let shown = object.keys.subtracting(["input"]).map { object[$0]?.stringValue ?? "" }
          #expect(!shown.contains(where: Self.showsPAN), "error object from \(what): \(line)")
        }
      } else if line.hasPrefix("error") {
        #expect(!Self.showsPAN(String(line)), "error line from \(what): \(line)")
      }
    }
  }

  /// The security code (`cvc`) is never written anywhere: not in answers,
  /// errors, bad-line messages or stderr, whatever else the line holds.
  @Test func theSecurityCodeIsNeverEchoed() throws {
    let code = "9731"
    let lines = [
      #"{"number": "\#(Self.pan)", "cvc": "\#(code)"}"#,
      #"{"number": "3782 822463 10005", "cvc": "\#(code)"}"#,
      #"{"number": "65", "cvc": "\#(code)"}"#,
      #"{"number": "\#(Self.pan)", "cvc": "٩٧٣١"}"#,
      #"{"number": "\#(Self.pan)x", "cvc": "\#(code)"}"#,
      #"{"number": "", "cvc": "\#(code)"}"#,
      #"{"cvc": "\#(code)"}"#,
      #"{"number": "\#(Self.pan)", "cvc": \#(code)}"#,
      #"{"number": "\#(Self.pan)", "cvc": ["\#(code)"]}"#,
      #"{"number": "\#(Self.pan)", "cvc": "\#(code)x"}"#,
      #"{"number": "\#(Self.pan)", "cvc": "\#(code)"#,
      #"{"number": "\#(Self.pan)", "cvc": "\#(String(repeating: code, count: 1000))"}"#,
    ]
    let run = try PayPhoneProcess.run(["card", "--jsonl"], input: .lines(lines))
    #expect(try run.jsonLines().count == lines.count)
    for shown in [run.stdoutText, run.stderrText] {
      let folded = String(
        shown.unicodeScalars.map { scalar -> Character in
          guard scalar.properties.generalCategory == .decimalNumber,
            let value = scalar.properties.numericValue
          else { return Character(scalar) }
          return Character(String(Int(value)))
        })
      #expect(!folded.contains(code), "\(shown.prefix(2000))")
    }
  }

  /// The usage error quotes the bad value with its last four digits, so
  /// the person can still tell what they typed.
  @Test func usageErrorsQuoteALongDigitRunByItsLastFour() throws {
    let run = try PayPhoneProcess.run(["expiry", "--today", Self.spaced, "12/34"])
    #expect(run.status == 2)
    #expect(run.stderrText.contains("'**** **** **** 5556'"))
    let header = try PayPhoneProcess.run(
      ["phone", "--csv", "--column", "phone"], input: .text(Self.pan + ",x\n"))
    #expect(header.status == 2)
    #expect(header.stderrText.contains("columns: ************5556, x"))
  }
}
