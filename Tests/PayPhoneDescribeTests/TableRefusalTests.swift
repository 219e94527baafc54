import Testing

@testable import PayPhoneDescribe

/// The describe tables check, when they are indexed or built, what their
/// unchecked reads rely on: a line the index puts past the end of its file
/// is refused, a trie is read only within its nodes.
@Suite struct TableRefusalTests {
  @Test func aLinePastTheEndOfItsFileIsRefused() {
    // Country code 1's line holds 4 bytes ("1\tab"); the index gives 44 a
    // line of 100 bytes where the file ends after 3 ("44\t").
    let file = PrefixTableFile("L\ten\nI\t1:4\t44:100\n1\tab\n44\t")
    #expect(file.names == ["en"])
    #expect(file.lineCount == 2)
    #expect(file.lineIndex(countryCode: 44) == nil)
    let line = file.lineIndex(countryCode: 1)
    #expect(line == 0)
    if let line {
      let fields = file.withLineFields(line) { $0.map { Array($0) } }
      #expect(fields == [Array("ab".utf8)])
    }
  }

  @Test func aTruncatedSharedCodeLineIsNotIndexed() {
    // A line without its tab and entries is not a line.
    let table = SharedCodeRegions("1\tUS|CA\t=1 2=2\n44")
    #expect(table.line(countryCode: 44) == nil)
    #expect(table.line(countryCode: 999) == nil)
  }

  @Test func aTrieAnswersTheLongestPrefixWithinItsNodes() {
    let entries = Array("=0 1=1 12=2 9=9".utf8)
    let trie = entries.withUnsafeBufferPointer { DigitTrie(entries: $0) }
    #expect(trie != nil)
    let value = { (digits: String) in
      Array(digits.utf8).withUnsafeBufferPointer { trie?.value(digits: $0) }
    }
    #expect(value("1234") == 2)
    #expect(value("13") == 1)
    #expect(value("95") == 9)
    #expect(value("5") == 0)
    #expect(value("") == 0)
    // A trie without the empty prefix, or with a non-digit key, is refused.
    #expect(Array("1=1".utf8).withUnsafeBufferPointer { DigitTrie(entries: $0) } == nil)
    #expect(Array("=0 1x=1".utf8).withUnsafeBufferPointer { DigitTrie(entries: $0) } == nil)
  }
}
