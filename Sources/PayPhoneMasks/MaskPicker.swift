/// Chooses among a primary mask and affine masks for each input, by
/// affinity, the way InputMask's affine formats do.
///
/// Every mask is applied; the one with the highest affinity under the
/// strategy wins. The primary wins every tie, and among affine masks with
/// the same affinity the earlier one wins.
///
/// The masks are ``TextMask`` values, bracket or shorthand, and the picker is
/// an ``TextMasking`` itself.
///
///     let picker = MaskPicker(
///       primary: try TextMask("[000].[000].[000]-[00]"),       // CPF
///       affine: [try TextMask("[00].[000].[000]/[0000]-[00]")],  // CNPJ
///       strategy: .wholeString)
///     picker.apply(CaretText("12345678901")).text     // "123.456.789-01"
///     picker.apply(CaretText("12345678000195")).text  // "12.345.678/0001-95"
public struct MaskPicker: TextMasking, Hashable {
  /// What the picker chose for one input.
  ///
  ///     let choice = try MaskPicker(primary: "[00]", affine: ["[0000]"]).choose(for: CaretText("1234"))
  ///     choice.mask.format  // "[0000]"
  public struct Choice: Sendable, Hashable {
    /// The winning mask.
    ///
    ///     try MaskPicker(primary: "[00]", affine: []).choose(for: CaretText("1")).mask.format  // "[00]"
    public let mask: TextMask
    /// Its result on the input.
    ///
    ///     try MaskPicker(primary: "[00]", affine: []).choose(for: CaretText("1")).result.text  // "1"
    public let result: MaskResult
    /// Its affinity under the picker's strategy.
    ///
    ///     try MaskPicker(primary: "[00]", affine: []).choose(for: CaretText("1")).affinity  // 1
    public let affinity: Int
  }

  /// The mask that wins ties.
  ///
  ///     try MaskPicker(primary: "[00]", affine: ["[0000]"]).primary.format  // "[00]"
  public let primary: TextMask
  /// The alternatives, in order of preference among themselves.
  ///
  ///     try MaskPicker(primary: "[00]", affine: ["[0000]"]).affine.count  // 1
  public let affine: [TextMask]
  /// How masks are scored.
  ///
  ///     try MaskPicker(primary: "[00]", affine: []).strategy  // .wholeString
  public let strategy: AffinityStrategy

  /// A picker over compiled masks.
  ///
  ///     MaskPicker(primary: try TextMask("[00]"), affine: [try TextMask("[0000]")])
  public init(primary: TextMask, affine: [TextMask], strategy: AffinityStrategy = .wholeString) {
    self.primary = primary
    self.affine = affine
    self.strategy = strategy
  }

  /// Compiles the formats with ``TextMask``'s rule (a `[` means bracket
  /// notation, else shorthand) and makes a picker.
  ///
  ///     let taxID = try MaskPicker(primary: "[000].[000].[000]-[00]", affine: ["[00].[000].[000]/[0000]-[00]"])
  ///
  /// - Throws: `MaskError` when any format does not compile.
  public init(
    primary: String, affine: [String], customNotations: [MaskNotation] = [],
    strategy: AffinityStrategy = .wholeString
  ) throws(MaskError) {
    let compile = { (format: String) throws(MaskError) in
      try TextMask(format, customNotations: customNotations)
    }
    try self.init(primary: compile(primary), affine: affine.map(compile), strategy: strategy)
  }

  /// Applies every mask and returns the winner with its result.
  ///
  ///     try MaskPicker(primary: "[00]", affine: ["[0000]"]).choose(for: CaretText("1234")).affinity  // 4
  public func choose(for input: CaretText) -> Choice {
    MaskInput.with(input.text) { text in
      var best = score(primary, text, input)
      for mask in affine {
        let candidate = score(mask, text, input)
        if candidate.affinity > best.affinity { best = candidate }
      }
      return best
    }
  }

  /// The winning mask's result on `input`.
  ///
  ///     try MaskPicker(primary: "[00]", affine: ["[0000]"]).apply(CaretText("1234")).text  // "1234"
  public func apply(_ input: CaretText) -> MaskResult {
    choose(for: input).result
  }

  private func score(_ mask: TextMask, _ text: MaskInput, _ input: CaretText) -> Choice {
    let result = mask.apply(text, caret: input.caret, gravity: input.gravity)
    return Choice(
      mask: mask, result: result, affinity: strategy.affinity(of: mask, for: text, result: result))
  }
}
