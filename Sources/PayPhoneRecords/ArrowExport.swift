internal import CArrowData
internal import CPayPhoneSystem

/// One node of an answer to export, as an `ArrowSchema` and an
/// `ArrowArray` at once: its type, its buffers (nil for an absent one) and
/// the nodes below it.
struct ArrowNode {
  let format: StaticString
  let name: StaticString
  let length: Int
  let nullCount: Int
  let buffers: [OutputBytes?]
  var children: [ArrowNode] = []
  /// Dictionary-encoded values: the dictionary, alone.
  var dictionary: [ArrowNode] = []
}

/// What one exported struct owns, freed by its release callback: its
/// buffers, its pointer arrays and children's structs, and the children
/// (and dictionary) a consumer has not moved out, released first.
private final class ArrowNodeMemory {
  var blocks: [UnsafeMutableRawPointer?] = []
  var pointers: [UnsafeMutableRawPointer] = []
  var releases: [() -> Void] = []

  deinit {
    for release in releases { release() }
    for block in blocks { payphone_deallocate(block) }
    for pointer in pointers { pointer.deallocate() }
  }

  /// Room for `count` values, each `value`, freed with this memory.
  func allocate<Value>(_ count: Int, _ value: Value) -> UnsafeMutablePointer<Value> {
    let values = UnsafeMutablePointer<Value>.allocate(capacity: max(count, 1))
    values.initialize(repeating: value, count: max(count, 1))
    pointers.append(UnsafeMutableRawPointer(values))
    return values
  }

  /// Structs for `nodes`, filled by `fill` (false when one lost a buffer),
  /// released with this memory unless moved out, and the pointers to them.
  func nodes<Node>(
    _ nodes: [ArrowNode], _ empty: Node, _ fill: (ArrowNode, inout Node) -> Bool,
    release: @escaping (UnsafeMutablePointer<Node>) -> Void
  ) -> (pointers: UnsafeMutablePointer<UnsafeMutablePointer<Node>?>, complete: Bool) {
    let structs = allocate(nodes.count, empty)
    let pointers = allocate(nodes.count, UnsafeMutablePointer<Node>?.none)
    var complete = true
    for (index, node) in nodes.enumerated() {
      complete = fill(node, &structs[index]) && complete
      pointers[index] = structs + index
      releases.append { release(structs + index) }
    }
    return (pointers, complete)
  }
}

// A node's release callback: marks it released and frees its memory,
// which releases the children still held.
private let releaseArray: @convention(c) (UnsafeMutablePointer<ArrowArray>?) -> Void = { array in
  guard let array, let memory = array.pointee.private_data else { return }
  array.pointee.release = nil
  Unmanaged<ArrowNodeMemory>.fromOpaque(memory).release()
}

private let releaseSchema: @convention(c) (UnsafeMutablePointer<ArrowSchema>?) -> Void = { schema in
  guard let schema, let memory = schema.pointee.private_data else { return }
  schema.pointee.release = nil
  Unmanaged<ArrowNodeMemory>.fromOpaque(memory).release()
}

/// Fills `array` with `node`, handing its buffers over (false when one was
/// lost for want of memory).
private func exportArray(_ node: ArrowNode, into array: inout ArrowArray) -> Bool {
  let memory = ArrowNodeMemory()
  let buffers = memory.allocate(node.buffers.count, UnsafeRawPointer?.none)
  var complete = true
  for (index, buffer) in node.buffers.enumerated() {
    guard let buffer else { continue }
    let block = buffer.release()
    complete = complete && block != nil
    buffers[index] = UnsafeRawPointer(block?.bytes)
    memory.blocks.append(block?.bytes)
  }
  let release: (UnsafeMutablePointer<ArrowArray>) -> Void = { $0.pointee.release?($0) }
  let children = memory.nodes(node.children, ArrowArray(), exportArray, release: release)
  let dictionary = memory.nodes(node.dictionary, ArrowArray(), exportArray, release: release)
  array = ArrowArray(
    length: Int64(node.length), null_count: Int64(node.nullCount), offset: 0,
    n_buffers: Int64(node.buffers.count),
    n_children: Int64(node.children.count), buffers: buffers, children: children.pointers,
    dictionary: node.dictionary.isEmpty ? nil : dictionary.pointers[0], release: releaseArray,
    private_data: Unmanaged.passRetained(memory).toOpaque())
  return complete && children.complete && dictionary.complete
}

