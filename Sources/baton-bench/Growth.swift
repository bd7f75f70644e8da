import Foundation

/// How lint time grows with the size of a flow: the exponent k in time ∝ size^k, fitted by
/// least squares on the logarithms of every size measured. 1 is linear.
struct GrowthFigures {
    /// Lint time against screens, on the bench's flow.
    var lintPerScreen: Double?
    /// Lint time against links, on the second shape.
    var lintPerLink: Double?
    /// Lint time against flows, on the second shape.
    var lintPerFlow: Double?

    init(stages: [StageFigures], wildcards: [StageFigures]) {
        lintPerScreen = Self.exponent(stages.map { (Double($0.screens), $0.lintMs) })
        lintPerLink = Self.exponent(wildcards.map { (Double($0.links), $0.lintMs) })
        lintPerFlow = Self.exponent(wildcards.map { (Double($0.flows), $0.lintMs) })
    }

    /// The slope of log(time) over log(size); nil with fewer than two distinct sizes or a time
    /// that is not positive.
    static func exponent(_ points: [(size: Double, ms: Double)]) -> Double? {
        let logs = points.filter { $0.size > 0 && $0.ms > 0 }.map { (x: log($0.size), y: log($0.ms)) }
        guard logs.count >= 2 else { return nil }
        let count = Double(logs.count)
        let meanX = logs.reduce(0) { $0 + $1.x } / count
        let meanY = logs.reduce(0) { $0 + $1.y } / count
        let spread = logs.reduce(0) { $0 + ($1.x - meanX) * ($1.x - meanX) }
        guard spread > 0 else { return nil }
        return logs.reduce(0) { $0 + ($1.x - meanX) * ($1.y - meanY) } / spread
    }
}
