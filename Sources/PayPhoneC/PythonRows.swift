// The Python functions' normalize, first half: each number's `phone`
// record worked out without the GIL as plain values, its texts written
// into one byte buffer for the chunk. Moving a row about counts no
// references and frees nothing, and no Swift string is made for a format
// only to be copied into a Python str.
internal import PayPhone
internal import PayPhoneRecords

/// Where a text is in `PythonRows.bytes`: its first byte, its count (-1
/// for None), and whether it is all ASCII (a str is then made by copying).
struct PythonSpan {
  var start: Int32
  var count: Int32
  var isASCII: Bool

  static let none = PythonSpan(start: 0, count: -1, isASCII: true)
}

/// A parsed number's record values (the texts as spans). The four record
/// formats lie one after another in `formats` (E.164, international,
/// national, RFC 3966), and the national number is the end of the E.164
/// form; E.164 and the national number are digits (and `+`), so ASCII.
struct PythonNumberRow {
  var countryCode: Int
  /// The region's index (`PhoneNumber.regionIndex`), -1 for none.
  var regionIndex: Int
  var type: PhoneNumberType
  var isValid: Bool
  var isPossible: Bool
  var formats: PythonSpan
  /// Where the E.164, international and national forms end in `formats`.
  var e164End: Int32
  var internationalEnd: Int32
  var nationalEnd: Int32
  var nationalNumberCount: Int32
  var numberExtension: PythonSpan

  var e164: PythonSpan { PythonSpan(start: formats.start, count: e164End, isASCII: true) }
  var nationalNumber: PythonSpan {
    PythonSpan(
      start: formats.start + e164End - nationalNumberCount, count: nationalNumberCount, isASCII: true)
  }
  var international: PythonSpan { part(e164End, internationalEnd) }
  var national: PythonSpan { part(internationalEnd, nationalEnd) }
  var rfc3966: PythonSpan { part(nationalEnd, formats.count) }

  /// The formats' bytes from `start` to `end`: ASCII if they all are (else
  /// decoded as UTF-8, which an ASCII part survives unchanged).
  private func part(_ start: Int32, _ end: Int32) -> PythonSpan {
    PythonSpan(start: formats.start + start, count: end - start, isASCII: formats.isASCII)
  }
}

/// A record's values: a number's, or a parse error's (`status` is the
/// `Status` of its code, the slot of its str in `PythonStrings`).
enum PythonRow {
  case number(PythonNumberRow)
  case failure(status: Int32, code: PythonSpan, message: PythonSpan)
}

/// The rows of a chunk of numbers and the bytes of their texts (one buffer,
/// grown by doubling, kept from chunk to chunk; `deallocate()` frees it).
/// A struct, not a class: one call owns it, and its counts are plain
/// stored values, with none of the run-time exclusivity checks a class's
/// stored properties carry.
struct PythonRows {
  /// Room for `rowCapacity` rows (plain values: nothing to release).
  private let rowStorage: UnsafeMutablePointer<PythonRow>
  private let rowCapacity: Int
  private var rowCount = 0
  private var storage: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  private var count = 0

  /// Rows for at most `rowCapacity` numbers at a time.
  init(capacity rowCapacity: Int) {
    self.rowCapacity = max(1, rowCapacity)
    rowStorage = .allocate(capacity: self.rowCapacity)
    // A record's texts are about 80 bytes.
    capacity = self.rowCapacity * 96
    storage = .allocate(capacity: capacity)
  }

  func deallocate() {
    rowStorage.deallocate()
    storage.deallocate()
  }

  /// The rows added since `removeAll()`.
  var rows: UnsafeBufferPointer<PythonRow> { UnsafeBufferPointer(start: rowStorage, count: rowCount) }

