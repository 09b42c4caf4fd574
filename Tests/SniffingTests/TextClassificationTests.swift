import Foundation
import Sniffing
import Testing
import UTI

/// Text told apart by its structure, judged on content alone: tables, style sheets, scripts,
/// PEM, mail, and calendar and contact versions; and the confusions each must avoid.
@Suite("Sniffing text by its structure")
struct TextClassificationTests {
  struct Sample: CustomTestStringConvertible, Sendable {
    var name: String
    var text: String
    /// The identifier content alone must give, or (for a `dyn.` type) its MIME type.
    var expected: String
    var testDescription: String { "\(name) -> \(expected)" }
  }

  static let sniffer = ContentSniffer(configuration: .init(usesFilename: false))

  static func sniff(_ text: String) throws -> SniffResult {
    try sniffer.sniff(data: Data(text.utf8))
  }

  static let recognized: [Sample] = [
    Sample(
      name: "CSV with a header", text: "name,city,age\nJane,Cupertino,30\nJohn,Austin,41\n",
      expected: "public.comma-separated-values-text"),
    Sample(
      name: "CSV with quoted commas, quotes and a line break",
      text:
        "id,note\r\n1,\"red, green\"\r\n2,\"say \"\"hi\"\"\"\r\n3,\"two\nlines\"\r\n4,plain\r\n",
      expected: "public.comma-separated-values-text"),
    Sample(
      name: "semicolon CSV from a comma-decimal spreadsheet",
      text: "Datum;Betrag;Kategorie\n03.01.2026;12,50;Essen\n04.01.2026;3,20;Bus\n",
      expected: "public.comma-separated-values-text"),
    Sample(
      name: "TSV", text: "name\tcity\nJane\tCupertino\nJohn\tAustin\n",
      expected: "public.tab-separated-values-text"),
    Sample(
      name: "CSS with an at-rule and a media block",
      text:
        "@import url(\"base.css\");\nbody { margin: 0; }\n@media print {\n  nav { display: none }\n"
        + "}\n",
      expected: "public.css"),
    Sample(
      name: "minified CSS on one line", text: "a{color:red}b,i::after{margin:0;content:\"x\"}",
      expected: "public.css"),
    Sample(
      name: "CommonJS module",
      text:
        "'use strict';\nconst path = require('path');\n\nfunction join(a, b) {\n"
        + "  return path.join(a, b);\n}\nmodule.exports = { join };\n",
      expected: "com.netscape.javascript-source"),
    Sample(
      name: "browser script",
      text:
        "document.addEventListener('DOMContentLoaded', () => {\n  let count = 0;\n"
        + "  if (typeof window.share !== 'undefined') { count += 1; }\n});\n",
      expected: "com.netscape.javascript-source"),
    Sample(
      name: "e-mail with an HTML body",
      text:
        "From: Jane <jane@example.com>\nTo: john@example.org\nSubject: Photos\nMIME-Version: 1.0\n"
        + "Content-Type: text/html; charset=utf-8\n\n<html><body><p>Hello</p></body></html>\n",
      expected: "com.apple.mail.email"),
    Sample(
      name: "e-mail opening with a folded Received trace",
      text:
        "Received: from mx.example.com\n\tby mail.example.org; Thu, 1 Jan 2026 10:00:00 +0000\n"
        + "Return-Path: <jane@example.com>\nSubject: Hi\nDate: Thu, 1 Jan 2026 10:00:00 +0000\n\n"
        + "Hello\n",
      expected: "com.apple.mail.email"),
    Sample(
      name: "vCalendar 1.0",
      text: "BEGIN:VCALENDAR\nVERSION:1.0\nBEGIN:VEVENT\nSUMMARY:x\nEND:VEVENT\nEND:VCALENDAR\n",
      expected: "com.apple.ical.vcs"),
    Sample(
      name: "vCalendar without VERSION, with a vCalendar-only alarm",
      text:
        "BEGIN:VCALENDAR\nBEGIN:VEVENT\nDTSTART:20260103T100000\nAALARM:20260103T093000\n"
        + "END:VEVENT\nEND:VCALENDAR\n",
      expected: "com.apple.ical.vcs"),
    Sample(
      name: "iCalendar 2.0 whose event holds VERSION-like text",
      text:
        "BEGIN:VCALENDAR\r\nPRODID:x\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nSUMMARY:VERSION:1.0\r\n"
        + "END:VEVENT\r\nEND:VCALENDAR\r\n",
      expected: "com.apple.ical.ics"),
    Sample(
      name: "vCard 2.1", text: "BEGIN:VCARD\nVERSION:2.1\nN:Appleseed;Jane\nEND:VCARD\n",
      expected: "public.vcard"),
    Sample(
      name: "vCard 4.0", text: "BEGIN:VCARD\nVERSION:4.0\nFN:Jane Appleseed\nEND:VCARD\n",
      expected: "public.vcard"),
    Sample(
      name: "PEM certificate after OpenSSL's attribute lines",
      text:
        "Bag Attributes\n    friendlyName: sample\nsubject=CN = sample\n\n"
        + "-----BEGIN "
        + "CERTIFICATE-----\nMIIBLjCB4aADAgECAgEjMAUGAytlcDAeMRwwGgYDVQQDDBNzaGFyZS1pbmdlc3Qg\n"
        + "c2FtcGxl\n-----END CERTIFICATE-----\n",
      expected: "public.x509-certificate"),
    Sample(
      name: "PEM RSA key with RFC 1421 headers",
      text:
        "-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\n"
        + "DEK-Info: AES-128-CBC,00112233445566778899AABBCCDDEEFF\n\n"
        + "MIIBOgIBAAJBAKj34GkxFhD90vcNLYLInFEX6Ppy1tPf9Cnzj4p4WGeKLs1Pt8Qu\n"
        + "-----END RSA PRIVATE KEY-----\n",
      expected: "application/x-pem-file"),
    Sample(
      name: "XML with a comment before the root and no prolog",
      text: "<!-- generated -->\n<config><item>1</item></config>\n", expected: "public.xml"),
    Sample(
      name: "JSON is JSON", text: "{\"function\": \"x\", \"const\": [1, 2, 3], \"ok\": true}\n",
      expected: "public.json"),
  ]

