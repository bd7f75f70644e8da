import Testing
@testable import BatonRuntime
