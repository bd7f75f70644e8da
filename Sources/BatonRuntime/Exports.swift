// `import BatonRuntime` is all an app writes: the model's types it meets in the runtime's API
// (`Value`, `FlowSpec`, `Diagnostic`, `ValueCodingError`, ...) come with it.
@_exported import BatonModel
