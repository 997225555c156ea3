#!/usr/bin/env python3
"""The hostile side of scripts/serve-soak: keep-alive POSTs, slow readers and resetting clients against
`simulate serve` at URL for SECONDS. Prints one summary line. Standard library only.
Usage: serve-soak-clients.py URL SECONDS POSTERS SLOW RESETTERS"""
import json, socket, struct, sys, threading, time

url, seconds, posters, slow, resetters = sys.argv[1], float(sys.argv[2]), *map(int, sys.argv[3:6])
host, port = url[len("http://"):].split(":")
port = int(port)
end = time.time() + seconds
counts = {"posts": 0, "answers": 0, "postErrors": 0, "resets": 0, "slowOpened": 0}
lock = threading.Lock()

def count(key):
    with lock:
        counts[key] += 1

def read_answer(sock):
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(4096)
        if not chunk:
            raise ConnectionError("closed")
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = int([l.split(b":")[1] for l in head.split(b"\r\n") if l.lower().startswith(b"content-length")][0])
    while len(body) < length:
        chunk = sock.recv(4096)
        if not chunk:
            raise ConnectionError("closed")
        body += chunk
    return head.split(b" ")[1]

def poster(index):
    """One keep-alive connection, a toggle of an initial item every 20 s (what URLSession does after a POST)."""
    device = f"poster{index}"
    sock = None
    while time.time() < end:
        try:
            if sock is None:
                sock = socket.create_connection((host, port), timeout=10)
            # The first initial item's id: UnixNano of the server clock's 2026-01-01T00:00:00Z (docs/serve.md).
            body = json.dumps({"action": "toggle", "id": "1767225600000000000"})
            request = (f"POST /ko?device={device} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
                       f"Content-Length: {len(body)}\r\nConnection: keep-alive\r\n\r\n{body}").encode()
            sock.sendall(request)
            count("posts")
            read_answer(sock)
            count("answers")
        except OSError:
            count("postErrors")
            if sock:
                sock.close()
            sock = None
        time.sleep(20)
    if sock:
        sock.close()

def slow_reader(index):
    """Opens its stream and never reads it; when the server resets it (the cap, an outage) it opens a
    new one by the seed's rule (1 s after a stream that got its state, doubling after failures)."""
    wait = 1.0
    while time.time() < end:
        try:
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sock.connect((host, port))
            sock.sendall(f"GET /events?device=slow{index} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
            count("slowOpened")
            opened = time.time()
            # A reset shows in SO_ERROR without reading a byte.
            while time.time() < end and sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR) == 0:
                time.sleep(0.1)
            sock.close()
            wait = 1.0 if time.time() - opened > 0.5 else min(30.0, wait * 2)
        except OSError:
            wait = min(30.0, wait * 2)
        time.sleep(wait)

def resetter(index):
    """Opens a stream, reads its first bytes, resets it (RST); after a failed attempt it waits by the
    seed's rule (1 s doubling), after its own reset 2 s."""
    device = f"reset{index}"
    wait = 1.0
    while time.time() < end:
        try:
            sock = socket.create_connection((host, port), timeout=5)
            sock.sendall(f"GET /events?device={device} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
            data = b""
            while b"\ndata:" not in data:
                chunk = sock.recv(65536)
                if not chunk:
                    raise ConnectionError("closed")
                data += chunk
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            sock.close()
            count("resets")
            wait = 1.0
            time.sleep(2)
        except OSError:
            time.sleep(wait)
            wait = min(30.0, wait * 2)

threads = [threading.Thread(target=poster, args=(i,)) for i in range(posters)]
threads += [threading.Thread(target=slow_reader, args=(i,)) for i in range(slow)]
threads += [threading.Thread(target=resetter, args=(i,)) for i in range(resetters)]
for thread in threads:
    thread.daemon = True
    thread.start()
for thread in threads:
    thread.join(timeout=max(0.1, end - time.time() + 15))
print("hostile clients: " + " · ".join(f"{k} {v}" for k, v in counts.items()))
