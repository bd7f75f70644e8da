import BatonModel

/// Whether a switch may show a branch under the flags and facts in force: the rule a restore
/// at launch applies (`NavigationCore.mayShow`) and `SnapshotMapping` applies across versions,
/// written once. A branch may be shown when it has no condition, when its condition holds, or
/// when it is the one the switch's conditions pick (the last, when none holds).
enum BranchPermission {
    /// `holds` answers a `when`; nil when it cannot be decided (it reads a fact none is given
    /// for), which forbids nothing.
    static func mayShow(_ branch: String, in branches: [Step], holds: (Condition) -> Bool?) -> Bool {
        guard let step = branches.first(where: { $0.target.name == branch }) else { return false }
        guard let condition = step.when, holds(condition) == false else { return true }
        // Its own `when` is false, so the conditions pick it only as the last, when none holds.
        guard branches.last?.target.name == branch else { return false }
        return branches.dropLast().allSatisfy { other in other.when.map { holds($0) != true } ?? false }
    }
}