/// Fills `schema` with `node`'s type; every field is nullable.
private func exportSchema(_ node: ArrowNode, into schema: inout ArrowSchema) -> Bool {
  let memory = ArrowNodeMemory()
  let release: (UnsafeMutablePointer<ArrowSchema>) -> Void = { $0.pointee.release?($0) }
  let children = memory.nodes(node.children, ArrowSchema(), exportSchema, release: release)
  let dictionary = memory.nodes(node.dictionary, ArrowSchema(), exportSchema, release: release)
  schema = ArrowSchema(
    format: cString(node.format), name: cString(node.name), metadata: nil, flags: Int64(ARROW_FLAG_NULLABLE),
    n_children: Int64(node.children.count), children: children.pointers,
    dictionary: node.dictionary.isEmpty ? nil : dictionary.pointers[0], release: releaseSchema,
    private_data: Unmanaged.passRetained(memory).toOpaque())
  return true
}

/// A static string's bytes as a C string (static strings keep a NUL after them).
private func cString(_ text: StaticString) -> UnsafePointer<CChar> {
  UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
}

/// The Arrow structs' memory, for code that does not see their C
/// declarations (the Python module, whose interpreter headers clash with
/// the C library's module).
package enum ArrowStructs {
  /// Room for an `ArrowSchema` and an `ArrowArray`, marked released.
  package static func allocate() -> (schema: UnsafeMutableRawPointer, array: UnsafeMutableRawPointer) {
    let schema = UnsafeMutablePointer<ArrowSchema>.allocate(capacity: 1)
    schema.initialize(to: ArrowSchema())
    let array = UnsafeMutablePointer<ArrowArray>.allocate(capacity: 1)
    array.initialize(to: ArrowArray())
    return (UnsafeMutableRawPointer(schema), UnsafeMutableRawPointer(array))
  }

  /// Releases an `ArrowSchema` from ``allocate()`` unless it is released
  /// (or was moved out), and frees it.
  package static func freeSchema(_ pointer: UnsafeMutableRawPointer) {
    let schema = pointer.assumingMemoryBound(to: ArrowSchema.self)
    schema.pointee.release?(schema)
    schema.deallocate()
  }

  /// Releases an `ArrowArray` from ``allocate()`` unless it is released
  /// (or was moved out), and frees it.
  package static func freeArray(_ pointer: UnsafeMutableRawPointer) {
    let array = pointer.assumingMemoryBound(to: ArrowArray.self)
    array.pointee.release?(array)
    array.deallocate()
  }
}

/// Why an export did not happen.
package enum ArrowExportFailure: Error, Sendable {
  /// The system refused memory.
  case outOfMemory
  /// A column's text outgrew 32-bit offsets (over 2 GiB).
  case tooLarge
}

extension ArrowRecordWriter {
  /// Moves the rows written into `array` (an `ArrowArray`), and their type
  /// into `schema` (an `ArrowSchema`), both released by the caller with
  /// their release callbacks. On failure neither is touched. The writer
  /// must not be used after.
  package func export(schema: UnsafeMutableRawPointer, array: UnsafeMutableRawPointer) -> ArrowExportFailure?
  {
    root.finish()
    if root.columns.contains(where: { $0.tooLarge }) { return .tooLarge }
    guard !root.failed else { return .outOfMemory }
    let node = root.node(name: "")
    var (exportedArray, exportedSchema) = (ArrowArray(), ArrowSchema())
    guard exportArray(node, into: &exportedArray) && exportSchema(node, into: &exportedSchema) else {
      releaseArray(&exportedArray)
      releaseSchema(&exportedSchema)
      return .outOfMemory
    }
    array.assumingMemoryBound(to: ArrowArray.self).pointee = exportedArray
    schema.assumingMemoryBound(to: ArrowSchema.self).pointee = exportedSchema
    return nil
  }
}
