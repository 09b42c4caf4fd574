import Foundation
import Importer
import InboxReading
import Ingest
import ShareServer

/// `GET /library`: the day's hand-off summary card (with a copy button), the shares waiting
/// in the inbox, the records imported into the library, and a form that posts a share from
/// this browser as a share sheet would.
///
/// The card is in the viewer's language (`Accept-Language`, as ``SummaryLocale`` knows it) and
/// time zone (the `tz` query or cookie `/app.js` sets; UTC until it has). At most
/// `listedShares` shares of each kind are listed, newest first.
struct LibraryPage: Sendable {
  /// The most shares listed from the inbox, and from the library.
  static let listedShares = 50

  let inbox: any InboxReader
  let library: (any LibraryStore)?

  func render(_ head: HTTPRequestHead, now: Date = Date()) async -> HTTPResponse {
    let zone =
      RequestPreferences.timeZone(head.query["tz"])
      ?? RequestPreferences.timeZone(RequestPreferences.cookie("tz", in: head.cookie)) ?? .gmt
    let locale = RequestPreferences.summaryLocale(acceptLanguage: head.acceptLanguage)
    let times = TimeText(zone: zone)
    let sent = head.query["share"].flatMap(UUID.init(uuidString:))

    var inboxSection = ""
    var inboxIDs = Set<UUID>()
    do {
      let entries = try await inbox.pending().suffix(Self.listedShares).reversed()
      var rows = ""
      for entry in entries {
        guard let manifest = try? await inbox.manifest(entry.id) else { continue }
        inboxIDs.insert(entry.id)
        rows += shareRow(
          id: entry.id, receivedAt: manifest.receivedAt, source: manifest.source,
          title: manifest.title, status: nil, items: manifest.items.map(ShownItem.init),
          times: times)
      }
      inboxSection = list(rows, empty: "Nothing is waiting for the importer.")
    } catch {
      inboxSection =
        "<p class=\"notice error\">The inbox cannot be read: \(HTML.escape("\(error)"))</p>\n"
    }

    var cardSection = ""
    var librarySection = ""
    var libraryIDs = Set<UUID>()
    if let library {
      do {
        let card = try await library.summary(timeZone: zone, locale: locale, now: now)
        cardSection = """
          <section id="summary"><h2>The day's hand-off card</h2>
          <p class="meta">\(HTML.escape(card.day.description)), \(HTML.escape(zone.identifier))</p>
          <pre class="card" id="card" lang="\(locale.rawValue)">\(HTML.escape(card.text))</pre>
          <p><button type="button" data-copy="card" data-status="copy-status" hidden>Copy the \
          card</button> <span id="copy-status" role="status"></span></p>
          </section>

          """
        var rows = ""
        for record in try await library.records(status: nil, limit: Self.listedShares) {
          libraryIDs.insert(record.shareID)
          rows += shareRow(
            id: record.shareID, receivedAt: record.receivedAt, source: record.source,
            title: record.title, status: record.status.label(in: locale),
            items: record.items.map(ShownItem.init), times: times)
        }
        librarySection = list(rows, empty: "Nothing has been imported yet.")
      } catch {
        librarySection =
          "<p class=\"notice error\">The library cannot be read: \(HTML.escape("\(error)"))</p>\n"
      }
    } else {
      librarySection = """
        <p class="meta">This server was started without a library (serve --library PATH shows \
        it here, with the day's card).</p>

        """
    }

    var notice = ""
    if let sent {
      // Looked up by id when the lists (newest first, at most 50) do not hold it.
      var isInLibrary = libraryIDs.contains(sent)
      if !isInLibrary, let library {
        isInLibrary = (try? await library.contains(shareID: sent)) ?? false
      }
      var isInInbox = inboxIDs.contains(sent)
      if !isInLibrary, !isInInbox {
        isInInbox = (try? await inbox.manifest(sent)) != nil
      }
      let whereItIs =
        isInLibrary
        ? "it is in the library."
        : isInInbox
          ? "it is in the inbox, waiting for the importer." : "it is no longer in the inbox."
      notice =
        "<p class=\"notice\" id=\"received\">Received share <code>\(sent.uuidString)</code>: "
        + "\(whereItIs)</p>\n"
    }
    let body = """
      <header><h1>Shares</h1><nav><a href="/">Pairing and install</a></nav></header>
      <main>
      \(notice)\(cardSection)<section id="inbox"><h2>Inbox</h2>
      \(inboxSection)</section>
      <section id="library"><h2>Library</h2>
      \(librarySection)</section>
      \(Self.sendForm())
      </main>
      """
    return HTML.page(
      title: "Shares", attributes: [("data-time-zone", zone.identifier)], body: body)
  }

