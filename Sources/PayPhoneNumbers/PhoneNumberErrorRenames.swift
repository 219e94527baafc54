// Transitional, package-only: the old name and unlabelled initialiser, so
// code written before the error reshape still builds until the vocabulary
// rename (one script over the tree) renames every use and deletes this file.
package typealias PhoneNumberParseError = PhoneNumberError

extension PhoneNumberError {
  package init(_ code: Code, _ message: String) { self.init(code: code, message: message) }
}
