internal import CArrowData
internal import CPayPhoneSystem

/// What one exported node (an `ArrowArray` or `ArrowSchema`) owns, freed by
/// its release callback: its buffers, and the memory of its pointer arrays
/// and of its children's structs (each child owns its own buffers).
private final class ArrowNodeMemory {
  /// Blocks from `payphone_reallocate`: the buffers.
  var blocks: [UnsafeMutableRawPointer?] = []
  var pointers: [UnsafeMutableRawPointer] = []

  deinit {
    for block in blocks { payphone_deallocate(block) }
    for pointer in pointers { pointer.deallocate() }
  }

  /// A node's `count` children, each filled by `fill` from `empty` (false
  /// when one lost a buffer): their structs and the array of pointers to
  /// them, which this memory frees.
  func children<Node>(_ count: Int, empty: Node, _ fill: (Int, inout Node) -> Bool) -> (
    children: UnsafeMutablePointer<UnsafeMutablePointer<Node>?>, complete: Bool
  ) {
    let pointers = UnsafeMutablePointer<UnsafeMutablePointer<Node>?>.allocate(capacity: max(count, 1))
    let nodes = UnsafeMutablePointer<Node>.allocate(capacity: max(count, 1))
    self.pointers.append(UnsafeMutableRawPointer(pointers))
    self.pointers.append(UnsafeMutableRawPointer(nodes))
    var complete = true
    for index in 0..<count {
      var node = empty
      complete = fill(index, &node) && complete
      (nodes + index).initialize(to: node)
      pointers[index] = nodes + index
    }
    return (pointers, complete)
  }

  /// A node's dictionary, filled by `fill` from `empty` (false when it lost
  /// a buffer), in a struct this memory frees.
  func dictionary<Node>(empty: Node, _ fill: (inout Node) -> Bool) -> (node: UnsafeMutablePointer<Node>, complete: Bool) {
    let (children, complete) = self.children(1, empty: empty) { _, node in fill(&node) }
    return (children[0].unsafelyUnwrapped, complete)
  }
}

/// An `ArrowArray` or an `ArrowSchema`: a node with children, a release
/// callback and private data, released the same way.
private protocol ArrowNode {
  var childCount: Int { get }
  var privateData: UnsafeMutableRawPointer? { get }
  var dictionaryNode: UnsafeMutablePointer<Self>? { get }
  func child(_ index: Int) -> UnsafeMutablePointer<Self>?
  /// Calls the release callback, if the node is not released.
  static func release(_ node: UnsafeMutablePointer<Self>)
  static func markReleased(_ node: UnsafeMutablePointer<Self>)
}

extension ArrowArray: ArrowNode {
  var childCount: Int { Int(n_children) }
  var privateData: UnsafeMutableRawPointer? { private_data }
  var dictionaryNode: UnsafeMutablePointer<ArrowArray>? { dictionary }
  func child(_ index: Int) -> UnsafeMutablePointer<ArrowArray>? { children[index] }
  static func release(_ node: UnsafeMutablePointer<ArrowArray>) { node.pointee.release?(node) }
  static func markReleased(_ node: UnsafeMutablePointer<ArrowArray>) { node.pointee.release = nil }
}

extension ArrowSchema: ArrowNode {
  var childCount: Int { Int(n_children) }
  var privateData: UnsafeMutableRawPointer? { private_data }
  var dictionaryNode: UnsafeMutablePointer<ArrowSchema>? { dictionary }
  func child(_ index: Int) -> UnsafeMutablePointer<ArrowSchema>? { children[index] }
  static func release(_ node: UnsafeMutablePointer<ArrowSchema>) { node.pointee.release?(node) }
  static func markReleased(_ node: UnsafeMutablePointer<ArrowSchema>) { node.pointee.release = nil }
}

/// What every node this writer exports does when released: releases the
/// children and the dictionary still held (a consumer may have moved some
/// out), then frees the node's memory.
private func releaseNode<Node: ArrowNode>(_ node: UnsafeMutablePointer<Node>?) {
  guard let node else { return }
  for index in 0..<node.pointee.childCount {
    if let child = node.pointee.child(index) { Node.release(child) }
  }
  if let dictionary = node.pointee.dictionaryNode { Node.release(dictionary) }
  if let memory = node.pointee.privateData {
    Unmanaged<ArrowNodeMemory>.fromOpaque(memory).release()
  }
  Node.markReleased(node)
}

private let releaseArray: @convention(c) (UnsafeMutablePointer<ArrowArray>?) -> Void = { releaseNode($0) }
private let releaseSchema: @convention(c) (UnsafeMutablePointer<ArrowSchema>?) -> Void = { releaseNode($0) }

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
    free(pointer.assumingMemoryBound(to: ArrowSchema.self))
  }

  /// Releases an `ArrowArray` from ``allocate()`` unless it is released
  /// (or was moved out), and frees it.
  package static func freeArray(_ pointer: UnsafeMutableRawPointer) {
    free(pointer.assumingMemoryBound(to: ArrowArray.self))
  }

  private static func free<Node: ArrowNode>(_ node: UnsafeMutablePointer<Node>) {
    Node.release(node)
    node.deallocate()
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
    var exported = ArrowArray()
    var complete = exportStruct(root, into: &exported)
    var type = ArrowSchema()
    exportType(format: "+s", name: "", children: root.columns.count, into: &type) { index, child in
      exportType(of: root.columns[index], into: &child)
    }
    complete = complete && !root.failed
    guard complete else {
      releaseArray(&exported)
      releaseSchema(&type)
      return .outOfMemory
    }
    array.assumingMemoryBound(to: ArrowArray.self).pointee = exported
    schema.assumingMemoryBound(to: ArrowSchema.self).pointee = type
    return nil
  }
}

