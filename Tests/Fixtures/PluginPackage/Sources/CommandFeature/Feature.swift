// A target without the build plugin, as an Xcode app target is: `swift package
// baton-generate --target CommandFeature` writes SignupFlow.swift and signup.flow.json beside
// the flow once (.ci/check-plugin.sh runs it), and this code compiles against them.
import BatonRuntime

/// The first screen of the sign-up flow, by the generated screen id.
func firstScreen() -> Signup.ScreenID { .landing }