  private func list(_ rows: String, empty: String) -> String {
    rows.isEmpty
      ? "<p class=\"meta\">\(HTML.escape(empty))</p>\n" : "<ul class=\"shares\">\n\(rows)</ul>\n"
  }

  private func shareRow(
    id: UUID, receivedAt: Date, source: String?, title: String?, status: String?,
    items: [ShownItem], times: TimeText
  ) -> String {
    let heading = title.map { "<strong class=\"title\">\(HTML.escape($0))</strong> " } ?? ""
    var meta = times.html(receivedAt)
    if let source { meta += " · from \(HTML.escape(source))" }
    if let status { meta += " · \(HTML.escape(status))" }
    let shownItems = items.enumerated().map { $1.html(shareID: id, index: $0) }.joined()
    return """
      <li class="share" id="share-\(id.uuidString)" data-share="\(id.uuidString)">\
      \(heading)<span class="meta">\(meta)</span>
      <ul class="items">\(shownItems)</ul></li>

      """
  }

  /// What a share sheet posts, as a form: the share target's fields, by the same names,
  /// filled with `fields` (escaped) when a share is to be sent again: a refused one, or one
  /// kept while the browser paired again. A page cannot fill in files; `note` says so. Each
  /// form shown carries an idempotency key of its own (`IdempotencyKey`): a browser that posts
  /// it again (its answer lost) makes no second share.
  static func sendForm(_ fields: FormUpload.Fields = .init(), note: String? = nil) -> String {
    func value(_ text: String?) -> String {
      text.map { " value=\"\(HTML.escape($0))\"" } ?? ""
    }
    let shownNote =
      note.map { "<p class=\"notice\" id=\"send-note\">\(HTML.escape($0))</p>\n" } ?? ""
    return """
      <section id="send"><h2>Share from this browser</h2>
      \(shownNote)<form method="post" action="/share" enctype="multipart/form-data" id="send-form">
      <p><label for="send-title">Title</label><input type="text" id="send-title" \
      name="title"\(value(fields.title))></p>
      <p><label for="send-text">Text</label><textarea id="send-text" name="text" rows="3">
      \(HTML.escape(fields.text ?? ""))</textarea></p>
      <p><label for="send-url">URL</label><input type="url" id="send-url" \
      name="url"\(value(fields.url))></p>
      <p><label for="send-files">Files</label><input type="file" id="send-files" name="files" \
      multiple></p>
      <input type="hidden" name="\(IdempotencyKey.formField)" value="\(UUID().uuidString)">
      <p><button type="submit">Share</button></p>
      </form>
      </section>
      """
  }
}

/// Times as the page shows them before its script runs: `<time datetime="...Z">` with the
/// time in the viewer's zone, which the script then shows in the viewer's locale.
struct TimeText {
  let zone: TimeZone

  func html(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
    func pad(_ value: Int?) -> String {
      let digits = String(value ?? 0)
      return digits.count < 2 ? "0" + digits : digits
    }
    let shown =
      "\(parts.year ?? 0)-\(pad(parts.month))-\(pad(parts.day))"
      + " \(pad(parts.hour)):\(pad(parts.minute))"
    let stamp = date.formatted(.iso8601)
    return "<time datetime=\"\(HTML.escape(stamp))\">\(HTML.escape(shown))</time>"
  }
}
