package io.letterbox.model;

import java.util.List;

/** One page of a list; {@code next} is the opaque cursor of the following page, or null. */
public record Page<T>(List<T> items, String next) {}
