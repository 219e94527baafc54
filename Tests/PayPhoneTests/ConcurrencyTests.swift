import PayPhone
import Testing

/// One set of compiled tables, masks and card tables, used from many tasks
/// at once, the way a checkout backend shares them across requests: phone
/// parsing, validation and formatting, as-you-type formatting and the phone
/// editor, bracket and shorthand masks, card detection, expiry, text.
///
/// Run alone the tables start cold, so the tasks race to load each region's
/// metadata and ICU's per-thread break iterators. CI runs this suite under
/// ThreadSanitizer (`swift test --sanitize=thread --filter ConcurrencyTests`).
/// Known answers come from the README and the CLI contract; the rest of
/// what the tasks compute must equal what one task computes alone
/// afterwards.
@Suite struct ConcurrencyTests {
  static let taskCount = 16

  /// The shared objects: compiled once, used by every task.
  struct Shared: Sendable {
    let phoneMask = try! BracketMask("+1 ([000]) [000]-[0000]")
    let russianMask = try! BracketMask("+7 ([000]) [000] [00] [00]")
    let taxID = try! MaskPicker(primary: "[000].[000].[000]-[00]", affine: ["[00].[000].[000]/[0000]-[00]"])
    let expiryMask = ShorthandMask("##/##")
    let expiryFormatter = ExpiryFormatter()
    let cards = CardBrandTable.standard
    let today = CalendarDay(year: 2026, month: 11, day: 29)!
  }

  /// Checks the answers the README and the contract give; returns the
  /// failures.
  static func knownAnswers(_ shared: Shared) -> [String] {
    var failures: [String] = []
    func expect(_ condition: Bool, _ what: String) {
      if !condition { failures.append(what) }
    }
    do {
      let london = try PhoneNumber("020 7946 0958 ext. 123", region: .gb)
      expect(london.formatted(.e164) == "+442079460958", "GB E.164")
      expect(london.formatted(.international) == "+44 20 7946 0958 x123", "GB international")
      expect(london.formatted(.national) == "020 7946 0958 x123", "GB national")
      expect(london.formatted(.rfc3966) == "tel:+44-20-7946-0958;ext=123", "GB RFC 3966")
      expect(london.isValid && london.type == .fixedLine && london.region == .gb, "GB validity")
      let mountainView = try PhoneNumber("+1 (650) 253-0000")
      expect(mountainView.formatted(.international) == "+1 650-253-0000", "US international")
      expect(mountainView.type == .fixedLineOrMobile && mountainView.region == .us, "US type")
      let arabic = try PhoneNumber("٠٢٠ ٧٩٤٦ ٠٩٥٨", region: "gb")
      expect(arabic.formatted(.e164) == "+442079460958", "Arabic-Indic digits")
      let zurich = try PhoneNumber("+41 44 668 18 00")
      expect(zurich.formatted(.e164) == "+41446681800", "CH E.164")
    } catch {
      failures.append("phone: \(error)")
    }
    do {
      _ = try PhoneNumber("+999 1234")
      failures.append("+999 parsed")
    } catch {
      expect(error.code == .invalidCountryCode, "+999 error")
    }

    let phone = shared.phoneMask.apply(CaretText("5551234567"))
    expect(phone.text == "+1 (555) 123-4567" && phone.value == "5551234567", "US mask")
    expect(phone.isComplete && phone.caret == 17, "US mask caret")
    let russian = shared.russianMask.apply(CaretText("+7 (962) 123-45-67"))
    expect(russian.text == "+7 (962) 123 45 67" && russian.value == "9621234567", "RU mask")
    expect(shared.taxID.apply(CaretText("12345678000195")).text == "12.345.678/0001-95", "tax ID picker")
    expect(shared.expiryMask.apply("١٢٢٥").text == "12/25", "shorthand mask")
    expect(shared.expiryFormatter.format("4").text == "04", "expiry formatter")

    do {
      let amex = try CardNumber("3782 822463 10005")
      let inspection = shared.cards.inspect(amex)
      expect(inspection.brand == .americanExpress && inspection.isValid, "Amex")
      expect(amex.formatted(inspection.grouping) == "3782 822463 10005", "Amex grouping")
      expect(inspection.securityCode == CardSecurityCode(name: "CID", length: 4), "Amex CID")
      let visa = try CardNumber("4111 1111 1111 1111")
      expect(shared.cards.inspect(visa).brand == .visa && "\(visa)" == "411111******1111", "Visa")
      expect(
        shared.cards.inspect(try CardNumber("65")).candidates == [.discover, .elo, .troy], "65 candidates")
      let expiry = try CardExpiry("4/31", today: shared.today)
      expect(expiry.month == 4 && expiry.year == 2031 && expiry.isValid(on: shared.today), "expiry")
    } catch {
      failures.append("cards: \(error)")
    }

    var typing = AsYouTypeFormatter(region: .us)
    let steps = "6502532222".unicodeScalars.map { typing.input($0) }
    expect(
      steps.prefix(4) == ["6", "65", "650", "650-2"] && steps.last == "(650) 253-2222", "US as you type")
    var london = AsYouTypeFormatter(region: .gb)
    expect(london.input("02079460958") == "020 7946 0958", "GB as you type")
    var international = AsYouTypeFormatter(region: .us)
    expect(international.input("+16502532222") == "+1 650-253-2222", "+1 as you type")
    let field = PhoneNumberEditor(region: .us).format("6502532222")
    expect(field.text == "(650) 253-2222" && field.caret == 14, "phone editor")
    expect(PhoneMetadata.inputMasks(for: .gb)?.national == "0#### ######", "GB input mask")

    expect(Graphemes.count(in: "👨‍👩‍👧‍👦 🇺🇸") == 3, "graphemes")
    expect(DigitFolding.fold("٠٧٩١١ ١٢٣٤٥٦") == "07911 123456", "folding")
    let metrics = TextMetrics("héllo 👋🏽")
    expect(metrics.graphemes == 7 && metrics.utf16 == 10 && metrics.utf8 == 15, "text metrics")
    return failures
  }

