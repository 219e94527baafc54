import Foundation
@_spi(PayPhoneInternal) import PayPhoneCore
import Synchronization
import Testing

/// The lazily loaded tables' slot: made once even when many threads find it
/// empty at the same moment, and a failed make leaves it empty.
@Suite struct LazyReferenceTests {
  final class Box: Sendable {
    let value: Int
    init(_ value: Int) { self.value = value }
  }

  @Test func anEmptySlotIsMadeByTheFirstCallAndKeptForTheNext() {
    let slot = LazyReferences<Box>(count: 1)
    #expect(slot.load(0) == nil)
    #expect(slot.loadOrMake(0) { Box(1) }.value == 1)
    #expect(slot.loadOrMake(0) { Box(2) }.value == 1)
    #expect(slot.load(0)?.value == 1)
  }

  @Test func aMakeThatGivesNothingStoresNothing() {
    let slot = LazyReferences<Box>(count: 1)
    #expect(slot.loadOrTryMaking(0) { nil } == nil)
    #expect(slot.load(0) == nil)
    #expect(slot.loadOrTryMaking(0) { Box(3) }?.value == 3)
    #expect(slot.loadOrTryMaking(0) { nil }?.value == 3)
  }

  /// Sixteen threads released at once onto an empty slot, whose make is
  /// slow enough that they all arrive while it runs: it runs once, and
  /// every thread gets the one object it made.
  @Test func threadsRacingForAnEmptySlotWaitForOneMake() {
    let slot = LazyReferences<Box>(count: 1)
    let makes = Atomic<Int>(0)
    let seen = Locked<[ObjectIdentifier]>([])
    let threadCount = 16
    let start = DispatchSemaphore(value: 0)
    let group = DispatchGroup()
    for _ in 0..<threadCount {
      DispatchQueue.global().async(group: group) {
        start.wait()
        let box = slot.loadOrMake(0) {
          makes.add(1, ordering: .relaxed)
          Thread.sleep(forTimeInterval: 0.05)
          return Box(7)
        }
        seen.withLock { $0.append(ObjectIdentifier(box)) }
      }
    }
    for _ in 0..<threadCount { start.signal() }
    group.wait()
    #expect(makes.load(ordering: .relaxed) == 1)
    let identities = seen.withLock { $0 }
    #expect(identities.count == threadCount)
    #expect(Set(identities).count == 1)
    #expect(slot.load(0)?.value == 7)
  }

  @Test func eachSlotOfASetIsMadeOnceAndOnItsOwn() {
    let slots = LazyReferences<Box>(count: 3)
    #expect(slots.count == 3)
    #expect(slots.loadOrMake(2) { Box(20) }.value == 20)
    #expect(slots.load(0) == nil && slots.load(1) == nil)
    #expect(slots.loadOrTryMaking(1) { nil } == nil)
    #expect(slots.loadOrMake(0) { Box(0) }.value == 0)
    #expect(slots.loadOrMake(2) { Box(21) }.value == 20)
    #expect(slots.load(1) == nil)
  }

  /// Threads racing over every slot of a set: each slot's make runs once,
  /// and every thread sees the object its slot's make stored.
  @Test func threadsRacingOverASetMakeEachSlotOnce() {
    let slotCount = 8
    let slots = LazyReferences<Box>(count: slotCount)
    let makes = Locked<[Int]>(Array(repeating: 0, count: slotCount))
    let mismatches = Atomic<Int>(0)
    let group = DispatchGroup()
    for thread in 0..<16 {
      DispatchQueue.global().async(group: group) {
        for round in 0..<200 {
          let index = (thread + round) % slotCount
          let box = slots.loadOrMake(index) {
            makes.withLock { $0[index] += 1 }
            return Box(index)
          }
          if box.value != index { mismatches.add(1, ordering: .relaxed) }
        }
      }
    }
    group.wait()
    #expect(makes.withLock { $0 } == Array(repeating: 1, count: slotCount))
    #expect(mismatches.load(ordering: .relaxed) == 0)
  }
}
