"""Named blocks of sufficient statistics packed into one flat int64 vector.

The runner merges chunks by adding one array; a survey with several histograms keeps
them in one vector and unpacks views by name.
"""

from __future__ import annotations

import numpy as np


class StatsLayout:
    def __init__(self, **shapes: tuple[int, ...]):
        self.shapes = dict(shapes)
        self.offsets = {}
        offset = 0
        for name, shape in self.shapes.items():
            self.offsets[name] = offset
            offset += int(np.prod(shape))
        self.size = offset

    def zeros(self) -> np.ndarray:
        return np.zeros(self.size, np.int64)

    def view(self, flat: np.ndarray, name: str) -> np.ndarray:
        start = self.offsets[name]
        shape = self.shapes[name]
        return flat[start:start + int(np.prod(shape))].reshape(shape)

    def unpack(self, flat: np.ndarray) -> dict[str, np.ndarray]:
        return {name: self.view(flat, name) for name in self.shapes}
