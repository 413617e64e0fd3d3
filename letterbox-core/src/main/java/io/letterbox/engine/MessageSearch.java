package io.letterbox.engine;

import io.letterbox.engine.partition.PartitionCommands;
import io.letterbox.engine.read.GroupReader;
import io.letterbox.engine.search.SearchIndexer;
import io.letterbox.engine.search.SearchQuery;
import io.letterbox.engine.search.Searcher;
import io.letterbox.model.Message;
import io.letterbox.model.Page;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

/** Keyword search in the messages an owner can see (decision 0012). */
public final class MessageSearch {
  private final LetterboxConfig config;
  private final PartitionCommands commands;
  /** Null when search is turned off. */
  private final SearchIndexer indexer;
  private final Searcher searcher;
  private final GroupReader groups;
  private final io.letterbox.engine.read.ReactionState reactions;
  private final Executor replies;

  MessageSearch(LetterboxConfig config, PartitionCommands commands, SearchIndexer indexer, Searcher searcher,
      GroupReader groups, io.letterbox.engine.read.ReactionState reactions, Executor replies) {
    this.config = config;
    this.commands = commands;
    this.indexer = indexer;
    this.searcher = searcher;
    this.groups = groups;
    this.reactions = reactions;
    this.replies = replies;
  }

  /**
   * The messages {@code owner} can see that contain every word of the query, newest first. What
   * the owner's partition wrote before the call is found once indexed (waited for up to
   * search-wait); broadcasts and group messages as soon as their own partitions indexed them.
   *
   * @param cursor null for the first page, else the {@code next} of the previous page of the same query
   * @throws LetterboxException NOT_FOUND for an unknown {@code group}, or when search is turned off
   */
  public CompletableFuture<Page<Message>> find(long owner, SearchQuery query, String cursor, int limit) {
    if (indexer == null) {
      throw LetterboxException.notFound("search is turned off in this deployment (search=false)");
    }
    Validate.uid("uid", owner);
    Validate.limit(limit);
    if (query.peer() != 0) {
      Validate.uid("peer", query.peer());
      Validate.distinct("uid", owner, "peer", query.peer());
    }
    if (query.group() != 0) {
      groups.group(query.group());
    }
    commands.requireHosted(owner);
    int p = commands.partitioning().of(owner);
    return indexer.indexed(p, commands.durableSeq(p, 0))
        .completeOnTimeout(null, config.searchWait().toMillis(), TimeUnit.MILLISECONDS)
        .thenApplyAsync(indexed -> {
          Page<Message> page = searcher.search(owner, query, cursor, limit);
          return new Page<>(reactions.join(owner, page.items()), page.next());
        }, replies);
  }

  /** Journal entries durable here that the search index does not cover yet. */
  public long lag() {
    return indexer == null ? 0 : indexer.lag();
  }
}
