internal import PayPhoneText

extension BracketMask {
  /// Applies the mask to text and caret.
  ///
  /// Walks the input once. Each character either fills the current symbol,
  /// matches the literal the mask expects there, or is skipped; literals the
  /// input lacks are written by the mask. The caret follows the gravity (see
  /// `CaretText`); input left over when the mask is full is dropped.
  ///
  ///     let mask = try BracketMask("+1 ([000]) [000]-[0000]")
  ///     let pasted = mask.apply(CaretText("5551234567", caret: 3))
  ///     pasted.text   // "+1 (555) 123-4567"
  ///     pasted.caret  // 9: after "555", past the ") " the mask wrote there
  ///
  /// - Complexity: O(n + m) for n input and m mask characters; ASCII input
  ///   is handled as bytes.
  public func apply(_ input: CaretText) -> MaskResult {
    MaskInput.with(input.text) { text in program.run(text, caret: input.caret, gravity: input.gravity) }
  }
}

extension MaskProgram {
  func run(_ text: MaskInput, caret requestedCaret: Int, gravity: CaretText.Gravity) -> MaskResult {
    states.withUnsafeBufferPointer { states in
      literals.withUnsafeBufferPointer { literals in
        foldedLiterals.withUnsafeBufferPointer { folded in
          ByteBuffer.withPair(capacity: text.bytes.count + literals.count) { output, value in
            run(text, caret: requestedCaret, gravity: gravity, states, literals, folded, &output, &value)
          }
        }
      }
    }
  }

  // Every state writes at most once and every input character at most once,
  // so the text and the value each fit in input bytes + literal bytes.
  private func run(
    _ text: MaskInput, caret requestedCaret: Int, gravity: CaretText.Gravity,
    _ states: UnsafeBufferPointer<MaskState>, _ literals: UnsafeBufferPointer<UInt8>,
    _ foldedLiterals: UnsafeBufferPointer<UInt8>, _ output: inout ByteBuffer, _ value: inout ByteBuffer
  ) -> MaskResult {
    let inputCaret = min(max(requestedCaret, 0), text.count)
    let isForward = gravity.isForward
    let autoskips = gravity.autoskips
    var written = 0
    var caret = inputCaret
    var affinity = 0
    // Free and fixed states passed right before the caret, for autoskip.
    var skippable: [Int] = []
    var state = 0
    var next = 0

    while next < text.count {
      let insertionAffectsCaret = isForward ? next <= inputCaret : next < inputCaret
      let deletionAffectsCaret = next < inputCaret
      let current = states[state]
      var takes = false
      switch current.kind {
      case .free, .fixed:
        if autoskips && deletionAffectsCaret { skippable.append(state) }
        output.append(current.literal, of: literals)
        if current.kind == .fixed { value.append(current.literal, of: literals) }
        written += 1
        let matched = text.character(next, equals: foldedLiteralRanges[state], of: foldedLiterals)
        state += 1
        if matched {
          next += 1
          affinity += 1
        } else {
          if insertionAffectsCaret { caret += 1 }
          affinity -= 1
        }
        continue
      case .value, .ellipsis:
        takes = accepts(current.symbol, text, next)
        if takes {
          if autoskips && deletionAffectsCaret { skippable.removeAll(keepingCapacity: true) }
          if current.kind == .value { state += 1 }
        }
      case .optionalValue:
        if autoskips && deletionAffectsCaret { skippable.removeAll(keepingCapacity: true) }
        state += 1
        guard accepts(current.symbol, text, next) else {
          affinity -= 1
          continue
        }
        takes = true
      case .end:
        break
      }
      if takes {
        let range = text.range(next)
        output.append(range, of: text.bytes)
        value.append(range, of: text.bytes)
        written += 1
        affinity += 1
      } else {
        if deletionAffectsCaret { caret -= 1 }
        affinity -= 1
      }
      next += 1
    }

    if gravity.autocompletes && inputCaret == text.count {
      while states[state].kind == .free || states[state].kind == .fixed {
        let current = states[state]
        output.append(current.literal, of: literals)
        if current.kind == .fixed { value.append(current.literal, of: literals) }
        written += 1
        caret += 1
        state += 1
      }
    }

    // Where the text now ends in the mask: autoskip rewinds it over the
    // literals it removes (so `[00]{.}` is not complete on "12").
    var tailState = state
    while let skipped = skippable.popLast() {
      let current = states[skipped]
      guard written == caret else {
        caret -= 1
        continue
      }
      if output.ends(with: current.literal, of: literals) {
        output.removeLast(current.literal.count)
        written -= 1
        caret -= 1
        tailState = skipped
      }
      if current.kind == .fixed && value.ends(with: current.literal, of: literals) {
        value.removeLast(current.literal.count)
      }
    }

    // Characters written side by side can merge into one (a lone combining
    // mark taken by a letter slot joins the character before it; CR then
    // LF), so the text may hold fewer than `written`; the caret stays in it.
    var length = written
    if output.mayJoinCharacters {
      length = min(written, Graphemes.count(inUTF8: output.bytes))
    }
    return MaskResult(
      text: output.string,
      caret: min(max(caret, 0), length),
      value: value.string,
      isComplete: completeFrom[tailState],
      affinity: affinity,
      tailPlaceholder: placeholder(from: tailState))
  }

  @inline(__always)
  private func accepts(_ symbol: MaskState.Symbol, _ text: MaskInput, _ index: Int) -> Bool {
    if let byte = text.asciiByte(index) {
      switch symbol {
      case .digit: return byte &- UInt8(ascii: "0") < 10
      case .letter: return CharacterClasses(ascii: byte).contains(.letter)
      case .alphanumeric: return CharacterClasses(ascii: byte).contains(.alphanumeric)
      case .custom(let notation): return customASCII[notation].contains(byte)
      }
    }
    switch symbol {
    case .digit: return text.classes(index).contains(.digit)
    case .letter: return text.classes(index).contains(.letter)
    case .alphanumeric: return text.classes(index).contains(.alphanumeric)
    case .custom(let notation): return notations[notation].characterSet.contains(text.character(index))
    }
  }
}
