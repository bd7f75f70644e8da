internal import CYAML

/// Owns one libyaml event parser and frees it in `deinit`. Reads the caller's bytes in place
/// (a flow file's copy would double what a load holds), so the bytes must outlive the reader:
/// it lives inside the parse call that lends them. Hands each event to an `EventSink`.
final class EventReader {
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    /// The bytes libyaml reads: the input after any byte order mark.
    private let buffer: UnsafePointer<UInt8>
    private let count: Int
    /// A byte of our own for empty input: libyaml refuses a null pointer.
    private let emptyInput: UnsafeMutablePointer<UInt8>?
    private var initialized = false
    private var converter: MarkConverter

    /// Starts a parser on `input`, dropping a leading UTF-8 byte order mark. `input` must stay
    /// valid for the reader's whole life.
    init(input: UnsafeBufferPointer<UInt8>) throws(YAMLError) {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let skip = input.starts(with: bom) ? bom.count : 0
        count = input.count - skip
        if count > 0, let base = input.baseAddress {
            buffer = base + skip
            emptyInput = nil
        } else {
            let byte = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
            byte.initialize(to: 0)
            buffer = UnsafePointer(byte)
            emptyInput = byte
        }
        parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        converter = MarkConverter(bytes: UnsafeBufferPointer(start: buffer, count: count), offsetBase: skip)
        guard yaml_parser_initialize(parser) != 0 else {
            throw YAMLError(.syntax, "libyaml could not start (out of memory)", at: Mark(line: 1, column: 1))
        }
        initialized = true
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
        yaml_parser_set_input_string(parser, buffer, count)
    }

    deinit {
        if initialized { yaml_parser_delete(parser) }
        parser.deallocate()
        emptyInput?.deallocate()
    }

    /// Reads the next event and hands it to `sink`. Returns false once the stream ended;
    /// throws the error libyaml stopped at, or the one `sink` threw.
    func read<Sink: EventSink>(into sink: inout Sink) throws(YAMLError) -> Bool {
        var event = yaml_event_t()
        guard yaml_parser_parse(parser, &event) != 0 else { throw currentError() }
        defer { yaml_event_delete(&event) }
        let start = converter.mark(event.start_mark)
        switch event.type {
        case YAML_STREAM_START_EVENT, YAML_DOCUMENT_END_EVENT:
            break
        case YAML_DOCUMENT_START_EVENT:
            try sink.documentStart(at: start)
        case YAML_ALIAS_EVENT:
            try sink.alias(Self.string(event.data.alias.anchor) ?? "", at: start)
        case YAML_SCALAR_EVENT:
            let data = event.data.scalar
            let value = data.value.map {
                String(decoding: UnsafeBufferPointer(start: $0, count: Int(data.length)), as: UTF8.self)
            } ?? ""
            try sink.scalar(Node.Scalar(value, style: Self.style(data.style), tag: Self.tag(data.tag),
                                        start: start, end: converter.mark(event.end_mark)),
                            anchor: Self.string(data.anchor))
        case YAML_SEQUENCE_START_EVENT:
            try sink.startSequence(anchor: Self.string(event.data.sequence_start.anchor), at: start)
        case YAML_MAPPING_START_EVENT:
            try sink.startMapping(anchor: Self.string(event.data.mapping_start.anchor), at: start)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            try sink.end(at: converter.mark(event.end_mark))
        default:
            // YAML_STREAM_END_EVENT and YAML_NO_EVENT: nothing more will come.
            return false
        }
        return true
    }

    /// The error libyaml recorded, as a `YAMLError`.
    private func currentError() -> YAMLError {
        let state = parser.pointee
        let problem = Self.string(state.problem) ?? "unknown problem"
        switch state.error {
        case YAML_READER_ERROR:
            let mark = converter.mark(converter.libyamlMark(atByte: Int(state.problem_offset)))
            var message = problem
            if state.problem_value != -1 {
                message += " (#\(String(state.problem_value, radix: 16, uppercase: true)))"
            }
            return YAMLError(.encoding, message, at: mark)
        case YAML_MEMORY_ERROR:
            return YAMLError(.syntax, "libyaml ran out of memory", at: converter.mark(state.mark))
        default:
            let context = Self.string(state.context)
            let problemMark = converter.mark(state.problem_mark)
            let contextMark = context == nil ? nil : converter.mark(state.context_mark)
            if let hint = SyntaxHint.improve(problem: problem, context: context, problemMark: problemMark,
                                             contextMark: contextMark,
                                             source: UnsafeBufferPointer(start: buffer, count: count)) {
                return YAMLError(.syntax, hint.message, at: hint.mark)
            }
            var message = problem
            if let context { message += " " + context }
            return YAMLError(.syntax, message, at: problemMark)
        }
    }

    private static func string(_ pointer: UnsafePointer<CChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    /// An explicit tag in short form (`!!str` rather than `tag:yaml.org,2002:str`); nil for
    /// none and for the non-specific tags `!` and `?`.
    private static func tag(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let tag = string(pointer), tag != "!", tag != "?" else { return nil }
        let prefix = "tag:yaml.org,2002:"
        if tag.hasPrefix(prefix) { return "!!" + tag.dropFirst(prefix.count) }
        return tag
    }

    private static func style(_ style: yaml_scalar_style_t) -> ScalarStyle {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: .literal
        case YAML_FOLDED_SCALAR_STYLE: .folded
        default: .plain
        }
    }
}
