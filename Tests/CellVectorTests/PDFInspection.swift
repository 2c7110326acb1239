import CZlib
import Foundation

extension Fidelity {
    /// The text of a PDF's content streams (the page's and its forms', not
    /// its images), inflated and joined, for tests on what was written; nil
    /// when a stream does not inflate. Knows the writer's layout only
    /// (`<< ... /Length n /Filter /FlateDecode >>\nstream\n`).
    static func pdfContent(_ pdf: [UInt8]) -> String? {
        let marker = Array(">>\nstream\n".utf8)
        var text = ""
        var i = 0
        while let found = firstIndex(of: marker, in: pdf, from: i) {
            let start = found + marker.count
            // The dictionary: back to the object's "obj\n".
            var d = found
            while d > 4, !(pdf[d - 4] == UInt8(ascii: "o") && pdf[d - 3] == UInt8(ascii: "b") &&
                           pdf[d - 2] == UInt8(ascii: "j")) { d -= 1 }
            let dictionary = String(decoding: pdf[d..<found], as: UTF8.self)
            guard let range = dictionary.range(of: "/Length "),
                  let length = Int(dictionary[range.upperBound...].prefix { $0.isNumber }) else { return nil }
            if !dictionary.contains("/Subtype /Image") {
                guard let data = inflate(Array(pdf[start..<(start + length)])) else { return nil }
                text += String(decoding: data, as: UTF8.self) + "\n"
            }
            i = start + length
        }
        return text
    }

    private static func firstIndex(of needle: [UInt8], in haystack: [UInt8], from: Int) -> Int? {
        guard haystack.count >= needle.count, from <= haystack.count - needle.count else { return nil }
        for i in from...(haystack.count - needle.count) where haystack[i] == needle[0] {
            if Array(haystack[i..<(i + needle.count)]) == needle { return i }
        }
        return nil
    }

    /// zlib data inflated (the output grown until it fits).
    private static func inflate(_ data: [UInt8]) -> [UInt8]? {
        var capacity = Swift.max(1024, data.count * 8)
        while capacity < 1 << 30 {
            var out = [UInt8](repeating: 0, count: capacity)
            var size = uLong(capacity)
            let status = out.withUnsafeMutableBufferPointer { o in
                data.withUnsafeBufferPointer { i in uncompress(o.baseAddress, &size, i.baseAddress, uLong(data.count)) }
            }
            if status == Z_OK { return Array(out.prefix(Int(size))) }
            guard status == Z_BUF_ERROR else { return nil }
            capacity *= 4
        }
        return nil
    }
}
