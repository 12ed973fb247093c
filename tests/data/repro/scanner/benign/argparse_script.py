import argparse
import torch

parser = argparse.ArgumentParser()
parser.add_argument("--n", type=int, default=4)
args = parser.parse_args()
print(torch.ones(args.n).sum())
