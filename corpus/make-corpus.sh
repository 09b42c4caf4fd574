#!/usr/bin/env bash
# Regenerates the sample files in corpus/files/ from nothing but Debian tools and Python.
# Every file in corpus/files/ is made here; the outputs are committed so tests need none of
# these tools. Tools: imagemagick, libheif-examples (heif-enc), libavif-bin (avifenc), ffmpeg,
# python3 (with python3-cryptography). Run from anywhere: corpus/make-corpus.sh
set -euo pipefail
cd "$(dirname "$0")/files"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Deterministic PNG/JPEG output: no timestamps in the files.
im() { convert "$@"; }
png_opts=(-define png:exclude-chunks=date,time,tIME -strip)

# --- Images -------------------------------------------------------------------------------
# photo.jpg: a 64x48 gradient, baseline JPEG.
im -size 64x48 gradient:orange-purple -strip -quality 85 photo.jpg
# photo.heic: the same picture as HEIC (HEVC in HEIF, brand heic), via heif-enc.
im -size 64x48 gradient:orange-purple "${png_opts[@]}" "$tmp/photo.png"
heif-enc -q 50 -o photo.heic "$tmp/photo.png" >/dev/null
# screenshot.png: a small "screenshot" with a title bar.
im -size 120x80 xc:white -fill '#1e88e5' -draw 'rectangle 0,0 119,14' "${png_opts[@]}" screenshot.png

# --- Movies -------------------------------------------------------------------------------
# video.mov: one second of test pattern, 64x48, QuickTime container, MPEG-4 part 2 video.
ffmpeg -loglevel error -y -f lavfi -i testsrc=size=64x48:rate=10 -t 1 -c:v mpeg4 \
  -fflags +bitexact -flags:v +bitexact -map_metadata -1 -f mov video.mov

# --- Documents ----------------------------------------------------------------------------
# document.pdf: a one-page PDF 1.4 written by Python, with a correct cross-reference table.
python3 - document.pdf <<'PY'
import sys
objects = [
    b"<< /Type /Catalog /Pages 2 0 R >>",
    b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R"
    b" /Resources << /Font << /F1 5 0 R >> >> >>",
    None,  # content stream, below
    b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
]
content = b"BT /F1 12 Tf 20 50 Td (share-ingest sample) Tj ET"
objects[3] = b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream"
out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
offsets = []
for number, body in enumerate(objects, start=1):
    offsets.append(len(out))
    out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
xref = len(out)
out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
for offset in offsets:
    out += b"%010d 00000 n \n" % offset
out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
open(sys.argv[1], "wb").write(out)
PY

# ==========================================================================================
# Sniffing samples (issue 3): at least one file for every format the sniffer checks itself,
# and the traps. corpus/expected.json gives each file's expected UTI; a dyn.… identifier there
# is the dynamic type of a MIME type the catalogue does not declare (audio/ogg for the Ogg
# files, video/x-matroska for video.mkv), as Apple would give it. Extra tool: cjxl
# (libjxl-tools). Python writes everything that needs no codec, with fixed timestamps.
# ==========================================================================================
ffm() { ffmpeg -loglevel error -y "$@"; }
bitexact=(-fflags +bitexact -flags:v +bitexact -flags:a +bitexact -map_metadata -1)
# One second of a 440 Hz tone and of a test pattern, the sources of every audio/video sample.
tone=(-f lavfi -i "sine=frequency=440:sample_rate=22050:duration=1")
pattern=(-f lavfi -i "testsrc=size=64x48:rate=5:duration=1")

# --- More images ----------------------------------------------------------------------------
im -size 32x24 gradient:teal-yellow "${png_opts[@]}" "$tmp/small.png"
# image.gif / image.bmp / image.tiff / image.webp / icon.ico / image.psd: ImageMagick.
im "$tmp/small.png" -strip image.gif
im "$tmp/small.png" -strip BMP3:image.bmp
im "$tmp/small.png" -strip -compress none image.tiff
im "$tmp/small.png" -strip -define webp:lossless=true image.webp
im "$tmp/small.png" -strip -define icon:auto-resize=16 icon.ico
im "$tmp/small.png" -strip image.psd
# animated.png: an APNG (two frames) written by ffmpeg's apng muxer.
ffm -f lavfi -i "testsrc=size=16x16:rate=2:duration=1" -plays 0 "${bitexact[@]}" -f apng animated.png
# image.avif: AVIF still (brand avif) by avifenc; image.jxl: a bare JPEG XL codestream and
# image-container.jxl: the same in the ISO BMFF container, both by cjxl.
avifenc --speed 10 --min 30 --max 40 -j 1 "$tmp/small.png" image.avif >/dev/null
cjxl "$tmp/small.png" image.jxl -d 1.0 --container=0 >/dev/null 2>&1
cjxl "$tmp/small.png" image-container.jxl -d 1.0 --container=1 >/dev/null 2>&1
# image.heif: photo.heic with its ftyp rewritten to major brand mif1 (compatible mif1, heic),
# as many Android cameras write HEIC; sequence.heics: the ftyp of an HEVC image sequence
# (major msf1, compatible msf1 hevc) over the same items, enough to exercise the brand logic.
python3 - photo.heic image.heif sequence.heics <<'PY'
import struct, sys
data = open(sys.argv[1], "rb").read()
size = struct.unpack(">I", data[:4])[0]
assert data[4:8] == b"ftyp"
def rebrand(major, compatible):
    body = major + b"\0\0\0\0" + b"".join(compatible)
    box = struct.pack(">I", 8 + len(body)) + b"ftyp" + body
    return box + data[size:]
