/**
 * Key codecs: one class per key family, big-endian so byte order is numeric order, and
 * {@link io.letterbox.keys.Spaces}, the engine's key spaces with the codec of each. Nothing else
 * builds or parses a key. Uses only the storage SPI's {@code Bytes} and {@code KeyRange}.
 */
package io.letterbox.keys;
