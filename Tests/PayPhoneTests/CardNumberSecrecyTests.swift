import PayPhone
import Testing

/// No description, dump or error of the library shows a whole card number
/// (CardBrands.md in PayPhoneCards.docc, "Secrecy"; Design.md in
/// PayPhone.docc, "Errors"), whichever API the number is handed to.
@Suite struct CardNumberSecrecyTests {
  static let pan = "4000056655665556"
  static let spellings = [
    pan, "4000 0566 5566 5556", "4000-0566-5566-5556", "٤٠٠٠٠٥٦٦٥٥٦٦٥٥٥٦", "４０００ ０５６６ ５５６６ ５５５６",
  ]

  /// Every description a value can be printed with.
  static func renderings(of value: Any) -> [String] {
    var dumped = ""
    dump(value, to: &dumped)
    return [String(describing: value), String(reflecting: value), "\(value)", dumped]
  }

  static func showsPAN(_ text: String) -> Bool {
    DigitFolding.fold(text).filter { $0 != " " && $0 != "-" }.contains(pan)
  }

  @Test(arguments: spellings)
  func cardValuesDescribeTheNumberMasked(_ text: String) throws {
    let number = try CardNumber(text)
    #expect(number.digits == Self.pan)
    let inspection = CardBrandTable.standard.inspect(number)
    #expect(inspection.isValidSecurityCode("973"))
    #expect(inspection.bin == "40000566")
    for value: Any in [number, inspection, [number], Optional(number) as Any, (number, inspection)] {
      for shown in Self.renderings(of: value) {
        #expect(!Self.showsPAN(shown), "\(shown)")
        #expect(!shown.contains("973"), "the checked security code: \(shown)")
      }
    }
  }

  @Test(arguments: spellings)
  func errorsAboutTheNumberDoNotShowIt(_ text: String) {
    var errors: [any Error] = []
    for broken in [text + "x", "x" + text, text + "/", text + "\u{0}", text.dropLast() + "S"] {
      do { _ = try CardNumber(broken) } catch { errors.append(error) }
    }
    do { _ = try PhoneNumber(text) } catch { errors.append(error) }
    do { _ = try CardExpiry(text, today: CalendarDay(year: 2026, month: 11, day: 29)!) } catch {
      errors.append(error)
    }
    do { _ = try BracketMask("[" + text) } catch { errors.append(error) }
    do { _ = try BracketMask(text + "]") } catch { errors.append(error) }
    #expect(errors.count == 9)
    for error in errors {
      for shown in Self.renderings(of: error) {
        #expect(!Self.showsPAN(shown), "\(shown)")
      }
    }
  }
}
