@_spi(PayPhoneInternal) internal import PayPhoneCore

/// What the hot paths read of a region, in a few contiguous arrays so that
/// classifying and formatting a number touch few cache lines: for each
/// number type its automaton and the lengths it allows, for each format its
/// two automata, and the two-digit candidate filters (``PrefixCandidates``).
///
/// Derived from the region's descriptions and formats (which stay the
/// reference); the automata are shared with them, not copied.
struct RegionTables: Sendable {
  /// The automaton of each description's pattern, by `Kind.rawValue`
  /// (one entry per kind, checked when built: read unchecked).
  let typeAutomata: GeneratedTable<DigitPattern?>
  /// Per national-number length 0...62: bit k when description k allows
  /// that length (`NumberDescription.matches` before the pattern) and its
  /// pattern matches some input of it. Longer numbers match no description.
  /// 63 entries, checked when built: read unchecked.
  let typeLengths: GeneratedTable<UInt32>
  /// Which descriptions can match, by first two digits.
  let typeCandidates: PrefixCandidates?
  /// Whether every type a number is classified into implies the general
  /// description (its pattern and lengths include the type's): then the
  /// general description need not be checked first, as a type's match
  /// implies it and no match means unknown either way.
  let generalIsImplied: Bool
  let formats: Formats
  /// Empty when the international formats are the national ones.
  let internationalFormats: Formats
  /// For each national format, the international format the same number
  /// chooses when that national one is chosen: -2 when the international
  /// list must be searched (see ``internationalRules(_:_:)``).
  let internationalRules: [Int16]
  /// `lengthCheck(length)` of the general type, by length 0...63.
  let lengthChecks: [PhoneNumberPossibility]

  /// One list of formats: the automata `chooseFormat` runs, its filter,
  /// and each format's layouts compiled against its pattern's shape. A
  /// class, so the formatter can hold it without counting references to
  /// each of its arrays.
  final class Formats: Sendable {
    struct Entry: Sendable {
      let leadingDigits: DigitPattern?
      let pattern: DigitPattern
      /// The lengths below 64 the pattern matches some number of.
      let lengths: UInt64
      /// `layout` and `nationalLayout` as fill programs, when the pattern's
      /// shape decides the whole match (see `NumberFormat.replaceWholeMatch`).
      let international: FillProgram?
      let national: FillProgram?
    }

    /// An entry's programs as word runs for a record writer, for each
    /// length its pattern matches numbers of up to
    /// ``RegionTables/wordRunDigitLimit``: the ``LengthRuns`` of lengths
    /// `minimumLength` to `minimumLength + count - 1` from `first` in
    /// `lengthRuns` (all nil for a length between that the pattern does not
    /// match), so that finding a length's is one subtraction.
    struct RecordRuns: Sendable {
      let first: Int32
      let minimumLength: UInt8
      let count: UInt8
    }

    /// The word runs of an entry's `international` and `national`
    /// programs, and of the RFC 3966 rewrite of `international`, for one
    /// length (see ``WordRunBuilder/runs(of:length:rfc3966:)``);
    /// nil for a program the entry does not have.
    struct LengthRuns: Sendable {
      let international: WordRuns?
      let national: WordRuns?
      let rfc3966: WordRuns?
    }

    let entries: [Entry]
    /// One per entry.
    let recordRuns: GeneratedTable<RecordRuns>
    let lengthRuns: GeneratedTable<LengthRuns>
    let candidates: PrefixCandidates?
    /// The programs' steps and literal bytes, all formats' one after another.
    /// Every program's ranges, and every literal step's bytes, lie inside
    /// them (checked when built, ``checked(_:steps:literals:maps:)``):
    /// `fill` reads them unchecked.
    let steps: GeneratedTable<FillStep>
    let literals: GeneratedTable<UInt8>
    /// The programs' output maps (`FillProgram.map`), one after another.
    let maps: GeneratedTable<UInt16>
    /// The entries' word runs (``WordRuns``), one after another.
    let wordRuns: GeneratedTable<UInt64>