  /// Everything the tables give for one region: each example number parsed
  /// back from its national and international forms, validated, typed and
  /// formatted, then masked, card-inspected and counted.
  static func work(on region: RegionCode, _ shared: Shared) -> [String] {
    var answers: [String] = []
    for type in PhoneNumberType.allCases {
      guard let example = PhoneMetadata.exampleNumber(for: region, type: type) else { continue }
      let national = example.formatted(.national)
      for (text, defaultRegion) in [(national, region), (example.formatted(.international), RegionCode.us)] {
        do throws(PhoneNumberError) {
          let number = try PhoneNumber(text, region: defaultRegion)
          answers.append(
            "\(text) \(number.formatted(.e164)) \(number.isValid) \(number.type) "
              + "\(number.region?.rawValue ?? "-") \(number.formatted(.rfc3966)) "
              + number.formattedForCalling(from: .gb))
        } catch {
          answers.append("\(text) \(error.code)")
        }
      }
      let digits = example.nationalNumber
      for keys in [national, example.formatted(.e164)] {
        var formatter = AsYouTypeFormatter(region: region)
        answers.append(keys.unicodeScalars.map { formatter.input($0) }.joined(separator: "|"))
      }
      let editor = PhoneNumberEditor(region: region)
      let edited = editor.apply(.deleteBackward(in: national, at: national.unicodeScalars.count / 2))
      answers.append("\(edited.text) \(edited.caret) \(edited.value) \(edited.isComplete)")
      answers.append(shared.phoneMask.apply(CaretText(digits)).text)
      answers.append(shared.taxID.apply(CaretText(digits, caret: 2)).text)
      if let card = try? CardNumber(digits) {
        let inspection = shared.cards.inspect(card)
        answers.append("\(inspection.candidates) \(inspection.isPotentiallyValid) \(card)")
      }
      answers.append("\(Graphemes.count(in: national + " 👍🏽 " + region.rawValue))")
    }
    answers.append(PhoneMetadata.flag(of: region) ?? "-")
    let masks = PhoneMetadata.inputMasks(for: region)
    answers.append("\(masks?.national ?? "-") \(masks?.international ?? "-")")
    return answers
  }

  @Test func sharedTablesGiveTheSameAnswersFromManyTasksAtOnce() async {
    let shared = Shared()
    let regions = PhoneMetadata.supportedRegions
    // Each task walks every region, from its own starting point, so the
    // tasks meet on cold regions from different sides.
    let results = await withTaskGroup(of: (failures: [String], answers: [[String]]).self) { group in
      for task in 0..<Self.taskCount {
        group.addTask {
          var failures = Self.knownAnswers(shared)
          var answers = [[String]](repeating: [], count: regions.count)
          let start = task * regions.count / Self.taskCount
          for step in 0..<regions.count {
            let index = (start + step) % regions.count
            answers[index] = Self.work(on: regions[index], shared)
            if step % 40 == 0 {
              failures += Self.knownAnswers(shared)
              await Task.yield()
            }
          }
          return (failures, answers)
        }
      }
      var collected: [(failures: [String], answers: [[String]])] = []
      for await result in group { collected.append(result) }
      return collected
    }

    #expect(results.count == Self.taskCount)
    let alone = regions.map { Self.work(on: $0, shared) }
    #expect(alone.joined().count > 1000)
    for (task, result) in results.enumerated() {
      #expect(result.failures.isEmpty, "task \(task): \(result.failures)")
      for (index, answers) in result.answers.enumerated() where answers != alone[index] {
        Issue.record("task \(task), region \(regions[index]): \(answers) alone gave \(alone[index])")
      }
    }
    #expect(Self.knownAnswers(shared).isEmpty)
  }
}
