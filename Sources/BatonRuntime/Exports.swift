// `import BatonRuntime` brings the few of the model's types an app names (its values, flags,
// errors and results, the interface its build compiled) and no others: the rest of BatonModel
// (`Link`, `Tab`, `Screen`, `Flow`, ...), whose names a SwiftUI file has its own of, stays out.
// Code that reads the model itself imports BatonModel.
@_exported import enum BatonModel.Value
@_exported import enum BatonModel.Literal
@_exported import struct BatonModel.Diagnostic
@_exported import struct BatonModel.DiagnosticsError
@_exported import struct BatonModel.ValueCodingError
@_exported import struct BatonModel.ScreenResult
@_exported import struct BatonModel.FlowSpec
@_exported import struct BatonModel.AppInterface