    init(_ formats: [NumberFormat]) {
      var steps: [FillStep] = []
      var literals: [UInt8] = []
      var maps: [UInt16] = []
      let programs = formats.map { format in
        (
          international: FillProgram(format.layout, format.pattern, &steps, &literals, &maps),
          national: FillProgram(format.nationalLayout, format.pattern, &steps, &literals, &maps)
        )
      }
      let stepTable = GeneratedTable(copying: steps)
      let literalTable = GeneratedTable(copying: literals)
      let mapTable = GeneratedTable(copying: maps)
      entries = zip(formats, programs).map { format, programs in
        // A program that fails the check is dropped: the format is then
        // filled in through its match, as one the shape does not decide.
        Entry(
          leadingDigits: format.decidingLeadingDigits, pattern: format.pattern,
          lengths: format.pattern.storage.acceptedLengths,
          international: Self.checked(
            programs.international, steps: stepTable, literals: literalTable, maps: mapTable),
          national: Self.checked(programs.national, steps: stepTable, literals: literalTable, maps: mapTable))
      }
      var builder = WordRunBuilder(steps: stepTable, literals: literalTable, maps: mapTable)
      var lengthRuns: [LengthRuns] = []
      recordRuns = GeneratedTable(
        copying: entries.map { entry in
          let first = Int32(lengthRuns.count)
          // The lengths 1...15 the pattern matches numbers of.
          let lengths = entry.lengths & 0xFFFE
          guard entry.international != nil || entry.national != nil, lengths != 0 else {
            return RecordRuns(first: first, minimumLength: 0, count: 0)
          }
          let minimum = lengths.trailingZeroBitCount
          let maximum = 63 - lengths.leadingZeroBitCount
          for length in minimum...maximum {
            guard lengths >> UInt64(length) & 1 != 0 else {
              lengthRuns.append(LengthRuns(international: nil, national: nil, rfc3966: nil))
              continue
            }
            lengthRuns.append(
              LengthRuns(
                international: builder.runs(of: entry.international, length: length, rfc3966: false),
                national: builder.runs(of: entry.national, length: length, rfc3966: false),
                rfc3966: builder.runs(of: entry.international, length: length, rfc3966: true)))
          }
          return RecordRuns(first: first, minimumLength: UInt8(minimum), count: UInt8(maximum - minimum + 1))
        })
      self.lengthRuns = GeneratedTable(copying: lengthRuns)
      self.steps = stepTable
      self.literals = literalTable
      self.maps = mapTable
      wordRuns = GeneratedTable(copying: builder.runs)
      candidates = PrefixCandidates(count: formats.count) { index, first, second in
        let format = formats[index]
        if let leading = format.decidingLeadingDigits,
          !leading.storage.mayMatchPrefix(startingWith: first, second)
        {
          return false
        }
        return format.pattern.storage.mayMatchEntirely(startingWith: first, second)
      }
    }

    /// `program` when what `fill` reads of it lies inside the tables: its
    /// steps, its map, each literal step's bytes, and the input: every
    /// digit entry of its map is below its fixed length (the map is then
    /// filled in without a check per byte).
    static func checked(
      _ program: FillProgram?, steps: GeneratedTable<FillStep>, literals: GeneratedTable<UInt8>,
      maps: GeneratedTable<UInt16>
    ) -> FillProgram? {
      guard let program else { return nil }
      do throws(TableDefect) {
        try steps.check(range: program.steps)
        try maps.check(range: program.map)
        for step in steps.elements(unchecked: program.steps) where step.kind == .literal {
          let start = Int(UInt16(bitPattern: step.start))
          try literals.check(range: start..<start + Int(UInt16(bitPattern: step.end)))
        }
      } catch {
        return nil
      }
      let digitEntries = maps.elements(unchecked: program.map).lazy.filter { $0 & 0x100 == 0 }
      guard digitEntries.allSatisfy({ Int($0) < program.fixedLength }) else { return nil }
      return program
    }

