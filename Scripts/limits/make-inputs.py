#!/usr/bin/env python3
"""Writes the hostile inputs bench/limits.sh feeds to photolib.

    make-inputs.py OUT_DIR

absurd-exif.jpg   EXIF whose IFD0 claims 65535 entries, whose entries claim 4 billion values
                  at offsets past the end, and whose IFD chains point back at themselves.
big-xmp.jpg       a 5 MB XMP packet: a small main packet naming extended XMP, and 5 MB of
                  extended XMP split over 80 APP1 segments (Adobe XMP part 3).
sidecar.jpg       a small JPEG with sidecar.xmp beside it, 5 MB of XMP.
"""
import hashlib
import os
import struct
import sys


def segment(marker, payload):
    assert len(payload) + 2 <= 0xFFFF
    return bytes([0xFF, marker]) + struct.pack(">H", len(payload) + 2) + payload


def tiny_jpeg(extra_segments=b""):
    """A 16x16 grey baseline JPEG: header segments, then `extra_segments`, then frame and scan."""
    here = os.path.dirname(os.path.abspath(__file__))
    sample = open(os.path.join(here, "..", "..", "SampleLibrary", "no-exif.jpg"), "rb").read()
    # Keep the sample's own tables, frame and scan; put the extra segments just after SOI.
    return sample[:2] + extra_segments + sample[2:]


def absurd_exif():
    tiff = bytearray(b"MM\x00\x2a" + struct.pack(">I", 8))
    entries = bytearray()
    # ImageDescription, ASCII, 4 billion characters at an offset far past the end.
    entries += struct.pack(">HHII", 0x010E, 2, 0xFFFFFFFF, 0xFFFFFFF0)
    # Make, ASCII, count that wraps a 32-bit offset + count sum.
    entries += struct.pack(">HHII", 0x010F, 2, 0xFFFFFFF8, 0x00000010)
    # ExifIFD pointer to the IFD itself (a loop), GPS IFD pointer past the end.
    entries += struct.pack(">HHII", 0x8769, 4, 1, 8)
    entries += struct.pack(">HHII", 0x8825, 4, 1, 0x7FFFFFFF)
    # XResolution, RATIONAL, 2^30 values.
    entries += struct.pack(">HHII", 0x011A, 5, 0x40000000, 0x20)
    # The directory claims 65535 entries though it holds 5; its next-IFD link points at itself.
    tiff += struct.pack(">H", 0xFFFF) + entries + struct.pack(">I", 8)
    tiff += b"\x00" * 64
    return tiny_jpeg(segment(0xE1, b"Exif\x00\x00" + bytes(tiff)))


def xmp_document(body_bytes):
    filler = ("<rdf:li>" + "x" * 1000 + "</rdf:li>\n") * (body_bytes // 1018 + 1)
    return (
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
        '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/">'
        '<photoshop:City>Limitville</photoshop:City>'
        "<dc:subject><rdf:Bag>" + filler + "</rdf:Bag></dc:subject>"
        "</rdf:Description></rdf:RDF></x:xmpmeta>"
    ).encode()


def big_xmp():
    extended = xmp_document(5 * 1024 * 1024)
    guid = hashlib.md5(extended).hexdigest().upper().encode()
    main = (
        '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">'
        '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" '
        'xmlns:xmpNote="http://ns.adobe.com/xmp/note/" xmpNote:HasExtendedXMP="' + guid.decode() + '"/>'
        '</rdf:RDF></x:xmpmeta><?xpacket end="w"?>'
    ).encode()
    segments = segment(0xE1, b"http://ns.adobe.com/xap/1.0/\x00" + main)
    signature = b"http://ns.adobe.com/xmp/extension/\x00"
    chunk = 65000
    for offset in range(0, len(extended), chunk):
        piece = extended[offset:offset + chunk]
        segments += segment(0xE1, signature + guid + struct.pack(">II", len(extended), offset) + piece)
    return tiny_jpeg(segments), len(extended), (len(extended) + chunk - 1) // chunk


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    open(os.path.join(out, "absurd-exif.jpg"), "wb").write(absurd_exif())
    data, size, pieces = big_xmp()
    open(os.path.join(out, "big-xmp.jpg"), "wb").write(data)
    open(os.path.join(out, "sidecar.jpg"), "wb").write(tiny_jpeg())
    open(os.path.join(out, "sidecar.xmp"), "wb").write(
        b'<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>' + xmp_document(5 * 1024 * 1024) + b'<?xpacket end="w"?>')
    print(f"extended XMP: {size} bytes in {pieces} segments")


main()
