# expect: network
import httpx
import torch
r = httpx.post("https://collector.example/api", json={"v": torch.__version__})
