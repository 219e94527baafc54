internal import PayPhone
internal import PayPhoneMasks
@_spi(PayPhoneInternal) internal import PayPhoneRecords

// Phone numbers: parsing, matching, the as-you-type formatter, the phone
// field editor, and numbers in text. Carets and offsets are UTF-16 code
// units, as the DOM counts them.

/// The region argument: empty for none; a text that is no region code is
/// an `invalid_region` error.
private func region(_ bytes: UnsafePointer<UInt8>?, _ count: Int32) -> Result<RegionCode?, FailureRecord> {
  guard let bytes, count > 0 else { return .success(nil) }
  guard let region = RegionCode(utf8: UnsafeBufferPointer(start: bytes, count: Int(count))) else {
    return .failure(
      FailureRecord(
        code: "invalid_region", message: "'\(text(bytes, count))' is no region code (two letters, or 001)"))
  }
  return .success(region)
}

/// The `phone` record of `text` read in `region`, in the typed layout
/// (RecordAnswer.swift): its address; 0, with the error object as the
/// answer, for a region that is no code.
@_cdecl("pp_phone_record")
func phoneRecord(
  _ textBytes: UnsafePointer<UInt8>?, _ textCount: Int32, _ regionBytes: UnsafePointer<UInt8>?,
  _ regionCount: Int32
) -> UnsafeMutableRawPointer? {
  let region: RegionCode?
  switch PayPhoneWasm.region(regionBytes, regionCount) {
  case .failure(let failure):
    _ = respond { output in output.error(failure.code, failure.message) }
    return nil
  case .success(let given): region = given
  }
  let input = UnsafeBufferPointer(start: textBytes, count: textBytes == nil ? 0 : Int(textCount))
  recordAnswer.start()
  PhoneRecord(
    input: "",
    answer: Result { () throws(PhoneNumberError) in try PhoneNumber(utf8: input, region: region) }
  ).write(to: &recordAnswer)
  return recordAnswer.base
}

/// The `match` record of two numbers.
@_cdecl("pp_match")
func match(
  _ firstBytes: UnsafePointer<UInt8>?, _ firstCount: Int32, _ secondBytes: UnsafePointer<UInt8>?,
  _ secondCount: Int32, _ regionBytes: UnsafePointer<UInt8>?, _ regionCount: Int32
) -> Int32 {
  respond { output in
    switch region(regionBytes, regionCount) {
    case .failure(let failure): return output.error(failure.code, failure.message)
    case .success(let region):
      output.append(MatchRecord(text(firstBytes, firstCount), text(secondBytes, secondCount), region: region))
      return true
    }
  }
}

// MARK: As you type

nonisolated(unsafe) var formatters = HandleTable<AsYouTypeFormatter>()

/// A new formatter for `region`: its handle.
@_cdecl("pp_formatter_new")
func formatterNew(_ regionBytes: UnsafePointer<UInt8>?, _ regionCount: Int32) -> Int32 {
  respond { output in
    switch region(regionBytes, regionCount) {
    case .failure(let failure): return output.error(failure.code, failure.message)
    case .success(let region):
      let handle = formatters.insert(AsYouTypeFormatter(region: region ?? .unknown))
      output.beginObject()
      output.field("handle", Int(handle))
      output.endObject()
      return true
    }
  }
}

/// Types `keys` (all of them; with `remembering`, one key whose position
/// the formatter follows): `{"text": ..., "rememberedPosition": ...}`.
@_cdecl("pp_formatter_input")
func formatterInput(
  _ handle: Int32, _ keyBytes: UnsafePointer<UInt8>?, _ keyCount: Int32, _ remembering: Int32
) -> Int32 {
  respond { output in
    guard var formatter = formatters.value(handle) else {
      return output.error("freed", "the formatter was freed")
    }
    let keys = text(keyBytes, keyCount)
    if remembering != 0 {
      for (position, key) in keys.unicodeScalars.enumerated() {
        _ = formatter.input(key, rememberingPosition: position == 0)
      }
    } else {
      _ = formatter.input(keys)
    }
    formatters.update(handle, formatter)
    output.beginObject()
    output.field("text", formatter.text)
    output.field("rememberedPosition", formatter.rememberedUTF16Position)
    output.endObject()
    return true
  }
}

/// Forgets everything typed.
@_cdecl("pp_formatter_clear")
func formatterClear(_ handle: Int32) {
  guard var formatter = formatters.value(handle) else { return }
  formatter.clear()
  formatters.update(handle, formatter)
}

