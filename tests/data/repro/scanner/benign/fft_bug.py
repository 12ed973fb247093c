import torch
x = torch.randn(16)
y = torch.fft.irfft(torch.fft.rfft(x), n=16)
assert torch.allclose(x, y, atol=1e-6), (x - y).abs().max()
