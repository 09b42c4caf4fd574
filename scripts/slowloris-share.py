#!/usr/bin/env python3
"""Times an authenticated share to `ingest-cli serve` while N clients dribble header bytes.

Usage: scripts/slowloris-share.py PORT TOKEN FILE [CLIENTS] [--same-address]

Opens CLIENTS connections (default 80) to 127.0.0.1:PORT, each from its own loopback address
(127.0.0.2, 127.0.0.3, ...; with --same-address all from 127.0.0.2), sends the first bytes of a
request head and then one byte every half second; after a second, POSTs FILE with
`Authorization: Bearer TOKEN` through curl and prints the status and the seconds it took. The
issue's goal: 201 within 15 s with 80 clients. Measurement only; the tests assert the 201.
"""
import socket
import subprocess
import sys
import threading
import time

port, token, path = int(sys.argv[1]), sys.argv[2], sys.argv[3]
count = int(sys.argv[4]) if len(sys.argv) > 4 and sys.argv[4].isdigit() else 80
same = "--same-address" in sys.argv
clients, stop = [], threading.Event()
for index in range(count):
    s = socket.socket()
    s.bind(("127.0.0.2" if same else f"127.0.0.{index + 2}", 0))
    s.connect(("127.0.0.1", port))
    s.sendall(b"POST /share HTTP/1.1\r\nHost: x\r\nX-Slow: ")
    clients.append(s)


def dribble():
    while not stop.is_set():
        for s in clients:
            try:
                s.send(b"a", socket.MSG_DONTWAIT)
            except OSError:
                pass
        time.sleep(0.5)


threading.Thread(target=dribble, daemon=True).start()
time.sleep(1)
started = time.monotonic()
result = subprocess.run(
    ["curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "--max-time", "120",
     "-H", f"Authorization: Bearer {token}", "--data-binary", "@" + path,
     f"http://127.0.0.1:{port}/share"], capture_output=True, text=True)
elapsed = time.monotonic() - started
stop.set()
print(f"{count} dribbling clients: status {result.stdout} in {elapsed:.2f} s")
