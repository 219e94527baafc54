import PayPhoneMasks
import Testing

// Choosing among masks by affinity (Sources/PayPhoneMasks/PayPhoneMasks.docc/InputMasks.md,
// "Several formats in one field"): the highest score
// wins, the primary wins ties. Scores are worked out by hand.

@Suite struct MaskPickerTests {
  static let cpf = "[000].[000].[000]-[00]"
  static let cnpj = "[00].[000].[000]/[0000]-[00]"

  @Test func wholeStringTellsACPFFromACNPJ() throws {
    let picker = try MaskPicker(primary: Self.cpf, affine: [Self.cnpj])
    // CPF: 11 taken, 3 written → 8; CNPJ: 11 taken, 3 written → 8: a tie.
    let cpf = picker.choose(for: CaretText("12345678901"))
    #expect(cpf.mask.format == Self.cpf)
    #expect(cpf.affinity == 8)
    #expect(cpf.result.text == "123.456.789-01")
    // CPF: 11 taken, 3 written, 3 dropped → 5; CNPJ: 14 taken, 4 written → 10.
    let cnpj = picker.choose(for: CaretText("12345678000195"))
    #expect(cnpj.mask.format == Self.cnpj)
    #expect(cnpj.affinity == 10)
    #expect(cnpj.result.text == "12.345.678/0001-95")
  }

  @Test func primaryWinsTies() throws {
    let picker = try MaskPicker(primary: "[00]-[00]", affine: ["[00]/[00]"])
    #expect(picker.apply(CaretText("1234")).text == "12-34")
    #expect(picker.apply(CaretText("12/34")).text == "12/34")
  }

  @Test func earlierAffineMaskWinsTiesAmongAffineMasks() throws {
    let picker = try MaskPicker(primary: "[00]-[00]", affine: ["[00]/[00]", "[00]/[00]/"])
    // Both affine masks take all 5 characters and write nothing (the
    // second's trailing "/" is written by autocomplete, which is not scored).
    let choice = picker.choose(for: CaretText("12/34", gravity: .forward(autocomplete: false)))
    #expect(choice.mask.format == "[00]/[00]")
  }

  @Test func prefixFavoursTheMaskThatKeepsWhatWasTyped() throws {
    let picker = try MaskPicker(
      primary: "+7 ([000]) [000]-[00]-[00]", affine: ["8 ([000]) [000]-[00]-[00]"], strategy: .prefix)
    #expect(picker.apply(CaretText("8 (9")).text == "8 (9")
    #expect(picker.apply(CaretText("+7 (9")).text == "+7 (9")
  }

  @Test func capacityFavoursTheFullestMaskThatFits() throws {
    let picker = try MaskPicker(primary: "[00]-[00]", affine: ["[00]-[00]-[00]"], strategy: .capacity)
    // 5 characters: 5 - 5 = 0 beats 5 - 8 = -3.
    #expect(picker.apply(CaretText("12-34")).text == "12-34")
    // 7 characters do not fit the primary (Int.min); 7 - 8 = -1.
    #expect(picker.apply(CaretText("12-34-5")).text == "12-34-5")
    #expect(picker.choose(for: CaretText("12-34-5")).affinity == -1)
  }

  @Test func capacityTakesAMaskWithoutEndOnlyWhenNothingElseFits() throws {
    let picker = try MaskPicker(primary: "[0000]", affine: ["[0…]"], strategy: .capacity)
    #expect(picker.choose(for: CaretText("123")).mask.format == "[0000]")
    #expect(picker.choose(for: CaretText("123456")).mask.format == "[0…]")
    #expect(picker.choose(for: CaretText("123456")).affinity == Int.min + 1)
  }

  @Test func extractedValueCapacityComparesValueLengths() throws {
    let shortFirst = try MaskPicker(
      primary: "[0000]", affine: ["[000000]"], strategy: .extractedValueCapacity)
    // Values "123": 3 - 4 = -1 beats 3 - 6 = -3.
    #expect(shortFirst.choose(for: CaretText("123")).mask.format == "[0000]")
    let longFirst = try MaskPicker(primary: "[000000]", affine: ["[0000]"], strategy: .extractedValueCapacity)
    // Values "12": 2 - 6 = -4 loses to 2 - 4 = -2.
    #expect(longFirst.choose(for: CaretText("12")).mask.format == "[0000]")
  }

  @Test func wholeStringKeepsAFormattedCPFWhenTypingOn() throws {
    // InputMask's known limit (its issue #26): in the formatted CPF text the
    // CPF mask takes all 14 characters (13 after dropping the new digit),
    // the CNPJ mask 12 digits minus 3 skipped and 3 written separators (6).
    let picker = try MaskPicker(primary: Self.cpf, affine: [Self.cnpj])
    let result = picker.apply(TextEdit("123.456.789-01", replacing: 14..<14, with: "2"))
    #expect(result.text == "123.456.789-01")
    #expect(result.caret == 14)
  }

  @Test func capacitySwitchesFromCPFToCNPJWhileTyping() throws {
    let picker = try MaskPicker(primary: Self.cpf, affine: [Self.cnpj], strategy: .capacity)
    // 15 characters no longer fit the CPF mask (14); 15 - 18 = -3 for CNPJ.
    let result = picker.apply(TextEdit("123.456.789-01", replacing: 14..<14, with: "2"))
    #expect(result.text == "12.345.678/9012-")
    #expect(result.caret == 16)
    #expect(picker.apply(CaretText("12345678901")).text == "123.456.789-01")
  }

  @Test func compileErrorsSurfaceFromThePicker() {
    #expect(throws: MaskError.self) {
      _ = try MaskPicker(primary: "[00]", affine: ["[00"])
    }
  }
}