    /// Makes the entries' word runs (``WordRuns``), into one array, with
    /// scratch arrays kept between programs (a region's tables are built
    /// as it is first used: few allocations).
    struct WordRunBuilder {
      let steps: GeneratedTable<FillStep>
      let literals: GeneratedTable<UInt8>
      let maps: GeneratedTable<UInt16>
      /// The runs made so far.
      private(set) var runs: [UInt64] = []
      /// One entry per output byte, as `FillProgram.map`: a literal byte
      /// with bit 8 set, or a digit's index.
      private var entries: [UInt16] = []
      private var rewritten: [UInt16] = []

      init(steps: GeneratedTable<FillStep>, literals: GeneratedTable<UInt8>, maps: GeneratedTable<UInt16>) {
        self.steps = steps
        self.literals = literals
        self.maps = maps
      }

      /// What `fill` writes with `program` (checked) for an input of
      /// `length` digits, as word runs appended to `runs`; with `rfc3966`,
      /// that output with its separator runs rewritten as
      /// `PhoneNumber.appendRFC3966` rewrites the international grouping
      /// (every run one hyphen, none leading): nil when a literal byte is
      /// not ASCII (that rewrite then takes the string's scalars). Digits
      /// are never separators, so the rewrite of the steps' output is the
      /// rewrite of every output they make.
      mutating func runs(of program: FillProgram?, length: Int, rfc3966: Bool) -> WordRuns? {
        guard let program, length > 0, length <= RegionTables.wordRunDigitLimit else { return nil }
        entries.removeAll(keepingCapacity: true)
        if length == program.fixedLength {
          // The steps already run for that length.
          entries.append(contentsOf: maps.elements(unchecked: program.map))
        } else {
          let literals = literals
          var entries = entries
          self.entries = []
          for step in steps.elements(unchecked: program.steps) {
            step.run(
              length: length,
              literal: { start, end in
                for byte in literals.elements(unchecked: start..<end) { entries.append(0x100 | UInt16(byte)) }
              },
              // Below `length`, as `run` makes sure.
              digits: { start, end in
                for index in start..<end { entries.append(UInt16(index)) }
              })
          }
          self.entries = entries
        }
        guard rfc3966 else { return Self.append(entries, to: &runs) }
        rewritten.removeAll(keepingCapacity: true)
        var inSeparator = false
        let hyphen = 0x100 | UInt16(UInt8(ascii: "-"))
        for entry in entries {
          if entry & 0x100 != 0 {
            let byte = UInt8(truncatingIfNeeded: entry)
            guard byte < 0x80 else { return nil }
            let isSeparator =
              byte < 0x40
              ? PhoneNumber.asciiSeparatorsLow >> byte & 1 != 0
              : PhoneNumber.asciiSeparatorsHigh >> (byte - 0x40) & 1 != 0
            if isSeparator {
              inSeparator = true
              continue
            }
          }
          if inSeparator && !rewritten.isEmpty { rewritten.append(hyphen) }
          inSeparator = false
          rewritten.append(entry)
        }
        if inSeparator && !rewritten.isEmpty { rewritten.append(hyphen) }
        return Self.append(rewritten, to: &runs)
      }

      /// `entries` (one per output byte) as runs appended to `runs`.
      private static func append(_ entries: [UInt16], to runs: inout [UInt64]) -> WordRuns? {
        let first = runs.count
        guard entries.count <= Int(UInt8.max) else { return nil }
        var index = 0
        while index < entries.count {
          // Consecutive digits of the input, maybe none.
          var run: UInt64 = 0
          if entries[index] & 0x100 == 0 {
            let source = entries[index]
            var count: UInt16 = 1
            while index + Int(count) < entries.count && entries[index + Int(count)] == source + count {
              count += 1
            }
            run = UInt64(source) | UInt64(count) << 4
            index += Int(count)
          }
          // Then up to six literal bytes, maybe none.
          var literalCount = 0
          while literalCount < 6 && index < entries.count && entries[index] & 0x100 != 0 {
            run |= UInt64(entries[index] & 0xFF) << UInt64(16 + 8 * literalCount)
            literalCount += 1
            index += 1
          }
          runs.append(run | UInt64(literalCount) << 8)
        }
        guard let start = UInt16(exactly: first), let count = UInt8(exactly: runs.count - first) else {
          runs.removeSubrange(first...)
          return nil
        }
        return WordRuns(start: start, count: count, outputCount: UInt8(entries.count))
      }
    }

