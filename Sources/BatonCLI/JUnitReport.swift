import BatonModel

/// JUnit XML of scenario results, the format CI systems read: a suite per file, a test case
/// per scenario, a `failure` with the step's place and message.
enum JUnitReport {
    static func xml(_ results: [ScenarioFileResult]) -> String {
        let tests = results.reduce(0) { $0 + $1.outcomes.count + ($1.isBroken ? 1 : 0) }
        let failures = results.reduce(0) { $0 + $1.failedCount }
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
                     "<testsuites name=\"baton\" tests=\"\(tests)\" failures=\"\(failures)\">"]
        for result in results {
            lines.append("  <testsuite name=\"\(escape(result.file))\" tests=\"\(result.outcomes.count + (result.isBroken ? 1 : 0))\" failures=\"\(result.failedCount)\">")
            if result.isBroken {
                let text = result.diagnostics.filter { $0.severity == .error }.map(\.description).joined(separator: "\n")
                lines.append("    <testcase name=\"load\" classname=\"\(escape(result.file))\">")
                lines.append("      <failure message=\"the file could not run\">\(escape(text))</failure>")
                lines.append("    </testcase>")
            }
            for outcome in result.outcomes {
                let head = "    <testcase name=\"\(escape(outcome.name))\" classname=\"\(escape(result.file))\""
                guard let failure = outcome.failure else {
                    lines.append(head + "/>")
                    continue
                }
                let place = failure.location.map { "\($0): " } ?? ""
                lines.append(head + ">")
                lines.append("      <failure message=\"\(escape(failure.message))\">\(escape(place + "step \(failure.step): " + failure.message))</failure>")
                lines.append("    </testcase>")
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n", "\t", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value >= 0x20 { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}
