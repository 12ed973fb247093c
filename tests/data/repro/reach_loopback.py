# Tries to reach a server on the host's loopback; the port comes from argv or the environment.
import os
import socket
import sys

port = int(sys.argv[1]) if len(sys.argv) > 1 else int(os.environ.get("REPRO_PORT", "0"))
with socket.create_connection(("127.0.0.1", port), timeout=5) as connection:
    connection.sendall(b"GET / HTTP/1.0\r\n\r\n")
    print("REACHED", connection.recv(100))
