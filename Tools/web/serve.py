"""Serves the demo page (this folder) and the engine (a build folder) on
127.0.0.1, with the MIME types a browser needs for an ES module and for
WebAssembly's streaming compile.

    python3 Tools/web/serve.py PORT ENGINE_DIR

The browser tests import `make_server` and run it on a free port.
"""

import functools
import http.server
import os
import sys

PAGE_DIR = os.path.dirname(os.path.abspath(__file__))
# The files of Tools/wasm/build.sh's output that the page loads.
ENGINE_FILES = {"payphone.mjs", "payphone.wasm", "payphone.d.ts"}


class PageHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".css": "text/css",
        ".html": "text/html; charset=utf-8",
        ".ts": "text/plain; charset=utf-8",
    }

    def __init__(self, *args, engine_dir, **kwargs):
        self.engine_dir = engine_dir
        super().__init__(*args, directory=PAGE_DIR, **kwargs)

    def translate_path(self, path):
        name = path.split("?", 1)[0].split("#", 1)[0].lstrip("/")
        if name in ENGINE_FILES:
            return os.path.join(self.engine_dir, name)
        return super().translate_path(path)

    def end_headers(self):
        # Every reload sees a rebuilt engine and edited page.
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, format, *args):
        if os.environ.get("PAYPHONE_WEB_QUIET") != "1":
            super().log_message(format, *args)


def make_server(port, engine_dir):
    handler = functools.partial(PageHandler, engine_dir=os.path.abspath(engine_dir))
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: serve.py PORT ENGINE_DIR")
    server = make_server(int(sys.argv[1]), sys.argv[2])
    host, port = server.server_address[:2]
    print(f"PayPhone demo page: http://{host}:{port}/  (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
