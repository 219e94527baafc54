internal import PayPhoneText

/// How to score a mask against some input, to choose among several masks
/// (see `MaskPicker`). Higher is better.
///
///     try MaskPicker(primary: "[0000]", affine: ["[0…]"], strategy: .capacity)
public enum AffinityStrategy: Sendable, Hashable {
  /// The result's `affinity`: +1 per input character the mask took, −1
  /// per character it wrote itself or skipped.
  case wholeString
  /// How many characters the input and the formatted text share at the
  /// start.
  case prefix
  /// The input length minus the mask's `totalTextLength`: the fuller the
  /// mask, the better; `Int.min` when the input is longer than the mask.
  /// A mask without an upper bound (an ellipsis) scores `Int.min + 1`, so it
  /// wins only when no bounded mask fits.
  case capacity
  /// Like `capacity`, with the extracted value's length against the mask's
  /// `totalValueLength`.
  case extractedValueCapacity

  /// Scores `result`, the outcome of `mask` on `input`.
  func affinity(of mask: TextMask, for input: MaskInput, result: MaskResult) -> Int {
    switch self {
    case .wholeString:
      return result.affinity
    case .prefix:
      return MaskInput.with(result.text) { text in
        var shared = 0
        while shared < input.count && shared < text.count
          && input.character(shared, equals: text.range(shared), of: text.bytes)
        {
          shared += 1
        }
        return shared
      }
    case .capacity:
      return Self.capacity(used: input.count, total: mask.totalTextLength)
    case .extractedValueCapacity:
      return Self.capacity(used: Graphemes.count(in: result.value), total: mask.totalValueLength)
    }
  }

  private static func capacity(used: Int, total: Int?) -> Int {
    guard let total else { return Int.min + 1 }
    return used > total ? Int.min : used - total
  }
}
