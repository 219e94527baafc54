/// Merges the equivalent states of a digit automaton and renumbers them.
///
/// Automata without cycles (every metadata pattern: they have no `*`, `+` or
/// `{n,}`) are minimised in one pass from the last states back (each state is
/// equivalent to an earlier-seen one with the same flags and the same
/// successors); others by Moore's partition refinement. The result numbers
/// the dead state 0, then the states in breadth-first order from the start,
/// so related rows sit together.
enum AutomatonMinimizer {
  /// `transitions` is indexed by `state * 10 + digit`; state 0 must be dead
  /// (all its transitions to itself, no flags).
  static func minimize(transitions: [Int32], flags: [UInt8], start: Int)
    -> (transitions: [Int32], flags: [UInt8], start: Int)
  {
    let classes =
      acyclicClasses(transitions: transitions, flags: flags, start: start)
      ?? mooreClasses(transitions: transitions, flags: flags)
    return renumber(transitions: transitions, flags: flags, start: start, classes: classes)
  }

  /// A state's flags and the classes of its ten successors, hashed in one
  /// call rather than lane by lane.
  private struct Signature: Hashable {
    var lanes: SIMD16<Int32>

    init(flags: Int32) {
      lanes = SIMD16(repeating: -1)
      lanes[10] = flags
    }

    func hash(into hasher: inout Hasher) {
      withUnsafeBytes(of: lanes) { hasher.combine(bytes: $0) }
    }
  }

  /// Classes by one pass in post-order (successors first); nil when the
  /// automaton has a cycle other than the dead state's.
  private static func acyclicClasses(transitions: [Int32], flags: [UInt8], start: Int) -> [Int32]? {
    let count = flags.count
    var classes = [Int32](repeating: -1, count: count)
    var dead = Signature(flags: 0)
    for digit in 0..<10 { dead.lanes[digit] = 0 }
    var register: [Signature: Int32] = [dead: 0]
    register.reserveCapacity(count)
    classes[0] = 0
    // 0: unseen, 1: on the path, 2: done.
    var color = [UInt8](repeating: 0, count: count)
    color[0] = 2
    var path: [(state: Int, digit: Int)] = []
    if color[start] == 0 {
      color[start] = 1
      path.append((start, 0))
    }
    while let (state, digit) = path.last {
      if digit < 10 {
        path[path.count - 1].digit += 1
        let target = Int(transitions[state * 10 + digit])
        switch color[target] {
        case 0:
          color[target] = 1
          path.append((target, 0))
        case 1:
          return nil
        default:
          break
        }
        continue
      }
      path.removeLast()
      color[state] = 2
      var signature = Signature(flags: Int32(flags[state]))
      for digit in 0..<10 { signature.lanes[digit] = classes[Int(transitions[state * 10 + digit])] }
      if let known = register[signature] {
        classes[state] = known
      } else {
        let fresh = Int32(register.count)
        register[signature] = fresh
        classes[state] = fresh
      }
    }
    return classes
  }

  /// Classes by Moore's refinement: split by flags, then by the classes of
  /// the successors, until no class splits.
  private static func mooreClasses(transitions: [Int32], flags: [UInt8]) -> [Int32] {
    let count = flags.count
    var classes = flags.map { Int32($0) }
    var classCount = Set(classes).count
    var register: [Signature: Int32] = [:]
    register.reserveCapacity(count)
    while true {
      register.removeAll(keepingCapacity: true)
      var refined = [Int32](repeating: 0, count: count)
      for state in 0..<count {
        var signature = Signature(flags: classes[state])
        for digit in 0..<10 { signature.lanes[digit] = classes[Int(transitions[state * 10 + digit])] }
        if let known = register[signature] {
          refined[state] = known
        } else {
          let fresh = Int32(register.count)
          register[signature] = fresh
          refined[state] = fresh
        }
      }
      classes = refined
      if register.count == classCount { return classes }
      classCount = register.count
    }
  }

  private static func renumber(transitions: [Int32], flags: [UInt8], start: Int, classes: [Int32])
    -> (transitions: [Int32], flags: [UInt8], start: Int)
  {
    let classCount = Int(classes.max() ?? 0) + 1
    var number = [Int32](repeating: -1, count: classCount)
    var representative: [Int] = [0]
    number[Int(classes[0])] = 0
    var queue = [start]
    if number[Int(classes[start])] < 0 {
      number[Int(classes[start])] = Int32(representative.count)
      representative.append(start)
    }
    var head = 0
    while head < queue.count {
      let state = queue[head]
      head += 1
      for digit in 0..<10 {
        let target = Int(transitions[state * 10 + digit])
        if number[Int(classes[target])] < 0 {
          number[Int(classes[target])] = Int32(representative.count)
          representative.append(target)
          queue.append(target)
        }
      }
    }
    var newTransitions = [Int32](repeating: 0, count: representative.count * 10)
    var newFlags = [UInt8](repeating: 0, count: representative.count)
    for (newState, state) in representative.enumerated() {
      newFlags[newState] = flags[state]
      for digit in 0..<10 {
        newTransitions[newState * 10 + digit] = number[Int(classes[Int(transitions[state * 10 + digit])])]
      }
    }
    return (newTransitions, newFlags, Int(number[Int(classes[start])]))
  }
}
