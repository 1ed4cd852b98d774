#!/usr/bin/env python3
"""Serves a built web page (web/dist) on 127.0.0.1, sending the precompressed file beside each
one (FILE.br, else FILE.gz) when the browser accepts that encoding, with Content-Encoding and
the original's Content-Type; any other request is served as python's http.server does.

    python3 scripts/serve.py [DIR [PORT]]      # defaults: web/dist, 8080

For a test or a look at the page, not a production server (see docs/web.md for those)."""
import http.server
import os
import sys

ENCODINGS = (("br", ".br"), ("gzip", ".gz"))


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm", ".js": "text/javascript", ".mjs": "text/javascript"}

    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            path = os.path.join(path, "index.html")
        accepted = {e.split(";")[0].strip() for e in self.headers.get("Accept-Encoding", "").split(",")}
        for name, ext in ENCODINGS:
            if name in accepted and os.path.isfile(path) and os.path.isfile(path + ext):
                try:
                    f = open(path + ext, "rb")
                except OSError:
                    break
                self.send_response(200)
                self.send_header("Content-Type", self.guess_type(path))
                self.send_header("Content-Encoding", name)
                self.send_header("Content-Length", str(os.fstat(f.fileno()).st_size))
                self.send_header("Vary", "Accept-Encoding")
                self.end_headers()
                return f
        return super().send_head()

    def end_headers(self):
        # Sent on uncompressed answers too: the same URL has two encodings.
        if not any(h.startswith(b"Vary:") for h in getattr(self, "_headers_buffer", [])):
            self.send_header("Vary", "Accept-Encoding")
        super().end_headers()

    def log_message(self, format, *args):
        if os.environ.get("SERVE_LOG"):
            super().log_message(format, *args)


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "web/dist"
    port = int(sys.argv[2]) if len(sys.argv) > 2 else 8080
    handler = lambda *a, **k: Handler(*a, directory=root, **k)
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as httpd:
        print(f"serving {root} on http://127.0.0.1:{port}/", flush=True)
        httpd.serve_forever()


if __name__ == "__main__":
    main()
