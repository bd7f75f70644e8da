import BatonModel

extension SwiftGenerator {
    /// The registry's skeleton (`--registry`): a protocol with, per screen, a view-model
    /// factory and a view, and `register(in:)`, which registers every screen of the flow in an
    /// `AppScreens` from them. A screen the app gives neither keeps the defaults (a
    /// `GenericViewModel`, the host's generic view); a screen added to the flow is registered
    /// by the next build, and a type that gives it a model of its own says so by name. The
    /// protocol goes in the namespace; its extensions after it, at the file's top level.
    func registrySkeleton() -> (protocol: String, extensions: String) {
        var out = "/// Every screen of the flow with its view model and its view: conform a type to it, then\n"
        out += "/// `register(in:)` registers them all in an `AppScreens` (`baton generate swift --registry`).\n"
        out += "/// A screen the type gives nothing keeps a `GenericViewModel` and the host's generic view.\n"
        out += "@MainActor\n\(keyword)protocol \(screensProtocolName) {\n"
        for screen in spec.screens {
            let base = SwiftNames.upperCamel(screen.name)
            out += "    associatedtype \(base)Model: ScreenViewModel = GenericViewModel\n"
            out += "    associatedtype \(base)View = Never\n"
            out += "    static func \(member(screen, "Model"))(_ screen: \(screenTypeName(screen.name))) -> \(base)Model\n"
            out += "    static func \(member(screen, "View"))(_ model: \(base)Model) -> \(base)View?\n"
        }
        out += "}\n"
        let skeleton = out
        out = "\nextension \(namespace).\(screensProtocolName) {\n"
        out += "    /// Registers every screen of the flow in `screens`: its view model and its view.\n"
        out += "    \(keyword)static func register(in screens: inout AppScreens) {\n"
        for screen in spec.screens {
            out += "        screens.register(\(namespace).\(screenTypeName(screen.name)).self, model: { \(member(screen, "Model"))($0) }, "
            out += "view: { \(member(screen, "View"))($0) })\n"
        }
        out += "    }\n}\n"
        for screen in spec.screens {
            let base = SwiftNames.upperCamel(screen.name)
            let declared = Set(screen.events.map(\.name))
            let events = (screen.events.map(\.name) + Screen.builtinEvents.filter { !declared.contains($0) })
                .map { "\"\($0)\"" }.joined(separator: ", ")
            out += "\nextension \(namespace).\(screensProtocolName) where \(base)Model == GenericViewModel {\n"
            out += "    \(keyword)static func \(member(screen, "Model"))(_ screen: \(namespace).\(screenTypeName(screen.name))) -> GenericViewModel {\n"
            out += "        GenericViewModel(context: screen.context, events: [\(events)])\n    }\n}\n"
            out += "\nextension \(namespace).\(screensProtocolName) where \(base)View == Never {\n"
            out += "    \(keyword)static func \(member(screen, "View"))(_ model: \(base)Model) -> Never? { nil }\n}\n"
        }
        return (skeleton, out)
    }

    /// `recipeDetailModel`, `recipeDetailView`: a screen's requirement names.
    private func member(_ screen: Screen, _ suffix: String) -> String {
        SwiftNames.lowerCamel(screen.name) + suffix
    }
}
