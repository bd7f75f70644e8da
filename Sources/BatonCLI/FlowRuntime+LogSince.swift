import BatonRuntime

extension FlowRuntime {
    /// The log entries recorded after the one numbered `sequence` (`LogEntry.sequence`; 0 for
    /// all), read from the end: the log holds up to twice its limit of earlier entries.
    package func entries(loggedAfter sequence: Int) -> ArraySlice<LogEntry> {
        let log = self.log
        return log[(log.lastIndex { $0.sequence <= sequence }.map { $0 + 1 } ?? log.startIndex)...]
    }
}
