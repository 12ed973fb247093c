# expect: network
import http.client
conn = http.client.HTTPSConnection("example.org")
conn.request("GET", "/")
print(conn.getresponse().status)
