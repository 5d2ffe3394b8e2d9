"""Training of the dice reader's learned detector (`vision.net`): data, augmentation and the
training script. Needs the `train` extra (PyTorch); the app never imports this package."""