  /// The texts written so far (valid until the next `append` or `removeAll`).
  var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: storage, count: count) }

  mutating func removeAll() {
    rowCount = 0
    count = 0
  }

  /// Parses `text` with `region` and adds its row (at most `rowCapacity`
  /// since `removeAll()`).
  mutating func append(_ text: UnsafeBufferPointer<UInt8>, region: RegionCode?) {
    precondition(rowCount < rowCapacity, "more rows than PythonRows has room for")
    let row: PythonRow
    do throws(PhoneNumberError) {
      let number = try PhoneNumber(utf8: text, region: region)
      row = .number(numberRow(number))
    } catch {
      row = .failure(
        status: Status(error.code).rawValue, code: span(error.code.rawValue), message: span(error.message))
    }
    (rowStorage + rowCount).initialize(to: row)
    rowCount += 1
  }

  private mutating func numberRow(_ number: PhoneNumber) -> PythonNumberRow {
    let texts = [PhoneNumberFormat.e164, .international, .national, .rfc3966].map(number.formatted)
    let formats = span(texts.joined())
    let e164End = texts[0].utf8.count
    let internationalEnd = e164End + texts[1].utf8.count
    let ends = (
      e164: Int32(truncatingIfNeeded: e164End), international: Int32(truncatingIfNeeded: internationalEnd),
      national: Int32(truncatingIfNeeded: internationalEnd + texts[2].utf8.count)
    )
    let classification = number.recordClassification
    return PythonNumberRow(
      countryCode: number.countryCode, regionIndex: classification.regionIndex ?? -1,
      type: classification.type, isValid: classification.isValid, isPossible: classification.isPossible,
      formats: formats, e164End: ends.e164,
      internationalEnd: ends.international, nationalEnd: ends.national,
      nationalNumberCount: Int32(truncatingIfNeeded: number.nationalNumberLength),
      numberExtension: number.numberExtension.map { span($0) } ?? .none)
  }

  /// Adds `utf8` to the bytes.
  private mutating func span(_ utf8: UnsafeBufferPointer<UInt8>) -> PythonSpan {
    if count + utf8.count > capacity {
      let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: max(2 * capacity, count + utf8.count))
      grown.initialize(from: storage, count: count)
      storage.deallocate()
      storage = grown
      capacity = max(2 * capacity, count + utf8.count)
    }
    let start = count
    let isASCII =
      if let source = utf8.baseAddress {
        copyCheckingASCII(UnsafeRawPointer(source), to: UnsafeMutableRawPointer(storage + start), utf8.count)
      } else {
        true
      }
    count += utf8.count
    return PythonSpan(
      start: Int32(truncatingIfNeeded: start), count: Int32(truncatingIfNeeded: utf8.count), isASCII: isASCII)
  }

  private mutating func span(_ text: String) -> PythonSpan {
    var text = text
    return text.withUTF8 { span($0) }
  }
}

/// Copies the `count` bytes at `source` to `target` (which do not
/// overlap) and says whether each is below 0x80: eight at a time, the last
/// eight (or four) read and written overlapping the ones before.
private func copyCheckingASCII(_ source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, _ count: Int)
  -> Bool
{
  var high: UInt64 = 0
  if count >= 8 {
    var offset = 0
    while offset + 8 < count {
      let word = source.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      target.storeBytes(of: word, toByteOffset: offset, as: UInt64.self)
      high |= word
      offset += 8
    }
    let last = source.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    target.storeBytes(of: last, toByteOffset: count - 8, as: UInt64.self)
    high |= last
  } else if count >= 4 {
    let (first, last) = (
      source.loadUnaligned(as: UInt32.self), source.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
    )
    target.storeBytes(of: first, as: UInt32.self)
    target.storeBytes(of: last, toByteOffset: count - 4, as: UInt32.self)
    high = UInt64(first | last)
  } else {
    for offset in 0..<count {
      let byte = source.load(fromByteOffset: offset, as: UInt8.self)
      target.storeBytes(of: byte, toByteOffset: offset, as: UInt8.self)
      high |= UInt64(byte)
    }
  }
  return high & 0x8080_8080_8080_8080 == 0
}
