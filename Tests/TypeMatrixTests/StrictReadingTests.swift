import Foundation
import InboxReading
import Ingest
import TestSupport
import Testing
import TypeMatrix

/// Every field and value the schema does not allow is malformed input, located by row and
/// field, in a matrix, its contract and its inline profiles; and every reader of JSON others
/// write, over its valid sample mutated byte by byte, either reads it or says where it fails.
@Suite("Strict readers: unknown fields, forbidden values, mutated samples", .onIOExecutor)
struct StrictReadingTests {
  static let sha = String(repeating: "ab", count: 32)

  /// A matrix using every object the schema describes.
  static let matrix = """
    {"schemaVersion": 1, "title": "t",
     "contract": {"maximumFileSize": 1000, "unsupported": "rejectShare"},
     "rows": [
      {"name": "a", "source": "notes-text", "keepPartial": false, "expect": {"activation": "shown",
       "outcome": "accepted",
       "taken": [{"attachment": "1.1", "type": "public.plain-text", "readAs": "object"}],
       "records": [{"kind": "text", "type": "public.plain-text", "text": "x"}]}},
      {"name": "b", "source": {"app": "x", "items": [{"attachments": [{"suggestedName": "n",
       "representations": [{"typeIdentifier": "public.plain-text", "delivery": "object",
       "object": {"class": "NSString", "value": "hi"}}]}]}]},
       "script": [{"attachment": "1.1", "behavior": "fail", "errorCode": 1}],
       "expect": {"outcome": "accepted",
       "records": [{"kind": "file", "type": "public.data", "byteCount": 5, "sha256": "\(sha)"}]}}
     ]}
    """

  struct Edit: CustomTestStringConvertible, Sendable {
    var label: String
    var from: String
    var to: String
    /// The row the error names (nil: none).
    var row: Int?
    var field: String
    var words: [String]
    var testDescription: String { label }
  }

  static let edits: [Edit] = [
    Edit(
      label: "activation misspelt", from: #""activation""#, to: #""activaton""#, row: 0,
      field: "expect.activaton", words: ["unknown field", "did you mean activation?"]),
    Edit(
      label: "records as record", from: #""records": [{"kind": "text""#,
      to: #""record": [{"kind": "text""#, row: 0, field: "expect.record",
      words: ["did you mean records?"]),
    Edit(
      label: "sha256 as sha", from: #""sha256""#, to: #""sha""#, row: 1,
      field: "expect.records[0].sha", words: ["did you mean sha256?"]),
    Edit(
      label: "keepPartial misspelt", from: #""keepPartial""#, to: #""keepPartal""#, row: 0,
      field: "keepPartal", words: ["did you mean keepPartial?"]),
    Edit(
      label: "a kind the schema does not list", from: #""kind": "text""#, to: #""kind": "File""#,
      row: 0, field: "expect.records[0].kind", words: ["'File' is not one of file, text, url"]),
    Edit(
      label: "a sha256 that is not one", from: "\"\(sha)\"", to: #""abc""#, row: 1,
      field: "expect.records[0].sha256", words: ["64 lower-case hexadecimal digits"]),
    Edit(
      label: "a fractional byte count", from: #""byteCount": 5"#, to: #""byteCount": 1.5"#, row: 1,
      field: "expect.records[0].byteCount",
      words: ["whole number from 0 to 9223372036854775807"]),
    Edit(
      label: "a readAs the schema does not list", from: #""readAs": "object""#,
      to: #""readAs": "objet""#, row: 0, field: "expect.taken[0].readAs",
      words: ["is not one of file, data, object"]),
    Edit(
      label: "a taken field misspelt", from: #""attachment": "1.1", "type""#,
      to: #""attachmnt": "1.1", "type""#, row: 0, field: "expect.taken[0].attachmnt",
      words: ["did you mean attachment?"]),
    Edit(
      label: "a representation field misspelt", from: #""typeIdentifier""#,
      to: #""typeIdentifer""#, row: 1,
      field: "source.items[0].attachments[0].representations[0].typeIdentifer",
      words: ["did you mean typeIdentifier?"]),
    Edit(
      label: "an attachment field misspelt", from: #""suggestedName""#, to: #""suggestedNmae""#,
      row: 1, field: "source.items[0].attachments[0].suggestedNmae",
      words: ["did you mean suggestedName?"]),
    Edit(
      label: "an object field misspelt", from: #""class""#, to: #""klass""#, row: 1,
      field: "source.items[0].attachments[0].representations[0].object.klass",
      words: ["did you mean class?"]),
    Edit(
      label: "an inline source field misspelt", from: #""app": "x""#, to: #""ap": "x""#, row: 1,
      field: "source.ap", words: ["did you mean app?"]),
    Edit(
      label: "a scripted failure field misspelt", from: #""behavior""#, to: #""behaviour""#,
      row: 1, field: "script[0].behaviour", words: ["did you mean behavior?"]),
    Edit(
      label: "a contract field abbreviated", from: #""maximumFileSize": 1000"#,
      to: #""maxFileSize": 1000"#, row: nil, field: "contract.maxFileSize",
      words: ["did you mean maximumFileSize?"]),
    Edit(
      label: "a contract limit of 0", from: #""maximumFileSize": 1000"#,
      to: #""maximumFileSize": 0"#, row: nil, field: "contract.maximumFileSize",
      words: ["whole number from 1 to 4611686018427387904"]),
    Edit(
      label: "a contract limit past 2^62", from: #""maximumFileSize": 1000"#,
      to: #""maximumFileSize": 4611686018427387905"#, row: nil, field: "contract.maximumFileSize",
      words: ["from 1 to 4611686018427387904"]),
    Edit(
      label: "a schema version no number holds", from: #""schemaVersion": 1,"#,
      to: #""schemaVersion": 1e400,"#, row: nil, field: "schemaVersion",
      words: ["number out of range", "line 1"]),
    Edit(
      label: "a trailing comma in a list", from: #""text": "x"}]"#, to: #""text": "x"},]"#,
      row: 0, field: "expect.records", words: ["trailing comma", "line 7"]),
    Edit(
      label: "a key given twice", from: #""name": "a","#, to: #""name": "a", "name": "z","#,
      row: 0, field: "name", words: ["given twice", "line 4"]),
  ]

