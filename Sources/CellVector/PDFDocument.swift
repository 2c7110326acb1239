import CZlib

/// A PDF file being put together: numbered objects, written in order with
/// their cross-reference table. Streams are compressed (Flate). Nothing
/// depends on the time or on chance, so the same objects give the same bytes.
struct PDFDocument {
    /// Object bodies by number - 1 (nil: reserved, not yet set).
    private var objects: [[UInt8]?] = []

    /// A number for an object whose body comes later (`set`).
    mutating func reserve() -> Int {
        objects.append(nil)
        return objects.count
    }

    mutating func set(_ number: Int, _ body: String) {
        objects[number - 1] = Array(body.utf8)
    }

    @discardableResult
    mutating func add(_ body: String) -> Int {
        let n = reserve()
        set(n, body)
        return n
    }

    /// A stream object: `dictionary` (without its /Length and /Filter) and
    /// the data, compressed.
    mutating func setStream(_ number: Int, dictionary: String, data: [UInt8]) {
        let packed = Self.deflate(data)
        var body = Array("<< \(dictionary) /Length \(packed.count) /Filter /FlateDecode >>\nstream\n".utf8)
        body += packed
        body += Array("\nendstream".utf8)
        objects[number - 1] = body
    }

    /// A stream object whose data is already encoded as `dictionary` (with
    /// its /Filter, without /Length) says: written as it is.
    @discardableResult
    mutating func addEncodedStream(dictionary: String, data: [UInt8]) -> Int {
        let n = reserve()
        var body = Array("<< \(dictionary) /Length \(data.count) >>\nstream\n".utf8)
        body += data
        body += Array("\nendstream".utf8)
        objects[n - 1] = body
        return n
    }

    @discardableResult
    mutating func addStream(dictionary: String, data: [UInt8]) -> Int {
        let n = reserve()
        setStream(n, dictionary: dictionary, data: data)
        return n
    }

    /// The file, with `root` as the catalog.
    func bytes(root: Int) -> [UInt8] {
        // The comment's bytes above 127 tell tools the file is binary.
        var out = Array("%PDF-1.4\n%\u{E2}\u{E3}\u{CF}\u{D3}\n".utf8)
        var offsets: [Int] = []
        for (i, body) in objects.enumerated() {
            offsets.append(out.count)
            out += Array("\(i + 1) 0 obj\n".utf8)
            out += body ?? Array("null".utf8)
            out += Array("\nendobj\n".utf8)
        }
        let xref = out.count
        var table = "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets {
            let digits = String(offset)
            table += String(repeating: "0", count: max(0, 10 - digits.count)) + digits + " 00000 n \n"
        }
        table += "trailer\n<< /Size \(objects.count + 1) /Root \(root) 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        out += Array(table.utf8)
        return out
    }

    /// zlib's deflate at its default level (PDF's FlateDecode is the zlib format).
    static func deflate(_ data: [UInt8]) -> [UInt8] {
        var size = compressBound(uLong(data.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let status = out.withUnsafeMutableBufferPointer { o in
            data.withUnsafeBufferPointer { i in
                compress2(o.baseAddress, &size, i.baseAddress, uLong(data.count), Z_DEFAULT_COMPRESSION)
            }
        }
        precondition(status == Z_OK, "compress2 failed with \(status) on a buffer of its own bound")
        return Array(out.prefix(Int(size)))
    }
}