    /// The runs of entry `index` for `length` digits, when it has them.
    @inline(__always)
    func lengthRuns(at index: Int, length: Int) -> LengthRuns? {
      guard index >= 0 && index < recordRuns.count else { return nil }
      let entry = recordRuns[unchecked: index]
      // Unsigned: a length below the minimum is past the count too.
      let offset = UInt(bitPattern: length &- Int(entry.minimumLength))
      guard offset < UInt(entry.count) else { return nil }
      // Made with the entries' runs: inside the table.
      return lengthRuns[unchecked: Int(entry.first) &+ Int(offset)]
    }

    /// The runs of `runs` (made with these tables, which hold them as
    /// long as they live).
    @inline(__always)
    func elements(_ runs: WordRuns) -> UnsafeBufferPointer<UInt64> {
      wordRuns.elements(unchecked: Int(runs.start)..<Int(runs.start) + Int(runs.count))
    }

    /// Runs `program` on `digits` (which the program's pattern matches
    /// entirely): `FormatLayout.fill(_:in:into:)` with the pattern's shape.
    func fill(
      _ program: FillProgram, _ digits: UnsafeBufferPointer<UInt8>, into output: inout PhoneNumberBytes
    ) {
      if digits.count == program.fixedLength {
        // The usual case: the output worked out beforehand, byte by byte.
        output.append(checkedMapping: maps.elements(unchecked: program.map), digits)
        return
      }
      for step in steps.elements(unchecked: program.steps) {
        step.run(
          length: digits.count,
          literal: { start, end in output.append(literals.elements(unchecked: start..<end)) },
          digits: { start, end in output.append(UnsafeBufferPointer(rebasing: digits[start..<end])) })
      }
    }

    /// `NumberFormat.choose` over these formats, as an index: the first
    /// whose deciding leading digits start `digits` and whose pattern
    /// matches them all, trying only the formats the filter allows.
    func choose(_ digits: UnsafeBufferPointer<UInt8>) -> Int? {
      entries.withUnsafeBufferPointer { entries in
        // The pattern cannot match a number of a length it has no input of.
        let length: UInt64 = digits.count < 64 ? 1 << UInt64(digits.count) : ~0
        func accepts(_ entry: Entry) -> Bool {
          (digits.count >= 64 || entry.lengths & length != 0)
            && entry.leadingDigits?.matchesPrefix(digits) != false && entry.pattern.matchesEntirely(digits)
        }
        guard let candidates else { return entries.firstIndex(where: accepts) }
        var mask = candidates.mask(for: digits)
        while mask != 0 {
          let index = mask.trailingZeroBitCount
          mask &= mask &- 1
          guard index < entries.count else { return nil }
          if accepts(entries[index]) { return index }
        }
        return nil
      }
    }
  }

  /// A layout filled in from a shaped pattern's whole match: its steps.
  struct FillProgram: Sendable {
    let steps: Range<Int>
    /// For sizing the output: literal bytes, and group references (each
    /// copies at most the whole input).
    let literalCount: Int
    let referenceCount: Int
    /// When the pattern matches numbers of one length only (most do): that
    /// length, and in `map` the steps run once on it, one entry per output
    /// byte (see `PhoneNumberBytes.append(checkedMapping:_:)`), so that filling
    /// in is one loop over the output instead of a copy per step. -1 and
    /// empty otherwise.
    let fixedLength: Int
    let map: Range<Int>

