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
    let countryCode = countryCode
    let formatRule = formatRule
    let formatted = PhoneMetadataStore.shared.withMainMetadata(countryCode: countryCode) { metadata in
      switch format {
      case .rfc3966:
        return Self.rfc3966(
          nationalDigits, countryCode: countryCode, extensionDigits: extensionDigits, metadata,
          formatRule: formatRule)
      case .national, .international, .e164:
        return grouped(format, metadata, PhoneNumberBytes.makeString)
      }
    }
    return formatted ?? nationalNumber
  }

  /// The international or national format's bytes, with `metadata` (the
  /// main metadata of the country code), given to `finish`.
  private func grouped<Result>(
    _ format: PhoneNumberFormat, _ metadata: RegionMetadata, _ finish: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    let useInternational = format != .national && !metadata.internationalNumberFormats.isEmpty
    return Self.grouped(
      nationalDigits, countryCode: countryCode, extensionDigits: extensionDigits,
      metadata: Unmanaged.passUnretained(metadata),
      formats: Unmanaged.passUnretained(
        useInternational ? metadata.tables.internationalFormats : metadata.tables.formats),
      rule: useInternational ? Self.internationalRule(formatRule, metadata) : Int(formatRule),
      format: format, finish)
  }

  /// The international list's rule for a number whose national rule is
  /// `formatRule` (-1 none, ``unchosenFormatRule`` not chosen): none for
  /// none (every international format is a national one), the matching
  /// one (`RegionTables.internationalRules`), or not chosen.
  private static func internationalRule(_ formatRule: Int16, _ metadata: RegionMetadata) -> Int {
    guard formatRule >= 0 else { return Int(formatRule) }
    let rules = metadata.tables.internationalRules
    return Int(formatRule) < rules.count ? Int(rules[Int(formatRule)]) : Int(unchosenFormatRule)
  }

  /// The international or national format's bytes, with `formats`, the
  /// tables of `metadata.formats(for: format)`, given to `finish` (which
  /// makes them a string, or lends them on). The metadata comes unmanaged:
  /// it lives as long as the process.
  private static func grouped<Result>(
    _ nationalDigits: NumberDigits, countryCode: Int, extensionDigits: NumberDigits,
    metadata: Unmanaged<RegionMetadata>, formats: Unmanaged<RegionTables.Formats>, rule: Int,
    format: PhoneNumberFormat, _ finish: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    nationalDigits.withUTF8 { digits in
      let plan = GroupedPlan(
        format, digits, extensionDigits: extensionDigits, metadata: metadata, formats: formats, rule: rule)
      return PhoneNumberBytes.bytes(capacity: plan.capacity, finish) { output in
        plan.write(digits, countryCode: countryCode, extensionDigits: extensionDigits, into: &output)
      }
    }
  }

  /// Lends `body` the UTF-8 of the four formats of the contract's `phone`
  /// record (E.164, international, national, RFC 3966), written one after
  /// another into one buffer with one look-up of the metadata and the
  /// national number's bytes read once: a record writer's way to ask for
  /// them all. The bytes are ``formatted(_:)``'s.
  package func withRecordFormats(_ body: (RecordFormatBytes) -> Void) {
    let written = PhoneMetadataStore.shared.withMainMetadata(countryCode: countryCode) { metadata -> Bool in
      if Self.withFilledRecordFormats(
        nationalDigits, countryCode: countryCode, extensionDigits: extensionDigits, metadata: metadata,
        formatRule: formatRule, body)
      {
        return true
      }
      Self.withRecordFormats(
        nationalDigits, countryCode: countryCode, extensionDigits: extensionDigits,
        metadata: Unmanaged.passUnretained(metadata), formatRule: formatRule, body)
      return true
    }
    if written == nil {
      // No metadata: every grouped format is the national number (as
      // `formatted`).
      nationalDigits.withUTF8 { digits in
        PhoneNumberBytes.withBuffer(capacity: 1 + PhoneNumberBytes.decimalCapacity + 4 * digits.count) {
          output in
          output.append(UInt8(ascii: "+"))
          output.appendDecimal(countryCode)
          for _ in 0..<4 { output.append(digits) }
          let e164End = output.count - 3 * digits.count
          body(
            RecordFormatBytes(
              all: output.written(0..<output.count), e164End: e164End,
              internationalEnd: e164End + digits.count,
              nationalEnd: e164End + 2 * digits.count))
        }
      }
    }
  }

  /// `withRecordFormats` for the usual number: a national number of at
  /// most ``RegionTables/wordRunDigitLimit`` digits whose format rule is
  /// chosen, none or one whose international and national rules have fill
  /// programs, so word runs for its length
  /// (`RegionTables.recordRuns(rule:digitCount:)`, the RFC 3966 rewrite's
  /// too). Each format is then word stores: the country code's, and two
  /// per run. False, having lent nothing, for any other number (the
  /// general writer's); the bytes are the general writer's.
  private static func withFilledRecordFormats(
    _ nationalDigits: NumberDigits, countryCode: Int, extensionDigits: NumberDigits, metadata: RegionMetadata,
    formatRule: Int16, _ body: (RecordFormatBytes) -> Void
  ) -> Bool {
    let digitCount = nationalDigits.count
    guard formatRule >= -1, countryCode > 0, countryCode < 1000, digitCount > 0,
      let runs = metadata.tables.recordRuns(rule: Int(formatRule), digitCount: digitCount)
    else { return false }
    let extensionPrefix = metadata.preferredExtensionPrefix ?? " ext. "
    let hasExtension = !extensionDigits.isEmpty
    let extensionCount = hasExtension ? extensionPrefix.utf8.count + extensionDigits.count : 0
    let (decimal, decimalCount) = PhoneNumberBytes.threeDigitDecimal(countryCode)
    let plusCode = UInt64(UInt8(ascii: "+")) | UInt64(decimal) &<< 8
    let codeShift = UInt64((1 &+ decimalCount) &* 8)
    // Each part stores whole words: eight bytes spare past the last.
    let capacity =
      (4 + 5 + 9 + 5 + 8) + digitCount + runs.internationalCount + runs.nationalCount + runs.rfc3966Count
      + 2 * extensionCount + 5 + extensionDigits.count
    return nationalDigits.withPaddedBytes { padded in
      PhoneNumberBytes.withBuffer(capacity: capacity) { output in
        func appendExtension() {
          guard hasExtension else { return }
          output.append(extensionPrefix)
          extensionDigits.withUTF8 { output.append($0) }
        }
        output.append(word: plusCode, count: 1 &+ decimalCount)
        nationalDigits.withUTF8 { output.append($0) }
        let e164End = output.count
        output.append(word: plusCode | UInt64(UInt8(ascii: " ")) &<< codeShift, count: 2 &+ decimalCount)
        output.append(wordRuns: runs.international, outputCount: runs.internationalCount, digits: padded)
        appendExtension()
        let internationalEnd = output.count
        output.append(wordRuns: runs.national, outputCount: runs.nationalCount, digits: padded)
        appendExtension()
        let nationalEnd = output.count
        // `tel:`, `+CC` and a hyphen.
        output.append(word: 0x3A6C_6574, count: 4)
        output.append(word: plusCode | UInt64(UInt8(ascii: "-")) &<< codeShift, count: 2 &+ decimalCount)
        output.append(wordRuns: runs.rfc3966, outputCount: runs.rfc3966Count, digits: padded)
        if hasExtension {
          output.append(word: 0x3D_7478_653B, count: 5)
          extensionDigits.withUTF8 { output.append($0) }
        }
        body(
          RecordFormatBytes(
            all: output.written(0..<output.count), e164End: e164End, internationalEnd: internationalEnd,
            nationalEnd: nationalEnd))
      }
      return true
    }
  }

  private static func withRecordFormats(
    _ nationalDigits: NumberDigits, countryCode: Int, extensionDigits: NumberDigits,
    metadata: Unmanaged<RegionMetadata>, formatRule: Int16, _ body: (RecordFormatBytes) -> Void
  ) {
    nationalDigits.withUTF8 { digits in
      metadata._withUnsafeGuaranteedRef { regionMetadata in
        let useInternational = !regionMetadata.internationalNumberFormats.isEmpty
        let international = GroupedPlan(
          .international, digits, extensionDigits: extensionDigits, metadata: metadata,
          formats: Unmanaged.passUnretained(
            useInternational ? regionMetadata.tables.internationalFormats : regionMetadata.tables.formats),
          rule: useInternational ? internationalRule(formatRule, regionMetadata) : Int(formatRule))
        let national = GroupedPlan(
          .national, digits, extensionDigits: extensionDigits, metadata: metadata,
          formats: Unmanaged.passUnretained(regionMetadata.tables.formats), rule: Int(formatRule))
        let extensionCount = extensionDigits.count
        // The RFC 3966 form rewrites the international one (without its
        // extension): see `appendRFC3966(ofInternational:...)`.
        let e164Capacity = 1 + PhoneNumberBytes.decimalCapacity + digits.count
        let capacity = e164Capacity + 2 * international.capacity + national.capacity + 10 + extensionCount
        PhoneNumberBytes.withBuffer(capacity: capacity) { output in
          output.append(UInt8(ascii: "+"))
          output.appendDecimal(countryCode)
          output.append(digits)
          let e164End = output.count
          international.write(
            digits, countryCode: countryCode, extensionDigits: NumberDigits(), into: &output)
          let grouped = output.count
          international.writeExtension(extensionDigits, into: &output)
          let internationalEnd = output.count
          national.write(digits, countryCode: countryCode, extensionDigits: extensionDigits, into: &output)
          let nationalEnd = output.count
          appendRFC3966(
            ofInternational: output.written(e164End..<grouped), countryCode: countryCode,
            extensionDigits: extensionDigits, into: &output)
          body(
            RecordFormatBytes(
              all: output.written(0..<output.count), e164End: e164End, internationalEnd: internationalEnd,
              nationalEnd: nationalEnd))
        }
      }
    }
  }

  /// How one grouped format (international or national) is written for a
  /// number's digits: the format rule chosen, its fill program when it has
  /// one, and the bytes it may take. The metadata and the formats come
  /// unmanaged: they live as long as the process.
  private struct GroupedPlan {
    let format: PhoneNumberFormat
    let metadata: Unmanaged<RegionMetadata>
    let formats: Unmanaged<RegionTables.Formats>
    let chosen: Int?
    let program: RegionTables.FillProgram?
    let capacity: Int

    /// The plan with `formats`, the tables of `metadata.formats(for:
    /// format)`, and `rule` (an index in them, -1 none, or
    /// ``unchosenFormatRule`` to choose it now).
    init(
      _ format: PhoneNumberFormat, _ digits: UnsafeBufferPointer<UInt8>, extensionDigits: NumberDigits,
      metadata: Unmanaged<RegionMetadata>, formats: Unmanaged<RegionTables.Formats>, rule: Int
    ) {
      self.format = format
      self.metadata = metadata
      self.formats = formats
      let chosen = formats._withUnsafeGuaranteedRef { tables in
        rule == Int(unchosenFormatRule)
          ? tables.choose(digits) : rule >= 0 && rule < tables.entries.count ? rule : nil
      }
      let program = chosen.flatMap { chosen in
        formats._withUnsafeGuaranteedRef {
          format == .national ? $0.entries[chosen].national : $0.entries[chosen].international
        }
      }
      var capacity = PhoneNumberBytes.decimalCapacity + 2 + digits.count
      metadata._withUnsafeGuaranteedRef { metadata in
        if !extensionDigits.isEmpty {
          capacity += (metadata.preferredExtensionPrefix ?? " ext. ").utf8.count + extensionDigits.count
        }
        if let program {
          capacity += program.capacity(inputCount: digits.count)
        } else if let chosen {
          capacity += metadata.formats(for: format)[chosen].layout(for: format).outputCapacity(
            inputCount: digits.count)
        }
      }
      self.chosen = chosen
      self.program = program
      self.capacity = capacity
    }

    /// Appends the format of `digits`, then the extension.
    func write(
      _ digits: UnsafeBufferPointer<UInt8>, countryCode: Int, extensionDigits: NumberDigits,
      into output: inout PhoneNumberBytes
    ) {
      if format == .international {
        output.append(UInt8(ascii: "+"))
        output.appendDecimal(countryCode)
        output.append(UInt8(ascii: " "))
      }
      if let program, digits.count > 0, digits.count < Int(Int32.max) {
        // The chosen pattern matches all the digits, and its shape decides how.
        formats._withUnsafeGuaranteedRef { $0.fill(program, digits, into: &output) }
      } else if let chosen {
        metadata._withUnsafeGuaranteedRef { metadata in
          let chosenFormat = metadata.formats(for: format)[chosen]
          chosenFormat.replaceWholeMatch(in: digits, with: chosenFormat.layout(for: format), into: &output)
        }
      } else {
        output.append(digits)
      }
      writeExtension(extensionDigits, into: &output)
    }

    /// Appends the region's extension prefix and the extension, if any.
    func writeExtension(_ extensionDigits: NumberDigits, into output: inout PhoneNumberBytes) {
      guard !extensionDigits.isEmpty else { return }
      metadata._withUnsafeGuaranteedRef { output.append($0.preferredExtensionPrefix ?? " ext. ") }
      extensionDigits.withUTF8 { output.append($0) }
    }
  }

  /// `tel:+CC-` and the international grouping with every separator run
  /// turned into `-` (a leading one dropped), then `;ext=` and the
  /// extension: the international format's text, rewritten byte by byte.
  private static func rfc3966(
    _ nationalDigits: NumberDigits, countryCode: Int, extensionDigits: NumberDigits,
    _ metadata: RegionMetadata,
    formatRule: Int16
  ) -> String {
    let useInternational = !metadata.internationalNumberFormats.isEmpty
    let extensionLength = 5 + extensionDigits.count
    // The international format's bytes, rewritten before any string is made.
    return grouped(
      nationalDigits, countryCode: countryCode, extensionDigits: NumberDigits(),
      metadata: Unmanaged.passUnretained(metadata),
      formats: Unmanaged.passUnretained(
        useInternational ? metadata.tables.internationalFormats : metadata.tables.formats),
      rule: useInternational ? internationalRule(formatRule, metadata) : Int(formatRule),
      format: .international
    ) { text in
      PhoneNumberBytes.string(capacity: text.count + 10 + extensionLength) { output in
        appendRFC3966(
          ofInternational: text, countryCode: countryCode, extensionDigits: extensionDigits, into: &output)
      }
    }
  }

  /// Appends the RFC 3966 form of a number whose international format
  /// (without its extension) is `international` (`+CC`, a space, the
  /// grouping): `tel:`, `+CC`, `-`, and the grouping with every separator
  /// run turned into `-` (a leading one dropped), then `;ext=` and the
  /// extension: at most `international.count + 10` bytes and the
  /// extension's (a separator run gives at most one hyphen).
  private static func appendRFC3966(
    ofInternational international: UnsafeBufferPointer<UInt8>, countryCode: Int,
    extensionDigits: NumberDigits,
    into output: inout PhoneNumberBytes
  ) {
    var space = 0
    while space < international.count && international[space] != UInt8(ascii: " ") { space += 1 }
    let grouping = UnsafeBufferPointer(rebasing: international[min(space + 1, international.count)...])
    output.append(UInt8(ascii: "t"))
    output.append(UInt8(ascii: "e"))
    output.append(UInt8(ascii: "l"))
    output.append(UInt8(ascii: ":"))
    if international.first == UInt8(ascii: "+") {
      output.append(international[..<space])
    } else {
      output.append(UInt8(ascii: "+"))
      output.appendDecimal(countryCode)
    }
    output.append(UInt8(ascii: "-"))
    if !appendASCIISeparatorsRewritten(grouping, to: &output) {
      output.append(rfc3966Separators(String(decoding: grouping, as: UTF8.self)))
    }
    if !extensionDigits.isEmpty {
      output.append(";ext=")
      extensionDigits.withUTF8 { output.append($0) }
    }
  }

  /// Appends `grouping` with every run of separators (libphonenumber's
  /// punctuation) as one hyphen, none leading; false, having appended
  /// nothing, when the grouping is not all ASCII.
  private static func appendASCIISeparatorsRewritten(
    _ grouping: UnsafeBufferPointer<UInt8>, to output: inout PhoneNumberBytes
  ) -> Bool {
    var isASCII = true
    // A hyphen per separator run, before the next byte kept: at most one
    // byte out per byte in.
    output.appendWritten(maximum: grouping.count) { target in
      var written = 0
      var inSeparator = false
      for byte in grouping {
        guard byte < 0x80 else {
          isASCII = false
          return 0
        }
        let isSeparator =
          byte < 0x40 ? asciiSeparatorsLow >> byte & 1 != 0 : asciiSeparatorsHigh >> (byte &- 0x40) & 1 != 0
        if isSeparator {
          inSeparator = true
          continue
        }
        if inSeparator && written > 0 {
          target[written] = UInt8(ascii: "-")
          written &+= 1
        }
        inSeparator = false
        target[written] = byte
        written &+= 1
      }
      if inSeparator && written > 0 {
        target[written] = UInt8(ascii: "-")
        written &+= 1
      }
      return written
    }
    return isASCII
  }

  /// `PhoneCharacters.isSeparator` of the ASCII bytes, one bit each
  /// (0x00-0x3F, 0x40-0x7F), so that the RFC 3966 rewrite tests each byte
  /// of a grouping with a shift, not a call: the space, `()-./`, `[]`,
  /// `x` and `~` (`RecordFormatsTests` checks them against
  /// `isSeparator`). Constants, where a computed table would be a lazy
  /// global, looked up at each call.
  static var asciiSeparatorsLow: UInt64 {
    1 << 0x20 | 1 << 0x28 | 1 << 0x29 | 1 << 0x2D | 1 << 0x2E | 1 << 0x2F
  }
  static var asciiSeparatorsHigh: UInt64 {
    1 << (0x5B - 64) | 1 << (0x5D - 64) | 1 << (0x78 - 64) | 1 << (0x7E - 64)
  }

  /// `+`, the country code and the national number.
  var e164: String {
    let countryCode = countryCode
    return nationalDigits.withUTF8 { digits in
      PhoneNumberBytes.string(capacity: PhoneNumberBytes.decimalCapacity + 1 + digits.count) { output in
        output.append(UInt8(ascii: "+"))
        output.appendDecimal(countryCode)
        output.append(digits)
      }
    }
  }

  /// How to dial the number from `region`: libphonenumber's out-of-country
  /// calling format. Within the same country (or NANPA) the national form,
  /// otherwise the caller's international prefix (`00 44 20 7946 0958`
  /// from Germany, `011 44 ...` from the US), or `+` when the caller's
  /// prefix is not a single one.
  ///
  ///     try PhoneNumber("+44 20 7946 0958").formattedForCalling(from: .us)
  ///     // "011 44 20 7946 0958"
  public func formattedForCalling(from region: RegionCode) -> String {
    let store = PhoneMetadataStore.shared
    guard let callerMetadata = store.metadata(for: region) else { return formatted(.international) }
    guard store.isKnownCountryCode(countryCode) else { return nationalNumber }
    if countryCode == 1 {
      if callerMetadata.countryCode == 1 { return "1 " + formatted(.national) }
    } else if countryCode == callerMetadata.countryCode {
      return formatted(.national)
    }
    var prefix = ""
    if let preferred = callerMetadata.preferredInternationalPrefix {
      prefix = preferred
    } else if let idd = callerMetadata.internationalPrefix?.source, Self.isSingleInternationalPrefix(idd) {
      prefix = idd
    }
    guard
      let metadata = store.metadata(
        countryCode: countryCode, region: store.mainRegion(countryCode: countryCode))
    else { return nationalNumber }
    let number =
      Self.formattedNationalNumber(nationalNumber, metadata, .international)
      + Self.extensionSuffix(numberExtension, metadata, .international)
    return prefix.isEmpty ? "+\(countryCode) " + number : "\(prefix) \(countryCode) " + number
  }

  /// `\d+` optionally followed by a wait-for-tone mark and more digits
  /// (`8~10`): an IDD pattern that is one literal prefix.
  static func isSingleInternationalPrefix(_ pattern: String) -> Bool {
    let parts = pattern.unicodeScalars.split(
      omittingEmptySubsequences: false,
      whereSeparator: { "~\u{2053}\u{223C}\u{FF5E}".unicodeScalars.contains($0) })
    guard parts.count <= 2 else { return false }
    return parts.allSatisfy { part in
      !part.isEmpty && part.allSatisfy { $0.value >= 0x30 && $0.value <= 0x39 }
    }
  }

  static func extensionSuffix(
    _ numberExtension: String?, _ metadata: RegionMetadata, _ format: PhoneNumberFormat
  ) -> String {
    guard let numberExtension, !numberExtension.isEmpty else { return "" }
    if format == .rfc3966 { return ";ext=" + numberExtension }
    return (metadata.preferredExtensionPrefix ?? " ext. ") + numberExtension
  }

  /// libphonenumber's `formatNsn`: the national number grouped by the
  /// first format whose leading digits and pattern fit.
  private static func formattedNationalNumber(
    _ nationalNumber: String, _ metadata: RegionMetadata, _ format: PhoneNumberFormat
  ) -> String {
    var digits = nationalNumber
    return digits.withUTF8 { digits -> String in
      guard let chosen = metadata.chooseFormat(for: format, digits) else {
        return nationalNumber
      }
      let layout = format == .national ? chosen.nationalLayout : chosen.layout
      let text = PhoneNumberBytes.string(capacity: layout.outputCapacity(inputCount: digits.count)) {
        output in
        chosen.replaceWholeMatch(in: digits, with: layout, into: &output)
      }
      return format == .rfc3966 ? Self.rfc3966Separators(text) : text
    }
  }

  /// Drops a leading separator run and turns every other run into `-`.
  static func rfc3966Separators(_ text: String) -> String {
    var output = String.UnicodeScalarView()
    var inSeparator = false
    var atStart = true
    for scalar in text.unicodeScalars {
      if PhoneCharacters.isSeparator(scalar) {
        inSeparator = true
        continue
      }
      if inSeparator && !atStart { output.append("-") }
      inSeparator = false
      atStart = false
      output.append(scalar)
    }
    if inSeparator && !atStart { output.append("-") }
    return String(output)
  }
}

