"""Reading dice from camera frames and photos: numpy and OpenCV only, no Qt."""
