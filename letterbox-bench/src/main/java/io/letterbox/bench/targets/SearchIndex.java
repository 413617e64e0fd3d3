package io.letterbox.bench.targets;

import java.util.List;

/**
 * A keyword index the search scenario sets beside Letterbox's own: it indexes the same messages
 * and answers the same queries, newest first, so that the answers can be compared id for id.
 */
public interface SearchIndex extends AutoCloseable {
  /** Its name in the report. */
  String name();

  /** What a reader of its figures must know. */
  String note();

  /** Indexes message {@code id} between {@code from} and {@code to}. */
  void add(long id, long from, long to, String text);

  /** Makes what was added searchable. */
  void commit();

  /** @return the ids of {@code owner}'s newest messages holding every one of {@code words}, at most {@code limit} */
  List<Long> search(long owner, List<String> words, int limit);

  /** Bytes of the index on disk, in its most compact form. */
  long diskBytes();

  @Override
  void close();
}
