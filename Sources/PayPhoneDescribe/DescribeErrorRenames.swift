// Transitional, package-only: the unlabelled initialiser, so code written
// before the error reshape still builds until the vocabulary rename (one
// script over the tree) labels every use and deletes this file.
extension DescribeError {
  package init(_ code: Code, _ message: String) { self.init(code: code, message: message) }
}