    /// Compiles `layout` against `pattern`'s shape, appending its steps,
    /// literals and map; nil when the shape does not decide the match.
    init?(
      _ layout: FormatLayout, _ pattern: DigitPattern, _ steps: inout [FillStep], _ literals: inout [UInt8],
      _ maps: inout [UInt16]
    ) {
      guard let shape = pattern.shape, shape.fixedLength != nil || shape.variablePartIsGreedy else {
        return nil
      }
      let first = steps.count
      var literalCount = 0
      var referenceCount = 0
      for piece in layout.pieces {
        switch piece {
        case .literal(let range):
          guard let start = UInt16(exactly: literals.count), let count = UInt16(exactly: range.count) else {
            return nil
          }
          steps.append(
            FillStep(kind: .literal, start: Int16(bitPattern: start), end: Int16(bitPattern: count)))
          literals += layout.literals.elements(unchecked: range)
          literalCount += range.count
        case .group(let index):
          referenceCount += 1
          if index == 0 {
            steps.append(FillStep(kind: .whole, start: 0, end: 0))
          } else if let slots = shape.slots(ofGroup: index) {
            steps.append(FillStep(kind: slots.kind, start: slots.start, end: slots.end))
          }
        // A group beyond the pattern's is unset: it writes nothing.
        }
      }
      self.steps = first..<steps.count
      self.literalCount = literalCount
      self.referenceCount = referenceCount
      let mapStart = maps.count
      if let length = shape.fixedLength, length > 0, length < 256 {
        for step in steps[first...] {
          step.run(
            length: length,
            literal: { start, end in maps += literals[start..<end].map { 0x100 | UInt16($0) } },
            digits: { start, end in maps += (start..<end).map { UInt16($0) } })
        }
        fixedLength = length
      } else {
        fixedLength = -1
      }
      map = mapStart..<maps.count
    }

    /// Output bytes at most, for `count` input digits.
    func capacity(inputCount count: Int) -> Int {
      literalCount + referenceCount * count
    }
  }

  /// A fill program's output for one input length as runs of one word
  /// each, so that a record writer fills a format in with two word stores
  /// per run rather than a byte per map entry
  /// (`PhoneNumberBytes.append(wordRuns:...)`). A run is consecutive
  /// digits of the input, then literal bytes, either maybe none: bits 0-3
  /// the first digit's index, 4-7 the digits' count (at most 15, all below
  /// the input's length), 8-15 the literal bytes' count (at most six), the
  /// bytes above.
  struct WordRuns: Sendable {
    /// Where the runs are in `Formats.wordRuns`, and how many.
    let start: UInt16
    let count: UInt8
    /// The bytes the runs write.
    let outputCount: UInt8
  }

  /// The most digits a word run copies, and so the longest national number
  /// a record writer fills in with runs: a run holds its first digit's
  /// offset and its digit count in four bits each.
  static let wordRunDigitLimit = 15

  /// For each length L from 1 to ``wordRunDigitLimit``, at L - 1, the
  /// one run that copies all L digits.
  static let wholeDigitRuns = GeneratedTable(
    copying: (1...RegionTables.wordRunDigitLimit).map { UInt64($0) << 4 })

  /// The runs a record writer fills in the international, national and
  /// RFC 3966 formats of a number with (see ``recordRuns(rule:digitCount:)``),
  /// inside tables that live as long as the metadata.
  struct RecordRunPlan {
    let international: UnsafeBufferPointer<UInt64>
    let internationalCount: Int
    let national: UnsafeBufferPointer<UInt64>
    let nationalCount: Int
    let rfc3966: UnsafeBufferPointer<UInt64>
    let rfc3966Count: Int
  }

