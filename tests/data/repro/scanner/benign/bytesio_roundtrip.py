import io
import torch
buf = io.BytesIO()
torch.save(torch.arange(4), buf)
buf.seek(0)
print(torch.load(buf))