  @Test("Refused as malformed, with the row and the field", arguments: edits)
  func refused(_ edit: Edit) throws {
    #expect(Self.matrix.contains(edit.from), "the edit applies")
    #expect(throws: Never.self) { try TypeMatrixFile(data: Data(Self.matrix.utf8), path: "m.json") }
    let edited = Self.matrix.replacingOccurrences(of: edit.from, with: edit.to)
    do {
      _ = try TypeMatrixFile(data: Data(edited.utf8), path: "m.json")
      Issue.record("\(edit.label): read")
    } catch {
      #expect(error.row == edit.row, "\(error)")
      #expect(error.field == edit.field, "\(error)")
      for word in edit.words {
        #expect(error.problem.contains(word), "\(word) in \(error)")
      }
      #expect(!error.description.contains("e+"), "bounds in full: \(error)")
    }
  }

  /// What a reader says of one document: nil when it reads it, else its message and whether
  /// the message says where.
  typealias Reader = @Sendable (Data) -> (message: String, isLocated: Bool)?

  static func located(_ error: JSONInputError) -> (message: String, isLocated: Bool) {
    ("\(error)", !error.field.isEmpty || error.problem.contains("at line "))
  }

  static let failureDecoder: JSONDecoder = {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
  }()

  struct Sample: CustomTestStringConvertible, Sendable {
    var name: String
    var json: String
    var read: Reader
    var testDescription: String { name }
  }

