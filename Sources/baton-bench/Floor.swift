import CYAML

/// The physical limit: libyaml's bare event parse of the bytes, and nothing else. No strings
/// made, no tree, no positions converted.
enum Floor {
    /// The number of events in `bytes`, or nil when libyaml stops with an error.
    static func parse(_ bytes: [UInt8]) -> Int? {
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) != 0 else { return nil }
        defer { yaml_parser_delete(parser) }
        return bytes.withUnsafeBufferPointer { buffer -> Int? in
            yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
            yaml_parser_set_input_string(parser, buffer.baseAddress, buffer.count)
            var event = yaml_event_t()
            var count = 0
            while true {
                guard yaml_parser_parse(parser, &event) != 0 else { return nil }
                let type = event.type
                yaml_event_delete(&event)
                count += 1
                if type == YAML_STREAM_END_EVENT { return count }
            }
        }
    }
}
