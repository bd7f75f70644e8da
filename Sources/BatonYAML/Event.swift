/// One libyaml parse event, copied out of libyaml's structures into Swift values.
/// Tags on sequences and mappings are dropped: `Node` has no place for them.
enum Event {
    case streamStart
    case streamEnd
    case documentStart(start: Mark)
    case documentEnd
    case alias(anchor: String, start: Mark)
    case scalar(Node.Scalar, anchor: String?)
    case sequenceStart(anchor: String?, start: Mark)
    case sequenceEnd(end: Mark)
    case mappingStart(anchor: String?, start: Mark)
    case mappingEnd(end: Mark)
}
