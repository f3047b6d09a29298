import FeedModel
import Foundation

/// Every stored property of a parsed feed, items included, one per line, for comparing the model
/// values two builds produce on the same input (`tidings-bench parse --mode dump FILE`). Dates print
/// as the bit pattern of their time interval, so a difference in the last bit shows; strings print
/// escaped, so invisible characters show.
enum ModelDump {
    static func lines(of feed: Feed) -> String {
        var out = ""
        write(feed, path: "feed", into: &out)
        return out
    }

    private static func write(_ value: Any, path: String, into out: inout String) {
        if let date = value as? Date {
            out += "\(path) = date \(String(date.timeIntervalSinceReferenceDate.bitPattern, radix: 16))\n"
            return
        }
        if let string = value as? String {
            out += "\(path) = \(string.debugDescription)\n"
            return
        }
        if let number = value as? Double {
            out += "\(path) = double \(String(number.bitPattern, radix: 16))\n"
            return
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            if let some = mirror.children.first {
                write(some.value, path: path, into: &out)
            } else {
                out += "\(path) = nil\n"
            }
        case .struct, .class, .tuple:
            for child in mirror.children {
                write(child.value, path: "\(path).\(child.label ?? "?")", into: &out)
            }
        case .collection, .set, .dictionary:
            out += "\(path).count = \(mirror.children.count)\n"
            for (index, child) in mirror.children.enumerated() {
                write(child.value, path: "\(path)[\(index)]", into: &out)
            }
        default:
            out += "\(path) = \(String(reflecting: value))\n"
        }
    }
}
