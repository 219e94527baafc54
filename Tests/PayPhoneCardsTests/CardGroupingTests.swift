import PayPhoneCards
import Testing

@Suite struct CardGroupingTests {
  @Test(arguments: [
    ("", ""), ("4", "4"), ("4111", "4111"), ("41111", "4111 1"), ("4111111111111111", "4111 1111 1111 1111"),
    ("6205500000000000004", "6205 5000 0000 0000 004"),
  ])
  func byFourGroupsAllTheWay(_ digits: String, _ expected: String) {
    #expect(CardGrouping.byFour.format(digits) == expected)
  }

  @Test(arguments: [
    ("3782", "3782"), ("37828", "3782 8"), ("3782822463", "3782 822463"),
    ("378282246310005", "3782 822463 10005"), ("3056930902590412345", "3056 930902 590412345"),
  ])
  func fourSixRestKeepsTheRestTogether(_ digits: String, _ expected: String) {
    #expect(CardGrouping.fourSixRest.format(digits) == expected)
  }

  @Test func customGroupingRepeatsItsLastSize() {
    let grouping = CardGrouping(leadingGroups: [3], repeatingGroup: 2)
    #expect(grouping.format("1234567") == "123 45 67")
    #expect(CardGrouping(leadingGroups: [], repeatingGroup: nil).format("12345") == "12345")
    #expect(CardGrouping(leadingGroups: [0, -2, 2], repeatingGroup: 0).format("12345") == "12 345")
  }
}
