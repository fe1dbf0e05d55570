import CYaml
import Yams

/// `Yams.compose` behind a check of the document's shape, for every YAML file a11ylint reads
/// (configurations and rule packs).
///
/// Yams looks for duplicate keys in each mapping by hashing the keys and, when there are
/// duplicates, sorting them; its key order compares equal nested lists twice at every level,
/// so a 500-byte file whose keys are nested lists takes seconds and a few more levels take
/// hours. No a11ylint file has a key that is not a plain value, so such keys are refused
/// before Yams builds anything: one pass over libyaml's events (the parser Yams itself uses),
/// linear in the text, no tree. Syntax errors are left for Yams to report as before.
public enum GuardedYAML {
    /// A key that is not a plain value; line and column count from 1 (columns in Unicode scalars,
    /// as libyaml and Yams count them).
    public struct Refusal: Error, Equatable {
        public let line: Int
        public let column: Int
        public let problem: String
    }

    /// Throws `Refusal` or Yams' `YamlError`.
    public static func compose(_ text: String) throws -> Yams.Node? {
        if let (line, column, problem) = firstRefusal(text) {
            throw Refusal(line: line, column: column, problem: problem)
        }
        return try Yams.compose(yaml: text)
    }

    /// The first key that is a list, a mapping or an alias: (line, column) from 1 and what is wrong.
    static func firstRefusal(_ text: String) -> (Int, Int, String)? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        var copy = text
        return copy.withUTF8 { bytes -> (Int, Int, String)? in
            guard let base = bytes.baseAddress else { return nil }
            yaml_parser_set_input_string(&parser, base, bytes.count)
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            // One entry per open collection: for a mapping, how many nodes it has had (an even
            // count means the next node is a key); -1 for a sequence.
            var open: [Int] = []
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
                defer { yaml_event_delete(&event) }
                let type = event.type
                switch type {
                case YAML_STREAM_END_EVENT:
                    return nil
                case YAML_SCALAR_EVENT, YAML_ALIAS_EVENT, YAML_MAPPING_START_EVENT, YAML_SEQUENCE_START_EVENT:
                    if let count = open.last, count >= 0 {
                        if count % 2 == 0 && type != YAML_SCALAR_EVENT {
                            let what = type == YAML_ALIAS_EVENT ? "an alias" : type == YAML_MAPPING_START_EVENT ? "a mapping" : "a list"
                            return (Int(event.start_mark.line) + 1, Int(event.start_mark.column) + 1,
                                    "a key must be a plain value, not \(what)")
                        }
                        open[open.count - 1] = count + 1
                    }
                    if type == YAML_MAPPING_START_EVENT { open.append(0) }
                    if type == YAML_SEQUENCE_START_EVENT { open.append(-1) }
                case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
                    open.removeLast()
                default:
                    continue
                }
            }
        }
    }
}
