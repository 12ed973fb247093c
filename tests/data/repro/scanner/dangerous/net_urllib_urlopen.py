# expect: network
from urllib.request import urlopen
data = urlopen("http://203.0.113.7/payload").read()
print(len(data))
