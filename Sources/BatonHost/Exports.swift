// `import BatonHost` (or BatonSwiftUI, or BatonUIKit, which bring it) is all an app writes:
// the runtime's API comes with it.
@_exported import BatonRuntime
