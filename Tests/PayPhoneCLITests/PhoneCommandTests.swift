import Foundation
import Testing

/// `payphone phone` end to end (the command-line reference,
/// Sources/PayPhone/PayPhone.docc/CommandLineReference.md, "phone"). Expected values
/// are libphonenumber 9.0.43's answers for these inputs.
@Suite struct PhoneCommandTests {
  @Test func jsonlGivesEveryContractFieldInOrder() throws {
    let run = try PayPhoneProcess.run(
      ["phone", "--jsonl"], input: .lines([#"{"number": "020 7946 0958 ext. 123", "region": "gb"}"#]))
    #expect(run.status == 0)
    #expect(
      run.stdoutText
        == #"{"input":"020 7946 0958 ext. 123","ok":true,"e164":"+442079460958","countryCode":44,"#
        + #""nationalNumber":"2079460958","extension":"123","region":"GB","valid":true,"possible":true,"#
        + #""type":"fixed_line","international":"+44 20 7946 0958 x123","national":"020 7946 0958 x123","#
        + #""rfc3966":"tel:+44-20-7946-0958;ext=123"}"# + "\n")
  }

  @Test func jsonlRegionOverridesTheOptionAndNullsAreWritten() throws {
    let run = try PayPhoneProcess.run(
      ["phone", "--jsonl", "--region", "US"],
      input: .lines([
        #"{"number": "06 1234 5678", "region": "IT"}"#,
        #"{"number": "(650) 253-0000"}"#,
        #"{"number": "+44 20 7946 095"}"#,
      ]))
    let lines = try run.jsonLines()
    #expect(lines.count == 3)
    #expect(lines[0]["e164"] == "+390612345678")
    #expect(lines[0]["nationalNumber"] == "0612345678")
    #expect(lines[1]["e164"] == "+16502530000")
    #expect(lines[1]["type"] == "fixed_line_or_mobile")
    #expect(lines[1]["extension"] == .null)
    #expect(lines[2]["valid"] == false)
    #expect(lines[2]["region"] == .null)
    #expect(lines[2]["type"] == "unknown")
  }

  @Test(arguments: [
    (#"{"number": "+999 1234 5678"}"#, "invalid_country_code"),
    (#"{"number": "hello"}"#, "not_a_number"),
    (#"{"number": "0011 1", "region": "AU"}"#, "too_short_after_idd"),
    (#"{"number": "+44 1"}"#, "too_short_nsn"),
    (#"{"number": "+44 11111111111111111111"}"#, "too_long"),
    (#"{"number": "020 7946 0958"}"#, "invalid_country_code"),
  ])
  func parseFailuresCarryTheirCode(_ row: (line: String, code: String)) throws {
    let run = try PayPhoneProcess.run(["phone", "--jsonl"], input: .lines([row.line]))
    let output = try #require(try run.jsonLines().first)
    #expect(output["ok"] == false)
    #expect(output["error"] == .string(row.code))
    #expect(output["message"]?.stringValue?.isEmpty == false)
    #expect(run.status == 0)
  }

  @Test func badLinesKeepTheStreamGoing() throws {
    let run = try PayPhoneProcess.run(
      ["phone", "--jsonl"],
      input: .bytes(
        Array(#"{"number": "+41 44 668 18 00"}"#.utf8) + [0x0A, 0x0A] + Array(#"{"region": "GB"}"#.utf8) + [
          0x0A, 0xFF, 0x0A,
        ] + Array(#"{"number": 12}"#.utf8) + [0x0A] + Array(#"{"number": "+1 650 253 0000"}"#.utf8)))
    let lines = try run.jsonLines()
    // The good line, a blank line, a missing field, invalid UTF-8, a
    // number that is not a string, the good line again.
    #expect(lines.count == 6)
    #expect(lines[0]["e164"] == "+41446681800")
    #expect(lines[1...4].allSatisfy { $0["error"] == "bad_input_line" })
    #expect(lines[5]["e164"] == "+16502530000")
  }

  @Test func argumentsGiveOneLineEachAndStatusOneOnFailure() throws {
    let good = try PayPhoneProcess.run(["phone", "--region", "CH", "044 668 18 00", "+44 20 7946 0958"])
    #expect(good.status == 0)
    #expect(good.outputLines.count == 2)
    #expect(good.outputLines[0].hasPrefix("+41446681800\t"))
    let bad = try PayPhoneProcess.run(["phone", "+44 20 7946 0958", "nonsense"])
    #expect(bad.status == 1)
    #expect(bad.outputLines.count == 2)
    #expect(bad.outputLines[1].hasPrefix("error: not_a_number"))
  }

  @Test func usageErrorsExitTwo() throws {
    for arguments in [
      ["phone", "--csv"], ["phone", "--column", "x"], ["phone", "--csv", "--column", "a", "--jsonl"],
    ] {
      let run = try PayPhoneProcess.run(arguments)
      #expect(run.status == 2, "\(arguments)")
      #expect(!run.stderrText.isEmpty)
    }
  }

  /// The bundled sample: every row kept byte for byte (quoted commas,
  /// doubled quotes, a newline inside a quoted field), five columns
  /// appended, each row's region taken from its `country` column.
  @Test func csvNormalisesTheBundledSample() throws {
    let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Data/samples/contacts.csv")
    let input = try String(contentsOf: sample, encoding: .utf8)
    let run = try PayPhoneProcess.run(
      ["phone", "--csv", "--column", "phone", "--region-column", "country"], input: .path(sample.path))
    #expect(run.status == 0)
    let appended = [
      ",e164,phoneValid,phoneType,phoneRegion,phoneError",
      ",+442079460958,true,fixed_line,GB,", ",+48512345678,true,mobile,PL,",
      ",+390612345678,true,fixed_line,IT,",
      ",+34612345678,true,mobile,ES,", ",+919876543210,true,mobile,IN,", ",+971501234567,true,mobile,AE,",
      ",+18003569377,true,toll_free,US,", ",+33142685300,true,fixed_line,FR,",
      ",+5511961234567,true,mobile,BR,",
      ",,false,,,not_a_number", ",+44207946095,false,unknown,,", ",,false,,,invalid_country_code",
      ",+16502530000,true,fixed_line_or_mobile,US,", ",+442079460958,true,fixed_line,GB,",
    ]
    // Records end where the input's records end; append the columns there.
    var expected = ""
    var record = 0
    var inQuotes = false
    for character in input {
      if character == "\"" { inQuotes.toggle() }
      if character == "\n" && !inQuotes {
        expected += appended[record]
        record += 1
      }
      expected.append(character)
    }
    #expect(record == appended.count)
    #expect(run.stdoutText == expected)
  }

  @Test func csvQuotingEdgeCases() throws {
    let input = "a,phone\r\n\"x,\"\"y\"\"\n\",\"+1 650 253 0000\"\r\nshort\r\n,+41 44 668 18 00"
    let run = try PayPhoneProcess.run(["phone", "--csv", "--column", "phone"], input: .text(input))
    #expect(
      run.stdoutText
        == "a,phone,e164,phoneValid,phoneType,phoneRegion,phoneError\r\n"
        + "\"x,\"\"y\"\"\n\",\"+1 650 253 0000\",+16502530000,true,fixed_line_or_mobile,US,\r\n"
        // A short row is padded to the header's width (the command-line reference).
        + "short,,,false,,,not_a_number\r\n"
        + ",+41 44 668 18 00,+41446681800,true,fixed_line,CH,\n")
  }

  @Test func csvUnbalancedQuoteKeepsTheRestAsOneRow() throws {
    let input = "phone,note\n+41 44 668 18 00,\"open\n+44 20 7946 0958,x\n"
    let run = try PayPhoneProcess.run(["phone", "--csv", "--column", "phone"], input: .text(input))
    #expect(run.status == 0)
    #expect(
      run.stdoutText
        == "phone,note,e164,phoneValid,phoneType,phoneRegion,phoneError\n"
        + "+41 44 668 18 00,\"open\n+44 20 7946 0958,x\n,+41446681800,true,fixed_line,CH,\n")
  }

  @Test func csvWithoutTheColumnIsAUsageError() throws {
    let run = try PayPhoneProcess.run(["phone", "--csv", "--column", "tel"], input: .text("a,b\n1,2\n"))
    #expect(run.status == 2)
    #expect(run.stderrText.contains("tel"))
    #expect(run.stdout.isEmpty)
  }
}

/// `payphone regions` (the command-line reference, "regions").
@Suite struct RegionsCommandTests {
  @Test func listsEveryRegionAndNonGeographicCode() throws {
    let run = try PayPhoneProcess.run(["regions", "--jsonl"])
    let lines = try run.jsonLines()
    #expect(lines.count == 245 + 9)
    #expect(lines.allSatisfy { $0["ok"] == true })
    let us = try #require(lines.first { $0["region"] == "US" })
    #expect(us["countryCode"] == 1)
    #if ICU
      #expect(us["name"] == "United States")
    #else
      #expect(us["name"] == .null)  // no locale data without the ICU trait
    #endif
    #expect(us["flag"] == "🇺🇸")
    #expect(us["example"] == "+12015550123")
    let freephone = try #require(lines.first { $0["countryCode"] == 800 })
    #expect(freephone["region"] == "001")
    #expect(freephone["name"] == .null)
    #expect(freephone["flag"] == .null)
  }

  #if ICU
    @Test func namesFollowTheLocale() throws {
      let run = try PayPhoneProcess.run(["regions", "--jsonl", "--locale", "ja"])
      let us = try #require(try run.jsonLines().first { $0["region"] == "US" })
      #expect(us["name"] == "アメリカ合衆国")
    }
  #endif
}
