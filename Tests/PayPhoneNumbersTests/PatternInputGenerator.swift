import PayPhoneTestSupport

@testable import PayPhoneNumbers

/// Builds digit strings that sit on a pattern's edges, from its syntax tree:
/// walks through every alternative, repetition counts at their bounds and in
/// between, class boundary digits, and near misses of all of them (one digit
/// more or fewer, a boundary digit moved by one, a truncation).
///
/// Only the inputs come from the pattern; the expected answers come from the
/// oracle the test compares with.
struct PatternInputGenerator {
  let root: PatternNode
  var random: SeededGenerator

  init(pattern: String, seed: UInt64) throws {
    root = try PatternParser.parse(pattern).node
    random = SeededGenerator(seed: seed)
  }

  /// Paths (child indices from the root) to every alternative of every
  /// alternation and to every repetition.
  func edgePaths() -> [[Int]] {
    var paths: [[Int]] = []
    var stack: [(PatternNode, [Int])] = [(root, [])]
    while let (node, path) = stack.popLast() {
      switch node {
      case .empty, .digits, .endOfInput:
        break
      case .concatenation(let parts):
        for (index, part) in parts.enumerated() { stack.append((part, path + [index])) }
      case .alternation(let choices):
        for (index, choice) in choices.enumerated() {
          paths.append(path + [index])
          stack.append((choice, path + [index]))
        }
      case .group(_, let body):
        stack.append((body, path + [0]))
      case .repetition(let body, _, _, _):
        paths.append(path)
        stack.append((body, path + [0]))
      }
    }
    return paths
  }

  /// A string of the language that goes through `path` (free choices elsewhere).
  mutating func witness(through path: [Int] = []) -> [UInt8] {
    var output: [UInt8] = []
    generate(root, path: path[...], into: &output)
    return output
  }

  /// Near misses of `input`: one digit more, one fewer, one digit changed by
  /// one or at random, a random prefix, a random tail.
  mutating func variations(of input: [UInt8]) -> [[UInt8]] {
    var variants: [[UInt8]] = [input + [randomDigit()]]
    if !input.isEmpty {
      variants.append(Array(input.dropLast()))
      let index = Int.random(in: 0..<input.count, using: &random)
      var changed = input
      let digit = changed[index] - UInt8(ascii: "0")
      changed[index] = UInt8(ascii: "0") + (Bool.random(using: &random) ? (digit + 1) % 10 : (digit + 9) % 10)
      variants.append(changed)
      changed[index] = randomDigit()
      variants.append(changed)
      variants.append(Array(input.prefix(Int.random(in: 0..<input.count, using: &random))))
    }
    variants.append(input + randomDigits(count: Int.random(in: 2...6, using: &random)))
    return variants
  }

  mutating func randomDigits(count: Int) -> [UInt8] {
    (0..<count).map { _ in randomDigit() }
  }

  private mutating func randomDigit() -> UInt8 {
    UInt8(ascii: "0") + UInt8.random(in: 0...9, using: &random)
  }

  private mutating func generate(_ node: PatternNode, path: ArraySlice<Int>, into output: inout [UInt8]) {
    switch node {
    case .empty, .endOfInput:
      break
    case .digits(let set):
      output.append(UInt8(ascii: "0") + pick(from: set))
    case .concatenation(let parts):
      for (index, part) in parts.enumerated() {
        generate(part, path: path.first == index ? path.dropFirst() : [], into: &output)
      }
    case .alternation(let choices):
      let index = path.first ?? Int.random(in: 0..<choices.count, using: &random)
      generate(choices[index], path: path.dropFirst(), into: &output)
    case .group(_, let body):
      generate(body, path: path.dropFirst(), into: &output)
    case .repetition(let body, let min, let max, _):
      let upper = max ?? min + 3
      let lower = path.isEmpty ? min : Swift.max(min, 1)
      let count: Int
      switch Int.random(in: 0..<3, using: &random) {
      case 0: count = lower
      case 1: count = Swift.max(upper, lower)
      default: count = Int.random(in: lower...Swift.max(upper, lower), using: &random)
      }
      let forced = count > 0 ? Int.random(in: 0..<count, using: &random) : -1
      for iteration in 0..<count {
        generate(body, path: iteration == forced ? path.dropFirst() : [], into: &output)
      }
    }
  }

  /// The lowest or highest digit of the set half of the time, else any.
  private mutating func pick(from set: DigitSet) -> UInt8 {
    let members = (0...9).map(UInt8.init).filter(set.contains)
    switch Int.random(in: 0..<4, using: &random) {
    case 0: return members[0]
    case 1: return members[members.count - 1]
    default: return members.randomElement(using: &random) ?? members[0]
    }
  }
}
