/// The web app's script and style sheet: the only ones its pages load (`script-src 'self'`,
/// `style-src 'self'`), served from memory.
///
/// The script does three things, none of which a page needs in order to work: it tells the
/// server the viewer's time zone (a `tz` cookie, and a `tz` query once when the page was made
/// for another zone), so the summary card's day is the viewer's; it shows every
/// `<time datetime>` in the viewer's locale; and it makes the copy button copy the card's text.
enum WebAppAssets {
  static let script = #"""
    "use strict";
    (function () {
      document.documentElement.classList.add("scripted");
      var body = document.body;
      var zone = "";
      try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone || ""; } catch (e) {}
      if (zone) {
        document.cookie =
          "tz=" + encodeURIComponent(zone) + "; Path=/; Max-Age=31536000; SameSite=Strict";
        var shown = body.getAttribute("data-time-zone");
        var query = new URLSearchParams(location.search);
        if (shown !== null && shown !== zone && !query.has("tz")) {
          query.set("tz", zone);
          location.replace(location.pathname + "?" + query.toString() + location.hash);
          return;
        }
      }
      var times = document.querySelectorAll("time[datetime]");
      for (var i = 0; i < times.length; i++) {
        var when = new Date(times[i].getAttribute("datetime"));
        if (!isNaN(when.getTime())) {
          times[i].title = times[i].textContent;
          times[i].textContent =
            when.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
        }
      }
      var buttons = document.querySelectorAll("button[data-copy]");
      for (var j = 0; j < buttons.length; j++) {
        buttons[j].hidden = false;
        buttons[j].addEventListener("click", function (event) {
          var button = event.currentTarget;
          var source = document.getElementById(button.getAttribute("data-copy"));
          var status = document.getElementById(button.getAttribute("data-status"));
          if (!source) { return; }
          var text = source.textContent;
          var done = function (message) { if (status) { status.textContent = message; } };
          var fallback = function () {
            var range = document.createRange();
            range.selectNodeContents(source);
            var selection = window.getSelection();
            selection.removeAllRanges();
            selection.addRange(range);
            var copied = false;
            try { copied = document.execCommand("copy"); } catch (e) {}
            done(copied ? "Copied" : "Selected: copy it with your keyboard or menu");
          };
          if (navigator.clipboard && navigator.clipboard.writeText) {
            navigator.clipboard.writeText(text).then(function () { done("Copied"); }, fallback);
          } else {
            fallback();
          }
        });
      }
    })();

    """#

  static let styleSheet = """
    :root { color-scheme: light dark; --accent: #1d5c8f; }
    body { font: 16px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 46rem; padding: 1rem; }
    header { display: flex; align-items: baseline; justify-content: space-between; gap: 1rem; }
    h1 { font-size: 1.5rem; margin: 0.5rem 0; }
    h2 { font-size: 1.15rem; margin-top: 1.75rem; }
    a { color: var(--accent); }
    .notice {
      border-left: 4px solid var(--accent); padding: 0.5rem 0.75rem;
      background: rgba(29, 92, 143, 0.08);
    }
    .error { border-left-color: #b3261e; }
    pre.card {
      white-space: pre-wrap; word-break: break-word; padding: 0.75rem; border: 1px solid #8884;
      border-radius: 6px;
    }
    ul.shares { list-style: none; padding: 0; }
    li.share { border-top: 1px solid #8884; padding: 0.6rem 0; }
    li.share:target { background: rgba(29, 92, 143, 0.12); }
    ul.items { padding-left: 1.25rem; margin: 0.3rem 0 0; }
    .meta { color: #777; font-size: 0.9rem; }
    .item-text, .item-url { word-break: break-word; }
    img.thumbnail {
      display: block; max-width: 240px; max-height: 240px; margin: 0.3rem 0; border-radius: 4px;
    }
    form p { margin: 0.5rem 0; }
    label { display: block; font-weight: 600; }
    input[type=text], input[type=url], input[type=password], textarea {
      width: 100%; box-sizing: border-box; font: inherit; padding: 0.35rem;
    }
    button { font: inherit; padding: 0.4rem 0.9rem; }
    ol li { margin: 0.25rem 0; }

    """
}