extension NumberFormat {
  /// The layout of `format`: the national one (with the national-prefix
  /// rule) for the national format, else the plain one.
  func layout(for format: PhoneNumberFormat) -> FormatLayout {
    format == .national ? nationalLayout : layout
  }

  /// libphonenumber's `chooseFormattingPatternForNumber`.
  static func choose(from formats: [NumberFormat], for digits: UnsafeBufferPointer<UInt8>) -> NumberFormat? {
    for format in formats {
      if let leading = format.decidingLeadingDigits, !leading.matchesPrefix(digits) { continue }
      if format.pattern.matchesEntirely(digits) { return format }
    }
    return nil
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
    let replacement = rule.replacing("$1", with: reference)
    return String(decoding: bytes[..<position], as: UTF8.self) + replacement
      + String(decoding: bytes[(position + 2)...], as: UTF8.self)
  }

  /// ``replaceMatches(in:with:into:)`` for `digits`
  /// the pattern matches entirely (the chosen format's): a shaped pattern's
  /// first match is then all of them (a fixed length is theirs; a greedy
  /// varying part takes all the rest), so the layout is filled in once from
  /// the shape.
  func replaceWholeMatch(
    in digits: UnsafeBufferPointer<UInt8>, with layout: FormatLayout, into output: inout PhoneNumberBytes
  ) {
    if let shape = pattern.shape, shape.fixedLength != nil || shape.variablePartIsGreedy,
      digits.count > 0, digits.count < Int(Int32.max)
    {
      layout.fill(shape, in: digits, into: &output)
    } else {
      replaceMatches(in: digits, with: layout, into: &output)
    }
  }

