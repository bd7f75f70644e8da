import BatonRuntime

/// How to bring presented view controllers in line with the flow's modals, in stages, as UIKit
/// requires: one dismissal (which takes everything above it along), then one presentation at a
/// time, each from the one before, after the previous has finished. SwiftUI stages its own
/// sheets; UIKit hosts follow this plan.
public struct ModalPlan: Equatable, Sendable {
    /// The level whose presented view controller to dismiss first (0: the one presented from
    /// the root), nil when nothing shown has to go.
    public var dismissFromLevel: Int?
    /// The modals to present after that, outermost first, by id.
    public var present: [Int]

    public init(dismissFromLevel: Int?, present: [Int]) {
        self.dismissFromLevel = dismissFromLevel
        self.present = present
    }

    /// Nothing to do.
    public var isEmpty: Bool { dismissFromLevel == nil && present.isEmpty }

    /// The plan from the modals shown (ids, outermost first) to the ones the flow wants. A modal
    /// the flow replaced by another (a new id at the same level) is dismissed, with everything
    /// above it, before the new one is presented.
    public static func steps(shown: [Int], wanted: [Int]) -> ModalPlan {
        var kept = 0
        while kept < shown.count, kept < wanted.count, shown[kept] == wanted[kept] { kept += 1 }
        return ModalPlan(dismissFromLevel: kept < shown.count ? kept : nil, present: Array(wanted[kept...]))
    }
}
