/**
 * Blobs: the bytes of attachments, named by their SHA-256 and stored once, in chunks in a space
 * of the store (so that every backend holds them, HBase included). Not partitioned: a blob's
 * rows are the same whoever writes them, so any node writes and reads them directly.
 */
package io.letterbox.blob;