  /// Replaces every match of the pattern in `digits`, left to right, with
  /// the layout (as a regex replace-all would; the chosen pattern matches
  /// the whole number, so normally once), into a buffer of at least
  /// `layout.outputCapacity(inputCount: digits.count)` free bytes.
  func replaceMatches(
    in digits: UnsafeBufferPointer<UInt8>, with layout: FormatLayout, into output: inout PhoneNumberBytes
  ) {
    var position = 0
    while position < digits.count {
      var found: (start: Int, match: PatternMatch)?
      for start in position..<digits.count {
        let rest = UnsafeBufferPointer(rebasing: digits[start...])
        if let match = pattern.prefixMatch(rest), match.end > 0 {
          found = (start, match)
          break
        }
      }
      guard let (start, match) = found else { break }
      output.append(digits[position..<start])
      layout.fill(match, in: UnsafeBufferPointer(rebasing: digits[start...]), into: &output)
      position = start + match.end
    }
    if position < digits.count { output.append(digits[position...]) }
  }
}

/// The four formats of a `phone` record, one after another in one buffer
/// (``PhoneNumber/withRecordFormats(_:)`` lends them, valid inside its body):
/// E.164, international, national, RFC 3966. The E.164 form ends with the
/// national number's digits.
package struct RecordFormatBytes {
  /// All four, in that order.
  package let all: UnsafeBufferPointer<UInt8>
  /// Where the E.164, international and national forms end in `all`.
  package let e164End: Int
  package let internationalEnd: Int
  package let nationalEnd: Int

  package var e164: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: all[..<e164End]) }
  package var international: UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: all[e164End..<internationalEnd])
  }
  package var national: UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: all[internationalEnd..<nationalEnd])
  }
  package var rfc3966: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: all[nationalEnd...]) }
}
