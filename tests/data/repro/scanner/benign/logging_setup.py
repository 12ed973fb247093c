import logging
import torch
torch._logging.set_logs(dynamo=logging.DEBUG)
logging.basicConfig(level=logging.INFO)
logging.info("starting https://example.invalid docs")
