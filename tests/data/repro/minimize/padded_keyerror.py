# A state-dict lookup with a renamed key, wrapped in a trainer class and a config loop.
import argparse
import random
import time
import typing


class Config:
    def __init__(self):
        self.lr = 0.1
        self.epochs = 2
        self.batch = 16

    def as_dict(self):
        return {"lr": self.lr, "epochs": self.epochs, "batch": self.batch}


class Trainer:
    def __init__(self, config):
        self.config = config
        self.history = []

    def train(self):
        for epoch in range(self.config.epochs):
            loss = 1.0 / (epoch + 1)
            self.history.append(loss)
            print("epoch", epoch, "loss", loss)
        return self.history

    def checkpoint(self):
        return {"module.weight": [1, 2, 3], "module.bias": [0]}


config = Config()
print(config.as_dict())
trainer = Trainer(config)
trainer.train()
state = trainer.checkpoint()
for name, value in state.items():
    print(name, len(value))
total = 0
for i in range(5):
    total += i
print("total", total)
weight = state["weight"]
print(weight)
