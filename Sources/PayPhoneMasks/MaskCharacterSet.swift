internal import PayPhoneText

/// The characters a custom mask symbol accepts.
///
/// A character belongs to the set when it is one of the listed characters,
/// when it falls into one of the included classes (every scalar of it a
/// decimal digit; a letter or mark; a letter, mark or number — the classes
/// of the built-in symbols `0`, `A`, `_`), or when each of its scalars lies
/// in one of the scalar ranges. Decimal digits of any script count as digits.
///
///     let nameCharacters = MaskCharacterSet.letters.union(MaskCharacterSet(charactersIn: " "))
///     nameCharacters.contains("é")  // true
///     nameCharacters.contains("1")  // false
public struct MaskCharacterSet: Sendable, Hashable {
  /// The included classes (never ``CharacterClasses/alphabetic``).
  private var classes: CharacterClasses = []
  private var characters: Set<Character> = []
  private var scalarRanges: [ClosedRange<Unicode.Scalar>] = []

  private init(classes: CharacterClasses) {
    self.classes = classes
  }

  /// Decimal digits of any script (folded to ASCII before they meet a mask).
  ///
  ///     MaskCharacterSet.decimalDigits.contains("٣")  // true
  public static let decimalDigits = MaskCharacterSet(classes: .digit)
  /// Letters and marks (Unicode L* and M*).
  ///
  ///     MaskCharacterSet.letters.contains("ж")  // true
  public static let letters = MaskCharacterSet(classes: .letter)
  /// Letters, marks and numbers (Unicode L*, M* and N*).
  ///
  ///     MaskCharacterSet.alphanumerics.contains("Ⅻ")  // true
  public static let alphanumerics = MaskCharacterSet(classes: .alphanumeric)

  /// The characters of `string`, each compared as a whole.
  ///
  ///     MaskCharacterSet(charactersIn: ".,")
  public init(charactersIn string: String) {
    characters = Set(string)
  }

  /// Every scalar in `range`.
  ///
  ///     MaskCharacterSet("a"..."f")
  public init(_ range: ClosedRange<Unicode.Scalar>) {
    scalarRanges = [range]
  }

  /// The characters in this set or in `other`.
  ///
  ///     MaskCharacterSet.letters.union(MaskCharacterSet(charactersIn: " ")).contains(" ")  // true
  public func union(_ other: MaskCharacterSet) -> MaskCharacterSet {
    var union = self
    union.classes.formUnion(other.classes)
    union.characters.formUnion(other.characters)
    union.scalarRanges += other.scalarRanges
    return union
  }

  /// Whether `character` belongs to the set.
  ///
  ///     MaskCharacterSet("a"..."f").contains("c")  // true
  public func contains(_ character: Character) -> Bool {
    if characters.contains(character) { return true }
    if !classes.isEmpty {
      let folded = DigitFolding.fold(String(character))
      if !classes.isDisjoint(with: CharacterClasses(utf8: folded.utf8)) { return true }
    }
    guard !scalarRanges.isEmpty else { return false }
    return character.unicodeScalars.allSatisfy { scalar in
      scalarRanges.contains { $0.contains(scalar) }
    }
  }
}
