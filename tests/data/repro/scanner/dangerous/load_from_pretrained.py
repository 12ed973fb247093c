# expect: external-load
from transformers import AutoModel
model = AutoModel.from_pretrained("bert-base-uncased")
