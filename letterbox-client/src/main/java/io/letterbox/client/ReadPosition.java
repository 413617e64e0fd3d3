package io.letterbox.client;

/** The body of a read: a device and how far (null: everything so far). */
record ReadPosition(String device, Long upTo) {}