# The rest of the file starts right after ftyp; only offsets inside iloc would move if ftyp
# changed size, so the replacement keeps the original's length (16 + 4 brands = 32 bytes).
assert size == 8 + 8 + 4 * ((size - 16) // 4)
pad = lambda brands: brands + [b"mif1"] * ((size - 16) // 4 - len(brands))
open(sys.argv[2], "wb").write(rebrand(b"mif1", pad([b"mif1", b"heic"])))
open(sys.argv[3], "wb").write(rebrand(b"msf1", pad([b"msf1", b"hevc"])))
PY
# drawing.svg: hand-written SVG with an XML declaration.
cat > drawing.svg <<'SVG'
<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="32" height="24"><rect width="32" height="24" fill="teal"/></svg>
SVG

# --- More movies ----------------------------------------------------------------------------
# video.mp4 (brand isom, H.264), video.m4v (brand M4V), video.3gp (3GPP, MPEG-4 part 2),
# video.webm (VP8), video.mkv (Matroska, MPEG-4 part 2): one second of the test pattern.
x264=(-c:v libx264 -preset ultrafast -threads 1 -pix_fmt yuv420p)
ffm "${pattern[@]}" "${x264[@]}" "${bitexact[@]}" -f mp4 video.mp4
ffm "${pattern[@]}" "${x264[@]}" "${bitexact[@]}" -brand "M4V " -f mp4 video.m4v
ffm "${pattern[@]}" -c:v mpeg4 -s 176x144 "${bitexact[@]}" -f 3gp video.3gp
ffm "${pattern[@]}" -c:v libvpx -threads 1 -b:v 50k "${bitexact[@]}" -f webm video.webm
ffm "${pattern[@]}" -c:v mpeg4 "${bitexact[@]}" -f matroska video.mkv

# --- Audio ----------------------------------------------------------------------------------
# audio.m4a: AAC in MPEG-4 with brand M4A (ffmpeg's ipod muxer); audio-isom.m4a: the same
# audio with the generic isom brand, as many tools write .m4a (the sniffer must see that it
# holds only a sound track).
ffm "${tone[@]}" -c:a aac -b:a 32k "${bitexact[@]}" -f ipod audio.m4a
ffm "${tone[@]}" -c:a aac -b:a 32k "${bitexact[@]}" -f mp4 audio-isom.m4a
# audio.mp3: MP3 after an ID3v2 tag; audio-bare.mp3: MP3 frames with no tag at all.
ffm "${tone[@]}" -c:a libmp3lame -b:a 32k "${bitexact[@]}" -id3v2_version 3 \
  -metadata title=tone -f mp3 audio.mp3
ffm "${tone[@]}" -c:a libmp3lame -b:a 32k "${bitexact[@]}" -id3v2_version 0 -write_xing 0 \
  -f mp3 audio-bare.mp3
# audio.aac: AAC in ADTS frames. audio.wav, audio.aiff, audio.flac: PCM, AIFF, FLAC.
ffm "${tone[@]}" -c:a aac -b:a 32k "${bitexact[@]}" -f adts audio.aac
ffm "${tone[@]}" -t 0.1 -c:a pcm_s16le "${bitexact[@]}" -f wav audio.wav
ffm "${tone[@]}" -t 0.1 -c:a pcm_s16be "${bitexact[@]}" -f aiff audio.aiff
ffm "${tone[@]}" -t 0.5 -c:a flac "${bitexact[@]}" -f flac audio.flac
# audio.ogg: Vorbis in Ogg; audio.opus: Opus in Ogg.
ffm "${tone[@]}" -c:a libvorbis -q:a 0 "${bitexact[@]}" -f ogg audio.ogg
ffm "${tone[@]}" -c:a libopus -b:a 16k "${bitexact[@]}" -f ogg audio.opus

# --- Documents, text, links and archives (Python) -------------------------------------------
python3 - <<'PY'
import gzip, io, json, plistlib, tarfile, zipfile

STAMP = (1980, 1, 1, 0, 0, 0)

def write_zip(path, entries, first_stored=None):
    """entries: list of (name, bytes); first_stored names an entry written first, uncompressed."""
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in entries:
            info = zipfile.ZipInfo(name, STAMP)
            info.compress_type = zipfile.ZIP_STORED if name == first_stored else zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)

W = "http://schemas.openxmlformats.org"
def content_types(main_part, main_type):
    return (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            f'<Types xmlns="{W}/package/2006/content-types">'
            f'<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
            f'<Default Extension="xml" ContentType="application/xml"/>'
            f'<Override PartName="/{main_part}" ContentType="{main_type}"/></Types>').encode()
def package_rels(main_part):
    return (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            f'<Relationships xmlns="{W}/package/2006/relationships">'
            f'<Relationship Id="rId1" Type="{W}/officeDocument/2006/relationships/officeDocument" '
            f'Target="{main_part}"/></Relationships>').encode()

# document.docx: a minimal WordprocessingML package (one paragraph).
write_zip("document.docx", [
    ("[Content_Types].xml", content_types("word/document.xml",
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml")),
    ("_rels/.rels", package_rels("word/document.xml")),
    ("word/document.xml", f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        f'<w:document xmlns:w="{W}/wordprocessingml/2006/main"><w:body><w:p><w:r>'
        f'<w:t>share-ingest sample</w:t></w:r></w:p></w:body></w:document>'.encode()),
])
# spreadsheet.xlsx: a minimal SpreadsheetML package (one empty sheet).
write_zip("spreadsheet.xlsx", [
    ("[Content_Types].xml", content_types("xl/workbook.xml",
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml")),
    ("_rels/.rels", package_rels("xl/workbook.xml")),
    ("xl/workbook.xml", f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        f'<workbook xmlns="{W}/spreadsheetml/2006/main" xmlns:r="{W}/officeDocument/2006/relationships">'
        f'<sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>'.encode()),
    ("xl/_rels/workbook.xml.rels", f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        f'<Relationships xmlns="{W}/package/2006/relationships"><Relationship Id="rId1" '
        f'Type="{W}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>'
        f'</Relationships>'.encode()),
    ("xl/worksheets/sheet1.xml", f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        f'<worksheet xmlns="{W}/spreadsheetml/2006/main"><sheetData/></worksheet>'.encode()),
])
# slides.pptx: the package skeleton of a presentation (content types, relationships and
# presentation.xml; no slide master, so PowerPoint would repair it): enough for its type.
write_zip("slides.pptx", [
    ("[Content_Types].xml", content_types("ppt/presentation.xml",
        "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml")),
    ("_rels/.rels", package_rels("ppt/presentation.xml")),
    ("ppt/presentation.xml", f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        f'<p:presentation xmlns:p="{W}/presentationml/2006/main"/>'.encode()),
])
# document.odt: a minimal OpenDocument text (stored mimetype entry first, as ODF requires).
ODF = "urn:oasis:names:tc:opendocument:xmlns"
write_zip("document.odt", [
    ("mimetype", b"application/vnd.oasis.opendocument.text"),
    ("META-INF/manifest.xml", f'<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<manifest:manifest xmlns:manifest="{ODF}:manifest:1.0" manifest:version="1.2">'
        f'<manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.text"/>'
        f'<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
        f'</manifest:manifest>'.encode()),
    ("content.xml", f'<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<office:document-content xmlns:office="{ODF}:office:1.0" xmlns:text="{ODF}:text:1.0" '
        f'office:version="1.2"><office:body><office:text><text:p>share-ingest sample</text:p>'
        f'</office:text></office:body></office:document-content>'.encode()),
], first_stored="mimetype")
# book.epub: a minimal EPUB 3 (mimetype, container, package document, one chapter).
write_zip("book.epub", [
    ("mimetype", b"application/epub+zip"),
    ("META-INF/container.xml", b'<?xml version="1.0"?>\n<container version="1.0" '
        b'xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile '
        b'full-path="book.opf" media-type="application/oebps-package+xml"/></rootfiles></container>'),
    ("book.opf", b'<?xml version="1.0"?>\n<package xmlns="http://www.idpf.org/2007/opf" '
        b'version="3.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/">'
        b'<dc:identifier id="id">share-ingest-sample</dc:identifier><dc:title>Sample</dc:title>'
        b'<dc:language>en</dc:language></metadata><manifest><item id="c1" href="c1.xhtml" '
        b'media-type="application/xhtml+xml"/></manifest><spine><itemref idref="c1"/></spine></package>'),
    ("c1.xhtml", b'<?xml version="1.0"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><head>'
        b'<title>Sample</title></head><body><p>share-ingest sample</p></body></html>'),
], first_stored="mimetype")
# pass.pkpass: a Wallet pass's structure (pass.json and manifest.json with SHA-1 digests);
# unsigned, so Wallet would refuse it, but its type shows.
import hashlib
pass_json = json.dumps({"formatVersion": 1, "passTypeIdentifier": "pass.example.sample",
    "serialNumber": "1", "teamIdentifier": "EXAMPLE", "organizationName": "share-ingest",
    "description": "Sample pass", "generic": {}}, sort_keys=True).encode()
write_zip("pass.pkpass", [("pass.json", pass_json),
    ("manifest.json", json.dumps({"pass.json": hashlib.sha1(pass_json).hexdigest()}).encode())])
# document.pages: the entry layout of a Pages archive (Index/Document.iwa and friends, empty:
# iWork's IWA content is proprietary); enough for its type, not a document Pages opens.
write_zip("document.pages", [("Index/Document.iwa", b""), ("Index/Metadata.iwa", b""),
    ("Metadata/Properties.plist", b"")])
# archive.zip: a plain ZIP holding one text file; archive.tar: a ustar archive of it;
# notes.txt.gz: the text gzip-compressed (mtime 0).
notes = "Saturday at the park? Bring the photos.\n".encode()
write_zip("archive.zip", [("notes.txt", notes)])
with tarfile.open("archive.tar", "w", format=tarfile.USTAR_FORMAT) as tar:
    info = tarfile.TarInfo("notes.txt"); info.size = len(notes); info.mtime = 0
    info.uname = info.gname = "share"; tar.addfile(info, io.BytesIO(notes))
with open("notes.txt.gz", "wb") as raw:
    with gzip.GzipFile(filename="notes.txt", mode="wb", fileobj=raw, mtime=0) as gz:
        gz.write(notes)

# Text of several kinds.
open("notes.txt", "wb").write(notes)
open("document.rtf", "wb").write(b"{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Helvetica;}}\\f0 share-ingest sample\\par}\n")
open("page.html", "wb").write(b"<!DOCTYPE html>\n<html><head><title>Sample</title></head>"
    b"<body><p>share-ingest sample</p></body></html>\n")
open("data.xml", "wb").write(b'<?xml version="1.0" encoding="UTF-8"?>\n<items><item id="1">sample</item></items>\n')
open("data.json", "wb").write(json.dumps({"items": [{"id": 1, "name": "sample"}]}, indent=2).encode() + b"\n")
open("contact.vcf", "wb").write(b"BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Jane Appleseed\r\n"
    b"N:Appleseed;Jane;;;\r\nEMAIL:jane@example.com\r\nEND:VCARD\r\n")
# Links: an XML and a binary .webloc (the Finder's {URL = ...} property list), a Windows .url.
open("link.webloc", "wb").write(plistlib.dumps({"URL": "https://example.com/"}, fmt=plistlib.FMT_XML))
open("link-binary.webloc", "wb").write(plistlib.dumps({"URL": "https://example.com/"}, fmt=plistlib.FMT_BINARY))
open("link.url", "wb").write(b"[InternetShortcut]\r\nURL=https://example.com/\r\n")
# Property lists: XML and binary.
settings = {"CFBundleIdentifier": "com.example.sample", "Version": 1, "Enabled": True}
open("settings.plist", "wb").write(plistlib.dumps(settings, fmt=plistlib.FMT_XML))
open("settings-binary.plist", "wb").write(plistlib.dumps(settings, fmt=plistlib.FMT_BINARY))

# --- Traps --------------------------------------------------------------------------------
# heic-named.jpg: the HEIC photo under a .jpg name. document.bin: the PDF named .bin.
# photo: the JPEG without any extension. not-really.jpg: text named .jpg.
open("heic-named.jpg", "wb").write(open("photo.heic", "rb").read())
open("document.bin", "wb").write(open("document.pdf", "rb").read())
open("photo", "wb").write(open("photo.jpg", "rb").read())
open("not-really.jpg", "wb").write(b"This is a note, not a picture.\n")
# junk-before.pdf: 300 bytes of binary junk (a mail gateway's leftovers) before %PDF-.
junk = bytes((i * 37 + 11) % 256 for i in range(300))
open("junk-before.pdf", "wb").write(junk + open("document.pdf", "rb").read())
# Damaged PDF headers: document.pdf with its "%PDF-1.4" line replaced, as broken writers and
# mangling gateways leave it; the objects and trailer are intact, and PDF readers (pdf.js,
# MuPDF) open them. pdf-talk.txt: prose that shows an object, endobj, startxref and %%EOF.
body = open("document.pdf", "rb").read()[len(b"%PDF-1.4\n"):]
for name, header in [
    ("pdf-header-nodash.pdf", b"%PDF1.4\n"), ("pdf-header-dot.pdf", b"%PDF.1.4\n"),
    ("pdf-header-bare.pdf", b"%1.4\n"), ("pdf-header-noversion.pdf", b"%PDF\n"),
    ("pdf-no-header.pdf", b""),
]:
    open(name, "wb").write(header + body)
open("pdf-talk.txt", "wb").write(
    b"How a PDF ends\n==============\nObjects look like this:\n1 0 obj\n<< /Type /Catalog >>\n"
    b"endobj\nand the last lines are startxref, an offset and %%EOF:\nstartxref\n116\n%%EOF\n")
# empty.txt: zero bytes. truncated.png: the first 60 of the 98 bytes of screenshot.png.
open("empty.txt", "wb").write(b"")
open("truncated.png", "wb").write(open("screenshot.png", "rb").read()[:60])
# utf16.txt: text in UTF-16 little-endian with a byte-order mark.
open("utf16.txt", "wb").write("Saturday at the park? \u00e9t\u00e9 \u2600\n".encode("utf-16"))
PY

# cover-art.mp3: audio.mp3's frames after an ID3v2 tag holding a 70 KiB picture, so the first
# audio frame lies beyond the sniffer's 64 KiB prefix.
python3 - audio-bare.mp3 cover-art.mp3 <<'PY'
import sys
frames = open(sys.argv[1], "rb").read()
picture = b"\x89PNG\r\n\x1a\n" + bytes((i * 7) % 251 for i in range(70 * 1024))
body = b"\x00image/png\x00\x03cover\x00" + picture
frame = b"APIC" + len(body).to_bytes(4, "big") + b"\x00\x00" + body
size = len(frame)
syncsafe = bytes([(size >> 21) & 0x7F, (size >> 14) & 0x7F, (size >> 7) & 0x7F, size & 0x7F])
open(sys.argv[2], "wb").write(b"ID3\x03\x00\x00" + syncsafe + frame + frames)
PY

# ==========================================================================================
# Real-world shapes (sniffing hardened against real files): each sample below stands for a
# family of real files the sniffer once got wrong, written the way the producing app does.
# ==========================================================================================
# favorite.url: a Windows favorite as Explorer saves it: UTF-8 BOM, a property section
# [{000214A0-...}] first, the [InternetShortcut] section after it.
printf '\xef\xbb\xbf[{000214A0-0000-0000-C000-000000000046}]\r\nProp3=19,11\r\n[InternetShortcut]\r\nIDList=\r\nURL=https://example.com/\r\n' > favorite.url
# video-kddi.3g2: a 3GPP2 movie (H.263 + AAC) whose ftyp names the carrier's own major brand,
# as KDDI phones write it: major 'kddi', compatible 'kddi' '3g2a' (ffmpeg's major '3g2a' and
# compatible '3g2a' 'isom' 'iso2' rewritten in place, so no offset moves).
ffm "${pattern[@]}" -f lavfi -i "sine=frequency=440:sample_rate=8000:duration=1" \
  -s 176x144 -c:v h263 -c:a aac -ar 8000 -ac 1 -shortest "${bitexact[@]}" -f 3g2 "$tmp/kddi.3g2"
python3 - "$tmp/kddi.3g2" video-kddi.3g2 <<'PY'
import sys
data = bytearray(open(sys.argv[1], "rb").read())
assert data[4:8] == b"ftyp" and data[16:24] == b"3g2aisom", data[:32]
data[8:12] = b"kddi"
data[16:24] = b"kddi3g2a"
open(sys.argv[2], "wb").write(bytes(data))
PY
# video.f4v: Adobe F4V by ffmpeg's f4v muxer (major brand 'f4v ' in lower case, as Adobe's
# specification spells it).
ffm "${pattern[@]}" -c:v libx264 -preset ultrafast -pix_fmt yuv420p "${bitexact[@]}" -f f4v \
  video.f4v
# audio.wma / video.wmv: ASF files; the stream types in the header tell audio from video.
ffm "${tone[@]}" -c:a wmav2 -b:a 32k "${bitexact[@]}" -f asf audio.wma
ffm "${pattern[@]}" -c:v msmpeg4 "${bitexact[@]}" -f asf video.wmv
# drawing.svgz: drawing.svg gzip-compressed (no name, mtime 0); archive.tgz: a ustar archive
# of notes.txt, gzip-compressed, as `tar czf` writes it.
gzip -n -9 -c drawing.svg > drawing.svgz
python3 - notes.txt archive.tgz <<'PY'
import gzip, io, sys, tarfile
buffer = io.BytesIO()
with tarfile.open(fileobj=buffer, mode="w", format=tarfile.USTAR_FORMAT) as tar:
    info = tarfile.TarInfo("notes.txt")
    data = open(sys.argv[1], "rb").read()
    info.size, info.mtime, info.mode = len(data), 0, 0o644
    tar.addfile(info, io.BytesIO(data))
open(sys.argv[2], "wb").write(gzip.compress(buffer.getvalue(), mtime=0))
PY
# image.tga / image.sgi / image.xbm: ImageMagick (the XBM is a monochrome threshold).
im "$tmp/small.png" -strip image.tga
im "$tmp/small.png" -strip SGI:image.sgi
im "$tmp/small.png" -strip -threshold 50% XBM:image.xbm
# animation.flc: an Autodesk FLIC header (magic AF12) and one empty frame chunk, by Python;
# clipboard.dib: a bare device-independent bitmap (BITMAPINFOHEADER, no BM file header), as
# the Windows clipboard holds one; 2x2 pixels, 32 bits.
python3 - <<'PY'
import struct
frame = struct.pack("<IHH", 16, 0xF1FA, 0) + b"\0" * 8
header = struct.pack("<IHHHHHHI", 128 + len(frame), 0xAF12, 1, 64, 48, 8, 3, 70)
header += b"\0" * (128 - len(header))
open("animation.flc", "wb").write(header + frame)
info = struct.pack("<IiiHHIIiiII", 40, 2, 2, 1, 32, 0, 16, 2835, 2835, 0, 0)
open("clipboard.dib", "wb").write(info + bytes([0x20, 0x80, 0xE0, 0]) * 4)
PY
# audio-cover-stream.m4a: AAC with photo.jpg as a plain one-frame video stream (not marked as
# an attached picture), in the generic MPEG-4 container, as converters that carry a song's
# cover art over write it: still audio.
ffm "${tone[@]}" -i photo.jpg -map 0 -map 1 -c:a aac -c:v copy "${bitexact[@]}" -f mp4 \
  audio-cover-stream.m4a
# changelog.txt: prose that mentions tags (<head>, <title>) in its first lines, which libmagic
# calls text/html: plain text. comment-first.htm: a page that opens with the end of a comment, then tags
# at the start of its lines: HTML.
printf 'Changelog\n=========\n\n* Insert <meta> into <head> before <title>\n* Fix parsing\n' \
  > changelog.txt
printf -- '-->\n<div id="page">\n<h1>Title</h1>\n<script type="text/javascript">\nvar x = 1;\n</script>\n</div>\n<!--\n' \
  > comment-first.htm

# ==========================================================================================
# Formats with an Apple type, named from content (issue 35): one sample per format the
# sniffer's own checks name, the containers read more deeply, and the text traps (prose with
# commas is not CSV, a Debian control file is not mail). Each is written here from the
# format's specification; where a sample is a skeleton (the structure the sniffer reads, not a
# document its application would open), the comment says so. Extra tool: python3-cryptography.
# ==========================================================================================
python3 - <<'PY'
import gzip, io, plistlib, struct, zipfile, zlib

STAMP = (1980, 1, 1, 0, 0, 0)

def write_zip(path, entries, stored=()):
    """entries: list of (name, bytes), written in order; names in `stored` are not compressed."""
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in entries:
            info = zipfile.ZipInfo(name, STAMP)
            info.compress_type = zipfile.ZIP_STORED if name in stored else zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)

# --- Documents -----------------------------------------------------------------------------
# form.fdf: PDF form data (ISO 32000-1, 12.7.8): %FDF-1.2, one FDF dictionary with a field
# value, a trailer naming it as the root.
open("form.fdf", "wb").write(
    b"%FDF-1.2\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /FDF << /F (form.pdf) /Fields [ << /T (name)"
    b" /V (Jane Appleseed) >> ] >> >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n")

# notes.flat-rtfd: rich text with attachments, flattened as the pasteboard carries it
# (com.apple.flat-rtfd): "rtfd", 0, directory record 3, the entry names, their lengths, and
# each entry as a file record (type 1): TXT.rtf and a small PNG attachment.
rtf = (b"{\\rtf1\\ansi\\ansicpg1252\\cocoartf2639\n{\\fonttbl\\f0\\fswiss Helvetica;}\n"
       b"\\f0\\fs24 Saturday at the park\\\n{{\\NeXTGraphic dot.png \\width20 \\height20}\xac}}\n")
png = open("screenshot.png", "rb").read()
def counted(data):
    return struct.pack("<I", len(data)) + data
names = [b"TXT.rtf", b"dot.png"]
contents = [rtf, png]
flat = b"rtfd" + struct.pack("<II", 0, 3) + struct.pack("<I", len(names))
flat += b"".join(counted(n) for n in names)
flat += b"".join(struct.pack("<I", 4 + len(c) + 4) for c in contents)
flat += b"".join(struct.pack("<I", 1) + counted(c) for c in contents)
open("notes.flat-rtfd", "wb").write(flat)

# --- Camera raw ------------------------------------------------------------------------------
def tiff(entries, data=b"", little=True):
    """A TIFF with one IFD0 of (tag, type, count, value-bytes) entries, sorted by tag; values
    longer than 4 bytes go after the directory. Returns the file's bytes."""
    e = "<" if little else ">"
    entries = sorted(entries, key=lambda t: t[0])
    ifd_offset = 8
    directory_length = 2 + 12 * len(entries) + 4
    extra_offset = ifd_offset + directory_length
    directory = struct.pack(e + "H", len(entries))
    extra = b""
    for tag, kind, count, value in entries:
        if len(value) <= 4:
            field = value.ljust(4, b"\0")
        else:
            field = struct.pack(e + "I", extra_offset + len(extra))
            extra += value + (b"\0" if len(value) % 2 else b"")
        directory += struct.pack(e + "HHI", tag, kind, count) + field
    directory += struct.pack(e + "I", 0)
    header = (b"II*\0" if little else b"MM\0*") + struct.pack(e + "I", ifd_offset)
    return header + directory + extra + data

SHORT, LONG, ASCII, RATIONAL, BYTE, SRATIONAL = 3, 4, 2, 5, 1, 10
def short(tag, value): return (tag, SHORT, 1, struct.pack("<H", value))
def long_(tag, value): return (tag, LONG, 1, struct.pack("<I", value))
def text(tag, value): return (tag, ASCII, len(value) + 1, value + b"\0")
def rational(tag, n, d=1): return (tag, RATIONAL, 1, struct.pack("<II", n, d))
def srationals(tag, values): return (tag, SRATIONAL, len(values), b"".join(struct.pack("<ii", v, 10000) for v in values))

# photo-apple.dng: a DNG laid out as a phone's: IFD0 is an 8x8 RGB preview (NewSubfileType 1)
# from Make "Apple", carrying many EXIF and DNG tags in IFD0 as TIFF/EP allows: 72 entries, so
# DNGVersion (C612, entries sorted by tag) comes after the 64th. The raw data itself is left
# out (no SubIFD): the type is decided by IFD0.
preview = bytes(range(0, 192))
common = [
    long_(254, 1), short(256, 8), short(257, 8), (258, SHORT, 3, struct.pack("<HHH", 8, 8, 8)),
    short(259, 1), short(262, 2), short(274, 1), short(277, 3), short(278, 8),
    long_(279, len(preview)), rational(282, 72), rational(283, 72), short(284, 1), short(296, 2),
    text(305, b"share-ingest corpus"), text(306, b"2026:01:01 10:00:00"),
]
exif_like = [  # EXIF tags TIFF/EP allows in IFD0
    rational(33434, 1, 120), rational(33437, 18, 10), short(34850, 2), short(34855, 100),
    text(36867, b"2026:01:01 10:00:00"), rational(37377, 7, 1), rational(37378, 17, 10),
    rational(37380, 0, 1), rational(37381, 17, 10), short(37383, 5), short(37385, 16),
    rational(37386, 57, 10), short(41495, 2), short(41729, 1), short(41985, 0), short(41986, 0),
    short(41987, 0), short(41989, 26), short(41990, 0), short(41992, 0), short(41993, 0),
    short(41994, 0), rational(42034, 57, 10), text(42035, b"Apple"), text(42036, b"iPhone"),
    short(318, 0), short(531, 1), short(40961, 1), text(315, b"share-ingest"),
    short(40962, 8), short(40963, 8), short(41486, 72), short(41487, 72), short(41488, 2),
    short(41728, 3), short(41988, 1), short(42016, 0), short(42240, 22), short(36864, 0),
    text(33432, b"(c) share-ingest"), text(37520, b"00"), text(37521, b"00"), text(37522, b"00"),
    text(36880, b"+01:00"), text(36881, b"+01:00"), text(36882, b"+01:00"), short(34864, 2),
    short(42080, 1), short(41730, 0),
]
dng_tags = [
    (50706, BYTE, 4, bytes([1, 6, 0, 0])), (50707, BYTE, 4, bytes([1, 4, 0, 0])),
    text(50708, b"Apple iPhone"), srationals(50721, [9000, -2000, -1000, -4000, 12000, 1000, -500, 1500, 5000]),
    short(50778, 21), text(50936, b"Embedded"),
]
# The preview strip follows the directory; StripOffsets points at it.
dng_entries = common + [text(271, b"Apple"), text(272, b"iPhone"), long_(273, 0)] + exif_like + dng_tags
probe = tiff(dng_entries)
dng_entries[-len(dng_tags) - len(exif_like) - 1] = long_(273, len(probe))
dng = tiff(dng_entries) + preview
assert sorted(t[0] for t in dng_entries).index(50706) >= 64
open("photo-apple.dng", "wb").write(dng)

# photo.pef: a Pentax PEF laid out as the cameras write it: IFD0 is the raw image itself
# (no NewSubfileType, no SubIFDs): a colour filter array (PhotometricInterpretation 32803) in
# Pentax's own compression (65535), Make "PENTAX Corporation".
raw = bytes((i * 37) % 256 for i in range(16 * 16 * 2))
pef_entries = [
    short(256, 16), short(257, 16), short(258, 12), short(259, 65535), short(262, 32803),
    text(271, b"PENTAX Corporation "), text(272, b"PENTAX K-5 "), long_(273, 0), short(274, 1),
    short(277, 1), short(278, 16), long_(279, len(raw)), rational(282, 72), rational(283, 72),
    short(284, 1), short(296, 2), text(305, b"K-5 Ver 1.03"), text(306, b"2026:01:01 10:00:00"),
]
probe = tiff(pef_entries)
pef_entries[7] = long_(273, len(probe))
open("photo.pef", "wb").write(tiff(pef_entries) + raw)

# --- iWork '09 -------------------------------------------------------------------------------
# budget-09.numbers and letter-09.pages: iWork '09 single files, a ZIP of index.xml (gzip-
# compressed for Numbers, as Numbers '09 writes it) whose root element names the application,
# and the QuickLook/ thumbnail; the XML is a skeleton, not a document the apps would open.
SF = 'xmlns:sf="http://developer.apple.com/namespaces/sf" xmlns:sfa="http://developer.apple.com/namespaces/sfa"'
numbers_xml = (f'<?xml version="1.0"?>\n<ls:document xmlns:ls="http://developer.apple.com/namespaces/ls" {SF}'
               f' ls:version="92008102400" sfa:ID="SFRWorkspace-0"><ls:workspace-array/></ls:document>\n').encode()
pages_xml = (f'<?xml version="1.0"?>\n<sl:document xmlns:sl="http://developer.apple.com/namespaces/sl" {SF}'
             f' sl:version="92008102400" sfa:ID="SLDocument-0"><sl:section-prototypes/></sl:document>\n').encode()
thumbnail = open("photo.jpg", "rb").read()
write_zip("budget-09.numbers", [
    ("index.xml.gz", gzip.compress(numbers_xml, mtime=0)),
    ("QuickLook/Thumbnail.jpg", thumbnail),
], stored={"index.xml.gz", "QuickLook/Thumbnail.jpg"})
write_zip("letter-09.pages", [
    ("index.xml", pages_xml), ("QuickLook/Thumbnail.jpg", thumbnail),
], stored={"QuickLook/Thumbnail.jpg"})

# talk-folder.zip: a Keynote document package (the folder Talk.key/ of Keynote 6 and later)
# zipped as a folder, as the Finder's Compress writes it (with __MACOSX/ resource entries):
# Index.zip holds the IWA entries, which are empty here.
index = io.BytesIO()
with zipfile.ZipFile(index, "w") as inner:
    for name in ["Index/Document.iwa", "Index/Slide.iwa", "Index/MasterSlide-1.iwa"]:
        inner.writestr(zipfile.ZipInfo(name, STAMP), b"")
write_zip("talk-folder.zip", [
    ("Talk.key/", b""), ("Talk.key/Index.zip", index.getvalue()),
    ("Talk.key/Metadata/Properties.plist", plistlib.dumps({"revision": "1"}, fmt=plistlib.FMT_BINARY)),
    ("Talk.key/preview.jpg", thumbnail),
    ("__MACOSX/Talk.key/._preview.jpg", b"\0\5\26\7\0\2\0\0Mac OS X        "),
])

# --- OpenDocument family, EPUB -------------------------------------------------------------
OOO = "http://openoffice.org/2000"
def ooo_manifest(media_type):
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE manifest:manifest PUBLIC '
            f'"-//OpenOffice.org//DTD Manifest 1.0//EN" "Manifest.dtd">\n<manifest:manifest '
            f'xmlns:manifest="{OOO}/manifest"><manifest:file-entry manifest:media-type="{media_type}" '
            f'manifest:full-path="/"/><manifest:file-entry manifest:media-type="text/xml" '
            f'manifest:full-path="content.xml"/></manifest:manifest>\n').encode()
def ooo_content(office_class, body):
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE office:document-content PUBLIC '
            f'"-//OpenOffice.org//DTD OfficeDocument 1.0//EN" "office.dtd">\n<office:document-content '
            f'xmlns:office="{OOO}/office" xmlns:text="{OOO}/text" xmlns:table="{OOO}/table" '
            f'xmlns:draw="{OOO}/drawing" xmlns:presentation="{OOO}/presentation" '
            f'office:class="{office_class}" office:version="1.0"><office:body>{body}</office:body>'
            f'</office:document-content>\n').encode()
# writer.sxw: OpenOffice.org 1.x Writer, as it writes it (stored mimetype first).
write_zip("writer.sxw", [
    ("mimetype", b"application/vnd.sun.xml.writer"),
    ("content.xml", ooo_content("text", "<text:p>share-ingest sample</text:p>")),
    ("META-INF/manifest.xml", ooo_manifest("application/vnd.sun.xml.writer")),
], stored={"mimetype"})
# calc-no-mimetype.sxc: a Calc spreadsheet rezipped without its mimetype entry: the manifest's
# root entry declares the type.
write_zip("calc-no-mimetype.sxc", [
    ("content.xml", ooo_content("spreadsheet", '<table:table table:name="Sheet1"/>')),
    ("META-INF/manifest.xml", ooo_manifest("application/vnd.sun.xml.calc")),
])
# impress-content-only.sxi: an Impress presentation with neither mimetype nor manifest: the
# office:class of its content names it.
write_zip("impress-content-only.sxi", [
    ("content.xml", ooo_content("presentation", '<draw:page draw:name="page1"/>')),
    ("styles.xml", b'<?xml version="1.0"?>\n<office:document-styles/>\n'),
])
# book-compressed-mimetype.epub: book.epub rewritten with its mimetype entry deflated; and
# book-late-mimetype.epub with the entry after the others; book-no-mimetype.epub without it
# (the OCF container names the package document).
with zipfile.ZipFile("book.epub") as book:
    parts = [(info.filename, book.read(info.filename)) for info in book.infolist()]
write_zip("book-compressed-mimetype.epub", parts)
write_zip("book-late-mimetype.epub", parts[1:] + parts[:1], stored={"mimetype"})
write_zip("book-no-mimetype.epub", parts[1:])

# --- Other ZIP packages --------------------------------------------------------------------
# app.war: a web application archive (WEB-INF/web.xml, a class, the JAR manifest).
write_zip("app.war", [
    ("META-INF/MANIFEST.MF", b"Manifest-Version: 1.0\r\nCreated-By: share-ingest\r\n\r\n"),
    ("WEB-INF/web.xml", b'<?xml version="1.0"?>\n<web-app xmlns="https://jakarta.ee/xml/ns/jakartaee" version="6.0"/>\n'),
    ("WEB-INF/classes/Hello.class", b"\xca\xfe\xba\xbe\0\0\0\x34"),
    ("index.html", b"<!DOCTYPE html><title>Hello</title>\n"),
])
# app.apk: a resource-only Android package (no classes.dex: android:hasCode="false"): the
# binary manifest's header, resources.arsc's header, the v1 signature files. Skeleton entries.
write_zip("app.apk", [
    ("AndroidManifest.xml", b"\x03\x00\x08\x00" + struct.pack("<I", 8)),
    ("resources.arsc", b"\x02\x00\x0c\x00" + struct.pack("<II", 12, 0)),
    ("res/drawable/icon.png", png),
    ("META-INF/MANIFEST.MF", b"Manifest-Version: 1.0\r\n\r\n"),
])
# model.3mf: a 3MF package whose model part is not at the usual 3D/3dmodel.model: the content
# type in [Content_Types].xml names it (3MF Core Specification, part 2).
M = "http://schemas.microsoft.com/3dmanufacturing"
write_zip("model.3mf", [
    ("[Content_Types].xml", b'<?xml version="1.0" encoding="UTF-8"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        b'<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        b'<Default Extension="model" ContentType="application/vnd.ms-package.3dmanufacturing-3dmodel+xml"/></Types>'),
    ("_rels/.rels", f'<?xml version="1.0" encoding="UTF-8"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        f'<Relationship Target="/3D/part.model" Id="rel0" Type="{M}/2013/01/3dmodel"/></Relationships>'.encode()),
    ("3D/part.model", f'<?xml version="1.0" encoding="UTF-8"?>\n<model unit="millimeter" xmlns="{M}/core/2015/02">'
        '<resources><object id="1" type="model"><mesh><vertices><vertex x="0" y="0" z="0"/>'
        '<vertex x="10" y="0" z="0"/><vertex x="0" y="10" z="0"/><vertex x="0" y="0" z="10"/></vertices>'
        '<triangles><triangle v1="0" v2="2" v3="1"/><triangle v1="0" v2="1" v3="3"/>'
        '<triangle v1="1" v2="2" v3="3"/><triangle v1="0" v2="3" v3="2"/></triangles></mesh></object>'
        '</resources><build><item objectid="1"/></build></model>'.encode()),
])
# signed.asice / signed.asics: Associated Signature Containers (ETSI EN 319 162-1) without a
# mimetype entry: ASiC-E signing two files with an XAdES signatures0.xml, ASiC-S signing one
# file with a time-stamp token. The signatures are placeholders, not valid signatures.
write_zip("signed.asice", [
    ("contract.txt", b"We agree.\n"), ("annex.txt", b"Details.\n"),
    ("META-INF/signatures0.xml", b'<?xml version="1.0"?>\n<asic:XAdESSignatures xmlns:asic="http://uri.etsi.org/02918/v1.2.1#"/>\n'),
])
write_zip("signed.asics", [
    ("contract.txt", b"We agree.\n"), ("META-INF/timestamp.tst", b"\x30\x03\x02\x01\x03"),
])
# drawing.vsdx / stencil.vssx: Visio packages ([MS-VSDX]): content types, the relationship,
# and the main part.
def visio(path, main_type, part):
    write_zip(path, [
        ("[Content_Types].xml", (f'<?xml version="1.0" encoding="UTF-8"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            f'<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
            f'<Override PartName="/visio/{part}" ContentType="{main_type}"/></Types>').encode()),
        ("_rels/.rels", (f'<?xml version="1.0" encoding="UTF-8"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            f'<Relationship Id="rId1" Type="http://schemas.microsoft.com/visio/2010/relationships/document" Target="visio/{part}"/></Relationships>').encode()),
        (f"visio/{part}", b'<?xml version="1.0" encoding="UTF-8"?>\n<VisioDocument xmlns="http://schemas.microsoft.com/office/visio/2012/main"/>'),
    ])
visio("drawing.vsdx", "application/vnd.ms-visio.drawing.main+xml", "document.xml")
visio("stencil.vssx", "application/vnd.ms-visio.stencil.main+xml", "document.xml")

# --- Web archive, XAR ----------------------------------------------------------------------
# page.webarchive: a Safari web archive (binary property list: WebMainResource and one
# subresource), as Safari saves a page.
page = b"<!DOCTYPE html><html><head><title>Sample</title></head><body><img src=\"dot.png\"></body></html>\n"
open("page.webarchive", "wb").write(plistlib.dumps({
    "WebMainResource": {"WebResourceData": page, "WebResourceFrameName": "",
                        "WebResourceMIMEType": "text/html", "WebResourceTextEncodingName": "UTF-8",
                        "WebResourceURL": "https://example.com/"},
    "WebSubresources": [{"WebResourceData": png, "WebResourceMIMEType": "image/png",
                         "WebResourceURL": "https://example.com/dot.png"}],
}, fmt=plistlib.FMT_BINARY, sort_keys=True))

def xar(path, files):
    """A XAR archive: header, zlib table of contents, heap (the TOC's SHA-1, then each file
    stored uncompressed)."""
    import hashlib
    heap = b""
    entries = ""
    offset = 20  # after the TOC checksum
    for number, (name, data) in enumerate(files, start=1):
        digest = hashlib.sha1(data).hexdigest()
        entries += (f'<file id="{number}"><name>{name}</name><type>file</type><data>'
                    f'<length>{len(data)}</length><offset>{offset}</offset><size>{len(data)}</size>'
                    f'<encoding style="application/octet-stream"/>'
                    f'<extracted-checksum style="sha1">{digest}</extracted-checksum>'
                    f'<archived-checksum style="sha1">{digest}</archived-checksum></data></file>')
        heap += data
        offset += len(data)
    toc = (f'<?xml version="1.0" encoding="UTF-8"?>\n<xar><toc><checksum style="sha1"><offset>0'
           f'</offset><size>20</size></checksum><creation-time>2026-01-01T00:00:00</creation-time>'
           f'{entries}</toc></xar>\n').encode()
    compressed = zlib.compress(toc, 9)
    header = b"xar!" + struct.pack(">HHQQI", 28, 1, len(compressed), len(toc), 1)
    open(path, "wb").write(header + compressed + hashlib.sha1(compressed).digest() + heap)
# archive.xar: notes.txt in a XAR; installer.pkg: a flat installer package's layout (a
# product archive: Distribution and a component package's PackageInfo), skeleton contents.
notes = open("notes.txt", "rb").read()
xar("archive.xar", [("notes.txt", notes)])
xar("installer.pkg", [("Distribution", b'<?xml version="1.0"?>\n<installer-gui-script minSpecVersion="2"/>\n'),
                      ("PackageInfo", b'<pkg-info identifier="com.example.sample" version="1.0"/>\n')])
PY
python3 - <<'PY'
import datetime, email.message, email.policy, math, struct

# --- Text: calendars, XML, mail, tables, style sheets, scripts -------------------------------
# event.vcs: a vCalendar 1.0 event as phones export it; event.ics: the same event in iCalendar.
open("event.vcs", "wb").write(
    b"BEGIN:VCALENDAR\r\nVERSION:1.0\r\nPRODID:-//share-ingest//corpus//EN\r\nBEGIN:VEVENT\r\n"
    b"DTSTART:20260103T100000Z\r\nDTEND:20260103T120000Z\r\nSUMMARY:Saturday at the park\r\n"
    b"AALARM:20260103T093000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
open("event.ics", "wb").write(
    b"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//share-ingest//corpus//EN\r\nBEGIN:VEVENT\r\n"
    b"UID:1@share-ingest.example\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20260103T100000Z\r\n"
    b"DTEND:20260103T120000Z\r\nSUMMARY:Saturday at the park\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")

# licensed.xml: XML with no prolog whose licence comment before the root runs past 8 KiB;
# entities.xml: no prolog, a doctype with an internal subset (which holds '>' of its own).
licence = "".join(f"  Line {n} of the licence under which this file is shared with others.\n"
                  for n in range(1, 141))
open("licensed.xml", "w").write(f"<!--\n{licence}-->\n<settings>\n  <item key=\"a\">1</item>\n</settings>\n")
open("entities.xml", "w").write(
    '<!DOCTYPE note [\n  <!ENTITY writer "Jane Appleseed">\n  <!ELEMENT note (#PCDATA)>\n]>\n'
    "<note>Written by &writer;.</note>\n")

# message.eml: a plain-text mail as a mail client saves it; message-html.eml: a mail whose
# body is HTML with a plain alternative (multipart/alternative). Fixed headers, no dates
# from the clock.
def mail(subject):
    message = email.message.EmailMessage(policy=email.policy.SMTP)
    message["Return-Path"] = "<jane@example.com>"
    message["Received"] = ("from mail.example.com (mail.example.com [192.0.2.1]) by mx.example.org"
                           " with ESMTPS id 4A1B2C3D for <john@example.org>; Thu, 1 Jan 2026 10:00:00 +0000")
    message["From"] = "Jane Appleseed <jane@example.com>"
    message["To"] = "John Appleseed <john@example.org>"
    message["Subject"] = subject
    message["Date"] = "Thu, 01 Jan 2026 10:00:00 +0000"
    message["Message-ID"] = "<20260101100000.1@example.com>"
    return message
plain = mail("Saturday at the park")
plain.set_content("Saturday at the park? Bring the photos.\n")
open("message.eml", "wb").write(plain.as_bytes())
rich = mail("Photos from Saturday")
rich.set_content("The photos are attached.\n")
rich.add_alternative("<!DOCTYPE html><html><body><p>The <b>photos</b> are attached.</p></body></html>\n",
                     subtype="html")
rich.set_boundary("share-ingest-alternative")
open("message-html.eml", "wb").write(rich.as_bytes())

# table.csv (RFC 4180: a header, quoted fields holding commas and quotes) and table.tsv.
open("table.csv", "wb").write(
    b"date,place,people,note\r\n2026-01-03,Park,4,\"Bring the photos, and the kite\"\r\n"
    b"2026-01-10,Beach,2,\"Jane's \"\"big\"\" day\"\r\n2026-01-17,Museum,5,Tickets online\r\n")
open("table.tsv", "wb").write(
    b"date\tplace\tpeople\n2026-01-03\tPark\t4\n2026-01-10\tBeach\t2\n2026-01-17\tMuseum\t5\n")
# Traps: letter-commas.txt, prose whose lines each hold one comma; control.txt, a Debian
# control file, which is "Field: value" lines but not mail.
open("letter-commas.txt", "wb").write(
    b"Dear Jane, thanks for the photos from Saturday.\nThe kids loved them, and so did I.\n"
    b"Next time, we should bring the big kite.\nSee you soon, John\n")
open("control.txt", "wb").write(
    b"Package: share-ingest\nVersion: 1.0-1\nArchitecture: amd64\nMaintainer: Jane Appleseed <jane@example.com>\n"
    b"Depends: libmagic1, libsqlite3-0\nDescription: share extension machinery\n")

# style.css: a style sheet (an at-rule, rules with pseudo-classes, a media block).
open("style.css", "w").write(
    '@charset "UTF-8";\n/* share-ingest sample */\nbody {\n  margin: 0;\n  font: 16px/1.4 -apple-system, sans-serif;\n}\n'
    'a:hover, a:focus { color: #1e88e5; }\n.card > img:not(.icon) { width: 100%; border-radius: 8px; }\n'
    '@media (max-width: 600px) {\n  .card { padding: 4px; }\n}\n')
# app.js: a browser script (a module: imports, functions, arrow functions, strict equality).
open("app.js", "w").write(
    "import { share } from './share.js';\n\n// Sends the selected photos.\n"
    "export function sendSelected(photos) {\n  const chosen = photos.filter((photo) => photo.selected === true);\n"
    "  if (chosen.length === 0) {\n    console.log('nothing to send');\n    return;\n  }\n"
    "  return share(chosen.map((photo) => photo.url));\n}\n")

# --- Certificates and keys -----------------------------------------------------------------
# certificate.pem / certificate.der: a self-signed X.509 certificate (Ed25519, deterministic:
# fixed key, serial and dates); private-key.pem / private-key.p8: its key as PKCS #8;
# identity.p12: key and certificate as PKCS #12 (unencrypted; its MAC salt is random, so the
# file differs on every run, its structure does not).
# Tool: python3-cryptography.
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519
from cryptography.hazmat.primitives.serialization import pkcs7, pkcs12
from cryptography.x509.oid import NameOID
key = ed25519.Ed25519PrivateKey.from_private_bytes(bytes(range(32)))
name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "share-ingest sample")])
start = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)
certificate = (x509.CertificateBuilder().subject_name(name).issuer_name(name)
               .public_key(key.public_key()).serial_number(35)
               .not_valid_before(start).not_valid_after(start + datetime.timedelta(days=365))
               .sign(key, None))
open("certificate.pem", "wb").write(certificate.public_bytes(serialization.Encoding.PEM))
open("certificate.der", "wb").write(certificate.public_bytes(serialization.Encoding.DER))
open("private-key.pem", "wb").write(key.private_bytes(
    serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
open("private-key.p8", "wb").write(key.private_bytes(
    serialization.Encoding.DER, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
open("identity.p12", "wb").write(pkcs12.serialize_key_and_certificates(
    b"share-ingest", key, certificate, None, serialization.NoEncryption()))
# sample.mobileprovision: a provisioning profile's shape: CMS signed data (an EC key, so the
# signature differs on every run) holding a property list with a profile's keys.
signer = ec.derive_private_key(35, ec.SECP256R1())
signer_certificate = (x509.CertificateBuilder().subject_name(name).issuer_name(name)
                      .public_key(signer.public_key()).serial_number(36)
                      .not_valid_before(start).not_valid_after(start + datetime.timedelta(days=365))
                      .sign(signer, hashes.SHA256()))
import plistlib
profile = plistlib.dumps({
    "AppIDName": "Sample", "ApplicationIdentifierPrefix": ["EXAMPLE"], "CreationDate": start.replace(tzinfo=None),
    "DeveloperCertificates": [certificate.public_bytes(serialization.Encoding.DER)],
    "Entitlements": {"application-identifier": "EXAMPLE.com.example.sample"},
    "ExpirationDate": (start + datetime.timedelta(days=365)).replace(tzinfo=None), "Name": "Sample",
    "Platform": ["iOS"], "TeamIdentifier": ["EXAMPLE"], "TeamName": "share-ingest", "TimeToLive": 365,
    "UUID": "00000000-0000-0000-0000-000000000035", "Version": 1,
})
open("sample.mobileprovision", "wb").write(
    pkcs7.PKCS7SignatureBuilder().set_data(profile).add_signer(signer_certificate, signer, hashes.SHA256())
    .sign(serialization.Encoding.DER, []))

# --- Executables -----------------------------------------------------------------------------
# hello.elf: a complete x86-64 Linux program (ELF header, one PT_LOAD program header, code
# for exit(0)), written from the System V ABI's layout.
code = bytes([0xB8, 60, 0, 0, 0, 0x31, 0xFF, 0x0F, 0x05])  # mov eax, 60; xor edi, edi; syscall
base = 0x400000
ehdr_size, phdr_size = 64, 56
entry = base + ehdr_size + phdr_size
elf = (b"\x7fELF" + bytes([2, 1, 1, 0]) + bytes(8)
       + struct.pack("<HHIQQQIHHHHHH", 2, 0x3E, 1, entry, ehdr_size, 0, 0, ehdr_size, phdr_size, 1, 0, 0, 0))
total = ehdr_size + phdr_size + len(code)
elf += struct.pack("<IIQQQQQQ", 1, 5, 0, base, base, total, total, 0x1000)
open("hello.elf", "wb").write(elf + code)

def mach_header(cpu, subtype, filetype, commands):
    """A 64-bit little-endian Mach-O: header, then the load commands given as bytes."""
    body = b"".join(commands)
    return struct.pack("<IiiIIIII", 0xFEEDFACF, cpu, subtype, filetype, len(commands), len(body), 0x85, 0) + body
def segment(name, vmaddr, vmsize):
    return struct.pack("<II16sQQQQiiII", 0x19, 72, name, vmaddr, vmsize, 0, 0, 0, 0, 0, 0)
def dylib_id(name):
    path = name + b"\0" * (8 - len(name) % 8)
    return struct.pack("<IIIIII", 0xD, 24 + len(path), 24, 2, 0x10000, 0x10000) + path
CPU_X86_64, CPU_ARM64 = 0x01000007, 0x0100000C
# hello-arm64: the header and load commands of an arm64 executable (no code: it does not run).
open("hello-arm64", "wb").write(mach_header(CPU_ARM64, 0, 2, [segment(b"__PAGEZERO", 0, 1 << 32)]))
# universal.dylib: a universal library, x86_64 and arm64 slices (headers only), each at a
# 4 KiB boundary as lipo aligns them.
slices = [(CPU_X86_64, 3, mach_header(CPU_X86_64, 3, 6, [dylib_id(b"@rpath/libsample.dylib")])),
          (CPU_ARM64, 0, mach_header(CPU_ARM64, 0, 6, [dylib_id(b"@rpath/libsample.dylib")]))]
fat = struct.pack(">II", 0xCAFEBABE, len(slices))
body = b""
offset = 4096
for cpu, subtype, data in slices:
    fat += struct.pack(">iiIII", cpu, subtype, offset, len(data), 12)
    offset += 4096
layout = bytearray(fat.ljust(4096, b"\0"))
for _, _, data in slices:
    layout += data.ljust(4096, b"\0")
open("universal.dylib", "wb").write(bytes(layout))

# --- Fonts, images, models -------------------------------------------------------------------
# fonts.ttc: a TrueType collection's structure (OpenType "Font Collections"): the ttcf
# header, two table directories sharing one 'head' table. Not fonts a renderer would load.
head = struct.pack(">IIIIHHqqhhhhHHhhh", 0x00010000, 0x00010000, 0, 0x5F0F3CF5, 0, 1000, 0, 0,
                   0, 0, 1000, 1000, 0, 8, 2, 0, 0)
def directory(table_offset):
    return struct.pack(">IHHHH", 0x00010000, 1, 16, 0, 0) + b"head" + struct.pack(">III", 0, table_offset, len(head))
first = 12 + 8
second = first + 28
table = second + 28
ttc = b"ttcf" + struct.pack(">HHI", 1, 0, 2) + struct.pack(">II", first, second)
ttc += directory(table) + directory(table) + head
open("fonts.ttc", "wb").write(ttc)

# picture.pict: a QuickDraw picture, version 2 (Inside Macintosh: Imaging With QuickDraw,
# appendix A): the 512-byte file header, size, frame, VersionOp, HeaderOp, a clip region,
# a foreground colour, PaintRect, OpEndPic.
frame = struct.pack(">hhhh", 0, 0, 24, 32)
ops = (struct.pack(">HH", 0x0011, 0x02FF) + struct.pack(">HhHIIhhhhI", 0x0C00, -2, 0, 0x00480000, 0x00480000, 0, 0, 24, 32, 0)
       + struct.pack(">HH", 0x0001, 10) + frame
       + struct.pack(">HHHH", 0x001A, 0x1E1E, 0x8888, 0xE5E5)
       + struct.pack(">H", 0x0031) + frame + struct.pack(">H", 0x00FF))
picture = struct.pack(">H", (2 + 8 + len(ops)) & 0xFFFF) + frame + ops
open("picture.pict", "wb").write(bytes(512) + picture)

# image.exr: a 2x2 OpenEXR image (scan lines, no compression, half-float R, G, B), written
# from the OpenEXR file layout: magic, version 2, header attributes, offset table, scan lines.
def attribute(name, kind, value):
    return name + b"\0" + kind + b"\0" + struct.pack("<i", len(value)) + value
channels = b"".join(c + b"\0" + struct.pack("<iB3xii", 1, 0, 1, 1) for c in (b"B", b"G", b"R")) + b"\0"
header = (attribute(b"channels", b"chlist", channels) + attribute(b"compression", b"compression", b"\0")
          + attribute(b"dataWindow", b"box2i", struct.pack("<iiii", 0, 0, 1, 1))
          + attribute(b"displayWindow", b"box2i", struct.pack("<iiii", 0, 0, 1, 1))
          + attribute(b"lineOrder", b"lineOrder", b"\0")
          + attribute(b"pixelAspectRatio", b"float", struct.pack("<f", 1.0))
          + attribute(b"screenWindowCenter", b"v2f", struct.pack("<ff", 0, 0))
          + attribute(b"screenWindowWidth", b"float", struct.pack("<f", 1.0)) + b"\0")
start = 8 + len(header) + 2 * 8
line = b"".join(struct.pack("<ee", v, v) for v in (0.25, 0.5, 1.0))  # B, G, R per channel
chunk = lambda y: struct.pack("<ii", y, len(line)) + line
exr = b"\x76\x2f\x31\x01" + struct.pack("<I", 2) + header
exr += struct.pack("<QQ", start, start + len(chunk(0))) + chunk(0) + chunk(1)
open("image.exr", "wb").write(exr)

# model.stl: a binary STL tetrahedron whose 80-byte header starts with "solid", as some
# exporters write it (the trap: ASCII STL starts with that word).
vertices = [(0, 0, 0), (10, 0, 0), (0, 10, 0), (0, 0, 10)]
faces = [(0, 2, 1), (0, 1, 3), (1, 2, 3), (0, 3, 2)]
stl = b"solid share-ingest tetrahedron".ljust(80, b" ") + struct.pack("<I", len(faces))
for a, b, c in faces:
    p, q, r = vertices[a], vertices[b], vertices[c]
    u = [q[i] - p[i] for i in range(3)]
    v = [r[i] - p[i] for i in range(3)]
    n = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]]
    length = math.sqrt(sum(x * x for x in n))
    stl += struct.pack("<3f", *(x / length for x in n))
    stl += b"".join(struct.pack("<3f", *point) for point in (p, q, r)) + struct.pack("<H", 0)
open("model.stl", "wb").write(stl)
PY

echo "corpus regenerated in $(pwd)"
