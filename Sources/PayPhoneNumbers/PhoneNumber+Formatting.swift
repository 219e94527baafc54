internal import PayPhoneText

/// Writing a number in libphonenumber's formats.
extension PhoneNumber {
  /// The number written in `format`.
  ///
  ///     let number = try PhoneNumber("+44 20 7946 0958 ext. 123")
  ///     number.formatted(.e164)           // "+442079460958"
  ///     number.formatted(.international)  // "+44 20 7946 0958 x123"
  ///     number.formatted(.national)       // "020 7946 0958 x123"
  ///     number.formatted(.rfc3966)        // "tel:+44-20-7946-0958;ext=123"
  public func formatted(_ format: PhoneNumberFormat) -> String {
    if format == .e164 { return e164 }
    return formatted(format, withCountryCode: true) ?? nationalNumber
  }

  /// ``formatted(_:)``'s UTF-8, lent to `body` for the call: the number
  /// written without making a string of it (a writer that copies bytes).
  package func withFormatted(_ format: PhoneNumberFormat, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    if format == .e164 { return withE164(body) }
    if write(format, withCountryCode: true, body) == nil { nationalDigits.withUTF8(body) }
  }

  /// libphonenumber's `formatNumber` for the international, national and
  /// RFC 3966 formats, with the main metadata of the country code (nil
  /// when it has none): the country code as the format writes it (`+CC `,
  /// `tel:+CC-`; left out without `withCountryCode`), the national number
  /// grouped by the format's rule (`formatNsn`), and the extension.
  func formatted(_ format: PhoneNumberFormat, withCountryCode: Bool) -> String? {
    write(format, withCountryCode: withCountryCode, UTF8Writer.makeString)
  }

