"""The dice reader's network weights (ONNX), read by `vision.net`; LICENSE.md says whose
photos they were trained on and under which licences."""
