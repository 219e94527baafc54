internal import PayPhone
internal import PayPhoneMasks
@_spi(PayPhoneInternal) internal import PayPhoneRecords

// The input fields: masks (with carets and affinity), cards, expiry dates
// and text. Carets are UTF-16 code units, as the DOM counts them.

// MARK: Masks

/// What drives a masked field: a mask, a picker of masks, or the expiry
/// field's formatter.
enum MaskDriver {
  case mask(TextMask)
  case picker(MaskPicker)
  case expiry(ExpiryFormatter)

  func apply(_ input: CaretText) -> MaskResult {
    switch self {
    case .mask(let mask): mask.apply(input)
    case .picker(let picker): picker.apply(input)
    case .expiry(let formatter): formatter.apply(input)
    }
  }

  func apply(_ edit: TextEdit, autocomplete: Bool, autoskip: Bool) -> MaskResult {
    switch self {
    case .mask(let mask): mask.apply(edit, autocomplete: autocomplete, autoskip: autoskip)
    case .picker(let picker): picker.apply(edit, autocomplete: autocomplete, autoskip: autoskip)
    case .expiry(let formatter): formatter.apply(edit, autocomplete: autocomplete, autoskip: autoskip)
    }
  }
}

nonisolated(unsafe) var masks = HandleTable<MaskDriver>()

/// A new mask: `kind` 0 a mask of `format`, 1 a picker with `format` as
/// its primary and `affine` (formats separated by NUL) scored by
/// `strategy`, 2 the expiry formatter. `{"handle", "format", "notation",
/// "placeholder"}`, or `invalid_mask`.
@_cdecl("pp_mask_new")
func maskNew(
  _ kind: Int32, _ formatBytes: UnsafePointer<UInt8>?, _ formatCount: Int32,
  _ affineBytes: UnsafePointer<UInt8>?,
  _ affineCount: Int32, _ strategyBytes: UnsafePointer<UInt8>?, _ strategyCount: Int32
) -> Int32 {
  respond { output in
    let format = text(formatBytes, formatCount)
    let driver: MaskDriver
    do throws(MaskError) {
      switch kind {
      case 0: driver = .mask(try TextMask(format))
      case 1:
        let affine = text(affineBytes, affineCount).split(separator: "\0").map { String($0) }
        let strategy: AffinityStrategy
        switch text(strategyBytes, strategyCount) {
        case "", "whole_string": strategy = .wholeString
        case "prefix": strategy = .prefix
        case "capacity": strategy = .capacity
        case "extracted_value_capacity": strategy = .extractedValueCapacity
        default:
          return output.error(
            "invalid_strategy", "strategy must be whole_string, prefix, capacity or extracted_value_capacity")
        }
        driver = .picker(try MaskPicker(primary: format, affine: affine, strategy: strategy))
      default: driver = .expiry(ExpiryFormatter())
      }
    } catch {
      return output.error(MaskError.Code.invalidMask.rawValue, error.message)
    }
    let handle = masks.insert(driver)
    output.beginObject()
    output.field("handle", Int(handle))
    switch driver {
    case .mask(let mask):
      output.field("format", mask.format)
      output.field("notation", TextMask.isBracketNotation(mask.format) ? "bracket" : "shorthand")
      output.field("placeholder", mask.placeholder)
    case .picker(let picker):
      output.field("format", picker.primary.format)
    case .expiry(let formatter):
      output.field("format", formatter.mask.format)
    }
    output.endObject()
    return true
  }
}

private func write(_ result: MaskResult, into output: inout LineWriter) -> Bool {
  output.beginObject()
  output.field("text", result.text)
  output.field("caret", result.utf16Caret)
  output.field("value", result.value)
  output.field("complete", result.isComplete)
  output.field("affinity", result.affinity)
  output.field("tailPlaceholder", result.tailPlaceholder)
  output.endObject()
  return true
}

private func freed(_ output: inout LineWriter) -> Bool {
  output.error("freed", "the mask was freed")
}

/// Shapes whole text, the caret (UTF-16; negative: the end) typed forward.
@_cdecl("pp_mask_apply")
func maskApply(
  _ handle: Int32, _ textBytes: UnsafePointer<UInt8>?, _ textCount: Int32, _ caret: Int32,
  _ autocomplete: Int32
) -> Int32 {
  respond { output in
    guard let driver = masks.value(handle) else { return freed(&output) }
    let text = text(textBytes, textCount)
    let gravity = CaretText.Gravity.forward(autocomplete: autocomplete != 0)
    let input =
      caret < 0
      ? CaretText(text, gravity: gravity) : CaretText(text, utf16Caret: Int(caret), gravity: gravity)
    return write(driver.apply(input), into: &output)
  }
}

