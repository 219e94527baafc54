// payphone-web-oracle: the native library's answers for the browser tests'
// field edits that the `payphone` tool's contract has no command for (the
// phone field editor, a mask edit with deletion gravity, the expiry field
// formatter). One JSON request per stdin line, one JSON answer per stdout
// line, flushed after each, so a test can keep one process open.
//
//   {"op": "phone-edit", "region": "US", "text": "(650) 253", "start": 9, "end": 9,
//    "replacement": "2", "direction": "backward"}
//   {"op": "phone-format", "region": "GB", "text": "02079460958"}
//   {"op": "mask-edit", "mask": "+1 ([000]) [000]-[0000]", "text": "", "start": 0, "end": 0,
//    "replacement": "5", "direction": "backward", "autocomplete": true, "autoskip": true}
//   {"op": "expiry-format", "text": "1/2"}
//
// Ranges and carets are UTF-16 code units, as the DOM counts them. The
// answer is {"text", "caret", "value", "complete"}, or {"error": "..."}.

import Foundation
import PayPhone

/// A request that cannot be answered.
struct BadRequest: Error {
  let message: String
}

/// One request line's fields, read by name.
struct Request {
  let fields: [String: Any]

  func string(_ name: String) throws(BadRequest) -> String {
    guard let value = fields[name] as? String else { throw BadRequest(message: "missing string \"\(name)\"") }
    return value
  }

  func int(_ name: String) throws(BadRequest) -> Int {
    guard let value = fields[name] as? Int else { throw BadRequest(message: "missing integer \"\(name)\"") }
    return value
  }

  func bool(_ name: String, default fallback: Bool) -> Bool {
    fields[name] as? Bool ?? fallback
  }

  /// The field edit the request describes.
  func edit() throws(BadRequest) -> TextEdit {
    let direction: TextEdit.Direction = (fields["direction"] as? String) == "forward" ? .forward : .backward
    let start = try int("start")
    let end = try int("end")
    guard start <= end else { throw BadRequest(message: "start is after end") }
    return TextEdit(
      try string("text"), replacingUTF16: start..<end, with: try string("replacement"), direction: direction)
  }

  func region() throws(BadRequest) -> RegionCode {
    guard let region = RegionCode(try string("region")) else {
      throw BadRequest(message: "not a region code")
    }
    return region
  }
}

func answer(_ phone: PhoneNumberEditor.State) -> [String: Any] {
  ["text": phone.text, "caret": phone.utf16Caret, "value": phone.value, "complete": phone.isComplete]
}

func answer(_ mask: MaskResult) -> [String: Any] {
  ["text": mask.text, "caret": mask.utf16Caret, "value": mask.value, "complete": mask.isComplete]
}

func respond(to request: Request) throws(BadRequest) -> [String: Any] {
  switch try request.string("op") {
  case "phone-edit":
    return answer(PhoneNumberEditor(region: try request.region()).apply(try request.edit()))
  case "phone-format":
    return answer(PhoneNumberEditor(region: try request.region()).format(try request.string("text")))
  case "mask-edit":
    let format = try request.string("mask")
    let mask: TextMask
    do throws(MaskError) {
      mask = try TextMask(format)
    } catch {
      throw BadRequest(message: "invalid_mask: \(error.message)")
    }
    return answer(
      mask.apply(
        try request.edit(), autocomplete: request.bool("autocomplete", default: true),
        autoskip: request.bool("autoskip", default: false)))
  case "expiry-format":
    return answer(ExpiryFormatter().format(try request.string("text")))
  case let other:
    throw BadRequest(message: "unknown op \"\(other)\"")
  }
}

while let line = readLine() {
  var reply: [String: Any]
  do {
    guard let fields = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
      throw BadRequest(message: "not a JSON object")
    }
    reply = try respond(to: Request(fields: fields))
  } catch let error as BadRequest {
    reply = ["error": error.message]
  } catch {
    reply = ["error": "not JSON: \(error)"]
  }
  let data = (try? JSONSerialization.data(withJSONObject: reply, options: [.sortedKeys])) ?? Data("{}".utf8)
  FileHandle.standardOutput.write(data + Data("\n".utf8))
}
