import BatonModel
import Foundation

extension TextReporter {
    /// Prints the diagnostics of `file` to standard error in the text form, as a command does
    /// before it stops on them.
    package static func printToStandardError(_ diagnostics: [Diagnostic], of file: String) {
        let report = TextReporter(colors: .forStandardError).generateReport([FileReport(file: file, diagnostics: diagnostics)])
        FileHandle.standardError.write(Data((report + "\n").utf8))
    }
}
