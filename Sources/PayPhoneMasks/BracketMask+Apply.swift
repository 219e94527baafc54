extension BracketMask {
  /// Applies the mask to text and caret.
  ///
  /// Walks the input once. Each character either fills the current symbol,
  /// matches the literal the mask expects there, or is skipped; literals the
  /// input lacks are written by the mask. The caret follows the gravity (see
  /// `CaretString`); input left over when the mask is full is dropped.
  ///
  ///     let mask = try BracketMask("+1 ([000]) [000]-[0000]")
  ///     let pasted = mask.apply(CaretString("5551234567", caret: 3))
  ///     pasted.text   // "+1 (555) 123-4567"
  ///     pasted.caret  // 9: after "555", past the ") " the mask wrote there
  ///
  /// - Complexity: O(n + m) for n input and m mask characters; ASCII input
  ///   is handled as bytes.
  public func apply(_ input: CaretString) -> MaskResult {
    apply(MaskInput(input.text), caret: input.caret, gravity: input.gravity)
  }

  func apply(_ text: MaskInput, caret requestedCaret: Int, gravity: CaretString.Gravity) -> MaskResult {
    let inputCaret = min(max(requestedCaret, 0), text.count)
    let isForward = gravity.isForward
    let autoskips = gravity.autoskips
    var output: [UInt8] = []
    var value: [UInt8] = []
    output.reserveCapacity(text.bytes.count + literals.count)
    value.reserveCapacity(text.bytes.count + literals.count)
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
        let literal = literals[current.literal]
        output.append(contentsOf: literal)
        if current.kind == .fixed { value.append(contentsOf: literal) }
        written += 1
        state += 1
        if text.character(next, equals: literal) {
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
        output.append(contentsOf: text.bytes[range])
        value.append(contentsOf: text.bytes[range])
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
        let literal = literals[current.literal]
        output.append(contentsOf: literal)
        if current.kind == .fixed { value.append(contentsOf: literal) }
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
      let literal = literals[current.literal]
      guard written == caret else {
        caret -= 1
        continue
      }
      if output.ends(with: literal) {
        output.removeLast(literal.count)
        written -= 1
        caret -= 1
        tailState = skipped
      }
      if current.kind == .fixed && value.ends(with: literal) {
        value.removeLast(literal.count)
      }
    }

    return MaskResult(
      text: String(decoding: output, as: UTF8.self),
      caret: min(max(caret, 0), written),
      value: String(decoding: value, as: UTF8.self),
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
    case .custom(let notation): return customNotations[notation].characterSet.contains(text.character(index))
    }
  }
}

extension [UInt8] {
  fileprivate func ends(with suffix: ArraySlice<UInt8>) -> Bool {
    count >= suffix.count && self[(count - suffix.count)...].elementsEqual(suffix)
  }
}