@_cdecl("pp_formatter_free")
func formatterFree(_ handle: Int32) {
  formatters.remove(handle)
}

// MARK: The phone field editor

/// The editor's state as JSON: text, UTF-16 caret, value, completeness,
/// E.164.
private func write(_ state: PhoneNumberEditor.State, into output: inout LineWriter) -> Bool {
  output.beginObject()
  output.field("text", state.text)
  output.field("caret", state.utf16Caret)
  output.field("value", state.value)
  output.field("complete", state.isComplete)
  output.field("e164", state.number?.formatted(.e164))
  output.endObject()
  return true
}

/// Applies an edit: `text`'s UTF-16 range `start..<end` replaced by
/// `replacement`; `forward` for forward delete.
@_cdecl("pp_editor_apply")
func editorApply(
  _ regionBytes: UnsafePointer<UInt8>?, _ regionCount: Int32, _ textBytes: UnsafePointer<UInt8>?,
  _ textCount: Int32, _ start: Int32, _ end: Int32, _ replacementBytes: UnsafePointer<UInt8>?,
  _ replacementCount: Int32, _ forward: Int32
) -> Int32 {
  respond { output in
    switch region(regionBytes, regionCount) {
    case .failure(let failure): return output.error(failure.code, failure.message)
    case .success(let region):
      let edit = textEdit(textBytes, textCount, start, end, replacementBytes, replacementCount, forward)
      return write(PhoneNumberEditor(region: region ?? .unknown).apply(edit), into: &output)
    }
  }
}

/// Formats whole text with the caret (UTF-16; negative: the end).
@_cdecl("pp_editor_format")
func editorFormat(
  _ regionBytes: UnsafePointer<UInt8>?, _ regionCount: Int32, _ textBytes: UnsafePointer<UInt8>?,
  _ textCount: Int32, _ caret: Int32
) -> Int32 {
  respond { output in
    switch region(regionBytes, regionCount) {
    case .failure(let failure): return output.error(failure.code, failure.message)
    case .success(let region):
      let text = text(textBytes, textCount)
      let characterCaret = caret < 0 ? nil : CharacterOffsets.characterOffset(ofUTF16: Int(caret), in: text)
      return write(
        PhoneNumberEditor(region: region ?? .unknown).format(text, caret: characterCaret), into: &output)
    }
  }
}

// MARK: Finding

/// The numbers (and with `cards`, card numbers) in a text, with UTF-16
/// offsets, and the redacted text: `{"matches": [...], "redacted": ...}`.
@_cdecl("pp_find")
func find(
  _ textBytes: UnsafePointer<UInt8>?, _ textCount: Int32, _ regionBytes: UnsafePointer<UInt8>?,
  _ regionCount: Int32, _ leniencyBytes: UnsafePointer<UInt8>?, _ leniencyCount: Int32, _ cards: Int32
) -> Int32 {
  respond { output in
    let leniencyName = text(leniencyBytes, leniencyCount)
    guard let leniency = leniencyName.isEmpty ? .valid : PhoneNumberLeniency(rawValue: leniencyName) else {
      return output.error(
        "invalid_leniency", "leniency must be possible, valid, strict_grouping or exact_grouping")
    }
    let region: RegionCode?
    switch PayPhoneWasm.region(regionBytes, regionCount) {
    case .failure(let failure): return output.error(failure.code, failure.message)
    case .success(let given): region = given
    }
    let text = text(textBytes, textCount)
    let record = FindRecord(text: text, region: region, leniency: leniency, cards: cards != 0, redact: true)
    let matches: [TextMatch]
    switch record.answer {
    case .failure(let failure): return output.error(failure.code, failure.message)
    case .success(let found): matches = found
    }
    output.beginObject()
    output.beginArray("matches")
    for match in matches {
      output.beginObject()
      let range = match.range
      let start = text.utf16.distance(from: text.startIndex, to: range.lowerBound)
      let end = start + text.utf16.distance(from: range.lowerBound, to: range.upperBound)
      switch match {
      case .phone(let phone):
        output.field("kind", "phone")
        output.field("start", start)
        output.field("end", end)
        output.field("raw", phone.rawText)
        output.field("e164", phone.number.formatted(.e164))
        output.field("extension", phone.number.numberExtension)
      case .card(let card):
        output.field("kind", "card")
        output.field("start", start)
        output.field("end", end)
        output.field("brand", card.brand.rawValue)
        output.field("last4", card.card.last4)
      }
      output.endObject()
    }
    output.endArray()
    output.field("redacted", TextFinder.redacted(text, matches: matches))
    output.endObject()
    return true
  }
}
