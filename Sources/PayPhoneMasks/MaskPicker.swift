/// Chooses among a primary mask and affine masks for each input, by
/// affinity, the way InputMask's affine formats do.
///
/// Every mask is applied; the one with the highest affinity under the
/// strategy wins. The primary wins every tie, and among affine masks with
/// the same affinity the earlier one wins.
///
///     let picker = MaskPicker(
///       primary: try BracketMask("[000].[000].[000]-[00]"),       // CPF
///       affine: [try BracketMask("[00].[000].[000]/[0000]-[00]")],  // CNPJ
///       strategy: .wholeString)
///     picker.apply(CaretString("12345678901")).text     // "123.456.789-01"
///     picker.apply(CaretString("12345678000195")).text  // "12.345.678/0001-95"
public struct MaskPicker: Sendable, Hashable {
  /// What the picker chose for one input.
  public struct Choice: Sendable, Hashable {
    /// The winning mask.
    public let mask: BracketMask
    /// Its result on the input.
    public let result: MaskResult
    /// Its affinity under the picker's strategy.
    public let affinity: Int
  }

  /// The mask that wins ties.
  public let primary: BracketMask
  /// The alternatives, in order of preference among themselves.
  public let affine: [BracketMask]
  /// How masks are scored.
  public let strategy: AffinityStrategy

  /// A picker over compiled masks.
  public init(primary: BracketMask, affine: [BracketMask], strategy: AffinityStrategy = .wholeString) {
    self.primary = primary
    self.affine = affine
    self.strategy = strategy
  }

  /// Compiles the formats and makes a picker.
  ///
  /// - Throws: `MaskError` when any format does not compile.
  public init(
    primary: String, affine: [String], customNotations: [MaskNotation] = [],
    strategy: AffinityStrategy = .wholeString
  ) throws(MaskError) {
    self.primary = try BracketMask(primary, customNotations: customNotations)
    var masks: [BracketMask] = []
    for format in affine {
      masks.append(try BracketMask(format, customNotations: customNotations))
    }
    self.affine = masks
    self.strategy = strategy
  }

  /// Applies every mask and returns the winner with its result.
  public func choose(for input: CaretString) -> Choice {
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
  public func apply(_ input: CaretString) -> MaskResult {
    choose(for: input).result
  }

  /// The winning mask's result on the text an edit leaves (see `MaskEdit`).
  public func apply(_ edit: MaskEdit, autocomplete: Bool = true, autoskip: Bool = false) -> MaskResult {
    apply(edit.caretString(autocomplete: autocomplete, autoskip: autoskip))
  }

  private func score(_ mask: BracketMask, _ text: MaskInput, _ input: CaretString) -> Choice {
    let result = mask.apply(text, caret: input.caret, gravity: input.gravity)
    return Choice(
      mask: mask, result: result, affinity: strategy.affinity(of: mask, for: text, result: result))
  }
}
