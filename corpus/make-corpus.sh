#!/usr/bin/env bash
# Regenerates the sample files in corpus/files/ from nothing but Debian tools and Python.
# Every file in corpus/files/ is made here; the outputs are committed so tests need none of
# these tools. Tools: imagemagick, libheif-examples (heif-enc), libavif-bin (avifenc), ffmpeg,
# python3. Run from anywhere: corpus/make-corpus.sh
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

echo "corpus regenerated in $(pwd)"
