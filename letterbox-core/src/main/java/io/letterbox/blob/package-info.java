/**
 * Blobs: the bytes of attachments, stored once by content in chunks in a space of the store (so
 * that every backend holds them, HBase included), each upload named by an opaque id; and the
 * index from a blob to the messages that attach it, by which their readers may read it (decision
 * 0022). Not partitioned: a blob's rows are the same whoever writes them, so any node writes and
 * reads them directly.
 */
package io.letterbox.blob;
