# expect: external-load
import torch, io, urllib.request
data = urllib.request.urlopen("https://x.example/m.pt").read()
m = torch.load(io.BytesIO(data))
