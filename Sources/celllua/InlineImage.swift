import FoundationEssentials
import Glibc

/// How `:show` puts a picture in front of the user.
///
/// Terminals that speak an image protocol get the PNG inline: kitty's
/// graphics protocol (kitty, and terminals that set `$KITTY_WINDOW_ID`), or
/// iTerm2's `OSC 1337 File=` (iTerm2, WezTerm). Everything else, and any
/// stdout that is not a terminal (escape codes would only corrupt a file or a
/// pipe), gets a preview file whose path is printed.
enum ImageDisplay: Equatable {
    case kitty
    case iTerm
    case previewFile

    /// Decides from the environment, as terminals announce themselves:
    /// `$TERM` containing "kitty" or `$KITTY_WINDOW_ID` set means kitty;
    /// `$TERM_PROGRAM` "iTerm.app" or "WezTerm" means iTerm2's protocol.
    static func choose(environment: [String: String], stdoutIsTerminal: Bool) -> ImageDisplay {
        guard stdoutIsTerminal else { return .previewFile }
        if environment["TERM"]?.contains("kitty") == true || environment["KITTY_WINDOW_ID"] != nil {
            return .kitty
        }
        if let program = environment["TERM_PROGRAM"], program == "iTerm.app" || program == "WezTerm" {
            return .iTerm
        }
        return .previewFile
    }
}

/// The escape sequences of the two inline image protocols, for a PNG.
enum InlineImage {
    /// Kitty's graphics protocol: transmit and display (`a=T`) PNG data
    /// (`f=100`), base64 in chunks of at most 4096 bytes (`m=1` while more
    /// follow). `q=2` asks the terminal not to answer: a reply would arrive on
    /// stdin as if typed.
    static func kitty(png: [UInt8]) -> String {
        let payload = Data(png).base64EncodedString()
        let chunkSize = 4096
        var out = ""
        var start = payload.startIndex
        var first = true
        repeat {
            let end = payload.index(start, offsetBy: chunkSize, limitedBy: payload.endIndex) ?? payload.endIndex
            let more = end < payload.endIndex
            let keys = (first ? "a=T,f=100,q=2," : "") + "m=\(more ? 1 : 0)"
            out += "\u{1b}_G\(keys);\(payload[start..<end])\u{1b}\\"
            start = end
            first = false
        } while start < payload.endIndex
        return out + "\n"
    }

    /// iTerm2's inline file protocol (also WezTerm's): the whole PNG in one
    /// OSC 1337 sequence, shown at its pixel size.
    static func iTerm(png: [UInt8], name: String) -> String {
        let encodedName = Data(name.utf8).base64EncodedString()
        let payload = Data(png).base64EncodedString()
        return "\u{1b}]1337;File=name=\(encodedName);size=\(png.count);inline=1;preserveAspectRatio=1:\(payload)\u{07}\n"
    }
}
