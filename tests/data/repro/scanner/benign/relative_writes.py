import torch
model = torch.nn.Linear(2, 2)
torch.save(model.state_dict(), "model.pt")
sd = torch.load("model.pt")
model.load_state_dict(sd)
with open("out.txt", "w") as fh:
    fh.write("done")
