import PhotoSupport

extension ImageFileReader {
    /// The XMP signature that opens an APP1 XMP segment, 29 bytes with its NUL.
    static let xmpSignatureLength = 29

    /// Reads the XMP packet (with its extended part) and the IPTC-IIM block of a file whose
    /// layout is known, from the head already in memory where it can. Never throws: a
    /// packet that cannot be read is a problem line, and the rest is still read.
    static func readEmbeddedText(
        _ layout: JPEGLayout, head: UnsafeRawBufferPointer, fileSize: Int64,
        reader: FileDescriptorReader
    ) -> EmbeddedText {
        var text = EmbeddedText()
        if let segment = layout.first(.xmp),
            let payload = segmentBytes(
                segment, skipping: xmpSignatureLength, head: head, fileSize: fileSize, reader: reader)
        {
            do {
                let packet = try XMPPacket(bytes: Array(payload))
                text.motionClipLength = packet.motionPhotoClipLength
                var xmp = packet.text
                if let guid = packet.extendedGUID {
                    let pieces = layout.segments.filter { $0.kind == .xmpExtension }
                        .compactMap { segmentBytes($0, head: head, fileSize: fileSize, reader: reader) }
                    if let extended = ExtendedXMP.assemble(guid: guid, payloads: pieces) {
                        do { xmp = xmp.filled(from: try XMPPacket(bytes: extended).text) } catch {
                            text.problems.append("extended XMP not read: \(error)")
                        }
                    }
                }
                text.problems += xmp.problems
                text.xmp = xmp.isEmpty ? nil : xmp
            } catch {
                text.problems.append("XMP not read: \(error)")
            }
        }
        let photoshop = layout.segments.filter { $0.kind == .photoshop }
        if !photoshop.isEmpty {
            let payloads = photoshop.compactMap { segmentBytes($0, head: head, fileSize: fileSize, reader: reader) }
            text.iptc = IPTCReader.read(photoshopPayloads: payloads)
        }
        return text
    }

    /// A segment's payload: sliced from the head when it lies there, else read from the file;
    /// nil when nothing of it can be read.
    static func segmentBytes(
        _ segment: JPEGSegment, head: UnsafeRawBufferPointer, fileSize: Int64,
        reader: FileDescriptorReader
    ) -> ArraySlice<UInt8>? {
        segmentBytes(segment, skipping: 0, head: head, fileSize: fileSize, reader: reader)
    }

    /// A segment's payload but for its first `skipping` bytes (a signature), as an array of its
    /// own: the XMP packet, copied once instead of twice.
    static func segmentBytes(
        _ segment: JPEGSegment, skipping: Int, head: UnsafeRawBufferPointer, fileSize: Int64,
        reader: FileDescriptorReader
    ) -> ArraySlice<UInt8>? {
        let available = Int(min(Int64(segment.payloadLength), fileSize - segment.payloadOffset))
        guard available > 0 else { return nil }
        let end = segment.payloadOffset + Int64(available)
        if end <= Int64(head.count) {
            let start = Int(segment.payloadOffset) + min(skipping, available)
            let payload = UnsafeRawBufferPointer(rebasing: head[start..<Int(end)])
            // Copied as one block: an array made from the buffer as a collection of bytes is
            // built byte by byte, a twentieth of reading the text of a JPEG.
            return [UInt8](unsafeUninitializedCapacity: payload.count) { buffer, count in
                UnsafeMutableRawBufferPointer(buffer).copyMemory(from: payload)
                count = payload.count
            }[...]
        }
        // Not zeroed first: only what the read fills is kept (a large ICC profile's chunks
        // were written twice, zeros and then bytes, into pages faulted in for them).
        var count = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: available) { buffer, initialized in
            count = reader.read(at: segment.payloadOffset, into: UnsafeMutableRawBufferPointer(buffer))
            initialized = max(0, count)
        }
        return count > 0 ? bytes[...].dropFirst(skipping) : nil
    }
}
