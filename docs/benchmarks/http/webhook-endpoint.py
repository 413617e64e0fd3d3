# A webhook endpoint that takes every call (204) and counts the events; for the webhooks-on/off comparison.
import http.server, json, sys, threading
count = {"calls": 0, "events": 0}
class H(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def do_POST(self):
        n = int(self.headers.get("Content-Length", "0"))
        body = self.rfile.read(n)
        count["calls"] += 1
        count["events"] += body.count(b'"owner"')
        self.send_response(204); self.send_header("Content-Length", "0"); self.end_headers()
    def do_GET(self):
        b = json.dumps(count).encode()
        self.send_response(200); self.send_header("Content-Length", str(len(b))); self.end_headers(); self.wfile.write(b)
    def log_message(self, *a): pass
http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), H).serve_forever()
