import Foundation
import Testing

/// `payphone phone --describe` end to end
/// (Sources/PayPhone/PayPhone.docc/CommandLineReference.md, "phone:
/// describing a number"). Expected values are libphonenumber 9.0.43's
/// answers (`description_for_number`, `name_for_number`,
/// `time_zones_for_number`) for these inputs.
@Suite struct PhoneDescribeCommandTests {
  @Test func jsonlAddsLocationCarrierAndTimeZonesAfterTheOtherFields() throws {
    let run = try PayPhoneProcess.run(
      ["phone", "--jsonl", "--describe"], input: .lines([#"{"number": "+44 7400 123456"}"#]))
    #expect(run.status == 0)
    #expect(
      run.stdoutText
        == #"{"input":"+44 7400 123456","ok":true,"e164":"+447400123456","countryCode":44,"#
        + #""nationalNumber":"7400123456","extension":null,"region":"GB","valid":true,"possible":true,"#
        + #""type":"mobile","international":"+44 7400 123456","national":"07400 123456","#
        + #""rfc3966":"tel:+44-7400-123456","location":"United Kingdom","carrier":"Three","#
        + #""timeZones":["Europe/Guernsey","Europe/Isle_of_Man","Europe/Jersey","Europe/London"]}"# + "\n")
  }

  @Test(
    arguments: [
      ("+1 415 555 2671", "en", "San Francisco, CA", nil, ["America/Los_Angeles"]),
      ("+49 30 901820", "de", "Berlin", nil, ["Europe/Berlin"]),
      ("+1 415 555 2671", "de", "San Francisco, CA", nil, ["America/Los_Angeles"]),
      ("+86 139 1234 5678", "zh", "江苏省常州市", "中国移动", ["Asia/Shanghai"]),
      ("+86 139 1234 5678", "zh_Hant", "江苏省常州市", "中國移動", ["Asia/Shanghai"]),
      ("+86 139 1234 5678", "ja", "中華人民共和国", nil, ["Asia/Shanghai"]),
      ("+81 3 1234 5678", "ja", "東京", nil, ["Asia/Tokyo"]),
      ("+886 912 345 678", "zh", "台湾地区", nil, ["Asia/Taipei"]),
      ("+886 912 345 678", "en", "Taiwan", "Chunghwa Telecom", ["Asia/Taipei"]),
      ("+268 7612 3456", "en", "Swaziland", "Swazi MTN", ["Africa/Mbabane"]),
      ("+40 721 234 567", "xx", nil, "Vodafone", ["Europe/Bucharest"]),
      ("+800 1234 5678", "en", nil, nil, ["Etc/Unknown"]),
      ("+44 20 7946 095", "en", nil, nil, ["Etc/Unknown"]),
    ] as [(String, String, String?, String?, [String])])
  func describesAsTheOfflineMappersDo(
    _ row: (number: String, locale: String, location: String?, carrier: String?, zones: [String])
  ) throws {
    let run = try PayPhoneProcess.run(
      ["phone", "--jsonl"],
      input: .lines([#"{"number": "\#(row.number)", "describe": true, "locale": "\#(row.locale)"}"#]))
    let line = try #require(try run.jsonLines().first)
    #expect(line["location"] == (row.location.map { JSON.string($0) } ?? .null))
    #expect(line["carrier"] == (row.carrier.map { JSON.string($0) } ?? .null))
    #expect(line["timeZones"] == .array(row.zones.map { JSON.string($0) }))
  }

  @Test func theLineDecidesWhetherAndInWhichLanguage() throws {
    let run = try PayPhoneProcess.run(
      ["phone", "--jsonl", "--describe", "--locale", "de"],
      input: .lines([
        #"{"number": "+41 44 668 18 00"}"#,
        #"{"number": "+41 44 668 18 00", "locale": "it"}"#,
        #"{"number": "+41 44 668 18 00", "describe": false}"#,
        #"{"number": "+41 44 668 18 00", "describe": true, "locale": "not a locale"}"#,
        #"{"number": "nothing"}"#,
      ]))
    let lines = try run.jsonLines()
    #expect(lines.count == 5)
    #expect(lines[0]["location"] == "Zürich")
    #expect(lines[1]["location"] == "Zurigo")
    #expect(lines[2].keys.isDisjoint(with: ["location", "carrier", "timeZones"]))
    #expect(lines[2]["e164"] == "+41446681800")
    // Any language is taken: one without data falls back to English.
    #expect(lines[3]["location"] == "Zurich")
    #expect(lines[4]["error"] == "not_a_number")
    #expect(lines[4].keys.isDisjoint(with: ["location", "carrier", "timeZones"]))
    #expect(run.status == 0)
  }

  @Test func withoutDescribeTheFieldsAreAbsent() throws {
    let run = try PayPhoneProcess.run(
      ["phone", "--jsonl", "--locale", "de"], input: .lines([#"{"number": "+41 44 668 18 00"}"#]))
    let line = try #require(try run.jsonLines().first)
    #expect(line.keys.isDisjoint(with: ["location", "carrier", "timeZones"]))
  }

  @Test func csvAppendsThreeColumnsQuotedWhereNeeded() throws {
    let run = try PayPhoneProcess.run(
      ["phone", "--csv", "--column", "phone", "--describe"],
      input: .text("id,phone\r\n1,+1 415 555 2671\r\n2,+44 7400 123456\r\n3,nothing\r\n"))
    #expect(run.status == 0)
    #expect(
      run.stdoutText
        == "id,phone,e164,phoneValid,phoneType,phoneRegion,phoneError,phoneLocation,phoneCarrier,phoneTimeZones\r\n"
        + "1,+1 415 555 2671,+14155552671,true,fixed_line_or_mobile,US,,\"San Francisco, CA\",,America/Los_Angeles\r\n"
        + "2,+44 7400 123456,+447400123456,true,mobile,GB,,United Kingdom,Three,"
        + "Europe/Guernsey Europe/Isle_of_Man Europe/Jersey Europe/London\r\n"
        + "3,nothing,,false,,,not_a_number,,,\r\n")
  }

  @Test func plainModeAppendsTheDescription() throws {
    let run = try PayPhoneProcess.run(["phone", "--describe", "--locale", "de", "+49 30 901820"])
    #expect(run.status == 0)
    #expect(
      run.stdoutText
        == "+4930901820\tvalid fixed_line, DE\t+49 30 901820\t030 901820\tBerlin\t-\tEurope/Berlin\n")
  }

  @Test func localeWithoutDescribeOrJSONLinesIsAUsageError() throws {
    let run = try PayPhoneProcess.run(["phone", "--locale", "de", "+41446681800"])
    #expect(run.status == 2)
    #expect(run.stderrText.contains("--locale"))
    #expect(run.stdout.isEmpty)
  }

  /// libphonenumber takes any language: places and carriers fall back to
  /// English (but for zh, ja and ko), while a country's name, which its
  /// country table holds per language with no fallback, is absent. The
  /// expected values are the oracle's, from
  /// `geocoder.description_for_number(parse(number), language)` and
  /// `carrier.name_for_number(parse(number), language)` (phonenumbers
  /// 9.0.43); an empty answer is null.
  static let anyLanguage: [(number: String, language: String, location: String?, carrier: String?)] = [
    ("+41 44 668 18 00", "notFound", "Zurich", nil),
    ("+1 650 253 0000", "not a locale", "Mountain View, CA", nil),
    ("+82 2 312 3456", "zh-bad", "Seoul", nil),
    ("+49 30 901820", "german", "Berlin", nil),
    ("+46 73 861 64 36", "de_12", nil, "Telenor Sverige"),
    ("+7 701 234 5678", "notFound", nil, "Kcell/Activ"),
    ("+350 200 12345", "notFound", nil, nil),
  ]

  @Test(
    "any --locale or line locale is taken, falling back as libphonenumber does",
    arguments: anyLanguage.indices)
  func anyLanguageIsTaken(_ index: Int) throws {
    let row = Self.anyLanguage[index]
    let option = try PayPhoneProcess.run(
      ["phone", "--jsonl", "--describe", "--locale", row.language],
      input: .lines([#"{"number": "\#(row.number)"}"#]))
    let field = try PayPhoneProcess.run(
      ["phone", "--jsonl"],
      input: .lines([#"{"number": "\#(row.number)", "describe": true, "locale": "\#(row.language)"}"#]))
    for run in [option, field] {
      #expect(run.status == 0)
      #expect(run.stderr.isEmpty)
      let line = try #require(try run.jsonLines().first)
      #expect(line["ok"] == true)
      #expect(line["location"] == (row.location.map { JSON.string($0) } ?? .null), "\(row)")
      #expect(line["carrier"] == (row.carrier.map { JSON.string($0) } ?? .null), "\(row)")
    }
  }
}
