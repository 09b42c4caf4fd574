#!/usr/bin/env python3
"""Makes the LZFSE test fixtures in corpus/shortcuts/lzfse/.

Inputs are generated here from a fixed seed; they are compressed with the LZFSE reference
implementation through the `pyliblzfse` binding (pip install pyliblzfse). The package's Swift
code never links that library: it only makes these fixtures.

`bvx1` blocks are never written by the reference encoder, so `*.v1.lzfse` files are made by
unpacking each `bvx2` header of a stream into the equivalent `bvx1` header (the C struct layout
of lzfse_compressed_block_header_v1, 772 bytes with its tail padding); the payloads are unchanged.

manifest.json records, for each fixture, the decoded size, its SHA-256 and the block magics.

Run from the repository root:  python3 scripts/make-lzfse-fixtures.py
"""
import hashlib
import json
import os
import plistlib
import random
import struct
import sys

import liblzfse

OUT = os.path.join("corpus", "shortcuts", "lzfse")
WORDS = (
    "screenshot share extension app group inbox manifest shortcut action workflow input output "
    "variable magic photo image text url file attachment provider representation type identifier "
    "conforms public heic jpeg png pdf movie contact location date number dictionary list"
).split()


def text(rng, size):
    out = []
    length = 0
    while length < size:
        word = rng.choice(WORDS)
        if rng.random() < 0.1:
            word = word.capitalize()
        out.append(word)
        length += len(word) + 1
    return (" ".join(out))[:size].encode()


def workflow_plist(rng, actions):
    identifiers = [
        "is.workflow.actions.gettext", "is.workflow.actions.setvariable",
        "is.workflow.actions.conditional", "is.workflow.actions.takescreenshot",
        "is.workflow.actions.share", "is.workflow.actions.number", "is.workflow.actions.comment",
    ]
    items = []
    for index in range(actions):
        uuid = "%08X-%04X-%04X-%04X-%012X" % (
            rng.getrandbits(32), rng.getrandbits(16), rng.getrandbits(16), rng.getrandbits(16),
            rng.getrandbits(48))
        items.append({
            "WFWorkflowActionIdentifier": rng.choice(identifiers),
            "WFWorkflowActionParameters": {
                "UUID": uuid,
                "WFCommentActionText": text(rng, rng.randint(10, 120)).decode(),
                "WFNumberActionNumber": str(rng.randint(0, 10_000)),
            },
        })
    return plistlib.dumps({
        "WFWorkflowActions": items,
        "WFWorkflowClientVersion": "2302.0.4",
        "WFWorkflowMinimumClientVersion": 900,
    }, fmt=plistlib.FMT_XML)


def apple_archive(wflow):
    """An Apple Archive (AA01) holding the root directory and Shortcut.wflow, as signed
    shortcuts carry it."""
    def entry(kind, path, mode, data=None):
        fields = b"TYP1" + kind + b"PATP" + struct.pack("<H", len(path)) + path
        fields += b"MOD2" + struct.pack("<H", mode)
        if data is not None:
            fields += b"DATB" + struct.pack("<I", len(data))
        return b"AA01" + struct.pack("<H", 6 + len(fields)) + fields + (data or b"")
    return entry(b"D", b"", 0o755) + entry(b"F", b"Shortcut.wflow", 0o644, wflow)


def share_workflow(rng, padding_actions):
    """A screenshot -> share workflow, padded with comment actions so it spans segments."""
    shot = "11111111-2222-3333-4444-555555555555"
    actions = [{"WFWorkflowActionIdentifier": "is.workflow.actions.takescreenshot",
                "WFWorkflowActionParameters": {"UUID": shot}}]
    for _ in range(padding_actions):
        actions.append({"WFWorkflowActionIdentifier": "is.workflow.actions.comment",
                        "WFWorkflowActionParameters": {
                            "WFCommentActionText": text(rng, rng.randint(40, 200)).decode()}})
    actions.append({"WFWorkflowActionIdentifier": "is.workflow.actions.share",
                    "WFWorkflowActionParameters": {
                        "UUID": "66666666-7777-8888-9999-AAAAAAAAAAAA",
                        "WFInput": {"Value": {"Type": "ActionOutput", "OutputUUID": shot,
                                              "OutputName": "Screenshot"},
                                    "WFSerializationType": "WFTextTokenAttachment"},
                        "WFApp": {"BundleIdentifier": "com.example.fixture", "Name": "Fixture",
                                  "TeamIdentifier": "ABCDE12345"}}})
    return plistlib.dumps({"WFWorkflowActions": actions, "WFWorkflowClientVersion": "2302.0.4",
                           "WFWorkflowMinimumClientVersion": 900}, fmt=plistlib.FMT_BINARY)


