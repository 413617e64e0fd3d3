/**
 * Row codecs: the one encoder and decoder of each stored value format (read positions,
 * timeline flags, broadcast records, fan-out jobs, caps, cap levels, idempotency records,
 * subscription attributes, imported message contents), next to the key codecs in
 * {@code io.letterbox.keys}. Nothing else builds or parses a row. Block bitmaps are
 * {@code io.letterbox.bitmap.Blocks}; 8-byte numbers are {@code io.letterbox.store.Bytes}.
 */
package io.letterbox.rows;