  static let samples: [Sample] = [
    Sample(
      name: "manifest",
      json:
        #"""
        {"schemaVersion": 2, "id": "3F2504E0-4F89-11D3-9A0C-0305E82C3301", "receivedAt": \#
        "2026-09-21T14:13:20Z", "source": "photos", "items": [{"kind": "file", "typeIdentifier": \#
        "public.heic", "file": "Incoming/3F2504E0-4F89-11D3-9A0C-0305E82C3301.heic", "byteCount": \#
        1834112, "sha256": "\#(sha)", "suggestedName": "IMG_0412.HEIC"}, {"kind": "url", \#
        "typeIdentifier": "public.url", "url": "https://example.com/"}]}
        """#,
      read: { data in
        do throws(ManifestError) {
          _ = try ShareManifest.decode(data, path: "m.json")
          return nil
        } catch {
          return ("\(error)", !error.field.isEmpty || error.problem.contains("at line "))
        }
      }),
    Sample(
      name: "failure record",
      json:
        #"""
        {"attempts": 3, "lastAttempt": "2026-09-21T14:13:20Z", "lastError": "payload is missing"}
        """#,
      read: { data in
        do throws(JSONInputError) {
          _ = try JSONInput.decode(InboxFailure.self, from: data, decoder: failureDecoder)
          return nil
        } catch { return located(error) }
      }),
    Sample(
      name: "contract",
      json:
        #"""
        {"acceptedTypes": ["public.image"], "maximumAttachmentCount": 3, "maximumFileSize": \#
        20971520, "maximumShareSize": 4611686018427387904, "maximumTextLength": 10, "urlSchemes": \#
        ["https"], "acceptsEmptyFiles": true, "unsupported": "skipAttachment"}
        """#,
      read: { data in
        do throws(JSONInputError) {
          _ = try JSONInput.decode(InputContract.self, from: data)
          return nil
        } catch { return located(error) }
      }),
    Sample(
      name: "matrix", json: matrix,
      read: { data in
        do throws(MatrixFileError) {
          _ = try TypeMatrixFile(data: data, path: "m.json")
          return nil
        } catch {
          return (
            "\(error)",
            error.row != nil || !error.field.isEmpty || error.problem.contains("at line ")
          )
        }
      }),
    Sample(
      name: "profile",
      json:
        #"""
        {"schemaVersion": 1, "name": "p", "title": "P", "app": "com.example", "provenance": \#
        "made", "items": [{"attributedTitle": "t", "attachments": [{"suggestedName": "a.pdf", \#
        "representations": [{"typeIdentifier": "com.adobe.pdf", "delivery": "file", "file": \#
        "files/document.pdf", "failures": {"public.url": -1100}}, {"typeIdentifier": \#
        "public.url", "delivery": "object", "object": {"class": "NSURL", "value": \#
        "https://example.com/"}}]}]}]}
        """#,
      read: { data in
        do throws(JSONInputError) {
          _ = try JSONInput.decode(SourceProfile.self, from: data)
          return nil
        } catch { return located(error) }
      }),
    Sample(
      name: "JavaScript results",
      json:
        #"""
        {"URL": "https://example.com/a", "title": "A page", "selection": "some text", "n": [1, \#
        2.5, true]}
        """#,
      read: { data in
        do {
          _ = try JavaScriptPreprocessingResults(json: data)
          return nil
        } catch {
          let message = "\(error)"
          return (message, message.contains("at line ") || message.contains("results"))
        }
      }),
  ]

  @Test(
    "Each reader's valid sample, mutated byte by byte: read, or refused saying where",
    arguments: samples)
  func mutatedSamples(_ sample: Sample) {
    let valid = Data(sample.json.utf8)
    #expect(sample.read(valid) == nil, "the sample itself is read")
    var generator = SplitMix64(seed: 4242)
    var refused = 0
    for round in 0..<3000 {
      let bytes = ByteMutation.mutate(Array(valid), &generator)
      guard let (message, isLocated) = sample.read(Data(bytes)) else { continue }
      refused += 1
      #expect(isLocated, "round \(round): \(message.prefix(300))")
      #expect(!message.contains("DecodingError") && message.count < 2000, "round \(round)")
    }
    #expect(refused > 300, "\(sample.name): \(refused) of 3000 refused")
  }

  /// A document that is valid save for one duplicate key is refused by every reader.
  @Test("A duplicate key is malformed for every reader", arguments: samples)
  func duplicateKey(_ sample: Sample) throws {
    let json = sample.json
    let open = try #require(json.firstIndex(of: "{"))
    let first = try #require(json[open...].firstIndex(of: ","))
    // The first member written twice, the second copy before the rest.
    let member = json[json.index(after: open)..<first]
    let doubled = json[...open] + member + "," + json[json.index(after: open)...]
    let answer = try #require(sample.read(Data(doubled.utf8)), "\(sample.name) read it")
    #expect(answer.message.contains("given twice"), "\(answer.message)")
    #expect(answer.isLocated)
  }
}
