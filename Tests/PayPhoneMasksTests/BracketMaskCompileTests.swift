import PayPhoneMasks
import Testing

// The compile rules of Sources/PayPhoneMasks/PayPhoneMasks.docc/InputMasks.md
// ("The bracket notation") and the contract's two extra
// rejections (a block mixing symbol types, an unclosed bracket).

struct CompileErrorCase: CustomTestStringConvertible, Sendable {
  let format: String
  let reason: MaskError.Code
  let offset: Int

  init(_ format: String, _ reason: MaskError.Code, at offset: Int) {
    self.format = format
    self.reason = reason
    self.offset = offset
  }

  var testDescription: String { "\(format) → \(reason)" }
}

@Suite struct BracketMaskCompileTests {
  static let errors: [CompileErrorCase] = [
    // A block mixing symbol types (InputMask 1.0's rule, kept by the contract).
    CompileErrorCase("[000AA]", .mixedSymbolTypes, at: 0),
    CompileErrorCase("+7 [09Aa_-]", .mixedSymbolTypes, at: 3),
    CompileErrorCase("[_A]", .mixedSymbolTypes, at: 0),
    CompileErrorCase("[A…0]", .mixedSymbolTypes, at: 0),
    // Nested brackets, in every version of InputMask.
    CompileErrorCase("[[00]000]", .nestedBracket, at: 1),
    CompileErrorCase("+7 ([0[0]0]) [000]", .nestedBracket, at: 6),
    CompileErrorCase("{[0]}", .nestedBracket, at: 1),
    CompileErrorCase("[{0}]", .nestedBracket, at: 1),
    CompileErrorCase("{{+}}", .nestedBracket, at: 1),
    // Unclosed brackets (InputMask drops them silently; the contract rejects).
    CompileErrorCase("[00", .unclosedBracket, at: 0),
    CompileErrorCase("+7 ([000", .unclosedBracket, at: 4),
    CompileErrorCase("{+7", .unclosedBracket, at: 0),
    CompileErrorCase("[00]{", .unclosedBracket, at: 4),
    // Closing brackets that close nothing, or the wrong kind of block.
    CompileErrorCase("00]", .unmatchedBracket, at: 2),
    CompileErrorCase("}", .unmatchedBracket, at: 0),
    CompileErrorCase("{00]", .unmatchedBracket, at: 3),
    CompileErrorCase("[00}", .unmatchedBracket, at: 3),
    // Unknown symbols inside [].
    CompileErrorCase("[0x0]", .unknownSymbol, at: 2),
    CompileErrorCase("[0 0]", .unknownSymbol, at: 2),
    CompileErrorCase("[00.]", .unknownSymbol, at: 3),
    CompileErrorCase("[0\\]]", .unknownSymbol, at: 3),
    CompileErrorCase("[٣]", .unknownSymbol, at: 1),
    // The ellipsis: something to repeat, only one, nothing after it.
    CompileErrorCase("[…]", .misplacedEllipsis, at: 1),
    CompileErrorCase("[0……]", .misplacedEllipsis, at: 3),
    CompileErrorCase("[0…] ₽", .misplacedEllipsis, at: 4),
    CompileErrorCase("[0…][0]", .misplacedEllipsis, at: 4),
    CompileErrorCase("[0…]{x}", .misplacedEllipsis, at: 4),
    // A backslash with nothing to escape.
    CompileErrorCase("[00]\\", .danglingEscape, at: 4),
  ]

  @Test(arguments: errors)
  func rejectsUnusableFormats(_ example: CompileErrorCase) {
    #expect(!BracketMask.isValid(example.format))
    #expect {
      _ = try BracketMask(example.format)
    } throws: { error in
      guard let error = error as? MaskError else { return false }
      return error.code == example.reason && error.offset == example.offset
        && !error.message.isEmpty
    }
  }

  @Test(arguments: [
    "", "[]", "{}", "+7 ([000]) [000]-[00]-[00]", "[00000][Aa]",
    "[0…]", "[…0]", "[A][-…]", "\\[[00]\\]", "{\\{}[0]", "a\\\\b[0]", "[0]…", "₽ [0]",
  ])
  func acceptsWellFormedFormats(_ format: String) {
    #expect(BracketMask.isValid(format))
    #expect(throws: Never.self) { _ = try BracketMask(format) }
  }

  @Test func mixedBlockMessageNamesBothTypes() {
    #expect {
      _ = try BracketMask("[000AA]")
    } throws: { error in
      (error as? MaskError)?.message.contains("digit and letter") == true
    }
  }

  @Test func placeholderShowsEverySymbol() throws {
    #expect(try BracketMask("+7 ([000]) [000] [00] [00]").placeholder == "+7 (000) 000 00 00")
    #expect(try BracketMask("[AAA]-[___]").placeholder == "aaa----")
    #expect(try BracketMask("[00]{.}[00]{.}[9900]").placeholder == "00.00.0000")
    #expect(try BracketMask("[0…]").placeholder == "0")
  }

  @Test func lengthsCountLiteralsFixedAndSymbols() throws {
    let phone = try BracketMask("+7 ([000]) [000] [00] [00]")
    #expect(phone.acceptableTextLength == 18)
    #expect(phone.totalTextLength == 18)
    #expect(phone.acceptableValueLength == 10)
    #expect(phone.totalValueLength == 10)
    let date = try BracketMask("[00]{.}[00]{.}[9900]")
    #expect(date.acceptableTextLength == 8)
    #expect(date.totalTextLength == 10)
    #expect(date.acceptableValueLength == 8)
    #expect(date.totalValueLength == 10)
    let digits = try BracketMask("[0…]")
    #expect(digits.acceptableTextLength == 1)
    #expect(digits.totalTextLength == nil)
    #expect(digits.totalValueLength == nil)
  }

  @Test func equalityComparesFormatAndNotations() throws {
    #expect(try BracketMask("[00]") == BracketMask("[00]"))
    #expect(try BracketMask("[00]") != BracketMask("[000]"))
    let hex = MaskNotation(character: "h", characterSet: MaskCharacterSet("a"..."f"))
    #expect(try BracketMask("[00]", customNotations: [hex]) != BracketMask("[00]"))
  }
}
