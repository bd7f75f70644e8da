import BatonModel
import Foundation

/// JUnit XML of scenario results, the format CI systems read (valid against Jenkins'
/// `junit-10.xsd`): a suite per file, a test case per scenario, a `failure` with the step's
/// place and message, an `error` for a file that could not run at all.
enum JUnitReport {
    static func xml(_ results: [ScenarioFileResult]) -> String {
        let tests = results.reduce(0) { $0 + testCount($1) }
        let failures = results.reduce(0) { $0 + failureCount($1) }
        let errors = results.filter(\.isBroken).count
        let seconds = results.reduce(0) { $0 + $1.seconds }
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
                     "<testsuites name=\"baton\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(time(seconds))\">"]
        for result in results {
            let file = attribute(result.file)
            lines.append("  <testsuite name=\"\(file)\" tests=\"\(testCount(result))\" failures=\"\(failureCount(result))\" "
                + "errors=\"\(result.isBroken ? 1 : 0)\" skipped=\"0\" time=\"\(time(result.seconds))\" file=\"\(file)\">")
            if result.isBroken {
                let text = result.diagnostics.filter { $0.severity == .error }.map(\.description).joined(separator: "\n")
                lines.append("    <testcase name=\"load\" classname=\"\(file)\" time=\"\(time(result.seconds))\">")
                lines.append("      <error type=\"load\" message=\"the file could not run\">\(content(text))</error>")
                lines.append("    </testcase>")
            }
            for (number, outcome) in result.outcomes.enumerated() {
                let seconds = result.outcomeSeconds.indices.contains(number) ? result.outcomeSeconds[number] : 0
                let head = "    <testcase name=\"\(attribute(outcome.name))\" classname=\"\(file)\" time=\"\(time(seconds))\""
                guard let failure = outcome.failure else {
                    lines.append(head + "/>")
                    continue
                }
                let place = failure.location.map { "\($0): " } ?? ""
                lines.append(head + ">")
                lines.append("      <failure type=\"scenario\" message=\"\(attribute(failure.message))\">"
                    + "\(content(place + "step \(failure.step): " + failure.message))</failure>")
                lines.append("    </testcase>")
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func testCount(_ result: ScenarioFileResult) -> Int {
        result.outcomes.count + (result.isBroken ? 1 : 0)
    }

    private static func failureCount(_ result: ScenarioFileResult) -> Int {
        result.outcomes.filter { !$0.passed }.count
    }

    /// Seconds with three decimals, as `SUREFIRE_TIME` allows (no exponent, no grouping).
    static func time(_ seconds: Double) -> String {
        let millis = seconds.isFinite ? max(0, (seconds * 1000).rounded()) : 0
        let whole = Int(min(millis, 1e15))
        let fraction = String(whole % 1000)
        return "\(whole / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// Text for an attribute value: line breaks and tabs as character references, so XML
    /// readers keep them instead of normalising them to spaces.
    static func attribute(_ text: String) -> String {
        content(text).replacingOccurrences(of: "\n", with: "&#10;")
            .replacingOccurrences(of: "\r", with: "&#13;")
            .replacingOccurrences(of: "\t", with: "&#9;")
    }

    /// Text for element content: markup escaped, characters XML 1.0 cannot hold dropped.
    static func content(_ text: String) -> String {
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
                let value = scalar.value
                if value >= 0x20 && value != 0xFFFE && value != 0xFFFF { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}
