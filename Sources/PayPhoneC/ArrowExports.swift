// The C functions of include/payphone.h on the Arrow C Data Interface: a
// string array in, a struct array of records out. The inputs are borrowed
// (read, never released); the answer is the caller's to release.
internal import PayPhone
@_spi(PayPhoneInternal) internal import PayPhoneRecords

/// Answers a call: the records `make` writes from the checked inputs,
/// exported into `outSchema` and `out` (untouched on failure).
private func answer(
  _ outSchema: UnsafeMutableRawPointer?, _ out: UnsafeMutableRawPointer?,
  _ make: () throws(ArrowInputError) -> ArrowRecordWriter
) -> Int32 {
  guard let outSchema, let out else { return Status.invalidArgument.rawValue }
  guard let writer = try? make() else { return Status.invalidArgument.rawValue }
  switch writer.export(schema: outSchema, array: out) {
  case nil: return Status.ok.rawValue
  case .outOfMemory: return Status.outOfMemory.rawValue
  case .tooLarge: return Status.invalidArgument.rawValue
  }
}

/// The regions argument: a column when its array is given, else one region.
private func regions(
  _ schema: UnsafeRawPointer?, _ array: UnsafeRawPointer?, _ code: UnsafePointer<CChar>?
) throws(ArrowInputError) -> ArrowRegions {
  guard schema != nil || array != nil else { return .all(.named(code.map { String(cString: $0) })) }
  return .rows(try ArrowStrings(schema: schema, array: array, "regions"))
}

/// `payphone_phone_arrow`: the phone records of a column of numbers.
@_cdecl("payphone_phone_arrow")
public func payphonePhoneArrow(
  _ numbersSchema: UnsafeRawPointer?, _ numbers: UnsafeRawPointer?,
  _ regionsSchema: UnsafeRawPointer?, _ regionsArray: UnsafeRawPointer?,
  _ region: UnsafePointer<CChar>?, _ outSchema: UnsafeMutableRawPointer?, _ out: UnsafeMutableRawPointer?
) -> Int32 {
  answer(outSchema, out) { () throws(ArrowInputError) in
    try ArrowRecordWriter.phones(
      ArrowStrings(schema: numbersSchema, array: numbers, "numbers"),
      regions: regions(regionsSchema, regionsArray, region))
  }
}

/// `payphone_card_arrow`: the card records of a column of card numbers.
@_cdecl("payphone_card_arrow")
public func payphoneCardArrow(
  _ numbersSchema: UnsafeRawPointer?, _ numbers: UnsafeRawPointer?,
  _ outSchema: UnsafeMutableRawPointer?, _ out: UnsafeMutableRawPointer?
) -> Int32 {
  answer(outSchema, out) { () throws(ArrowInputError) in
    ArrowRecordWriter.cards(try ArrowStrings(schema: numbersSchema, array: numbers, "numbers"))
  }
}

/// `payphone_find_arrow`: the find records of a column of texts.
@_cdecl("payphone_find_arrow")
public func payphoneFindArrow(
  _ textsSchema: UnsafeRawPointer?, _ texts: UnsafeRawPointer?,
  _ regionsSchema: UnsafeRawPointer?, _ regionsArray: UnsafeRawPointer?,
  _ region: UnsafePointer<CChar>?, _ leniencyName: UnsafePointer<CChar>?, _ flags: UInt32,
  _ outSchema: UnsafeMutableRawPointer?, _ out: UnsafeMutableRawPointer?
) -> Int32 {
  guard let leniency = leniency(leniencyName), flags & ~(findCards | findRedact) == 0 else {
    return Status.invalidArgument.rawValue
  }
  return answer(outSchema, out) { () throws(ArrowInputError) in
    try ArrowRecordWriter.finds(
      ArrowStrings(schema: textsSchema, array: texts, "texts"),
      regions: regions(regionsSchema, regionsArray, region),
      leniency: leniency, cards: flags & findCards != 0, redact: flags & findRedact != 0)
  }
}
