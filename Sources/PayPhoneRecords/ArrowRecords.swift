package import PayPhone
@_spi(PayPhoneInternal) internal import PayPhoneCore

extension RegionCode {
  /// The region a region argument names: nil for none (nil or ""), and
  /// `RegionCode.unknown` (answered as any unsupported region is) for text
  /// that is no region code (`GBR`).
  package static func named(_ code: String?) -> RegionCode? {
    guard let code, !code.isEmpty else { return nil }
    return RegionCode(code) ?? .unknown
  }
}

/// The regions of a column's rows: one for all, or a string array's row
/// by row (a null or empty one is none).
package enum ArrowRegions {
  case all(RegionCode?)
  case rows(ArrowStrings)

  /// Row `row`'s region.
  @inline(__always)
  func region(_ row: Int) -> RegionCode? {
    switch self {
    case .all(let region): return region
    case .rows(let column):
      guard let bytes = column.bytes(row), !bytes.isEmpty else { return nil }
      return RegionCode(utf8: bytes) ?? .unknown
    }
  }
}

// The records of a column of inputs, one row each (a null row for a null
// input), each walk compiled here where the record and the writer are known.
extension ArrowRecordWriter {
  /// Checks that a column of regions is as long as the inputs.
  private static func check(_ regions: ArrowRegions, count: Int) throws(ArrowInputError) {
    if case .rows(let column) = regions, column.count != count {
      throw ArrowInputError("regions: \(column.count) rows for \(count) inputs")
    }
  }

  /// `phone`'s records of `numbers`, each read in its region.
  package static func phones(_ numbers: ArrowStrings, regions: ArrowRegions) throws(ArrowInputError)
    -> ArrowRecordWriter
  {
    try check(regions, count: numbers.count)
    var writer = ArrowRecordWriter(.phone, rows: numbers.count)
    for row in 0..<numbers.count {
      guard let number = numbers.bytes(row) else {
        writer.appendNull()
        continue
      }
      let region = regions.region(row)
      guard ASCIIWords.isASCII(number) else {
        PhoneRecord(input: String(decoding: number, as: UTF8.self), region: region).write(to: &writer)
        continue
      }
      // ASCII bytes are their string's UTF-8: the input is copied and
      // parsed from them, with no string made.
      writer.prefill(.input, utf8: number)
      let answer = Result { () throws(PhoneNumberError) in try PhoneNumber(utf8: number, region: region) }
      PhoneRecord(input: "", answer: answer).write(to: &writer)
    }
    return writer
  }

  /// `card`'s records of `numbers` (no security code).
  package static func cards(_ numbers: ArrowStrings) -> ArrowRecordWriter {
    var writer = ArrowRecordWriter(.card, rows: numbers.count)
    for row in 0..<numbers.count {
      guard let number = numbers.text(row) else {
        writer.appendNull()
        continue
      }
      CardRecord(input: number, securityCode: nil).write(to: &writer)
    }
    return writer
  }

  /// `find`'s records of `texts`, each searched in its region.
  package static func finds(
    _ texts: ArrowStrings, regions: ArrowRegions, leniency: PhoneNumberLeniency, cards: Bool, redact: Bool
  ) throws(ArrowInputError) -> ArrowRecordWriter {
    try check(regions, count: texts.count)
    var writer = ArrowRecordWriter(.find, requested: redact ? [.redacted] : [], rows: texts.count)
    for row in 0..<texts.count {
      guard let text = texts.text(row) else {
        writer.appendNull()
        continue
      }
      FindRecord(text: text, region: regions.region(row), leniency: leniency, cards: cards, redact: redact)
        .write(to: &writer)
    }
    return writer
  }
}
