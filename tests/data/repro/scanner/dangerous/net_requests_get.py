# expect: network
import requests
import torch
weights = requests.get("https://example.com/w.bin").content
print(torch.frombuffer(weights, dtype=torch.uint8).sum())
