/// The structure of a generated benchmark flow, shared by the generator, the scripted walk and
/// the hand-written coordinator so that all three agree on which screen leads where.
///
/// The app: a root switch (logged in or out) over a sign-in sequence and a tabs flow of `tabs`
/// content tabs plus a settings tab. Each content tab is a stack over a tree of units; a unit
/// is three screens, list → detail → part, and each detail opens the lists of up to
/// `branching` child units.
public struct FlowShape: Sendable, Hashable {
    /// The screen count asked for, which the generated file has exactly.
    public let screens: Int
    /// Content tabs (the settings tab comes on top).
    public let tabs: Int
    /// Units (list, detail, part) in each content tab.
    public let unitsPerTab: Int
    /// How many child units a detail screen opens.
    public let branching: Int
    /// Screens pushed from settings, to make the count exact.
    public let infoScreens: Int

    /// Screens that do not belong to units: welcome, consent, credentials, settings, safari
    /// and one edit form per tab.
    public static func fixedScreens(tabs: Int) -> Int { 5 + tabs }

    /// The shape of an app with `screens` screens (at least `fixedScreens + 3 * tabs`).
    public init(screens: Int, tabs: Int = 4, branching: Int = 3) {
        let fixed = Self.fixedScreens(tabs: tabs)
        let units = max(1, (screens - fixed) / (3 * tabs))
        self.tabs = tabs
        self.branching = branching
        self.unitsPerTab = units
        self.infoScreens = max(0, screens - fixed - 3 * tabs * units)
        self.screens = fixed + 3 * tabs * units + infoScreens
    }

    /// The units a detail of `unit` opens, in event order `open0`, `open1`, ...
    public func children(of unit: Int) -> Range<Int> {
        let first = unit * branching + 1
        return min(first, unitsPerTab)..<min(first + branching, unitsPerTab)
    }

    /// The bool flag `tNPartsPushed` defaults to true on even tabs: there `showPart` pushes the
    /// part screen; on odd tabs it presents it as a sheet.
    public func partsPushed(tab: Int) -> Bool { tab % 2 == 0 }

    public func tabID(_ tab: Int) -> String { "t\(tab)" }
    public func listID(tab: Int, unit: Int) -> String { "t\(tab)u\(unit)List" }
    public func detailID(tab: Int, unit: Int) -> String { "t\(tab)u\(unit)Detail" }
    public func partID(tab: Int, unit: Int) -> String { "t\(tab)u\(unit)Part" }
    public func editFlowID(tab: Int) -> String { "t\(tab)Edit" }
    public func editFormID(tab: Int) -> String { "t\(tab)EditForm" }
    public func infoID(_ index: Int) -> String { "info\(index)" }
    /// The type names of a unit: list input, detail input, part input.
    public func typeNames(tab: Int, unit: Int) -> (query: String, item: String, part: String) {
        ("T\(tab)U\(unit)Query", "T\(tab)U\(unit)Item", "T\(tab)U\(unit)Part")
    }
}
