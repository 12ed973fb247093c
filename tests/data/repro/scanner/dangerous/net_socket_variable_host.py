# expect: network
import socket
s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
host = "10.0.0.5"
s.connect((host, 22))
