// The rules lint applies that the runtime applies too (`ValueChecker`, `SettingProblem`,
// `LinkWays`) are BatonSemantics'; `import BatonLint` brings them, as before they moved.
@_exported import BatonSemantics
