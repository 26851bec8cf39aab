"""The fast path: play-outs held to the reference engine by differential tests."""
