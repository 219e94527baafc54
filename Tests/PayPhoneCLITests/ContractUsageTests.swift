import Testing

/// Usage errors are usage errors (the command-line reference, General rules: exit 2,
/// the message on stderr naming what is wrong), `regions` with a locale ICU
/// does not know, and the contract's digit folding at the command line.
@Suite struct ContractUsageTests {
  @Test(arguments: ["XX", "GBR", "44", "ZZ"])
  func anUnknownRegionIsAUsageErrorNamingIt(_ code: String) throws {
    for arguments in [
      ["phone", "--region", code, "020 7946 0958"], ["phone", "--region", code, "--jsonl"],
      ["phone", "--csv", "--column", "phone", "--region", code], ["as-you-type", "--region", code, "123"],
      ["as-you-type", "--region", code, "--jsonl"], ["find", "--region", code, "call 020 7946 0958"],
      ["find", "--region", code, "--jsonl"],
      ["match", "--region", code, "020 7946 0958", "+44 20 7946 0958"],
      ["match", "--region", code, "--jsonl"], ["short", "--region", code, "112"],
      ["short", "--region", code, "--jsonl"],
    ] {
      let run = try PayPhoneProcess.run(arguments, input: .text("phone\n1\n"))
      #expect(run.status == 2, "\(arguments)")
      #expect(run.stderrText.contains("'\(code)'"), "\(arguments)")
      #expect(run.stdout.isEmpty, "\(arguments)")
    }
  }

  @Test func aKnownRegionInAnyCaseIsAccepted() throws {
    let run = try PayPhoneProcess.run(["phone", "--region", "gb", "020 7946 0958"])
    #expect(run.status == 0)
    #expect(run.stdoutText.hasPrefix("+442079460958\t"))
  }

  @Test func textRefusesANegativeLimitAndAFractionOutsideZeroToOne() throws {
    for arguments in [
      ["text", "--limit", "-5", "a"], ["text", "--warning-fraction", "2", "a"],
      ["text", "--warning-fraction", "-0.1", "a"],
    ] {
      let run = try PayPhoneProcess.run(arguments)
      #expect(run.status == 2, "\(arguments)")
      #expect(run.stderrText.contains(arguments[1]), "\(arguments)")
      #expect(run.stdout.isEmpty)
    }
    let fine = try PayPhoneProcess.run(["text", "--limit", "0", "--warning-fraction", "1", "a"])
    #expect(fine.status == 0)
  }

  @Test func barePayphoneSaysWhatIsMissingBeforeTheHelp() throws {
    let run = try PayPhoneProcess.run([])
    #expect(run.status == 2)
    let firstLine = run.stderrText.split(separator: "\n").first.map(String.init) ?? ""
    #expect(firstLine.contains("missing command"))
    #expect(run.stderrText.contains("Commands:"))
  }

  // Region names come from ICU's locale data: a build without the ICU trait has none.
  #if ICU
    @Test func anUnknownLocaleGivesEnglishNames() throws {
      for locale in ["zz", "xx_YY"] {
        let lines = try PayPhoneProcess.run(["regions", "--jsonl", "--locale", locale]).jsonLines()
        let us = try #require(lines.first { $0["region"] == "US" })
        #expect(us["name"] == "United States", "\(locale)")
        let geographic = lines.filter { $0["region"] != "001" }
        #expect(geographic.allSatisfy { $0["name"] != .null }, "\(locale)")
      }
      let plain = try PayPhoneProcess.run(["regions", "--locale", "zz"])
      #expect(!plain.stdoutText.contains("\t+1\t🇺🇸 (non-geographic)"))
      #expect(plain.stdoutText.contains("🇺🇸 United States"))
    }
  #endif

  /// the command-line reference's General rules and issue 11's example.
  @Test func asYouTypeFoldsEveryDigit() throws {
    let run = try PayPhoneProcess.run(
      ["as-you-type", "--jsonl"], input: .lines([#"{"region":"AC","keys":"२७९८४"}"#]))
    #expect(try run.jsonLines() == [["ok": true, "steps": ["2", "27", "279", "2798", "27984"]]])
  }

  /// Answers are phonenumbers 9.0.43's for the folded text.
  @Test func phoneFoldsDigitsBeforeLettersAndLabels() throws {
    let run = try PayPhoneProcess.run(
      ["phone", "--jsonl"],
      input: .lines([
        #"{"number":"1888ZE०BRA77","region":"US"}"#, #"{"number":"970 623 824 e٠xtnX. 2690","region":"US"}"#,
        #"{"number":"970 623 824 int ٣٥٤٥","region":"US"}"#,
      ]))
    let lines = try run.jsonLines()
    #expect(lines.map { $0["e164"] } == ["+188893027277", "+197062382430986", "+1970623824"])
    #expect(lines.map { $0["extension"] } == [.null, "2690", "3545"])
  }
}
