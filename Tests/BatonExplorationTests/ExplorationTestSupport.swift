import BatonExploration
import BatonLint
import BatonLoader
import BatonModel
import Foundation
import Testing

/// Loads `text` as `main.yaml`, lints it (no errors allowed: exploration runs on clean specs)
/// and explores it.
@MainActor
func explore(_ text: String, options: ExplorationOptions = ExplorationOptions(),
             sourceLocation: Testing.SourceLocation = #_sourceLocation) -> ExplorationResult? {
    let result = FlowLoader().load(text: text, path: "main.yaml")
    #expect(!result.hasErrors, "\(result.diagnostics)", sourceLocation: sourceLocation)
    guard let spec = result.spec else { return nil }
    let lint = Linter().lint(spec)
    #expect(!lint.hasErrors, "\(lint)", sourceLocation: sourceLocation)
    return Explorer(spec: spec, options: options).run()
}

/// A flow whose only way off `offer` is `accept`, handled only when `condition` holds;
/// `settings` declares what it reads (`context:` or `flags:` lines).
func offerFlow(settings: String, condition: String) -> String {
    """
    baton: 1
    start: main
    \(settings)
    screens:
      home: {events: [open]}
      offer: {events: [accept]}
      thanks: {events: [close]}
    flows:
      main:
        stack: home
        on:
          home.open: reset offer
          offer.accept: {when: "\(condition)", reset: thanks}
          thanks.close: reset home
    """
}

/// A flow whose detail pushes itself (the repeat bound stops it) and whose `other` only an
/// alternative after one without a guard shows (line 6; the alternative on line 13).
let detailPushingItself = """
    baton: 1
    start: main
    screens:
      home: {events: {open: ~}}
      detail: {events: {more: ~}}
      other: {}
    flows:
      main:
        stack: home
        on:
          home.open:
            - push detail
            - push other
          detail.more: push detail
    """

/// Loads a flow file of the repository's `flows/` folder.
func loadFlow(_ name: String) -> FlowSpec? {
    FlowLoader().load(path: Paths.packageRoot.appendingPathComponent("flows/\(name)").path).spec
}

enum Paths {
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}

extension CheckDescription: CustomTestStringConvertible {
    public var testDescription: String { code }
}