/// Applies an edit: `text`'s UTF-16 range `start..<end` replaced by
/// `replacement`; `forward` for forward delete.
@_cdecl("pp_mask_apply_edit")
func maskApplyEdit(
  _ handle: Int32, _ textBytes: UnsafePointer<UInt8>?, _ textCount: Int32, _ start: Int32, _ end: Int32,
  _ replacementBytes: UnsafePointer<UInt8>?, _ replacementCount: Int32, _ forward: Int32,
  _ autocomplete: Int32, _ autoskip: Int32
) -> Int32 {
  respond { output in
    guard let driver = masks.value(handle) else { return freed(&output) }
    let edit = textEdit(textBytes, textCount, start, end, replacementBytes, replacementCount, forward)
    return write(driver.apply(edit, autocomplete: autocomplete != 0, autoskip: autoskip != 0), into: &output)
  }
}

/// The format of the mask a picker would use: `{"format": ...}`.
@_cdecl("pp_mask_choose")
func maskChoose(_ handle: Int32, _ textBytes: UnsafePointer<UInt8>?, _ textCount: Int32, _ caret: Int32)
  -> Int32
{
  respond { output in
    guard let driver = masks.value(handle) else { return freed(&output) }
    let text = text(textBytes, textCount)
    let input = caret < 0 ? CaretText(text) : CaretText(text, utf16Caret: Int(caret))
    let format: String
    switch driver {
    case .mask(let mask): format = mask.format
    case .picker(let picker): format = picker.choose(for: input).mask.format
    case .expiry(let formatter): format = formatter.mask.format
    }
    output.beginObject()
    output.field("format", format)
    output.endObject()
    return true
  }
}

@_cdecl("pp_mask_free")
func maskFree(_ handle: Int32) {
  masks.remove(handle)
}

// MARK: Cards, expiry, text

/// The `card` record, then a line `{"mask": ...}`: the field's `#` mask,
/// the brand's grouping over its longest length (by 4 up to 19 digits
/// while no brand is known).
@_cdecl("pp_card")
func card(
  _ numberBytes: UnsafePointer<UInt8>?, _ numberCount: Int32, _ codeBytes: UnsafePointer<UInt8>?,
  _ codeCount: Int32, _ hasCode: Int32
) -> Int32 {
  respond { output in
    let number = text(numberBytes, numberCount)
    output.append(CardRecord(input: number, securityCode: hasCode != 0 ? text(codeBytes, codeCount) : nil))
    let table = CardBrandTable.standard
    var grouping = CardGrouping.byFour
    var length = 19
    if let card = try? CardNumber(number), let brand = table.inspect(card).brand,
      let specification = table.specification(for: brand)
    {
      grouping = specification.grouping
      length = specification.lengths.max() ?? length
    }
    output.beginObject()
    output.field("mask", grouping.format(String(repeating: "#", count: length)))
    output.endObject()
    return true
  }
}

/// `{"luhn": ...}`: the Luhn check of the digits.
@_cdecl("pp_luhn")
func luhn(_ digitBytes: UnsafePointer<UInt8>?, _ digitCount: Int32) -> Int32 {
  respond { output in
    output.beginObject()
    output.field("luhn", Luhn.passes(text(digitBytes, digitCount)))
    output.endObject()
    return true
  }
}

/// The `expiry` record of `text` on `today` (`YYYY-MM-DD`).
@_cdecl("pp_expiry")
func expiry(
  _ textBytes: UnsafePointer<UInt8>?, _ textCount: Int32, _ todayBytes: UnsafePointer<UInt8>?,
  _ todayCount: Int32
) -> Int32 {
  respond { output in
    guard let today = CalendarDay(iso8601: text(todayBytes, todayCount)) else {
      return output.error("invalid_date", "today must be a date as YYYY-MM-DD")
    }
    output.append(ExpiryRecord(text: text(textBytes, textCount), today: today))
    return true
  }
}

/// The `text` record of `text` against `limit`.
@_cdecl("pp_text")
func textLimit(
  _ textBytes: UnsafePointer<UInt8>?, _ textCount: Int32, _ limit: Int32, _ warningFraction: Double
) -> Int32 {
  respond { output in
    output.append(
      TextRecord(
        text: text(textBytes, textCount),
        limit: TextLimit(limit: Int(limit), warningFraction: warningFraction)))
    return true
  }
}

/// The number of graphemes (no answer written).
@_cdecl("pp_graphemes")
func graphemes(_ textBytes: UnsafePointer<UInt8>?, _ textCount: Int32) -> Int32 {
  Int32(truncatingIfNeeded: Graphemes.count(in: text(textBytes, textCount)))
}