/// Fills `array` with a node: `buffers` (handed over, freed with it; nil
/// for an absent one) and `children` filled by `child`. False when a
/// buffer was lost for want of memory.
private func exportNode(
  length: Int, nullCount: Int, buffers: [(buffer: ArrowBuffer, present: Bool)], children: Int = 0,
  dictionary: ArrowColumn? = nil, into array: inout ArrowArray, _ child: (Int, inout ArrowArray) -> Bool = { _, _ in true }
) -> Bool {
  let memory = ArrowNodeMemory()
  var complete = true
  let bufferPointers = UnsafeMutablePointer<UnsafeRawPointer?>.allocate(capacity: max(buffers.count, 1))
  memory.pointers.append(UnsafeMutableRawPointer(bufferPointers))
  for (index, entry) in buffers.enumerated() {
    guard entry.present else {
      bufferPointers[index] = nil
      continue
    }
    let block = entry.buffer.release()
    complete = complete && block != nil
    bufferPointers[index] = UnsafeRawPointer(block)
    memory.blocks.append(block)
  }
  let (childPointers, childrenComplete) = memory.children(children, empty: ArrowArray(), child)
  let values = dictionary.map { values in memory.dictionary(empty: ArrowArray()) { exportColumn(values, into: &$0) } }
  array = ArrowArray(
    length: Int64(length), null_count: Int64(nullCount), offset: 0, n_buffers: Int64(buffers.count),
    n_children: Int64(children), buffers: bufferPointers, children: childPointers, dictionary: values?.node,
    release: releaseArray, private_data: Unmanaged.passRetained(memory).toOpaque())
  return complete && childrenComplete && values?.complete != false
}

private func exportStruct(_ records: ArrowStruct, into array: inout ArrowArray) -> Bool {
  exportNode(
    length: records.length, nullCount: records.nullCount,
    buffers: [(records.validity.bytes, records.nullCount > 0)], children: records.columns.count, into: &array
  ) { index, child in exportColumn(records.columns[index], into: &child) }
}

private func exportColumn(_ column: ArrowColumn, into array: inout ArrowArray) -> Bool {
  let validity = (column.validity.bytes, column.nullCount > 0)
  switch column.field.kind {
  case .string where column.dictionary != nil:
    return exportNode(
      length: column.length, nullCount: column.nullCount, buffers: [validity, (column.data, true)],
      dictionary: column.dictionary?.values, into: &array)
  case .string:
    return exportNode(
      length: column.length, nullCount: column.nullCount,
      buffers: [validity, (column.offsets, true), (column.data, true)], into: &array)
  case .integer:
    return exportNode(
      length: column.length, nullCount: column.nullCount, buffers: [validity, (column.data, true)], into: &array)
  case .boolean:
    return exportNode(
      length: column.length, nullCount: column.nullCount, buffers: [validity, (column.bits.bytes, true)],
      into: &array)
  case .strings:
    return exportNode(
      length: column.length, nullCount: column.nullCount, buffers: [validity, (column.offsets, true)],
      children: 1, into: &array
    ) { _, child in column.strings.map { exportColumn($0, into: &child) } ?? false }
  case .records:
    return exportNode(
      length: column.length, nullCount: column.nullCount, buffers: [validity, (column.offsets, true)],
      children: 1, into: &array
    ) { _, child in column.records.map { exportStruct($0, into: &child) } ?? false }
  }
}

/// Fills `schema` with a type: `format` and `name` (static strings),
/// `children` filled by `child`, and for dictionary indexes the values'
/// format. Every field is nullable.
private func exportType(
  format: StaticString, name: StaticString, children: Int = 0, dictionary: StaticString? = nil,
  into schema: inout ArrowSchema, _ child: (Int, inout ArrowSchema) -> Void = { _, _ in }
) {
  let memory = ArrowNodeMemory()
  let (childPointers, _) = memory.children(children, empty: ArrowSchema()) { index, node in
    child(index, &node)
    return true
  }
  let values = dictionary.map { format in
    memory.dictionary(empty: ArrowSchema()) { node in
      exportType(format: format, name: "", into: &node)
      return true
    }.node
  }
  schema = ArrowSchema(
    format: cString(format), name: cString(name), metadata: nil, flags: Int64(ARROW_FLAG_NULLABLE),
    n_children: Int64(children), children: childPointers, dictionary: values, release: releaseSchema,
    private_data: Unmanaged.passRetained(memory).toOpaque())
}

private func exportType(of column: ArrowColumn, into schema: inout ArrowSchema) {
  let name = column.field.key.spelling
  switch column.field.kind {
  case .string where column.dictionary != nil: exportType(format: "i", name: name, dictionary: "u", into: &schema)
  case .string: exportType(format: "u", name: name, into: &schema)
  case .integer: exportType(format: "i", name: name, into: &schema)
  case .boolean: exportType(format: "b", name: name, into: &schema)
  case .strings:
    exportType(format: "+l", name: name, children: 1, into: &schema) { _, child in
      exportType(format: "u", name: "item", into: &child)
    }
  case .records:
    exportType(format: "+l", name: name, children: 1, into: &schema) { _, child in
      let fields = column.records?.columns ?? []
      exportType(format: "+s", name: "item", children: fields.count, into: &child) { index, grandchild in
        exportType(of: fields[index], into: &grandchild)
      }
    }
  }
}

/// A static string's bytes as a C string (static strings keep a NUL after them).
private func cString(_ text: StaticString) -> UnsafePointer<CChar> {
  UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
}