  /// The runs for a number of `digitCount` digits whose national format
  /// rule is `rule` (an index in `formats`), when its international rule
  /// is chosen by it (`internationalRules`, or the same rule when the
  /// international formats are the national ones) and both rules have
  /// fill programs (so runs for that length); nil otherwise.
  ///
  /// Rule -1 (no format fits the number) writes the digits as they are in
  /// both formats, and in the RFC 3966 one (digits are no separators).
  @inline(__always)
  func recordRuns(rule: Int, digitCount: Int) -> RecordRunPlan? {
    if rule == -1 {
      guard digitCount > 0 && digitCount <= RegionTables.wordRunDigitLimit else { return nil }
      let whole = Self.wholeDigitRuns.elements(unchecked: digitCount - 1..<digitCount)
      return RecordRunPlan(
        international: whole, internationalCount: digitCount, national: whole, nationalCount: digitCount,
        rfc3966: whole, rfc3966Count: digitCount)
    }
    guard let national = formats.lengthRuns(at: rule, length: digitCount)?.national else { return nil }
    let internationalRuns: Formats.LengthRuns?
    if internationalFormats.entries.isEmpty {
      internationalRuns = formats.lengthRuns(at: rule, length: digitCount)
    } else {
      guard rule < internationalRules.count else { return nil }
      internationalRuns = internationalFormats.lengthRuns(
        at: Int(internationalRules[rule]), length: digitCount)
    }
    guard let international = internationalRuns?.international, let rfc3966 = internationalRuns?.rfc3966
    else {
      return nil
    }
    let internationalTables = internationalFormats.entries.isEmpty ? formats : internationalFormats
    return RecordRunPlan(
      international: internationalTables.elements(international),
      internationalCount: Int(international.outputCount), national: formats.elements(national),
      nationalCount: Int(national.outputCount), rfc3966: internationalTables.elements(rfc3966),
      rfc3966Count: Int(rfc3966.outputCount))
  }

  /// One step of a fill program: literal bytes, or digits of the input.
  struct FillStep: Sendable {
    enum Kind: UInt8, Sendable {
      /// `literals[start..<start + end]` (both as unsigned).
      case literal
      /// The whole input (`$0`).
      case whole
      /// A group's span; the four kinds say which of its two offsets count
      /// back from the end of the input (start, end).
      case span
      case spanEndFromEnd
      case spanStartFromEnd
      case spanBothFromEnd
    }

    let kind: Kind
    let start: Int16
    let end: Int16

    /// What the step writes for an input of `length` digits: `literal`
    /// with a range of the literal bytes, or `digits` with a range of the
    /// input (none for an unset or reversed span, as for a nil group).
    @inline(__always)
    func run(length: Int, literal: (Int, Int) -> Void, digits: (Int, Int) -> Void) {
      var start = Int(self.start)
      var end = Int(self.end)
      switch kind {
      case .literal:
        start = Int(UInt16(bitPattern: self.start))
        literal(start, start &+ Int(UInt16(bitPattern: self.end)))
        return
      case .whole:
        digits(0, length)
        return
      case .span: break
      case .spanEndFromEnd: end = length &- end
      case .spanStartFromEnd: start = length &- start
      case .spanBothFromEnd:
        start = length &- start
        end = length &- end
      }
      if start >= 0 && end >= start && end <= length { digits(start, end) }
    }
  }

  init(
    descriptions: [NumberDescription?], numberFormats: [NumberFormat],
    internationalNumberFormats: [NumberFormat]
  ) {
    // One entry per kind, whatever `descriptions` holds (lookups skip the
    // bounds check).
    typeAutomata = GeneratedTable(
      copying: NumberDescription.Kind.allCases.map { kind in
        descriptions.indices.contains(kind.rawValue) ? descriptions[kind.rawValue]?.pattern : nil
      })
    // A description whose pattern has no input of a length cannot match it.
    let patternLengths = descriptions.map { $0?.pattern?.storage.acceptedLengths ?? 0 }
    typeLengths = GeneratedTable(
      copying: (0..<63).map { length in
        var bits: UInt32 = 0
        for (kind, description) in descriptions.enumerated()
        where description?.allowsLength(length) == true && patternLengths[kind] & 1 << UInt64(length) != 0 {
          bits |= 1 << UInt32(kind)
        }
        return bits
      })
    // What the unchecked reads of `typeCandidates(for:)` and `matches`
    // rely on; both tables are made just above, so a failure is a bug here.
    precondition(
      typeAutomata.count == NumberDescription.Kind.allCases.count && typeLengths.count == 63,
      "region tables of the wrong size")
    typeCandidates = PrefixCandidates(count: descriptions.count) { index, first, second in
      descriptions[index]?.pattern?.storage.mayMatchEntirely(startingWith: first, second) ?? false
    }
    generalIsImplied = Self.generalIncludesTypes(descriptions)
    formats = Formats(numberFormats)
    internationalFormats = Formats(internationalNumberFormats)
    internationalRules = Self.internationalRules(numberFormats, internationalNumberFormats)
    lengthChecks = (0..<64).map { length in
      RegionMetadata.computedLengthCheck(length, type: .unknown, descriptions: descriptions)
    }
  }

