#!/usr/bin/env python3
"""Writes the seed corpora of the libFuzzer harnesses (Fuzz/Corpus/<reader>/).

Seeds are ordinary property lists written by Python's plistlib (XML and bplist00, a writer
independent of Foundation's) and the hostile shapes of issue 16, built byte by byte as
Tests/TestSupport/HostilePropertyLists.swift builds them. Run from anywhere:
    python3 Fuzz/make-seeds.py
"""
import os
import plistlib
import struct

HERE = os.path.dirname(os.path.abspath(__file__))


def bplist(objects, top=0, ref_size=1):
    out = bytearray(b"bplist00")
    offsets = []
    for obj in objects:
        offsets.append(len(out))
        out += bytes(obj)
    table = len(out)
    size = 1 if table < 256 else 2 if table < 65536 else 4
    for offset in offsets:
        out += offset.to_bytes(size, "big")
    out += bytes(6) + bytes([size, ref_size]) + struct.pack(">QQQ", len(objects), top, table)
    return bytes(out)


def ascii_string(text):
    data = text.encode()
    assert len(data) < 15
    return [0x50 | len(data)] + list(data)


def shared_references(levels, fan_out=16):
    objects = [[0xAF, 0x10, fan_out] + [level + 1] * fan_out for level in range(levels)]
    objects.append(ascii_string("laugh"))
    return bplist(objects)


def deep(depth):
    return bplist([[0xA1, level + 1] for level in range(depth - 1)] + [[0x09]])


def declarations(count, chain=False, cycle=False):
    entries = []
    for index in range(count):
        parent = f"com.example.t{index + 1}" if index + 1 < count else "public.data"
        if cycle and index + 1 == count:
            parent = "com.example.t0"
        entry = {"UTTypeIdentifier": f"com.example.t{index}", "UTTypeConformsTo": parent}
        if not chain:
            entry["UTTypeConformsTo"] = ["public.data", "com.example.t0"] if index else "public.content"
            entry["UTTypeTagSpecification"] = {
                "public.filename-extension": [f"ex{index}"],
                "public.mime-type": f"application/x-example-{index}",
            }
            entry["UTTypeDescription"] = f"Example {index}"
        entries.append(entry)
    return {"UTExportedTypeDeclarations": entries,
            "UTImportedTypeDeclarations": [{"UTTypeIdentifier": "com.other.doc",
                                            "UTTypeConformsTo": ["public.composite-content"]}]}


RULE = {"NSExtension": {"NSExtensionAttributes": {"NSExtensionActivationRule": {
    "NSExtensionActivationSupportsImageWithMaxCount": 10,
    "NSExtensionActivationSupportsWebURLWithMaxCount": 1}},
    "NSExtensionPointIdentifier": "com.apple.share-services"}}


def write(reader, name, data):
    folder = os.path.join(HERE, "Corpus", reader)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), "wb") as handle:
        handle.write(data)


def main():
    ordinary = {
        "info-rule.xml": plistlib.dumps(RULE, fmt=plistlib.FMT_XML),
        "info-rule.bplist": plistlib.dumps(RULE, fmt=plistlib.FMT_BINARY),
        "webloc.xml": plistlib.dumps({"URL": "https://example.com/"}, fmt=plistlib.FMT_XML),
        "webloc.bplist": plistlib.dumps({"URL": "https://example.com/"}, fmt=plistlib.FMT_BINARY),
        "values.bplist": plistlib.dumps(
            {"a": [1, -2, 2.5, True, b"\x00\x01", "é✓", 2**62], "b": {"c": "d"}},
            fmt=plistlib.FMT_BINARY),
    }
    hostile = {
        "set.bplist": bplist([[0xD1, 1, 2], ascii_string("NSExtension"), [0xC1, 3], [0x10, 1]]),
        "uid.bplist": bplist([[0xA1, 1], [0x80, 0x05]]),
        "laughs6.bplist": shared_references(6),
        "deep70.bplist": deep(70),
        "cyclic.bplist": bplist([[0xA1, 0]]),
        "deep70.xml": (b'<?xml version="1.0"?><plist version="1.0">' + b"<array>" * 70
                       + b"</array>" * 70 + b"</plist>"),
        "truncated.xml": plistlib.dumps(RULE, fmt=plistlib.FMT_XML)[:200],
    }
    for name, data in {**ordinary, **hostile}.items():
        write("plist", name, data)
    decls = {
        "declarations.xml": plistlib.dumps(declarations(6), fmt=plistlib.FMT_XML),
        "declarations.bplist": plistlib.dumps(declarations(6), fmt=plistlib.FMT_BINARY),
        "chain.bplist": plistlib.dumps(declarations(40, chain=True), fmt=plistlib.FMT_BINARY),
        "cycle.xml": plistlib.dumps(declarations(5, chain=True, cycle=True), fmt=plistlib.FMT_XML),
        "rule.bplist": plistlib.dumps({**RULE, **declarations(3)}, fmt=plistlib.FMT_BINARY),
    }
    for name, data in decls.items():
        write("declarations", name, data)


if __name__ == "__main__":
    main()
