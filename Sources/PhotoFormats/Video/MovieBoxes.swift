import PhotoSupport

/// Reads a QuickTime / ISO BMFF movie's metadata from its `moov` box alone: the top-level box
/// headers are walked (never `mdat`, whose gigabytes are the frames), `moov` is read whole
/// (phones write a few hundred KB) and walked in memory, within a budget of boxes and depth,
/// so that a hostile file (a million tiny boxes, boxes within boxes) costs milliseconds.
///
/// Sizes are checked as the box reader does: a 64-bit size (`size == 1`), a size of 0 (to
/// the end of the range), a box running past the end (the recording was cut: a `moov` past
/// the end is no header; an `mdat` past the end ends the walk).
public enum MovieBoxes {
    /// Top-level boxes walked at most before the header (a movie has three to six).
    static let topLevelLimit = 4096
    /// A `moov` bigger than this is refused (an hour's tables are a few MB).
    static let movieHeaderLimit: Int64 = 64 << 20
    /// Boxes visited at most inside `moov`, and how deep.
    static let boxLimit = 100_000
    static let depthLimit = 16
    /// An XMP packet bigger than this is ignored.
    static let xmpLimit: Int64 = 4 << 20
    static let xmpUUID: [UInt8] = [
        0xBE, 0x7A, 0xCF, 0xCB, 0x97, 0xA9, 0x42, 0xE8, 0x9C, 0x71, 0x99, 0x94, 0x91, 0xE3, 0xAF, 0xAC,
    ]

    /// The facts of the movie in `file`, between `start` and `end` (the whole file by default;
    /// a motion photo's clip lies at the end of a JPEG).
    static func read(
        _ file: FileBytes, start: Int64 = 0, end: Int64? = nil
    ) throws(MovieReadError) -> MovieFacts {
        let end = min(end ?? file.size, file.size)
        var offset = start
        var movie: [UInt8]?
        var xmp: [UInt8]?
        for _ in 0..<topLevelLimit {
            guard end - offset >= 8 else { break }
            guard let header = file.prefix(at: offset, count: 16), header.count >= 8 else {
                throw .readFailed
            }
            let box = BoxReader(header)
            guard let size32 = box.uint32(0) else { throw .readFailed }
            let type = box.fourCC(4)
            var headerSize: Int64 = 8
            var size = Int64(size32)
            if size32 == 1 {
                guard let large = box.uint64(8), large <= UInt64(Int64.max) else { break }
                size = Int64(large)
                headerSize = 16
            } else if size32 == 0 {
                size = end - offset
            }
            // A box past the end: the file was cut there; what lies before may still hold the header.
            guard size >= headerSize, size <= end - offset else { break }
            let contentLength = size - headerSize
            if type == "moov", movie == nil {
                guard contentLength <= movieHeaderLimit else { throw .headerTooLarge }
                guard let content = file.bytes(at: offset + headerSize, count: Int(contentLength), keep: false)
                else { throw .readFailed }
                movie = content
            } else if type == "uuid", xmp == nil, contentLength > 16, contentLength <= xmpLimit,
                let content = file.bytes(at: offset + headerSize, count: Int(contentLength), keep: false),
                Array(content.prefix(16)) == xmpUUID
            {
                xmp = Array(content.dropFirst(16))
            }
            offset += size
        }
        guard let movie else { throw .noMovieHeader }
        var walk = MovieWalk(BoxReader(movie))
        try walk.movie()
        var facts = walk.facts()
        if facts.xmp == nil { facts.xmp = xmp }
        return facts
    }

    /// The facts of a movie held in memory (a fuzzer's input, a test's bytes).
    public static func read(bytes: [UInt8]) throws(MovieReadError) -> MovieFacts {
        let result = bytes.withUnsafeBytes { head in
            Result { () throws(MovieReadError) in
                try read(FileBytes(head: head, reader: NoReader(), size: Int64(head.count)))
            }
        }
        return try result.get()
    }

    /// A reader for bytes that are all in the head already.
    private struct NoReader: PositionalReader {
        func read(at offset: Int64, into buffer: UnsafeMutableRawBufferPointer) -> Int { -1 }
    }
}

/// The boxes inside `moov`, visited within the budget `MovieBoxes` sets.
struct BoxWalker {
    let reader: BoxReader
    private(set) var visited = 0

    init(_ reader: BoxReader) { self.reader = reader }

    /// Calls `body` for each box from `from` to `end`, stopping at one whose size does not fit
    /// (what came before is kept: a cut table loses only itself).
    mutating func forEachChild(
        from: Int, end: Int, depth: Int, _ body: (inout BoxWalker, BoxReader.Box) throws(MovieReadError) -> Void
    ) throws(MovieReadError) {
        guard depth <= MovieBoxes.depthLimit else { throw .tooDeep }
        guard from >= 0, end <= reader.bytes.count else { return }
        var at = from
        while end - at >= 8 {
            visited += 1
            guard visited <= MovieBoxes.boxLimit else { throw .tooManyBoxes }
            guard let size32 = reader.uint32(at) else { return }
            var header = 8
            var size = Int(size32)
            if size32 == 1 {
                guard let large = reader.uint64(at + 8), large <= UInt64(end - at) else { return }
                size = Int(large)
                header = 16
            } else if size32 == 0 {
                size = end - at
            }
            guard size >= header, size <= end - at else { return }
            try body(&self, BoxReader.Box(type: reader.fourCC(at + 4), start: at + header, end: at + size))
            at += size
        }
    }
}