  /// Which international format a number takes when national format i is
  /// its rule. Whether a format takes a number depends only on its pattern
  /// and leading digits; the international list is the national one less
  /// the formats with no international form, the rest with other layouts
  /// (libphonenumber builds it so). Matched in order, the international
  /// formats before the one matched to national format i are matched to
  /// national formats before i, which do not take the number: so the
  /// international choice is that one. National formats matched to none,
  /// and every one when the lists are not so related, say -2: search.
  static func internationalRules(_ national: [NumberFormat], _ international: [NumberFormat]) -> [Int16] {
    var rules = [Int16](repeating: -2, count: national.count)
    guard !international.isEmpty, international.count <= Int(Int16.max) else { return rules }
    func key(_ format: NumberFormat) -> [String] {
      [format.pattern.source] + format.leadingDigitsPatterns.map(\.source)
    }
    var next = 0
    for (index, format) in international.enumerated() {
      let wanted = key(format)
      while next < national.count && key(national[next]) != wanted { next += 1 }
      guard next < national.count else { return [Int16](repeating: -2, count: national.count) }
      rules[next] = Int16(index)
      next += 1
    }
    return rules
  }

  /// Whether each type `numberType` consults matches only numbers the
  /// general description matches: its lengths among the general lengths,
  /// its pattern's language inside the general pattern's.
  private static func generalIncludesTypes(_ descriptions: [NumberDescription?]) -> Bool {
    guard let general = descriptions[NumberDescription.Kind.general.rawValue],
      let generalPattern = general.pattern
    else { return false }
    let consulted: [NumberDescription.Kind] = [
      .premiumRate, .tollFree, .sharedCost, .voip, .personalNumber, .pager, .uan, .voicemail, .fixedLine,
      .mobile,
    ]
    for kind in consulted {
      // A description without a pattern matches nothing.
      guard let description = descriptions[kind.rawValue], let pattern = description.pattern else { continue }
      for length in 0..<63 where description.allowsLength(length) && !general.allowsLength(length) {
        return false
      }
      guard pattern.storage.isIncluded(in: generalPattern.storage) else { return false }
    }
    return true
  }

  /// The descriptions (by `Kind.rawValue` bit) that may match `digits`: a
  /// pattern, the length allowed, the first two digits not ruled out.
  func typeCandidates(for digits: UnsafeBufferPointer<UInt8>) -> UInt32 {
    // 63 lengths (checked when built): no bounds check.
    guard digits.count < 63 else { return 0 }
    let lengths = typeLengths[unchecked: digits.count]
    return lengths & (typeCandidates?.mask(for: digits) ?? ~0)
  }

  /// Whether description `kind` (a bit of `candidates`) matches `digits`:
  /// `NumberDescription.matches`.
  @inline(__always)
  func matches(_ kind: NumberDescription.Kind, _ digits: UnsafeBufferPointer<UInt8>, candidates: UInt32)
    -> Bool
  {
    guard candidates & 1 << UInt32(kind.rawValue) != 0 else { return false }
    // One automaton per kind, always (checked when built): no bounds check.
    return typeAutomata[unchecked: kind.rawValue]?.matchesEntirely(digits) ?? false
  }
}
