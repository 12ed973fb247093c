# SPDX-License-Identifier: MIT
# A test method that unittest collects: the runner's own pass/fail is the check (an exception fails it), even
# without an assert.
import unittest

import torch


class SumTest(unittest.TestCase):
    def test_sum_does_not_raise(self):
        torch.arange(6.0).sum()


if __name__ == "__main__":
    unittest.main()