def blocks(stream):
    """Yields (magic, start, end) for each block of an LZFSE stream."""
    offset = 0
    while True:
        magic = stream[offset:offset + 4]
        if magic == b"bvx$":
            yield magic, offset, offset + 4
            return
        if magic == b"bvx-":
            (size,) = struct.unpack_from("<I", stream, offset + 4)
            end = offset + 8 + size
        elif magic == b"bvxn":
            (payload,) = struct.unpack_from("<I", stream, offset + 8)
            end = offset + 12 + payload
        elif magic == b"bvx1":
            literal_payload, lmd_payload = struct.unpack_from("<II", stream, offset + 20)
            end = offset + 772 + literal_payload + lmd_payload
        elif magic == b"bvx2":
            f0, f1, f2 = struct.unpack_from("<3Q", stream, offset + 8)
            end = offset + (f2 & 0xFFFFFFFF) + ((f0 >> 20) & 0xFFFFF) + ((f1 >> 40) & 0xFFFFF)
        else:
            raise SystemExit("unexpected block magic %r at %d" % (magic, offset))
        yield magic, offset, end
        offset = end


def v2_to_v1(stream):
    """Rewrites every bvx2 block header as the equivalent bvx1 header."""
    nbits = [2, 3, 2, 5, 2, 3, 2, 8, 2, 3, 2, 5, 2, 3, 2, 14] * 2
    values = [0, 2, 1, 4, 0, 3, 1, -1, 0, 2, 1, 5, 0, 3, 1, -1,
              0, 2, 1, 6, 0, 3, 1, -1, 0, 2, 1, 7, 0, 3, 1, -1]
    out = bytearray()
    for magic, start, end in blocks(stream):
        if magic != b"bvx2":
            out += stream[start:end]
            continue
        (raw,) = struct.unpack_from("<I", stream, start + 4)
        f0, f1, f2 = struct.unpack_from("<3Q", stream, start + 8)
        field = lambda v, lsb, width: (v >> lsb) & ((1 << width) - 1)
        header_size = field(f2, 0, 32)
        accum = int.from_bytes(stream[start + 32:start + header_size], "little")
        freqs = []
        for _ in range(360):
            low = accum & 31
            width = nbits[low]
            if width == 8:
                value = 8 + ((accum >> 4) & 0xF)
            elif width == 14:
                value = 24 + ((accum >> 4) & 0x3FF)
            else:
                value = values[low]
            freqs.append(value)
            accum >>= width
        n_literals = field(f0, 0, 20)
        literal_payload = field(f0, 20, 20)
        n_matches = field(f0, 40, 20)
        lmd_payload = field(f1, 40, 20)
        header = struct.pack(
            "<4sIIIIIIi4HiHHH360H2x", b"bvx1", raw, literal_payload + lmd_payload, n_literals,
            n_matches, literal_payload, lmd_payload, field(f0, 60, 3) - 7,
            field(f1, 0, 10), field(f1, 10, 10), field(f1, 20, 10), field(f1, 30, 10),
            field(f1, 60, 3) - 7, field(f2, 32, 10), field(f2, 42, 10), field(f2, 52, 10),
            *freqs)
        assert len(header) == 772
        out += header + stream[start + header_size:end]
    return bytes(out)


def main():
    rng = random.Random(20261130)
    os.makedirs(OUT, exist_ok=True)
    inputs = {
        "tiny": b"hello",
        "small-text": text(rng, 3000),
        "text": text(rng, 200_000),
        "workflow": workflow_plist(rng, 4000),
        "random": bytes(rng.getrandbits(8) for _ in range(70_000)),
        "runs": b"a" * 50_000 + bytes(range(256)) * 40 + b"\0" * 30_000,
        "empty": b"",
        "small-runs": b"ab" * 300 + b"x" * 500 + bytes(range(200)) * 3 + b"abcdefgh" * 100,
        "small-plist": workflow_plist(rng, 8)[:4000],
    }
    # Just over the reference encoder's 4096-byte LZVN threshold: the smallest bvx2 seed for
    # the fuzz test.
    inputs["fuzz-seed"] = (b"share the screenshot " * 40 + text(rng, 400) * 10)[:4300]
    archive = apple_archive(share_workflow(rng, 300))
    inputs["shortcut-archive"] = archive
    # The same archive cut into 8 KiB pieces, each compressed alone: the segments of a
    # multi-segment signed shortcut.
    for index, start in enumerate(range(0, len(archive), 8192)):
        inputs["shortcut-archive.segment%02d" % index] = archive[start:start + 8192]
    manifest = {}
    for name, data in inputs.items():
        compressed = liblzfse.compress(data)
        assert not data or liblzfse.decompress(compressed) == data
        variants = {name: compressed}
        magics = [m.decode() for m, _, _ in blocks(compressed)]
        if "bvx2" in magics:
            variants[name + ".v1"] = v2_to_v1(compressed)
        for variant, stream in variants.items():
            with open(os.path.join(OUT, variant + ".lzfse"), "wb") as handle:
                handle.write(stream)
            manifest[variant] = {
                "decodedSize": len(data),
                "sha256": hashlib.sha256(data).hexdigest(),
                "blocks": [m.decode() for m, _, _ in blocks(stream)],
            }
    with open(os.path.join(OUT, "manifest.json"), "w") as handle:
        json.dump(manifest, handle, indent=2, sort_keys=True)
        handle.write("\n")
    for variant, entry in sorted(manifest.items()):
        print(variant, entry["decodedSize"], sorted(set(entry["blocks"])), file=sys.stderr)


if __name__ == "__main__":
    main()
