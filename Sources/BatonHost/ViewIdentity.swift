/// Which view or view controller a host makes for a screen or flow instance: given once by a
/// `RenderSession` and never again, so a view made for one instance never shows another. An
/// instance id alone is not enough: a restore or a new flow (`replace(with:)`) starts counting
/// ids again, and an instance made then may carry the id of one shown before.
public struct ViewIdentity: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Unique in the session, counting from 1.
    public let serial: Int
    /// The screen or flow instance it shows.
    public let instance: Int
    /// The screen or flow id.
    public let name: String

    /// An identity; a `RenderSession` gives them out, each serial once.
    public init(serial: Int, instance: Int, name: String) {
        self.serial = serial
        self.instance = instance
        self.name = name
    }

    public static func < (lhs: ViewIdentity, rhs: ViewIdentity) -> Bool { lhs.serial < rhs.serial }

    public var description: String { "\(name)#\(instance)/\(serial)" }
}
