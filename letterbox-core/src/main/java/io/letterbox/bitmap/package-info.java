/**
 * Uid bitmaps split into blocks of 2^16 uids (RoaringBitmap): grouping, serializing and checking
 * a stored block in place. The codec of every block-bitmap row.
 */
package io.letterbox.bitmap;