  /// What `finish` makes of `formatted(_:withCountryCode:)`'s UTF-8; nil
  /// when the country code has no metadata.
  private func write<Result>(
    _ format: PhoneNumberFormat, withCountryCode: Bool, _ finish: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result? {
    PhoneMetadataStore.shared.withMainMetadata(countryCode: countryCode) { metadata in
      nationalDigits.withUTF8 { digits in
        let rule = groupingRule(for: format, metadata, digits)
        let capacity = capacity(format, rule, digits, metadata)
        // Lent on as the rule is: captured strongly, it would be retained per number.
        let lentMetadata = Unmanaged.passUnretained(metadata)
        return UTF8Writer.bytes(capacity: capacity, finish) { output in
          _ = append(format, withCountryCode: withCountryCode, rule, digits, lentMetadata, into: &output)
        }
      }
    }
  }

  /// The international, national and RFC 3966 formats' UTF-8 (as
  /// ``formatted(_:)`` writes them), lent to `body` at once: the metadata
  /// is looked up once, and the RFC 3966 format rewrites the international
  /// format's grouping rather than grouping the digits again.
  package func withFormats(
    _ body: (
      _ international: UnsafeBufferPointer<UInt8>, _ national: UnsafeBufferPointer<UInt8>,
      _ rfc3966: UnsafeBufferPointer<UInt8>
    ) -> Void
  ) {
    let written: Void? = PhoneMetadataStore.shared.withMainMetadata(countryCode: countryCode) { metadata in
      nationalDigits.withUTF8 { digits in
        let international = groupingRule(for: .international, metadata, digits)
        let national = groupingRule(for: .national, metadata, digits)
        let capacity =
          2 * capacity(.international, international, digits, metadata)
          + capacity(.national, national, digits, metadata)
        let lentMetadata = Unmanaged.passUnretained(metadata)
        var ends = (international: 0, national: 0)
        UTF8Writer.bytes(
          capacity: capacity,
          { whole in
            body(
              UnsafeBufferPointer(rebasing: whole[..<ends.international]),
              UnsafeBufferPointer(rebasing: whole[ends.international..<ends.national]),
              UnsafeBufferPointer(rebasing: whole[ends.national...]))
          }
        ) { output in
          let grouping = append(
            .international, withCountryCode: true, international, digits, lentMetadata, into: &output)
          ends.international = output.count
          // The national grouping repeats the international one after a
          // prefix when the two come from one rule's programs.
          let prefix =
            digits.isEmpty || national?.toOpaque() != international?.toOpaque()
            ? nil : national?.takeUnretainedValue().nationalGroupingPrefix
          prefix?.withUnsafeBufferPointer { output.append($0) }
          _ = append(
            .national, withCountryCode: true, prefix == nil ? national : nil,
            grouping: prefix.map { _ in grouping },
            digits, lentMetadata, into: &output)
          ends.national = output.count
          _ = append(.rfc3966, withCountryCode: true, grouping: grouping, digits, lentMetadata, into: &output)
        }
      }
    }
    if written == nil { nationalDigits.withUTF8 { body($0, $0, $0) } }
  }

  /// The most bytes ``append(_:withCountryCode:_:grouping:_:_:into:)``
  /// writes for `format` grouped by `rule`.
  private func capacity(
    _ format: PhoneNumberFormat, _ rule: Unmanaged<NumberFormat>?, _ digits: UnsafeBufferPointer<UInt8>,
    _ metadata: RegionMetadata
  ) -> Int {
    let grouping =
      rule?._withUnsafeGuaranteedRef { $0.groupingCapacity(in: format, inputCount: digits.count) }
      ?? digits.count
    let extensionCount =
      extensionDigits.isEmpty ? 0 : Self.extensionPrefix(metadata, format).utf8.count + extensionDigits.count
    return 6 + UTF8Writer.decimalCapacity + grouping + extensionCount
  }

  /// Appends libphonenumber's `formatNumber` for the international,
  /// national or RFC 3966 format: the country code as the format writes it
  /// (`+CC `, `tel:+CC-`; left out without `withCountryCode`), the national
  /// number `digits` grouped by the format's `rule` (`formatNsn`) — or
  /// copied from `grouping`, the international format's grouping already
  /// written, that RFC 3966 rewrites and a national format may repeat —
  /// and the extension. Returns where the grouping was written, before
  /// RFC 3966's rewrite of its separators.
  private func append(
    _ format: PhoneNumberFormat, withCountryCode: Bool, _ rule: Unmanaged<NumberFormat>? = nil,
    grouping: Range<Int>? = nil, _ digits: UnsafeBufferPointer<UInt8>, _ metadata: Unmanaged<RegionMetadata>,
    into output: inout UTF8Writer
  ) -> Range<Int> {
    if withCountryCode && format != .national {
      if format == .rfc3966 { output.append("tel:" as StaticString) }
      output.append(UInt8(ascii: "+"))
      output.appendDecimal(countryCode)
      output.append(UInt8(ascii: format == .rfc3966 ? "-" : " "))
    }
    let groupingStart = output.count
    if let grouping {
      output.appendCopy(of: grouping)
    } else if let rule {
      rule._withUnsafeGuaranteedRef { $0.appendGrouping(of: digits, in: format, into: &output) }
    } else {
      output.append(digits)
    }
    let written = groupingStart..<output.count
    if format == .rfc3966 { output.rewrite(from: groupingStart, Self.rfc3966Separators) }
    if !extensionDigits.isEmpty {
      // Taken, and so retained, only for a number with an extension.
      output.append(Self.extensionPrefix(metadata.takeUnretainedValue(), format))
      extensionDigits.withUTF8 { output.append($0) }
    }
    return written
  }

  /// The format rule that groups the national number `digits` in `format`,
  /// nil when none fits: libphonenumber's choice in `formatNsn`. It comes
  /// from the international list when the metadata has one and the format
  /// is not the national one, else from the national list. The national
  /// rule chosen when the number was made (``formatRule``) decides it,
  /// through `RegionTables.internationalRules` for the international list,
  /// unless it was not chosen then or has no international counterpart:
  /// then the list is searched.
  ///
  /// The rule comes unretained: loaded metadata, and so its rules, lives as
  /// long as the process, so formatting reads it without counting
  /// references to it (each count an atomic operation).
  private func groupingRule(
    for format: PhoneNumberFormat, _ metadata: RegionMetadata, _ digits: UnsafeBufferPointer<UInt8>
  ) -> Unmanaged<NumberFormat>? {
    let international = format != .national && !metadata.internationalNumberFormats.isEmpty
    var rule = Int(formatRule)
    if international && rule >= 0 {
      let counterparts = metadata.tables.internationalRules
      rule = rule < counterparts.count ? Int(counterparts[rule]) : Int(Self.unchosenFormatRule)
    }
    if rule == Int(Self.unchosenFormatRule) {
      let tables = international ? metadata.tables.internationalFormats : metadata.tables.formats
      rule = tables.choose(digits) ?? -1
    }
    let rules = international ? metadata.internationalNumberFormats : metadata.numberFormats
    return rules.indices.contains(rule) ? Unmanaged.passUnretained(rules[rule]) : nil
  }

  /// Rewrites a grouping (UTF-8) as RFC 3966 writes it, in place: every run
  /// of separators (`PhoneCharacters.isSeparator`) becomes one hyphen, and
  /// a leading run is dropped. Returns the rewritten length, never more than
  /// the grouping's: a hyphen is written only where a separator was read.
  static func rfc3966Separators(_ text: UnsafeMutableBufferPointer<UInt8>) -> Int {
    var read = 0
    var written = 0
    var inSeparator = false
    while read < text.count {
      let lead = text[read]
      if lead &- UInt8(ascii: "0") < 10 {
        // A digit, most of a grouping: copied, after the hyphen of any run
        // of separators before it.
        if inSeparator && written > 0 {
          text[written] = UInt8(ascii: "-")
          written += 1
        }
        inSeparator = false
        text[written] = lead
        written += 1
        read += 1
        continue
      }
      let end: Int
      let isSeparator: Bool
      if lead < 0x80 {
        // ASCII, all a grouping holds as a rule: classified with no decoding.
        end = read + 1
        isSeparator = PhoneCharacters.isSeparator(Unicode.Scalar(lead))
      } else {
        end = min(read + (lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2), text.count)
        let scalar = String(decoding: UnsafeBufferPointer(rebasing: text[read..<end]), as: UTF8.self)
          .unicodeScalars.first
        isSeparator = scalar.map(PhoneCharacters.isSeparator) ?? false
      }
      if isSeparator {
        inSeparator = true
        read = end
        continue
      }
      if inSeparator && written > 0 {
        text[written] = UInt8(ascii: "-")
        written += 1
      }
      inSeparator = false
      while read < end {
        text[written] = text[read]
        written += 1
        read += 1
      }
    }
    if inSeparator && written > 0 {
      text[written] = UInt8(ascii: "-")
      written += 1
    }
    return written
  }

  /// `+`, the country code and the national number.
  var e164: String { withE164(UTF8Writer.makeString) }

  /// The E.164 form's UTF-8, lent to `body`.
  private func withE164<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    let countryCode = countryCode
    return nationalDigits.withUTF8 { digits in
      UTF8Writer.bytes(capacity: UTF8Writer.decimalCapacity + 1 + digits.count, body) { output in
        output.append(UInt8(ascii: "+"))
        output.appendDecimal(countryCode)
        output.append(digits)
      }
    }
  }

