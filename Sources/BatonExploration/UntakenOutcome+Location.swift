import BatonModel
import BatonRuntime

extension UntakenOutcome {
    /// Where the `finish` that gave the outcome is written: the item of a `do`, else the
    /// alternative.
    func location(in index: SpecIndex, _ locations: CoverageLocations) -> SourceRange? {
        let finish = finishedBy.action(in: index)?.performedActions.first {
            if case .finish(let outcome) = $0.kind { outcome.name == self.outcome } else { false }
        }
        return finish?.location ?? locations.location(of: CoverageTarget(finishedBy))
    }
}
