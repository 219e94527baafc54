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
}

/// The release callback of every array this writer exports: releases the
/// children still held, then frees the node's memory.
private let releaseArray: @convention(c) (UnsafeMutablePointer<ArrowArray>?) -> Void = { array in
  guard let array, array.pointee.release != nil else { return }
  for index in 0..<Int(array.pointee.n_children) {
    guard let child = array.pointee.children[index], let release = child.pointee.release else { continue }
    release(child)
  }
  if let memory = array.pointee.private_data {
    Unmanaged<ArrowNodeMemory>.fromOpaque(memory).release()
  }
  array.pointee.release = nil
}

/// The release callback of every schema this writer exports.
private let releaseSchema: @convention(c) (UnsafeMutablePointer<ArrowSchema>?) -> Void = { schema in
  guard let schema, schema.pointee.release != nil else { return }
  for index in 0..<Int(schema.pointee.n_children) {
    guard let child = schema.pointee.children[index], let release = child.pointee.release else { continue }
    release(child)
  }
  if let memory = schema.pointee.private_data {
    Unmanaged<ArrowNodeMemory>.fromOpaque(memory).release()
  }
  schema.pointee.release = nil
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
    if let release = schema.pointee.release { release(schema) }
    schema.deallocate()
  }

  /// Releases an `ArrowArray` from ``allocate()`` unless it is released
  /// (or was moved out), and frees it.
  package static func freeArray(_ pointer: UnsafeMutableRawPointer) {
    let array = pointer.assumingMemoryBound(to: ArrowArray.self)
    if let release = array.pointee.release { release(array) }
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
  length: Int, nullCount: Int, buffers: [(buffer: OutputBytes, present: Bool)], children: Int,
  into array: inout ArrowArray, _ child: (Int, inout ArrowArray) -> Bool
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
    bufferPointers[index] = UnsafeRawPointer(block?.bytes)
    memory.blocks.append(UnsafeMutableRawPointer(block?.bytes))
  }
  let childPointers = UnsafeMutablePointer<UnsafeMutablePointer<ArrowArray>?>.allocate(
    capacity: max(children, 1))
  let childArrays = UnsafeMutablePointer<ArrowArray>.allocate(capacity: max(children, 1))
  memory.pointers.append(UnsafeMutableRawPointer(childPointers))
  memory.pointers.append(UnsafeMutableRawPointer(childArrays))
  for index in 0..<children {
    var exported = ArrowArray()
    complete = child(index, &exported) && complete
    (childArrays + index).initialize(to: exported)
    childPointers[index] = childArrays + index
  }
  array = ArrowArray(
    length: Int64(length), null_count: Int64(nullCount), offset: 0, n_buffers: Int64(buffers.count),
    n_children: Int64(children), buffers: bufferPointers, children: childPointers, dictionary: nil,
    release: releaseArray, private_data: Unmanaged.passRetained(memory).toOpaque())
  return complete
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
  case .string:
    return exportNode(
      length: column.length, nullCount: column.nullCount,
      buffers: [validity, (column.offsets, true), (column.data, true)], children: 0, into: &array
    ) { _, _ in true }
  case .integer:
    return exportNode(
      length: column.length, nullCount: column.nullCount, buffers: [validity, (column.data, true)],
      children: 0,
      into: &array
    ) { _, _ in true }
  case .boolean:
    return exportNode(
      length: column.length, nullCount: column.nullCount, buffers: [validity, (column.bits.bytes, true)],
      children: 0, into: &array
    ) { _, _ in true }
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

/// Fills `schema` with a type: `format` and `name` (static strings), and
/// `children` filled by `child`. Every field is nullable.
private func exportType(
  format: StaticString, name: StaticString, children: Int, into schema: inout ArrowSchema,
  _ child: (Int, inout ArrowSchema) -> Void
) {
  let memory = ArrowNodeMemory()
  let childPointers = UnsafeMutablePointer<UnsafeMutablePointer<ArrowSchema>?>.allocate(
    capacity: max(children, 1))
  let childSchemas = UnsafeMutablePointer<ArrowSchema>.allocate(capacity: max(children, 1))
  memory.pointers.append(UnsafeMutableRawPointer(childPointers))
  memory.pointers.append(UnsafeMutableRawPointer(childSchemas))
  for index in 0..<children {
    var exported = ArrowSchema()
    child(index, &exported)
    (childSchemas + index).initialize(to: exported)
    childPointers[index] = childSchemas + index
  }
  schema = ArrowSchema(
    format: cString(format), name: cString(name), metadata: nil, flags: Int64(ARROW_FLAG_NULLABLE),
    n_children: Int64(children), children: childPointers, dictionary: nil, release: releaseSchema,
    private_data: Unmanaged.passRetained(memory).toOpaque())
}

private func exportType(of column: ArrowColumn, into schema: inout ArrowSchema) {
  let name = column.field.key.spelling
  switch column.field.kind {
  case .string: exportType(format: "u", name: name, children: 0, into: &schema) { _, _ in }
  case .integer: exportType(format: "i", name: name, children: 0, into: &schema) { _, _ in }
  case .boolean: exportType(format: "b", name: name, children: 0, into: &schema) { _, _ in }
  case .strings:
    exportType(format: "+l", name: name, children: 1, into: &schema) { _, child in
      exportType(format: "u", name: "item", children: 0, into: &child) { _, _ in }
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
