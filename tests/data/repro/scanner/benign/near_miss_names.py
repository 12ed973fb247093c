import platform
import re
import ctypes
import torch

print(platform.system(), platform.python_version())
pattern = re.compile(r"\d+")
model = torch.nn.Linear(2, 2)
model.eval()
compiled = torch.compile(model)
buf = ctypes.create_string_buffer(8)
print(pattern.findall("a1b22"), compiled(torch.ones(1, 2)), ctypes.sizeof(buf))
