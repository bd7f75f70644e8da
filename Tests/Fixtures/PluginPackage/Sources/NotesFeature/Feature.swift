// This target's flow declares a `Color`; the app's own top-level `Color` (as SwiftUI's would
// be) stands beside it, since the generated one is inside `NotesFlow` (baton-generate.yaml).
struct Color { var hex = "#ffffff" }

/// A public use of the generated API: the plugin made it public through baton-generate.yaml.
public func pickedColor(named name: String) -> NotesFlow.Color {
    _ = Color(hex: "#000000")
    return NotesFlow.Color(name: name)
}
