import Testing

/// `payphone phone --csv` as the command-line reference's `phone` section spells it
/// out: short rows padded, long rows kept whole, both counted on stderr;
/// `--column` matched exactly or, when unambiguous, ignoring case and
/// surrounding spaces, and repeatable; `--delimiter`.
@Suite struct ContractCSVTests {
  static let appendedHeader = ",e164,phoneValid,phoneType,phoneRegion,phoneError"

  @Test func shortRowsArePaddedAndLongRowsKeepEveryField() throws {
    let input =
      "id,phone,note\n"
      + "1,+44 20 7946 0958\n"  // one field short
      + "2\n"  // two short: the phone column is missing
      + "3,+1 650 253 0000,n,extra,\"more,x\"\n"  // two extra fields
      + "4,+41 44 668 18 00,ok\n"
    let run = try PayPhoneProcess.run(["phone", "--csv", "--column", "phone"], input: .text(input))
    #expect(run.status == 0)
    #expect(
      run.stdoutText
        == "id,phone,note" + Self.appendedHeader + "\n"
        + "1,+44 20 7946 0958,,+442079460958,true,fixed_line,GB,\n"
        + "2,,,,false,,,not_a_number\n"
        + "3,+1 650 253 0000,n,+16502530000,true,fixed_line_or_mobile,US,,extra,\"more,x\"\n"
        + "4,+41 44 668 18 00,ok,+41446681800,true,fixed_line,CH,\n")
    #expect(run.stderrText.contains("2 rows with fewer fields"))
    #expect(run.stderrText.contains("1 row with more"))
  }

  @Test func wellFormedInputSaysNothingOnStderr() throws {
    let run = try PayPhoneProcess.run(
      ["phone", "--csv", "--column", "phone"], input: .text("phone,x\n+41 44 668 18 00,1\n"))
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
  }

  @Test(arguments: [
    (["phone", "--csv", "--column", "phone"], "id;phone;country\n1;020 7946 0958;GB\n", "--delimiter ';'"),
    (["phone", "--csv", "--column", "phone"], "id\tphone\n1\t020 7946 0958\n", "--delimiter 'tab'"),
    (
      ["phone", "--csv", "--column", "phone", "--region-column", "country", "--delimiter", ";"],
      "id,phone,country\n1,020 7946 0958,GB\n", "--delimiter ','"
    ),
  ])
  func aHeaderOfOneFieldSuggestsTheDelimiterItHolds(_ arguments: [String], _ input: String, _ hint: String)
    throws
  {
    let run = try PayPhoneProcess.run(arguments, input: .text(input))
    #expect(run.status == 2)
    #expect(run.stdout.isEmpty)
    #expect(run.stderrText.contains("no column named 'phone'"))
    #expect(run.stderrText.contains("did you mean \(hint)?"), "stderr: \(run.stderrText)")
  }

  @Test func aColumnMissingFromAWellSeparatedHeaderSuggestsNoDelimiter() throws {
    let run = try PayPhoneProcess.run(
      ["phone", "--csv", "--column", "mobile"], input: .text("id;x,phone\n1;y,020 7946 0958\n"))
    #expect(run.status == 2)
    #expect(run.stderrText.contains("no column named 'mobile'"))
    #expect(!run.stderrText.contains("--delimiter"))
  }

  @Test func findTakesNoDelimiterSoSuggestsNone() throws {
    let run = try PayPhoneProcess.run(
      ["find", "--csv", "--column", "note"], input: .text("id;note\n1;call 020 7946 0958\n"))
    #expect(run.status == 2)
    #expect(run.stderrText.contains("no column named 'note'"))
    #expect(!run.stderrText.contains("--delimiter"))
  }

  @Test func columnMatchesIgnoringCaseAndSurroundingSpaces() throws {
    let input = "\u{FEFF}id, Phone ,Country\r\n1,020 7946 0958,gb\r\n"
    let run = try PayPhoneProcess.run(
      ["phone", "--csv", "--column", "phone", "--region-column", "COUNTRY"], input: .text(input))
    #expect(run.status == 0)
    // Byte-for-byte: the BOM and the CRLF line endings stay.
    #expect(
      run.stdoutText
        == "\u{FEFF}id, Phone ,Country" + Self.appendedHeader + "\r\n"
        + "1,020 7946 0958,gb,+442079460958,true,fixed_line,GB,\r\n")
  }

  @Test func anExactMatchWinsOverLooseOnes() throws {
    let run = try PayPhoneProcess.run(
      ["phone", "--csv", "--column", "phone"], input: .text("Phone,phone\nx,+41 44 668 18 00\n"))
    #expect(run.status == 0)
    #expect(run.outputLines.last == "x,+41 44 668 18 00,+41446681800,true,fixed_line,CH,")
  }

  @Test func anAmbiguousLooseMatchIsAUsageError() throws {
    let run = try PayPhoneProcess.run(
      ["phone", "--csv", "--column", "phone"], input: .text("Phone,PHONE \n1,2\n"))
    #expect(run.status == 2)
    #expect(run.stderrText.contains("'Phone'") && run.stderrText.contains("'PHONE '"))
    #expect(run.stdout.isEmpty)
  }

  @Test func missingColumnsAreListed() throws {
    for arguments in [
      ["phone", "--csv", "--column", "tel"],
      ["phone", "--csv", "--column", "phone", "--region-column", "cc"],
    ] {
      let run = try PayPhoneProcess.run(arguments, input: .text("id,phone,country\n1,2,GB\n"))
      #expect(run.status == 2, "\(arguments)")
      #expect(run.stderrText.contains("'\(arguments.last!)'"), "\(arguments)")
      #expect(run.stderrText.contains("columns: id, phone, country"), "\(arguments)")
      #expect(run.stdout.isEmpty)
    }
  }

  /// The region column's values in every shape the tool reads them by
  /// (two ASCII letters in any case, two other bytes, three or four bytes,
  /// longer, empty), each repeated so a remembered answer is reused, and
  /// interleaved so one region's answer is never another's. Expected
  /// answers: phonenumbers 9.0.43 (`parse("020 7946 0958", "GB")` is
  /// +442079460958; an unknown or missing region is INVALID_COUNTRY_CODE).
  @Test func regionColumnValuesInEveryShapeAreReadAsTheirRegion() throws {
    let london = "020 7946 0958"
    let mountainView = "(650) 253-0000"
    let rows: [(phone: String, region: String, e164: String)] = [
      (london, "GB", "+442079460958"), (london, "gb", "+442079460958"), (mountainView, "us", "+16502530000"),
      (london, "gB", "+442079460958"), (london, "@@", ""), (mountainView, "US", "+16502530000"),
      (london, "GBX", ""), (london, "United Kingdom", ""), (london, "", ""), (london, "ZZ", ""),
      (mountainView, "uS", "+16502530000"), (london, "Gb", "+442079460958"),
    ]
    let twice = rows + rows
    let input = "phone,cc\n" + twice.map { "\($0.phone),\($0.region)\n" }.joined()
    let run = try PayPhoneProcess.run(
      ["phone", "--csv", "--column", "phone", "--region-column", "cc"], input: .text(input))
    #expect(run.status == 0)
    let lines = run.stdoutText.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().dropLast()
    #expect(lines.count == twice.count)
    for (line, row) in zip(lines, twice) {
      let e164 = line.split(separator: ",", omittingEmptySubsequences: false)[2]
      #expect(e164 == row.e164, "\(row.region): \(line)")
      if row.e164.isEmpty { #expect(line.hasSuffix(",invalid_country_code"), "\(row.region): \(line)") }
    }
  }

  @Test func severalColumnsEachGetTheirOwnFiveColumns() throws {
    let input = "name,phone,mobile,fax,country\nAda,020 7946 0958,07400 123456,,GB\n"
    let run = try PayPhoneProcess.run(
      [
        "phone", "--csv", "--column", "phone", "--column", "mobile", "--column", "fax", "--region-column",
        "country",
      ],
      input: .text(input))
    #expect(run.status == 0)
    let header = ["phone", "mobile", "fax"].map { column in
      ["E164", "Valid", "Type", "Region", "Error"].map { "," + column + $0 }.joined()
    }.joined()
    #expect(
      run.stdoutText
        == "name,phone,mobile,fax,country" + header + "\n"
        + "Ada,020 7946 0958,07400 123456,,GB"
        + ",+442079460958,true,fixed_line,GB," + ",+447400123456,true,mobile,GB," + ",,false,,,not_a_number\n"
    )
  }

  @Test func delimiterSemicolonAndTab() throws {
    let semicolon = try PayPhoneProcess.run(
      ["phone", "--csv", "--column", "phone", "--delimiter", ";"],
      input: .text("note;phone\n\"home; office\";+44 20 7946 0958\n"))
    #expect(semicolon.status == 0)
    #expect(
      semicolon.stdoutText
        == "note;phone;e164;phoneValid;phoneType;phoneRegion;phoneError\n"
        + "\"home; office\";+44 20 7946 0958;+442079460958;true;fixed_line;GB;\n")
    let tab = try PayPhoneProcess.run(
      ["phone", "--csv", "--column", "phone", "--delimiter", "tab", "--region", "CH"],
      input: .text("id\tphone\n1\t044 668 18 00\n"))
    #expect(tab.status == 0)
    #expect(
      tab.stdoutText
        == "id\tphone\te164\tphoneValid\tphoneType\tphoneRegion\tphoneError\n"
        + "1\t044 668 18 00\t+41446681800\ttrue\tfixed_line\tCH\t\n")
  }

  @Test func aBadDelimiterIsAUsageError() throws {
    for delimiter in [";;", "\"", ""] {
      let run = try PayPhoneProcess.run(
        ["phone", "--csv", "--column", "phone", "--delimiter", delimiter], input: .text("phone\n1\n"))
      #expect(run.status == 2, "\(delimiter)")
      #expect(run.stderrText.contains("--delimiter"))
    }
    let withoutCSV = try PayPhoneProcess.run(["phone", "--delimiter", ";", "1"])
    #expect(withoutCSV.status == 2)
  }
}
