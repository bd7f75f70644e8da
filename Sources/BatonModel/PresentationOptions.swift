/// (1.2) How a sheet, cover or popover is shown beyond its kind, from the map form of the
/// action (`{sheet: S, detents: [medium, large], dismissible: false, grabber: true}`). The
/// runtime keeps them with the modal it presents and hosts read them from there.
public struct PresentationOptions: Hashable, Codable, Sendable {
    /// The heights a sheet may rest at, in the order written; empty for the system's default
    /// (a full-height sheet).
    public var detents: [Detent]
    /// Whether the user may close the modal with the swipe (or an unhandled `back`); false for
    /// a form the user must finish or cancel with its own buttons.
    public var dismissible: Bool
    /// Whether the sheet shows its grabber; nil for the system's choice (shown when there are
    /// several detents).
    public var grabber: Bool?

    /// Options as written; the defaults unless told.
    public init(detents: [Detent] = [], dismissible: Bool = true, grabber: Bool? = nil) {
        self.detents = detents
        self.dismissible = dismissible
        self.grabber = grabber
    }

    /// Whether they are the defaults (nothing written).
    public var isDefault: Bool { detents.isEmpty && dismissible && grabber == nil }

    /// The options as a flow writes them in an action's map form (`detents: [medium, 0.3]`),
    /// nil for the defaults: for graphs and the log.
    public var text: String? {
        var parts: [String] = []
        if !detents.isEmpty { parts.append("detents: [" + detents.map(\.text).joined(separator: ", ") + "]") }
        if !dismissible { parts.append("dismissible: false") }
        if let grabber { parts.append("grabber: \(grabber)") }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
}

/// (1.2) A height a sheet may rest at: the system's medium (about half the screen) or large
/// (full) height, or a fraction of the screen's height, between 0 and 1 exclusive.
public enum Detent: Hashable, Codable, Sendable {
    /// The system's medium height, about half the screen.
    case medium
    /// The full height.
    case large
    /// A share of the screen's height, above 0 and below 1.
    case fraction(Double)

    /// The detent's names as a flow writes them.
    public static let names = ["medium", "large"]

    /// `medium`, `large`, or the fraction as written (`0.3`).
    public var text: String {
        switch self {
        case .medium: "medium"
        case .large: "large"
        case .fraction(let value): "\(value)"
        }
    }

    /// The detent a name stands for; nil for another.
    public init?(name: String) {
        switch name {
        case "medium": self = .medium
        case "large": self = .large
        default: return nil
        }
    }

    /// Whether `value` may be a fraction detent: above 0 and below 1.
    public static func isFraction(_ value: Double) -> Bool { value > 0 && value < 1 }

    /// Coded as a flow writes it: a name, or the fraction as a number.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let name = try? container.decode(String.self) {
            guard let named = Detent(name: name) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "a detent is medium, large or a fraction")
            }
            self = named
            return
        }
        let value = try container.decode(Double.self)
        guard Detent.isFraction(value) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "a detent's fraction is between 0 and 1")
        }
        self = .fraction(value)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .medium, .large: try container.encode(text)
        case .fraction(let value): try container.encode(value)
        }
    }
}
