// TEMPORARY development stand-in for the compiled DigitPattern (branch
// `patterns`); removed when that lands. Same API, NSRegularExpression inside.
import Foundation

public struct DigitPatternError: Error, Sendable, Hashable {
  public let pattern: String
  public let message: String
}

public struct PatternMatch: Sendable, Hashable {
  public let end: Int
  let spans: [Range<Int>?]
  public var groupCount: Int { spans.count }
  public func group(_ index: Int) -> Range<Int>? {
    index >= 1 && index <= spans.count ? spans[index - 1] : nil
  }
}

public struct DigitPattern: @unchecked Sendable {
  public let source: String
  private let anchored: NSRegularExpression
  private let whole: NSRegularExpression

  public init(_ source: String) throws(DigitPatternError) {
    self.source = source
    do {
      anchored = try NSRegularExpression(pattern: source)
      whole = try NSRegularExpression(pattern: "^(?:" + source + ")$")
    } catch {
      throw DigitPatternError(pattern: source, message: "\(error)")
    }
  }

  private func match(_ regex: NSRegularExpression, _ digits: UnsafeBufferPointer<UInt8>) -> PatternMatch? {
    let text = String(decoding: digits, as: UTF8.self)
    guard
      let result = regex.firstMatch(
        in: text, options: .anchored, range: NSRange(location: 0, length: text.utf16.count))
    else { return nil }
    var spans: [Range<Int>?] = []
    if result.numberOfRanges > 1 {
      for index in 1..<result.numberOfRanges {
        let range = result.range(at: index)
        spans.append(range.location == NSNotFound ? nil : range.location..<(range.location + range.length))
      }
    }
    return PatternMatch(end: result.range.location + result.range.length, spans: spans)
  }

  public func matchesEntirely(_ digits: UnsafeBufferPointer<UInt8>) -> Bool { match(whole, digits) != nil }
  public func matchesPrefix(_ digits: UnsafeBufferPointer<UInt8>) -> Bool { match(anchored, digits) != nil }
  public func prefixMatch(_ digits: UnsafeBufferPointer<UInt8>) -> PatternMatch? { match(anchored, digits) }
  public func wholeMatch(_ digits: UnsafeBufferPointer<UInt8>) -> PatternMatch? { match(whole, digits) }
  public func matchesEntirely(_ digits: [UInt8]) -> Bool {
    digits.withUnsafeBufferPointer { matchesEntirely($0) }
  }
  public func matchesPrefix(_ digits: [UInt8]) -> Bool {
    digits.withUnsafeBufferPointer { matchesPrefix($0) }
  }
  public func prefixMatch(_ digits: [UInt8]) -> PatternMatch? {
    digits.withUnsafeBufferPointer { prefixMatch($0) }
  }
  public func wholeMatch(_ digits: [UInt8]) -> PatternMatch? {
    digits.withUnsafeBufferPointer { wholeMatch($0) }
  }
}
