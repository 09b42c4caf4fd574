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

echo "corpus regenerated in $(pwd)"
