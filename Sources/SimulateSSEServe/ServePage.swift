/// `GET /`: a minimal Punchlist web client on the browser's own `EventSource`, for trying `serve` from a
/// browser. `?device=ID` names the client; `?reconnect=eager` opens a new stream at once after every
/// error (a broken client, for showing what the backoff judge reports).
enum ServePage {
    static let html = """
        <!doctype html>
        <html><head><meta charset="utf-8"><title>simulate serve</title>
        <style>body{font:14px system-ui;background:#FAFAFA;color:#2D2A2E}li.done{text-decoration:line-through;color:#939293}</style>
        </head><body>
        <p id="status">connecting</p><ul id="items"></ul><pre id="log"></pre>
        <script>
        const params = new URLSearchParams(location.search);
        const device = params.get("device") || "browser";
        const eager = params.get("reconnect") === "eager";
        const log = (line) => { document.getElementById("log").textContent += line + "\\n"; };
        let source;
        function connect() {
          source = new EventSource("/events?device=" + encodeURIComponent(device));
          source.onopen = () => { document.getElementById("status").textContent = "connected"; log("open"); };
          source.onmessage = (event) => {
            const items = JSON.parse(event.data);
            document.getElementById("items").innerHTML =
              items.map((item) => "<li class=" + (item.done ? "done" : "") + ">" + item.text.replace(/</g, "&lt;") + "</li>").join("");
            log("event " + event.lastEventId);
          };
          source.onerror = () => {
            document.getElementById("status").textContent = "offline";
            log("error");
            if (eager) { source.close(); connect(); }
          };
        }
        connect();
        </script></body></html>
        """
}
