# expect: network
import socket
s = socket.socket()
s.connect(("198.51.100.3", 4444))
s.sendall(b"hello")