  @Test("Each format is named from its structure", arguments: recognized)
  func recognizes(_ sample: Sample) throws {
    let result = try Self.sniff(sample.text)
    if result.type.isDynamic {
      #expect(result.mimeType == sample.expected, "\(result.explanation)")
    } else {
      #expect(result.type.identifier == sample.expected, "\(result.explanation)")
    }
    #expect(result.evidence == .signature, "\(result.explanation)")
  }

  /// A confusion a check must avoid: text that looks like `notA` at a glance.
  struct Confusion: CustomTestStringConvertible, Sendable {
    var name: String
    var text: String
    var notA: String
    /// A MIME type the answer must not have either (for formats named by a `dyn.` type).
    var notMIMEType: String?
    var testDescription: String { "\(name) is not \(notA)" }

    init(name: String, text: String, notA: String, notMIMEType: String? = nil) {
      self.name = name
      self.text = text
      self.notA = notA
      self.notMIMEType = notMIMEType
    }
  }

  static let confusions: [Confusion] = [
    Confusion(
      name: "prose whose lines each hold one comma",
      text:
        "Dear Jane, thanks for the photos.\nThe kids loved them, and so did I.\n"
        + "Next time, bring the kite.\nSee you soon, John\n",
      notA: "public.comma-separated-values-text"),
    Confusion(
      name: "one line with commas", text: "apples,pears,plums\n",
      notA: "public.comma-separated-values-text"),
    Confusion(
      name: "records of different widths", text: "a,b,c\nd,e\nf,g,h\ni\n",
      notA: "public.comma-separated-values-text"),
    Confusion(
      name: "statements ending in semicolons",
      text: "int a = 1;\nint b = 2;\nint c = 3;\nint d = 4;\n",
      notA: "public.comma-separated-values-text"),
    Confusion(
      name: "SQL inserts",
      text:
        "INSERT INTO people VALUES (1, 'Jane', 'Cupertino');\n"
        + "INSERT INTO people VALUES (2, 'John', 'Austin');\n"
        + "INSERT INTO people VALUES (3, 'Ann', 'Paris');\n",
      notA: "public.comma-separated-values-text"),
    Confusion(
      name: "tab-indented outline", text: "Groceries\tweek 1\n\tmilk\n\tbread\n\teggs\n",
      notA: "public.tab-separated-values-text"),
    Confusion(
      name: "JSON", text: "{\"a\": [1, 2], \"b\": {\"c\": null}}\n",
      notA: "com.netscape.javascript-source"),
    Confusion(
      name: "JSON Lines", text: "{\"a\": 1}\n{\"a\": 2}\n{\"a\": 3}\n",
      notA: "com.netscape.javascript-source"),
    Confusion(
      name: "one line of JavaScript", text: "const answer = 42;\n",
      notA: "com.netscape.javascript-source"),
    Confusion(
      name: "Python",
      text: "import os\n\ndef main():\n    name = os.getcwd()\n    return name\n",
      notA: "com.netscape.javascript-source"),
    Confusion(
      name: "Java",
      text:
        "package sample;\n\nimport java.util.List;\n\npublic class Hello {\n"
        + "  public static void main(String[] args) {\n    var x = 1;\n"
        + "    System.out.println(x == 1);\n  }\n}\n",
      notA: "com.netscape.javascript-source"),
    Confusion(
      name: "TypeScript",
      text:
        "const total = (items: number[]): number => items.length;\nfunction greet(name: string) {\n"
        + "  return name === 'x';\n}\n",
      notA: "com.netscape.javascript-source"),
    Confusion(
      name: "C",
      text:
        "#include <stdio.h>\n\nint main(void) {\n  const char *s = \"x\";\n  return s == 0;\n}\n",
      notA: "com.netscape.javascript-source"),
    Confusion(
      name: "SCSS with variables",
      text: "$accent: #1e88e5;\na { color: $accent; }\nb { margin: 0; }\n",
      notA: "public.css"),
    Confusion(
      name: "JavaScript", text: "function f() { return 1; }\nvar o = { a: 1 };\nf();\n",
      notA: "public.css"),
    Confusion(
      name: "C struct", text: "struct point {\n  int x;\n  int y;\n};\nstruct size { int w; };\n",
      notA: "public.css"),
    Confusion(
      name: "a Debian control file",
      text:
        "Package: sample\nVersion: 1.0\nMaintainer: Jane <jane@example.com>\nDescription: x\n",
      notA: "com.apple.mail.email"),
    Confusion(
      name: "HTTP response headers",
      text:
        "HTTP/1.1 200 OK\nDate: Thu, 01 Jan 2026 10:00:00 GMT\nContent-Type: text/html\n\n"
        + "<p>x</p>\n",
      notA: "com.apple.mail.email"),
    Confusion(
      name: "YAML with mail-like keys",
      text: "from: Jane\nto: John\nsubject: Photos\ndate: today\n",
      notA: "com.apple.mail.email"),
    Confusion(
      name: "a web page saved as MIME HTML",
      text:
        "From: <Saved by Blink>\nSnapshot-Content-Location: https://example.com/\n"
        + "Subject: Example\nDate: Thu, 1 Jan 2026 10:00:00 -0000\nMIME-Version: 1.0\n"
        + "Content-Type: multipart/related; boundary=\"b\"\n\n--b\n",
      notA: "com.apple.mail.email"),
    Confusion(
      name: "an OpenPGP key block",
      text:
        "-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nmQENBF1234567890ABCDEF\n=abcd\n"
        + "-----END PGP PUBLIC KEY BLOCK-----\n",
      notA: "public.x509-certificate", notMIMEType: "application/x-pem-file"),
    Confusion(
      name: "prose that quotes a certificate",
      text:
        "To install the certificate, paste the block below.\nIt starts like this.\n"
        + "-----BEGIN CERTIFICATE-----\nMIIBLjCB4aADAgECAgEj\n-----END CERTIFICATE-----\n",
      notA: "public.x509-certificate", notMIMEType: "application/x-pem-file"),
  ]

  @Test("Text that looks like a format at a glance is not named as it", arguments: confusions)
  func avoids(_ confusion: Confusion) throws {
    let result = try Self.sniff(confusion.text)
    let avoided = try #require(UTType(confusion.notA))
    #expect(!result.type.conforms(to: avoided), "\(result.type.identifier): \(result.explanation)")
    if let mimeType = confusion.notMIMEType { #expect(result.mimeType != mimeType) }
  }
}
