# expect: process-exec
code = "import torch\nprint(torch.ones(2))"
exec(code)