  /// What `format` writes between the number and its extension.
  static func extensionPrefix(_ metadata: RegionMetadata, _ format: PhoneNumberFormat) -> String {
    format == .rfc3966 ? ";ext=" : metadata.preferredExtensionPrefix ?? " ext. "
  }

  /// The extension as `format` writes it after the number; empty for none.
  static func extensionSuffix(
    _ numberExtension: String?, _ metadata: RegionMetadata, _ format: PhoneNumberFormat
  ) -> String {
    guard let numberExtension, !numberExtension.isEmpty else { return "" }
    return extensionPrefix(metadata, format) + numberExtension
  }
}

extension NumberFormat {
  /// The most bytes ``appendGrouping(of:in:into:)`` writes for `count`
  /// digits.
  func groupingCapacity(in format: PhoneNumberFormat, inputCount count: Int) -> Int {
    let program = format == .national ? nationalGrouping : grouping
    return program?.outputCapacity(inputCount: count)
      ?? (format == .national ? nationalLayout : layout).outputCapacity(inputCount: count)
  }

  /// Appends `digits`, which the pattern matches whole (this is the rule
  /// chosen for them), grouped as `format` writes them: the national
  /// layout (with the national-prefix rule) for the national format, else
  /// the plain one, filled in from the pattern's shape where it decides
  /// the match, else by matching.
  func appendGrouping(
    of digits: UnsafeBufferPointer<UInt8>, in format: PhoneNumberFormat, into output: inout UTF8Writer
  ) {
    if let program = format == .national ? nationalGrouping : grouping, !digits.isEmpty {
      program.write(digits, into: &output)
    } else {
      (format == .national ? nationalLayout : layout).apply(pattern, to: digits, into: &output)
    }
  }

  /// Puts a national-prefix (or carrier) rule in place of the layout's
  /// first group reference: rule `0$1` on `$1 $2` gives `0$1 $2`.
  static func applyingFirstGroupRule(_ rule: String, to layout: String) -> String {
    let bytes = Array(layout.utf8)
    guard
      let position = bytes.indices.first(where: { index in
        bytes[index] == UInt8(ascii: "$") && index + 1 < bytes.count && bytes[index + 1] >= 0x30
          && bytes[index + 1] <= 0x39
      })
    else { return layout }
    let reference = String(decoding: bytes[position..<position + 2], as: UTF8.self)
    let replacement = rule.replacing(every: "$1", with: reference)
    return String(decoding: bytes[..<position], as: UTF8.self) + replacement
      + String(decoding: bytes[(position + 2)...], as: UTF8.self)
  }
}
