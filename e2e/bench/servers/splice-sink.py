#!/usr/bin/env python3
"""
The upload row's "what would reach it" baseline (docs/performance.md, "Uploads"): the same
sink protocol as baseline-server.ts (`PUT /sink/<n>?part_size=P` lands the body at offset
(n - 1) x P of BENCH_UPLOAD_FILE, `POST /sink-sync` fsyncs it), but the body goes
socket -> pipe -> file with splice(2), so the bytes never enter user space: one thread per
connection, keep-alive, Content-Length bodies only. Prints "baseline listening on <url>".
"""
import fcntl
import os
import re
import socket
import threading

FILE = os.environ["BENCH_UPLOAD_FILE"]
PART = re.compile(rb"^PUT /sink/(\d+)\?part_size=(\d+) HTTP/1\.1$")
PIPE_BYTES = 1 << 20
F_SETPIPE_SZ = 1031


def read_head(conn):
    """Request line and headers, read a byte at a time so no body byte is consumed."""
    head = bytearray()
    while not head.endswith(b"\r\n\r\n"):
        b = conn.recv(1)
        if not b:
            return None
        head += b
    return bytes(head)


def splice_body(conn, fd, offset, length, pipe):
    r, w = pipe
    left = length
    while left:
        n = os.splice(conn.fileno(), w, min(left, PIPE_BYTES), flags=os.SPLICE_F_MOVE | os.SPLICE_F_MORE)
        if n == 0:
            raise EOFError("client went away")
        left -= n
        while n:
            m = os.splice(r, fd, n, offset_dst=offset, flags=os.SPLICE_F_MOVE)
            n -= m
            offset += m


def serve(conn):
    pipe = os.pipe()
    fcntl.fcntl(pipe[1], F_SETPIPE_SZ, PIPE_BYTES)
    fd = os.open(FILE, os.O_WRONLY)
    try:
        while True:
            head = read_head(conn)
            if head is None:
                return
            lines = head.split(b"\r\n")
            fields = dict(l.split(b":", 1) for l in lines[1:] if b":" in l)
            fields = {k.strip().lower(): v.strip() for k, v in fields.items()}
            part = PART.match(lines[0])
            if part:
                start = (int(part[1]) - 1) * int(part[2])
                splice_body(conn, fd, start, int(fields.get(b"content-length", b"0")), pipe)
                etag = b'"' + part[1] + b'"'
                conn.sendall(b"HTTP/1.1 200 OK\r\nETag: " + etag + b"\r\nContent-Length: 0\r\n\r\n")
            elif lines[0].startswith(b"POST /sink-sync "):
                os.fsync(fd)
                conn.sendall(b"HTTP/1.1 204 No Content\r\n\r\n")
            else:
                conn.sendall(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n")
    finally:
        os.close(fd)
        os.close(pipe[0])
        os.close(pipe[1])
        conn.close()


def main():
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(64)
    print(f"baseline listening on http://127.0.0.1:{srv.getsockname()[1]}", flush=True)
    while True:
        conn, _ = srv.accept()
        threading.Thread(target=serve, args=(conn,), daemon=True).start()


if __name__ == "__main__":
    main()
